"""The score sheet's picture handed over, or one clear line when it cannot be (issue 20: "a finished match
shared as a picture"): the browser's part (drawing, downloading) is tested in
tests/browser/test_share_picture.py; here what the page says when the browser draws nothing, draws
something that is not a PNG, or refuses the file — in the table's language, nothing raised."""

from __future__ import annotations

from typing import Any

import pytest

from app.i18n import t
from app.screens.history_share import PIXEL_RATIO, PNG_SIGNATURE, share_picture
from bench.common import run_apart

PNG = PNG_SIGNATURE + b"\x00\x00\x00\x0dIHDR" + bytes(17)


class Table:
    """The page's state as the picture's button uses it: its language, and what it was told."""

    def __init__(self, lang: str) -> None:
        self.lang, self.said = lang, []

    def t(self, key: str, **kw: Any) -> str:
        return t(key, self.lang, **kw)

    def tell(self, message: str, error: bool = False, follows: bool = False) -> None:
        self.said.append((message, error))


class Shot:
    def __init__(self, result: Any) -> None:
        self.result, self.ratios = result, []

    async def capture(self, pixel_ratio: float | None = None) -> bytes:
        self.ratios.append(pixel_ratio)
        if isinstance(self.result, Exception):
            raise self.result
        return self.result  # type: ignore[no-any-return]


def share(table: Table, shot: Shot, refuse: bool = False) -> tuple[bool, list[tuple[bytes, str]]]:
    handed: list[tuple[bytes, str]] = []

    async def deliver(png: bytes, name: str) -> str:
        if refuse:
            raise RuntimeError("the browser refused the download")
        handed.append((png, name))
        return name

    return run_apart(share_picture(table, shot, "compagnon-azul-3-2026-11-25.png", deliver)), handed  # type: ignore[arg-type]


def test_a_drawn_picture_is_handed_over_and_said():
    table, shot = Table("fr"), Shot(PNG)
    ok, handed = share(table, shot)
    assert ok and handed == [(PNG, "compagnon-azul-3-2026-11-25.png")] and shot.ratios == [PIXEL_RATIO]
    assert table.said == [("Image enregistrée : compagnon-azul-3-2026-11-25.png", False)]


@pytest.mark.parametrize(("result", "refuse"), [(TimeoutError(), False), (b"<html>", False), (None, False),
                                                (PNG, True)], ids=["no drawing", "not a PNG", "nothing", "refused"])
@pytest.mark.parametrize("lang", ["fr", "en", "it"])
def test_a_picture_that_cannot_be_made_or_handed_over_is_one_clear_line_in_the_table_s_language(result, refuse,
                                                                                               lang):
    table = Table(lang)
    ok, handed = share(table, Shot(result), refuse=refuse)
    assert not ok and handed == []
    assert table.said == [(t("share_failed", lang), True)]
    assert {"fr": "n'a pas pu être faite", "en": "could not be made", "it": "Non è stato possibile"}[lang] in \
        table.said[0][0]
