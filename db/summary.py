"""Per-game running totals (schema version 4), kept by the database's own triggers.

:class:`db.models.GameSummary` holds, per game, the number of finished matches and their summed
lengths, and the number, summed totals and first-player wins of their score lines;
:class:`db.models.GameScore` how many lines have each total; :class:`db.models.PlayerSummary`
per real player and game the lines played, won, their summed totals and the best.  A game's or a
player's unfiltered statistics (``db.stats.game_stats``, ``db.stats.score_distribution``,
``db.stats.player_stats``) read these few rows instead of aggregating the 25 000 matches and
110 000 lines a game has in a club's 100 000-match history, or the 10 000 lines of its keenest
player.

Triggers on ``match`` and ``score`` keep them (SQLite triggers; PostgreSQL trigger functions):
a finished match or score line counts when it is inserted or becomes finished, and is taken
away when it is deleted or stops being finished; a change to what is counted (game, dates,
total, winner, turn position, player) takes the old row away and adds the new one.  They run inside the
statement that changes the row, so in its transaction: finishing, deleting, undoing a deletion,
restoring a backup, importing BG Stats plays, merging players, bulk loads, and whatever writer
comes later, all keep the totals without knowing of them, and a rolled-back write rolls them
back too.  Every column is an integer sum (lengths in microseconds) or a maximum recounted from
the rows when the line holding it goes, so the totals depend only on the rows there are, never
on the order of the writes.

:func:`expected` recomputes the totals from the matches and lines (the migration's
:func:`rebuild`, and the tests that check the triggers against it).

Version 11 adds the lines of the matches each real player sat at, per game, set-up and turn position and
per game and total (:func:`rebuild_mates`), kept by one more trigger (``player_match_score``) from the
lines alone (their copy of the match's start gives its length).

Version 8 adds the running totals per month, place and player count that :mod:`db.cubes` declares
(:func:`rebuild_cubes`, :func:`expected_cubes`, :func:`stored_cubes`), kept by two more triggers
(``cube_match``, ``cube_score``), and the lines' copies of their match's end, place, number of lines
and options, kept by :func:`follow_ddl` when the match changes (an amended date or place moves its
lines in every total).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.engine import Connection

from db.cubes import CUBES, Cube, length_sql

_SUMMARY = "game_summary (game, matches, timed, microseconds, lines, score_sum, first_seat_wins)"
_PLAYER = "player_summary (player_id, game, played, won, score_sum, best)"
_PAIR = "pair_summary (player_id, other_id, game, met, wins, losses)"
_SEAT = "seat_summary (player_id, game, turn_pos, played, won, score_sum)"
#: a match that counts for statistics (version 7): finished, and not left out by its player
_COUNTED = "{row}.status = 'finished' AND {row}.counts"


def _first_win(row: str) -> str:
    return f"CASE WHEN {row}.turn_pos = 0 AND {row}.winner THEN 1 ELSE 0 END"


def _add(columns: dict[str, str]) -> str:
    """``SET col = game_summary.col + excluded.col`` for the columns written."""
    return ", ".join(f"{c} = game_summary.{c} + excluded.{c}" for c in columns)


def _match_statements(row: str, sign: str, dialect: str) -> list[str]:
    """Add (``sign`` ``""``) or take away (``"-"``) the match ``row`` if it is finished."""
    cols = {"matches": f"{sign}1", "timed": f"{sign}(CASE WHEN {row}.ended_at IS NULL THEN 0 ELSE 1 END)",
            "microseconds": f"{sign}COALESCE({length_sql(row, dialect)}, 0)"}
    return [f"INSERT INTO {_SUMMARY} SELECT {row}.game, {', '.join(cols.values())}, 0, 0, 0 "
            f"WHERE {_COUNTED.format(row=row)} ON CONFLICT (game) DO UPDATE SET {_add(cols)}"]


def _line_statements(row: str, sign: str, dialect: str) -> list[str]:
    """Add or take away the score line ``row`` if its match is finished."""
    cols = {"lines": f"{sign}1", "score_sum": f"{sign}{row}.total", "first_seat_wins": f"{sign}({_first_win(row)})"}
    out = [f"INSERT INTO {_SUMMARY} SELECT {row}.game, 0, 0, 0, {', '.join(cols.values())} "
           f"WHERE {row}.finished ON CONFLICT (game) DO UPDATE SET {_add(cols)}",
           f"INSERT INTO game_score (game, total, lines) SELECT {row}.game, {row}.total, {sign}1 WHERE {row}.finished "
           f"ON CONFLICT (game, total) DO UPDATE SET lines = game_score.lines + excluded.lines"]
    if sign:
        out.append(f"DELETE FROM game_score WHERE game = {row}.game AND total = {row}.total AND lines = 0")
        out += _player_out(row)
    else:
        out.append(_player_in(row, dialect))
    return out + _seat_statements(row, sign)


def _seat_statements(row: str, sign: str) -> list[str]:
    """Add or take away the line ``row`` in ``seat_summary`` (player 0: a virtual player's line)."""
    key = f"COALESCE({row}.player_id, 0), {row}.game, COALESCE({row}.turn_pos, -1)"
    out = [f"INSERT INTO {_SEAT} SELECT {key}, {sign}1, {sign}({_won(row)}), {sign}{row}.total WHERE {row}.finished "
           "ON CONFLICT (player_id, game, turn_pos) DO UPDATE SET played = seat_summary.played + excluded.played, "
           "won = seat_summary.won + excluded.won, score_sum = seat_summary.score_sum + excluded.score_sum"]
    if sign:
        out.append(f"DELETE FROM seat_summary WHERE player_id = COALESCE({row}.player_id, 0) AND game = {row}.game "
                   f"AND turn_pos = COALESCE({row}.turn_pos, -1) AND played = 0")
    return out


def _pair_statements(row: str, sign: str, table: str = "pair_summary", by: tuple[str, ...] = ()) -> list[str]:
    """Add or take away the duels of the line ``row`` with the other counted lines of its match, both
    ways (a pair is counted when the second of its two lines comes, taken away when the first goes), in
    ``table`` keyed by the players, the game and the lines' columns ``by`` (version 10's ``pair_place``:
    the place and the number of lines).  The other line must have the same ``by`` as ``row``: when an
    amended place is copied onto a match's lines one by one, each pair then goes from the old place
    when its first line changes and comes to the new one with its second, once each way."""
    same = "".join(f" AND o.{c} = {row}.{c}" for c in by)
    duel = (f"FROM score o WHERE o.match_id = {row}.match_id AND o.id <> {row}.id AND o.finished "
            f"AND o.player_id IS NOT NULL AND o.player_id <> {row}.player_id AND {row}.finished "
            f"AND {row}.player_id IS NOT NULL{same}")
    better = f"CASE WHEN {row}.rank < o.rank THEN 1 ELSE 0 END"
    worse = f"CASE WHEN {row}.rank > o.rank THEN 1 ELSE 0 END"
    key = ", ".join(("player_id", "other_id", "game", *by))
    extra = "".join(f"{row}.{c}, " for c in by)
    upsert = (f"ON CONFLICT ({key}) DO UPDATE SET met = {table}.met + excluded.met, "
              f"wins = {table}.wins + excluded.wins, losses = {table}.losses + excluded.losses")
    columns = f"{table} ({key}, met, wins, losses)"
    out = [f"INSERT INTO {columns} SELECT {row}.player_id, o.player_id, {row}.game, {extra}{sign}1, "
           f"{sign}({better}), {sign}({worse}) {duel} {upsert}",
           f"INSERT INTO {columns} SELECT o.player_id, {row}.player_id, {row}.game, {extra}{sign}1, "
           f"{sign}({worse}), {sign}({better}) {duel} {upsert}"]
    if sign:  # the rows of the players at the match, by the key's first column (an OR would read the table)
        where = "".join(f"{c} = {row}.{c} AND " for c in by)
        out.append(f"DELETE FROM {table} WHERE player_id IN {_players_at(row)} AND game = {row}.game AND {where}"
                   f"met = 0 AND (player_id = {row}.player_id OR other_id = {row}.player_id)")
    return out


def _players_at(row: str) -> str:
    """The real players of ``row``'s match, ``row``'s own among them (a trigger after the change no longer
    sees the line): the rows of totals a line's coming or going changed lead with one of them."""
    return (f"(SELECT o.player_id FROM score o WHERE o.match_id = {row}.match_id AND o.player_id IS NOT NULL "
            f"UNION SELECT {row}.player_id)")


def _won(row: str) -> str:
    return f"CASE WHEN {row}.winner THEN 1 ELSE 0 END"


def _player_in(row: str, dialect: str) -> str:
    """Count the line ``row`` in its player's totals (a virtual player's line has no player)."""
    greatest = "GREATEST" if dialect == "postgresql" else "MAX"  # SQLite's two-argument MAX
    return (f"INSERT INTO {_PLAYER} SELECT {row}.player_id, {row}.game, 1, {_won(row)}, {row}.total, {row}.total "
            f"WHERE {row}.finished AND {row}.player_id IS NOT NULL ON CONFLICT (player_id, game) DO UPDATE SET "
            "played = player_summary.played + excluded.played, won = player_summary.won + excluded.won, "
            "score_sum = player_summary.score_sum + excluded.score_sum, "
            f"best = {greatest}(player_summary.best, excluded.best)")


def _player_out(row: str) -> list[str]:
    """Take the line ``row`` out of its player's totals; recount the best score from the player's
    remaining lines of the game when this line held it (the trigger runs after the row changed)."""
    mine = f"player_id = {row}.player_id AND game = {row}.game"
    return [f"UPDATE player_summary SET played = played - 1, won = won - ({_won(row)}), "
            f"score_sum = score_sum - {row}.total WHERE {mine} AND {row}.finished",
            f"DELETE FROM player_summary WHERE {mine} AND played = 0",
            f"UPDATE player_summary SET best = (SELECT MAX(total) FROM score WHERE {mine} AND finished) "
            f"WHERE {mine} AND {row}.finished AND {row}.total >= best"]


def _mates_statements(row: str, sign: str, dialect: str) -> list[str]:
    """Version 11: add or take away the line ``row`` among the lines of the matches each real player sat at
    (``player_match_turn``, ``player_match_total``): ``row`` under the player of each other counted line of
    its match that has one, each other counted line of its match under ``row``'s player, and ``row`` under
    its own player (with the match's count and length: one own line per match).  As the duels
    (:func:`_pair_statements`), each pair of lines is counted when the second comes and taken away when
    the first goes, so that the totals are the pairs of lines there are, whatever the order of the writes;
    each line is counted with its own copies (set-up, turn position, total).  One upsert per table: the
    three parts summed per key (a key can come twice: two other lines with one total)."""
    def seen(line: str) -> str:  # a line's values as one seen (not its player's own)
        return (f"1 AS n, {_won(line)} AS w, {line}.total AS t, CASE WHEN {line}.winner THEN {line}.total ELSE 0 END "
                f"AS wt, 0 AS m, 0 AS tm, 0 AS us")

    others = (f"FROM score o WHERE o.match_id = {row}.match_id AND o.id <> {row}.id AND o.finished "
              f"AND {row}.finished")
    r_turn, o_turn = f"COALESCE({row}.turn_pos, -1)", "COALESCE(o.turn_pos, -1)"
    own = (f"1, {_won(row)}, {row}.total, CASE WHEN {row}.winner THEN {row}.total ELSE 0 END, 1, "
           f"CASE WHEN {row}.ended_at IS NULL THEN 0 ELSE 1 END, COALESCE({length_sql(row, dialect)}, 0)")
    parts = (f"SELECT o.player_id AS p, {row}.game AS g, {row}.options AS op, {r_turn} AS tp, {row}.total AS tot, "
             f"{seen(row)} {others} AND o.player_id IS NOT NULL "  # row under each other player
             f"UNION ALL SELECT {row}.player_id, o.game, o.options, {o_turn}, o.total, {seen('o')} {others} "
             f"AND {row}.player_id IS NOT NULL "  # each other line under row's player
             f"UNION ALL SELECT {row}.player_id, {row}.game, {row}.options, {r_turn}, {row}.total, {own} "
             f"WHERE {row}.finished AND {row}.player_id IS NOT NULL")  # row under its own player
    turn = "player_match_turn"
    columns = ("lines", "won", "score_sum", "won_score", "matches", "timed", "microseconds")
    sums = ", ".join(f"{sign}SUM({v})" for v in ("n", "w", "t", "wt", "m", "tm", "us"))
    out = [f"INSERT INTO {turn} (player_id, game, options, turn_pos, {', '.join(columns)}) SELECT p, g, op, tp, "
           f"{sums} FROM ({parts}) AS x WHERE true GROUP BY p, g, op, tp ON CONFLICT (player_id, game, options, "
           f"turn_pos) DO UPDATE SET {', '.join(f'{c} = {turn}.{c} + excluded.{c}' for c in columns)}",
           f"INSERT INTO player_match_total (player_id, game, total, lines) SELECT p, g, tot, {sign}SUM(n) "
           f"FROM ({parts}) AS x WHERE true GROUP BY p, g, tot ON CONFLICT (player_id, game, total) DO UPDATE SET "
           "lines = player_match_total.lines + excluded.lines"]
    if sign:
        out += [f"DELETE FROM {table} WHERE player_id IN {_players_at(row)} AND game = {row}.game AND lines = 0"
                for table in (turn, "player_match_total")]
    return out


_LINE_COLUMNS = ("finished", "game", "total", "winner", "turn_pos", "player_id", "rank", "match_id")
#: version 11: what the lines of a player's matches read of a line
_MATES_COLUMNS = ("finished", "game", "total", "winner", "turn_pos", "player_id", "match_id", "options",
                  "started_at", "ended_at")
#: version 10: what ``pair_place`` keys the duels by besides the players and the game
_BY_PLACE = ("place", "seats")


def _cube_statements(cube: Cube, row: str, sign: str, dialect: str) -> list[str]:
    """Add (``sign`` ``""``) or take away (``"-"``) the row ``row`` in ``cube`` if it is counted; a key
    whose count falls to 0 is deleted (schema version 8, :mod:`db.cubes`)."""
    keys = [k(row, dialect) for k in cube.keys.values()]
    values = [f"{sign}({v(row, dialect)})" for v in cube.values.values()]
    upsert = ", ".join(f"{c} = {cube.table}.{c} + excluded.{c}" for c in cube.values)
    out = [f"INSERT INTO {cube.table} ({', '.join([*cube.keys, *cube.values])}) SELECT {', '.join(keys + values)} "
           f"WHERE {cube.counted_sql(row)} ON CONFLICT ({', '.join(cube.keys)}) DO UPDATE SET {upsert}"]
    if sign:
        same = " AND ".join(f"{c} = {k}" for c, k in zip(cube.keys, keys, strict=True))
        out.append(f"DELETE FROM {cube.table} WHERE {same} AND {cube.count} = 0")
    return out


def _cubes_of(source: str) -> Any:
    return lambda row, sign, dialect: [s for cube in CUBES if cube.source == source
                                       for s in _cube_statements(cube, row, sign, dialect)]


#: version 8: what the cubes read of a match and of a line
_MATCH_CUBE_COLUMNS = ("status", "counts", "game", "started_at", "ended_at", "place", "seats", "options")
_LINE_CUBE_COLUMNS = ("finished", "game", "total", "winner", "turn_pos", "player_id", "ended_at", "place", "seats",
                      "options")

#: trigger name -> (its table, the columns whose change matters, how to count one row of it, whether it
#: runs before the row changes on PostgreSQL).  The duels pair a line with the other lines of its
#: match as they are when the line changes: a SQLite trigger runs after each row, a PostgreSQL
#: AFTER trigger only once the whole statement is done (a match's lines inserted or deleted together
#: would see each other, or none), but a BEFORE trigger sees the rows done before it, as SQLite does.
_TABLES: dict[str, tuple[str, tuple[str, ...], Any, bool]] = {
    "game_summary_match": ("match", ("status", "counts", "game", "started_at", "ended_at"), _match_statements, False),
    "game_summary_score": ("score", _LINE_COLUMNS, _line_statements, False),
    "pair_summary_score": ("score", _LINE_COLUMNS, lambda row, sign, _dialect: _pair_statements(row, sign), True),
    "pair_place_score": ("score", (*_LINE_COLUMNS, "place", "seats"),
                         lambda row, sign, _dialect: _pair_statements(row, sign, "pair_place", _BY_PLACE), True),
    "player_match_score": ("score", _MATES_COLUMNS, _mates_statements, True),
    "cube_match": ("match", _MATCH_CUBE_COLUMNS, _cubes_of("match"), False),
    "cube_score": ("score", _LINE_CUBE_COLUMNS, _cubes_of("score"), False),
}


def _pg_trigger(name: str, table: str, watched: tuple[str, ...], statements: Any, before: bool) -> list[str]:
    changed = " OR ".join(f"OLD.{c} IS DISTINCT FROM NEW.{c}" for c in watched)
    old = "".join(f"    {s};\n" for s in statements("OLD", "-", "postgresql"))
    new = "".join(f"    {s};\n" for s in statements("NEW", "", "postgresql"))
    done = "IF TG_OP = 'DELETE' THEN RETURN OLD; END IF; RETURN NEW;" if before else "RETURN NULL;"
    return [f"CREATE OR REPLACE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n"
            f"  IF TG_OP = 'UPDATE' AND NOT ({changed}) THEN {done} END IF;\n"
            f"  IF TG_OP <> 'INSERT' THEN\n{old}  END IF;\n"
            f"  IF TG_OP <> 'DELETE' THEN\n{new}  END IF;\n  {done}\nEND $$",
            f'DROP TRIGGER IF EXISTS {name} ON "{table}"',  # CREATE OR REPLACE TRIGGER: PostgreSQL 14+
            f'CREATE TRIGGER {name} {"BEFORE" if before else "AFTER"} INSERT OR DELETE OR UPDATE OF '
            f'{", ".join(watched)} ON "{table}" FOR EACH ROW EXECUTE FUNCTION {name}()']


def trigger_ddl(dialect: str) -> list[str]:
    """The statements that create (or replace) the triggers on ``dialect`` (``sqlite``, or
    ``postgresql`` 11 and later: ``EXECUTE FUNCTION``)."""
    out: list[str] = []
    for name, (table, watched, statements, before) in _TABLES.items():
        if dialect == "postgresql":
            out += _pg_trigger(name, table, watched, statements, before)
        else:
            changed = " OR ".join(f"OLD.{c} IS NOT NEW.{c}" for c in watched)
            for event, when, rows in (("INSERT", "", (("NEW", ""),)), ("DELETE", "", (("OLD", "-"),)),
                                      (f"UPDATE OF {', '.join(watched)}", f" WHEN {changed}",
                                       (("OLD", "-"), ("NEW", "")))):
                body = "".join(f"  {s};\n" for row, sign in rows for s in statements(row, sign, dialect))
                out.append(f'CREATE TRIGGER IF NOT EXISTS {name}_{event.split()[0].lower()} AFTER {event} '
                           f'ON "{table}" FOR EACH ROW{when}\nBEGIN\n{body}END')
    return out


_LINES_FOLLOW = "match_counts_lines"
_COUNTED_NOW = "(NEW.status = 'finished' AND NEW.counts)"
#: a line's copies of its match (versions 3, 7 and 8): the line's column and the match's value
_COPIES = {"finished": _COUNTED_NOW, "ended_at": "NEW.ended_at", "place": "NEW.place", "seats": "NEW.seats",
           "options": "NEW.options", "started_at": "NEW.started_at"}
_FOLLOWED = ("status", "counts", "ended_at", "place", "seats", "options", "started_at")


def follow_ddl(dialect: str) -> list[str]:
    """The trigger that keeps the score lines' copies of their match equal to it when the match changes:
    ``finished`` (counted) its status and ``counts`` (version 7: a play marked as not counting after
    the fact), its end, place, number of lines and options (version 8: an amended date or place), its
    start (version 11)."""
    differs = "IS DISTINCT FROM" if dialect == "postgresql" else "IS NOT"
    update = (f"UPDATE score SET {', '.join(f'{c} = {v}' for c, v in _COPIES.items())} WHERE match_id = NEW.id "
              f"AND ({' OR '.join(f'{c} {differs} {v}' for c, v in _COPIES.items())})")
    changed = " OR ".join(f"OLD.{c} {differs} NEW.{c}" for c in _FOLLOWED)
    if dialect == "postgresql":
        return [f"CREATE OR REPLACE FUNCTION {_LINES_FOLLOW}() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n"
                f"  {update};\n  RETURN NULL;\nEND $$",
                f'DROP TRIGGER IF EXISTS {_LINES_FOLLOW} ON "match"',
                f'CREATE TRIGGER {_LINES_FOLLOW} AFTER UPDATE OF {", ".join(_FOLLOWED)} ON "match" FOR EACH ROW '
                f"WHEN ({changed}) EXECUTE FUNCTION {_LINES_FOLLOW}()"]
    return [f'CREATE TRIGGER IF NOT EXISTS {_LINES_FOLLOW} AFTER UPDATE OF {", ".join(_FOLLOWED)} ON "match" '
            f"FOR EACH ROW WHEN {changed}\nBEGIN\n  {update};\nEND"]


def uninstall(conn: Connection) -> None:
    """Drop the triggers (a bulk load: ``bench.gen_history`` drops them, loads, then :func:`install`
    and :func:`rebuild`, which is what the triggers would have given, at a fraction of the cost)."""
    if conn.dialect.name == "postgresql":
        for name, (table, *_rest) in [*_TABLES.items(), (_LINES_FOLLOW, ("match",))]:
            conn.exec_driver_sql(f'DROP TRIGGER IF EXISTS {name} ON "{table}"')
        return
    for name in _TABLES:
        for event in ("insert", "delete", "update"):
            conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {name}_{event}")
    conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {_LINES_FOLLOW}")


def install(conn: Connection) -> None:
    """Create the triggers (the tables come from the models), replacing those of an older version."""
    if conn.dialect.name == "sqlite":  # CREATE TRIGGER IF NOT EXISTS would keep an older body
        for name in _TABLES:
            for event in ("insert", "delete", "update"):
                conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {name}_{event}")
        conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {_LINES_FOLLOW}")
    for statement in trigger_ddl(conn.dialect.name) + follow_ddl(conn.dialect.name):
        conn.exec_driver_sql(statement)


Totals = tuple[dict[str, tuple[int, ...]], dict[tuple[str, int], int], dict[tuple[int, str], tuple[int, ...]]]
Duels = tuple[dict[tuple[int, int, str], tuple[int, ...]], dict[tuple[int, str, int], tuple[int, ...]]]

#: version 7: the duels and the lines per turn position, as the score lines give them
_PAIRS = ("SELECT a.player_id, b.player_id, a.game, COUNT(*), SUM(CASE WHEN a.rank < b.rank THEN 1 ELSE 0 END), "
          "SUM(CASE WHEN a.rank > b.rank THEN 1 ELSE 0 END) FROM score a JOIN score b ON b.match_id = a.match_id "
          "AND b.id <> a.id AND b.finished AND b.player_id IS NOT NULL AND b.player_id <> a.player_id "
          "WHERE a.finished AND a.player_id IS NOT NULL GROUP BY a.player_id, b.player_id, a.game")
#: version 10: the duels per place and number of lines (the two lines' copies agree: see _pair_statements)
_PAIR_PLACES = ("SELECT a.player_id, a.place, a.seats, a.game, b.player_id, COUNT(*), "
                "SUM(CASE WHEN a.rank < b.rank THEN 1 ELSE 0 END), SUM(CASE WHEN a.rank > b.rank THEN 1 ELSE 0 END) "
                "FROM score a JOIN score b ON b.match_id = a.match_id AND b.id <> a.id AND b.finished "
                "AND b.player_id IS NOT NULL AND b.player_id <> a.player_id AND b.place = a.place "
                "AND b.seats = a.seats WHERE a.finished AND a.player_id IS NOT NULL "
                "GROUP BY a.player_id, a.place, a.seats, a.game, b.player_id")
_PAIR_PLACE_COLUMNS = "player_id, place, seats, game, other_id, met, wins, losses"
_SEATS = (f"SELECT COALESCE(player_id, 0), game, COALESCE(turn_pos, -1), COUNT(*), SUM({_won('score')}), SUM(total) "
          "FROM score WHERE finished GROUP BY COALESCE(player_id, 0), game, COALESCE(turn_pos, -1)")


def _expected_sql(dialect: str) -> tuple[str, str, str]:
    summary = (
        "SELECT game, SUM(matches), SUM(timed), SUM(microseconds), SUM(lines), SUM(score_sum), SUM(first_seat_wins) "
        "FROM (SELECT game, COUNT(*) AS matches, COUNT(ended_at) AS timed, "
        f"COALESCE(SUM({length_sql('m', dialect)}), 0) AS microseconds, 0 AS lines, 0 AS score_sum, "
        f"0 AS first_seat_wins FROM \"match\" m WHERE {_COUNTED.format(row='m')} GROUP BY game "
        "UNION ALL SELECT game, 0, 0, 0, COUNT(*), SUM(total), "
        f"SUM({_first_win('score')}) FROM score WHERE finished GROUP BY game) AS parts GROUP BY game")
    scores = "SELECT game, total, COUNT(*) FROM score WHERE finished GROUP BY game, total"
    players = (f"SELECT player_id, game, COUNT(*), SUM({_won('score')}), SUM(total), MAX(total) FROM score "
               "WHERE finished AND player_id IS NOT NULL GROUP BY player_id, game")
    return summary, scores, players


def _read(conn: Connection, summary: str, scores: str, players: str, *, skip_zeros: bool = False) -> Totals:
    return ({g: tuple(int(v) for v in rest) for g, *rest in conn.exec_driver_sql(summary)
             if not skip_zeros or any(rest)},
            {(g, int(t)): int(n) for g, t, n in conn.exec_driver_sql(scores)},
            {(int(p), g): tuple(int(v) for v in rest) for p, g, *rest in conn.exec_driver_sql(players)})


def expected(conn: Connection) -> Totals:
    """The totals as the matches and score lines give them: per game (matches, timed, microseconds,
    lines, score_sum, first_seat_wins), per (game, total) the lines, per (player, game) (played,
    won, score_sum, best)."""
    return _read(conn, *_expected_sql(conn.dialect.name))


def stored(conn: Connection) -> Totals:
    """The totals as the triggers kept them (a game whose matches are all gone keeps a row of
    zeros: left out here, as :func:`expected` has no row for it)."""
    return _read(conn, "SELECT game, matches, timed, microseconds, lines, score_sum, first_seat_wins FROM game_summary",
                 "SELECT game, total, lines FROM game_score",
                 "SELECT player_id, game, played, won, score_sum, best FROM player_summary", skip_zeros=True)


def _read_duels(conn: Connection, pairs: str, seats: str) -> Duels:
    return ({(int(p), int(o), g): tuple(int(v) for v in rest) for p, o, g, *rest in conn.exec_driver_sql(pairs)},
            {(int(p), g, int(t)): tuple(int(v) for v in rest) for p, g, t, *rest in conn.exec_driver_sql(seats)})


def expected_duels(conn: Connection) -> Duels:
    """Version 7's totals as the score lines give them: per (player, other, game) (met, wins, losses),
    per (player or 0, game, turn position or -1) (played, won, score_sum)."""
    return _read_duels(conn, _PAIRS, _SEATS)


def stored_duels(conn: Connection) -> Duels:
    """Version 7's totals as the triggers kept them."""
    return _read_duels(conn, "SELECT player_id, other_id, game, met, wins, losses FROM pair_summary",
                       "SELECT player_id, game, turn_pos, played, won, score_sum FROM seat_summary")


def rebuild_totals(conn: Connection) -> None:
    """Recompute the totals of versions 4 to 7 from the matches and score lines (their migrations)."""
    summary, scores, players = _expected_sql(conn.dialect.name)
    for table in ("game_score", "game_summary", "player_summary", "pair_summary", "seat_summary"):
        conn.exec_driver_sql(f"DELETE FROM {table}")
    conn.exec_driver_sql(f"INSERT INTO {_SUMMARY} {summary}")
    conn.exec_driver_sql(f"INSERT INTO game_score (game, total, lines) {scores}")
    conn.exec_driver_sql(f"INSERT INTO {_PLAYER} {players}")
    conn.exec_driver_sql(f"INSERT INTO {_PAIR} {_PAIRS}")
    conn.exec_driver_sql(f"INSERT INTO {_SEAT} {_SEATS}")


def _cube_sql(cube: Cube, dialect: str) -> str:
    """``cube``'s rows as its source rows give them (a ``GROUP BY`` of its key)."""
    keys = [k("r", dialect) for k in cube.keys.values()]
    values = [f"SUM({v('r', dialect)})" for v in cube.values.values()]
    source = '"match"' if cube.source == "match" else "score"
    return (f"SELECT {', '.join(keys + values)} FROM {source} r WHERE {cube.counted_sql('r')} "
            f"GROUP BY {', '.join(keys)}")


def rebuild_cubes(conn: Connection) -> None:
    """Recompute version 8's running totals per month, place and player count (:mod:`db.cubes`) and
    version 10's duels per place and player count."""
    for cube in CUBES:
        conn.exec_driver_sql(f"DELETE FROM {cube.table}")
        conn.exec_driver_sql(f"INSERT INTO {cube.table} ({', '.join([*cube.keys, *cube.values])}) "
                             f"{_cube_sql(cube, conn.dialect.name)}")
    rebuild_pair_places(conn)


def rebuild_pair_places(conn: Connection) -> None:
    """Recompute version 10's duels per place and player count (``pair_place``) from the lines."""
    conn.exec_driver_sql("DELETE FROM pair_place")
    conn.exec_driver_sql(f"INSERT INTO pair_place ({_PAIR_PLACE_COLUMNS}) {_PAIR_PLACES}")


def _mates_sql(dialect: str) -> tuple[str, str]:
    """Version 11's totals as the lines give them: each real player's line (``a``) paired with every counted
    line of its match (``b``, itself included: the player's own line, one per match)."""
    own = "a.id = b.id"
    pairs = ("FROM score a JOIN score b ON b.match_id = a.match_id AND b.finished "
             "WHERE a.finished AND a.player_id IS NOT NULL")
    turn = (f"SELECT a.player_id, b.game, b.options, COALESCE(b.turn_pos, -1), COUNT(*), SUM({_won('b')}), "
            "SUM(b.total), SUM(CASE WHEN b.winner THEN b.total ELSE 0 END), "
            f"SUM(CASE WHEN {own} THEN 1 ELSE 0 END), "
            f"SUM(CASE WHEN {own} AND b.ended_at IS NOT NULL THEN 1 ELSE 0 END), "
            f"SUM(CASE WHEN {own} THEN COALESCE({length_sql('b', dialect)}, 0) ELSE 0 END) "
            f"{pairs} GROUP BY a.player_id, b.game, b.options, COALESCE(b.turn_pos, -1)")
    total = f"SELECT a.player_id, b.game, b.total, COUNT(*) {pairs} GROUP BY a.player_id, b.game, b.total"
    return turn, total


_MATES_TURN = "player_id, game, options, turn_pos, lines, won, score_sum, won_score, matches, timed, microseconds"
_MATES_TOTAL = "player_id, game, total, lines"


def rebuild_mates(conn: Connection) -> None:
    """Recompute version 11's lines of the matches each player sat at from the lines."""
    turn, total = _mates_sql(conn.dialect.name)
    conn.exec_driver_sql("DELETE FROM player_match_turn")
    conn.exec_driver_sql(f"INSERT INTO player_match_turn ({_MATES_TURN}) {turn}")
    conn.exec_driver_sql("DELETE FROM player_match_total")
    conn.exec_driver_sql(f"INSERT INTO player_match_total ({_MATES_TOTAL}) {total}")


def rebuild(conn: Connection) -> None:
    """Recompute every running total from the matches and score lines (a bulk load's end)."""
    rebuild_totals(conn)
    rebuild_cubes(conn)
    rebuild_mates(conn)


Cubes = dict[str, dict[tuple[object, ...], tuple[int, ...]]]


def _read_cubes(conn: Connection, sql_of: Any, pairs: str, turn: str, total: str) -> Cubes:
    out = {cube.table: {tuple(row[:len(cube.keys)]): tuple(int(v) for v in row[len(cube.keys):])
                        for row in conn.exec_driver_sql(sql_of(cube))} for cube in CUBES}
    for table, sql, width in (("pair_place", pairs, 5), ("player_match_turn", turn, 4),
                              ("player_match_total", total, 3)):
        out[table] = {tuple(row[:width]): tuple(int(v) for v in row[width:]) for row in conn.exec_driver_sql(sql)}
    return out


def expected_cubes(conn: Connection) -> Cubes:
    """Version 8's running totals (and version 10's duels per place and player count, ``pair_place``, and
    version 11's lines of the matches each player sat at) as the matches and lines give them: per table,
    key -> sums."""
    return _read_cubes(conn, lambda cube: _cube_sql(cube, conn.dialect.name), _PAIR_PLACES,
                       *_mates_sql(conn.dialect.name))


def stored_cubes(conn: Connection) -> Cubes:
    """Version 8's running totals, version 10's duels per place and version 11's lines of the matches each
    player sat at, as the triggers kept them."""
    return _read_cubes(conn, lambda cube: f"SELECT {', '.join([*cube.keys, *cube.values])} FROM {cube.table}",
                       f"SELECT {_PAIR_PLACE_COLUMNS} FROM pair_place",
                       f"SELECT {_MATES_TURN} FROM player_match_turn", f"SELECT {_MATES_TOTAL} FROM player_match_total")
