"""Where the database is, how to connect, and schema versioning.

SQLite in the user's data folder is the default (WAL, foreign keys on,
``synchronous=NORMAL`` which WAL keeps crash-safe for committed transactions);
``DATABASE_URL`` selects another database, e.g. PostgreSQL for a club.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import delete, event, insert, inspect, select, text
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError, OperationalError
from sqlmodel import Session, SQLModel, col, create_engine

from db import games, paths, summary
from db import seat_tokens as _seat_tokens  # noqa: F401 - registers the seat_token table
from db.models import SCHEMA_VERSION, GameRow, Meta, counts_for_stats, new_code
from scoring import Tr, cards


class CannotOpen(RuntimeError):
    """The database cannot be used: its address (``DATABASE_URL``) is not one, names a kind of database Compagnon
    does not keep its history in, its driver is missing, or the server or the file refused the connection.  Its
    message is English and names what is wrong (a password in the address never shown); :meth:`get` says it in
    French or Italian too (the terminal's language)."""

    def __init__(self, text: Tr) -> None:
        self.text = text
        super().__init__(text.en)

    def get(self, lang: str) -> str:
        return self.text.get(lang)


class SchemaTooNew(CannotOpen):
    """A database written by a newer Compagnon (its schema ``found``, this program's ``SCHEMA_VERSION``): left as
    it is."""

    def __init__(self, found: int) -> None:
        mine = SCHEMA_VERSION
        super().__init__(Tr(f"la base de données est au schéma {found}, plus récent que ce programme ({mine})",
                            f"database schema version {found} is newer than this app ({mine})",
                            it=f"il database è allo schema {found}, più recente di questo programma ({mine})"))
        self.found = found


#: the kinds of database Compagnon keeps its history in (SQLAlchemy's backend names)
KINDS = ("sqlite", "postgresql")
EXPECTED = "sqlite:///…/compagnon.db, postgresql://user:password@host/name"


def shown_url(url: str) -> str:
    """The address as it may be printed: its password hidden.

    >>> shown_url("postgresql://ana:s3cret@db.club:5432/compagnon")
    'postgresql://ana:***@db.club:5432/compagnon'
    >>> shown_url("postgres//ana:s3cret@db")
    'postgres//ana:***@db'
    >>> shown_url("sqlite:////home/ana/compagnon.db")
    'sqlite:////home/ana/compagnon.db'
    """
    return re.sub(r"(?<=:)[^:@/]+(?=@)", "***", url)


def _checked_url(url: str) -> URL:
    """``url`` parsed, of a kind Compagnon keeps its history in, or :class:`CannotOpen` saying what it is."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        said = shown_url(url)
        raise CannotOpen(Tr(f"DATABASE_URL n'est pas l'adresse d'une base de données : « {said} » "
                            f"(attendu : {EXPECTED})",
                            f"DATABASE_URL is not a database address: '{said}' (expected: {EXPECTED})",
                            it=f"DATABASE_URL non è l'indirizzo di un database: «{said}» "
                            f"(atteso: {EXPECTED})")) from None
    kind = parsed.get_backend_name()
    if kind not in KINDS:
        said = shown_url(url)
        raise CannotOpen(Tr(f"DATABASE_URL désigne une base {kind} (« {said} ») : Compagnon garde son historique "
                            "dans SQLite ou PostgreSQL",
                            f"DATABASE_URL names a {kind} database ('{said}'): Compagnon keeps its history in "
                            "SQLite or PostgreSQL",
                            it=f"DATABASE_URL indica un database {kind} («{said}»): Compagnon tiene la sua cronologia "
                            "in SQLite o PostgreSQL"))
    return parsed


def _refused(parsed: URL, error: DBAPIError) -> CannotOpen:
    """The server's or the file's refusal, in the driver's own words (not SQLAlchemy's wrapping of them)."""
    why = " ".join(str(error.orig).split())
    if parsed.password:
        why = why.replace(parsed.password, "***")
    if parsed.get_backend_name() == "sqlite":
        where = parsed.database or ":memory:"
        hint = "unable to open" in why  # SQLite's words for a folder missing or not writable
        return CannotOpen(Tr(f"le fichier SQLite {where} ne s'ouvre pas ({why})"
                             + (" : son dossier existe-t-il, et cet utilisateur peut-il y écrire ?" if hint else ""),
                             f"the SQLite file {where} cannot be opened ({why})"
                             + (": does its folder exist, and may this user write there?" if hint else ""),
                             it=f"il file SQLite {where} non si apre ({why})"
                             + (": la sua cartella esiste, e questo utente può scriverci?" if hint else "")))
    where = parsed.render_as_string(hide_password=True)
    return CannotOpen(Tr(f"{where} ne répond pas ou refuse la connexion : {why}",
                         f"{where} does not answer or refuses the connection: {why}",
                         it=f"{where} non risponde o rifiuta la connessione: {why}"))


BUSY_MS = 5000  # how long a SQLite write waits for another connection's write
MIGRATION_WAIT_MS = 600_000  # how long an opening waits for another process's migration
PG_MIGRATION_LOCK = 0x436F6D70  # "Comp": the advisory lock that serialises migrations on PostgreSQL


def database_url() -> str:
    url = os.environ.get("DATABASE_URL")
    if url:
        # Heroku-style URLs name the driver "postgres"; SQLAlchemy wants "postgresql".
        return "postgresql" + url[len("postgres"):] if url.startswith("postgres://") else url
    folder = paths.data_dir()
    problem = paths.unusable(folder)
    if problem:
        raise CannotOpen(Tr(problem[0], problem[1], it=problem[2]))
    return f"sqlite:///{folder / paths.FILE}"


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # The wait first: switching a new file to WAL needs a lock another process may be holding.
    cur.execute(f"PRAGMA busy_timeout={BUSY_MS}")
    _to_wal(cur)
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


def _to_wal(cur: Any) -> None:
    """``PRAGMA journal_mode=WAL``, tried again for :data:`BUSY_MS` while another process holds the file.

    Switching a file that is not in WAL yet (one an older release wrote) takes its exclusive lock from a
    shared one; of several processes opening it at the same moment (a server's warm-up and a command), one
    may be told "database is locked" at once, without SQLite's busy wait (which would deadlock two
    connections that both hold the shared lock).  CI saw an opening fail so (``test_db``'s four openers)."""
    deadline = time.monotonic() + BUSY_MS / 1000
    while True:
        try:
            cur.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def reads(engine: Engine) -> Connection:
    """A connection for reads and no write (a page of the history, a render of the Statistics screen): on
    PostgreSQL outside a transaction.  At PostgreSQL's READ COMMITTED each statement sees the database as it is
    when it starts, in a transaction or not, so the transaction bought nothing but its ``BEGIN`` and its
    ``ROLLBACK``, two round trips: two of a history page's seven, and a third of a small section's read.
    SQLite's reads gain nothing from it (no ``BEGIN`` is sent for them), and switching costs them 0.15 ms."""
    conn = engine.connect()
    return conn.execution_options(isolation_level="AUTOCOMMIT") if engine.dialect.name == "postgresql" else conn


def make_engine(url: str | None = None) -> Engine:
    """The database opened and migrated, or :class:`CannotOpen` naming what is wrong (:class:`SchemaTooNew`
    among them)."""
    url = url or database_url()
    parsed = _checked_url(url)
    try:
        if parsed.get_backend_name() == "sqlite":
            engine = create_engine(url, connect_args={"check_same_thread": False})
            event.listen(engine, "connect", _sqlite_pragmas)
        else:
            engine = create_engine(url, pool_pre_ping=True)
    except (ImportError, NoSuchModuleError) as e:  # a driver named in the address that is not installed
        name = parsed.drivername
        raise CannotOpen(Tr(f"le pilote de base de données « {name} » n'est pas installé ({e})",
                            f"the database driver '{name}' is not installed ({e})",
                            it=f"il driver di database «{name}» non è installato ({e})")) from None
    try:
        migrate(engine)
        refresh_statistics(engine)
    except DBAPIError as e:  # the server or the file refusing; a file that is no database; rights missing...
        engine.dispose()
        raise _refused(parsed, e) from None
    return engine


#: SQLite gathers no statistics of its own (PostgreSQL's autovacuum does): a file is analysed when it is
#: opened with at least this many score lines and none gathered, or four times as many as when they were
STATS_AFTER_LINES = 10_000


def refresh_statistics(engine: Engine) -> bool:
    """SQLite: gather the planner's statistics (``ANALYZE``, about 3 s at 100 000 matches) when the history
    has grown past :data:`STATS_AFTER_LINES` score lines without any, or fourfold since; returns whether it
    did.  Without them the planner weighs two indexes by their equal columns alone, and several of the
    history's and the statistics' statements are slower by orders of magnitude (docs/benchmarks.md).  A
    file another connection is writing is left for the next opening."""
    if engine.dialect.name != "sqlite":
        return False
    with engine.connect() as conn:
        lines = int(conn.exec_driver_sql("SELECT COALESCE(MAX(id), 0) FROM score").scalar() or 0)
        if lines < STATS_AFTER_LINES:
            return False
        then = 0
        if conn.exec_driver_sql("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").first():
            # a row's first number is the table's rows when they were gathered
            then = int(conn.exec_driver_sql("SELECT MAX(CAST(stat AS INTEGER)) FROM sqlite_stat1 "
                                            "WHERE tbl = 'score'").scalar() or 0)
        if then and lines < 4 * then:
            return False
        try:
            conn.exec_driver_sql("ANALYZE")
            conn.commit()
        except OperationalError:  # busy or read-only: the next opening tries again
            conn.rollback()
            return False
    return True


def _v2_covering_indexes(conn: Connection) -> None:
    """Version 2: ``match.first_seat`` and ``match.seats``; the statistics' covering indexes replace
    narrower ones.

    The new indexes are created with the DDL that version 2's models gave a new database; the
    old ones are dropped only once their successors exist.
    """
    # The seat that played first, from each match's set-up JSON, under the key its game's card names
    # (see db.models.first_seat).
    conn.exec_driver_sql("ALTER TABLE match ADD COLUMN first_seat INTEGER NOT NULL DEFAULT 0")
    if conn.dialect.name == "postgresql":
        key = "(setup::json ->> '{}')::int"
    else:
        key = "CAST(json_extract(setup, '$.{}') AS INTEGER)"
    for slug, card in cards().items():
        conn.execute(text(f"UPDATE match SET first_seat = COALESCE({key.format(card.first_seat_key)}, 0) "
                          "WHERE game = :game"), {"game": slug})
    # How many lines each match's score sheet has (0 for a match not scored yet).
    conn.exec_driver_sql("ALTER TABLE match ADD COLUMN seats INTEGER NOT NULL DEFAULT 0")
    conn.exec_driver_sql("UPDATE match SET seats = (SELECT COUNT(*) FROM score WHERE score.match_id = match.id)")
    # Version 2's indexes as version 2 defined them (version 3 replaced two of them).
    for name, table, columns in (
            ("ix_match_status_ended_game", "match", "status, ended_at, game, place"),
            ("ix_match_game_status_times", "match", "game, status, started_at, ended_at, first_seat, seats"),
            ("ix_match_id_status_game", "match", "id, status, game, ended_at, first_seat, seats"),
            ("ix_score_player_totals", "score", "player_id, match_id, total, winner, rank, seat_index"),
            ("ix_score_match_totals", "score", "match_id, seat_index, total, winner, player_id, rank")):
        conn.exec_driver_sql(f'CREATE INDEX IF NOT EXISTS {name} ON "{table}" ({columns})')
    for old in ("ix_match_status_ended", "ix_match_game_status", "ix_score_match_id", "ix_score_player_id"):
        conn.exec_driver_sql(f"DROP INDEX IF EXISTS {old}")
    conn.exec_driver_sql("ANALYZE")  # let the query planner know the new indexes at once


def _v3_score_copies(conn: Connection) -> None:
    """Version 3: ``score.game``, ``ended_at``, ``finished`` and ``turn_pos`` copied from each line's
    match (so that the statistics aggregate score lines without the join over every line), the
    indexes that read them, and the set-ups' and places' covering indexes on ``match``.

    ``turn_pos`` is :func:`db.models.turn_position` in SQL: ``(seat_index - first_seat) mod seats``
    (SQL's ``%`` keeps the sign of a negative operand, hence the second turn), NULL without seats.
    """
    conn.exec_driver_sql("ALTER TABLE score ADD COLUMN game VARCHAR(40) NOT NULL DEFAULT ''")
    conn.exec_driver_sql(f"ALTER TABLE score ADD COLUMN ended_at "
                         f"{'TIMESTAMP WITH TIME ZONE' if conn.dialect.name == 'postgresql' else 'DATETIME'}")
    conn.exec_driver_sql(f"ALTER TABLE score ADD COLUMN finished BOOLEAN NOT NULL DEFAULT "
                         f"{'false' if conn.dialect.name == 'postgresql' else '0'}")
    conn.exec_driver_sql("ALTER TABLE score ADD COLUMN turn_pos INTEGER")
    seats = "NULLIF(m.seats, 0)"
    if conn.dialect.name == "postgresql":  # psycopg reads a bare % as a placeholder
        turn = f"MOD(MOD(score.seat_index - m.first_seat, {seats}) + {seats}, {seats})"
    else:
        turn = f"((score.seat_index - m.first_seat) % {seats} + {seats}) % {seats}"
    conn.exec_driver_sql(
        "UPDATE score SET "
        'game = (SELECT m.game FROM "match" m WHERE m.id = score.match_id), '
        'ended_at = (SELECT m.ended_at FROM "match" m WHERE m.id = score.match_id), '
        'finished = (SELECT m.status = \'finished\' FROM "match" m WHERE m.id = score.match_id), '
        f'turn_pos = (SELECT {turn} FROM "match" m WHERE m.id = score.match_id)')
    conn.exec_driver_sql("CREATE INDEX IF NOT EXISTS ix_match_game_status_options ON \"match\" "
                         "(game, status, options, started_at, ended_at, first_seat, id)")  # as version 3 had them
    conn.exec_driver_sql('CREATE INDEX IF NOT EXISTS ix_match_status_place ON "match" (status, place, id)')
    for name, columns in (  # as version 3 had them (version 8 widened two)
            ("ix_score_player_lines", "player_id, finished, ended_at, game, total, winner, turn_pos, rank, match_id"),
            ("ix_score_player_wins", "player_id, finished, winner"),
            ("ix_score_game_lines", "game, finished, ended_at, total, winner, turn_pos, player_id, match_id")):
        conn.exec_driver_sql(f"CREATE INDEX IF NOT EXISTS {name} ON score ({columns})")
    conn.exec_driver_sql("DROP INDEX IF EXISTS ix_score_player_totals")  # ix_score_player_lines covers more
    conn.exec_driver_sql("ANALYZE")


def _v4_game_summary(conn: Connection) -> None:
    """Version 4: the per-game and per-player running totals (``game_summary``, ``game_score``,
    ``player_summary``).  The triggers that keep them (:mod:`db.summary`) are today's, which read
    version 7's to 11's columns: :func:`_v7_counts_pairs_seats` fills every total from the matches and score
    lines, :func:`_v11_player_matches` installs them (the steps run together, in one transaction, up to the
    latest)."""
    tables = {t.name: t for t in SQLModel.metadata.sorted_tables}
    for name in ("game_summary", "game_score", "player_summary"):
        tables[name].create(conn, checkfirst=True)


def _v5_codes_hosts_changes(conn: Connection) -> None:
    """Version 5: each match's unguessable ``code`` (existing matches get theirs here, from
    :mod:`secrets`), unique; the tables ``host_device`` and ``change_feed`` come from the models."""
    conn.exec_driver_sql("ALTER TABLE match ADD COLUMN code VARCHAR(32) NOT NULL DEFAULT ''")
    ids = [row[0] for row in conn.exec_driver_sql("SELECT id FROM match")]
    if ids:
        conn.execute(text("UPDATE match SET code = :code WHERE id = :id"),
                     [{"code": new_code(), "id": i} for i in ids])
    conn.exec_driver_sql("CREATE UNIQUE INDEX ix_match_code ON match (code)")


def _engine_games(conn: Connection) -> None:
    """The engines' records in the ``game`` table (those not there yet)."""
    have = {row[0] for row in conn.exec_driver_sql("SELECT key FROM game")}
    rows = [r for r in games.engine_rows() if r["key"] not in have]
    if rows:
        conn.execute(insert(GameRow), rows)


def _v6_games(conn: Connection) -> None:
    """Version 6: the ``game`` table (:class:`db.models.GameRow`), filled with the engines' records
    and the games named by the score-pad matches already there, whose ``match.game`` and score lines'
    ``game`` become ``pad:<key>`` (:func:`db.games.pad_key`); the running totals are rebuilt."""
    tables = {t.name: t for t in SQLModel.metadata.sorted_tables}
    tables["game"].create(conn, checkfirst=True)
    _engine_games(conn)
    named: dict[str, tuple[str, int, str]] = {}
    for match_id, setup, options in conn.execute(
            text("SELECT id, setup, options FROM match WHERE game = :pad"), {"pad": games.PAD}).all():
        opts = json.loads(options or "{}")
        name = str(json.loads(setup or "{}").get("game_name") or opts.get("game_name") or "")
        key = games.pad_key(name)
        named.setdefault(key, (name, int(opts.get("bgg_id") or 0), str(opts.get("kind") or "high")))
        for table in ("match", "score"):
            column = "id" if table == "match" else "match_id"
            conn.execute(text(f"UPDATE {table} SET game = :key WHERE {column} = :id"), {"key": key, "id": match_id})
    if named:  # the running totals are rebuilt by version 7's step
        conn.execute(insert(GameRow), [{"key": k, "name": n[:80] or k, "bgg_id": b, "kind": kind,
                                        "colour": games.colour_for(k)} for k, (n, b, kind) in named.items()])


def _v7_counts_pairs_seats(conn: Connection) -> None:
    """Version 7: ``match.counts`` (:func:`db.models.counts_for_stats`: score-pad plays whose option
    ``counts`` is off and BG Stats plays marked ``ignored`` do not count), their score lines no longer
    counted (``score.finished`` false); the per-pair and per-turn-position running totals; the
    player-count filter's index; every running total of versions 4 to 7 rebuilt from the rows (the
    triggers that keep them come with version 11's step).  Only plays of the score pad or from BG Stats
    can be left out, so only their JSON is read."""
    pg = conn.dialect.name == "postgresql"
    if "counts" not in {c["name"] for c in inspect(conn).get_columns("match")}:  # a database made from newer models
        conn.exec_driver_sql(f"ALTER TABLE match ADD COLUMN counts BOOLEAN NOT NULL DEFAULT {'true' if pg else '1'}")
    tables = {t.name: t for t in SQLModel.metadata.sorted_tables}
    for name in ("pair_summary", "seat_summary"):
        tables[name].create(conn, checkfirst=True)
    left_out = [mid for mid, options, setup in conn.execute(
        text("SELECT id, options, setup FROM match WHERE game LIKE :pad OR seed LIKE :imported"),
        {"pad": "pad:%", "imported": "bgstats:%"}) if not counts_for_stats(options, setup)]
    no = False if pg else 0
    for mid in left_out:
        conn.execute(text("UPDATE match SET counts = :no WHERE id = :id"), {"no": no, "id": mid})
        conn.execute(text("UPDATE score SET finished = :no WHERE match_id = :id"), {"no": no, "id": mid})
    for index in tables["match"].indexes:  # the new one, and four that now cover ``counts``
        if index.name in ("ix_match_status_ended_game", "ix_match_game_status_times", "ix_match_game_status_options",
                          "ix_match_status_place"):
            conn.exec_driver_sql(f"DROP INDEX IF EXISTS {index.name}")
        if index.name in ("ix_match_status_seats", "ix_match_status_ended_game", "ix_match_game_status_times",
                          "ix_match_game_status_options", "ix_match_status_place"):
            index.create(conn, checkfirst=True)
    summary.rebuild_totals(conn)  # the triggers that keep them: version 11's step (they read its columns)


def _v8_copies_and_cubes(conn: Connection) -> None:
    """Version 8: each score line's copies of its match's place, number of lines and options (filled
    from the matches here; a trigger keeps them after), the running totals per month, place and player
    count (:mod:`db.cubes`), the indexes that read the copies; the new totals rebuilt from the rows (the
    triggers of :mod:`db.summary` that keep them are installed by version 11's step)."""
    pg = conn.dialect.name == "postgresql"
    have = {c["name"] for c in inspect(conn).get_columns("score")}
    for name, ddl in (("place", "VARCHAR(120) NOT NULL DEFAULT ''"), ("seats", "INTEGER NOT NULL DEFAULT 0"),
                      ("options", "TEXT NOT NULL DEFAULT '{}'")):
        if name not in have:  # a database made from newer models has them
            conn.exec_driver_sql(f"ALTER TABLE score ADD COLUMN {name} {ddl}")
    if pg:
        conn.exec_driver_sql('UPDATE score SET place = m.place, seats = m.seats, options = m.options '
                             'FROM "match" m WHERE m.id = score.match_id')
    else:
        conn.exec_driver_sql('UPDATE score SET (place, seats, options) = (SELECT m.place, m.seats, m.options '
                             'FROM "match" m WHERE m.id = score.match_id)')
    tables = {t.name: t for t in SQLModel.metadata.sorted_tables}
    for name in ("match_month", "line_month", "player_month", "player_place", "pair_place"):  # version 10's too:
        tables[name].create(conn, checkfirst=True)  # the triggers of version 11's step keep it
    for index in tables["score"].indexes:  # three widened, two new
        if index.name in ("ix_score_player_lines", "ix_score_game_lines", "ix_score_match_totals"):
            conn.exec_driver_sql(f"DROP INDEX IF EXISTS {index.name}")
        if index.name in ("ix_score_player_lines", "ix_score_game_lines", "ix_score_match_totals",
                          "ix_score_game_seats", "ix_score_ended"):
            index.create(conn, checkfirst=True)
    summary.rebuild_cubes(conn)  # the triggers that keep them: version 11's step (they read its column)
    conn.exec_driver_sql("ANALYZE")


def _v9_equal_first_indexes(conn: Connection) -> None:
    """Version 9: a player's lines of one game (``ix_score_player_game``) and a player's seat at one match
    (``ix_seat_match_player``), as the models declare them; then the planner's statistics."""
    tables = {t.name: t for t in SQLModel.metadata.sorted_tables}
    for table, name in (("score", "ix_score_player_game"), ("seat", "ix_seat_match_player")):
        for index in tables[table].indexes:
            if index.name == name:
                index.create(conn, checkfirst=True)
    conn.exec_driver_sql("ANALYZE")


def _v10_pair_places(conn: Connection) -> None:
    """Version 10: the duels per place and player count (``pair_place``, :class:`db.models.PairPlace`) and
    its rows from the lines (its trigger, :mod:`db.summary`, comes with version 11's step); then the
    planner's statistics.  (Version 8's step, run before it on an older database, has made the table
    already.)"""
    tables = {t.name: t for t in SQLModel.metadata.sorted_tables}
    tables["pair_place"].create(conn, checkfirst=True)
    summary.rebuild_pair_places(conn)
    conn.exec_driver_sql("ANALYZE")


def _v11_player_matches(conn: Connection) -> None:
    """Version 11: each score line's copy of its match's start (``score.started_at``, filled from the
    matches here, kept by the trigger that keeps the other copies), the lines of the matches each player
    sat at (``player_match_turn``, ``player_match_total``: :class:`db.models.PlayerMatchTurn`), their
    trigger (:mod:`db.summary`) and their rows from the lines; then the planner's statistics.  Every trigger
    of :mod:`db.summary` is (re)installed here, once the column they read is filled (the steps of versions
    8 and 10 made tables the triggers keep and left them to this step)."""
    pg = conn.dialect.name == "postgresql"
    if "started_at" not in {c["name"] for c in inspect(conn).get_columns("score")}:  # newer models have it
        conn.exec_driver_sql(f"ALTER TABLE score ADD COLUMN started_at "
                             f"{'TIMESTAMP WITH TIME ZONE' if pg else 'DATETIME'}")
    if pg:
        conn.exec_driver_sql('UPDATE score SET started_at = m.started_at FROM "match" m WHERE m.id = score.match_id '
                             "AND score.started_at IS DISTINCT FROM m.started_at")
    else:
        conn.exec_driver_sql('UPDATE score SET started_at = (SELECT m.started_at FROM "match" m '
                             'WHERE m.id = score.match_id) WHERE started_at IS NOT (SELECT m.started_at '
                             'FROM "match" m WHERE m.id = score.match_id)')
    tables = {t.name: t for t in SQLModel.metadata.sorted_tables}
    for name in ("player_match_turn", "player_match_total"):
        tables[name].create(conn, checkfirst=True)
    summary.install(conn)
    summary.rebuild_mates(conn)
    conn.exec_driver_sql("ANALYZE")


# Each entry upgrades the schema from version N-1 to N, inside the one transaction of
# :func:`migrate` (on PostgreSQL a failed step leaves the database as it was).  Version 1 is
# the first release: tables are created from the models.  tests/test_db.py opens databases
# written with the version-1, -2 and -3 schemas (tests/data/schema-v*.*.sql) and checks every step.
# This is the project's equivalent of Alembic: a handful of steps, no autogeneration needed.
MIGRATIONS: dict[int, Callable[[Connection], None]] = {2: _v2_covering_indexes, 3: _v3_score_copies,
                                                       4: _v4_game_summary, 5: _v5_codes_hosts_changes,
                                                       6: _v6_games, 7: _v7_counts_pairs_seats,
                                                       8: _v8_copies_and_cubes, 9: _v9_equal_first_indexes,
                                                       10: _v10_pair_places, 11: _v11_player_matches}


def schema_version(engine: Engine | Connection) -> int:
    if not inspect(engine).has_table("meta"):
        return 0
    if isinstance(engine, Connection):
        value = engine.execute(select(col(Meta.value)).where(col(Meta.key) == "schema_version")).scalar()
    else:
        with Session(engine) as s:
            row = s.get(Meta, "schema_version")
            value = row.value if row else None
    return int(value) if value is not None else 0


def _lock_for_migration(conn: Connection) -> None:
    """Begin a transaction that no other process's migration can run beside.

    Two processes may open the same new database at once (a server's warm-up and a command, two
    club machines on one PostgreSQL): without this both would create the tables, and the second
    would fail half-way ("table meta already exists").  SQLite: ``BEGIN IMMEDIATE`` takes the
    database's write lock (the other opening waits for it); PostgreSQL: a transaction-scoped
    advisory lock.  Either is released by the commit or the rollback.
    """
    if conn.dialect.name == "sqlite":
        conn.exec_driver_sql(f"PRAGMA busy_timeout={MIGRATION_WAIT_MS}")
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    elif conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": PG_MIGRATION_LOCK})


def migrate(engine: Engine) -> int:
    """Bring the database to :data:`SCHEMA_VERSION`; returns the version found.

    The whole upgrade (tables, steps, the version number) is one transaction, taken under a lock
    and after reading the version again inside it: of two processes opening an old or new
    database at the same moment, one upgrades it and the other finds it done.
    """
    found = schema_version(engine)
    if found > SCHEMA_VERSION:
        raise SchemaTooNew(found)
    if found == SCHEMA_VERSION and set(SQLModel.metadata.tables) <= set(inspect(engine).get_table_names()):
        return found  # the usual opening: nothing to do, no lock taken
    with engine.connect() as conn:
        try:
            _lock_for_migration(conn)
            found = schema_version(conn)  # another process may have upgraded it while we waited
            if found > SCHEMA_VERSION:
                raise SchemaTooNew(found)
            if found == 0:
                SQLModel.metadata.create_all(conn)
                summary.install(conn)
                _engine_games(conn)
            else:
                for version in range(found + 1, SCHEMA_VERSION + 1):
                    MIGRATIONS[version](conn)
                SQLModel.metadata.create_all(conn)  # new tables only; existing ones untouched
            if found != SCHEMA_VERSION:
                conn.execute(delete(Meta).where(col(Meta.key) == "schema_version"))
                conn.execute(insert(Meta).values(key="schema_version", value=str(SCHEMA_VERSION)))
            conn.commit()
        finally:
            if conn.dialect.name == "sqlite":
                conn.exec_driver_sql(f"PRAGMA busy_timeout={BUSY_MS}")
    return found
