"""Full JSON backup and restore of the history, a match's own document (delete and undo), CSV export.

A backup holds every player, match, seat, event, score line and setting, with their ids, and
the JSON columns (options, set-up, event payloads, score sheets) as the exact text stored, so a
restore into an empty database gives back the same history, byte for byte, on SQLite or
PostgreSQL.  :func:`restore` checks the whole document before writing anything, then writes it in
one transaction.

>>> from db.store import Store
>>> a, b = Store("sqlite://"), Store("sqlite://")
>>> _ = a.add_player("Léa")
>>> doc = backup(a)
>>> restore(b, doc).players
1
>>> [p.name for p in b.players()]
['Léa']
>>> restore(b, doc)
Traceback (most recent call last):
...
db.backup.RestoreError: a backup is restored into an empty database; this one has 1 player(s) and 0 match(es)
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, text
from sqlmodel import Session, col, select

from db.models import SCHEMA_VERSION, EventRow, Match, Meta, Player, ScoreRow, Seat, score_line
from db.stats import NO_FILTERS, Filters
from db.store import Store, StoreError
from scoring import SLUGS, Tr

FORMAT = "compagnon-backup"
VERSION = 1
STATUSES = ("in_progress", "finished", "abandoned")


class RestoreError(StoreError):
    """A backup that cannot be restored: the message says where and what is wrong.

    ``text``: the message in French and English where it is said in both (a file that is no
    backup, a newer version, a database that is not empty); else ``None``, and the screen puts
    the English detail after a French sentence of its own.
    """

    def __init__(self, en: str, fr: str | None = None) -> None:
        super().__init__(en)
        self.text = Tr(fr, en) if fr is not None else None


@dataclass(frozen=True)
class Restored:
    players: int
    matches: int


def _iso(value: datetime | None) -> str | None:
    if value is None:
        return None
    if value.tzinfo is None:  # SQLite hands back naive UTC
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).isoformat()


def _when(value: Any, where: str, *, optional: bool = False) -> datetime | None:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise RestoreError(f"{where}: expected a date and time (ISO 8601), got {value!r}")
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError as exc:
        raise RestoreError(f"{where}: {value!r} is not an ISO 8601 date and time") from exc
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


# ---------------------------------------------------------------- one match
def match_document(session: Session, match: Match) -> dict[str, Any]:
    """One match with its seats, events and score lines, as it is stored."""
    assert match.id is not None
    seats = session.exec(select(Seat).where(Seat.match_id == match.id).order_by(col(Seat.seat_index))).all()
    events = session.exec(select(EventRow).where(EventRow.match_id == match.id).order_by(col(EventRow.seq))).all()
    scores = session.exec(select(ScoreRow).where(ScoreRow.match_id == match.id)
                          .order_by(col(ScoreRow.seat_index))).all()
    return {
        "id": match.id, "game": match.game, "options": match.options, "setup": match.setup, "seed": match.seed,
        "status": match.status, "started_at": _iso(match.started_at), "ended_at": _iso(match.ended_at),
        "place": match.place, "notes": match.notes, "winner_names": match.winner_names,
        "first_seat": match.first_seat, "seat_count": match.seats, "sheet": match.sheet,
        "seats": [{"seat_index": s.seat_index, "player_id": s.player_id, "colour": s.colour} for s in seats],
        "events": [{"seq": e.seq, "type": e.type, "payload": e.payload, "at": _iso(e.at)} for e in events],
        "scores": [{"seat_index": r.seat_index, "player_id": r.player_id, "name": r.name, "total": r.total,
                    "rank": r.rank, "winner": r.winner, "breakdown": r.breakdown} for r in scores],
    }


def _check_text(doc: Mapping[str, Any], key: str, where: str, *, json_text: bool = False,
                allow_empty: bool = False) -> str:
    value = doc.get(key)
    if not isinstance(value, str):
        raise RestoreError(f"{where}: {key!r} must be text, got {value!r:.80}")
    if json_text and not (allow_empty and value == ""):
        try:
            json.loads(value)
        except ValueError as exc:
            raise RestoreError(f"{where}: {key!r} is not valid JSON: {value!r:.80}") from exc
    return value


def _check_int(doc: Mapping[str, Any], key: str, where: str, *, optional: bool = False) -> int | None:
    value = doc.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise RestoreError(f"{where}: {key!r} must be a whole number, got {value!r:.80}")
    return value


def check_match(doc: Any, player_ids: set[int], where: str) -> None:
    """Every field of one match document, and that its players exist (``player_ids``)."""
    if not isinstance(doc, dict):
        raise RestoreError(f"{where}: a match must be an object, got {doc!r:.80}")
    _check_int(doc, "id", where)
    if doc.get("game") not in SLUGS:
        raise RestoreError(f"{where}: unknown game {doc.get('game')!r} (known: {', '.join(SLUGS)})")
    if doc.get("status") not in STATUSES:
        raise RestoreError(f"{where}: status must be one of {', '.join(STATUSES)}, got {doc.get('status')!r}")
    for key in ("options", "setup"):
        _check_text(doc, key, where, json_text=True)
    _check_text(doc, "sheet", where, json_text=True, allow_empty=True)
    for key in ("seed", "place", "notes", "winner_names"):
        _check_text(doc, key, where)
    _check_int(doc, "first_seat", where)
    _check_int(doc, "seat_count", where)
    _when(doc.get("started_at"), f"{where}: started_at")
    _when(doc.get("ended_at"), f"{where}: ended_at", optional=True)
    for key in ("seats", "events", "scores"):
        if not isinstance(doc.get(key), list):
            raise RestoreError(f"{where}: {key!r} must be a list")
    for w, seat in _rows(doc["seats"], f"{where}, seat", "seat_index"):
        pid = _check_int(seat, "player_id", w)
        if pid not in player_ids:
            raise RestoreError(f"{w}: no player with id {pid} in the backup")
        _check_text(seat, "colour", w)
    for w, event in _rows(doc["events"], f"{where}, event", "seq"):
        _check_text(event, "type", w)
        _check_text(event, "payload", w, json_text=True)
        _when(event.get("at"), f"{w}: at")
    for w, line in _rows(doc["scores"], f"{where}, score line", "seat_index"):
        pid = _check_int(line, "player_id", w, optional=True)
        if pid is not None and pid not in player_ids:
            raise RestoreError(f"{w}: no player with id {pid} in the backup")
        _check_text(line, "name", w)
        _check_int(line, "total", w)
        _check_int(line, "rank", w)
        if not isinstance(line.get("winner"), bool):
            raise RestoreError(f"{w}: 'winner' must be true or false, got {line.get('winner')!r}")
        _check_text(line, "breakdown", w, json_text=True)


def _rows(rows: list[Any], what: str, unique: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each row with its place for messages ("match #3, seat 2"), once checked to be an object whose
    whole number ``unique`` appears only once."""
    seen: set[int | None] = set()
    for i, row in enumerate(rows):
        w = f"{what} {i + 1}"
        if not isinstance(row, dict):
            raise RestoreError(f"{w}: must be an object")
        value = _check_int(row, unique, w)
        if value in seen:
            raise RestoreError(f"{w}: {unique} {value} appears twice")
        seen.add(value)
        yield w, row


def insert_match(session: Session, doc: Mapping[str, Any]) -> int:
    """Write one (checked) match document with its own ids (``"id": None``: the database gives the
    match a new one); returns the match's id."""
    match = Match(id=doc["id"], game=doc["game"], options=doc["options"], setup=doc["setup"], seed=doc["seed"],
                  status=doc["status"], started_at=_when(doc["started_at"], "started_at"),
                  ended_at=_when(doc["ended_at"], "ended_at", optional=True), place=doc["place"],
                  notes=doc["notes"], winner_names=doc["winner_names"], first_seat=doc["first_seat"],
                  seats=doc["seat_count"], sheet=doc["sheet"])
    session.add(match)
    session.flush()
    assert match.id is not None
    for seat in doc["seats"]:
        session.add(Seat(match_id=match.id, **seat))
    for event in doc["events"]:
        session.add(EventRow(match_id=match.id, seq=event["seq"], type=event["type"], payload=event["payload"],
                             at=_when(event["at"], "at")))
    for line in doc["scores"]:  # with their copies of the match (db.models.score_line)
        session.add(score_line(match, **line))
    return match.id


def _reset_sequences(session: Session) -> None:
    """PostgreSQL: ids were written by hand, so move each table's id sequence past them."""
    if session.get_bind().dialect.name != "postgresql":
        return
    for table in ("player", "match", "seat", "event", "score"):
        session.exec(text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "  # type: ignore[call-overload]
                          f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"))


# ---------------------------------------------------------------- the whole history
def backup(store: Store) -> dict[str, Any]:
    """Everything in the history, as one JSON-ready document."""
    with store.session() as s:
        players = s.exec(select(Player).order_by(col(Player.id))).all()
        matches = s.exec(select(Match).order_by(col(Match.id))).all()
        settings = s.exec(select(Meta).where(col(Meta.key).startswith("setting:")).order_by(col(Meta.key))).all()
        return {
            "format": FORMAT, "version": VERSION, "schema": SCHEMA_VERSION,
            "exported_at": _iso(datetime.now(UTC)),
            "settings": {m.key.removeprefix("setting:"): m.value for m in settings},
            "players": [{"id": p.id, "name": p.name, "created_at": _iso(p.created_at)} for p in players],
            "matches": [match_document(s, m) for m in matches],
        }


def check_backup(doc: Any) -> None:
    """Raise :class:`RestoreError` naming the first problem of a backup document."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise RestoreError(f"not a Compagnon backup: 'format' must be {FORMAT!r}",
                           f"ce fichier n'est pas une sauvegarde de Compagnon ('format' doit valoir {FORMAT!r})")
    if doc.get("version") != VERSION:
        raise RestoreError(f"backup version {doc.get('version')!r} is not supported (this app reads {VERSION})",
                           f"la version {doc.get('version')!r} de cette sauvegarde n'est pas prise en charge "
                           f"(cette version de l'app lit la version {VERSION})")
    for key in ("players", "matches"):
        if not isinstance(doc.get(key), list):
            raise RestoreError(f"the backup has no {key!r} list")
    if not isinstance(doc.get("settings", {}), dict):
        raise RestoreError("'settings' must be an object")
    ids: set[int] = set()
    names: set[str] = set()
    for i, p in enumerate(doc["players"]):
        where = f"player {i + 1}"
        if not isinstance(p, dict):
            raise RestoreError(f"{where}: must be an object")
        pid = _check_int(p, "id", where)
        name = _check_text(p, "name", where)
        if pid in ids:
            raise RestoreError(f"{where}: id {pid} appears twice")
        if name.lower() in names or not name.strip():
            raise RestoreError(f"{where}: the name {name!r} is empty or appears twice")
        assert pid is not None
        ids.add(pid)
        names.add(name.lower())
        _when(p.get("created_at"), f"{where}: created_at")
    match_ids: set[int] = set()
    for i, m in enumerate(doc["matches"]):
        where = f"match {i + 1}" + (f" (#{m.get('id')})" if isinstance(m, dict) else "")
        check_match(m, ids, where)
        if m["id"] in match_ids:
            raise RestoreError(f"{where}: id {m['id']} appears twice")
        match_ids.add(m["id"])


def restore(store: Store, doc: Any) -> Restored:
    """Restore a backup into an empty database: all of it, or nothing."""
    check_backup(doc)
    with store.session() as s:
        n_players = s.exec(select(func.count()).select_from(Player)).one()
        n_matches = s.exec(select(func.count()).select_from(Match)).one()
        if n_players or n_matches:
            raise RestoreError(f"a backup is restored into an empty database; this one has {n_players} player(s) "
                               f"and {n_matches} match(es)",
                               f"une sauvegarde se restaure dans un historique vide ; celui-ci a déjà "
                               f"{n_players} joueur(s) et {n_matches} partie(s)")
        for p in doc["players"]:
            s.add(Player(id=p["id"], name=p["name"], created_at=_when(p["created_at"], "created_at")))
        s.flush()
        for m in doc["matches"]:
            insert_match(s, m)
        for key, value in doc.get("settings", {}).items():
            s.merge(Meta(key=f"setting:{key}", value=str(value)))
        s.flush()
        _reset_sequences(s)
        s.commit()
    store._cache.clear()
    return Restored(len(doc["players"]), len(doc["matches"]))


# ---------------------------------------------------------------- CSV
CSV_COLUMNS = ("match", "game", "started_at", "ended_at", "minutes", "place", "seat", "first_player", "player",
               "total", "rank", "winner", "breakdown", "notes")


def csv_rows(store: Store, filters: Filters = NO_FILTERS) -> Iterator[list[Any]]:
    """One row per score line of the finished matches, newest match first (a header row first)."""
    yield list(CSV_COLUMNS)
    query = (select(Match.id, Match.game, Match.started_at, Match.ended_at, Match.place, Match.notes,
                    Match.first_seat, ScoreRow.seat_index, ScoreRow.name, ScoreRow.total, ScoreRow.rank,
                    ScoreRow.winner, ScoreRow.breakdown)
             .select_from(ScoreRow).join(Match, col(Match.id) == col(ScoreRow.match_id))
             .where(*filters.conditions())
             .order_by(col(Match.ended_at).desc(), col(Match.id).desc(), col(ScoreRow.seat_index)))
    with store.session() as s:
        for mid, game, start, end, place, notes, first, seat, name, total, rank, winner, breakdown in (
                s.exec(query).yield_per(2000)):
            minutes = round((end - start).total_seconds() / 60, 1) if end and start else ""
            parts = json.loads(breakdown) if breakdown else {}
            detail = "; ".join(f"{k}={v}" for k, v in parts.items()) if isinstance(parts, dict) else breakdown
            yield [mid, game, _iso(start), _iso(end), minutes, place, seat + 1, "yes" if seat == first else "",
                   name, total, rank, "yes" if winner else "", detail, notes]


def matches_csv(store: Store, filters: Filters = NO_FILTERS) -> str:
    """The finished matches and their scores as CSV text (UTF-8, comma-separated, one line per score line)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in csv_rows(store, filters):
        writer.writerow(row)
    return out.getvalue()
