"""The wheel holds the whole app: every module of app, scoring and db, every asset, each game's emblem.

Built as ``.ci/wheel.py`` builds it (from the work tree's files, with ``pip wheel``); ``.ci/run`` then
installs it in a fresh environment, serves it and opens every screen.  A wheel that lacked
``app/screens/`` or the assets under ``assets/*/`` installed an app that failed at its first page.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: what assets/ holds that is no part of the app: the artwork's sources and its notes
NOT_SHIPPED = {"assets/_make.py", "assets/_sounds.py", "assets/README.md"}


def _ci_wheel():
    spec = importlib.util.spec_from_file_location("ci_wheel", ROOT / ".ci" / "wheel.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_wheel_holds_every_module_asset_and_emblem(tmp_path):
    wheel = _ci_wheel().build(tmp_path)
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        (meta,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        metadata = z.read(meta).decode()
        (entry,) = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
        entry_points = z.read(entry).decode()
    tracked = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "app", "scoring", "db",
                              "assets"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    tracked = [t for t in tracked if (ROOT / t).is_file()]
    expected = {("app/" + t if t.startswith("assets/") else t) for t in tracked
                if t not in NOT_SHIPPED and (t.endswith(".py") or t.startswith("assets/") or t.endswith(".svg"))}
    assert {"app/screens/match.py", "scoring/core/contract.py", "scoring/games/apaches/emblem.svg",
            "app/assets/sounds/time-up.wav", "app/assets/icons/icon-192.png"} <= expected
    assert expected - names == set(), "missing from the wheel"
    top = {n.split("/")[0] for n in names}
    assert {t for t in top if not t.endswith(".dist-info")} == {"app", "scoring", "db"}, top
    assert not [n for n in names if "__pycache__" in n or n.startswith("app/assets/_")]
    assert "compagnon = app.main:cli" in entry_points
    # Pre-1.0 libraries may break their API at any minor release.
    assert "sqlmodel<0.1,>=0.0.22" in metadata.replace(" ", "") or "sqlmodel>=0.0.22,<0.1" in metadata.replace(" ", "")


def test_every_asset_is_drawn_by_something():
    """assets/ holds only what the app or its web client uses (24 SVGs that nothing drew were removed):
    each file is named by the app's code (an f-string's ``{…}`` standing for any name), by the web
    manifest or by Flet's web page; ``icon.svg`` is the source of the PNG icons."""
    import flet_web

    names = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "app").rglob("*.py"))
    names += (ROOT / "assets" / "manifest.json").read_text(encoding="utf-8")
    names += (Path(flet_web.__file__).parent / "web" / "index.html").read_text(encoding="utf-8")
    named = re.findall(r"[\w{}-]+/[\w{}.-]+\.(?:svg|png|wav)", names)  # e.g. f"apprentis/{kind}.svg"
    patterns = {re.sub(r"\\\{[^}]*\\\}", "[^/]+", re.escape(m)) for m in named}
    unused = []
    for path in sorted((ROOT / "assets").rglob("*")):
        rel = path.relative_to(ROOT / "assets").as_posix()
        if path.is_dir() or f"assets/{rel}" in NOT_SHIPPED or rel == "icon.svg":
            continue
        if rel not in names and not any(re.fullmatch(p, rel) for p in patterns):
            unused.append(rel)
    assert unused == []
