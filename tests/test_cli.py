"""``python -m scoring score GAME [FILE] [--lang fr|en]``: whatever the input, a score sheet on standard
output (exit 0) or exactly one line on standard error (exit 2), in the language asked for."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import slugs
from scoring.__main__ import MAX_DEPTH, main

ROOT = Path(__file__).resolve().parent.parent


def run(argv: list[str], text: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(text), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def refused(code: int, out: str, err: str) -> bool:
    return code == 2 and out == "" and len(err.splitlines()) == 1 and err.endswith("\n")


def test_hostile_inputs_each_give_one_line_and_exit_2():
    nasty = ["[" * 100_000 + "]" * 100_000,                          # deep nesting
             '{"players": ' + "9" * 5000 + "}",                       # an integer of 5 000 digits
             '{"players": [' + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "]}",
             "nope", "", "\x00", '{"players": "a\nb"}',                # a value with a line break
             "x" * 1_100_000]                                          # over the size limit
    for slug in slugs():
        for text in nasty:
            for lang in ("fr", "en"):
                assert refused(*run(["score", slug, "--lang", lang], text)), (slug, text[:40], lang)


def test_french_refusals_are_french_and_english_ones_english():
    code, _, err_fr = run(["score", "apaches", "--lang", "fr"], "nope")
    code2, _, err_en = run(["score", "apaches"], "nope")
    assert (code, code2) == (2, 2)
    assert err_fr.startswith("entrée : JSON non valide") and "Expecting" not in err_fr
    assert err_en.startswith("input: not valid JSON")
    assert refused(*run(["score", "chess", "--lang", "fr"], "{}"))
    assert "jeu inconnu “chess”" in run(["score", "chess", "--lang", "fr"], "{}")[2]
    assert run(["nonsense", "--lang", "fr"])[2].startswith("usage : ")


def test_a_name_the_terminal_cannot_encode_still_gives_a_sheet():
    doc = {"players": [{"name": "\ud800", "money": [1000], "objects": 0},
                       {"name": "B", "money": [], "objects": 0}, {"name": "C", "money": [], "objects": 0}]}
    text = json.dumps(doc)  # the lone surrogate is written \ud800, as JSON allows
    out = subprocess.run([sys.executable, "-m", "scoring", "score", "robby-solo"], input=text, cwd=ROOT,
                         capture_output=True, text=True, encoding="ascii", errors="strict",
                         env={"PYTHONIOENCODING": "ascii", "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0 and out.stderr == ""
    assert json.loads(out.stdout)["ranking"][0]["name"] == "\ud800"


def test_a_missing_or_unreadable_file_is_one_line():
    assert refused(*run(["score", "apaches", "/nonexistent/sheet.json"]))
    assert "/nonexistent/sheet.json: cannot read" in run(["score", "apaches", "/nonexistent/sheet.json"])[2]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-10**30, max_value=10**30) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda children: st.lists(children, max_size=6) | st.dictionaries(
        st.sampled_from(["players", "name", "wallet", "money", "objects", "painting", "stains", "thunes",
                         "bourgeois", "policeman", "leaders", "novices", "reinforcements", "x"]), children,
        max_size=6),
    max_leaves=40)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["apaches", "robby-solo", "traction-avant", "apprentis"]), json_values,
       st.sampled_from(["fr", "en"]))
def test_any_json_document_gives_a_sheet_or_one_line(slug, doc, lang):
    code, out, err = run(["score", slug, "--lang", lang], json.dumps(doc))
    if code == 0:
        assert err == "" and json.loads(out)["game"] == slug
    else:
        assert refused(code, out, err)
