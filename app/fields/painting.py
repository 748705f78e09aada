"""A grid of cards laid out as they lie on the table (tap a cell, pick the card): the renderer of the fields of
kind ``painting`` (registered on import, see :mod:`app.fields`), and a view under the score sheet
(:func:`painting_reviews`, registered as a review).  Les apprentis' painting is one.

The game declares its cards (:class:`scoring.GridCards`: each kind's word, the kinds whose printed number the
table enters with the card, their pictures in its folder, where its final state keeps each seat's grid); this
module knows none.  The value is a list of rows, top row first; ``None`` is an empty cell; cells are the
engine's codes (``maison:N``, ``ciel``, ``arbre:A2``...).  The palette comes from the field's ``choices``.
The editor shows the grid framed by one ring of empty cells (``cell-<r>-<c>`` counts from that frame), and
keeps its value trimmed to the cards.  The score sheet's view (:func:`painting_reviews`) highlights the cells
of each category.
"""

from __future__ import annotations

import functools
import importlib.resources
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from app.drafts import draft_key, use_draft
from app.fields import register, register_review
from app.guard import component
from app.i18n import t, tn
from app.widgets import category_name, dropdown, engine_of, fitted
from scoring import Field, GridCards
from scoring.core import registry

ERASE = "_erase"
GAP = 4
#: The room a phone (390 px) leaves for the grid inside a card.
ROOM = 330

Grid = list[list[str | None]]


#: a painting field whose game declared no cards: each kind named by its code, no pictures
NO_CARDS = GridCards("", ())


def game_cards(slug: str) -> GridCards | None:
    """The cards the game ``slug`` (an engine's, or a score pad's ``pad:…``) declares; none for another game."""
    game = engine_of(slug)
    return game.cards if game else None


def card_picture(slug: str, name: str) -> bytes:
    """The picture ``name`` (``<kind>.svg``) of a card the game ``slug`` declares, read from its folder; empty
    for anything else (kept nowhere: a device may ask for any name)."""
    return _card_picture(slug, name) if slug in registry.slugs() else b""


@functools.cache
def _card_picture(slug: str, name: str) -> bytes:
    cards = game_cards(slug)
    if cards is None or not cards.pictures or name not in {f"{kind}.svg" for kind, _word in cards.words}:
        return b""
    return (importlib.resources.files(registry.package(slug)) / cards.pictures / name).read_bytes()


def trimmed(value: Any) -> tuple[Grid, int, int]:
    """The smallest grid holding every card, and where it starts in ``value`` (row, column)."""
    rows = [list(r) for r in (value or []) if isinstance(r, list | tuple)]
    cards = [(r, c) for r, row in enumerate(rows) for c, x in enumerate(row) if x]
    if not cards:
        return [], 0, 0
    r0, r1 = min(r for r, _ in cards), max(r for r, _ in cards)
    c0, c1 = min(c for _, c in cards), max(c for _, c in cards)
    return [[row[c] if c < len(row) else None for c in range(c0, c1 + 1)] for row in rows[r0:r1 + 1]], r0, c0


def framed(value: Any) -> Grid:
    """The cards plus one ring of empty cells around them, where the next card can go."""
    grid, _, _ = trimmed(value)
    if not grid:
        return [[None]]
    width = len(grid[0]) + 2
    return [[None] * width] + [[None, *row, None] for row in grid] + [[None] * width]


def cell_size(cols: int) -> int:
    """Cells as big as a phone allows: 64 px down to 36 (wider grids scroll sideways)."""
    return max(36, min(64, (ROOM - GAP * (cols - 1)) // max(cols, 1)))


def card_face(cards: GridCards, code: str | None, size: int, lang: str) -> ft.Control:
    """A cell: the card's picture, its word when there is room (always without a picture), what is printed on
    it (a numbered card's number in big)."""
    if not code:
        return ft.Container(ft.Text("+", size=size * 0.4, color=ft.Colors.OUTLINE), width=size, height=size,
                            alignment=ft.Alignment.CENTER)
    kind, _, extra = code.partition(":")
    layers: list[ft.Control] = []
    if cards.pictures:
        layers.append(ft.Image(src=f"cards/{cards.game}/{kind}.svg", width=size, height=size))
    caption = extra if extra else (cards.word(code, lang) if size >= 48 or not cards.pictures else "")
    if caption:
        big = kind in cards.numbered
        layers.append(ft.Container(
            ft.Container(ft.Text(caption, size=size * (0.34 if big else 0.2), weight=ft.FontWeight.BOLD,
                                 color=ft.Colors.BLACK),
                         bgcolor=ft.Colors.with_opacity(0.8, ft.Colors.WHITE), border_radius=4,
                         padding=ft.Padding.symmetric(horizontal=3)),
            width=size, height=size, padding=2,
            alignment=ft.Alignment.TOP_RIGHT if big else ft.Alignment.BOTTOM_CENTER))
    return ft.Stack(layers, width=size, height=size)


@register("painting")
def painting_field(f: Field, value: Any, _names: Sequence[str], lang: str,
                   set_value: Callable[[Any], None]) -> ft.Control:
    return PaintingEditor(f, value, lang, set_value)


@component
def PaintingEditor(f: Field, value: Any, lang: str, set_value: Callable[[Any], None]) -> ft.Control:
    """Tap a cell to lay the chosen card there (tap again to take it back); the grid grows
    around the painting, so it can be entered in any order, top row first or not."""
    grid = framed(value)
    cards = f.cards or NO_CARDS
    # the card chosen and its number, kept with the form's draft (app.drafts): a switch of language keeps them
    brush, set_brush = use_draft(draft_key("brush", f.key), f.choices[0][0] if f.choices else "")
    points, set_points = use_draft(draft_key("points", f.key), str(cards.number_start))
    rows, cols = len(grid), len(grid[0])
    size = cell_size(cols)

    def paint(r: int, c: int) -> None:
        new = [list(row) for row in grid]
        code: str | None = None if brush == ERASE else brush
        if code in cards.numbered:  # the number printed on the card goes with it
            digits = "".join(ch for ch in points if ch.isdigit())
            if not digits:
                return  # no number in its box: no card laid (a house of 0 points laid unseen, before)
            code = f"{code}:{int(digits)}"
        new[r][c] = None if new[r][c] == code else code
        set_value(trimmed(new)[0])

    lines: list[ft.Control] = []
    for r in range(rows):
        line: list[ft.Control] = []
        for c in range(cols):
            code = grid[r][c]
            line.append(ft.Semantics(
                content=ft.Container(card_face(cards, code, size - 2, lang), width=size, height=size,
                                     border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT if code else
                                                          ft.Colors.OUTLINE), border_radius=6,
                                     alignment=ft.Alignment.CENTER,
                                     on_click=lambda _e, r=r, c=c: paint(r, c)),
                identifier=f"cell-{r}-{c}", label=f"{r + 1},{c + 1} {cards.word(code, lang)}".strip(),
                button=True))
        lines.append(ft.Row(line, spacing=GAP, tight=True))
    palette = [ft.DropdownOption(key=k, text=t.get(lang)) for k, t in f.choices]
    palette.append(ft.DropdownOption(key=ERASE, text=t("painting_erase", lang)))
    tools: list[ft.Control] = [
        # as wide as its longest card ("Maison (points imprimés)" was cut to "Maison (points impri")
        dropdown(t("painting_card", lang), brush, palette, lambda e: set_brush(e.control.value),
                 f"brush-{f.key}", width=fitted(palette, 224), lang=lang),
    ]
    if brush in cards.numbered:
        number = cards.number_label.get(lang) if cards.number_label else t("painting_number", lang)
        tools.append(ft.TextField(label=number, value=points, width=90, keyboard_type=ft.KeyboardType.NUMBER,
                                  input_filter=ft.NumbersOnlyInputFilter(),  # "abc" is not typed at all
                                  on_change=lambda e: set_points(e.control.value)))
    count = sum(1 for row in grid for x in row if x)
    hint = t("painting_hint", lang)
    return ft.Column([
        ft.Text(f.label.get(lang), weight=ft.FontWeight.W_500),
        ft.Row(tools, wrap=True, spacing=12),
        ft.Text(hint, size=12, italic=True, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row([ft.Column(lines, spacing=GAP, tight=True)], scroll=ft.ScrollMode.AUTO),
        ft.Text(tn("count_cards", count, lang), size=12),
    ], spacing=6)


# --------------------------------------------------------------------------- the score sheet's view


@component
def PaintingReview(seat: int, name: str, total: int, painting: Any, cells: dict[str, Any],
                   breakdown: dict[str, int], slug: str, cards: GridCards, lang: str) -> ft.Control:
    """One player's painting on the score sheet: tap a category to see the cards that earned it
    (or lost it: in red); "Tout" shows every card that counted."""
    chosen, set_chosen = ft.use_state("")
    grid, r0, c0 = trimmed(painting)
    if not grid:
        return ft.Container()

    def spots(key: str) -> set[tuple[int, int]]:
        return {(int(p[0]) - r0, int(p[1]) - c0) for p in cells.get(key, []) if isinstance(p, list | tuple)}

    good, bad = ft.Colors.GREEN_300, ft.Colors.RED_300
    colour: dict[tuple[int, int], str] = {}
    for key in ([chosen] if chosen else [k for k in cells if breakdown.get(k, 0) < 0] +
                [k for k in cells if breakdown.get(k, 0) >= 0]):
        for p in spots(key):
            colour[p] = bad if breakdown.get(key, 0) < 0 else good
    size = min(cell_size(len(grid[0])), 52)
    lines: list[ft.Control] = []
    for r, row in enumerate(grid):
        line: list[ft.Control] = []
        for c, code in enumerate(row):
            lit = colour.get((r, c))
            face = card_face(cards, code, size - 8, lang) if code else ft.Container(width=size - 8, height=size - 8)
            mark = (" — " + t("painting_counts", lang)) if lit else ""
            line.append(ft.Semantics(
                content=ft.Container(face, width=size, height=size, padding=2, border_radius=8,
                                     bgcolor=lit, border=ft.Border.all(2, lit) if lit else None,
                                     opacity=1.0 if lit or not code else 0.35),
                identifier=f"review-{seat}-{r}-{c}",
                label=f"{r + 1},{c + 1} {cards.word(code, lang)}{mark}".strip()))
        lines.append(ft.Row(line, spacing=2, tight=True))

    def chip(key: str, text: str) -> ft.Control:
        on = chosen == key
        return ft.Semantics(
            content=ft.Container(ft.Text(text, size=12, color=ft.Colors.ON_PRIMARY if on else None),
                                 padding=ft.Padding.symmetric(vertical=6, horizontal=10), border_radius=16,
                                 bgcolor=ft.Colors.PRIMARY if on else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                                 on_click=lambda _e: set_chosen(key)),
            identifier=f"review-{seat}-cat-{key or 'all'}", button=True, selected=on)

    chips = [chip("", t("painting_all", lang))]
    chips += [chip(k, t("skipped_line", lang, a=category_name(slug, k, lang), b=v)) for k, v in breakdown.items()
              if k in cells and (v or cells.get(k))]
    title = t("painting_title", lang, a=name, b=total)
    return ft.Card(ft.Container(ft.Column([
        ft.Text(title, size=16, weight=ft.FontWeight.BOLD),
        ft.Row(chips, wrap=True, spacing=4, run_spacing=4),
        ft.Row([ft.Column(lines, spacing=2, tight=True)], scroll=ft.ScrollMode.AUTO),
    ], spacing=8), padding=12))


@register_review
def painting_reviews(sheet: dict[str, Any], state: Any, lang: str) -> list[ft.Control]:
    """Each player's grid with the cells that earned each category, when the score sheet lists them (``cells`` in
    its rows) and the game declares where its final state keeps the grids (:attr:`scoring.GridCards.grids`:
    Les apprentis' paintings)."""
    slug = str(sheet.get("game", ""))
    cards = game_cards(slug)
    paintings = state.get(cards.grids) if cards and cards.grids and isinstance(state, dict) else None
    if cards is None or not isinstance(paintings, list):
        return []
    out: list[ft.Control] = []
    for row in sheet.get("ranking", []):
        seat = row.get("seat")
        if isinstance(row.get("cells"), dict) and isinstance(seat, int) and 0 <= seat < len(paintings):
            out.append(PaintingReview(seat, str(row.get("name", "")), int(row.get("total", 0)), paintings[seat],
                                      row["cells"], dict(row.get("breakdown", {})), slug, cards, lang,
                                      key=f"review-{seat}"))
    return out
