"""No control that expands sits directly in a row that wraps (``ft.Row(..., wrap=True)``).

Flutter draws such a row as a ``Wrap``, which has no room to share: a child that asks for the rest of the line
(``expand``) makes the whole part of the screen fail, drawn as a grey box in the web client.  That is how the
match's "Abandonner la partie" confirmation drew a grey box (its question was ``expand=True`` in a wrapping row,
with its two buttons), and the table code's seat request its own.  Read from the source: every screen's rows.
"""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[1] / "app"


def _keyword(call: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in call.keywords if k.arg == name), None)


def _is_row(call: ast.Call) -> bool:
    f = call.func
    return isinstance(f, ast.Attribute) and f.attr == "Row" or isinstance(f, ast.Name) and f.id == "Row"


def _expands(node: ast.AST) -> bool:
    """A call whose ``expand`` is anything but ``False``/``None``/``0`` written as such."""
    if not isinstance(node, ast.Call):
        return False
    value = _keyword(node, "expand")
    return value is not None and not (isinstance(value, ast.Constant) and not value.value)


def wrapped_expanders(source: str) -> list[int]:
    """The lines of the controls that expand directly inside a wrapping row.

    >>> wrapped_expanders("ft.Row([ft.Text('a', expand=True), ft.Button('b')], wrap=True)")
    [1]
    >>> wrapped_expanders("ft.Row([ft.Text('a', expand=True)])"), wrapped_expanders("ft.Row([ft.Text('a')], wrap=True)")
    ([], [])
    >>> wrapped_expanders("ft.Row([ft.Text('a', expand=False)], wrap=True)")
    []
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and _is_row(node)):
            continue
        wrap = _keyword(node, "wrap")
        if not (isinstance(wrap, ast.Constant) and wrap.value is True):
            continue
        children = node.args[0] if node.args else _keyword(node, "controls")
        if isinstance(children, (ast.List, ast.Tuple)):
            found += [c.lineno for c in children.elts if _expands(c)]
    return found


def test_no_control_expands_in_a_row_that_wraps() -> None:
    found = [f"{path.relative_to(APP.parent)}:{line}"
             for path in sorted(APP.rglob("*.py")) for line in wrapped_expanders(path.read_text(encoding="utf-8"))]
    assert found == [], f"a control with expand inside ft.Row(wrap=True): {found}"
