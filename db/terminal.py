"""What Compagnon says on its terminal (the server's start, the history's commands, ``--help``), in the terminal's
language: French, English or Italian, read from the environment's locale as gettext reads it (``LANGUAGE``, a
list of languages, unless the locale is ``C``; then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); English otherwise.

Imports nothing but the standard library: the server's first lines are printed before it answers.

>>> language({"LANG": "fr_FR.UTF-8"}), language({"LC_ALL": "it_IT.UTF-8", "LANG": "fr_FR.UTF-8"}), language({})
('fr', 'it', 'en')
>>> language({"LANGUAGE": "de:it", "LANG": "fr_FR.UTF-8"}), language({"LANGUAGE": "it", "LANG": "C.UTF-8"})
('it', 'en')
>>> language({"LANG": "de_DE.UTF-8"}), language({"LC_MESSAGES": "fr_CA", "LANG": "en_GB.UTF-8"})
('en', 'fr')
>>> say("Bonjour", "Hello", "Ciao", lang="it")
'Ciao'
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

#: the languages the terminal speaks (the app's)
LANGUAGES = ("fr", "en", "it")


def _code(value: str) -> str | None:
    """``fr`` of ``fr_FR.UTF-8``; None for a language Compagnon does not speak."""
    code = value.split(".")[0].split("_")[0].split("@")[0].lower()
    return code if code in LANGUAGES else None


def language(env: Mapping[str, str] | None = None) -> str:
    """The terminal's language (see the module's text)."""
    env = os.environ if env is None else env
    locale = next((env[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(v)), "")
    if env.get("LANGUAGE") and locale.split(".")[0] not in ("C", "POSIX"):
        for part in env["LANGUAGE"].split(":"):
            if (code := _code(part)) is not None:
                return code
    return _code(locale) or "en"


def say(fr: str, en: str, it: str, lang: str | None = None) -> str:
    """The text in the terminal's language (or ``lang``)."""
    return {"fr": fr, "it": it}.get(lang or language(), en)


def cannot_open(why: object) -> str:
    """The one line said when the database cannot be opened (the server's start, ``compagnon import``/``export``):
    ``why`` in the terminal's language already."""
    return say(f"Compagnon ne peut pas ouvrir sa base de données : {why}", f"Compagnon cannot open its database: {why}",
               f"Compagnon non può aprire il suo database: {why}")


#: argparse's own words (Python ships no translation of them): French, Italian
ARGPARSE: dict[str, tuple[str, str]] = {
    "usage: ": ("utilisation : ", "uso: "),
    # a heading is followed by argparse's own colon: French puts a space before it
    "positional arguments": ("arguments ", "argomenti"),
    "options": ("options ", "opzioni"),
    "show this help message and exit": ("afficher cette aide et quitter", "mostrare questo aiuto e uscire"),
    "%(prog)s: error: %(message)s\n": ("%(prog)s : erreur : %(message)s\n", "%(prog)s: errore: %(message)s\n"),
    "the following arguments are required: %s": ("il manque : %s", "manca: %s"),
    "unrecognized arguments: %s": ("arguments inconnus : %s", "argomenti sconosciuti: %s"),
    "argument %(argument_name)s: %(message)s": ("%(argument_name)s : %(message)s", "%(argument_name)s: %(message)s"),
    "invalid %(type)s value: %(value)r": ("valeur refusée (%(type)s) : %(value)r",
                                          "valore rifiutato (%(type)s): %(value)r"),
    "invalid choice: %(value)r (choose from %(choices)s)": ("%(value)r n'est pas un choix possible (%(choices)s)",
                                                           "%(value)r non è una scelta possibile (%(choices)s)"),
    "expected one argument": ("il lui faut une valeur", "gli serve un valore"),
    "expected at most one argument": ("il lui faut une valeur au plus", "gli serve al massimo un valore"),
    "expected at least one argument": ("il lui faut au moins une valeur", "gli serve almeno un valore"),
    "ambiguous option: %(option)s could match %(matches)s": ("%(option)s peut désigner %(matches)s",
                                                            "%(option)s può indicare %(matches)s"),
    "ignored explicit argument %r": ("valeur en trop : %r", "valore di troppo: %r"),
}


@contextmanager
def argparse_words(lang: str | None = None) -> Iterator[None]:
    """argparse's own words ("usage:", "options:", its refusals) in the terminal's language (or ``lang``) while
    a parser is built and used: argparse reads them through its module's ``_`` each time it says one.

    >>> with argparse_words("fr"):
    ...     print(argparse.ArgumentParser(prog="compagnon").format_help().strip())
    utilisation : compagnon [-h]
    <BLANKLINE>
    options :
      -h, --help  afficher cette aide et quitter
    """
    index = {"fr": 0, "it": 1}.get(lang or language())
    if index is None:
        yield
        return
    english = argparse._  # type: ignore[attr-defined]

    def said(text: str) -> str:
        return ARGPARSE[text][index] if text in ARGPARSE else english(text)

    argparse._ = said  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = english  # type: ignore[attr-defined]
