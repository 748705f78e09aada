"""The history API used by the app: players, matches, the event log, scores.

Every event is committed as it happens, so a match survives a crash or a closed
tab.  The log is append-only: undo appends an ``undo`` row that cancels the last
effective event (the timeline keeps both).

>>> store = Store("sqlite://")
>>> a, b = store.add_player("Léa").id, store.add_player("Sam").id
>>> store.add_player(" léa ")
Traceback (most recent call last):
...
db.store.StoreError: a player named 'Léa' already exists
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Integer, any_, bindparam, func
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from db.engine import make_engine
from db.models import EventRow, Match, Meta, Player, ScoreRow, Seat, first_seat, score_line, utcnow
from db.seat_tokens import SeatTokens
from scoring import Game, RulesError, ScoreSheet, event_rng, find_game

MAX_NAME = 80


class StoreError(ValueError):
    """A request the history cannot honour (unknown match, bad name...)."""


@dataclass
class LoadedMatch:
    id: int
    game: Game
    status: str
    options: dict[str, Any]
    setup: dict[str, Any]
    seed: str
    player_ids: list[int]
    names: list[str]
    events: list[dict[str, Any]]  # effective events, in order
    log: list[EventRow]  # every row, undo rows included
    state: dict[str, Any]
    started_at: datetime
    ended_at: datetime | None
    place: str
    notes: str
    sheet: dict[str, Any] | None

    @property
    def can_undo(self) -> bool:
        return bool(self.events) and self.status == "in_progress" and self.game.undoable(self.events[-1])


@dataclass
class MatchSummary:
    id: int
    game: str
    status: str
    started_at: datetime
    ended_at: datetime | None
    names: list[str]
    winners: list[str]
    totals: list[tuple[str, int]]
    place: str


def _clean_name(name: str) -> str:
    name = " ".join(str(name).split())
    if not name:
        raise StoreError("a player's name cannot be empty")
    if len(name) > MAX_NAME:
        raise StoreError(f"a player's name is at most {MAX_NAME} characters, got {len(name)}")
    return name


def effective_events(rows: Sequence[EventRow]) -> list[dict[str, Any]]:
    """Replay the log's undo rows: what is left is what happened."""
    stack: list[dict[str, Any]] = []
    for row in rows:
        if row.type == "undo":
            if stack:
                stack.pop()
        else:
            stack.append(json.loads(row.payload))
    return stack


class Store(SeatTokens):
    def __init__(self, url: str | None = None) -> None:
        self.engine = make_engine(url)
        # match id -> (rows seen, effective events, state): saves a replay per event.
        self._cache: dict[int, tuple[int, list[dict[str, Any]], dict[str, Any]]] = {}
        self._pages: dict[str, tuple[Any, Any, Any]] = {}  # status -> the statements of a page

    def session(self) -> Session:
        return Session(self.engine, expire_on_commit=False)

    # ------------------------------------------------------------ settings
    def get_setting(self, key: str, default: str = "") -> str:
        with self.session() as s:
            row = s.get(Meta, f"setting:{key}")
            return row.value if row else default

    def set_setting(self, key: str, value: str) -> None:
        with self.session() as s:
            s.merge(Meta(key=f"setting:{key}", value=value))
            s.commit()

    # ------------------------------------------------------------ players
    def players(self) -> list[Player]:
        with self.session() as s:
            return list(s.exec(select(Player).order_by(func.lower(Player.name))))

    def _check_unique(self, s: Session, name: str, except_id: int | None = None) -> None:
        for p in s.exec(select(Player).where(func.lower(Player.name) == name.lower())):
            if p.id != except_id:
                raise StoreError(f"a player named {p.name!r} already exists")

    def add_player(self, name: str) -> Player:
        name = _clean_name(name)
        with self.session() as s:
            self._check_unique(s, name)
            player = Player(name=name)
            s.add(player)
            s.commit()
            s.refresh(player)
            return player

    def rename_player(self, player_id: int, name: str) -> Player:
        name = _clean_name(name)
        with self.session() as s:
            player = s.get(Player, player_id)
            if player is None:
                raise StoreError(f"no player with id {player_id!r}")
            self._check_unique(s, name, except_id=player_id)
            player.name = name
            s.add(player)
            s.flush()
            self._rename_lines(s, player)  # the past score sheets name the same person
            s.commit()
            s.refresh(player)
            return player

    def merge_players(self, keep_id: int, drop_id: int) -> None:
        """Fold a duplicate into ``keep_id``: its seats and scores move over, it goes."""
        if keep_id == drop_id:
            raise StoreError("cannot merge a player with itself")
        with self.session() as s:
            keep, drop = s.get(Player, keep_id), s.get(Player, drop_id)
            if keep is None or drop is None:
                raise StoreError(f"no player with id {keep_id if keep is None else drop_id!r}")
            clash = s.exec(select(Seat.match_id).where(Seat.player_id == keep_id)
                           .where(col(Seat.match_id).in_(
                               select(Seat.match_id).where(Seat.player_id == drop_id)))).first()
            if clash is not None:
                raise StoreError(f"{keep.name!r} and {drop.name!r} sat at the same match "
                                 f"(#{clash}): they are two people")
            for seat in s.exec(select(Seat).where(Seat.player_id == drop_id)):
                seat.player_id = keep_id
                s.add(seat)
            for score in s.exec(select(ScoreRow).where(ScoreRow.player_id == drop_id)):
                score.player_id = keep_id
                s.add(score)
            s.flush()
            self._rename_lines(s, keep)  # the duplicate's past sheets now name the one person
            s.delete(drop)
            s.commit()
        self._cache.clear()

    # ------------------------------------------------------------ matches
    def create_match(self, slug: str, options: Mapping[str, Any], player_ids: Sequence[int],
                     *, seed: str | None = None, place: str = "") -> int:
        """Validate the options, generate the set-up and store the new match."""
        game = find_game(slug)
        opts = game.validate_options(dict(options))
        if len(player_ids) != game.seat_count(opts):
            raise StoreError(f"{game.name.en} with these options needs {game.seat_count(opts)} "
                             f"players, got {len(player_ids)}")
        if len(set(player_ids)) != len(player_ids):
            raise StoreError("the same player cannot take two seats")
        seed = seed or secrets.token_hex(8)
        setup = game.setup(opts, random.Random(f"{seed}:setup"))
        with self.session() as s:
            for pid in player_ids:
                if s.get(Player, pid) is None:
                    raise StoreError(f"no player with id {pid!r}")
            match = Match(game=slug, options=json.dumps(opts), setup=json.dumps(setup.record),
                          seed=seed, place=place.strip()[:120], first_seat=first_seat(game.slug, setup.record))
            s.add(match)
            s.flush()
            assert match.id is not None
            for i, pid in enumerate(player_ids):
                s.add(Seat(match_id=match.id, seat_index=i, player_id=pid))
            s.commit()
            return match.id

    def _match(self, s: Session, match_id: int) -> Match:
        match = s.get(Match, match_id)
        if match is None:
            raise StoreError(f"no match with id {match_id!r}")
        return match

    def load(self, match_id: int) -> LoadedMatch:
        with self.session() as s:
            match = self._match(s, match_id)
            seats = s.exec(select(Seat, Player).join(Player).where(Seat.match_id == match_id)
                           .order_by(col(Seat.seat_index))).all()
            rows = list(s.exec(select(EventRow).where(EventRow.match_id == match_id)
                               .order_by(col(EventRow.seq))))
        game = find_game(match.game)
        names = [p.name for _, p in seats]
        setup = json.loads(match.setup)
        cached = self._cache.get(match_id)
        if "imported_from" in setup:  # a match imported from another app: its score lines, no events to replay
            events, state = [], {}
        elif cached and cached[0] == len(rows):
            events, state = cached[1], cached[2]
        else:
            events = effective_events(rows)
            state = game.initial_state(setup, names)
            for e in events:
                state = game.apply(state, e)
            self._cache[match_id] = (len(rows), events, state)
        assert match.id is not None
        return LoadedMatch(match.id, game, match.status, json.loads(match.options), setup, match.seed,
                           [p.id for _, p in seats if p.id is not None], names, list(events), rows,
                           state, match.started_at, match.ended_at, match.place, match.notes,
                           json.loads(match.sheet) if match.sheet else None)

    def record(self, match_id: int, action: Mapping[str, Any]) -> dict[str, Any]:
        """Prepare (recording any random outcome), check, and commit one event.

        Returns the committed event.  Raises :class:`scoring.RulesError` for an
        illegal action, with nothing written.
        """
        for _attempt in range(3):
            m = self.load(match_id)
            if m.status != "in_progress":
                raise StoreError(f"match #{match_id} is {m.status.replace('_', ' ')}: no more events")
            seq = len(m.log) + 1
            event = m.game.prepare(m.state, dict(action), event_rng(m.seed, seq))
            new_state = m.game.apply(m.state, event)
            json.dumps(event)  # must be storable as it is
            try:
                with self.session() as s:
                    s.add(EventRow(match_id=match_id, seq=seq, type=str(event["type"]),
                                   payload=json.dumps(event, ensure_ascii=False)))
                    s.commit()
            except IntegrityError:  # another device wrote seq first: reload and try again
                self._cache.pop(match_id, None)
                continue
            self._cache[match_id] = (seq, [*m.events, event], new_state)
            return event
        raise StoreError(f"match #{match_id} is busy: try again")

    def undo(self, match_id: int) -> dict[str, Any]:
        """Cancel the last effective event; returns it."""
        m = self.load(match_id)
        if m.status != "in_progress":
            raise StoreError(f"match #{match_id} is {m.status.replace('_', ' ')}: nothing to undo")
        if not m.events:
            raise StoreError("nothing to undo")
        last = m.events[-1]
        if not m.game.undoable(last):
            raise StoreError(f"the last event ({last['type']!r}) cannot be undone")
        seq = len(m.log) + 1
        with self.session() as s:
            s.add(EventRow(match_id=match_id, seq=seq, type="undo",
                           payload=json.dumps({"type": "undo", "undoes": last.get("type")})))
            s.commit()
        return last

    def finish(self, match_id: int) -> ScoreSheet:
        """Score the match and store its sheet; the match moves to the history."""
        m = self.load(match_id)
        if m.status != "in_progress":
            raise StoreError(f"match #{match_id} is already {m.status.replace('_', ' ')}")
        if not m.game.finished(m.state):
            raise StoreError("the match is not over yet: play on, or abandon it")
        try:
            sheet = m.game.score(m.state)
        except RulesError as exc:
            raise StoreError(f"cannot score the match: {exc}") from exc
        with self.session() as s:
            match = self._match(s, match_id)
            match.status, match.ended_at, match.seats = "finished", utcnow(), len(sheet.ranking)
            for row in sheet.ranking:
                pid = m.player_ids[row.seat] if row.seat < len(m.player_ids) else None
                s.add(score_line(match, row.seat, player_id=pid, name=row.name, total=row.total, rank=row.rank,
                                 winner=row.name in sheet.winners,
                                 breakdown=json.dumps(row.breakdown, ensure_ascii=False)))
            match.winner_names = ", ".join(sheet.winners)[:400]
            match.sheet = json.dumps(sheet.to_json(), ensure_ascii=False)
            s.add(match)
            s.commit()
        return sheet

    def abandon(self, match_id: int) -> None:
        with self.session() as s:
            match = self._match(s, match_id)
            if match.status != "in_progress":
                raise StoreError(f"match #{match_id} is already {match.status.replace('_', ' ')}")
            match.status, match.ended_at = "abandoned", utcnow()
            s.add(match)
            s.commit()

    def update_match(self, match_id: int, *, place: str | None = None, notes: str | None = None) -> None:
        with self.session() as s:
            match = self._match(s, match_id)
            if place is not None:
                match.place = place.strip()[:120]
            if notes is not None:
                match.notes = notes
            s.add(match)
            s.commit()

    @staticmethod
    def _rename_line(s: Session, line: ScoreRow, match: Match, name: str) -> None:
        """A score line's player is now called ``name``: the line, the match's winners and its stored
        sheet say so (the sheet's row is found by its seat, the winners by the old name)."""
        old_name, line.name = line.name, name
        s.add(line)
        if old_name == name:
            return
        match.winner_names = ", ".join(name if w == old_name else w
                                       for w in match.winner_names.split(", ") if w)[:400]
        if match.sheet:
            sheet = json.loads(match.sheet)
            for row in sheet.get("ranking", []):
                if row.get("seat") == line.seat_index:
                    row["name"] = name
            sheet["winners"] = [name if w == old_name else w for w in sheet.get("winners", [])]
            match.sheet = json.dumps(sheet, ensure_ascii=False)
        s.add(match)

    def _rename_lines(self, s: Session, player: Player) -> None:
        """Every score line of ``player`` (and its match's winners and sheet) takes the player's name."""
        lines = s.exec(select(ScoreRow).where(ScoreRow.player_id == player.id, ScoreRow.name != player.name)).all()
        for line in lines:
            self._rename_line(s, line, self._match(s, line.match_id), player.name)
        self._cache.clear()

    def set_seat_player(self, match_id: int, seat_index: int, name: str) -> Player:
        """Correct who sat at a seat of a match, by name: an existing player (any case), else a new one.

        The seat, its score line and the match's winners follow; the match's events, which name
        seats by number, are untouched.
        """
        name = _clean_name(name)
        with self.session() as s:
            match = self._match(s, match_id)
            seat = s.exec(select(Seat).where(Seat.match_id == match_id, Seat.seat_index == seat_index)).first()
            if seat is None:
                raise StoreError(f"match #{match_id} has no seat {seat_index + 1}")
            player = s.exec(select(Player).where(func.lower(Player.name) == name.lower())).first()
            if player is None:
                player = Player(name=name)
                s.add(player)
                s.flush()
            if player.id != seat.player_id:
                clash = s.exec(select(Seat).where(Seat.match_id == match_id, Seat.player_id == player.id)).first()
                if clash is not None:
                    raise StoreError(f"{player.name!r} already sits at seat {clash.seat_index + 1} "
                                     f"of match #{match_id}")
            assert player.id is not None
            seat.player_id = player.id
            s.add(seat)
            line = s.exec(select(ScoreRow).where(ScoreRow.match_id == match_id,
                                                 ScoreRow.seat_index == seat_index)).first()
            if line is not None:
                line.player_id = player.id
                self._rename_line(s, line, match, player.name)
            s.commit()
            s.refresh(player)
        self._cache.pop(match_id, None)
        return player

    def delete_match(self, match_id: int) -> dict[str, Any]:
        """Delete a match with its seats, events and score lines; returns its document for
        :meth:`undelete_match` (the screen's short undo)."""
        from db.backup import match_document

        with self.session() as s:
            match = self._match(s, match_id)
            doc = match_document(s, match)
            for table in (ScoreRow, EventRow, Seat):
                for row in s.exec(select(table).where(table.match_id == match_id)):  # type: ignore[attr-defined]
                    s.delete(row)
            s.flush()
            s.delete(match)
            s.commit()
        self._cache.pop(match_id, None)
        return doc

    def undelete_match(self, doc: dict[str, Any]) -> int:
        """Put back a match deleted by :meth:`delete_match`; returns its id.

        It keeps its own id, unless a match started since was given that id (SQLite hands out the
        highest id again once its match is deleted): then it comes back under a new one.  Putting
        back a match that is already back (the same match in every field but its id) is refused.
        """
        from db.backup import RestoreError, check_match, insert_match, match_document

        with self.session() as s:
            for twin in s.exec(select(Match).where(Match.seed == doc.get("seed"), Match.game == doc.get("game"))):
                if {**match_document(s, twin), "id": None} == {**doc, "id": None}:
                    raise StoreError(f"match #{doc.get('id')} already exists (as #{twin.id})")
            player_ids = {p for p in s.exec(select(Player.id)) if p is not None}
            try:
                check_match(doc, player_ids, f"match #{doc.get('id')}")
            except RestoreError as exc:
                raise StoreError(str(exc)) from exc
            taken = s.get(Match, doc.get("id")) is not None
            new_id = insert_match(s, {**doc, "id": None} if taken else doc)
            s.commit()
        return new_id

    # ------------------------------------------------------------ lists
    def _page_statements(self, status: str) -> tuple[Any, Any, Any]:
        """The three statements of a page of ``status`` matches, built once per store (building
        them each time cost a fifth of the page).  The ids of the page are one bound list:
        ``IN (...)``, or on PostgreSQL ``= ANY(:ids)``, one array parameter instead of a hundred
        (3.7x the hand-written SQL's time with the list, in docs/benchmarks.md)."""
        built = self._pages.get(status)
        if built is None:
            if self.engine.dialect.name == "postgresql":
                # Imported here: the PostgreSQL dialect's modules cost a SQLite start-up 40 ms.
                from sqlalchemy.dialects.postgresql import ARRAY

                def among(column: Any) -> Any:
                    return column == any_(bindparam("ids", type_=ARRAY(Integer)))
            else:
                def among(column: Any) -> Any:
                    return column.in_(bindparam("ids", expanding=True))
            order = col(Match.ended_at).desc() if status == "finished" else col(Match.started_at).desc()
            built = (select(Match.id, Match.game, Match.started_at, Match.ended_at, Match.winner_names, Match.place)
                     .where(Match.status == status).order_by(order, col(Match.id).desc())
                     .offset(bindparam("offset")).limit(bindparam("limit")),
                     select(Seat.match_id, Player.name).join(Player, col(Player.id) == col(Seat.player_id))
                     .where(among(col(Seat.match_id))).order_by(col(Seat.seat_index)),
                     select(ScoreRow.match_id, ScoreRow.name, ScoreRow.total).where(among(col(ScoreRow.match_id)))
                     .order_by(col(ScoreRow.rank), col(ScoreRow.seat_index)))
            self._pages[status] = built
        return built

    def _summaries(self, status: str, limit: int, offset: int) -> list[MatchSummary]:
        """One page of matches: three narrow queries selecting only the columns the list shows.

        (Whole entities would drag each match's set-up and score-sheet JSON and each line's
        breakdown through the ORM: 5x the hand-written SQL in docs/benchmarks.md.)
        """
        page, seats, lines = self._page_statements(status)
        # Core statements on a bare connection: no ORM session or entity bookkeeping for a read-only list.
        with self.engine.connect() as c:
            matches = c.execute(page, {"limit": limit, "offset": offset}).all()
            names: dict[int, list[str]] = {m[0]: [] for m in matches if m[0] is not None}
            ids = {"ids": list(names)}
            for match_id, name in c.execute(seats, ids).all():
                names[match_id].append(name)
            totals: dict[int, list[tuple[str, int]]] = {i: [] for i in names}
            for match_id, name, total in c.execute(lines, ids).all():
                totals[match_id].append((name, total))
        return [MatchSummary(mid, game, status, started, ended, names[mid], [w for w in winners.split(", ") if w],
                             totals[mid], place)
                for mid, game, started, ended, winners, place in matches if mid is not None]

    def in_progress(self, limit: int = 50) -> list[MatchSummary]:
        return self._summaries("in_progress", limit, 0)

    def history(self, limit: int = 50, offset: int = 0) -> list[MatchSummary]:
        return self._summaries("finished", limit, offset)
