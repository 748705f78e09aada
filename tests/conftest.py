"""Fixtures shared by the database tests: one empty database per test, on SQLite and on PostgreSQL;
the order the tests are handed to the workers in (:func:`pytest_collection_modifyitems`).

``db_url`` is parametrised: the ``sqlite`` variant is a file in the test's temporary folder; the
``postgresql`` variant creates a fresh database on the server named by ``COMPAGNON_TEST_PG_URL``
(e.g. ``postgresql+psycopg://postgres@127.0.0.1:5432/postgres``; .ci/run starts a throw-away
server on loopback and sets it) and drops it afterwards.  Without that variable the PostgreSQL
variants are skipped, saying why.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import os
import secrets
import shutil
import tempfile
from collections.abc import Callable, Iterator

import pytest
from hypothesis import settings
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine, make_url

PG_ENV = "COMPAGNON_TEST_PG_URL"

# The terminal speaks the locale's language (db/terminal.py): the tests read what the servers and commands they start
# print in English, whatever the machine's locale (tests/test_terminal.py runs them in French and Italian).
for _var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_var, None)
os.environ["LANG"] = "C.UTF-8"
# The servers the tests start keep their compiled methods (app/codecache.py) in a folder of this run, not the user's.
_CACHE = tempfile.mkdtemp(prefix="compagnon-test-cache-")
atexit.register(shutil.rmtree, _CACHE, True)
os.environ["XDG_CACHE_HOME"] = _CACHE


def _pg_database(template: Callable[[Engine], str] | None = None) -> Iterator[str]:
    server = os.environ.get(PG_ENV)
    if not server:
        pytest.skip(f"{PG_ENV} is not set: no PostgreSQL server to test against (.ci/run starts one)")
    name = f"compagnon_test_{secrets.token_hex(4)}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as c:
            made_from = f' TEMPLATE "{template(admin)}"' if template else ""
            c.execute(text(f'CREATE DATABASE "{name}"{made_from}'))
        yield make_url(server).set(database=name).render_as_string(hide_password=False)
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


#: this process's PostgreSQL databases made by a store and left as they were, one per set of engines known
#: (their records are written at the schema's creation): the name of each, by that set
_TEMPLATES: dict[str, str] = {}


def _store_template(admin: Engine) -> str:
    """A database as a new :class:`db.store.Store` leaves it (the schema, its triggers, the engines' records),
    made once per worker and per set of engines: copying it (``CREATE DATABASE … TEMPLATE``) takes 0.08 s
    where creating the schema took 0.7 s, most of it the server's CPU, for each of some 130 tests."""
    from db import games
    from db.store import Store

    engines = json.dumps(games.engine_rows(), sort_keys=True, default=str)
    key = hashlib.sha256(engines.encode()).hexdigest()[:12]
    if key not in _TEMPLATES:
        name = f"compagnon_template_{os.getpid()}_{key}"
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            c.execute(text(f'CREATE DATABASE "{name}"'))
        made = Store(make_url(admin.url).set(database=name).render_as_string(hide_password=False))
        made.engine.dispose()  # a template is copied only while nobody is connected to it
        _TEMPLATES[key] = name
    return _TEMPLATES[key]


@pytest.fixture(scope="session", autouse=True)
def _drop_store_templates() -> Iterator[None]:
    yield
    server = os.environ.get(PG_ENV)
    if server and _TEMPLATES:
        admin = create_engine(server, isolation_level="AUTOCOMMIT")
        try:
            with admin.connect() as c:
                for name in _TEMPLATES.values():
                    c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        finally:
            admin.dispose()
        _TEMPLATES.clear()


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request) -> str:
    """Each backend the app supports (the tests' ids: ``[sqlite]``, ``[postgresql]``)."""
    return str(request.param)


@pytest.fixture
def db_url(backend, tmp_path) -> Iterator[str]:
    """The URL of an empty database, on each backend the app supports."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'h.db'}"
    else:
        yield from _pg_database()


@pytest.fixture
def store(backend, tmp_path):
    """A store on a new database, on each backend (:func:`backend`): on PostgreSQL a copy of one made by a
    store (:func:`_store_template`), the same tables, triggers and records a new store makes."""
    from db.store import Store

    if backend == "sqlite":
        s = Store(f"sqlite:///{tmp_path / 'h.db'}")
        yield s
        s.engine.dispose()
        return
    for url in _pg_database(template=_store_template):
        s = Store(url)
        try:
            yield s
        finally:
            s.engine.dispose()


@pytest.fixture
def sqlite_store(tmp_path):
    """A store on an empty SQLite file (what only SQLite does: its query plans, its file)."""
    from db.store import Store

    s = Store(f"sqlite:///{tmp_path / 'h.db'}")
    yield s
    s.engine.dispose()


# Property tests check behaviour, not speed (speed lives in bench/): no per-example deadline, which a
# loaded machine (CI, browser tests running beside) would trip at random.
settings.register_profile("compagnon", deadline=None)
settings.load_profile("compagnon")


#: the tests that took longest in a whole run (2026-11-25, a fresh clone of main at ee08c90, two workers, the
#: machine shared: docs/ci.md), longest first: they start first, so that none of them is left to run alone at
#: the end while the other workers have nothing to do.  A test missing here only starts later; keep the
#: list to the ones over about two minutes.
LONGEST = (
    "tests/test_summary.py::test_random_sequences_of_writes_keep_the_totals",  # 384 s on PostgreSQL
    "tests/browser/test_apaches.py::test_three_gangs_play_three_rounds_with_a_secret_bourgeois_and_find_the_winner_in_history",
    "tests/browser/test_robby_solo.py::test_four_people_and_robby_junior_play_rounds_score_and_find_it_in_history",
    "tests/browser/test_servers_sessions.py::test_pages_of_devices_gone_are_released_within_the_timeout",
    "tests/browser/test_network.py::test_host_and_three_phones_secret_orders_and_a_bourgeois",
    "tests/browser/test_toy_game.py::test_the_toy_game_is_played_from_its_folder_to_its_score_sheet",
    "tests/browser/test_apprentis.py::test_a_three_player_short_game_at_the_table",
    "tests/browser/test_languages.py::test_every_screen_of_every_game_speaks_one_language_and_fits",
    "tests/browser/test_trust_host_key.py::test_a_browser_is_the_host_by_the_key_alone_and_keeps_it",
    "tests/browser/test_traction_avant.py::test_two_turns_timers_heist_secret_orders_and_a_win",
    "tests/browser/test_trust_undo_reveal.py::test_a_reveal_cannot_be_undone_and_no_phone_header_names_a_row_id",
    "tests/browser/test_timer_sound.py::test_a_timer_chimes_near_the_end_and_at_zero_and_can_be_muted",
    "tests/browser/test_score_pad.py::test_a_play_of_an_unknown_game_is_logged_finished_and_found_in_history_and_statistics",
    "tests/browser/test_foundation.py::test_a_match_from_start_to_history_survives_undo_reload_and_a_killed_server",
    "tests/browser/test_a11y.py::test_every_interactive_control_of_the_main_screens_is_named_and_big_enough",
)


def pytest_collection_modifyitems(config, items) -> None:
    """The longest tests first, then the other browser tests, then the rest (fast ones last, to even out the
    end of a parallel run: .ci/test hands the workers one test at a time in this order).  A stable sort:
    within each group the files keep their order.  The longest are every other one at the start: xdist
    hands each worker its first two tests at once, and two of them on one worker would run one after the
    other while another worker is free."""

    def rank(item) -> tuple[int, int]:
        name = item.nodeid.split("[")[0]
        if name in LONGEST:
            return 0, LONGEST.index(name)
        return (1 if item.get_closest_marker("browser") else 2), 0

    items.sort(key=rank)
    longest = [item for item in items if rank(item)[0] == 0]
    rest = items[len(longest):]
    # (never more pairs than there are longest tests: a selection without them must lose no test)
    first = min(len(longest), len(rest), max(1, int(config.getoption("numprocesses", 0) or 0)))
    # one of the longest then a shorter one, for each worker's first two tests; then the longest in order
    paired = [item for pair in zip(longest[:first], rest, strict=False) for item in pair]
    items[:] = paired + longest[first:] + rest[first:]
