"""The wheel, as a user installs it: built, installed (not editable) in a fresh virtual environment,
served, and every screen opened in Chromium; fails on any traceback in the server's log.

    .venv/bin/python .ci/wheel.py          (run by .ci/run; exit status 1 on any failure)

1. The work tree's files (tracked and new, not the ignored ones: no ``.venv``, no stale ``*.egg-info``)
   are copied to a temporary folder and built there with ``pip wheel``.
2. A fresh virtual environment (``python3 -m venv``) gets the wheel and its dependencies; the
   packages must be imported from it, not from this repository.
3. With the installed code (and a fresh data folder), one match of every game is played with random
   legal moves (each game's ``sample_action``): one finished and scored, one in progress, a seat link.
4. ``compagnon --no-browser --port P`` from that environment serves them; Playwright opens the first
   route and goes to every other one in the same page, as a link or the back button does (home, new
   match and each game's form, players, a match, the history and a review, the statistics and a
   player's, the table and a seat), waits for the app's own warm-up (it imports every
   screen a few seconds after the first page), and reads the log.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import ARGS, CHROMIUM, UI, free_port  # noqa: E402  (after the path)

#: played with the installed code (``python -c``): prints the paths of the screens to open
PREPARE = textwrap.dedent("""
    import json, random
    from db.store import HOST, Store
    from scoring import find_game, slugs

    store = Store()
    people = [store.add_player(f"P{i}").id for i in range(6)]
    paths = ["/", "/new", "/players", "/history", "/stats", f"/stats/player/{people[0]}"]
    for n, slug in enumerate(slugs()):
        game = find_game(slug)
        paths.append(f"/new/{slug}")
        for finish in (True, False):
            options = {"players": game.min_players, **game.example_options}
            m = store.create_match(slug, options, people[:game.min_players], seed=f"w{n}")
            rng = random.Random(n)
            for _ in range(400 if finish else 12):
                lm = store.load(m)
                action = game.sample_action(lm.state, rng)
                if action is None:
                    break
                store.record(m, action, HOST)
            if finish and game.finished(store.load(m).state):
                store.finish(m)
                paths.append(f"/history/{m}")
            elif not finish:
                code = store.load(m).code
                paths += [f"/match/{m}", f"/table/{code}", f"/seat/{code}/{store.issue_seat_token(m, 0)}"]
    print(json.dumps(paths))
""")

#: the addresses of the games' pictures the installed app serves from their folders: each emblem, each card
#: a grid draws (a wheel without them serves every screen's text, and draws no picture)
PICTURES = textwrap.dedent("""
    import json
    from pathlib import PurePosixPath
    from scoring import find_game, slugs
    from scoring.core import registry

    urls = []
    for slug in slugs():
        emblem = registry.card(slug).emblem
        if emblem:
            urls.append(f"/emblems/{slug}{PurePosixPath(emblem).suffix}")
        cards = find_game(slug).cards
        if cards is not None and cards.pictures:
            urls += [f"/cards/{slug}/{kind}.svg" for kind, _word in cards.words]
    print(json.dumps(urls))
""")


def run(*cmd: str | Path, **kw: object) -> str:
    print("$", " ".join(str(c) for c in cmd), flush=True)
    out = subprocess.run([str(c) for c in cmd], check=True, capture_output=True, text=True, **kw)  # type: ignore[call-overload]
    return str(out.stdout)


def build(tmp: Path) -> Path:
    src, dist = tmp / "src", tmp / "dist"
    listed = run("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", cwd=ROOT).split("\0")
    for name in filter(None, listed):
        if (ROOT / name).is_file():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", dist, src)
    (wheel,) = dist.glob("compagnon-*.whl")
    return wheel


def install(tmp: Path, wheel: Path) -> Path:
    venv = tmp / "venv"
    run(os.environ.get("PYTHON", "python3"), "-m", "venv", venv)
    run(venv / "bin" / "python", "-m", "pip", "install", "-q", "--disable-pip-version-check", wheel)
    where = run(venv / "bin" / "python", "-c", "import app, scoring, db.store; print(app.__file__)", cwd=tmp)
    if not where.strip().startswith(str(venv)):
        raise SystemExit(f"app was imported from {where.strip()}, not from the fresh environment")
    return venv


def serve_and_open(tmp: Path, venv: Path) -> str:
    data = tmp / "data"
    data.mkdir()
    env = {**os.environ, "COMPAGNON_DATA_DIR": str(data)}
    for name in ("DATABASE_URL", "COMPAGNON_GAMES", "PYTHONPATH"):
        env.pop(name, None)
    paths = json.loads(run(venv / "bin" / "python", "-c", PREPARE, cwd=data, env=env))
    port = free_port()
    log = data / "server.log"
    proc = subprocess.Popen([str(venv / "bin" / "compagnon"), "--no-browser", "--port", str(port)], cwd=data,
                            env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT, start_new_session=True)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.time() + 60
        while True:
            try:
                with urllib.request.urlopen(base, timeout=1):
                    break
            except OSError as e:
                if time.time() > deadline or proc.poll() is not None:
                    said = log.read_text(errors="replace")[-3000:]
                    raise SystemExit(f"the installed app did not serve ({e}):\n{said}") from None
                time.sleep(0.3)
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            ui = UI(page, base)
            # the first route loaded, the others as route changes in the same page (a load of Flutter's
            # client costs the browser 4-5 s of CPU, taken from the tests running beside)
            for path in paths:
                ui.go(path)
                said = ui.text()
                print(f"  {path}: {len(said)} characters", flush=True)
                if "⚠" in said or "This page does not exist" in said or "Cette page n'existe pas" in said:
                    raise SystemExit(f"{path} shows an error:\n{said[:2000]}")
            page.wait_for_timeout(8000)  # the warm-up imports the rest 3 s after the first page
            browser.close()
        pictures = json.loads(run(venv / "bin" / "python", "-c", PICTURES, cwd=data, env=env))
        for url in pictures:
            try:
                with urllib.request.urlopen(base + url, timeout=10) as answer:
                    body = answer.read()
            except OSError as e:
                raise SystemExit(f"{url}: no picture from the installed app ({e})") from None
            if not body:
                raise SystemExit(f"{url}: an empty picture from the installed app")
        print(f"  {len(pictures)} pictures of the games served from their folders", flush=True)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)
    return log.read_text(errors="replace")


def main() -> None:
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="compagnon-wheel-") as name:
        tmp = Path(name)
        wheel = build(tmp)
        print(f"== built {wheel.name} ({wheel.stat().st_size // 1024} KiB) in {time.monotonic() - start:.0f} s",
              flush=True)
        venv = install(tmp, wheel)
        print(f"== installed in a fresh venv at {time.monotonic() - start:.0f} s", flush=True)
        said = serve_and_open(tmp, venv)
        print(f"== every screen opened at {time.monotonic() - start:.0f} s", flush=True)
    if "Traceback" in said:
        raise SystemExit("the installed app raised:\n" + said[max(0, said.index("Traceback") - 300):][:5000])
    print("== the installed wheel served every screen without a traceback", flush=True)


if __name__ == "__main__":
    try:
        main()
    except subprocess.CalledProcessError as e:
        raise SystemExit(f"{e.cmd} failed ({e.returncode}):\n{e.stdout}\n{e.stderr}") from None
