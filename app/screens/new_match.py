"""New match: game, players in seat order, options, the generated set-up, start.

The set-up shown is the one stored: the preview and the match use the same seed.
"""

from __future__ import annotations

import random
import secrets

import flet as ft

from app.forms import FieldsForm, option_field, use_values
from app.guard import component
from app.screens.home import emblem
from app.state import error_text, use_data
from db.store import StoreError
from scoring import RulesError, all_games, find_game


@component
def NewMatch(slug: str | None = None) -> ft.Control:
    app = use_data()
    lang, page = app.lang, ft.context.page
    chosen, set_chosen = ft.use_state(())  # player ids, in seat order
    raw_options, _set_options, on_option, _latest = use_values(dict)
    seed, set_seed = ft.use_state(lambda: secrets.token_hex(8))
    place_ref = ft.use_ref("")
    quick, set_quick = ft.use_state("")
    quick_ref = ft.use_ref("")

    if slug is None:
        return ft.Column([ft.Text(app.t("choose_game"), size=22, weight=ft.FontWeight.BOLD)] + [
            ft.ListTile(leading=emblem(g.slug, 36), title=ft.Text(g.name.get(lang)),
                        subtitle=ft.Text(app.t("n_players", a=g.min_players, b=g.max_players)),
                        on_click=lambda _e, s=g.slug: page.navigate(f"/new/{s}"))
            for g in all_games()])
    try:
        game = find_game(slug)
    except RulesError:
        return ft.Text(app.t("not_found"))
    players = app.store.players()
    by_id = {p.id: p for p in players}
    seat_ids = [i for i in chosen if i in by_id]

    def toggle(pid: int, on: bool) -> None:
        set_chosen(lambda prev: tuple([*prev, pid] if on and pid not in prev else
                                      [i for i in prev if i != pid]))

    def quick_add(_e: object = None) -> None:
        try:
            p = app.store.add_player(quick_ref.current or "")
        except StoreError as exc:
            app.refuse(exc)
            return
        quick_ref.current = ""
        set_quick("")
        set_chosen(lambda prev: tuple([*prev, p.id]))
        app.tell("")
        # The other pages' lists of players learn of the newcomer; this screen re-renders in place
        # (the seats chosen and the options typed stay).
        app.changed()

    # The number of players comes from the seats chosen, not from a separate option.
    options = {**raw_options, "players": len(seat_ids)}
    problem, setup = "", None
    if not seat_ids:
        problem = app.t("need_players", a=f"{game.min_players}–{game.max_players}", b=0)
    else:
        try:
            valid = game.validate_options(options)
            setup = game.setup(valid, random.Random(f"{seed}:setup"))
        except RulesError as exc:
            problem = error_text(exc, lang)

    def start(_e: object) -> None:
        try:
            match_id = app.store.create_match(slug, options, seat_ids, seed=seed, place=place_ref.current or "")
        except (RulesError, StoreError) as exc:
            app.refuse(exc)
            return
        app.tell("")
        app.changed()
        page.navigate(f"/match/{match_id}")

    seat_list = [ft.Text(f"{app.t('seat_n', a=i + 1)} : {by_id[pid].name}") for i, pid in enumerate(seat_ids)]
    option_fields = [option_field(o) for o in game.options if o.key != "players"]
    setup_view: list[ft.Control] = []
    if setup is not None:
        steps = [ft.Text(f"{i + 1}. {step.get(lang)}")
                 for i, step in enumerate(setup.instructions)]
        setup_view.append(ft.Card(ft.Container(ft.Column([
            ft.Row([ft.Text(app.t("setup"), size=18, weight=ft.FontWeight.BOLD, expand=True),
                    ft.TextButton(app.t("reroll"), icon=ft.Icons.CASINO,
                                  on_click=lambda _e: set_seed(secrets.token_hex(8)))]),
            *steps]), padding=12)))
    return ft.Column([
        ft.Row([emblem(game.slug), ft.Text(f"{app.t('new_match')} : {game.name.get(lang)}", size=20,
                                           weight=ft.FontWeight.BOLD, expand=True)]),
        ft.Text(app.t("seats"), size=18, weight=ft.FontWeight.BOLD),
        ft.Text(app.t("seats_help"), size=12, italic=True),
        ft.Row([ft.Checkbox(label=p.name, value=p.id in seat_ids,
                            on_change=lambda e, pid=p.id: toggle(pid, bool(e.control.value)))
                for p in players], wrap=True),
        ft.Row([ft.TextField(label=app.t("add_player"), value=quick, expand=True,
                             on_change=lambda e: (setattr(quick_ref, "current", e.control.value),
                                                 set_quick(e.control.value)), on_submit=quick_add),
                ft.IconButton(ft.Icons.PERSON_ADD, tooltip=app.t("add_player"), on_click=quick_add)]),
        *seat_list,
        ft.Text(app.t("options"), size=18, weight=ft.FontWeight.BOLD) if option_fields else ft.Container(),
        # An option not touched yet shows its default (the value the set-up below is made with).
        FieldsForm(option_fields, {**{f.key: f.default for f in option_fields}, **options},
                   [by_id[i].name for i in seat_ids], lang, on_option),
        ft.TextField(label=app.t("place"), on_change=lambda e: setattr(place_ref, "current", e.control.value)),
        ft.Text(problem, color=ft.Colors.ERROR) if problem else ft.Container(),
        *setup_view,
        ft.Button(app.t("start"), icon=ft.Icons.PLAY_ARROW, on_click=start, disabled=setup is None),
    ], spacing=10)
