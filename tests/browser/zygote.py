"""A server factory for the browser tests: one process per test worker that has imported the app once,
and forks a ``compagnon`` server for each test (``tests/browser/conftest.py:Server``).

Each test has its own server process, data folder and log, as with ``python -m app.main``; what the fork
saves is the start of Python and the imports (Flet, SQLAlchemy, SQLModel, the screens, the engines):
about 2.5 s of CPU a server, some 85 servers a run on two cores.  The forked child runs the installed
script's entry point (``app.main.cli``, as ``compagnon`` does), in a session of its own (a kill reaches
its whole group), with the test's environment and its output in the test's log.

Protocol, one JSON line each way: ``{"argv": [...], "env": {...}, "log": "path"}`` → ``{"pid": N}``.
Nothing here opens a database, a socket or a thread before the fork: the child starts them.
"""
from __future__ import annotations

import gc
import json
import os
import signal
import sys
import threading
import traceback


def prepare() -> None:
    """Import what a server imports on its way to its first pages (app.main.warm_up), without running it."""
    import flet.components.component  # noqa: F401
    import flet_web.fastapi  # noqa: F401
    import uvicorn  # noqa: F401

    import app.layout  # noqa: F401
    import app.main  # noqa: F401
    import app.theme  # noqa: F401
    import db.store  # noqa: F401
    from app.fields import load as load_renderers
    from app.screens import load_all
    from scoring import all_games

    all_games()
    load_all()
    load_renderers()
    assert threading.active_count() == 1, f"a thread before the fork: {threading.enumerate()}"
    gc.collect()
    gc.freeze()  # the imported objects stay shared with the children (no copy at their first collection)


def child(request: dict) -> None:
    """In the forked child: become the test's server (never returns)."""
    code = 1
    try:
        os.setsid()
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        log = os.open(request["log"], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(log, 1)
        os.dup2(log, 2)
        os.environ.clear()
        os.environ.update(request["env"])
        os.chdir(request.get("cwd", os.getcwd()))
        sys.argv = ["compagnon", *request["argv"]]
        from app.main import cli

        cli(request["argv"])
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:  # noqa: BLE001 - a server that fails says why in its log, as a process would
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def serve() -> None:
    prepare()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the kernel reaps the servers: no zombies to wait for
    print(json.dumps({"ready": os.getpid()}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            child(request)
        print(json.dumps({"pid": pid}), flush=True)


if __name__ == "__main__":
    serve()
