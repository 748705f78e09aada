"""Export to and import from BG Stats (the "Board Game Stats" app) JSON files.

THE FORMAT, AND WHERE ITS FIELD NAMES COME FROM.  BG Stats publishes no specification of its full
export (``BGStatsExport.json``) nor of its ``.bgsplay`` files; the names below are only those seen in
real files, in BG Stats' own page on pushing plays to it, or in programs that read or write its
files, and nothing else is written.  Types are as the sources show them.

* BG Stats' page https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/
  (its import of one play from another app: not the file format, but the vendor's own names):
  ``board`` (text, ``""`` in its example), ``comments`` (text), ``durationMin``, ``playDate``
  (``"2020-10-23 19:16:58"``), and per player ``startPlayer`` (true/false), ``winner``
  (true/false), ``rank`` (1, 2) and ``score``;
* a full export published as sample data, ``sqrtxander/bgstats-wrapped``, ``sampleData.json``
  (a real file: groups, players with tags, games with BGG data, plays): on every play ``uuid``,
  ``playDate``, ``durationMin``, ``gameRefId``, ``locationRefId``, ``usesTeams``, ``manualWinner``
  (true/false), ``ignored``, ``rounds``, ``scoringSetting``, ``entryDate``, ``modificationDate``,
  ``playImages``, ``expansionPlays``, and where the user typed them ``board`` (text, e.g.
  ``"Daily Challenge"``, or ``""``) and ``comments`` (text); on every ``playerScores`` line
  ``playerRefId``, ``score`` (text: ``"12"``, ``""``, ``"24-12"``), ``winner`` (true/false, two or
  three ``true`` on a shared victory), ``startPlayer`` (true/false, at most one ``true``),
  ``newPlayer`` (true/false), ``rank`` (``0`` when the user did not rank) and ``seatOrder``
  (``0`` on every line when the seats were not entered), sometimes ``team`` and ``role``;
* a ``.bgsplay`` file shared by a user, https://pastebin.com/iDbHyBui (``"about":"This is a Play
  file that can be read by Board Game Stats..."``): ``players`` (``uuid``, ``id``, ``name``,
  ``isAnonymous``, ``modificationDate`` as ``"2019-03-19 14:21:28"``, ``bggUsername``),
  ``locations`` (``uuid``, ``id``, ``name``, ``modificationDate``) and ``games`` (``uuid``, ``id``,
  ``name``, ``modificationDate``, ``cooperative``, ``highestWins``, ``noPoints``);
* readers of those files: ``theiam79/BGStats.Bot`` (C#), ``src/BGStats.Bot/Models/Play.cs``
  (``board`` string, ``manualWinner`` bool, ``uuid``, ``entryDate``, ``scoringSetting``...) and
  ``src/BGStats.Bot/Models/PlayerScore.cs`` (``winner``, ``startPlayer``, ``newPlayer`` bool,
  ``rank``, ``seatOrder`` int, ``score`` string; its ``Converters/AutoIntToBoolConverter.cs`` also
  reads 0/1 for those flags); ``DictumMortuum/servus-extapi`` (Go),
  ``cmd/servus-extapi/bgstatsupload.go`` (the same ``playerScores`` fields); earlier finds: a C#
  reader ``MagicDeckStats.Models`` (``playDate``, ``durationMin``), a TypeScript rating script
  (``gameRefId``, ``usesTeams``, ``playerRefId``, ``rank``), a TypeScript importer
  (``locationRefId``, ``score`` read as text), a Python script (``seatOrder``, ``bggId``);
* writers of files for BG Stats to import: ``soul28561/bgstats-lichess-import``,
  ``src/main/java/LichessImport.java``, and ``ctuncan/bga_bgstats``, ``bga_bgstats.py`` (plays with
  ``uuid``, ``manualWinner``, and per line ``winner``, ``startPlayer``, ``newPlayer``, ``rank``,
  ``seatOrder``).

WHAT IS WRITTEN.  Per play: ``uuid`` (stable: the same match gives the same uuid at every export),
``playDate``, ``durationMin``, ``gameRefId``, ``locationRefId``, ``usesTeams`` (false),
``manualWinner`` (true when the winners are not simply the highest totals: a tie the rules broke),
``board`` (the set-up as one line of text, :func:`setup_text`: ``"players: 4; bosses out: Raymond
Naudy, Henri Fefeu"``) and ``comments`` (the match's notes).  Per line: ``playerRefId``, ``score``
(text), ``rank`` (1 = a winner), ``winner``, ``startPlayer`` (the set-up's first player) and
``seatOrder`` (0 for the first player, then round the table).  Not written: ``newPlayer`` (whether
it was someone's first play of the game: BG Stats can tell that from its own history), ``team`` and
``role`` (Compagnon's games have neither), ``entryDate``, ``ignored``, ``rounds``,
``scoringSetting`` and ``playImages`` (nothing to say).  NOT VERIFIED: whether BG Stats itself reads
such a file the same way (no BG Stats app here, no internet); docs/history.md says the same.

Import reads the same fields.  The winners are the lines with ``winner`` true when the file has
such flags (a real export ranks nothing: ``rank`` 0), else the ``rank`` 1 lines, else the highest
score; the other lines are ranked by score below them.  The seats follow ``seatOrder`` when its
values are all different, else the file's order; the ``startPlayer`` line becomes the match's first
player (``match.first_seat``).  ``board`` is kept in the imported match's set-up record (its review
shows it), ``comments`` become the match's notes, ``uuid`` is kept so that the match exports under
the same uuid.  A play of another game, or with a bad or missing value, or already in the history,
is skipped and reported with the reason; the plays that pass are written in one transaction (all
of them or none).
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
from scoring import SLUGS, cards, find_game
from scoring.core import Tr

#: Virtual players: a score line without a person (no seat, no player row).
VIRTUAL = {slug: {name.lower() for name in c.virtual_players} for slug, c in cards().items()}

NAMESPACE = uuid.UUID("6f1c2d4e-8a4b-4c1e-9a53-0c6f6d1b2a77")  # Compagnon's own: stable uuids across exports
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"  # as modificationDate in the .bgsplay sample above
IMPORTED = "BG Stats"


class Bad(ValueError):
    """What is wrong, in French and English (``str()``: the English); the screen shows its language."""

    def __init__(self, fr: str, en: str) -> None:
        super().__init__(en)
        self.text = Tr(fr, en)


class BGStatsError(StoreError):
    """A file that is not a BG Stats export at all: nothing is imported.  ``text``: French and English."""

    def __init__(self, fr: str, en: str) -> None:
        super().__init__(en)
        self.text = Tr(fr, en)


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


def _uuid(kind: str, key: object) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{key}"))


def _date(value: datetime | None) -> str:
    if value is None:
        return ""
    if value.tzinfo is not None:
        value = value.astimezone(UTC).replace(tzinfo=None)
    return value.strftime(DATE_FORMAT)


# ---------------------------------------------------------------- export
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
        text = _board_value(value)
        if key != "players" and text is not None and (text == "" or not isinstance(value, int)):
            parts[key] = text  # options: switches and choices; numbers (timer seconds...) only with them
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


def export(store: Store, filters: Filters = NO_FILTERS) -> dict[str, Any]:
    """The finished matches (filtered) as a BG Stats export document."""
    now = _date(datetime.now(UTC))
    query = (select(Match.id, Match.game, Match.started_at, Match.ended_at, Match.place, Match.first_seat,
                    ScoreRow.seat_index, ScoreRow.player_id, ScoreRow.name, ScoreRow.total, ScoreRow.rank,
                    ScoreRow.winner)
             .select_from(ScoreRow).join(Match, col(Match.id) == col(ScoreRow.match_id))
             .where(*filters.conditions()).order_by(col(Match.ended_at), col(Match.id), col(ScoreRow.seat_index)))
    players: dict[str, dict[str, Any]] = {}  # key: "id:N" for a person, "virtual:Name" for Robby Junior
    locations: dict[str, dict[str, Any]] = {}
    games: dict[str, dict[str, Any]] = {}
    plays: dict[int, dict[str, Any]] = {}
    with store.session() as s:
        for mid, slug, start, end, place, first, seat, pid, name, total, rank, won in s.exec(query).yield_per(2000):
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
                play = plays[mid] = {"uuid": "", "playDate": _date(start), "durationMin": minutes,
                                     "gameRefId": games[slug]["id"], "usesTeams": False, "manualWinner": False,
                                     "board": "", "comments": "", "playerScores": [], "_first": first, "_seats": 0}
                if place:
                    play["locationRefId"] = locations[place]["id"]
            play["_seats"] += 1
            play["playerScores"].append({"playerRefId": players[key]["id"], "score": str(total), "rank": rank,
                                         "winner": bool(won), "startPlayer": seat == first, "seatOrder": seat,
                                         "_total": total})
        # The set-up, notes and seed of the same matches, read once per match (wide columns).
        details = (select(Match.id, Match.options, Match.setup, Match.notes, Match.seed)
                   .where(*filters.conditions()).order_by(col(Match.id)))
        for mid, options, setup, notes, seed in s.exec(details).yield_per(500):
            play = plays.get(mid)
            if play is None:
                continue
            record = json.loads(setup) if setup else {}
            kept = record.get("uuid") if isinstance(record, dict) else None
            play["uuid"] = kept if isinstance(kept, str) and kept else _uuid("play", f"{mid}:{seed}")
            play["board"] = _board(options, record)
            play["comments"] = notes or ""
    for play in plays.values():  # seat order counted from the first player, as people sit down to play
        first, seats = play.pop("_first"), play.pop("_seats")
        lines = play["playerScores"]
        for line in lines:
            line["seatOrder"] = (line["seatOrder"] - first) % seats
        lines.sort(key=lambda line: line["seatOrder"])
        best = max(line["_total"] for line in lines)
        play["manualWinner"] = {id(x) for x in lines if x["winner"]} != {id(x) for x in lines if x["_total"] == best}
        for line in lines:
            del line["_total"]
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
        raise Bad(f"playDate manque ou n'est pas du texte : {value!r}", f"playDate is missing or not text: {value!r}")
    for fmt in (DATE_FORMAT, "%Y-%m-%d %H:%M", "%Y-%m-%d"):
        try:
            return datetime.strptime(value.strip(), fmt).replace(tzinfo=UTC)
        except ValueError:
            pass
    try:
        parsed = datetime.fromisoformat(value.strip())
    except ValueError:
        raise Bad(f"playDate {value!r} n'est pas une date", f"playDate {value!r} is not a date") from None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def _score(value: Any) -> int:
    if isinstance(value, bool):
        raise Bad(f"le score {value!r} n'est pas un nombre", f"score {value!r} is not a number")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip()
        if text.lstrip("-").isdigit():
            return int(text)
    raise Bad(f"le score {value!r} n'est pas un nombre entier", f"score {value!r} is not a whole number")


@dataclass
class _Play:
    slug: str
    start: datetime
    minutes: int
    place: str
    lines: list[tuple[str, int, int]]  # (name, total, rank) in seat order
    first: int = 0  # the index in ``lines`` of the start player
    board: str = ""
    comments: str = ""
    uuid: str = ""

    def fingerprint(self) -> str:
        key = [self.slug, self.start.strftime("%Y-%m-%d %H:%M"),
               sorted((name.lower(), total) for name, total, _rank in self.lines)]
        return hashlib.sha256(json.dumps(key, ensure_ascii=False).encode()).hexdigest()[:24]


def _index(doc: Mapping[str, Any], key: str) -> dict[Any, Mapping[str, Any]]:
    items = doc.get(key, [])
    if not isinstance(items, list):
        raise BGStatsError(f"{key!r} doit être une liste", f"{key!r} must be a list")
    return {item.get("id"): item for item in items if isinstance(item, dict)}


def _flag(line: Mapping[str, Any], key: str, who: str) -> bool | None:
    """A true/false field of a line (``None``: absent); 0 and 1 are read as false and true."""
    if key not in line or line[key] is None:
        return None
    value = line[key]
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return value == 1
    raise Bad(f"{who} : {key} {value!r} n'est ni true ni false", f"{who}: {key} {value!r} is not true or false")


def _text(play: Mapping[str, Any], key: str, limit: int) -> str:
    value = play.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        raise Bad(f"{key} {value!r} n'est pas du texte", f"{key} {value!r} is not text")
    return value.strip()[:limit]


def _ranks(totals: list[int], ranks: list[int], winners: list[bool | None]) -> list[int]:
    """The ranks to store: the winner flags decide who is first when the file has any ``true``;
    the file's ranks are kept when they are all given and agree; otherwise the other lines are
    ranked by score below the winners (equal scores share a rank).

    >>> _ranks([10, 8, 8], [0, 0, 0], [False, True, False])  # a winner chosen by hand
    [2, 1, 3]
    >>> _ranks([5, 5, 3], [0, 0, 0], [True, True, False]), _ranks([5, 9], [2, 1], [None, None])
    ([1, 1, 2], [2, 1])
    >>> _ranks([12, 12, 9], [0, 0, 0], [None, None, None])  # nothing said: the highest score wins
    [1, 1, 2]
    """
    flagged = [w is True for w in winners]
    if not any(flagged):  # no winner flags: the ranks, else the highest score
        if all(r >= 1 for r in ranks):
            return ranks
        flagged = [t == max(totals) for t in totals]
    if all(r >= 1 for r in ranks) and [r == 1 for r in ranks] == flagged:
        return ranks
    below = sorted({t for t, w in zip(totals, flagged, strict=True) if not w}, reverse=True)
    return [1 if w else below.index(t) + 2 for t, w in zip(totals, flagged, strict=True)]


def _check_play(i: int, play: Any, games: dict[Any, Mapping[str, Any]], players: dict[Any, Mapping[str, Any]],
                locations: dict[Any, Mapping[str, Any]], slugs: dict[str, str]) -> _Play:
    if not isinstance(play, dict):
        raise Bad("une partie doit être un objet", "a play must be an object")
    game = games.get(play.get("gameRefId"))
    if game is None:
        ref = play.get("gameRefId")
        raise Bad(f"gameRefId {ref!r} n'est pas parmi les jeux du fichier",
                  f"gameRefId {ref!r} is not in the file's games")
    slug = slugs.get(" ".join(str(game.get("name", "")).lower().split()))
    if slug is None:
        name = game.get("name")
        raise Bad(f"{name!r} n'est pas un des jeux de Compagnon", f"{name!r} is not one of Compagnon's games")
    if play.get("usesTeams"):
        raise Bad("une partie en équipes ne peut pas être enregistrée (aux jeux de Compagnon, chacun joue pour soi)",
                  "a play in teams cannot be stored (Compagnon's games are played each for oneself)")
    start = _parse_date(play.get("playDate"))
    minutes = play.get("durationMin", 0) or 0
    if not isinstance(minutes, int) or isinstance(minutes, bool) or minutes < 0:
        raise Bad(f"durationMin {minutes!r} n'est pas un nombre de minutes",
                  f"durationMin {minutes!r} is not a number of minutes")
    place = ""
    if play.get("locationRefId"):
        location = locations.get(play["locationRefId"])
        if location is None:
            ref = play["locationRefId"]
            raise Bad(f"locationRefId {ref!r} n'est pas parmi les lieux du fichier",
                      f"locationRefId {ref!r} is not in the file's locations")
        place = " ".join(str(location.get("name", "")).split())[:120]
    board, comments = _text(play, "board", 500), _text(play, "comments", 4000)
    uid = play.get("uuid") if isinstance(play.get("uuid"), str) else ""
    scores = play.get("playerScores")
    if not isinstance(scores, list) or not scores:
        raise Bad("elle n'a pas de playerScores", "it has no playerScores")
    g = find_game(slug)
    if not g.min_players <= len(scores) <= g.max_players + 1:  # + 1: Robby Solo's virtual Robby Junior
        raise Bad(f"{len(scores)} joueurs : {g.name.fr} se joue de {g.min_players} à {g.max_players}",
                  f"{len(scores)} players: {g.name.en} is played by {g.min_players} to {g.max_players}")
    # (name, total, rank, seatOrder, winner flag, start player flag)
    lines: list[tuple[str, int, int, int, bool | None, bool]] = []
    names: set[str] = set()
    for j, line in enumerate(scores):
        if not isinstance(line, dict):
            raise Bad(f"la ligne de joueur {j + 1} n'est pas un objet", f"player line {j + 1} is not an object")
        player = players.get(line.get("playerRefId"))
        if player is None:
            ref = line.get("playerRefId")
            raise Bad(f"playerRefId {ref!r} n'est pas parmi les joueurs du fichier",
                      f"playerRefId {ref!r} is not in the file's players")
        name = " ".join(str(player.get("name", "")).split())
        if not name or player.get("isAnonymous"):
            raise Bad(f"la ligne de joueur {j + 1} n'a pas de nom (joueur anonyme)",
                      f"player line {j + 1} has no name (anonymous player)")
        if len(name) > 80:
            raise Bad(f"le nom {name[:20]!r}... dépasse 80 caractères",
                      f"the name {name[:20]!r}... is longer than 80 characters")
        if name.lower() in names:
            raise Bad(f"{name!r} apparaît deux fois", f"{name!r} appears twice")
        names.add(name.lower())
        try:
            total = _score(line.get("score"))
        except Bad as exc:
            raise Bad(f"{name} : {exc.text.fr}", f"{name}: {exc.text.en}") from None
        rank = line.get("rank")
        order = line.get("seatOrder", j)
        lines.append((name, total, rank if isinstance(rank, int) and not isinstance(rank, bool) else 0,
                      order if isinstance(order, int) and not isinstance(order, bool) else j,
                      _flag(line, "winner", name), bool(_flag(line, "startPlayer", name))))
    starters = [n for n, *_rest, s in lines if s]
    if len(starters) > 1:
        who = ", ".join(starters)
        raise Bad(f"{len(starters)} premiers joueurs : {who}", f"{len(starters)} start players: {who}")
    if len({o for *_x, o, _w, _s in lines}) == len(lines):  # seat order given (a real export may put 0 everywhere)
        lines.sort(key=lambda x: x[3])
    ranks = _ranks([x[1] for x in lines], [x[2] for x in lines], [x[4] for x in lines])
    virtual = VIRTUAL.get(slug, set())  # virtual players sit last (a score line, no seat)
    ordered = sorted(zip(lines, ranks, strict=True), key=lambda lr: lr[0][0].lower() in virtual)
    first = next((k for k, ((*_x, s), _r) in enumerate(ordered) if s), 0)
    return _Play(slug, start, minutes, place, [(x[0], x[1], r) for x, r in ordered], first, board, comments, uid)


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
        raise BGStatsError("ce n'est pas un export de BG Stats : pas de liste 'plays'",
                           "not a BG Stats export: no 'plays' list")
    games, players, locations = _index(doc, "games"), _index(doc, "players"), _index(doc, "locations")
    slugs = _game_slugs()
    report = ImportReport()
    checked: list[tuple[Tr, _Play]] = []
    for i, play in enumerate(doc["plays"]):
        which = ""
        if isinstance(play, dict):
            game = games.get(play.get("gameRefId"), {})
            which = f" ({play.get('playDate', '?')}, {game.get('name', '?')})"
        where = Tr(f"partie {i + 1}{which}", f"play {i + 1}{which}")
        try:
            checked.append((where, _check_play(i, play, games, players, locations, slugs)))
        except Bad as exc:
            report.skipped.append(Skipped(where, exc.text))
    with store.session() as s:
        existing = _existing_fingerprints(s, [p for _w, p in checked])
        seen: dict[str, Tr] = {}
        accepted: list[_Play] = []
        for where, play in checked:
            fp = play.fingerprint()
            if fp in existing:
                mid = existing[fp]
                report.skipped.append(Skipped(where, Tr(f"déjà dans l'historique (partie n° {mid})",
                                                        f"already in the history (match #{mid})")))
            elif fp in seen:
                first = seen[fp]
                report.skipped.append(Skipped(where, Tr(f"la même partie que {first.fr}",
                                                        f"the same play as {first.en}")))
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
            record = {"imported_from": IMPORTED, "board": play.board, **({"uuid": play.uuid} if play.uuid else {})}
            match = Match(game=play.slug, options=json.dumps({"players": len(play.lines)}),
                          setup=json.dumps(record, ensure_ascii=False), seed=f"bgstats:{play.fingerprint()}",
                          status="finished", started_at=play.start,
                          ended_at=play.start + timedelta(minutes=play.minutes), place=play.place,
                          notes=play.comments, winner_names=", ".join(winners)[:400], first_seat=play.first,
                          seats=len(play.lines))
            s.add(match)
            s.flush()
            assert match.id is not None
            virtual = VIRTUAL.get(play.slug, set())
            for seat, (name, total, rank) in enumerate(play.lines):  # virtual players already sit last
                person = by_name.get(name.lower()) if name.lower() not in virtual else None
                if person is not None:
                    s.add(Seat(match_id=match.id, seat_index=seat, player_id=person.id))
                s.add(score_line(match, seat, player_id=person.id if person else None,
                                 name=person.name if person else name, total=total, rank=rank, winner=rank == 1,
                                 breakdown="{}"))
            report.imported.append(match.id)
        s.commit()
    return report
