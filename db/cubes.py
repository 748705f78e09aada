"""Running totals per calendar month, place and player count (schema version 8): what they hold, and
how a statistic reads them under any filter.

A *cube* is a table of integer sums over the counted matches (or score lines), one row per value of
its key: :class:`db.models.MatchMonth` per game, month of the end, place, number of lines and options;
:class:`db.models.LineMonth` the same and the turn position; :class:`db.models.PlayerMonth` per real
player, game and month; :class:`db.models.PlayerPlace` per real player, game, place and number of
lines.  Each is declared once here (:data:`CUBES`: its key and values as SQL over one row), and from
that one declaration come the triggers that keep it (:mod:`db.summary`), its rebuild from the rows,
and both ways of reading it (:func:`sums`):

* **from the cube**, when it has a column for every filter asked (a period needs the month): the whole
  months inside the period from the cube's rows, plus the rows of at most two partial months (the
  period's first and last) aggregated from the matches or lines themselves;
* **from the rows** (``rows=True``, or when the cube cannot answer): the same sums aggregated over
  every matching row, the straightforward way (the tests compare the two).

A month is ``YYYYMM`` in UTC (0: a match with no end), as :class:`db.stats.Filters` bounds a period
by UTC instants.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from typing import Any

from sqlalchemy.engine import Connection

from db.prepared import fetch, text_of

SqlOf = Callable[[str, str], str]  # (row alias or NEW/OLD, dialect) -> SQL


def month_sql(row: str, dialect: str) -> str:
    """The ``YYYYMM`` (UTC) of ``row``'s end as an integer, 0 without an end."""
    if dialect == "postgresql":
        at = f"({row}.ended_at AT TIME ZONE 'UTC')"
        return f"COALESCE(CAST(EXTRACT(YEAR FROM {at}) * 100 + EXTRACT(MONTH FROM {at}) AS INTEGER), 0)"
    return f"COALESCE(CAST(strftime('%Y%m', {row}.ended_at) AS INTEGER), 0)"


def length_sql(row: str, dialect: str) -> str:
    """A match's length in whole microseconds (SQLite's ``julianday`` keeps milliseconds)."""
    if dialect == "postgresql":
        return f"CAST(round(EXTRACT(EPOCH FROM ({row}.ended_at - {row}.started_at)) * 1000000) AS BIGINT)"
    return f"CAST(round((julianday({row}.ended_at) - julianday({row}.started_at)) * 86400000.0) AS INTEGER) * 1000"


def _col(name: str) -> SqlOf:
    return lambda row, _dialect: f"{row}.{name}"


def _const(value: str) -> SqlOf:
    return lambda _row, _dialect: value


_WON: SqlOf = lambda row, _d: f"CASE WHEN {row}.winner THEN 1 ELSE 0 END"  # noqa: E731


@dataclass(frozen=True)
class Cube:
    """One table of running totals: its rows are ``SUM(values) GROUP BY keys`` over the ``source``
    rows that are ``counted``; ``count`` is the value whose 0 means no row is left (the row is deleted);
    ``filters``: the filters of :class:`db.stats.Filters` its key answers (``since``/``until`` by the
    month), each the column it compares."""

    table: str
    source: str  # "match" or "score"
    counted: str  # SQL over {row}
    keys: dict[str, SqlOf]
    values: dict[str, SqlOf]
    count: str
    filters: dict[str, str]

    def counted_sql(self, row: str) -> str:
        return self.counted.format(row=row)


# "= TRUE", not the bare column: SQLite uses an index on a boolean only for a comparison (the rows of a
# partial month are then an index range of the end, not a walk over every line of the game)
_MATCH_COUNTED = "{row}.status = 'finished' AND {row}.counts = TRUE"
_LINE_COUNTED = "{row}.finished = TRUE"
_PLAYER_COUNTED = "{row}.finished = TRUE AND {row}.player_id IS NOT NULL"
_WHERE = {"game": "game", "place": "place", "players": "seats", "month": "month"}

MATCH_MONTH = Cube(
    "match_month", "match", _MATCH_COUNTED,
    {"game": _col("game"), "month": month_sql, "place": _col("place"), "seats": _col("seats"),
     "options": _col("options")},
    {"matches": _const("1"), "timed": lambda row, _d: f"CASE WHEN {row}.ended_at IS NULL THEN 0 ELSE 1 END",
     "microseconds": lambda row, d: f"COALESCE({length_sql(row, d)}, 0)"},
    "matches", _WHERE)
LINE_MONTH = Cube(
    "line_month", "score", _LINE_COUNTED,
    {"game": _col("game"), "month": month_sql, "place": _col("place"), "seats": _col("seats"),
     "options": _col("options"), "turn_pos": lambda row, _d: f"COALESCE({row}.turn_pos, -1)"},
    {"lines": _const("1"), "won": _WON, "score_sum": _col("total"),
     "won_score": lambda row, _d: f"CASE WHEN {row}.winner THEN {row}.total ELSE 0 END"},
    "lines", _WHERE)
PLAYER_MONTH = Cube(
    "player_month", "score", _PLAYER_COUNTED,
    {"player_id": _col("player_id"), "game": _col("game"), "month": month_sql},
    {"played": _const("1"), "won": _WON}, "played",
    {"game": "game", "month": "month", "player": "player_id"})
PLAYER_PLACE = Cube(
    "player_place", "score", _PLAYER_COUNTED,
    {"player_id": _col("player_id"), "game": _col("game"), "place": _col("place"), "seats": _col("seats")},
    {"played": _const("1"), "won": _WON}, "played",
    {"game": "game", "place": "place", "players": "seats", "player": "player_id"})
CUBES = (MATCH_MONTH, LINE_MONTH, PLAYER_MONTH, PLAYER_PLACE)

#: what a cube's source row carries for each filter (the rows' own columns: no join)
_ROW_COLUMN = {"game": "game", "place": "place", "players": "seats", "player": "player_id"}


def month_of(at: datetime) -> int:
    return at.year * 100 + at.month


def month_start(month: int) -> datetime:
    return datetime(month // 100, month % 100, 1, tzinfo=UTC)


def _next(month: int) -> int:
    return month + 1 if month % 100 < 12 else (month // 100 + 1) * 100 + 1


def instant(value: date | datetime) -> datetime:
    """A period's bound as an aware UTC instant (a ``date``: its midnight UTC)."""
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    return datetime.combine(value, time(0), tzinfo=UTC)


@dataclass(frozen=True)
class Split:
    """A period cut into whole months (``months``: ``[first, past)`` of the cube, or ``None``: every
    month, or no month at all when ``first >= past``) and the spans of rows around them."""

    months: tuple[int | None, int | None] | None
    spans: tuple[tuple[datetime | None, datetime | None], ...]


def split(since: date | datetime | None, until: date | datetime | None) -> Split:
    """``since <= ended_at < until`` as whole months of the cube plus at most two partial spans of rows.

    >>> s = split(datetime(2025, 3, 15, tzinfo=UTC), datetime(2025, 6, 1, tzinfo=UTC))
    >>> s.months, [(a.date().isoformat(), b.date().isoformat()) for a, b in s.spans]
    ((202504, 202506), [('2025-03-15', '2025-04-01')])
    >>> split(None, None)
    Split(months=None, spans=())
    >>> split(date(2025, 3, 2), date(2025, 3, 9)).spans[0][1].day  # within one month: rows only
    9
    """
    if since is None and until is None:
        return Split(None, ())
    lo_at, hi_at = (instant(since) if since is not None else None), (instant(until) if until is not None else None)
    lo: int | None = None
    if lo_at is not None:
        lo = month_of(lo_at) if month_start(month_of(lo_at)) == lo_at else _next(month_of(lo_at))
    hi = month_of(hi_at) if hi_at is not None else None
    if lo is not None and hi is not None and lo >= hi:  # inside one month, or two partial ones
        return Split((lo, lo), ((lo_at, hi_at),))  # no whole month: the rows of the period
    spans: list[tuple[datetime | None, datetime | None]] = []
    if lo_at is not None and lo is not None and lo_at < month_start(lo):
        spans.append((lo_at, month_start(lo)))
    if hi_at is not None and hi is not None and month_start(hi) < hi_at:
        spans.append((month_start(hi), hi_at))
    return Split((lo, hi), tuple(spans))


def answers(cube: Cube, asked: Iterable[str]) -> bool:
    """Whether ``cube`` has a column for every filter ``asked`` (``"month"`` for a period)."""
    return all(f in cube.filters for f in asked)


Sums = dict[tuple[Any, ...], list[int]]


def _add(into: Sums, rows: Iterable[Any], width: int) -> None:
    """Add ``rows`` (keys, then sums; one row per key: each statement groups by the keys) into ``into``."""
    if not into:  # the first statement's rows: nothing to add them to
        into.update({tuple(row[:width]): [int(v or 0) for v in row[width:]] for row in rows})
        return
    for row in rows:
        key, values = tuple(row[:width]), [int(v or 0) for v in row[width:]]
        have = into.get(key)
        into[key] = values if have is None else [a + b for a, b in zip(have, values, strict=True)]


def _equal(where: dict[str, Any], column: Callable[[str], str]) -> tuple[list[str], dict[str, Any]]:
    conds, params = [], {}
    for name, value in where.items():
        conds.append(f"{column(name)} = :{name}")
        params[name] = value
    return conds, params


def _cube_rows(conn: Connection, cube: Cube, where: dict[str, Any], group: tuple[str, ...],
               months: tuple[int | None, int | None] | None, values: tuple[str, ...]) -> Any:
    params = dict(where)  # each filter's parameter is named after it (:func:`_equal`)
    if months is not None:  # a period: never the matches with no end (month 0)
        lo, hi = months
        params["m_lo"] = 1 if lo is None else lo
        if hi is not None:
            params["m_hi"] = hi
    shape = (cube.table, tuple(where), group, months is not None and months[1] is not None, months is not None,
             values)
    statement = _CUBE_STATEMENTS.get(shape)
    if statement is None:  # once per shape: the screen's few dozen (a render sends some ten of them)
        statement = _CUBE_STATEMENTS[shape] = text_of(_cube_sql(cube, where, group, months, values))
    return fetch(conn, statement, params)


#: :func:`_cube_rows`' statements per cube, filters, keys, period's bounds and values (assembling the SQL again
#: at every read cost a third of the read of a few rows)
_CUBE_STATEMENTS: dict[tuple[Any, ...], Any] = {}


def _cube_sql(cube: Cube, where: dict[str, Any], group: tuple[str, ...],
              months: tuple[int | None, int | None] | None, values: tuple[str, ...]) -> str:
    conds, _params = _equal(where, lambda name: cube.filters[name])
    if months is not None:
        conds.append("month >= :m_lo")
        if months[1] is not None:
            conds.append("month < :m_hi")
    sums = ", ".join(f"SUM({v})" for v in values)
    by = ", ".join(group)
    return (f"SELECT {by + ', ' if by else ''}{sums} FROM {cube.table}"
            f"{' WHERE ' + ' AND '.join(conds) if conds else ''}{' GROUP BY ' + by if by else ''}")


def _source_rows(conn: Connection, cube: Cube, where: dict[str, Any], group: tuple[str, ...],
                 span: tuple[datetime | None, datetime | None] | None, values: tuple[str, ...]) -> Any:
    dialect = conn.dialect.name
    conds, params = _equal(where, lambda name: f"r.{_ROW_COLUMN[name]}")
    conds.insert(0, cube.counted_sql("r"))
    binds = []
    if span is not None:
        for name, value, op in (("at_lo", span[0], ">="), ("at_hi", span[1], "<")):
            if value is not None:
                conds.append(f"r.ended_at {op} :{name}")
                params[name] = value
                binds.append(name)
    keys = [cube.keys[g]("r", dialect) for g in group]
    sums = ", ".join(f"SUM({cube.values[v]('r', dialect)})" for v in values)
    source = '"match"' if cube.source == "match" else "score"
    sql = (f"SELECT {', '.join(keys) + ', ' if keys else ''}{sums} FROM {source} r WHERE {' AND '.join(conds)}"
           f"{' GROUP BY ' + ', '.join(keys) if keys else ''}")
    return fetch(conn, text_of(sql, *binds), params)


def per_key(conn: Connection, cube: Cube, key: str, value: str, *, since: date | datetime | None = None,
            until: date | datetime | None = None, rows: bool = False, **where: Any) -> dict[Any, int]:
    """:func:`sums` of one of ``cube``'s ``value`` per value of one ``key`` column, as a mapping of the key to
    the sum; the keys whose sum is 0 are left out.  Over the whole history (no period), where the cube answers
    the filters, the cube's rows as the driver gives them, with no list per key (a section of a few rows is
    read in some 10 µs, and each pass over them cost a tenth of that)."""
    if since is None and until is None and not rows:
        asked = {k: v for k, v in where.items() if v is not None}
        if asked.keys() <= cube.filters.keys():
            return {k: int(v) for k, v in _cube_rows(conn, cube, asked, (key,), None, (value,)) if v}
    return {k: v[0] for (k,), v in sums(conn, cube, (key,), since=since, until=until, rows=rows, values=(value,),
                                        **where).items()}


def sums(conn: Connection, cube: Cube, group: tuple[str, ...], *, since: date | datetime | None = None,
         until: date | datetime | None = None, rows: bool = False, values: tuple[str, ...] = (),
         **where: Any) -> Sums:
    """``SUM`` of each of ``cube``'s ``values`` (default: all, in its order) per value of its ``group`` key
    columns, over the counted rows
    with ``since <= ended_at < until`` and each of ``where`` (``game``, ``place``, ``players``,
    ``player``) equal: from the cube's whole months and the rows of the partial ones, or with ``rows``
    (or when the cube has no column for a filter) from the rows alone.  Groups whose sums are all 0
    may be left out."""
    where = {k: v for k, v in where.items() if v is not None}
    values = values or tuple(cube.values)
    periodic = since is not None or until is not None
    out: Sums = {}
    width = len(group)
    # answers(cube, where and the month), as set operations: a statistic of a few rows is read in some 10 µs
    if rows or not where.keys() <= cube.filters.keys() or (periodic and "month" not in cube.filters):
        span = (None if since is None else instant(since), None if until is None else instant(until))
        _add(out, _source_rows(conn, cube, where, group, span, values), width)
    elif not periodic:
        _add(out, _cube_rows(conn, cube, where, group, None, values), width)
    else:
        cut = split(since, until)
        lo, hi = cut.months if cut.months is not None else (None, None)
        if lo is None or hi is None or lo < hi:
            _add(out, _cube_rows(conn, cube, where, group, cut.months, values), width)
        for part in cut.spans:
            _add(out, _source_rows(conn, cube, where, group, part, values), width)
    return {k: v for k, v in out.items() if any(v)}
