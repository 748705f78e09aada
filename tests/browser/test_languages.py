"""Every screen of every game in French, English and Italian (issue #20), on a phone (390×844).

One server and one browser page per language (parallel-safe: each test has its own data folder, written
before the server starts): the home screen, the new-match screen and each game's options, a running match
of each game (its panels and forms), a finished score sheet of each game in the history's review, the
history, the statistics, the players and a guest's table view. Each screen is scrolled from top to bottom;
the test fails on

- text of another language: a word that gives a language away (``round``, ``the``, ``player`` on a French
  page; ``joueur``, ``manche``… on an English or Italian one) or an app text shown in another language's
  words (the catalogues' own texts, line by line: an Italian screen showing a key's French because its
  Italian is missing);
- text overflowing its box across: a semantics node wider than the screen, or sticking out of its parent
  (outside scrolling rows).
"""

from __future__ import annotations

import random
import re
import signal
from collections.abc import Callable
from pathlib import Path

import pytest

from app.i18n import LANGUAGES, S
from db.store import HOST, Store
from scoring import find_game, slugs
from tests.browser.conftest import UI, Server, real_errors

pytestmark = pytest.mark.browser

NAMES = ("Ange", "Léa", "Hugo", "Sam", "Zoé", "Max")
#: words that give a language away, looked for on the other languages' screens ("round" is Italian as
#: well: the Traction-Avant rulebook's Italian half says it)
ENGLISH = r"the|player|players|score sheet|with|and"
GIVE_AWAY = {
    "fr": re.compile(rf"\b({ENGLISH}|round)\b", re.I),
    "en": re.compile(r"\b(joueurs?|manche|partie|banque|avec|pour)\b", re.I),
    "it": re.compile(rf"\b({ENGLISH}|joueurs?|manche|partie|banque|avec|pour)\b", re.I),
}


def proper_names() -> list[str]:
    """Names that read the same everywhere: the games', the players', the languages' own."""
    out = set(NAMES) | set(LANGUAGES.values())
    for slug in slugs():
        name = find_game(slug).name
        out |= {name.fr, name.en, name.get("it")}
    return sorted(out, key=len, reverse=True)


def foreign_lines(lang: str) -> dict[str, str]:
    """The app's texts as the other languages write them, where they differ from ``lang``'s: a line of
    the screen equal to one of them is a text shown in the wrong language."""
    out = {}
    for key, text in S.items():
        own = text.get(lang) if lang != "it" else None
        for other in ("fr", "en"):
            theirs = text.get(other)
            if other == lang or "{" in theirs or len(theirs) < 5:
                continue
            if theirs != (own if own is not None else _italian(key)):
                out[theirs] = f"{key} ({other})"
    return out


def _italian(key: str) -> str:
    from app.i18n import t

    return t(key, "it")


def seed_data(data_dir: Path, lang: str) -> dict[str, list[str]]:
    """A running and a finished match of every game, played with each game's own legal actions; the
    routes to walk."""
    store = Store(f"sqlite:///{data_dir / 'compagnon.db'}")
    store.set_setting("lang", lang)
    ids = [store.add_player(n).id or 0 for n in NAMES]
    running, finished, tables = [], [], []
    for k, slug in enumerate(slugs()):
        game = find_game(slug)
        n = game.min_players if game.min_players > 1 else 2
        options = {**game.example_options, "players": max(n, 3) if game.max_players >= 3 else n}
        need = game.seat_count(game.validate_options(options))
        for finish in (False, True):
            m = store.create_match(slug, options, ids[:need], seed=f"walk-{slug}-{finish}")
            rng = random.Random(k)
            for _ in range(12 if not finish else 800):
                lm = store.load(m)
                if finish and lm.game.finished(lm.state):
                    break
                action = lm.game.sample_action(lm.state, rng)
                if action is None:
                    break
                store.record(m, action, HOST)
            if finish and store.load(m).game.finished(store.load(m).state):
                store.finish(m)
                finished.append(f"/history/{m}")
            elif not finish:
                running.append(f"/match/{m}")
                tables.append(f"/table/{store.load(m).code}")
    store.engine.dispose()
    return {"screens": ["/", "/new", *[f"/new/{s}" for s in slugs()], *running, "/history", *finished, "/stats",
                        "/players"], "guest": tables[:1]}


BOXES = """() => {
    const W = window.innerWidth, out = [];
    const scrolls = el => { for (let p = el.parentElement; p; p = p.parentElement) {
        const s = getComputedStyle(p); if (s.overflowX === 'scroll' || s.overflowX === 'auto') return true; }
        return false; };
    for (const el of document.querySelectorAll('flt-semantics')) {
        const r = el.getBoundingClientRect();
        const label = (el.getAttribute('aria-label') || el.textContent || '').trim();
        if (!label || r.width === 0 || r.height === 0 || scrolls(el)) continue;
        const at = `${Math.round(r.left)}..${Math.round(r.right)}`;
        if (r.left < -1 || r.right > W + 1) { out.push(`${label.slice(0, 80)} [${at} of ${W}]`); continue; }
        const parent = el.parentElement && el.parentElement.closest('flt-semantics');
        if (!parent) continue;
        const q = parent.getBoundingClientRect();
        if (q.width > 0 && (r.left < q.left - 2 || r.right > q.right + 2))
            out.push(`${label.slice(0, 80)} sticks out of its box [${at} in ${q.left | 0}..${q.right | 0}]`);
    }
    return out;
}"""


def walk(ui: UI, path: str, checks: tuple[str, ...] = ()) -> tuple[list[str], list[str]]:
    """Go to ``path`` (in the app already open: :meth:`UI.go`) and scroll it top to bottom: every line it said,
    and every box that overflowed (or that one of ``checks``, more scripts returning lines like ``BOXES``,
    found wrong)."""
    ui.go(path)
    lines: list[str] = []
    boxes: list[str] = []
    ui.page.mouse.move(ui.mid_x(), 420)
    same = 0
    for _ in range(14):
        said = ui.text().split("\n")
        new = [s for s in said if s not in lines]
        lines += new
        boxes += [b for probe in (BOXES, *checks) for b in ui.page.evaluate(probe) if b not in boxes]
        same = same + 1 if not new else 0
        if same >= 2:
            break
        ui.page.mouse.wheel(0, 600)
        ui.page.wait_for_timeout(250)
        ui.settle(quiet_ms=250, max_ms=2500)
    return lines, boxes


def wrong_language(lang: str, lines: list[str], names: list[str], foreign: dict[str, str]) -> list[str]:
    out = []
    for line in lines:
        if line in foreign:
            out.append(f"{line!r}: the app text {foreign[line]}")
            continue
        plain = line
        for name in names:
            plain = plain.replace(name, " ")
        found = GIVE_AWAY[lang].search(plain)
        if found:
            out.append(f"{line[:120]!r}: {found[0]!r}")
    return out


def walk_every_screen(tmp_path, browser, lang: str, viewport: dict[str, int], more: tuple[str, ...] = (),
                      checks: tuple[str, ...] = (), shot: Callable[[str], str | None] = lambda _p: None) -> None:
    """Seed a history in ``lang``, serve it, and walk every screen (the seeded ones, then ``more``, then a
    guest's) at ``viewport``: each must say something, in ``lang`` only, with no box overflowing and none
    that ``checks`` finds wrong; ``shot(path)`` names the screenshot to take there (None: none).  The server's
    log must hold no error of the app's own."""
    routes = seed_data(tmp_path, lang)
    server = Server(tmp_path)
    server.start()
    ctx = browser.new_context(viewport=viewport)
    try:
        ui = UI(ctx.new_page(), server.url)
        names, foreign = proper_names(), foreign_lines(lang)
        problems: list[str] = []
        screens = routes["screens"] + list(more) + routes["guest"]
        assert any(p.startswith("/history/") for p in screens) and any(p.startswith("/match/") for p in screens)
        for path in screens:
            lines, boxes = walk(ui, path, checks)
            assert len(lines) > 3, f"{path} said nothing"
            problems += [f"{path}: {p}" for p in wrong_language(lang, lines, names, foreign)]
            problems += [f"{path}: {b}" for b in boxes]
            name = shot(path)
            if name:
                ui.shot(name)
        assert not problems, f"{len(problems)} problems on the {lang} screens:\n" + "\n".join(problems[:60])
    finally:
        ctx.close()
        server.kill(signal.SIGKILL)
    errors = real_errors(server.log.read_text(errors="replace"))
    assert not errors, "the server raised:\n" + "\n\n".join(errors)[:4000]


def screen_name(path: str) -> str:
    """A screenshot's name for ``path``: ``/match/3`` → ``match-3``, ``/`` → ``home``."""
    return path.strip("/").replace("/", "-") or "home"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_screen_of_every_game_speaks_one_language_and_fits(tmp_path, browser, lang):
    walk_every_screen(tmp_path, browser, lang, {"width": 390, "height": 844},
                      shot=lambda p: f"languages-{lang}-{screen_name(p)}" if p == "/" or p.startswith("/match/")
                      else None)


def test_the_walk_s_checks_catch_a_borrowed_word_a_foreign_text_and_an_overflow(browser):
    """The screen walk's own checks, on known slips (so that a green walk means something)."""
    names, foreign = proper_names(), foreign_lines("it")
    assert wrong_language("it", ["Manche 2 : révélation", "Round 2: rivelazione"], names, foreign) == \
        ["'Manche 2 : révélation': 'Manche'"]
    assert wrong_language("it", ["Les Apaches de Paris", "Ange"], names, foreign) == []
    assert wrong_language("fr", ["Ordre secret d'Ange (round 1)"], names, foreign_lines("fr")) == \
        ["\"Ordre secret d'Ange (round 1)\": 'round'"]
    assert wrong_language("it", ["Les jeux"], names, foreign) == ["'Les jeux': the app text games (fr)"]
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.set_content('<flt-semantics style="position:absolute;left:0;top:0;width:200px;height:40px">'
                     '<flt-semantics style="position:absolute;left:20px;top:0;width:170px;height:20px">fits'
                     '</flt-semantics><flt-semantics style="position:absolute;left:100px;top:20px;width:150px;'
                     'height:20px">sticks out</flt-semantics></flt-semantics>'
                     '<flt-semantics style="position:absolute;left:0;top:60px;width:500px;height:20px">too wide'
                     '</flt-semantics>')
    found = page.evaluate(BOXES)
    ctx.close()
    assert [f.split(" [")[0] for f in found] == ["sticks out sticks out of its box", "too wide"], found
