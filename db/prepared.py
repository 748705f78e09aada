"""Statements the Statistics screen runs at every render, compiled once per dialect and run on the driver's
own cursor.

A read of a few rows of running totals costs the database 10 to 40 µs; sent through SQLAlchemy's
``Connection.execute`` the same statement cost 80 to 150 µs more (the statement's cache key, an execution
context, a result object and its rows), four to ten times the read (docs/benchmarks.md).  :func:`fetch`
sends the SQL that SQLAlchemy compiled for the statement, once per dialect, with the parameters as
SQLAlchemy would bind them (its bind processors: a date on SQLite is text), and applies SQLAlchemy's
result processors to the rows (a boolean or a date read from SQLite): the same SQL, the same values, on
the connection's own driver connection (its transaction).  The engine's ``before_cursor_execute`` listeners
still hear every statement (what the benchmark replays through the bare driver).  A statement this module
cannot send as is (one whose SQL SQLAlchemy completes at execution: an expanding ``IN``), or whose
columns' processors depend on the driver's description of the result (PostgreSQL's numbers; SQLite's driver
describes no column, so none there), goes through ``Connection.execute``.

Only statements built once (module constants, ``lru_cache``'d builders, :func:`text_of`'s texts) belong
here: the compiled form is kept per statement object.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import Boolean, DateTime, Integer, String, Text, bindparam, text
from sqlalchemy.engine import Connection, Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.elements import TextClause
from sqlalchemy.types import NullType, TypeDecorator

#: column types whose result processor (if any) does not depend on the driver's description of the column (on
#: every driver; on SQLite, which describes none, every type: :func:`_undescribed`)
_PLAIN = (Integer, String, Text, Boolean, DateTime, NullType)
_KEEP = 512  # compiled statements kept (the screen has a few dozen per dialect)


class _Compiled:
    __slots__ = ("sql", "positions", "static", "binds", "results", "bare")

    def __init__(self, sql: str, positions: tuple[str, ...] | None, static: dict[str, Any],
                 binds: dict[str, Callable[[Any], Any]],
                 results: list[tuple[int, Callable[[Any], Any]]] | None) -> None:
        self.sql, self.positions, self.static, self.binds, self.results = sql, positions, static, binds, results
        #: the driver's parameters when no value is given (the statement's own, none to convert), made once
        self.bare: Any = None if binds else static if positions is None else tuple(static[n] for n in positions)


_FALLBACK = object()  # a statement to send through Connection.execute
_compiled: OrderedDict[tuple[int, str], tuple[ClauseElement, Any]] = OrderedDict()
_texts: OrderedDict[tuple[str, ...], TextClause] = OrderedDict()


def text_of(sql: str, *instants: str) -> TextClause:
    """``text(sql)`` whose parameters ``instants`` are aware date-times, one object per SQL text and
    parameters (so that :func:`fetch` compiles it once)."""
    key = (sql, *instants)
    found = _texts.get(key)
    if found is None:
        found = _texts[key] = text(sql).bindparams(*(bindparam(n, type_=DateTime(timezone=True)) for n in instants))
        if len(_texts) > _KEEP:
            _texts.popitem(last=False)
    return found


def _undescribed(dialect: Dialect) -> bool:
    """Whether the driver describes no column's type (SQLite's: ``cursor.description`` gives ``None`` for each),
    so that SQLAlchemy itself asks every column's result processor with no description: any type's processor
    is then the one it would apply (a sum of minutes, a ``Float``, read through the driver's cursor)."""
    return dialect.name == "sqlite"


def _compile(statement: ClauseElement, dialect: Dialect) -> Any:
    compiled: Any = statement.compile(dialect=dialect)
    sql = compiled.string
    if "POSTCOMPILE" in sql:
        return _FALLBACK
    results: list[tuple[int, Callable[[Any], Any]]] | None = None
    columns = getattr(statement, "selected_columns", None)
    if columns is not None:
        results, seen = [], 0
        for column in columns:
            kind = column.type.impl_instance if isinstance(column.type, TypeDecorator) else column.type
            if not isinstance(kind, _PLAIN) and not _undescribed(dialect):
                return _FALLBACK
            process = column.type.dialect_impl(dialect).result_processor(dialect, None)
            if process is not None:
                results.append((seen, process))
            seen += 1
        if not results:
            results = None
    binds = {}
    for name, bind in compiled.binds.items():
        process = bind.type.dialect_impl(dialect).bind_processor(dialect)
        if process is not None:
            binds[compiled.escaped_bind_names.get(name, name)] = process
    positions = tuple(compiled.positiontup) if compiled.positional else None
    return _Compiled(sql, positions, dict(compiled.params), binds, results)


def _compiled_for(statement: ClauseElement, dialect: Dialect) -> Any:
    key = (id(statement), dialect.name)
    found = _compiled.get(key)
    if found is None or found[0] is not statement:  # an id is reused once its object is gone
        found = _compiled[key] = (statement, _compile(statement, dialect))
        if len(_compiled) > _KEEP:
            _compiled.popitem(last=False)
    return found[1]


def _processed(rows: list[Any], results: list[tuple[int, Callable[[Any], Any]]]) -> list[Any]:
    """``rows`` with SQLAlchemy's result processors applied to the columns that have one."""
    if len(results) == 1:  # one column to convert (a date on SQLite): one call per row
        (at, process), = results
        return [(*row[:at], process(row[at]), *row[at + 1:]) for row in rows]
    out = []
    for row in rows:
        values = list(row)
        for at, process in results:
            values[at] = process(values[at])
        out.append(values)
    return out


def fetch(conn: Connection, statement: ClauseElement, params: Mapping[str, Any] | None = None) -> list[Any]:
    """Every row of ``statement`` (built once: see the module's docstring) with ``params``, as tuples."""
    dialect = conn.dialect
    compiled = _compiled_for(statement, dialect)
    if compiled is _FALLBACK:
        return [tuple(row) for row in conn.execute(statement, dict(params or {}))]  # type: ignore[call-overload]
    if not conn.in_transaction():  # the driver's transaction is then SQLAlchemy's: rolled back at the close
        conn.begin()
    args: Any = compiled.bare
    if params or args is None:
        values = {**compiled.static, **params} if params else compiled.static
        if compiled.binds:
            values = {name: (compiled.binds[name](v) if name in compiled.binds else v) for name, v in values.items()}
        args = values if compiled.positions is None else tuple(values[name] for name in compiled.positions)
    cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    try:
        # SQLAlchemy's own test before it looks for listeners (the lookup costs more than the driver's read)
        if getattr(conn, "_has_events", True) or getattr(conn.engine, "_has_events", True):
            for listen in conn.dispatch.before_cursor_execute:
                listen(conn, cursor, compiled.sql, args, None, False)
        cursor.execute(compiled.sql, args)
        rows: Any = cursor.fetchall()  # a list already (sqlite3's, psycopg's)
    except dialect.loaded_dbapi.Error as exc:
        raise DBAPIError.instance(compiled.sql, args, exc, dialect.loaded_dbapi.Error) from exc
    finally:
        cursor.close()
    return rows if compiled.results is None else _processed(rows, compiled.results)
