"""A match as a document (a backup's matches, a deleted match kept for its undo), described and
checked whole by pydantic models before anything is written.

The models carry the screens' own limits (a name of 1 to 80 characters, a place of at most 120,
notes of at most :data:`MAX_NOTES`), whole numbers within their columns (ids from 1, totals within
32 bits), dates within the calendar and JSON texts that parse.  :func:`check_match` then checks the
match's game, options and seats (a document whose match could not be opened afterwards is refused, naming
the match and the reason) and replays its log through its engine (:func:`replay_log`): a log that no longer
replays (written under another version of a game's rules) is said with the match, which is kept as it is.

Every refusal is a :class:`db.errors.RestoreError` in French and English naming the first bad field
(``match 3 (#3), seat 1: no player with id 99 in the backup``).  :mod:`db.store` and
:mod:`db.backup` both build on this module, which imports neither.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError
from pydantic_core import PydanticCustomError
from sqlmodel import Session, col, select

from db.errors import LogUnreadable, RestoreError
from db.games import PAD, engine_slug, ensure_game, game_key
from db.history import AMEND
from db.models import EventRow, Match, ScoreRow, Seat, score_line
from scoring import Game, InvalidOptions, RulesError, Tr, find_game, slugs
from scoring.core import quote
from scoring.core.tr import same

MAX_NAME = 80  # a player's name, as the screens allow it
MAX_PLACE = 120
MAX_NOTES = 10_000
MAX_SEATS = 64
MAX_EVENTS = 100_000  # events of one match
MAX_JSON = 1_000_000  # characters of one JSON text (a set-up, a score sheet, an event)
INT32 = 2**31 - 1
STATUSES = ("in_progress", "finished", "abandoned")


def quote_name(name: str) -> str:
    """A player's name as a refusal quotes it: whole (it has at most :data:`MAX_NAME` characters), as
    :func:`scoring.core.quote` quotes a text.

    >>> quote_name("Léa")
    '“Léa”'
    """
    return quote(name, MAX_NAME + 2)


def _bad(fr: str, en: str, it: str) -> PydanticCustomError:
    return PydanticCustomError("compagnon", "{en}", {"fr": fr, "en": en, "it": it})


def iso(value: datetime | None) -> str | None:
    """A stored date as ISO 8601 text in UTC (SQLite hands back naive UTC)."""
    if value is None:
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).isoformat()


def _when(value: Any) -> Any:
    """An ISO 8601 date and time within the calendar (years 1900 to 9998), as an aware UTC datetime."""
    if isinstance(value, datetime):
        parsed = value
    elif not isinstance(value, str) or len(value) > 40:
        raise _bad(f"une date et une heure ISO 8601 est attendue, reçu {quote(value, 80)}",
                   f"expected a date and time (ISO 8601), got {quote(value, 80)}",
                   f"è attesa una data e un'ora ISO 8601, ricevuto {quote(value, 80)}")
    else:
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            raise _bad(f"{quote(value, 80)} n'est pas une date et une heure ISO 8601 du calendrier",
                       f"{quote(value, 80)} is not an ISO 8601 date and time of the calendar",
                       f"{quote(value, 80)} non è una data e un'ora ISO 8601 del calendario") from None
    try:
        parsed = (parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)).astimezone(UTC)
    except OverflowError:
        parsed = datetime.max.replace(tzinfo=UTC)
    if not 1900 <= parsed.year <= 9998:
        said = quote(value, 80)
        raise _bad(f"{said} : l'année doit être entre 1900 et 9998", f"{said}: the year must be 1900 to 9998",
                   f"{said}: l'anno deve essere tra il 1900 e il 9998")
    return parsed


def _json_text(kind: type) -> Any:
    def check(value: Any) -> Any:
        if not isinstance(value, str):
            return value  # the str type's own error says it
        try:
            parsed = json.loads(value)
        except (ValueError, RecursionError):
            raise _bad(f"n'est pas du JSON valide : {quote(value, 80)}", f"is not valid JSON: {quote(value, 80)}",
                       f"non è JSON valido: {quote(value, 80)}") from None
        if not isinstance(parsed, kind):
            what = ("un objet", "an object", "un oggetto") if kind is dict else ("du JSON", "JSON", "JSON")
            said = quote(value, 80)
            raise _bad(f"doit être {what[0]} JSON, reçu {said}", f"must be {what[1]} JSON, got {said}",
                       f"deve essere {what[2]} JSON, ricevuto {said}")
        return value
    return BeforeValidator(check)


def _name(value: Any) -> Any:
    if isinstance(value, str) and " ".join(value.split()) != value:
        raise _bad(f"le nom {quote(value, 80)} est vide ou a des espaces que l'app n'aurait pas gardées",
                   f"the name {quote(value, 80)} is empty or has spaces the app would not keep",
                   f"il nome {quote(value, 80)} è vuoto o ha spazi che l'app non avrebbe tenuto")
    return value


Whole = Annotated[int, Field(strict=True, ge=-INT32, le=INT32)]
Id = Annotated[int, Field(strict=True, ge=1, le=INT32)]
Index = Annotated[int, Field(strict=True, ge=0, lt=MAX_SEATS)]
When = Annotated[datetime, BeforeValidator(_when)]
Name = Annotated[str, Field(strict=True, min_length=1, max_length=MAX_NAME), BeforeValidator(_name)]
Object = Annotated[str, Field(strict=True, max_length=MAX_JSON), _json_text(dict)]
AnyJson = Annotated[str, Field(strict=True, max_length=MAX_JSON), _json_text(object)]


class Doc(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)


class SeatDoc(Doc):
    seat_index: Index
    player_id: Id
    colour: Annotated[str, Field(max_length=20)] = ""


class EventDoc(Doc):
    seq: Annotated[int, Field(strict=True, ge=1, le=INT32)]
    type: Annotated[str, Field(min_length=1, max_length=40)]
    payload: Object
    at: When


class ScoreDoc(Doc):
    seat_index: Index
    player_id: Id | None
    name: Name
    total: Whole
    rank: Annotated[int, Field(strict=True, ge=0, le=MAX_SEATS)]
    winner: bool
    breakdown: AnyJson


class MatchDoc(Doc):
    id: Id | None
    game: str
    options: Object
    setup: Object
    seed: Annotated[str, Field(max_length=64)]
    status: Literal["in_progress", "finished", "abandoned"]
    started_at: When
    ended_at: When | None
    place: Annotated[str, Field(max_length=MAX_PLACE)]
    notes: Annotated[str, Field(max_length=MAX_NOTES)]
    winner_names: Annotated[str, Field(max_length=400)]
    first_seat: Index
    seat_count: Annotated[int, Field(strict=True, ge=0, le=MAX_SEATS)]
    sheet: Annotated[str, Field(max_length=MAX_JSON)]
    code: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{16,32}$")] | None = None
    seats: Annotated[list[SeatDoc], Field(max_length=MAX_SEATS)]
    events: Annotated[list[EventDoc], Field(max_length=MAX_EVENTS)]
    scores: Annotated[list[ScoreDoc], Field(max_length=MAX_SEATS)]


# ---------------------------------------------------------------- messages
_PLACES = {"players": Tr("joueur", "player", it="giocatore"), "matches": Tr("partie", "match", it="partita"),
           "seats": Tr("place", "seat", it="posto"), "events": Tr("événement", "event", it="evento"),
           "scores": Tr("ligne de score", "score line", it="riga di punteggio")}

_PROBLEMS: dict[str, Tr] = {
    "missing": Tr("manque", "is missing", it="manca"),
    "int_type": Tr("doit être un nombre entier, reçu {input}", "must be a whole number, got {input}",
                   it="deve essere un numero intero, ricevuto {input}"),
    "int_from_float": Tr("doit être un nombre entier, reçu {input}", "must be a whole number, got {input}",
                         it="deve essere un numero intero, ricevuto {input}"),
    "bool_type": Tr("doit valoir true ou false, reçu {input}", "must be true or false, got {input}",
                    it="deve valere true o false, ricevuto {input}"),
    "string_type": Tr("doit être un texte, reçu {input}", "must be text, got {input}",
                      it="deve essere un testo, ricevuto {input}"),
    "list_type": Tr("doit être une liste, reçu {input}", "must be a list, got {input}",
                    it="deve essere una lista, ricevuto {input}"),
    "model_type": Tr("doit être un objet, reçu {input}", "must be an object, got {input}",
                     it="deve essere un oggetto, ricevuto {input}"),
    "dict_type": Tr("doit être un objet, reçu {input}", "must be an object, got {input}",
                    it="deve essere un oggetto, ricevuto {input}"),
    "greater_than_equal": Tr("doit valoir au moins {ge}, reçu {input}", "must be at least {ge}, got {input}",
                             it="deve valere almeno {ge}, ricevuto {input}"),
    "less_than_equal": Tr("doit valoir au plus {le}, reçu {input}", "must be at most {le}, got {input}",
                          it="deve valere al massimo {le}, ricevuto {input}"),
    "less_than": Tr("doit valoir moins de {lt}, reçu {input}", "must be less than {lt}, got {input}",
                    it="deve valere meno di {lt}, ricevuto {input}"),
    "string_too_short": Tr("ne peut pas être vide", "cannot be empty", it="non può essere vuoto"),
    "string_too_long": Tr("a au plus {max_length} caractères, en a {length}",
                          "is at most {max_length} characters, has {length}",
                          it="ha al massimo {max_length} caratteri, ne ha {length}"),
    "too_long": Tr("a au plus {max_length} éléments, en a {actual_length}",
                   "has at most {max_length} items, has {actual_length}",
                   it="ha al massimo {max_length} elementi, ne ha {actual_length}"),
    "literal_error": Tr("doit valoir {expected}, reçu {input}", "must be one of {expected}, got {input}",
                        it="deve valere {expected}, ricevuto {input}"),
    "string_pattern_mismatch": Tr("n'a pas la forme d'un code de partie, reçu {input}",
                                  "is not shaped like a match code, got {input}",
                                  it="non ha la forma di un codice di partita, ricevuto {input}"),
}


#: "where : what is wrong" and "where, what is wrong", as each language writes them
_COLON = Tr("{w} : {p}", "{w}: {p}", it="{w}: {p}")
_COMMA = Tr("{w}, {p}", "{w}, {p}", it="{w}, {p}")


def _where(loc: Sequence[str | int], doc: Any) -> Tr:
    """``("matches", 2, "seats", 0, "player_id")`` → ``match 3 (#3), seat 1, “player_id”``."""
    parts: list[Tr] = []
    node = doc
    for i, step in enumerate(loc):
        if isinstance(step, int) and i > 0 and loc[i - 1] in _PLACES:
            node = node[step] if isinstance(node, list) and step < len(node) else None
            known = f" (#{node['id']})" if loc[i - 1] == "matches" and isinstance(node, dict) and "id" in node else ""
            parts.append(Tr("{p} {n}", "{p} {n}", it="{p} {n}").format(p=_PLACES[str(loc[i - 1])],
                                                                       n=f"{step + 1}{known}"))
        elif isinstance(step, str) and step not in _PLACES:
            parts.append(same(quote(step)))
        elif isinstance(step, str):
            node = node.get(step) if isinstance(node, dict) else None
    return Tr(", ", ", ", it=", ").join(parts) if parts else Tr("le document", "the document", it="il documento")


def refusal(exc: ValidationError, doc: Any, prefix: Sequence[str | int] = ()) -> RestoreError:
    """The first of pydantic's errors as one message (French, English, Italian) naming where it is."""
    error = exc.errors(include_url=False)[0]
    loc = (*prefix, *[step for step in error["loc"] if not str(step).startswith(("function-", "constrained-"))])
    ctx = dict(error.get("ctx") or {})
    if error["type"] == "compagnon":
        problem = Tr(str(ctx["fr"]), str(ctx["en"]), it=str(ctx["it"]))
    else:
        given = error.get("input")
        values = {**ctx, "input": quote(given, 80), "length": len(given) if isinstance(given, str | list) else "?",
                  "actual_length": len(given) if isinstance(given, str | list) else "?"}
        problem = _PROBLEMS.get(error["type"], same(error["msg"])).format(**values)
    return RestoreError(_COLON.format(w=_where(loc, doc), p=problem))


# ---------------------------------------------------------------- one match
def match_document(session: Session, match: Match) -> dict[str, Any]:
    """One match with its seats, events and score lines, as it is stored."""
    assert match.id is not None
    seats = session.exec(select(Seat).where(Seat.match_id == match.id).order_by(col(Seat.seat_index))).all()
    events = session.exec(select(EventRow).where(EventRow.match_id == match.id).order_by(col(EventRow.seq))).all()
    scores = session.exec(select(ScoreRow).where(ScoreRow.match_id == match.id)
                          .order_by(col(ScoreRow.seat_index))).all()
    return {
        "id": match.id, "code": match.code, "game": match.game, "options": match.options, "setup": match.setup,
        "seed": match.seed, "status": match.status, "started_at": iso(match.started_at),
        "ended_at": iso(match.ended_at), "place": match.place, "notes": match.notes,
        "winner_names": match.winner_names, "first_seat": match.first_seat, "seat_count": match.seats,
        "sheet": match.sheet,
        "seats": [{"seat_index": s.seat_index, "player_id": s.player_id, "colour": s.colour} for s in seats],
        "events": [{"seq": e.seq, "type": e.type, "payload": e.payload, "at": iso(e.at)} for e in events],
        "scores": [{"seat_index": r.seat_index, "player_id": r.player_id, "name": r.name, "total": r.total,
                    "rank": r.rank, "winner": r.winner, "breakdown": r.breakdown} for r in scores],
    }


def effective_events(rows: Sequence[Any]) -> list[dict[str, Any]]:
    """Replay the log's undo rows (anything with ``type`` and a JSON ``payload``): what is left is
    what happened.  An amendment of the match (:data:`db.history.AMEND`) is the history's, not a move:
    left out."""
    stack: list[dict[str, Any]] = []
    for row in rows:
        if row.type == "undo":
            if stack:
                stack.pop()
        elif row.type != AMEND:
            stack.append(json.loads(row.payload))
    return stack


def _unique(rows: Sequence[Any], key: str, what: Tr) -> None:
    seen: set[int] = set()
    for i, row in enumerate(rows):
        value = getattr(row, key)
        if value in seen:
            raise RestoreError(Tr("{w} {i} : {k} {v} apparaît deux fois", "{w} {i}: {k} {v} appears twice",
                                  it="{w} {i}: {k} {v} compare due volte").format(w=what, i=i + 1, k=key, v=value))
        seen.add(value)


def _check_rows(m: MatchDoc, players: Mapping[int, str]) -> None:
    """The seats, events and lines: each once, each player in the backup."""
    _unique(m.seats, "seat_index", _PLACES["seats"])
    _unique(m.events, "seq", _PLACES["events"])
    _unique(m.scores, "seat_index", _PLACES["scores"])
    named: list[tuple[Tr, int, int | None]] = [(_PLACES["seats"], i, r.player_id) for i, r in enumerate(m.seats)]
    named += [(_PLACES["scores"], i, r.player_id) for i, r in enumerate(m.scores)]
    for what, i, pid in named:
        if pid is not None and pid not in players:
            raise RestoreError(Tr("{w} {i} : aucun joueur n'a le numéro {p} dans la sauvegarde",
                                  "{w} {i}: no player with id {p} in the backup",
                                  it="{w} {i}: nessun giocatore ha il numero {p} nel backup").format(
                                      w=what, i=i + 1, p=pid))


#: what an engine raises on a log it cannot replay (its refusal, or a payload of the wrong shape)
UNREPLAYABLE = (RulesError, KeyError, TypeError, ValueError, IndexError, AttributeError)


def replay_log(game: Game, setup: Mapping[str, Any], names: Sequence[str], events: Sequence[Mapping[str, Any]],
               match_id: int) -> Any:
    """The state after ``events`` (the effective ones), or :class:`LogUnreadable` naming the first event refused
    (its place in the log and its type; ``setup`` when the match cannot even start), never the engine's reason."""
    position = 0
    try:
        state = game.initial_state(setup, names)
        for e in events:
            position += 1
            state = game.apply(state, e)
    except UNREPLAYABLE as exc:
        kind = str(events[position - 1].get("type", "?")) if position else "setup"
        raise LogUnreadable(match_id, position, kind) from exc
    return state


def _check_replays(m: MatchDoc, players: Mapping[int, str]) -> LogUnreadable | None:
    """The match opens: its game knows the options and the seats; and whether its events replay (the
    :class:`LogUnreadable` of a log that does not: the match is kept, and said as such, as the store keeps one)."""
    if engine_slug(m.game) not in slugs():
        raise RestoreError(Tr(f"jeu inconnu {quote(m.game)} (connus : {', '.join(slugs())})",
                              f"unknown game {quote(m.game)} (known: {', '.join(slugs())})",
                              it=f"gioco sconosciuto {quote(m.game)} (noti: {', '.join(slugs())})"))
    setup = json.loads(m.setup)
    if "imported_from" in setup:  # imported from another app: score lines, no events to replay
        return None
    game = find_game(engine_slug(m.game))
    names = [players[s.player_id] for s in sorted(m.seats, key=lambda s: s.seat_index)]
    try:
        options = game.validate_options(json.loads(m.options))
    except InvalidOptions as exc:  # the match could not be opened: said as the options' refusal it is
        raise RestoreError(Tr(f"ses options sont refusées par le jeu : {exc.get('fr')}"[:400],
                              f"its options are refused by its game: {exc.get('en')}"[:400],
                              it=f"le sue opzioni sono rifiutate dal gioco: {exc.get('it')}"[:400])) from None
    try:
        if game.seat_count(options) != len(names):
            raise RestoreError(Tr(f"{game.seat_count(options)} places attendues, {len(names)} données",
                                  f"{game.seat_count(options)} seats expected, {len(names)} given",
                                  it=f"{game.seat_count(options)} posti attesi, {len(names)} dati"))
        events = effective_events(sorted(m.events, key=lambda e: e.seq))
        replay_log(game, setup, names, events, m.id or 0)
    except LogUnreadable as unreadable:
        return unreadable
    except RestoreError:
        raise
    except Exception as exc:  # noqa: BLE001 - any engine's refusal of a damaged file, said, never raised
        said = getattr(exc, "text", None)
        reason = said if isinstance(said, Tr) else same(str(exc))
        raise RestoreError(Tr(f"la partie ne se rejoue pas ({type(exc).__name__}) : {reason.fr}"[:400],
                              f"the match does not replay ({type(exc).__name__}): {reason.en}"[:400],
                              it=f"la partita non si rigioca ({type(exc).__name__}): "
                                 f"{reason.get('it')}"[:400])) from None
    return None


def check_match(doc: Any, players: Mapping[int, str], where: Tr) -> tuple[MatchDoc, LogUnreadable | None]:
    """One match document checked whole (``players``: id → name of the players it may name): its fields, its
    rows, its game, options and seats; :class:`RestoreError` names ``where`` and the problem.  With it, whether
    its log replays: the :class:`LogUnreadable` of one that no longer does (written by another version of the
    game's rules: the match is written all the same, and its screens say so, as for a match of this history)."""
    try:
        m = MatchDoc.model_validate(doc)
        _check_rows(m, players)
        return m, _check_replays(m, players)
    except ValidationError as exc:
        raise RestoreError(_COMMA.format(w=where, p=refusal(exc, doc).text)) from None
    except RestoreError as exc:
        raise RestoreError(_COMMA.format(w=where, p=exc.text)) from None


def insert_match(session: Session, m: MatchDoc, *, new_id: bool = False) -> int:
    """Write one checked match document with its own id and code (``new_id``: the database gives
    the match a new id); returns the match's id."""
    setup, options = json.loads(m.setup), json.loads(m.options)
    key = game_key(m.game, {**options, **setup}) if m.game == PAD else m.game  # a backup from before schema 6
    ensure_game(session, key, str(setup.get("game_name") or options.get("game_name") or ""),
                bgg_id=int(options.get("bgg_id") or 0), kind=str(options.get("kind") or "high"))
    match = Match(id=None if new_id else m.id, game=key, options=m.options, setup=m.setup, seed=m.seed,
                  status=m.status, started_at=m.started_at, ended_at=m.ended_at, place=m.place, notes=m.notes,
                  winner_names=m.winner_names, first_seat=m.first_seat, seats=m.seat_count, sheet=m.sheet)
    if m.code:
        match.code = m.code
    session.add(match)
    session.flush()
    assert match.id is not None
    for seat in m.seats:
        session.add(Seat(match_id=match.id, **seat.model_dump()))
    for event in m.events:
        session.add(EventRow(match_id=match.id, **event.model_dump()))
    for line in m.scores:  # with their copies of the match (db.models.score_line)
        session.add(score_line(match, **line.model_dump()))
    return match.id
