"""A count in a statistics line follows the language's plural rule: "Zoé : 1 gagnées, 0 perdues" and "1er à
jouer : 1 parties" read wrong in French (as "1 vinte" in Italian), and "2019 parties" went without the
thousands' space the count card gives it ("2 019 parties")."""

from __future__ import annotations

import pytest

from app.i18n import t, tn


def head_to_head(lang: str, won: int, lost: int, tied: int) -> str:
    return t("h2h_line", lang, a="Zoé", b=tn("count_won", won, lang), c=tn("count_lost", lost, lang),
             d=tn("count_tied", tied, lang))


@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "Zoé : 1 gagnée, 0 perdue, 2 égalités"),
    ("en", "Zoé: 1 won, 0 lost, 2 tied"),
    ("it", "Zoé: 1 vinta, 0 perse, 2 pareggi"),
])
def test_head_to_head_counts_agree(lang: str, said: str) -> None:
    assert head_to_head(lang, 1, 0, 2) == said


@pytest.mark.parametrize(("lang", "one", "many"), [
    ("fr", "1er à jouer : 1 partie, 100 % de victoires, moyenne 17",
     "1er à jouer : 2\xa0019 parties, 35 % de victoires, moyenne 17"),
    ("en", "Plays first: 1 match, 100% wins, average 17", "Plays first: 2,019 matches, 35% wins, average 17"),
    ("it", "Gioca per primo: 1 partita, 100 % di vittorie, media 17",
     "Gioca per primo: 2.019 partite, 35 % di vittorie, media 17"),
])
def test_a_turn_order_line_counts_its_matches_as_the_language_does(lang: str, one: str, many: str) -> None:
    def line(n: int, rate: str) -> str:
        return t("seat_line", lang, a=t("first_to_play", lang), b=tn("count_matches", n, lang), c=rate, d="17")

    assert (line(1, "100"), line(2019, "35")) == (one, many)


def test_the_other_count_lines() -> None:
    assert t("game_summary", "fr", a="Robby Solo", b=tn("count_matches", 1, "fr"), c=40) == (
        "Robby Solo : 1 partie, 40 min en moyenne")
    assert t("setup_line", "en", a="4 players", b=tn("count_matches", 1, "en"), c="100", d="31") == (
        "4 players: 1 match, first player won 100%, average winning score 31")
    assert [tn("count_more_skipped", n, "fr") for n in (1, 5)] == [
        "… et 1 autre partie ignorée", "… et 5 autres parties ignorées"]
    assert tn("count_more_skipped", 1, "it") == "… e 1 altra partita ignorata"
