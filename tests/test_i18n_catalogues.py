"""The app's texts in French, English and Italian: gettext catalogues, CLDR plural rules and numbers."""

from __future__ import annotations

import re

import babel
import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from app.i18n import LANGUAGES, PLURALS, S, catalogue, compact, number, plural_category, t, tn
from app.i18n_catalogues import catalogue as expected_catalogue
from app.i18n_catalogues import mo_bytes, po_path, po_text, read
from scoring import Tr

PLACEHOLDER = re.compile(r"\{\w*\}")
#: texts that read the same in Italian as in French or English (a name, a sign, a borrowed word)
SAME_IN_ITALIAN = {"app", "home", "played_won", "col_rate", "skipped_line", "no_word",  # "no" is the same word
                   "h2h_line"}  # "{a}: {b}, {c}, {d}": its words are the counts' (count_won, count_lost, count_tied)


#: counts that meet every plural category of the three languages (CLDR's French and Italian "many" is a million)
COUNTS = (*range(0, 30), 100, 101, 1000, 1_000_000, 2_000_000)


def _committed(lang: str):
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_committed_catalogues_are_what_the_code_writes(lang):
    """A text added to app/i18n.py without ``python -m app.i18n_catalogues`` fails here (its .po and
    .mo would be stale: the app would show the key).  Compared by what each text says, so that a newer
    Babel (a new CLDR: 2.19 gave French and Italian a third plural form, "many") fails nothing that reads
    the same; when the installed Babel is the one that wrote the files, they must be the same bytes."""
    committed = _committed(lang)
    assert {m.id if isinstance(m.id, str) else m.id[0] for m in committed if m.id} == set(S) | set(PLURALS)
    said = catalogue(lang)  # the compiled .mo, as the app reads it
    if lang in ("fr", "en"):
        for key, text in S.items():
            assert committed.get(key).string == text.get(lang) == said.gettext(key), key
        for key, (one, other) in PLURALS.items():
            for n in COUNTS:
                wanted = (one if plural_category(n, lang) == "one" else other).get(lang)
                assert said.ngettext(key, key, n) == wanted, (key, n)
    with po_path(lang).with_suffix(".mo").open("rb") as f:
        compiled = read_mo(f)
    assert _texts(compiled) == _texts(committed)
    written_by = dict(committed.mime_headers).get("Generated-By", "")
    if written_by.strip() == f"Babel {babel.__version__}":
        assert po_path(lang).read_bytes() == po_text(expected_catalogue(lang))
        assert po_path(lang).with_suffix(".mo").read_bytes() == mo_bytes(read(lang))


def _texts(cat) -> dict:
    return {str(m.id if isinstance(m.id, str) else m.id[0]): m.string if isinstance(m.string, str) else tuple(m.string)
            for m in cat if m.id}


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_million_takes_the_plural_whatever_the_cldr(lang):
    """CLDR's "many" (a million, in French and Italian since Babel 2.19) reads as the plural, never the key
    or an empty text."""
    assert tn("count_matches", 1_000_000, lang).endswith(" parties" if lang == "fr" else " partite")
    assert tn("count_matches", 1, lang).endswith(" partie" if lang == "fr" else " partita")


def test_every_text_is_translated_into_italian_with_the_same_blanks():
    with po_path("it").open("rb") as f:
        it = read_po(f)
    for key, text in S.items():
        message = it.get(key)
        assert message is not None and message.string, f"{key} has no Italian"
        assert sorted(PLACEHOLDER.findall(message.string)) == sorted(PLACEHOLDER.findall(text.fr)), key
        if key not in SAME_IN_ITALIAN:
            assert t(key, "it") not in (text.fr, text.en), f"{key} reads French or English on an Italian screen"
    for key in PLURALS:
        forms = it.get(key).string
        assert len(forms) >= 2 and all("{n}" in f for f in forms), key


def test_the_compiled_italian_catalogue_is_the_one_the_app_reads():
    with po_path("it").with_suffix(".mo").open("rb") as f:
        compiled = read_mo(f)
    assert compiled.get("save").string == "Salva" == t("save", "it")
    assert t("need_players", "it", a=3, b=2) == "Servono 3 giocatori, 2 scelti."


def test_each_language_says_its_own_texts():
    assert (t("games", "fr"), t("games", "en"), t("games", "it")) == ("Les jeux", "The games", "I giochi")
    assert t("need_players", "en", a=3, b=2) == "3 players needed, 2 chosen."


def test_a_language_without_a_catalogue_reads_french_as_the_engines_do():
    assert t("games", "de") == "Les jeux" == Tr("Les jeux", "The games").get("de")


def test_an_unknown_key_is_an_error_not_its_name_on_screen():
    with pytest.raises(KeyError):
        t("no_such_text", "it")
    with pytest.raises(KeyError):
        tn("no_such_count", 2, "fr")


def test_counts_follow_each_languages_plural_rule():
    """Issue 20: "1 victoires", "1 parties". French takes the singular for 0 and 1, English and
    Italian for 1 only (CLDR)."""
    said = {(lang, n): tn("count_matches", n, lang) for lang in LANGUAGES for n in (0, 1, 2)}
    assert said == {("fr", 0): "0 partie", ("fr", 1): "1 partie", ("fr", 2): "2 parties",
                    ("en", 0): "0 matches", ("en", 1): "1 match", ("en", 2): "2 matches",
                    ("it", 0): "0 partite", ("it", 1): "1 partita", ("it", 2): "2 partite"}
    assert tn("count_wins", 1, "fr") == "1 victoire" and tn("count_players", 1, "it") == "1 giocatore"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_catalogues_plural_forms_agree_with_cldr(lang):
    """The .po's Plural-Forms (what gettext applies) and CLDR's category agree on every count
    (CLDR's French "many", for a million, takes the plural as "other" does)."""
    for n in [*range(0, 120), 1000, 1_000_000, 2_000_000]:
        singular = catalogue(lang).ngettext("count_events", "count_events", n) == catalogue(lang).ngettext(
            "count_events", "count_events", 1)
        assert singular == (plural_category(n, lang) == "one"), (lang, n)


def test_numbers_as_each_language_writes_them():
    assert (number(18000, "fr"), number(18000, "en"), number(18000, "it")) == ("18\xa0000", "18,000", "18.000")
    assert tn("count_matches", 22000, "fr") == "22\xa0000 parties"


def test_compact_numbers_for_chart_axes():
    """Issue 20: axes wrote "22k", "89K" and "3000" on French screens."""
    assert [compact(n, "fr") for n in (22000, 89000, 3000, 1_500_000)] == ["22\xa0k", "89\xa0k", "3\xa0k", "1,5\xa0M"]
    assert [compact(n, "en") for n in (22000, 950, 1_500_000)] == ["22k", "950", "1.5m"]  # CLDR 48
    assert [compact(n, "it") for n in (22000, 950, 1_500_000)] == ["22K", "950", "1,5\xa0Mln"]
