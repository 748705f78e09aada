"""Guarded components (app.guard): an exception while drawing is logged with its traceback and
shown in the component's place, instead of silently freezing the page (Flet 1.0.5 ends a page's
update loop on it)."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import flet as ft

from app.guard import component, guard

APP = Path(__file__).resolve().parent.parent / "app"


def test_a_failing_body_is_logged_with_its_traceback_and_drawn_as_an_error(caplog):
    """The page shows where and the kind of error, not its message: an exception's words may quote any value
    the component held (here a seat's hidden card), and every text a device receives must be one its view
    allows."""
    def Broken(match_id: int) -> ft.Control:
        hand = {"seat 2": "Valet de pique"}
        return ft.Text(str(int(hand["seat 2"])))

    with caplog.at_level(logging.ERROR, logger="compagnon"):
        box = guard(Broken)(7)
    assert isinstance(box, ft.Container)
    assert box.content.value == "⚠ Broken: ValueError"
    assert "Valet" not in str(box.content.value) + str(box.tooltip)
    (record,) = caplog.records
    assert record.getMessage().endswith("could not draw " + Broken.__qualname__)
    assert record.exc_info and record.exc_info[0] is ValueError  # the message and traceback go to the log
    assert "Valet de pique" in str(record.exc_info[1])


def test_a_body_that_works_is_untouched():
    text = ft.Text("ok")
    assert guard(lambda: text)() is text
    assert guard(lambda a, b=1: a + b)(1, b=2) == 3


def test_component_is_a_flet_component_of_the_guarded_body():
    def Screen() -> ft.Control:
        return ft.Text("x")

    wrapped = component(Screen)
    assert getattr(wrapped, "__is_component__", False)
    assert wrapped.__component_impl__.__wrapped__ is Screen  # type: ignore[attr-defined]


def test_every_component_of_the_app_is_guarded():
    bare = [f"{p.relative_to(APP)}:{i}" for p in sorted(APP.rglob("*.py")) if p.name != "guard.py"
            for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if re.match(r"\s*@ft\.component\b", line)]
    assert bare == []


def test_no_function_of_the_app_or_the_history_is_over_60_lines():
    """Components small (one per concern, state passed down): no function in app/ or db/ is over 60
    lines, decorators included."""
    import ast

    long = []
    for path in sorted([*APP.rglob("*.py"), *(APP.parent / "db").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                if (node.end_lineno or first) - first + 1 > 60:
                    long.append(f"{path.relative_to(APP.parent)}:{node.name}")
    assert long == []
