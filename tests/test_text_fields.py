"""A move's one-line text (a boss's name, a reason) takes no new line: Enter in it added one, which went into the
event ("Chef / base choisi" drawn as a box of one to four lines); a few lines of notes (an alliance's terms) keep
them.  The Enter key itself is pressed in tests/browser/test_drafts.py."""

from __future__ import annotations

import flet as ft

from app.fields import renderer
from scoring import Field, Tr


def drawn(kind: str) -> ft.TextField:
    box = renderer(kind).draw(Field("x", Tr("Chef / base choisi", "Boss / base chosen"), kind, ""), "", [], "fr",
                              lambda _v: None)
    assert isinstance(box, ft.TextField)
    return box


def test_a_one_line_text_takes_no_new_line():
    box = drawn("text")
    assert not box.multiline and (box.max_lines or 1) == 1


def test_notes_keep_their_lines():
    box = drawn("notes")
    assert box.multiline and (box.max_lines or 0) > 1
