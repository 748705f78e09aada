"""Export to and import from BG Stats (the "Board Game Stats" app) JSON files.

THE FORMAT, AND WHERE ITS FIELD NAMES COME FROM.  BG Stats publishes no specification of its full
export (``BGStatsExport.json``) nor of its ``.bgsplay`` files; the names below are only those seen in
real files, in BG Stats' own page on pushing plays to it, or in programs that read or write its
files.  Types are as the sources show them.

* a full export published as sample data, ``sqrtxander/bgstats-wrapped``, ``sampleData.json``
  (a real file of 217 plays, 668 score lines, 48 players, 7 locations, 219 games).  Top level:
  ``groups``, ``userInfo`` (``meRefId``), ``players``, ``locations``, ``games``, ``plays``, ``tags``,
  ``challenges``.  Every play: ``uuid``, ``playDate``, ``entryDate``, ``modificationDate``
  (``"2022-12-25 15:32:30"``), ``durationMin``, ``gameRefId``, ``usesTeams``, ``manualWinner``,
  ``ignored`` (true on 11 plays), ``rounds``, ``scoringSetting``, ``rating``, ``bggId``,
  ``importPlayId``, ``nemestatsId`` (0), ``playImages`` (the text ``"[]"``), ``expansionPlays``
  (``[]``); most: ``locationRefId``; some: ``metaData`` (text), ``bggLastSync``, ``board``,
  ``comments``.  Every score line: ``playerRefId``, ``score`` (text; ``""`` on 258 of 668),
  ``winner`` (true/false; all false on 15 plays: a cooperative loss, a solo play lost),
  ``startPlayer`` (at most one true), ``newPlayer``, ``rank`` (0 on every line), ``seatOrder``
  (0 on every line); most: ``team`` (``"0"``); some: ``role``.  Every player: ``id``, ``uuid``,
  ``name``, ``isAnonymous``, ``modificationDate``; most: ``bggUsername``, ``tags``; some:
  ``metaData`` (text: ``{"bgaUsername":"","isNpc":0,"yucataUsername":""}``: ``isNpc`` marks a
  player that no person plays).  Every game: ``id``, ``uuid``, ``name``, ``modificationDate``,
  ``cooperative``, ``highestWins``, ``noPoints``, ``usesTeams`` and 18 more: ``bggName``,
  ``bggId``, ``bggYear``, ``minPlayerCount``, ``maxPlayerCount``, ``minPlayTime``, ``maxPlayTime``,
  ``minAge``, ``designers``, ``isBaseGame``, ``isExpansion``, ``rating``, ``preferredImage``,
  ``urlImage``, ``urlThumb``, ``copies`` (a list), ``metaData`` (text), ``tags`` (a list).
  Every location: ``id``, ``uuid``, ``name``, ``modificationDate``;
* BG Stats' page https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/
  (its import of one play from another app): ``board``, ``comments``, ``durationMin``,
  ``playDate``, and per player ``startPlayer``, ``winner``, ``rank`` and ``score``;
* a ``.bgsplay`` file shared by a user, https://pastebin.com/iDbHyBui: ``players``, ``locations``
  and ``games`` with the fields above;
* readers of those files: ``theiam79/BGStats.Bot`` (C#), ``src/BGStats.Bot/Models/Play.cs`` and
  ``PlayerScore.cs`` (its ``Converters/AutoIntToBoolConverter.cs`` also reads 0/1 for the flags);
  ``DictumMortuum/servus-extapi`` (Go), ``cmd/servus-extapi/bgstatsupload.go``; writers of files
  for BG Stats: ``soul28561/bgstats-lichess-import`` (``src/main/java/LichessImport.java``) and
  ``ctuncan/bga_bgstats`` (``bga_bgstats.py``).

IMPORT.  A play is known by its ``uuid``: two plays with different uuids are two plays, whatever
they share; a uuid already in the history (or earlier in the file) is skipped, so importing a file
twice adds nothing (a play without a uuid is known by its game, start minute, names, totals and
winner flags).  The winners are the lines with ``winner`` true when the file has winner flags, so
a play where every flag is false is stored with nobody winning; without flags, the ``rank`` 1
lines, else the highest given score.  An empty ``score`` is accepted (stored as 0; the flags say who
won).  The seats follow ``seatOrder`` when its values are all different, else the file's order;
the ``startPlayer`` line is the match's first player.  Every field of the play and of its lines is
kept with the match (its set-up record's ``bgstats``), the file's players, games and locations and
its other top-level entries (``userInfo``, ``groups``, ``tags``, ``challenges``...) in the
database's ``bgstats.carried`` setting, so that the export gives them back as the file had them.
A play of a game Compagnon has no engine for (:func:`engine_for_game`), or with a value of the
wrong type or out of range, is skipped with its reason; the plays that pass are written in one
transaction.  Only a document that is not a BG Stats export at all is refused whole.

EXPORT.  The players, games and locations carried from imports come back as they were (ids
included), then those only Compagnon knows; an imported match's play comes back field for field
(its place, notes and the names at its seats as they are now); a match played here is written with
every field a real export has, in its conventions (docs/history.md lists them, and what changes).
NOT VERIFIED: whether BG Stats itself reads such a file the same way (no BG Stats app here).
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlmodel import Session, col, select

from db import games as pads
from db.backup import kind_of
from db.models import GameRow, Match, Meta, Player, ScoreRow, Seat, score_line
from db.stats import NO_FILTERS, Filters
from db.store import Store, StoreError
from scoring import all_games, cards
from scoring.core import RulesError, Tr
from scoring.core.fields import HUGE, quote, whole

#: Virtual players: a score line without a person (no seat, no player row).
VIRTUAL = {slug: {name.lower() for name in c.virtual_players} for slug, c in cards().items()}

NAMESPACE = uuid.UUID("6f1c2d4e-8a4b-4c1e-9a53-0c6f6d1b2a77")  # Compagnon's own: stable uuids across exports
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"  # as playDate and modificationDate in the real files
IMPORTED = "BG Stats"
#: The setting (``Meta`` row; a backup keeps it) that carries a file's records and top-level entries.
CARRIED = "setting:bgstats.carried"
RECORDS = ("players", "games", "locations")
#: An imported match's seed: this prefix and the play's uuid (lower case), so that a uuid is found fast.
SEED_UUID = "bgstats:u:"
EARLIEST, LATEST = datetime(1900, 1, 1, tzinfo=UTC), datetime(2200, 1, 1, tzinfo=UTC)
MAX_MINUTES = 60 * 24 * 31  # a play of a month


class Bad(ValueError):
    """What is wrong, in French, English and Italian (``str()``: the English); the screen shows its
    language."""

    def __init__(self, fr: str, en: str, it: str) -> None:
        super().__init__(en)
        self.text = Tr(fr, en, it=it)

    @classmethod
    def of(cls, text: Tr) -> Bad:
        return cls(text.fr, text.en, text.get("it"))


class BGStatsError(StoreError):
    """A file that is not a BG Stats export at all: nothing is imported.  ``text``: French, English and
    Italian."""

    def __init__(self, fr: str, en: str, it: str) -> None:
        super().__init__(Tr(fr, en, it=it))


@dataclass(frozen=True)
class Skipped:
    """A play left out, and why, in French and English (``where`` and ``why``: the English)."""

    place: Tr  # "play 3 (2025-03-01 10:00:00, Catan)", "partie 3 (...)"
    reason: Tr

    @property
    def where(self) -> str:
        return self.place.en

    @property
    def why(self) -> str:
        return self.reason.en


@dataclass
class ImportReport:
    imported: list[int] = field(default_factory=list)  # the new matches' ids
    skipped: list[Skipped] = field(default_factory=list)
    new_players: list[str] = field(default_factory=list)
    new_games: list[str] = field(default_factory=list)  # the games the history did not know (their names)


#: what is told how far a long piece of work has gone: ``progress(done, total)`` (plays or matches)
Progress = Callable[[int, int], None]


def _no_progress(_done: int, _total: int) -> None:
    pass


def _uuid(kind: str, key: object) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{key}"))


def _date(value: datetime | None) -> str:
    if value is None:
        return ""
    if value.tzinfo is not None:
        value = value.astimezone(UTC).replace(tzinfo=None)
    return value.strftime(DATE_FORMAT)


def _fold(text: Any) -> str:
    """A name as names are compared: lower case, single spaces (``""`` for what is not text)."""
    return " ".join(text.lower().split()) if isinstance(text, str) else ""


def _json(value: Any) -> str:
    """``value`` as JSON text that a database takes (UTF-8; lone surrogates escaped), or :class:`Bad`."""
    try:
        text = json.dumps(value, ensure_ascii=False)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = json.dumps(value)
        return text
    except (ValueError, TypeError, RecursionError):
        raise Bad("elle contient des valeurs imbriquées trop profondément",
                  "it holds values nested too deeply", "contiene valori annidati troppo in profondità") from None


def _carried(s: Session) -> dict[str, Any]:
    """What imports carried: ``{"top": {...}, "players": [...], "games": [...], "locations": [...]}``."""
    row = s.get(Meta, CARRIED)
    try:
        doc = json.loads(row.value) if row is not None else {}
    except ValueError:
        doc = {}
    return doc if isinstance(doc, dict) else {}


def _id(value: Any) -> int | str | None:
    """A reference as BG Stats writes them (a whole number, or text), else None (never a list, a
    float or true/false, which a dictionary would confuse with 1)."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return None
    return value


# ---------------------------------------------------------------- set-up text
#: Set-up record keys left out of the board text: who plays first (``startPlayer`` says it), how it
#: was chosen, and the card decks (an order of cards, not a set-up a person reads).
_NOT_BOARD = {"options", "how", "imported_from", "board", "uuid",
              *(k for c in cards().values() for k in (c.first_seat_key, *c.hidden_setup_keys))}


def _board_value(value: Any) -> str | None:
    if value is None or value is False or value == "" or value == [] or value == "random":
        return None
    if value is True:
        return ""
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, (str, int)):
        return str(value)
    return None  # nested records: not one line of text


@functools.cache
def _house_rules() -> dict[str, Any]:
    """The options that are readings of the rules (house rules), with their defaults (the rulings): the
    board text says a reading other than the ruling, whatever its kind."""
    return {o.key: o.default for game in all_games() for o in game.options if o.house_rule}


def _other_reading(key: str, value: Any) -> bool:
    rules = _house_rules()
    return key in rules and value != rules[key]


def setup_text(options: Mapping[str, Any], record: Mapping[str, Any]) -> str:
    """A match's set-up as one line of text (BG Stats' ``board``): the number of players, the
    options chosen and what the set-up drew, the set-up record's value winning over the option of
    the same name.  Who plays first is left to ``startPlayer``; decks of cards are left out.

    >>> setup_text({"players": 2, "configuration": "first"},
    ...            {"configuration": [1, 2, 3, 6, 8, 9], "prohibited": [4, 5, 7], "first_player": 1})
    'players: 2; configuration: 1, 2, 3, 6, 8, 9; prohibited: 4, 5, 7'
    >>> setup_text({"players": 4, "postal_van": True, "roulette": False, "powers": "random"},
    ...            {"bosses_out": ["Raymond Naudy", "Henri Fefeu"], "powers": None})
    'players: 4; postal van; bosses out: Raymond Naudy, Henri Fefeu'
    """
    parts: dict[str, str] = {}
    if "players" in options:
        parts["players"] = str(options["players"])
    for key, value in options.items():
        text = "no" if value is False and _other_reading(key, value) else _board_value(value)  # a reading off
        if key != "players" and text is not None and (text == "" or not isinstance(value, int)
                                                      or _other_reading(key, value)):
            parts[key] = text  # options: switches, choices and house rules; other numbers (timer seconds...)
    for key, value in record.items():
        text = _board_value(value)
        if key in _NOT_BOARD or key == "players":
            continue
        if text is None:
            parts.pop(key, None)
        else:
            parts[key] = text
    return "; ".join(key.replace("_", " ") + (f": {text}" if text else "") for key, text in parts.items())[:500]


def _board(options: str, record: Any) -> str:
    """The set-up as one line of text (``record``: the match's set-up, read from its JSON)."""
    if not isinstance(record, dict):
        return ""
    if "imported_from" in record:  # imported: the board text it came with
        return str(record.get("board", ""))
    opts = json.loads(options) if options else {}
    return setup_text(opts if isinstance(opts, dict) else {}, record)


# ---------------------------------------------------------------- export
def _player_record(rid: int, key: str, name: str, now: str, npc: bool) -> dict[str, Any]:
    return {"id": rid, "uuid": _uuid("player", key), "name": name, "isAnonymous": False,
            "modificationDate": now, "bggUsername": "", "tags": [],
            "metaData": json.dumps({"isNpc": int(npc)}, separators=(",", ":"))}


def _game_record(rid: int, slug: str, now: str, row: GameRow | None = None) -> dict[str, Any]:
    """A game as a real export writes it (its 26 fields); BGG's own data left empty (no internet).
    A score-pad game (``row``: its record) says how it is scored."""
    c = cards()[pads.engine_slug(slug)]
    kind = row.kind if row is not None else "engine"
    return {"id": rid, "uuid": _uuid("game", slug), "name": row.name if row is not None else c.name.fr,
            "modificationDate": now, "cooperative": kind == "coop", "highestWins": kind != "low", "noPoints": False,
            "usesTeams": kind == "teams", "bggName": "", "bggId": row.bgg_id if row is not None else c.bgg_id,
            "bggYear": 0, "minPlayerCount": c.min_players, "maxPlayerCount": c.max_players, "minPlayTime": 0,
            "maxPlayTime": 0, "minAge": 0, "designers": "",
            "isBaseGame": 1, "isExpansion": 0, "rating": 0, "preferredImage": 0, "urlImage": "", "urlThumb": "",
            "copies": [], "metaData": "{}", "tags": []}


class _Records:
    """The export's players, games and locations: the carried ones first, with their ids, then the
    ones only Compagnon knows, numbered after them.  Players and places are found by name, games by
    the Compagnon game their name names."""

    def __init__(self, carried: Mapping[str, Any], now: str, named: Mapping[str, GameRow] | None = None) -> None:
        self.now = now
        self.named = dict(named or {})  # the score-pad games' records
        self.lists: dict[str, list[dict[str, Any]]] = {}
        self.found: dict[str, dict[str, dict[str, Any]]] = {kind: {} for kind in RECORDS}
        self.game_ids: dict[Any, str] = {}  # a carried game's id -> its Compagnon game
        slugs = _game_slugs()
        for kind in RECORDS:
            items = carried.get(kind)
            self.lists[kind] = [r for r in items if isinstance(r, dict)] if isinstance(items, list) else []
            for record in self.lists[kind]:
                key = _fold(record.get("name"))
                if kind == "games":
                    name = record.get("name")
                    key = slugs.get(key) or (pads.pad_key(name) if isinstance(name, str) and name.strip() else "")
                    if _id(record.get("id")) is not None:
                        self.game_ids.setdefault(record.get("id"), key)
                if key:
                    self.found[kind].setdefault(key, record)
        self.next = {kind: 1 + max((r["id"] for r in rs if isinstance(r.get("id"), int)
                                    and not isinstance(r.get("id"), bool)), default=0)
                     for kind, rs in self.lists.items()}  # each kind numbered on its own, as in a real file

    def _add(self, kind: str, key: str, record: dict[str, Any]) -> dict[str, Any]:
        self.next[kind] += 1
        self.lists[kind].append(record)
        self.found[kind][key] = record
        return record

    def player(self, name: str, pid: int | None, npc: bool) -> dict[str, Any]:
        found = self.found["players"].get(_fold(name))
        key = f"id:{pid}" if pid is not None else f"virtual:{name}"
        if found is not None:
            return found
        return self._add("players", _fold(name), _player_record(self.next["players"], key, name, self.now, npc))

    def game(self, slug: str) -> dict[str, Any]:
        found = self.found["games"].get(slug)
        if found is not None:
            return found
        return self._add("games", slug, _game_record(self.next["games"], slug, self.now, self.named.get(slug)))

    def location(self, place: str) -> dict[str, Any]:
        found = self.found["locations"].get(_fold(place))
        if found is not None:
            return found
        record = {"id": self.next["locations"], "uuid": _uuid("location", place), "name": place,
                  "modificationDate": self.now}
        return self._add("locations", _fold(place), record)


@dataclass
class _Match:
    """A finished match as the export reads it."""

    id: int
    slug: str
    start: datetime
    end: datetime | None
    place: str
    first: int
    #: (seat, player id, name, total, rank, won) in seat order
    lines: list[tuple[int, int | None, str, int, int, bool]] = field(default_factory=list)
    play: dict[str, Any] = field(default_factory=dict)
    native: bool = True

    def virtual(self, pid: int | None, name: str) -> bool:
        return pid is None and name.lower() in VIRTUAL.get(self.slug, set())


def _native_play(m: _Match, recs: _Records, uid: str, board: str, notes: str) -> dict[str, Any]:
    """A match played here, with every field a real export has, in its conventions."""
    real = [ln for ln in m.lines if not m.virtual(ln[1], ln[2])]
    bots = [ln for ln in m.lines if m.virtual(ln[1], ln[2])]
    scores = []
    for order, (seat, pid, name, total, rank, won) in sorted(
            [((ln[0] - m.first) % len(real), ln) for ln in real] + [(len(real) + k, ln) for k, ln in enumerate(bots)]):
        scores.append({"playerRefId": recs.player(name, pid, m.virtual(pid, name))["id"], "score": str(total),
                       "winner": won, "startPlayer": bool(real) and seat == m.first and pid is not None,
                       "newPlayer": False, "rank": rank, "seatOrder": order})
    best = max(ln[3] for ln in m.lines)
    manual = {ln[0] for ln in m.lines if ln[5]} != {ln[0] for ln in m.lines if ln[3] == best}
    minutes = int(round((m.end - m.start).total_seconds() / 60)) if m.end else 0
    play: dict[str, Any] = {
        "uuid": uid, "playDate": _date(m.start), "entryDate": _date(m.start),
        "modificationDate": _date(m.end or m.start), "durationMin": minutes, "gameRefId": recs.game(m.slug)["id"],
        **({"locationRefId": recs.location(m.place)["id"]} if m.place else {}),
        "usesTeams": False, "manualWinner": manual,
        "ignored": False, "rounds": 0, "scoringSetting": 0, "rating": 0, "bggId": 0, "importPlayId": 0,
        "nemestatsId": 0, "playImages": "[]", "expansionPlays": [],
        **({"board": board} if board else {}), **({"comments": notes} if notes else {}), "playerScores": scores}
    return play


def _imported_play(m: _Match, recs: _Records, carried: Any, notes: str) -> dict[str, Any] | None:
    """An imported play as its file had it, with the place, the notes and the names at its seats as
    they are now (None when what was carried does not fit the match)."""
    if not isinstance(carried, dict):
        return None
    raw, lines = carried.get("play"), carried.get("lines")
    by_seat = {ln[0]: ln for ln in m.lines}
    if not (isinstance(raw, dict) and isinstance(lines, list) and len(lines) == len(m.lines)
            and all(isinstance(x, dict) and x.get("_seat") in by_seat for x in lines)):
        return None
    play = dict(raw)
    if recs.game_ids.get(_id(raw.get("gameRefId"))) != m.slug:
        play["gameRefId"] = recs.game(m.slug)["id"]
    if m.place:
        play["locationRefId"] = recs.location(m.place)["id"]
    elif raw.get("locationRefId"):
        del play["locationRefId"]  # the place was taken off after the import
    if notes != carried.get("notes"):
        play["comments"] = notes
    scores = []
    for line in lines:
        seat, pid, name, *_rest = by_seat[line["_seat"]]
        ref = recs.player(name, pid, m.virtual(pid, name))["id"]
        scores.append({k: (ref if k == "playerRefId" else v) for k, v in line.items() if k != "_seat"})
    play["playerScores"] = scores
    return play


def _new_players(plays: list[_Match]) -> None:
    """``newPlayer`` on the lines of matches played here: a player's first play of a game (in the export)."""
    seen: set[tuple[Any, Any]] = set()
    for m in sorted(plays, key=lambda m: (m.start, m.id)):
        for line in m.play.get("playerScores", []):
            key = (_id(line.get("playerRefId")), _id(m.play.get("gameRefId")))
            if m.native:
                line["newPlayer"] = key not in seen
            seen.add(key)


def _read_matches(s: Session, filters: Filters) -> dict[int, _Match]:
    query = (select(Match.id, Match.game, Match.started_at, Match.ended_at, Match.place,  # type: ignore[call-overload]
                    Match.first_seat,
                    ScoreRow.seat_index, ScoreRow.player_id, ScoreRow.name, ScoreRow.total, ScoreRow.rank,
                    ScoreRow.winner)
             .select_from(ScoreRow).join(Match, col(Match.id) == col(ScoreRow.match_id))
             .where(*filters.conditions()).order_by(col(Match.id), col(ScoreRow.seat_index)))
    matches: dict[int, _Match] = {}
    for mid, slug, start, end, place, first, seat, pid, name, total, rank, won in s.exec(query).yield_per(2000):
        m = matches.get(mid)
        if m is None:
            m = matches[mid] = _Match(mid, slug, start, end, place or "", first)
        m.lines.append((seat, pid, name, total, rank, bool(won)))
    return matches


def export(store: Store, filters: Filters = NO_FILTERS, progress: Progress | None = None) -> dict[str, Any]:
    """The finished matches (filtered) as a BG Stats export document, newest play first, with what
    imports carried (every carried player, game and location, and the file's other entries).
    ``progress(done, total)``: told how many matches are written out (see :func:`import_plays`)."""
    tell = progress or _no_progress
    with store.session() as s:
        carried = _carried(s)
        named = {r.key: r for r in s.exec(select(GameRow)) if pads.is_pad(r.key)}
        recs = _Records(carried, _date(datetime.now(UTC)), named)
        matches = _read_matches(s, filters)
        written = 0
        tell(0, len(matches))
        details = (select(Match.id, Match.options, Match.setup, Match.notes, Match.seed)  # type: ignore[call-overload]
                   .where(*filters.conditions()).order_by(col(Match.id)))
        for mid, options, setup, notes, seed in s.exec(details).yield_per(500):
            m = matches.get(mid)
            if m is None:
                continue
            record = json.loads(setup) if setup else {}
            record = record if isinstance(record, dict) else {}
            play = _imported_play(m, recs, record.get("bgstats"), notes or "")
            m.native = play is None
            if play is None:
                kept = record.get("uuid")
                uid = kept if isinstance(kept, str) and kept else _uuid("play", f"{mid}:{seed}")
                play = _native_play(m, recs, uid, _board(options, record), notes or "")
            m.play = play
            written += 1
            tell(written, len(matches))
    done = [m for m in matches.values() if m.play]
    _new_players(done)
    top: dict[str, Any] = carried["top"] if isinstance(carried.get("top"), dict) else {}
    return {"groups": [], "userInfo": {"meRefId": 0}, **top,
            "players": recs.lists["players"], "locations": recs.lists["locations"], "games": recs.lists["games"],
            "plays": [m.play for m in sorted(done, key=lambda m: (m.start, -m.id), reverse=True)],  # as read in
            "tags": top.get("tags", []), "challenges": top.get("challenges", [])}


# ---------------------------------------------------------------- import
def _game_slugs() -> dict[str, str]:
    """Every name an engine's game goes by (French, English, slug), folded -> slug (the score pad
    is not one: a BG Stats game called "Score pad" is a game of its own)."""
    return {_fold(name): slug for slug, c in cards().items() if slug != pads.PAD
            for name in (slug, c.name.fr, c.name.en)}


def engine_for_game(game: Mapping[str, Any], slugs: Mapping[str, str]) -> str:
    """The history's game that takes the plays of a BG Stats game record: one of the engines when
    its French or English name names it, else the score-pad game of its name (``pad:<key>``,
    :func:`db.games.pad_key`); :class:`Bad` only for a game without a name."""
    name = game.get("name")
    slug = slugs.get(_fold(name))
    if slug is not None:
        return slug
    if not isinstance(name, str) or not " ".join(name.split()):
        raise Bad(f"le jeu {quote(name)} n'a pas de nom", f"the game {quote(name)} has no name",
                  f"il gioco {quote(name)} non ha nome")
    return pads.pad_key(name)


def _pad_kind(game: Mapping[str, Any], play: Mapping[str, Any]) -> str:
    """How the score pad scores a BG Stats game: cooperative, in teams, lowest or highest wins."""
    if game.get("cooperative") is True:
        return "coop"
    if play.get("usesTeams") not in (None, False, 0) or game.get("usesTeams") is True:
        return "teams"
    return "low" if game.get("highestWins") is False else "high"


def _whole(value: Any, where: str, low: int, high: int) -> int:
    try:
        return whole(value, where, low, high)
    except RulesError as exc:
        raise Bad.of(exc.text) from None


def _parse_date(value: Any) -> datetime:
    if not isinstance(value, str) or not value.strip():
        raise Bad(f"playDate manque ou n'est pas du texte : {quote(value)}",
                  f"playDate is missing or not text: {quote(value)}",
                  f"playDate manca o non è un testo: {quote(value)}")
    parsed = None
    for fmt in (DATE_FORMAT, "%Y-%m-%d %H:%M", "%Y-%m-%d"):
        try:
            parsed = datetime.strptime(value.strip(), fmt).replace(tzinfo=UTC)
            break
        except ValueError:
            pass
    try:
        parsed = parsed or datetime.fromisoformat(value.strip())
    except ValueError:
        raise Bad(f"playDate {quote(value)} n'est pas une date", f"playDate {quote(value)} is not a date",
                  f"playDate {quote(value)} non è una data") from None
    parsed = parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
    if not EARLIEST <= parsed < LATEST:
        raise Bad(f"playDate {quote(value)} n'est pas entre 1900 et 2199",
                  f"playDate {quote(value)} is not between 1900 and 2199",
                  f"playDate {quote(value)} non è tra il 1900 e il 2199")
    return parsed


def _score(value: Any) -> tuple[int, bool]:
    """A line's total, and whether the file gave one (``""``: no score, stored as 0)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return 0, False
    if isinstance(value, bool):
        raise Bad(f"le score {quote(value)} n'est pas un nombre", f"score {quote(value)} is not a number",
                  f"il punteggio {quote(value)} non è un numero")
    if isinstance(value, float) and value.is_integer() and abs(value) <= HUGE:
        value = int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*[-+]?[0-9]{1,13}\s*", value):
        value = int(value)
    if not isinstance(value, int):
        raise Bad(f"le score {quote(value)} n'est pas un nombre entier", f"score {quote(value)} is not a whole number",
                  f"il punteggio {quote(value)} non è un numero intero")
    return _whole(value, "score", -HUGE, HUGE), True


def _text(play: Mapping[str, Any], key: str, limit: int) -> str:
    value = play.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        raise Bad(f"{key} {quote(value)} n'est pas du texte", f"{key} {quote(value)} is not text",
                  f"{key} {quote(value)} non è un testo")
    return _clean(value.strip()[:limit], key)


def _clean(text: str, what: Tr | str) -> str:
    """``text`` without NUL characters (which PostgreSQL refuses), or :class:`Bad` if it is not valid text
    (``what``: the file's key, or the thing in each language)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        named = what if isinstance(what, Tr) else Tr(what, what, it=what)
        raise Bad.of(Tr("{w} n'est pas un texte valide", "{w} is not valid text",
                        it="{w} non è un testo valido").format(w=named)) from None
    return text.replace("\x00", "")


def _flag(line: Mapping[str, Any], key: str, who: str) -> bool | None:
    """A true/false field of a line (``None``: absent); 0 and 1 are read as false and true."""
    if key not in line or line[key] is None:
        return None
    value = line[key]
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return value == 1
    raise Bad(f"{who} : {key} {quote(value)} n'est ni true ni false",
              f"{who}: {key} {quote(value)} is not true or false",
              f"{who}: {key} {quote(value)} non è né true né false")


def _outcome(totals: list[int], given: list[bool], ranks: list[int],
             flags: list[bool | None]) -> tuple[list[int], list[bool]]:
    """The ranks to store (1 = a winner) and who won.  The winner flags decide when the file has
    any (all false: nobody won); else the ranks when all are given; else the highest given score.
    The file's ranks are kept when they agree; otherwise the others are ranked by score below the
    winners, from 2 (equal scores share a rank); a play nobody won is ranked by score from 1, as the
    engines rank a cooperative loss (its sheet began at "2.").

    >>> _outcome([10, 8, 8], [True] * 3, [0, 0, 0], [False, True, False])  # a winner chosen by hand
    ([2, 1, 3], [False, True, False])
    >>> _outcome([0, 0], [False, False], [0, 0], [False, False])  # a cooperative loss: nobody won
    ([1, 1], [False, False])
    >>> _outcome([7, 9, 7], [True] * 3, [0] * 3, [False] * 3)
    ([2, 1, 2], [False, False, False])
    >>> _outcome([5, 9], [True, True], [2, 1], [None, None])[0], _outcome([12, 12, 9], [True] * 3, [0] * 3, [None] * 3)
    ([2, 1], ([1, 1, 2], [True, True, False]))
    """
    if any(f is not None for f in flags):
        won = [f is True for f in flags]
    elif all(r >= 1 for r in ranks):
        won = [r == 1 for r in ranks]
    else:
        best = max((t for t, g in zip(totals, given, strict=True) if g), default=None)
        won = [g and t == best for t, g in zip(totals, given, strict=True)]
    if all(r >= 1 for r in ranks) and [r == 1 for r in ranks] == won:
        return ranks, won
    below = sorted({t for t, w in zip(totals, won, strict=True) if not w}, reverse=True)
    first = 2 if any(won) else 1  # below the winners; from the top when there are none
    return [1 if w else below.index(t) + first for t, w in zip(totals, won, strict=True)], won


@dataclass
class _Line:
    name: str
    total: int
    given: bool  # the file gave a score
    rank: int
    order: int  # seatOrder
    winner: bool | None
    start: bool
    raw: dict[str, Any]  # the file's line, carried
    index: int  # its place in the file's playerScores


@dataclass
class _Play:
    slug: str
    start: datetime
    minutes: int
    place: str
    lines: list[tuple[str, int, int, bool]]  # (name, total, rank, winner) in seat order
    first: int = 0  # the index in ``lines`` of the start player
    board: str = ""
    comments: str = ""
    uuid: str = ""
    setup: str = ""  # the set-up record's JSON: the board, the uuid and the carried play
    options: dict[str, Any] = field(default_factory=dict)  # the match's options (a score pad's: its game)

    def fingerprint(self) -> str:
        key = [self.slug, self.start.strftime("%Y-%m-%d %H:%M"),
               sorted((name.lower(), total, won) for name, total, _rank, won in self.lines)]
        return hashlib.sha256(json.dumps(key, ensure_ascii=False).encode()).hexdigest()[:24]

    def key(self) -> str:
        return f"uuid:{self.uuid.lower()}" if self.uuid else f"fp:{self.fingerprint()}"

    def seed(self) -> str:
        return f"{SEED_UUID}{self.uuid.lower()}" if self.uuid else f"bgstats:{self.fingerprint()}"


def _index(doc: Mapping[str, Any], key: str) -> dict[int | str, Mapping[str, Any]]:
    items = doc.get(key, [])
    if not isinstance(items, list):
        raise BGStatsError(f"{quote(key)} doit être une liste", f"{quote(key)} must be a list",
                           f"{quote(key)} deve essere una lista")
    found: dict[int | str, Mapping[str, Any]] = {}
    for item in items:
        ref = _id(item.get("id")) if isinstance(item, dict) else None
        if ref is not None:
            found.setdefault(ref, item)
    return found


def _lookup(records: Mapping[int | str, Mapping[str, Any]], value: Any, key: str, kind: Tr) -> Mapping[str, Any]:
    ref = _id(value)
    record = records.get(ref) if ref is not None else None
    if record is None:
        raise Bad(f"{key} {quote(value)} n'est pas parmi les {kind.fr} du fichier",
                  f"{key} {quote(value)} is not in the file's {kind.en}",
                  f"{key} {quote(value)} non è tra i {kind.get('it')} del file")
    return record


def _line(j: int, line: Any, players: Mapping[int | str, Mapping[str, Any]], names: set[str]) -> _Line:
    if not isinstance(line, dict):
        raise Bad(f"la ligne de joueur {j + 1} n'est pas un objet", f"player line {j + 1} is not an object",
                  f"la riga di giocatore {j + 1} non è un oggetto")
    player = _lookup(players, line.get("playerRefId"), "playerRefId", Tr("joueurs", "players", it="giocatori"))
    raw_name = player.get("name")
    line_name = Tr(f"ligne de joueur {j + 1}", f"player line {j + 1}", it=f"riga di giocatore {j + 1}")
    name = _clean(" ".join(raw_name.split()), line_name) if isinstance(raw_name, str) else ""
    if not name or player.get("isAnonymous") is True:
        raise Bad(f"la ligne de joueur {j + 1} n'a pas de nom (joueur anonyme)",
                  f"player line {j + 1} has no name (anonymous player)",
                  f"la riga di giocatore {j + 1} non ha nome (giocatore anonimo)")
    if len(name) > 80:
        raise Bad(f"le nom {quote(name[:20])}... dépasse 80 caractères",
                  f"the name {quote(name[:20])}... is longer than 80 characters",
                  f"il nome {quote(name[:20])}... supera gli 80 caratteri")
    if name.lower() in names:
        raise Bad(f"{quote(name)} apparaît deux fois", f"{quote(name)} appears twice",
                  f"{quote(name)} compare due volte")
    names.add(name.lower())
    try:
        total, given = _score(line.get("score"))
        rank = _whole(line.get("rank") or 0, "rank", 0, 1000)
        order = _whole(j if line.get("seatOrder") is None else line["seatOrder"], "seatOrder", -1000, 1000)
        winner, start = _flag(line, "winner", name), bool(_flag(line, "startPlayer", name))
    except Bad as exc:
        if exc.text.en.startswith(f"{name}:"):
            raise
        raise Bad(f"{name} : {exc.text.fr}", f"{name}: {exc.text.en}", f"{name}: {exc.text.get('it')}") from None
    return _Line(name, total, given, rank, order, winner, start, line, j)


def _when(play: Mapping[str, Any]) -> tuple[datetime, int]:
    start = _parse_date(play.get("playDate"))
    return start, _whole(play.get("durationMin") or 0, "durationMin", 0, MAX_MINUTES)


def _place(play: Mapping[str, Any], locations: Mapping[int | str, Mapping[str, Any]]) -> str:
    if not play.get("locationRefId"):
        return ""
    location = _lookup(locations, play["locationRefId"], "locationRefId", Tr("lieux", "locations", it="luoghi"))
    name = location.get("name")
    return _clean(" ".join(name.split())[:120], Tr("lieu", "location", it="luogo")) if isinstance(name, str) else ""


def _lines(play: Mapping[str, Any], players: Mapping[int | str, Mapping[str, Any]], slug: str) -> list[_Line]:
    """The play's lines, in seat order: by ``seatOrder`` when its values differ, else the file's,
    virtual players last (a score line, no seat)."""
    scores = play.get("playerScores")
    if not isinstance(scores, list) or not scores:
        raise Bad("elle n'a pas de playerScores", "it has no playerScores", "non ha playerScores")
    c = cards()[pads.engine_slug(slug)]
    extra = len(c.virtual_players)
    if not c.min_players <= len(scores) <= c.max_players + extra:
        raise Bad(f"{len(scores)} joueurs : {c.name.fr} se joue de {c.min_players} à {c.max_players}",
                  f"{len(scores)} players: {c.name.en} is played by {c.min_players} to {c.max_players}",
                  f"{len(scores)} giocatori: {c.name.get('it')} si gioca da {c.min_players} a {c.max_players}")
    names: set[str] = set()
    lines = [_line(j, line, players, names) for j, line in enumerate(scores)]
    starters = [x.name for x in lines if x.start]
    if len(starters) > 1:
        who = ", ".join(starters)
        raise Bad(f"{len(starters)} premiers joueurs : {who}", f"{len(starters)} start players: {who}",
                  f"{len(starters)} primi giocatori: {who}")
    if len({x.order for x in lines}) == len(lines):
        lines.sort(key=lambda x: x.order)
    virtual = VIRTUAL.get(slug, set())
    return sorted(lines, key=lambda x: x.name.lower() in virtual)


def _uid(play: Mapping[str, Any]) -> str:
    value = play.get("uuid")
    if value is None or value == "":
        return ""
    if not isinstance(value, str) or not re.fullmatch(r"[0-9A-Za-z_.:{}-]{1,54}", value.strip()):
        raise Bad(f"uuid {quote(value)} n'est pas un identifiant de partie", f"uuid {quote(value)} is not a play's id",
                  f"uuid {quote(value)} non è un identificativo di partita")
    return value.strip()


def _check_play(play: Any, games: Mapping[int | str, Mapping[str, Any]], players: Mapping[int | str, Mapping[str, Any]],
                locations: Mapping[int | str, Mapping[str, Any]], slugs: Mapping[str, str]) -> _Play:
    if not isinstance(play, dict):
        raise Bad("une partie doit être un objet", "a play must be an object", "una partita deve essere un oggetto")
    game = _lookup(games, play.get("gameRefId"), "gameRefId", Tr("jeux", "games", it="giochi"))
    slug = engine_for_game(game, slugs)
    if play.get("usesTeams") not in (None, False, 0) and not pads.is_pad(slug):
        raise Bad("une partie en équipes ne peut pas être enregistrée (aux jeux de Compagnon, chacun joue pour soi)",
                  "a play in teams cannot be stored (Compagnon's games are played each for oneself)",
                  "una partita a squadre non può essere registrata (ai giochi di Compagnon ognuno gioca per sé)")
    (start, minutes), place, uid = _when(play), _place(play, locations), _uid(play)
    board, comments = _text(play, "board", 500), _text(play, "comments", 4000)
    lines = _lines(play, players, slug)
    ranks, won = _outcome([x.total for x in lines], [x.given for x in lines], [x.rank for x in lines],
                          [x.winner for x in lines])
    first = next((k for k, x in enumerate(lines) if x.start), 0)
    carried = {"play": {k: v for k, v in play.items() if k != "playerScores"}, "notes": comments,
               "lines": [dict(x.raw, _seat=lines.index(x)) for x in sorted(lines, key=lambda x: x.index)]}
    setup = _json({"imported_from": IMPORTED, "board": board, **({"uuid": uid} if uid else {}), "bgstats": carried})
    stored = [(x.name, x.total, r, w) for x, r, w in zip(lines, ranks, won, strict=True)]
    options: dict[str, Any] = {"players": len(lines)}
    if pads.is_pad(slug):
        bgg = game.get("bggId")
        options = {"game_name": _clean(" ".join(str(game["name"]).split())[:80], "game"), "players": len(lines),
                   "kind": _pad_kind(game, play), "entry": "totals",
                   "bgg_id": bgg if isinstance(bgg, int) and not isinstance(bgg, bool) and 0 <= bgg <= 10**8 else 0,
                   "counts": play.get("ignored") in (None, False, 0)}
    return _Play(slug, start, minutes, place, stored, first, board, comments, uid, setup, options)


def _known(s: Session, plays: list[_Play]) -> dict[str, int | None]:
    """The history's plays by key (``_Play.key``): imported ones by their uuid, matches played here by
    the uuid their export gives them, and, for plays without a uuid, fingerprints of the finished
    matches in the time span of the imported plays."""
    known: dict[str, int | None] = {}
    for mid, seed in s.exec(select(Match.id, Match.seed).where(col(Match.seed).startswith("bgstats:"))):
        if seed.startswith(SEED_UUID):
            known[f"uuid:{seed.removeprefix(SEED_UUID)}"] = mid
    older = select(Match.id, Match.setup).where(col(Match.seed).startswith("bgstats:"),
                                                col(Match.seed).not_like(f"{SEED_UUID}%"))
    for mid, setup in s.exec(older):  # imported before uuids went into the seed
        try:
            kept = json.loads(setup).get("uuid")
        except (ValueError, AttributeError):
            continue
        if isinstance(kept, str) and kept:
            known[f"uuid:{kept.lower()}"] = mid
    for mid, seed in s.exec(select(Match.id, Match.seed).where(Match.status == "finished",
                                                             col(Match.seed).not_like("bgstats:%"))):
        known[f"uuid:{_uuid('play', f'{mid}:{seed}')}"] = mid
    bare = [p for p in plays if not p.uuid]
    if bare:
        low = min(p.start for p in bare) - timedelta(minutes=1)
        high = max(p.start for p in bare) + timedelta(minutes=1)
        rows = s.exec(select(Match.id, Match.game, Match.started_at,  # type: ignore[call-overload]
                             ScoreRow.name, ScoreRow.total, ScoreRow.rank,
                             ScoreRow.winner)
                      .join(ScoreRow, col(ScoreRow.match_id) == col(Match.id))
                      .where(Match.status == "finished", col(Match.started_at) >= low, col(Match.started_at) <= high)
                      .order_by(col(Match.id), col(ScoreRow.seat_index))).all()
        grouped: dict[int, _Play] = {}
        for mid, slug, start, name, total, rank, won in rows:
            start = start if start.tzinfo else start.replace(tzinfo=UTC)
            grouped.setdefault(mid, _Play(slug, start, 0, "", [])).lines.append((name, total, rank, bool(won)))
        known.update({f"fp:{p.fingerprint()}": mid for mid, p in grouped.items()})
    return known


def _merge(old: Any, new: Any) -> list[dict[str, Any]]:
    """A file's records, then the records carried before that the file does not have (same ``uuid``):
    the file's keep their ids, an older one whose id the file took is numbered after all of them."""
    fresh = [r for r in new if isinstance(r, dict)] if isinstance(new, list) else []
    uuids = {r.get("uuid") for r in fresh if isinstance(r.get("uuid"), str)}
    taken = {_id(r.get("id")) for r in fresh} - {None}
    kept = [r for r in old if isinstance(r, dict) and not (isinstance(r.get("uuid"), str) and r["uuid"] in uuids)]\
        if isinstance(old, list) else []
    top = max((r["id"] for r in fresh + kept if isinstance(r.get("id"), int) and not isinstance(r.get("id"), bool)),
              default=0)
    for k, record in enumerate(kept):
        if _id(record.get("id")) in taken:
            top += 1
            kept[k] = {**record, "id": top}
    return fresh + kept


def _carry(s: Session, doc: Mapping[str, Any]) -> None:
    """Keep the file's players, games, locations and other top-level entries for the export."""
    before = _carried(s)
    top: dict[str, Any] = before["top"] if isinstance(before.get("top"), dict) else {}
    carried: dict[str, Any] = {"top": {**top, **{k: v for k, v in doc.items() if k not in ("plays", *RECORDS)}},
               **{kind: _merge(before.get(kind), doc.get(kind)) for kind in RECORDS}}
    try:
        text = _json(carried)
    except Bad as exc:
        raise BGStatsError(f"ce fichier ne peut pas être gardé : {exc.text.fr}",
                           f"this file cannot be kept: {exc.text.en}",
                           f"questo file non può essere conservato: {exc.text.get('it')}") from None
    s.merge(Meta(key=CARRIED, value=text))


def _sort_out(s: Session, checked: list[tuple[Tr, _Play]], report: ImportReport) -> list[_Play]:
    """The plays not in the history yet nor earlier in the file; the others are reported."""
    known = _known(s, [p for _w, p in checked])
    seen: dict[str, Tr] = {}
    accepted: list[_Play] = []
    for where, play in checked:
        key = play.key()
        if key in known:
            mid = known[key]
            report.skipped.append(Skipped(where, Tr(f"déjà dans l'historique (partie n° {mid})",
                                                    f"already in the history (match #{mid})",
                                                    it=f"già nello storico (partita n. {mid})")))
        elif key in seen:
            first = seen[key]
            report.skipped.append(Skipped(where, Tr("la même partie que {w}", "the same play as {w}",
                                                    it="la stessa partita di {w}").format(w=first)))
        else:
            seen[key] = where
            accepted.append(play)
    return accepted


def _write(s: Session, play: _Play, by_name: Mapping[str, Player], report: ImportReport) -> int:
    winners = [by_name[n.lower()].name if n.lower() in by_name else n for n, _t, _r, won in play.lines if won]
    if pads.is_pad(play.slug):
        if s.get(GameRow, play.slug) is None:
            report.new_games.append(" ".join(str(play.options["game_name"]).split())[:80])
        pads.ensure_game(s, play.slug, play.options["game_name"], bgg_id=play.options["bgg_id"],
                         kind=play.options["kind"])
    match = Match(game=play.slug, options=json.dumps(play.options or {"players": len(play.lines)},
                                                     ensure_ascii=False), setup=play.setup,
                  seed=play.seed(), status="finished", started_at=play.start,
                  ended_at=play.start + timedelta(minutes=play.minutes), place=play.place, notes=play.comments,
                  winner_names=", ".join(winners)[:400], first_seat=play.first, seats=len(play.lines))
    s.add(match)
    s.flush()
    assert match.id is not None
    virtual = VIRTUAL.get(play.slug, set())
    for seat, (name, total, rank, won) in enumerate(play.lines):  # virtual players already sit last
        person = by_name.get(name.lower()) if name.lower() not in virtual else None
        if person is not None and person.id is not None:
            s.add(Seat(match_id=match.id, seat_index=seat, player_id=person.id))
        s.add(score_line(match, seat, player_id=person.id if person else None,
                         name=person.name if person else name, total=total, rank=rank, winner=won, breakdown="{}"))
    return match.id


def _check_all(doc: Mapping[str, Any], report: ImportReport) -> list[tuple[Tr, _Play]]:
    games, players, locations = _index(doc, "games"), _index(doc, "players"), _index(doc, "locations")
    slugs = _game_slugs()
    checked: list[tuple[Tr, _Play]] = []
    for i, play in enumerate(doc["plays"]):
        which = ""
        if isinstance(play, dict):
            game = games.get(_id(play.get("gameRefId")) or "", {})
            when, name = play.get("playDate", "?"), game.get("name", "?")
            which = f" ({when if isinstance(when, str) else quote(when)}, {name if isinstance(name, str) else '?'})"
        where = Tr(f"partie {i + 1}{which[:120]}", f"play {i + 1}{which[:120]}", it=f"partita {i + 1}{which[:120]}")
        try:
            checked.append((where, _check_play(play, games, players, locations, slugs)))
        except Bad as exc:
            report.skipped.append(Skipped(where, exc.text))
    return checked


def import_plays(store: Store, doc: Any, progress: Progress | None = None) -> ImportReport:
    """Import a BG Stats export's plays of Compagnon's games; see the module's docstring.

    ``progress(done, total)``, if given, is told how many of the file's plays are dealt with (skipped
    or written), from ``(0, total)`` to ``(total, total)``: a screen shows it while a large file is
    imported (it is called from the thread doing the import)."""
    if kind_of(doc) == "backup":
        raise BGStatsError("ce fichier est une sauvegarde de Compagnon, pas un export de BG Stats : restaurez-la "
                           "(dans un historique vide)",
                           "this file is a Compagnon backup, not a BG Stats export: restore it (into an empty "
                           "history)",
                           "questo file è un backup di Compagnon, non un export di BG Stats: ripristinatelo (in una "
                           "cronologia vuota)")
    if not isinstance(doc, dict) or not isinstance(doc.get("plays"), list):
        raise BGStatsError("ce fichier n'est pas un export de BG Stats : il n'y a pas de parties (« plays »)",
                           "this file is not a BG Stats export: it has no plays (“plays”)",
                           "questo file non è un export di BG Stats: non ha partite («plays»)")
    tell = progress or _no_progress
    total = len(doc["plays"])
    tell(0, total)
    report = ImportReport()
    checked = _check_all(doc, report)
    with store.session() as s:
        accepted = _sort_out(s, checked, report)
        tell(len(report.skipped), total)
        by_name = {p.name.lower(): p for p in s.exec(select(Player))}
        for play in accepted:
            for name, *_rest in play.lines:
                if name.lower() not in by_name and name.lower() not in VIRTUAL.get(play.slug, ()):
                    by_name[name.lower()] = Player(name=name)
                    s.add(by_name[name.lower()])
                    report.new_players.append(name)
        s.flush()
        for play in accepted:
            report.imported.append(_write(s, play, by_name, report))
            tell(len(report.skipped) + len(report.imported), total)
        _carry(s, doc)
        s.commit()
    tell(total, total)
    return report
