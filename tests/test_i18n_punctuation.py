"""French puts a space before a colon, English and Italian do not: "Nouvelle partie : Les apprentis", "New match:
Les apprentis".  A screen that joined two texts with " : " in its own code showed the French spacing in every
language (the new match's title, its seats, a history change's line, a score bar's tooltip); each now says
"label : value" through the catalogues (``skipped_line``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app.i18n import t

APP = Path(__file__).resolve().parent.parent / "app"


def _translated(field: ast.FormattedValue) -> bool:
    """Is this replacement field a text said in the page's language (``t(…)``, ``app.t(…)``, ``tn(…)``,
    ``….get(lang)``)?"""
    call = field.value
    if not isinstance(call, ast.Call):
        return False
    name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
    return name in ("t", "tn", "get")


def joined_with_french_colon(source: str) -> list[int]:
    """The lines of ``source`` whose f-string puts " : " right after a replacement field (a label and a value
    joined in the code, in the French way, whatever the page's language), or ": " right after a translated
    text (the English way, in French too: "Enregistré: Sam")."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            parts = node.values
            for before, after in zip(parts, parts[1:], strict=False):
                if not (isinstance(before, ast.FormattedValue) and isinstance(after, ast.Constant)):
                    continue
                text = str(after.value)
                if text.startswith(" : ") or (text.startswith(":") and _translated(before)):
                    found.append(node.lineno)
    return found


def test_no_screen_joins_a_label_and_its_value_in_the_french_way() -> None:
    offenders = {str(path.relative_to(APP)): lines for path in sorted(APP.rglob("*.py"))
                 if (lines := joined_with_french_colon(path.read_text(encoding="utf-8")))}
    assert offenders == {}


def test_the_check_finds_what_it_looks_for() -> None:
    assert joined_with_french_colon('x = f"{a} : {b}"\ny = f"{a}: {b}"\nz = "a : b"') == [1]
    assert joined_with_french_colon('x = f"{app.t(\'recorded\')}: {n}"\ny = f"{t(\'k\', lang)}: {n}"\n'
                                    'z = f"{name}: {n}"') == [1, 2]


@pytest.mark.parametrize(("lang", "said"), [("fr", "Nouvelle partie : Les apprentis"),
                                            ("en", "New match: Les apprentis"),
                                            ("it", "Nuova partita: Les apprentis")])
def test_a_label_and_its_value_in_each_language(lang: str, said: str) -> None:
    assert t("skipped_line", lang, a=t("new_match", lang), b="Les apprentis") == said
