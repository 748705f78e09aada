"""New match: game, players in seat order, options, the generated set-up, start.

The set-up shown is the one stored: the preview and the match use the same seed.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from typing import Any

import flet as ft

from app.drafts import use_draft, use_kept
from app.forms import FieldsForm, option_field, option_refusal, use_values
from app.guard import component
from app.i18n import t
from app.screens.home import emblem
from app.state import AppState, use_app, use_data
from app.widgets import check_box
from db import games
from db.store import StoreError
from scoring import Game, RulesError, Setup, Tr, find_game
from scoring.core import registry

ANOTHER = Tr("Un autre jeu", "Another game", it="Un altro gioco")
SEARCH = Tr("Chercher un jeu de l'historique, ou nommer un nouveau jeu",
            "Search the history's games, or name a new one",
            it="Cerca un gioco dello storico, o date il nome a un nuovo gioco")
NEW_NAMED = Tr("Nouveau jeu : {}", "New game: {}", it="Nuovo gioco: {}")
#: the names typed for new games (key -> name as typed), for the form that opens next
_TYPED: dict[str, str] = {}
#: the page's draft that names the match a new-match form started last: (the form's game, the match's id)
STARTED = "started:new"


@component
def GameChoice() -> ft.Control:
    """Which game: each engine, from its card; then "another game" (the score pad): a search over
    the games already in the history, or a free name."""
    app = use_app()
    return ft.Column([ft.Text(app.t("choose_game"), size=22, weight=ft.FontWeight.BOLD)] + [
        ft.ListTile(leading=emblem(slug, 36), title=ft.Text(c.name.get(app.lang)),
                    subtitle=ft.Text(app.t("n_players", a=c.min_players, b=c.max_players)),
                    on_click=lambda _e, s=slug: app.go(f"/new/{s}"))
        for slug, c in registry.cards().items()] + [
        ft.Text(ANOTHER.get(app.lang), size=18, weight=ft.FontWeight.BOLD),
        PadGameSearch(lambda key: app.go(f"/new/{key}"), key="pad-search")])


@component
def PadGameSearch(pick: Callable[[str], None]) -> ft.Control:
    """The history's named games whose name holds what is typed (a tap picks one), and the typed
    name as a new game (``pick(key)``: the score pad's form opens with that game)."""
    app = use_app()
    query, set_query = use_draft("new:search", "")

    def free(_e: object) -> None:
        key = games.pad_key(query)
        _TYPED[key] = " ".join(query.split())[:80]
        pick(key)

    found = [g for g in games.lookup(app.store.engine, query, limit=8) if games.is_pad(g.key)]
    return ft.Column([
        ft.TextField(label=SEARCH.get(app.lang), value=query, on_change=lambda e: set_query(e.control.value),
                     prefix_icon=ft.Icons.SEARCH, data="pad-search"),
        *[ft.ListTile(leading=emblem(games.PAD, 28), title=ft.Text(g.name.get(app.lang)),
                      on_click=lambda _e, g=g: pick(g.key)) for g in found],
        ft.ListTile(leading=ft.Icon(ft.Icons.ADD), title=ft.Text(NEW_NAMED.get(app.lang).format(query.strip())),
                    on_click=free) if query.strip() and not any(
            g.name.get(app.lang).casefold() == query.strip().casefold() for g in found) else ft.Container(),
    ], spacing=4)


def preset(engine: Any, key: str) -> dict[str, Any]:
    """A named game's options for a new play (its name, how it is scored, its BoardGameGeek id)."""
    info = next((g for g in games.all_games(engine) if g.key == key), None)
    if info is None:
        return {"game_name": _TYPED.get(key) or games.game_name(key, "en")}
    kind = {"game_name": info.name.en, "bgg_id": info.bgg_id}
    return {**kind, "kind": info.kind} if info.kind in ("high", "low", "coop", "teams") else kind


@component
def SeatPicker(players: list[tuple[int, str]], seat_ids: tuple[int, ...],
               set_chosen: Callable[[Callable[[tuple[int, ...]], tuple[int, ...]]], None]) -> ft.Control:
    """Tick the players in seat order, or add a newcomer (seated at once); ``players``: (id, name)."""
    app = use_app()
    quick_ref = use_kept("new:newcomer", "")  # the latest keystrokes, kept through a switch of language
    _count, redraw = ft.use_state(0)
    quick = quick_ref.current

    def toggle(pid: int, on: bool) -> None:
        set_chosen(lambda prev: tuple([*prev, pid] if on and pid not in prev else [i for i in prev if i != pid]))

    def quick_add(_e: object = None) -> None:
        try:
            p = app.store.add_player(quick_ref.current or "")
        except StoreError as exc:
            app.refuse(exc)
            return
        quick_ref.current = ""
        redraw(lambda n: n + 1)
        set_chosen(lambda prev: tuple([*prev, p.id]))
        app.tell("")
        # The other pages' lists of players learn of the newcomer; this screen re-renders in place
        # (the seats chosen and the options typed stay).
        app.changed()

    def typed(e: ft.Event[ft.TextField]) -> None:
        quick_ref.current = e.control.value
        redraw(lambda n: n + 1)

    names = dict(players)
    return ft.Column([
        ft.Text(app.t("seats"), size=18, weight=ft.FontWeight.BOLD),
        ft.Text(app.t("seats_help"), size=12, italic=True),
        ft.Row([check_box(name, pid in seat_ids, lambda e, pid=pid: toggle(pid, bool(e.control.value)))
                for pid, name in players], wrap=True, run_spacing=0),
        ft.Row([ft.TextField(label=app.t("add_player"), value=quick, expand=True, on_change=typed,
                             on_submit=quick_add),
                ft.IconButton(ft.Icons.PERSON_ADD, tooltip=app.t("add_player"), on_click=quick_add)]),
        *[ft.Text(app.t("skipped_line", a=app.t("seat_n", a=i + 1), b=names[pid])) for i, pid in enumerate(seat_ids)],
    ], spacing=10)


def options_part(game: Game, options: dict[str, Any], names: list[str], lang: str,
                 on_option: Callable[[str, Any], None]) -> list[ft.Control]:
    """The game's options, then its house rules apart: each reading the rulebook leaves open, with one
    line saying what it changes (the default is the ruling of docs/rules-notes.md).  An option not
    touched yet shows its default (the value the set-up below is made with); ``options``: those in effect
    (:meth:`Game.in_effect`), the only ones shown."""
    shown = [o for o in game.options if o.key != "players" and o.key in options]
    values = {**{o.key: o.default for o in shown}, **options}
    out: list[ft.Control] = []
    plain = [o for o in shown if not o.house_rule]
    if plain:
        out += [ft.Text(t("options", lang), size=18, weight=ft.FontWeight.BOLD),
                FieldsForm([option_field(o) for o in plain], values, names, lang, on_option),
                *[ft.Text(t("skipped_line", lang, a=o.label.get(lang), b=o.help.get(lang)), size=12, italic=True)
                  for o in plain if o.help is not None]]
    rules = [o for o in shown if o.house_rule]
    if rules:
        out.append(ft.Text(t("house_rules", lang), size=18, weight=ft.FontWeight.BOLD))
        for o in rules:
            out.append(ft.Column([FieldsForm([option_field(o)], values, names, lang, on_option),
                                  ft.Text(o.help.get(lang) if o.help else "", size=12, italic=True)],
                                 spacing=2))
    return out


def setup_card(setup: Setup, lang: str, reroll: Callable[[object], None]) -> ft.Control:
    """The set-up this match starts from, step by step, with a button to draw another."""
    return ft.Card(ft.Container(ft.Column([
        ft.Row([ft.Text(t("setup", lang), size=18, weight=ft.FontWeight.BOLD, expand=True),
                ft.TextButton(t("reroll", lang), icon=ft.Icons.CASINO, on_click=reroll)]),
        *[ft.Text(f"{i + 1}. {step.get(lang)}") for i, step in enumerate(setup.instructions)]]), padding=12))


def preview(game: Game, options: dict[str, Any], seats: int, seed: str,
            lang: str) -> tuple[str, Setup | None, str | None]:
    """What is wrong with the options (or ""), the set-up they give with this seed, and the option refused."""
    if not seats:
        return t("need_players", lang, a=f"{game.min_players}–{game.max_players}", b=0), None, None
    try:
        return "", game.setup(game.validate_options(options), random.Random(f"{seed}:setup")), None
    except RulesError as exc:
        return option_refusal(exc, game.options, lang), None, getattr(exc, "option", None)


def started_card(app: AppState, slug: str) -> list[ft.Control]:
    """The match this form started last (Back from it returns here): said, with the way back to it, over the form
    that starts afresh, so that a second tap on Start is a second match only on purpose."""
    started = app.drafts.get(STARTED)
    if not started or started[0] != slug:
        return []
    return [ft.Card(ft.Container(ft.Column([
        ft.Text(app.t("match_started_here", a=started[1]), weight=ft.FontWeight.W_500),
        ft.Button(app.t("open_started", a=started[1]), icon=ft.Icons.CASINO,
                  on_click=lambda _e: app.go(f"/match/{started[1]}"))], spacing=8), padding=12),
        bgcolor=ft.Colors.SECONDARY_CONTAINER)]


@component
def NewMatch(slug: str | None = None) -> ft.Control:
    app = use_data()
    lang, where = app.lang, f"new:{slug}"
    # Every value of the form kept among the page's drafts (app.drafts): a switch of language or layout keeps them
    chosen, set_chosen = use_draft(f"{where}:seats", ())  # player ids, in seat order
    named = slug if slug and games.is_pad(slug) else None
    raw_options, _set_options, on_option, _latest = use_values(
        lambda: preset(app.store.engine, named) if named else {}, named, f"{where}:options")
    seed, set_seed = use_draft(f"{where}:seed", lambda: secrets.token_hex(8))
    place = use_kept(f"{where}:place", "")
    tried, set_tried = use_draft(f"{where}:tried", False)  # Start tapped: every refusal is said
    if slug is None:
        return GameChoice()
    try:
        game = find_game(games.engine_slug(slug))
    except RulesError:
        return ft.Text(app.t("not_found"))
    players = [(p.id, p.name) for p in app.store.players() if p.id is not None]
    names = dict(players)
    seat_ids = tuple(i for i in chosen if i in names)
    # The number of players comes from the seats chosen, not from a separate option.  An option that changes
    # nothing with the others' values (Robby Junior's rules without him, the chosen banks' boxes while they are
    # drawn) is neither shown nor sent: the match is made with its default (Game.in_effect).
    options = game.in_effect({**raw_options, "players": len(seat_ids)})
    problem, setup, refused = preview(game, options, len(seat_ids), seed, lang)
    # an option not touched yet (a score pad's empty name) is not refused before Start is tried
    quiet = refused in {o.key for o in game.options if o.key != "players"} - raw_options.keys() and not tried

    def start(_e: object) -> None:
        if setup is None:
            set_tried(True)
            return
        try:
            match_id = app.store.create_match(game.slug, options, list(seat_ids), seed=seed, place=place.current or "")
        except (RulesError, StoreError) as exc:
            app.refuse(exc)
            return
        app.drop_drafts("new:")  # sent: Back to this form finds it afresh, and says what it started
        app.drafts[STARTED] = (slug, match_id)
        app.tell("")
        app.changed()
        app.go(f"/match/{match_id}")

    title = str(options.get("game_name") or game.name.get(lang)) if game.slug == games.PAD else game.name.get(lang)
    return ft.Column([
        ft.Row([emblem(game.slug), ft.Text(app.t("skipped_line", a=app.t("new_match"), b=title), size=20,
                                           weight=ft.FontWeight.BOLD, expand=True)]),
        *([] if seat_ids else started_card(app, slug)),  # until the next match's players are ticked
        SeatPicker(players, seat_ids, set_chosen, key="seat-picker"),
        *options_part(game, options, [names[i] for i in seat_ids], lang, on_option),
        ft.TextField(label=app.t("place"), value=place.current,
                     on_change=lambda e: setattr(place, "current", e.control.value)),
        ft.Text(problem, color=ft.Colors.ERROR) if problem and not quiet else ft.Container(),
        *([setup_card(setup, lang, lambda _e: set_seed(secrets.token_hex(8)))] if setup is not None else []),
        ft.Button(app.t("start"), icon=ft.Icons.PLAY_ARROW, on_click=start, disabled=setup is None and not quiet),
    ], spacing=10)
