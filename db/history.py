"""The history's list: one page of finished matches, found by text and filters (:func:`search`), and
what the review needs to read the amendments of a match (:func:`amendments`).

The list is read by :meth:`db.store.Store.history`, which calls :func:`search`: one function, so that
it can be measured alone (``bench/``).  A page is read newest first from the index on
``(status, ended_at, …)``: the database walks the finished matches in that order and stops once it
has a page (plus one row, to know whether there is a next page); the search words, the player and
the "counts for statistics" filters are tested on the rows it walks, the game and the period come
from the index.  The next page starts *after* the last row shown (a keyset, :class:`Cursor`), never
at an ``OFFSET`` that the database would have to count through: the 2 000th page of a club's
100 000 matches costs what the first does.

>>> from db.store import Store
>>> store = Store("sqlite://")
>>> search(store.engine, HistoryQuery(text="club"))
Page(matches=[], more=None)
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import ARRAY, Integer, and_, any_, bindparam, exists, func, or_, true
from sqlalchemy import select as core_select
from sqlalchemy.engine import Engine
from sqlmodel import col, select

from db.engine import reads
from db.games import all_games
from db.models import EventRow, Match, Player, ScoreRow, Seat
from db.prepared import fetch

#: the event type of an amendment of a match (its date, place, notes or players): a record of the
#: history, never a move of the game (the engines never see it: :func:`db.documents.effective_events`)
AMEND = "amend"
#: how many matches a page of the history shows
PAGE = 50
#: the longest search text taken (a longer one is cut)
MAX_SEARCH = 80


@dataclass
class MatchSummary:
    """One line of a list of matches (the history, the matches in progress)."""

    id: int
    game: str
    status: str
    started_at: datetime
    ended_at: datetime | None
    names: list[str]
    winners: list[str]
    totals: list[tuple[str, int]]
    place: str
    #: the start of the match's notes (the history's search finds a match by them)
    notes: str = ""


@dataclass(frozen=True)
class HistoryQuery:
    """What the history's list shows; every field is optional.

    ``text``: words that must each be found in a player's name, the game's name (both ignoring case
    and accents), the place or the notes (ignoring case); ``game``: a game's key (an engine's slug or a
    named game's ``pad:…``); ``player_id``: the matches that player sat at; ``since``/``until``:
    the days the match ended on, both included, in the server's local time; ``counts``: ``True`` only
    the plays that count for statistics, ``False`` only those that do not (a score-pad play marked so,
    a BG Stats play "ignored for stats").
    """

    text: str = ""
    game: str | None = None
    player_id: int | None = None
    since: date | None = None
    until: date | None = None
    counts: bool | None = None

    @property
    def filtered(self) -> bool:
        """Does the query leave any finished match out?"""
        return bool(self.text.strip()) or any(
            v is not None for v in (self.game, self.player_id, self.since, self.until, self.counts))


@dataclass(frozen=True)
class Cursor:
    """Where a page starts: after the match that ended at ``ended_at`` with id ``id`` (newest first)."""

    ended_at: datetime
    id: int


@dataclass
class Page:
    matches: list[MatchSummary] = field(default_factory=list)
    #: where the next page starts (``None``: this is the last)
    more: Cursor | None = None


def fold(text: str) -> str:
    """Lower case without accents, for comparing names: ``fold("Zoé")`` → ``'zoe'``."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def _local_midnight(day: date) -> datetime:
    """The moment ``day`` begins in the server's local time, as an aware UTC time."""
    return datetime.combine(day, time()).astimezone().astimezone(UTC)


def _matching(engine: Engine, word: str) -> tuple[list[str], list[int]]:
    """The games and the players whose names contain ``word`` (case and accents ignored): a few
    dozen games and a few hundred players, compared here rather than in SQL (SQLite's ``LIKE``
    folds neither accents nor non-ASCII case)."""
    folded = fold(word)
    games = [g.key for g in all_games(engine) if folded in fold(g.name.fr) or folded in fold(g.name.en)]
    with engine.connect() as c:
        players = [pid for pid, name in c.execute(core_select(col(Player.id), col(Player.name)))
                   if pid is not None and folded in fold(name)]
    return games, players


def _word(engine: Engine, word: str) -> Any:
    """The condition a match meets when ``word`` is in its players' or game's names, place or notes."""
    games, players = _matching(engine, word)
    found = [col(Match.place).icontains(word, autoescape=True), col(Match.notes).icontains(word, autoescape=True)]
    if games:
        found.append(col(Match.game).in_(games))
    if players:
        found.append(exists().where(col(Seat.match_id) == col(Match.id), col(Seat.player_id).in_(players)))
    return or_(*found)


#: how a play that does not count for statistics says so in its options (``json.dumps`` of the options)
NOT_COUNTED = '"counts": false'


def conditions(engine: Engine, q: HistoryQuery) -> list[Any]:
    """The conditions a finished match meets to be in the list of ``q`` (the page's ``WHERE``)."""
    where: list[Any] = [col(Match.status) == "finished"]
    if q.game:
        where.append(col(Match.game) == q.game)
    if q.since is not None:
        where.append(col(Match.ended_at) >= _local_midnight(q.since))
    if q.until is not None:
        where.append(col(Match.ended_at) < _local_midnight(q.until + timedelta(days=1)))
    if q.player_id is not None:
        where.append(exists().where(col(Seat.match_id) == col(Match.id), col(Seat.player_id) == q.player_id))
    if q.counts is not None:
        not_counted = col(Match.options).contains(NOT_COUNTED)
        where.append(~not_counted if q.counts else not_counted)
    for word in q.text.split()[:8]:
        where.append(_word(engine, word[:MAX_SEARCH]))
    return where


def starting_after(after: Cursor) -> list[Any]:
    """The conditions of a page that starts after ``after`` (newest first): the rows that ended before it,
    or at the same moment with a smaller id.  The first, ``ended_at <= …``, says the same as part of the
    second; it lets the database start its walk of the index at the cursor instead of at the newest
    match (the 50 000th match's page read 50 000 index entries before its first row)."""
    ended = col(Match.ended_at)
    return [ended <= after.ended_at,
            or_(ended < after.ended_at, and_(ended == after.ended_at, col(Match.id) < after.id))]


def _page_parts(of_page: Any) -> tuple[Any, Any]:
    """A page's seats and score lines, ``of_page`` their match id's condition on the page's ids (the parameter
    ``ids``)."""
    return ((select(Seat.match_id, Player.name).join(Player, col(Player.id) == col(Seat.player_id))
             .where(of_page(col(Seat.match_id))).order_by(col(Seat.seat_index))),
            (select(ScoreRow.match_id, ScoreRow.name, ScoreRow.total).where(of_page(col(ScoreRow.match_id)))
             .order_by(col(ScoreRow.rank), col(ScoreRow.seat_index))))


#: :func:`_page_parts` built once per dialect: the ids one parameter, an array on PostgreSQL (``= ANY``),
#: expanded into the ``IN`` on SQLite.  An ``IN`` of a hundred literal ids built at every page cost 0.5 ms of
#: Python on SQLite; a hundred parameters, each cast, cost PostgreSQL's page 2 ms more than the array
_PAGE_PARTS = {"postgresql": _page_parts(lambda match_id: match_id == any_(bindparam("ids", type_=ARRAY(Integer))))}
_PAGE_PARTS_IN = _page_parts(lambda match_id: match_id.in_(bindparam("ids", expanding=True)))


def search(engine: Engine, q: HistoryQuery = HistoryQuery(), limit: int = PAGE, after: Cursor | None = None,
           offset: int = 0) -> Page:
    """One page of the finished matches ``q`` keeps, newest first (by end, then id): at most
    ``limit``, starting after ``after`` (the :attr:`Page.more` of the page before; ``offset``
    skips rows for the callers that count pages instead, at the cost of reading them).

    Three statements: the page (from the index on status and end; the filters on the rows walked,
    at most the page once the filters keep enough of them), then its seats and its score lines
    by the page's ids."""
    where = conditions(engine, q) + ([] if after is None else starting_after(after))
    page = (core_select(col(Match.id), col(Match.game), col(Match.started_at), col(Match.ended_at),
                        col(Match.winner_names), col(Match.place), func.substr(col(Match.notes), 1, 200))
            .where(and_(true(), *where)).order_by(col(Match.ended_at).desc(), col(Match.id).desc())
            .offset(offset).limit(limit + 1))
    with reads(engine) as c:
        rows = c.execute(page).all()
        shown, rest = rows[:limit], rows[limit:]
        ids = [int(r[0]) for r in shown]
        names: dict[int, list[str]] = {i: [] for i in ids}
        totals: dict[int, list[tuple[str, int]]] = {i: [] for i in ids}
        if ids:
            of_seats, of_lines = _PAGE_PARTS.get(c.dialect.name, _PAGE_PARTS_IN)
            # on the driver's cursor where the statement is whole (PostgreSQL's array: db.prepared), 0.5 ms of
            # SQLAlchemy's less a page; SQLite's IN of the page's ids is completed at execution, by SQLAlchemy
            for match_id, name in fetch(c, of_seats, {"ids": ids}):  # one read, not one per row
                names[match_id].append(name)
            for match_id, name, total in fetch(c, of_lines, {"ids": ids}):
                totals[match_id].append((name, total))
    matches = [MatchSummary(mid, game, "finished", started, ended, names[mid], [w for w in winners.split(", ") if w],
                            totals[mid], place, notes or "")
               for mid, game, started, ended, winners, place, notes in shown]
    last = shown[-1] if shown else None
    more = Cursor(last[3], int(last[0])) if rest and last is not None and last[3] is not None else None
    return Page(matches, more)


# ---------------------------------------------------------------- amendments
@dataclass(frozen=True)
class Amendment:
    """One recorded change of a match: when, by whom (``""``: the host's own screen; else the label
    of the device given host rights), and what: ``changes`` maps ``place``, ``notes``, ``date``
    (ISO days) to ``(before, after)``, and ``seats`` lists ``(seat index, before, after)``."""

    seq: int
    at: datetime
    by: str
    changes: dict[str, tuple[str, str]]
    seats: tuple[tuple[int, str, str], ...] = ()


def amendment(row: EventRow) -> Amendment | None:
    """The amendment an event row records (``None``: the row is a move of the game)."""
    if row.type != AMEND:
        return None
    payload = json.loads(row.payload)
    changes = {k: (str(v[0]), str(v[1])) for k, v in payload.get("changes", {}).items()
               if isinstance(v, list) and len(v) == 2}
    seats = tuple((int(s[0]), str(s[1]), str(s[2])) for s in payload.get("seats", []))
    at = row.at if row.at.tzinfo else row.at.replace(tzinfo=UTC)
    return Amendment(row.seq, at, str(payload.get("by", "")), changes, seats)


def amendments(log: Sequence[EventRow]) -> list[Amendment]:
    """Every amendment of a match's log, in order."""
    return [a for a in map(amendment, log) if a is not None]


def date_shift(log: Sequence[EventRow]) -> timedelta:
    """How far the amendments of the date moved the match's start and end, in all (the events keep
    the time they were recorded at: the time each player used is measured from the start as it was)."""
    shift = timedelta()
    for a in amendments(log):
        if "date" in a.changes:
            before, after = (date.fromisoformat(d) for d in a.changes["date"])
            shift += after - before
    return shift


def game_rows(log: Sequence[EventRow]) -> list[EventRow]:
    """The log's rows that are the game's own (its moves, timers and undo rows), amendments left out."""
    return [r for r in log if r.type != AMEND]


__all__ = ["AMEND", "PAGE", "Amendment", "Cursor", "HistoryQuery", "MatchSummary", "Page", "amendment",
           "amendments", "conditions", "date_shift", "fold", "game_rows", "search", "starting_after"]
