"""Every screen of every game in French, English and Italian on a desktop window (1280×800, issue #20):
the phone-size walk of :mod:`tests.browser.test_languages` (its seeded history, its checks for words of
another language and for boxes overflowing), at the size where the navigation is a rail and a match and the
statistics are two panes, over one more screen (the Data place) — and one more check: **text cut short**.

Flutter draws text on a canvas; a text cut with "…" keeps its whole text in the accessibility tree, so
the cut is found by measuring: a text node's box is one or more lines of its font (a line is the font's
size times Roboto's 1.1719, or times the line height of Material 3's text styles: 1.333, 1.4286 or 1.5),
and a text that does not wrap into that many lines at any size the box's height allows (measured in the
regular weight without letter spacing, word by word) was cut.  An icon button named by its tooltip (a box of
48 px or so), a field, a check box, a tile — every node with a role — is left aside: its box has padding
beside its text, and a button grows to its text (what overflows is the other check's).
"""

from __future__ import annotations

import pytest

from app.i18n import LANGUAGES
from tests.browser.test_languages import screen_name, walk_every_screen

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
#: the texts cut short: leaves of the semantics tree whose one-line text cannot fit its box
CLIPPED = """async () => {
    if (!window.__walkFont) {
        const face = new FontFace('WalkRoboto', 'url(/assets/fonts/roboto.woff2)');
        await face.load();
        document.fonts.add(face);
        window.__walkFont = document.createElement('canvas').getContext('2d');
    }
    const ctx = window.__walkFont;
    const width = (text, size) => { ctx.font = `${size}px WalkRoboto`; return ctx.measureText(text).width; };
    // the lines a text takes at ``size`` in a box ``room`` wide, wrapped word by word (a word wider than
    // ``box`` broken where it must)
    const lines = (text, size, room, box) => {
        let count = 1, line = '';
        for (const word of text.split(/\\s+/).filter(Boolean)) {
            const longer = line ? `${line} ${word}` : word;
            if (width(longer, size) <= room) { line = longer; continue; }
            if (line) count += 1;
            const alone = width(word, size);
            if (alone > box) count += Math.ceil(alone / box) - 1;
            line = word;
        }
        return count;
    };
    const out = [];
    for (const el of document.querySelectorAll('flt-semantics')) {
        if (el.querySelector('flt-semantics')) continue;  // a leaf: one text, not a merged group
        const label = (el.getAttribute('aria-label') || el.textContent || '').trim();
        const r = el.getBoundingClientRect();
        if (!label || label.includes('\\n') || r.width === 0 || r.height < 8) continue;
        const role = el.getAttribute('role');  // a text is a node without a role (or "text"); a button,
        if (role && role !== 'text') continue;  // a field, a box or a tile has its padding, and grows to its text
        let shaped = false, fits = false;
        for (const ratio of [1.1719, 1.3333, 1.4286, 1.5])
            for (let count = 1; count <= Math.floor(r.height / 11) && !fits; count++)
                for (let size = 10; size <= 36 && !fits; size++)
                    if (Math.abs(count * size * ratio - r.height) <= 1.5) {
                        // the box holds ``count`` lines of ``size``: the text wraps into that many (within
                        // 8 %: the canvas leaves out Flutter's letter spacing)
                        shaped = true;
                        const box = r.width + 2;
                        fits = lines(label, size, box, box) <= count
                            && count <= lines(label, size, r.width * 0.92, box);
                    }
        if (shaped && !fits) out.push(`${label.slice(0, 80)} is cut [${Math.round(r.width)}×${Math.round(r.height)}]`);
    }
    return out;
}"""


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_screen_at_desktop_size_speaks_one_language_and_nothing_is_cut(tmp_path, browser, lang):
    def shot(path: str) -> str | None:
        wanted = path in ("/", "/stats", "/data") or path.startswith(("/match/", "/history/"))
        return f"languages-desktop-{lang}-{screen_name(path)}" if wanted else None

    walk_every_screen(tmp_path, browser, lang, DESKTOP, more=("/data",), checks=(CLIPPED,), shot=shot)


def test_the_cut_text_check_catches_an_ellipsis_and_lets_wrapped_text_be(server, browser):
    """The check itself, on known boxes (so that a green walk means something): the app's name in a box
    too narrow for it (the "Com…" of a 390-px header), the same in a box wide enough, a text wrapped on two
    lines of its box, and an icon button named by a long tooltip."""
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    # a blank page on the server's origin (for the font's address)
    page.route(server.url + "/blank", lambda route: route.fulfill(body="<html><body></body></html>",
                                                                 content_type="text/html"))
    page.goto(server.url + "/blank")
    page.evaluate("""html => { document.body.innerHTML = html; }""",
        '<flt-semantics style="position:absolute;left:0;top:0;width:60px;height:26px">Compagnon</flt-semantics>'
        '<flt-semantics style="position:absolute;left:0;top:40px;width:130px;height:26px">Compagnon</flt-semantics>'
        '<flt-semantics style="position:absolute;left:0;top:80px;width:100px;height:34px">'
        'Le compagnon de table</flt-semantics>'
        '<flt-semantics role="button" aria-label="Données : exporter, sauvegarder, importer, restaurer" '
        'style="position:absolute;left:0;top:130px;width:48px;height:48px"></flt-semantics>')
    found = page.evaluate(CLIPPED)
    ctx.close()
    assert [f.split(" [")[0] for f in found] == ["Compagnon is cut"], found
