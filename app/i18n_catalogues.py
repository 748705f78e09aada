"""Write the gettext catalogues of the app's texts and compile them: ``python -m app.i18n_catalogues``.

French and English are written from :mod:`app.i18n` (:data:`~app.i18n.S`, :data:`~app.i18n.PLURALS`);
the Italian catalogue is the translators' file: its translations are kept, a new key is added to it
untranslated (it reads in French until translated), a key gone from the app is dropped. Each message
carries the French and English as comments, for whoever translates. Then every ``.po`` is compiled to
its ``.mo`` (what the app reads, and the wheel ships).
"""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from app.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, PLURALS, S

WRITTEN_HERE = ("fr", "en")
#: the catalogues' header dates, fixed: a rebuild with no new text changes no file
DATED = datetime(2026, 11, 25, tzinfo=UTC)


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(lang: str) -> Catalog:
    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, domain=DOMAIN)
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def catalogue(lang: str) -> Catalog:
    """``lang``'s catalogue as it should be: every key of the app, in the order of :mod:`app.i18n`."""
    old = read(lang)
    new = Catalog(locale=lang, domain=DOMAIN, project="Compagnon", version="1",
                  copyright_holder="Compagnon", charset="utf-8", fuzzy=False,
                  creation_date=DATED, revision_date=DATED, last_translator="Compagnon")
    for key, text in S.items():
        kept = old.get(key)
        own = text.get(lang) if lang in WRITTEN_HERE else (kept.string if kept is not None else "")
        new.add(key, own, auto_comments=[f"fr: {text.fr}", f"en: {text.en}"])
    categories = plural_categories(new)
    for key, (one, other) in PLURALS.items():
        kept = old.get(key)
        if lang in WRITTEN_HERE:
            pair = (one.get(lang), other.get(lang))
        else:
            was = tuple(kept.string) if kept is not None and isinstance(kept.string, (tuple, list)) else ("", "")
            pair = (was[0], was[-1])
        forms = tuple(pair[0] if c == "one" else pair[1] for c in categories)
        new.add((key, key), forms, auto_comments=[f"fr: {one.fr} | {other.fr}", f"en: {one.en} | {other.en}"])
    return new


def plural_categories(cat: Catalog) -> list[str]:
    """CLDR's category of each of the catalogue's gettext forms, in their order (``['one', 'other']``; Babel
    2.19's CLDR gives French and Italian a third, ``'many'``, for a million: ``['one', 'many', 'other']``).

    The app's texts have two forms, a singular ("one") and a plural; every other category ("many": "1
    million de parties") takes the plural. Each form's category is that of the first count gettext's
    expression sends to it, so the catalogues are right whichever CLDR the installed Babel carries.

    >>> plural_categories(Catalog(locale="en"))
    ['one', 'other']
    """
    import gettext

    from babel import Locale

    index = gettext.c2py(cat.plural_expr)
    rule = Locale.parse(str(cat.locale)).plural_form
    first: dict[int, str] = {}
    for n in (*range(0, 200), 1_000, 1_000_000, 2_000_000):
        first.setdefault(index(n), str(rule(n)))
    return [first.get(i, "other") for i in range(cat.num_plurals)]


def po_text(cat: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, cat, width=0, omit_header=False, no_location=True, sort_output=False)
    return out.getvalue()


def mo_bytes(cat: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, cat, use_fuzzy=False)
    return out.getvalue()


def build() -> list[Path]:
    """Write every language's ``.po`` (French and English from the code) and ``.mo``; the files written."""
    written = []
    for lang in LANGUAGES:
        cat = catalogue(lang)
        path = po_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(po_text(cat))
        path.with_suffix(".mo").write_bytes(mo_bytes(read(lang)))
        written += [path, path.with_suffix(".mo")]
    return written


if __name__ == "__main__":  # pragma: no cover - a maintainer's command
    for p in build():
        print(p)
