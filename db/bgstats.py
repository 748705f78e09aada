"""Export to and import from BG Stats (the "Board Game Stats" app) JSON files.

THE FORMAT, AND WHERE ITS FIELD NAMES COME FROM.  BG Stats publishes no specification of its
export that could be found from here; the field names below are only those seen in real files
or in other programs that read them, and nothing else is written:

* a ``.bgsplay`` file shared by a user, https://pastebin.com/iDbHyBui, which begins
  ``"about":"This is a Play file that can be read by Board Game Stats..."`` and lists
  ``players`` (``uuid``, ``id``, ``name``, ``isAnonymous``, ``modificationDate`` as
  ``"2019-03-19 14:21:28"``, ``bggUsername``), ``locations`` (``uuid``, ``id``, ``name``,
  ``modificationDate``) and ``games`` (``uuid``, ``id``, ``name``, ``modificationDate``,
  ``cooperative``, ``highestWins``, ``noPoints``);
* for the ``plays`` of a full export (``BGStatsExport.json``), programs that read it, as found by
  a code search: ``playDate`` and ``durationMin`` (a C# reader, ``MagicDeckStats.Models``),
  ``gameRefId``, ``usesTeams`` and ``playerScores[].playerRefId`` / ``rank`` (a TypeScript rating
  script), ``locationRefId`` and ``playerScores[].score`` read as text (a TypeScript importer),
  ``playerScores[].seatOrder`` and ``bggId`` (a Python script mapping BG Stats names to BGG plays).

Not found in any source here, so NOT written: a per-player winner flag, a start-player flag,
the board / set-up text, comments.  The export therefore says who won through ``rank`` (1 is the
winner; a shared victory is two rank-1 lines) and ``highestWins`` on the game; the first player
is the first ``seatOrder`` (seats are listed from the set-up's first player on); the set-up is
not exported.  docs/history.md says the same.

Import reads the same fields; a play of another game, or with a bad or missing value, or
already in the history, is skipped and reported with the reason; the plays that pass are written
in one transaction (all of them or none).
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlmodel import Session, col, select

from db.models import Match, Player, ScoreRow, Seat, score_line
from db.stats import NO_FILTERS, Filters
from db.store import Store, StoreError
from scoring import SLUGS, find_game
from scoring.robby_solo_rules import JUNIOR_NAME

#: Virtual players: a score line without a person (no seat, no player row).
VIRTUAL = {"robby-solo": {JUNIOR_NAME.lower()}}

NAMESPACE = uuid.UUID("6f1c2d4e-8a4b-4c1e-9a53-0c6f6d1b2a77")  # Compagnon's own: stable uuids across exports
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"  # as modificationDate in the .bgsplay sample above
IMPORTED = "BG Stats"


class BGStatsError(StoreError):
    """A file that is not a BG Stats export at all: nothing is imported."""


@dataclass(frozen=True)
class Skipped:
    where: str  # "play 3 (2025-03-01 10:00:00, Catan)"
    why: str


@dataclass
class ImportReport:
    imported: list[int] = field(default_factory=list)  # the new matches' ids
    skipped: list[Skipped] = field(default_factory=list)
    new_players: list[str] = field(default_factory=list)


def _uuid(kind: str, key: object) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{key}"))


def _date(value: datetime | None) -> str:
    if value is None:
        return ""
    if value.tzinfo is not None:
        value = value.astimezone(UTC).replace(tzinfo=None)
    return value.strftime(DATE_FORMAT)


# ---------------------------------------------------------------- export
def export(store: Store, filters: Filters = NO_FILTERS) -> dict[str, Any]:
    """The finished matches (filtered) as a BG Stats export document."""
    now = _date(datetime.now(UTC))
    query = (select(Match.id, Match.game, Match.started_at, Match.ended_at, Match.place, Match.first_seat,
                    ScoreRow.seat_index, ScoreRow.player_id, ScoreRow.name, ScoreRow.total, ScoreRow.rank)
             .select_from(ScoreRow).join(Match, col(Match.id) == col(ScoreRow.match_id))
             .where(*filters.conditions()).order_by(col(Match.ended_at), col(Match.id), col(ScoreRow.seat_index)))
    players: dict[str, dict[str, Any]] = {}  # key: "id:N" for a person, "virtual:Name" for Robby Junior
    locations: dict[str, dict[str, Any]] = {}
    games: dict[str, dict[str, Any]] = {}
    plays: dict[int, dict[str, Any]] = {}
    with store.session() as s:
        for mid, slug, start, end, place, first, seat, pid, name, total, rank in s.exec(query).yield_per(2000):
            if slug not in games:
                games[slug] = {"uuid": _uuid("game", slug), "id": len(games) + 1, "name": find_game(slug).name.fr,
                               "modificationDate": now, "cooperative": False, "highestWins": True,
                               "noPoints": False}
            if place and place not in locations:
                locations[place] = {"uuid": _uuid("location", place), "id": len(locations) + 1, "name": place,
                                    "modificationDate": now}
            key = f"id:{pid}" if pid is not None else f"virtual:{name}"
            if key not in players:
                players[key] = {"uuid": _uuid("player", key), "id": len(players) + 1, "name": name,
                                "isAnonymous": False, "modificationDate": now, "bggUsername": ""}
            play = plays.get(mid)
            if play is None:
                minutes = int(round((end - start).total_seconds() / 60)) if end and start else 0
                play = plays[mid] = {"playDate": _date(start), "durationMin": minutes,
                                     "gameRefId": games[slug]["id"], "usesTeams": False, "playerScores": [],
                                     "_first": first, "_seats": 0}
                if place:
                    play["locationRefId"] = locations[place]["id"]
            play["_seats"] += 1
            play["playerScores"].append({"playerRefId": players[key]["id"], "score": str(total), "rank": rank,
                                         "seatOrder": seat})
    for play in plays.values():  # seat order counted from the first player, as people sit down to play
        first, seats = play.pop("_first"), play.pop("_seats")
        for line in play["playerScores"]:
            line["seatOrder"] = (line["seatOrder"] - first) % seats
        play["playerScores"].sort(key=lambda line: line["seatOrder"])
    return {"players": list(players.values()), "locations": list(locations.values()),
            "games": list(games.values()), "plays": list(plays.values())}


# ---------------------------------------------------------------- import
def _game_slugs() -> dict[str, str]:
    """Every name a game goes by (French, English, slug), lower-cased -> slug."""
    names: dict[str, str] = {}
    for slug in SLUGS:
        game = find_game(slug)
        for name in (slug, game.name.fr, game.name.en):
            names[" ".join(name.lower().split())] = slug
    return names


def _parse_date(value: Any) -> datetime:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"playDate is missing or not text: {value!r}")
    for fmt in (DATE_FORMAT, "%Y-%m-%d %H:%M", "%Y-%m-%d"):
        try:
            return datetime.strptime(value.strip(), fmt).replace(tzinfo=UTC)
        except ValueError:
            pass
    try:
        parsed = datetime.fromisoformat(value.strip())
    except ValueError:
        raise ValueError(f"playDate {value!r} is not a date") from None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def _score(value: Any) -> int:
    if isinstance(value, bool):
        raise ValueError(f"score {value!r} is not a number")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip()
        if text.lstrip("-").isdigit():
            return int(text)
    raise ValueError(f"score {value!r} is not a whole number")


@dataclass
class _Play:
    slug: str
    start: datetime
    minutes: int
    place: str
    lines: list[tuple[str, int, int]]  # (name, total, rank) in seat order

    def fingerprint(self) -> str:
        key = [self.slug, self.start.strftime("%Y-%m-%d %H:%M"),
               sorted((name.lower(), total) for name, total, _rank in self.lines)]
        return hashlib.sha256(json.dumps(key, ensure_ascii=False).encode()).hexdigest()[:24]


def _index(doc: Mapping[str, Any], key: str) -> dict[Any, Mapping[str, Any]]:
    items = doc.get(key, [])
    if not isinstance(items, list):
        raise BGStatsError(f"{key!r} must be a list")
    return {item.get("id"): item for item in items if isinstance(item, dict)}


def _check_play(i: int, play: Any, games: dict[Any, Mapping[str, Any]], players: dict[Any, Mapping[str, Any]],
                locations: dict[Any, Mapping[str, Any]], slugs: dict[str, str]) -> _Play:
    if not isinstance(play, dict):
        raise ValueError("a play must be an object")
    game = games.get(play.get("gameRefId"))
    if game is None:
        raise ValueError(f"gameRefId {play.get('gameRefId')!r} is not in the file's games")
    slug = slugs.get(" ".join(str(game.get("name", "")).lower().split()))
    if slug is None:
        raise ValueError(f"{game.get('name')!r} is not one of Compagnon's games")
    if play.get("usesTeams"):
        raise ValueError("a play in teams cannot be stored (Compagnon's games are played each for oneself)")
    start = _parse_date(play.get("playDate"))
    minutes = play.get("durationMin", 0) or 0
    if not isinstance(minutes, int) or isinstance(minutes, bool) or minutes < 0:
        raise ValueError(f"durationMin {minutes!r} is not a number of minutes")
    place = ""
    if play.get("locationRefId"):
        location = locations.get(play["locationRefId"])
        if location is None:
            raise ValueError(f"locationRefId {play['locationRefId']!r} is not in the file's locations")
        place = " ".join(str(location.get("name", "")).split())[:120]
    scores = play.get("playerScores")
    if not isinstance(scores, list) or not scores:
        raise ValueError("it has no playerScores")
    g = find_game(slug)
    if not g.min_players <= len(scores) <= g.max_players + 1:  # + 1: Robby Solo's virtual Robby Junior
        raise ValueError(f"{len(scores)} players: {g.name.en} is played by {g.min_players} to {g.max_players}")
    lines: list[tuple[str, int, int, int]] = []
    names: set[str] = set()
    for j, line in enumerate(scores):
        if not isinstance(line, dict):
            raise ValueError(f"player line {j + 1} is not an object")
        player = players.get(line.get("playerRefId"))
        if player is None:
            raise ValueError(f"playerRefId {line.get('playerRefId')!r} is not in the file's players")
        name = " ".join(str(player.get("name", "")).split())
        if not name or player.get("isAnonymous"):
            raise ValueError(f"player line {j + 1} has no name (anonymous player)")
        if len(name) > 80:
            raise ValueError(f"the name {name[:20]!r}... is longer than 80 characters")
        if name.lower() in names:
            raise ValueError(f"{name!r} appears twice")
        names.add(name.lower())
        try:
            total = _score(line.get("score"))
        except ValueError as exc:
            raise ValueError(f"{name}: {exc}") from None
        rank = line.get("rank")
        order = line.get("seatOrder", j)
        lines.append((name, total, rank if isinstance(rank, int) and not isinstance(rank, bool) else 0,
                      order if isinstance(order, int) else j))
    lines.sort(key=lambda x: x[3])
    if any(rank < 1 for _n, _t, rank, _o in lines):  # no ranks: the highest score wins, ties share
        totals = sorted({t for _n, t, _r, _o in lines}, reverse=True)
        lines = [(n, t, totals.index(t) + 1, o) for n, t, _r, o in lines]
    return _Play(slug, start, minutes, place, [(n, t, r) for n, t, r, _o in lines])


def _existing_fingerprints(s: Session, plays: list[_Play]) -> dict[str, int]:
    """Fingerprints of the history's finished matches in the time span of the imported plays."""
    if not plays:
        return {}
    low = min(p.start for p in plays) - timedelta(minutes=1)
    high = max(p.start for p in plays) + timedelta(minutes=1)
    rows = s.exec(select(Match.id, Match.game, Match.started_at, ScoreRow.name, ScoreRow.total, ScoreRow.rank)
                  .join(ScoreRow, col(ScoreRow.match_id) == col(Match.id))
                  .where(Match.status == "finished", col(Match.started_at) >= low, col(Match.started_at) <= high)
                  .order_by(col(Match.id), col(ScoreRow.seat_index))).all()
    grouped: dict[int, _Play] = {}
    for mid, slug, start, name, total, rank in rows:
        start = start if start.tzinfo else start.replace(tzinfo=UTC)
        grouped.setdefault(mid, _Play(slug, start, 0, "", [])).lines.append((name, total, rank))
    return {p.fingerprint(): mid for mid, p in grouped.items()}


def import_plays(store: Store, doc: Any) -> ImportReport:
    """Import a BG Stats export's plays of Compagnon's four games; see the module's docstring."""
    if not isinstance(doc, dict) or not isinstance(doc.get("plays"), list):
        raise BGStatsError("not a BG Stats export: no 'plays' list")
    games, players, locations = _index(doc, "games"), _index(doc, "players"), _index(doc, "locations")
    slugs = _game_slugs()
    report = ImportReport()
    checked: list[tuple[str, _Play]] = []
    for i, play in enumerate(doc["plays"]):
        where = f"play {i + 1}"
        if isinstance(play, dict):
            game = games.get(play.get("gameRefId"), {})
            where += f" ({play.get('playDate', '?')}, {game.get('name', '?')})"
        try:
            checked.append((where, _check_play(i, play, games, players, locations, slugs)))
        except ValueError as exc:
            report.skipped.append(Skipped(where, str(exc)))
    with store.session() as s:
        existing = _existing_fingerprints(s, [p for _w, p in checked])
        seen: dict[str, str] = {}
        accepted: list[_Play] = []
        for where, play in checked:
            fp = play.fingerprint()
            if fp in existing:
                report.skipped.append(Skipped(where, f"already in the history (match #{existing[fp]})"))
            elif fp in seen:
                report.skipped.append(Skipped(where, f"the same play as {seen[fp]}"))
            else:
                seen[fp] = where
                accepted.append(play)
        by_name = {p.name.lower(): p for p in s.exec(select(Player))}
        for play in accepted:
            for name, _total, _rank in play.lines:
                if name.lower() not in by_name and name.lower() not in VIRTUAL.get(play.slug, ()):
                    player = Player(name=name)
                    s.add(player)
                    by_name[name.lower()] = player
                    report.new_players.append(name)
        s.flush()
        for play in accepted:
            winners = [by_name[n.lower()].name if n.lower() in by_name else n for n, _t, r in play.lines if r == 1]
            match = Match(game=play.slug, options=json.dumps({"players": len(play.lines)}),
                          setup=json.dumps({"imported_from": IMPORTED}), seed=f"bgstats:{play.fingerprint()}",
                          status="finished", started_at=play.start,
                          ended_at=play.start + timedelta(minutes=play.minutes), place=play.place,
                          winner_names=", ".join(winners)[:400], first_seat=0, seats=len(play.lines))
            s.add(match)
            s.flush()
            assert match.id is not None
            people = [line for line in play.lines if line[0].lower() not in VIRTUAL.get(play.slug, ())]
            virtual = [line for line in play.lines if line[0].lower() in VIRTUAL.get(play.slug, ())]
            for seat, (name, total, rank) in enumerate([*people, *virtual]):  # virtual players sit last
                person = by_name.get(name.lower()) if seat < len(people) else None
                if person is not None:
                    s.add(Seat(match_id=match.id, seat_index=seat, player_id=person.id))
                s.add(score_line(match, seat, player_id=person.id if person else None,
                                 name=person.name if person else name, total=total, rank=rank, winner=rank == 1,
                                 breakdown="{}"))
            report.imported.append(match.id)
        s.commit()
    return report
