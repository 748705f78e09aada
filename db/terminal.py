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

import os
from collections.abc import Mapping

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
