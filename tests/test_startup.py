"""Start-up: the server answers before the database layer is imported, and a database that cannot
be opened still stops it with the reason (``app.main.warm_up``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bench.common import run_apart
from tests.browser.conftest import free_port

ROOT = Path(__file__).resolve().parent.parent



def test_importing_the_app_leaves_the_database_layer_for_later():
    code = "import sys, app.main; print(sorted(m for m in ('sqlalchemy', 'sqlmodel', 'db.store') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_database_that_cannot_be_opened_stops_the_server_with_the_reason(tmp_path):
    env = {**os.environ, "COMPAGNON_DATA_DIR": str(tmp_path),
           # nothing listens on port 1: the connection is refused at once
           "DATABASE_URL": "postgresql+psycopg://nobody@127.0.0.1:1/compagnon"}
    out = subprocess.run([sys.executable, "-m", "app.main", "--no-browser", "--port", str(free_port())],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert "Compagnon cannot open its database" in out.stderr
    assert "port 1 failed" in out.stderr
    assert out.stderr.count("Compagnon cannot open its database") == 1
    assert "http://" not in out.stdout  # a DATABASE_URL is opened before the server says where it runs


def test_a_screen_s_module_is_imported_when_the_screen_is_first_opened():
    code = ("import sys, app.screens as s\n"
            "before = [m for m in ('app.screens.stats', 'flet_charts', 'app.screens.match') if m in sys.modules]\n"
            "screen, params = s.resolve('/stats/player/4')\n"
            "print(before, screen.__module__, params, 'flet_charts' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[] app.screens.stats {'player_id': '4'} True"


def test_the_home_screen_waits_for_no_rule_engine():
    """The first page (home) lists the games from their cards: no engine's module is imported for it
    (the warm-up imports them once that page is drawn)."""
    code = ("import sys, app.main, app.screens as s\n"
            "home, _ = s.resolve('/')\n"
            "print(home.__module__, sorted(m for m in sys.modules if m.startswith('scoring.games.')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    module, loaded = out.stdout.strip().split(" ", 1)
    assert module == "app.screens.home"
    engines = [m for m in eval(loaded) if m.count(".") > 2 and not m.endswith(".card")]
    assert engines == []


# --------------------------------------------------------------------------- games from elsewhere

POCKET_CARD = '''from scoring import Card, Tr

CARD = Card("pocket", Tr("Poche", "Pocket"), Tr("Un jeu de poche.", "A pocket game."), 1, 2, "#8e24aa")
'''
POCKET_GAME = '''from scoring import Game
from pocket.card import CARD


class Pocket(Game):
    card = CARD


GAME = Pocket()
'''
#: a game may bring its own renderer for a field kind of its own (app.fields' loader imports it)
POCKET_WIDGETS = '''import flet as ft

from app.fields import register


@register("dial", start=lambda _f, _names: 7)
def dial(f, value, names, lang, set_value):
    return ft.Text(f"dial {f.label.get(lang)} = {value}")
'''


def pocket_game(root: Path, widgets: bool = False) -> Path:
    folder = root / "pocket"
    folder.mkdir()
    (folder / "card.py").write_text(POCKET_CARD, encoding="utf-8")
    (folder / "__init__.py").write_text(POCKET_GAME, encoding="utf-8")
    if widgets:
        (folder / "widgets.py").write_text(POCKET_WIDGETS, encoding="utf-8")
    return folder


def run_app(env_games: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COMPAGNON_DATA_DIR": str(tmp_path), "COMPAGNON_GAMES": env_games}
    return subprocess.run([sys.executable, "-m", "app.main", "--no-browser", "--port", str(free_port())],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_the_warm_up_leaves_the_first_page_no_flet_class_to_work_out_and_no_module_to_import():
    """What Flet does once per control class the first time it draws one (its validation rules, from the
    class's type hints: 70 ms of the first page) is done by the warm-up, for every control the home
    screen's sources name; and the header's way to the Data place imports no screen."""
    code = ("import sys\n"
            "from pathlib import Path\n"
            "import flet as ft, app.main as m\n"
            "from flet.utils.validation import _compile_class_spec as rules\n"
            "here = Path(m.__file__).parent\n"
            "m._name_flet_controls([here / 'main.py', here / 'layout.py', here / 'screens' / 'home.py'])\n"
            "known = rules.cache_info().currsize\n"
            "for cls in (ft.Text, ft.Column, ft.NavigationBar, ft.IconButton, ft.ListTile):\n"
            "    rules(cls)\n"
            "import app.layout\n"
            "print(known > 20, rules.cache_info().currsize == known, 'app.screens.data' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True True False"


def test_the_warm_up_leaves_its_objects_out_of_the_collections_and_the_collector_on(tmp_path):
    """The warm-up imports with the collector off; what it made then stays out of the collections (frozen),
    so that the first collection after it (during the first page's render, as a rule) does not walk it all."""
    code = ("import gc\n"
            "from pathlib import Path\n"
            "import app.main as m\n"
            "before = gc.get_freeze_count()\n"
            "m._ready_first_page(Path(m.__file__).parent, False)\n"
            "print(gc.isenabled(), gc.get_freeze_count() > before + 50_000, gc.get_count()[0] < 1_000)")
    env = {**os.environ, "COMPAGNON_DATA_DIR": str(tmp_path)}
    env.pop("DATABASE_URL", None)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "True True True"


def test_a_game_folder_in_compagnon_games_is_registered_with_its_renderers(tmp_path):
    """COMPAGNON_GAMES' folders are registered at start-up (their parent on sys.path), and a game's own
    ``widgets`` module registers the renderer of its own field kind: the generic forms find it."""
    folder = pocket_game(tmp_path, widgets=True)
    code = ("import os, sys, app.main as m\n"
            "from scoring import Field, Tr, find_game, slugs\n"
            "m.register_games(os.environ['COMPAGNON_GAMES'])\n"
            "from app.forms import defaults, field_control\n"
            "f = Field('d', Tr('Cadran', 'Dial'), 'dial')\n"
            "print(slugs()[-1], find_game('pocket').name.en, defaults([f], []),"
            " field_control(f, 3, [], 'en', print).value)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                         env={**os.environ, "COMPAGNON_GAMES": str(folder)})
    assert out.stdout.strip() == "pocket Pocket {'d': 7} dial Dial = 3"


def test_an_unusable_game_folder_stops_the_server_with_one_clear_line(tmp_path):
    missing = tmp_path / "nowhere"
    out = run_app(str(missing), tmp_path)
    assert out.returncode == 2
    assert out.stderr.strip() == (f"Compagnon cannot use the game folder {str(missing)!r} (COMPAGNON_GAMES): "
                                  "no such folder")
    half = tmp_path / "half"
    half.mkdir()
    (half / "__init__.py").write_text("GAME = None\n", encoding="utf-8")
    out = run_app(os.pathsep.join([str(pocket_game(tmp_path)), str(half)]), tmp_path)
    assert out.returncode == 2
    assert out.stderr.strip().endswith("not a game's package (it needs card.py)")
    assert "Traceback" not in out.stderr


def test_a_game_folder_cannot_take_a_built_in_game_s_slug(tmp_path):
    folder = pocket_game(tmp_path)
    (folder / "card.py").write_text(POCKET_CARD.replace('"pocket"', '"apaches"'), encoding="utf-8")
    out = run_app(str(folder), tmp_path)
    assert out.returncode == 2
    assert out.stderr.strip().endswith("its slug 'apaches' is already another game's")
    assert out.stderr.count("\n") == 1


def test_the_forms_import_no_game_s_widget_and_the_app_has_no_import_cycle():
    """The generic forms find a field's renderer by its kind; Les apprentis' painting grid is imported
    by the renderers' loader the first time a form asks for a renderer, never by app.forms itself."""
    code = ("import sys, app.forms\n"
            "before = 'app.fields.painting' in sys.modules\n"
            "from app.fields import renderer\n"
            "print(before, renderer('painting').draw.__module__)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False app.fields.painting"
    assert import_cycles(ROOT / "app") == []


def import_cycles(package: Path) -> list[list[str]]:
    """The groups of the package's modules that import one another (imports for type checking apart)."""
    import ast

    modules = {".".join(p.relative_to(package.parent).with_suffix("").parts).removesuffix(".__init__"): p
               for p in package.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                       and ast.unparse(node.test) == "TYPE_CHECKING" for n in ast.walk(node)}
        found: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                found |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
        graph[name] = {m for m in found if m in modules and m != name}
    cycles: list[list[str]] = []
    for start in sorted(graph):  # a module in a cycle reaches itself; its group: those it reaches back
        if start in _reach(graph, start) and not any(start in c for c in cycles):
            cycles.append(sorted(m for m in _reach(graph, start) if start in _reach(graph, m)))
    return cycles


def _reach(graph: dict[str, set[str]], start: str) -> set[str]:
    reach, todo = set(), list(graph[start])
    while todo:
        m = todo.pop()
        if m not in reach:
            reach.add(m)
            todo += graph[m]
    return reach


def test_the_warm_up_hands_the_lock_over_often_while_it_imports_and_python_s_interval_comes_back():
    from app import main

    before = sys.getswitchinterval()
    try:
        with main._yielding():
            assert sys.getswitchinterval() == main.WARM_UP_SWITCH < before
            raise KeyError("an import that fails")
    except KeyError:
        pass
    assert sys.getswitchinterval() == before


def test_the_web_client_s_files_are_sent_whole_in_reads_of_a_megabyte(tmp_path, monkeypatch):
    """``serve_files_in_big_reads``: a 3.5 MB file (the client's main module is 8.5 MB) is sent whole in
    four reads, not 54 of Starlette's 64 kB (each read is a trip through a worker thread)."""
    import anyio
    from starlette.responses import FileResponse

    from app import main

    monkeypatch.setattr(FileResponse, "chunk_size", FileResponse.chunk_size)  # put back after the test
    main.serve_files_in_big_reads()
    body = os.urandom(3_500_000)
    (tmp_path / "main.dart.wasm").write_bytes(body)
    sent: list[dict] = []

    async def receive() -> dict:
        await anyio.sleep_forever()
        return {}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": "/main.dart.wasm", "headers": [],
             "asgi": {"version": "3.0", "spec_version": "2.4"}}
    run_apart(FileResponse(tmp_path / "main.dart.wasm")(scope, receive, send))  # a worker may hold a loop
    chunks = [m["body"] for m in sent if m["type"] == "http.response.body" and m.get("body")]
    assert b"".join(chunks) == body
    assert [len(c) for c in chunks] == [1 << 20] * 3 + [len(body) - 3 * (1 << 20)]


def test_the_web_client_loads_only_the_fonts_a_screen_draws(tmp_path):
    """The web client loads every family of its FontManifest.json before it draws anything (24 files as
    Flet ships it); the server's lists the Material icons and Roboto, not the 20 files (870 kB) of
    Markdown's mathematics (KaTeX) and the Cupertino icons.  Measured: the first screen 140 ms sooner."""
    import json
    import urllib.request

    from tests.browser.conftest import Server

    server = Server(tmp_path)
    server.start()
    try:
        with urllib.request.urlopen(server.url + "/assets/FontManifest.json", timeout=10) as r:
            families = [f["family"] for f in json.loads(r.read())]
        with urllib.request.urlopen(server.url + "/assets/fonts/MaterialIcons-Regular.otf", timeout=10) as r:
            assert r.status == 200 and len(r.read()) > 100_000  # the icons' font is still served
    finally:
        server.kill()
    assert families == ["MaterialIcons", "Roboto"]


def test_no_screen_draws_with_a_font_the_web_client_no_longer_loads():
    """What would need the fonts left out of the manifest (app.main.UNDRAWN_FONTS): Flet's Markdown (its
    mathematics use KaTeX), the Cupertino icons, and the adaptive controls that draw Cupertino ones."""
    import re

    drawing = re.compile(r"\bft\.(Markdown|Cupertino\w*)\b|\badaptive\s*=")
    used = [f"{source.relative_to(ROOT)}: {found.group(0)}" for folder in ("app", "scoring")
            for source in (ROOT / folder).rglob("*.py")
            for found in drawing.finditer(source.read_text(encoding="utf-8"))]
    assert used == []
    assert drawing.search("ft.Markdown(text)") and drawing.search("ft.CupertinoSwitch()")  # what it looks for
