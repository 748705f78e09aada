"""Shared display pieces: panel values and cards, the score sheet, numbers and dates, a named dropdown."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from types import SimpleNamespace
from typing import Any, cast

import flet as ft

from app.guard import component
from app.i18n import date_time, t
from app.panes import WideContext
from db import games
from scoring import Game, Panel, RulesError, Tr, find_game
from scoring.core import fmt


def value_text(value: Any, lang: str) -> str:
    """A panel value as the language writes it: a text in each language, a number, or a name."""
    if isinstance(value, Tr):
        return value.get(lang)
    if isinstance(value, int) and not isinstance(value, bool):
        return fmt.number(value, lang)
    return str(value)


def _tiles(tiles: Sequence[str]) -> ft.Control:
    return ft.Row([ft.Container(ft.Text(w, size=34, weight=ft.FontWeight.BOLD), width=60, height=60,
                                alignment=ft.Alignment.CENTER, border_radius=12,
                                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, border=ft.Border.all(2, ft.Colors.OUTLINE))
                   for w in tiles], wrap=True, spacing=10, run_spacing=10)


def panel_card(panel: Panel, lang: str) -> ft.Control:
    rows: list[ft.Control] = [ft.Text(panel.title.get(lang), weight=ft.FontWeight.BOLD, size=16)]
    if panel.tiles:  # short values drawn big, one tile each (e.g. dice)
        rows.append(_tiles(panel.tiles))
    rows += [PanelRow(label.get(lang), value_text(raw, lang)) for label, raw in panel.rows]
    if panel.note:
        rows.append(ft.Text(panel.note.get(lang), size=12, italic=True, color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Card(ft.Container(ft.Column(rows, spacing=4), padding=12))


@component
def _PanelRow(label: str, value: str) -> ft.Control:
    """A label and its value on one line, the value on the right (a long label wraps in the room the value
    leaves); a long value (a list of names, a sentence) goes under its label and wraps there, rather than
    crushing the label on a phone (a label alone, with no value, leaves no blank line).  Decided by the value
    alone, so that the rows of one panel (a figure beside each player's name, however long) line up alike."""
    if len(value) > LONG_VALUE[ft.use_context(WideContext)] or not value:
        return ft.Column([ft.Text(label), *([ft.Text(value, weight=ft.FontWeight.W_500)] if value else [])],
                         spacing=0)
    return ft.Row([ft.Text(label, expand=True), ft.Text(value, weight=ft.FontWeight.W_500)])


#: the longest value (in characters) a panel's row keeps on its label's line, on a phone ("22 200 000", "3 / 4",
#: "Jean-Baptiste") and in a wide window's pane (a long name, "1, 2, 3, 4, 5, 6, 7, 8, 9")
LONG_VALUE = {False: 16, True: 40}


#: a row drawn again only when its text changes: an event that changes one figure of a panel rebuilds (and
#: diffs, on every device) that row, not the panel's every row
PanelRow = ft.memo(_PanelRow)


@component
def _PanelCard(panel: Panel, lang: str) -> ft.Control:
    return panel_card(panel, lang)


#: a panel's card as a component of its own, re-rendered (and diffed, and sent) only when its panel or
#: the language changes: an event re-draws the one panel it changed, not the screen's every row
PanelCard = ft.memo(_PanelCard)


def panel_cards(panels: Iterable[Panel], lang: str) -> list[ft.Control]:
    """The cards of ``panels``; a panel that comes and goes names itself (``Panel.key``), so that the others
    keep their places in Flet's diff (matched by their order among the unnamed ones) rather than each being
    compared with the card before it and sent afresh."""
    return [PanelCard(p, lang, key=f"panel-{p.key}" if p.key else None) for p in panels]


def game_name(slug: str, lang: str) -> str:
    """A game's name: an engine's from its card, a score-pad game's as recorded (:func:`db.games.game_name`)."""
    return games.game_name(slug, lang)


def engine_of(slug: str) -> Game | None:
    """The engine of a game's key (an engine's slug, or a score pad's ``pad:…``); none for a key no game has."""
    try:
        return find_game(games.engine_slug(slug))
    except RulesError:
        return None


def category_name(slug: str, key: str, lang: str) -> str:
    """A breakdown key as the table calls it (the game's own labels; the key itself otherwise)."""
    game = engine_of(slug)
    label = game.categories.get(key) if game else None
    return label.get(lang) if label else key


def winners_line(winners: Sequence[str], lang: str) -> str:
    """Who won, as a sheet and the history say it; a play nobody won says so (an imported cooperative loss
    said "Victoire : " and nothing).

    >>> winners_line(["Léa"], "fr"), winners_line(["Léa", "Sam"], "en"), winners_line([], "fr")
    ('Victoire : Léa', 'Shared victory: Léa, Sam', "Personne n'a gagné")
    """
    if not winners:
        return t("nobody_won", lang)
    return t("shared_win" if len(winners) > 1 else "winners", lang, a=", ".join(winners))


def score_sheet_view(sheet: dict[str, Any], lang: str) -> ft.Control:
    winners = sheet.get("winners", [])
    head = winners_line(winners, lang)
    rows: list[ft.Control] = [ft.Text(t("score_sheet", lang), size=18, weight=ft.FontWeight.BOLD),
                              ft.Text(head, size=16, color=ft.Colors.PRIMARY if winners else None,
                                      weight=ft.FontWeight.BOLD)]
    for r in sheet.get("ranking", []):
        lines = [ft.Row([ft.Text(f"{r['rank']}.", width=28, weight=ft.FontWeight.BOLD),
                         ft.Text(r["name"], expand=True, weight=ft.FontWeight.BOLD),
                         ft.Text(fmt_number(r["total"], lang), size=18, weight=ft.FontWeight.BOLD)])]
        chip_pad = ft.Padding.symmetric(vertical=4, horizontal=8)
        slug = str(sheet.get("game", ""))
        lines.append(ft.Row([ft.Container(ft.Text(t("skipped_line", lang, a=category_name(slug, k, lang),
                                                    b=fmt_number(v, lang)), size=12),
                                          padding=chip_pad,
                                          border_radius=8, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST)
                             for k, v in r.get("breakdown", {}).items()], wrap=True, spacing=4, run_spacing=4))
        if r.get("tiebreak"):
            lines.append(ft.Text(t("tiebreak_line", lang, a=r["tiebreak"]), size=12, italic=True))
        rows.append(ft.Container(ft.Column(lines, spacing=4), padding=8, border_radius=8,
                                 bgcolor=ft.Colors.PRIMARY_CONTAINER if r["name"] in winners else None))
    # Sheets stored before the French (or Italian) notes were kept have their English ones only.
    for note in sheet.get(f"notes_{lang}" if f"notes_{lang}" in sheet else "notes", []):
        rows.append(ft.Text(note, size=12, italic=True))
    return ft.Card(ft.Container(ft.Column(rows, spacing=6), padding=12))


def fmt_number(value: Any, lang: str) -> str:
    """A score or a sum as people write it (:func:`scoring.core.fmt.number`); anything but a whole
    number unchanged.

    >>> fmt_number(18000, "fr"), fmt_number(-1500, "en"), fmt_number(999, "fr"), fmt_number("x", "en")
    ('18\xa0000', '-1,500', '999', 'x')
    """
    if not isinstance(value, int) or isinstance(value, bool):
        return str(value)
    return fmt.number(value, lang)


def fmt_date(when: Any, lang: str) -> str:
    """A match's start or end as the language writes a moment (CLDR, :func:`app.i18n.date_time`)."""
    if when is None:
        return ""
    return date_time(when, lang)


def tile(**kw: Any) -> ft.Control:
    """A folding section whose lines start at the left, as a list reads (the ledger, the history's parts)."""
    return ft.ExpansionTile(expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
                            expanded_alignment=ft.Alignment.CENTER_LEFT,
                            controls_padding=ft.Padding.symmetric(horizontal=12, vertical=4), **kw)


def section(title: str, controls: Sequence[ft.Control]) -> ft.Control:
    return ft.Column([ft.Text(title, size=18, weight=ft.FontWeight.BOLD), *controls], spacing=8)



def dropdown(label: str, value: str | None, options: list[ft.DropdownOption],
             on_select: Callable[[ft.Event[ft.Dropdown]], None], ident: str,
             width: int = 260, *, lang: str) -> ft.Control:
    """A Dropdown with an accessible name (its tooltip; Flutter exposes no label for it), ``width`` wide.

    The name says the option chosen too ("Banques en jeu : Au hasard", :func:`said_choice`): a screen reader
    read the label alone, and the choice only by opening the menu.

    The width is its box's, the menu told to fill it (``expand``: Flutter's ``expandedInsets``), not the
    menu's own ``width``: a menu given its own width still lays out every option to size itself.  Two
    nine-option menus took a phone-size browser 36–41 ms to draw with their own width, 25–27 ms filling
    their boxes, as two text fields (25.5 ms; docs/benchmarks-details.md, taps)."""
    return ft.Container(ft.Dropdown(label=label, value=value, options=options, on_select=on_select, expand=True,
                                    tooltip=said_choice(label, value, options, lang), key=f"dd-{ident}"),
                        width=width)


def fitted(options: Sequence[ft.DropdownOption], least: int) -> int:
    """A menu's width for its longest option (about 9 px a letter beside its arrow), ``least`` at least and a
    phone's 320 px at most.

    >>> fitted([ft.DropdownOption(key="a", text="Maison (points imprimés)")], 224), fitted([], 260)
    (276, 260)
    """
    longest = max((len(o.text or "") for o in options), default=0)
    return min(320, max(least, 60 + 9 * longest))


def said_choice(label: str, value: str | None, options: Sequence[ft.DropdownOption], lang: str) -> str:
    """A menu's name with the option it shows, as the box shows it (the option's text, else its key).

    >>> said_choice("Banques", "b", [ft.DropdownOption(key="a", text="Au hasard"), ft.DropdownOption(key="b")], "fr")
    'Banques : b'
    >>> said_choice("Banks", "a", [ft.DropdownOption(key="a", text="Random")], "en")
    'Banks: Random'
    >>> said_choice("Banks", None, [ft.DropdownOption(key="a", text="Random")], "en")
    'Banks'
    """
    chosen = next((o.text or o.key for o in options if value is not None and o.key == value), None)
    return t("skipped_line", lang, a=label, b=chosen) if chosen else label


#: Material's smallest touch target, in logical pixels
TOUCH = 48


#: the longest label a check box carries in Flet's own labelled row, which lays the label out on one line
#: whatever the room (a 67-letter name was cut at a phone's edge): a longer one wraps beside the box
LONG_LABEL = 28
#: the width of a check box with a long label (:func:`check_box`): a phone's, less the screen's margins
LONG_WIDTH = 330


def check_box(label: str, value: bool, on_change: Callable[[ft.Event[ft.Checkbox]], None]) -> ft.Control:
    """A labelled check box whose whole row is a 48-px touch target.

    Flutter's web client sizes a labelled check box or switch for a mouse (a row 40 px tall) and Flet 1.0.5
    has no tap-target setting; in a box 48 px tall the row takes the box's height, so the whole 48 px toggles
    it (measured in the accessibility tree: tests/browser/test_a11y.py).  A label longer than
    :data:`LONG_LABEL` letters is a text of its own beside the box (the box named by it), which wraps, and a tap
    on it toggles the box as the short label's does."""
    if len(label) <= LONG_LABEL:
        return ft.Container(ft.Checkbox(label=label, value=value, on_change=on_change), height=TOUCH)
    box = ft.Checkbox(value=value, on_change=on_change)

    def tapped(_e: object) -> None:  # as the box's own change says it: the value it takes (e.control.value)
        on_change(cast("ft.Event[ft.Checkbox]", SimpleNamespace(control=SimpleNamespace(value=not value))))

    text = ft.Container(ft.Text(label), on_click=tapped, expand=True, padding=ft.Padding.symmetric(vertical=12))
    # one node for a screen reader: the box named by the text beside it, said once (the box's own label and the
    # text were two nodes, the name read twice)
    # (at most a phone's width: in a wide window the name wraps as on a phone, not across the whole column)
    return ft.MergeSemantics(ft.Container(ft.Row([box, text], spacing=0), width=LONG_WIDTH))


def switch(label: str, value: bool, on_change: Callable[[ft.Event[ft.Switch]], None]) -> ft.Control:
    """A labelled switch, 48 px tall as :func:`check_box`."""
    return ft.Container(ft.Switch(label=label, value=value, on_change=on_change), height=TOUCH)
