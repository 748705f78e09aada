"""``Tr``: a text in the table's languages (French first: it is the rulebooks' language).

>>> Tr("Manche", "Round").get("en")
'Round'
>>> Tr("Manche", "Round").get("it")  # a language with no text of its own reads the French
'Manche'
"""

from __future__ import annotations

from typing import NamedTuple

#: The languages every text is written in, in the order the app offers them.
LANGUAGES = ("fr", "en")


class Tr(NamedTuple):
    """A text in French and English."""

    fr: str
    en: str

    def get(self, lang: str) -> str:
        return self.en if lang == "en" else self.fr

    def format(self, **values: object) -> Tr:
        """Both texts with ``{name}`` filled in.

        >>> Tr("{n} joueurs", "{n} players").format(n=3)
        Tr(fr='3 joueurs', en='3 players')
        """
        return Tr(self.fr.format(**values), self.en.format(**values))


def same(text: str) -> Tr:
    """A text that reads the same in every language (a name, a number).

    >>> same("Léa")
    Tr(fr='Léa', en='Léa')
    """
    return Tr(text, text)
