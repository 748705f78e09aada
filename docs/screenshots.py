"""Take the README's screenshots in the three languages, on a phone and on a desktop window.

    .venv/bin/python docs/screenshots.py            # every language
    .venv/bin/python docs/screenshots.py it         # one language
    .venv/bin/python docs/screenshots.py club       # the statistics on a club's history (French)

For each language a server starts on a data folder of its own, holding a running and a finished match of
every game (played with each game's own legal moves, as the three-language browser test plays them:
:func:`tests.browser.test_languages.seed_data`), the host's language set to that one. Chromium (headless,
through Playwright, as the browser tests) then opens the home screen, a running Traction-Avant match, a
finished match's score sheet and the statistics at 390×844 and at 1280×800, and writes
``docs/screenshots/<lang>-<phone|desktop>-<screen>.png``.  ``club`` imports a generated BG Stats export of 260
plays of seven games (:func:`tests.bgstats_gen.generate`: the four engines' and three on the score pad) and
takes the statistics of its most seated player: ``stats-charts.png`` (a phone, at the score-over-time charts and
the head to head), ``stats-desktop.png`` (1280×800, the charts' pane) and ``stats-game.png`` (a phone, Robby Solo's
wins per player and score distribution).  Needs the test extras
(``pip install -e '.[test]'``) and Chromium (``/usr/bin/chromium``, or ``CHROMIUM=...``).
"""

from __future__ import annotations

import signal
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from app.i18n import LANGUAGES  # noqa: E402
from scoring import slugs  # noqa: E402
from tests.browser.conftest import ARGS, CHROMIUM, UI, Server  # noqa: E402
from tests.browser.test_languages import seed_data  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
SHOWN_GAME = "traction-avant"


def screens(routes: dict[str, list[str]]) -> dict[str, str]:
    """The screens to take, by name: the shown game's running match and score sheet (or the first)."""
    order = list(slugs())
    running = [r for r in routes["screens"] if r.startswith("/match/")]
    sheets = [r for r in routes["screens"] if r.startswith("/history/")]
    k = order.index(SHOWN_GAME) if SHOWN_GAME in order else 0
    return {"home": "/", "match": running[min(k, len(running) - 1)],
            "score-sheet": sheets[min(k, len(sheets) - 1)] if sheets else "/history", "stats": "/stats"}


@contextmanager
def serving(data: Path) -> Iterator[Server]:
    """The app on ``data``, killed at the end."""
    server = Server(data)
    server.start()
    try:
        yield server
    finally:
        server.kill(signal.SIGKILL)


def snap(ui: UI, name: str) -> Path:
    """The page as it is, written to ``docs/screenshots/<name>.png``."""
    target = OUT / f"{name}.png"
    ui.page.screenshot(path=str(target))
    return target


def shoot(browser: object, lang: str) -> list[Path]:
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        routes = seed_data(Path(tmp), lang)
        with serving(Path(tmp)) as server:
            for size, (width, height) in SIZES.items():
                ctx = browser.new_context(viewport={"width": width, "height": height})  # type: ignore[attr-defined]
                ui = UI(ctx.new_page(), server.url)
                for name, path in screens(routes).items():
                    ui.open(path)
                    ui.page.wait_for_timeout(800)
                    written.append(snap(ui, f"{lang}-{size}-{name}"))
                ctx.close()
    return written


def club(browser: object) -> list[Path]:
    """The statistics of a club's history (a generated BG Stats export), for the README's gallery."""
    import sqlite3

    from db.bgstats import import_plays
    from db.store import Store
    from tests.bgstats_gen import generate

    written = []
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'compagnon.db'}")
        import_plays(store, generate(7, plays=260, games=7, players=6))
        store.engine.dispose()
        with sqlite3.connect(Path(tmp) / "compagnon.db") as db:
            most = "SELECT player_id FROM seat GROUP BY player_id ORDER BY count(*) DESC LIMIT 1"
            top = db.execute(most).fetchone()[0]
        with serving(Path(tmp)) as server:
            # (picture, window, the player's or everyone's, the game chosen, the text brought up to two thirds down)
            for name, (width, height), path, game, below in (
                    ("stats-charts", SIZES["phone"], f"/stats/player/{top}", "", "Face à face"),
                    ("stats-desktop", SIZES["desktop"], f"/stats/player/{top}", "", ""),
                    ("stats-game", SIZES["phone"], "/stats", "Robby Solo", "Ordre de jeu")):
                ctx = browser.new_context(viewport={"width": width, "height": height})  # type: ignore[attr-defined]
                ui = UI(ctx.new_page(), server.url)
                ui.open(path)
                ui.see("parties")
                if game:
                    ui.choose("Jeu", game)
                    ui.see(f"{game} : ")
                for _ in range(30 if below else 0):  # scrolled with the wheel until it is two thirds down the screen
                    found = ui.reach(ui.page.get_by_text(below).first).bounding_box()
                    if found and found["y"] < height * 2 / 3:
                        break
                    ui.page.mouse.move(width / 2, height / 2)
                    ui.page.mouse.wheel(0, 200)
                    ui.page.wait_for_timeout(250)
                ui.page.mouse.move(2, height - 100)  # away from a chart: no point's tooltip in the picture
                ui.page.wait_for_timeout(1500)
                written.append(snap(ui, name))
                ctx.close()
    return written


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    langs = [] if argv == ["club"] else argv or list(LANGUAGES)
    unknown = [lang for lang in langs if lang not in LANGUAGES]
    if unknown:
        print(f"unknown language {unknown[0]!r}: choose among {', '.join(LANGUAGES)}", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for paths in ([shoot(browser, lang) for lang in langs] if langs else [club(browser)]):
                for path in paths:
                    print(path.relative_to(ROOT))
        finally:
            browser.close()
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
