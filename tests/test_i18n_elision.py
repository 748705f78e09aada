"""French elides "de" before a vowel, in the app's texts as in the engines' (issue #20: "d'Ange", never
"de Ange"); English and Italian are left as written."""

from __future__ import annotations

import pytest

from app.i18n import S, t
from scoring.core.words import de, elides


@pytest.mark.parametrize(("name", "said"), [("Ange", "Secrets d'Ange"), ("Hugo", "Secrets d'Hugo"),
                                            ("Émile", "Secrets d'Émile"), ("Léa", "Secrets de Léa"),
                                            ("Yann", "Secrets de Yann"), ("Yves", "Secrets d'Yves")])
def test_a_name_after_de_elides_in_french(name: str, said: str):
    assert t("private_of", "fr", a=name) == said


def test_other_languages_and_other_words_are_left_alone():
    assert t("private_of", "it", a="Ange") == "Segreti di Ange"
    assert t("private_of", "en", a="Ange") == "Ange's secrets"
    assert t("asks_seat", "fr", a="Ange") == "Un téléphone demande la place d'Ange"
    assert t("need_players", "fr", a=3, b=2) == "Il faut 3 joueurs, 2 choisis."


def test_every_french_blank_after_de_reads_well_with_a_vowel_name():
    for key, text in S.items():
        if "de {a}" in text.fr:
            said = t(key, "fr", a="Ange", b="Ange", c="Ange")
            assert "de Ange" not in said and "d'Ange" in said, key


def test_the_rule():
    assert [elides(w) for w in ("Ange", "hôtel", "Yves", "Yann", "Léa", "")] == [True, True, True, False, False,
                                                                                 False]
    assert de("Ange") == "d'Ange" and de("Léa") == "de Léa"
