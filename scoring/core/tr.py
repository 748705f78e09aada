"""``Tr``: a text in the table's languages (French first: it is the rulebooks' language).

>>> Tr("Manche", "Round", it="Round").get("it")
'Round'
>>> Tr("Manche", "Round").get("it")  # a text not yet translated into Italian reads the French
'Manche'
>>> Tr("Manche", "Round").get("de")  # so does a language the app does not speak
'Manche'
"""

from __future__ import annotations

from typing import NamedTuple

#: The languages every text is written in, in the order the app offers them.
LANGUAGES = ("fr", "en", "it")


class Tr(NamedTuple):
    """A text in French, English and Italian (``it=""``: not yet translated, it reads the French)."""

    fr: str
    en: str
    it: str = ""

    def get(self, lang: str) -> str:
        if lang == "en":
            return self.en
        if lang == "it" and self.it:
            return self.it
        return self.fr

    def format(self, **values: object) -> Tr:
        """Every text with ``{name}`` filled in; a value that is itself a ``Tr`` is put in each
        language's own words.

        >>> Tr("{n} joueurs", "{n} players", it="{n} giocatori").format(n=3)
        Tr(fr='3 joueurs', en='3 players', it='3 giocatori')
        >>> Tr("Banque {c}", "{c} bank", it="Banca {c}").format(c=Tr("rouge", "red", it="rossa"))
        Tr(fr='Banque rouge', en='red bank', it='Banca rossa')
        """
        def fill(lang: str, text: str) -> str:
            return text.format(**{k: v.get(lang) if isinstance(v, Tr) else v for k, v in values.items()})

        return Tr(fill("fr", self.fr), fill("en", self.en), fill("it", self.it) if self.it else "")

    def join(self, parts: list[Tr] | tuple[Tr, ...]) -> Tr:
        """The parts joined by this text, language by language.

        >>> Tr(" et ", " and ", it=" e ").join([same("Léa"), same("Ange")])
        Tr(fr='Léa et Ange', en='Léa and Ange', it='Léa e Ange')
        """
        return Tr(self.fr.join(p.fr for p in parts), self.en.join(p.en for p in parts),
                  self.get("it").join(p.get("it") for p in parts))


def same(text: str) -> Tr:
    """A text that reads the same in every language (a name, a number).

    >>> same("Léa")
    Tr(fr='Léa', en='Léa', it='Léa')
    """
    return Tr(text, text, text)
