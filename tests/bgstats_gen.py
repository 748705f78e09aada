"""A generator of realistic BG Stats exports, seeded, for the import and export tests.

It follows the conventions of a real export (``sqrtxander/bgstats-wrapped``, ``sampleData.json``;
db/bgstats.py lists them): the top level ``groups``, ``userInfo``, ``players``, ``locations``,
``games``, ``plays``, ``tags``, ``challenges``; dates as ``"2022-12-25 15:32:30"``; every play with
its ``uuid`` (upper case), ``entryDate``, ``modificationDate``, ``ignored`` (a few true),
``rounds``, ``scoringSetting``, ``rating``, ``bggId``, ``importPlayId``, ``nemestatsId`` (0),
``playImages`` (the text ``"[]"``), ``expansionPlays`` (``[]``), most with a ``locationRefId``,
some with ``metaData``, ``bggLastSync``, ``board``, ``comments``; lines with ``score`` as text,
empty on whole plays (about 4 in 10 lines), ``rank`` 0 and ``seatOrder`` 0 on most plays, at most
one ``startPlayer``, ``newPlayer`` true on a player's first play of a game, ``team`` ``"0"`` on
most; winner flags from the scores, or chosen by hand (``manualWinner``), or all false (a
cooperative loss, a solo play lost, a play nobody ticked); cooperative and team games; players with
BGG user names, tags and ``metaData``; Robby Junior as a player no person plays (``isNpc`` 1);
games with their 26 fields.  Plays of Compagnon's games are all importable; the others are of
games Compagnon has no engine for.

>>> doc = generate(7, plays=60, games=12)
>>> len(doc["plays"]), len(doc["games"]), sorted(doc)[:3]
(60, 12, ['challenges', 'games', 'groups'])
>>> generate(7, plays=60, games=12) == doc
True
"""

from __future__ import annotations

import json
import random
import uuid
from datetime import datetime, timedelta
from typing import Any

from scoring import cards

OTHER_GAMES = [
    "Azul", "Patchwork", "Turing Machine", "Colt Super Express", "Ticket to Ride: London", "Mint Works",
    "Hive Pocket", "Red7", "Cascadia", "Lost Cities", "Codex Naturalis", "Pandemic", "Copenhagen", "Roam",
    "6 nimmt!", "NMBR 9", "Pylos", "Quarto", "Kingdomino", "Potion Explosion", "7 Wonders", "PARKS", "Canvas",
    "Calico", "Wingspan", "Century: Golem Edition", "Battle Sheep", "Punto", "Love Letter", "Paleo",
    "The Game", "Arboretum", "Kairo", "Mafia de Cuba", "Werewords", "Silver & Gold", "Hadrian's Wall",
    "Awkward Guests", "Lanterns", "Shifting Stones", "Skull", "Codenames", "The Crew", "Hanabi", "Splendor",
    "Carcassonne", "Dixit", "Jaipur", "Santorini", "Targi",
]
PEOPLE = [
    "Léa", "Sam", "Noor", "Ana", "Zoé", "Hugo", "Inès", "Malik", "Chloé", "Yanis", "Jade", "Tom", "Lina", "Adam",
    "Emma", "Nathan", "Sofia", "Louis", "Manon", "Gabriel", "Camille", "Raphaël", "Alice", "Jules", "Sarah",
    "Arthur", "Léna", "Paul", "Eva", "Victor", "Margaux", "Théo", "Julie", "Ethan", "Clara", "Lucas",
]
SCORES = {"apaches": (600, 2600), "apprentis": (0, 140), "robby-solo": (0, 40_000),
          "traction-avant": (50_000, 1_600_000)}


def _engines() -> list[tuple[str, Any]]:
    """The games Compagnon has an engine for (the score pad takes any other game: not one of them)."""
    return sorted((slug, c) for slug, c in cards().items() if slug != "score-pad")


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper()


def _date(when: datetime) -> str:
    return when.strftime("%Y-%m-%d %H:%M:%S")


def _players(rng: random.Random, count: int, when: str) -> list[dict[str, Any]]:
    people = [{"id": 1, "isAnonymous": True, "modificationDate": when, "name": "Anonymous player",
               "uuid": _uuid(rng)}]
    for k, name in enumerate(PEOPLE[:count]):
        record: dict[str, Any] = {"bggUsername": rng.choice(["", "", f"{name.lower()}{rng.randint(1, 99)}"]),
                                  "id": k + 2, "modificationDate": when, "uuid": _uuid(rng), "isAnonymous": False,
                                  "name": name}
        if rng.random() < 0.8:
            record["tags"] = [{"tagRefId": rng.randint(2, 5), "metaData": json.dumps({"date": when})}]
        if rng.random() < 0.4:
            record["metaData"] = '{"bgaUsername":"","isNpc":0,"yucataUsername":""}'
        people.append(record)
    people.append({"bggUsername": "", "id": count + 2, "modificationDate": when, "uuid": _uuid(rng),
                   "isAnonymous": False, "name": "Robby Junior", "metaData": '{"isNpc":1}'})
    return people


def _game(rng: random.Random, gid: int, name: str, when: str, low: int, high: int, **kind: Any) -> dict[str, Any]:
    """A game record with the 26 fields of a real export's games."""
    return {"highestWins": kind.get("highestWins", True), "urlThumb": f"https://example.org/thumb/{gid}.png",
            "minPlayTime": 15 * rng.randint(1, 4), "copies": [{"uuid": _uuid(rng), "statusOwned": 1,
                                                               "modificationDate": when, "bggCollId": 0}],
            "usesTeams": kind.get("usesTeams", False),
            "tags": [{"tagRefId": 1, "metaData": json.dumps({"date": when})}],
            "bggName": name, "minPlayerCount": low, "bggYear": rng.randint(1990, 2023), "uuid": _uuid(rng),
            "noPoints": kind.get("noPoints", False), "name": name, "modificationDate": when, "id": gid,
            "cooperative": kind.get("cooperative", False), "maxPlayTime": 15 * rng.randint(4, 12),
            "preferredImage": 0, "urlImage": f"https://example.org/{gid}.png", "isBaseGame": 1,
            "maxPlayerCount": high, "bggId": rng.randint(1, 400_000), "minAge": rng.choice([8, 10, 12, 14]),
            "designers": "", "rating": 0, "isExpansion": 0, "metaData": "{}"}


def _games(rng: random.Random, count: int, when: str) -> list[dict[str, Any]]:
    games = []
    for k, (_slug, c) in enumerate(_engines()):
        games.append(_game(rng, k + 1, rng.choice([c.name.fr, c.name.en]), when, c.min_players, c.max_players))
    for name in OTHER_GAMES[: max(0, count - len(games))]:
        kind = rng.choices(["plain", "coop", "teams", "nopoints"], [7, 1, 1, 1])[0]
        games.append(_game(rng, len(games) + 1, name, when, 1 if kind == "coop" else 2, rng.randint(2, 6),
                           cooperative=kind == "coop", usesTeams=kind == "teams", noPoints=kind == "nopoints"))
    return games


def _outcome(rng: random.Random, lines: list[dict[str, Any]], game: dict[str, Any], empty: bool) -> bool:
    """Sets the winner flags; says whether they were chosen by hand (``manualWinner``)."""
    if game["cooperative"] or len(lines) == 1:
        won = rng.random() < 0.5  # all win or all lose; a solo play won or lost
        for line in lines:
            line["winner"] = won
        return False
    if rng.random() < 0.06:
        return False  # nobody ticked a winner: every flag false
    if empty or rng.random() < 0.1:
        for line in rng.sample(lines, rng.choice([1, 1, 1, 2])):
            line["winner"] = True
        return True
    best = max(int(line["score"]) for line in lines)
    for line in lines:
        line["winner"] = int(line["score"]) == best
    return False


def _scores(rng: random.Random, game: dict[str, Any], people: list[dict[str, Any]], slug: str) -> tuple[
        list[dict[str, Any]], bool]:
    high = game["maxPlayerCount"]
    count = rng.randint(game["minPlayerCount"], high)
    chosen = rng.sample(people[1:-1], count)
    if slug == "robby-solo" and rng.random() < 0.5:
        chosen.append(people[-1])  # Robby Junior's line
    empty = game["noPoints"] or (not slug and rng.random() < 0.45) or (bool(slug) and rng.random() < 0.2)
    low, top = SCORES.get(slug, (0, 120))
    team = rng.random() < 0.7
    lines = []
    for person in chosen:
        line: dict[str, Any] = {"winner": False, "seatOrder": 0, "score": "" if empty else str(rng.randint(low, top)),
                                "startPlayer": False, "playerRefId": person["id"], "rank": 0, "newPlayer": False}
        if game["usesTeams"]:
            line["team"] = str(rng.randint(1, 2))
        elif team:
            line["team"] = "0"
        lines.append(line)
    return lines, empty


def _play(rng: random.Random, when: datetime, game: dict[str, Any], people: list[dict[str, Any]], slug: str,
          locations: int) -> dict[str, Any]:
    lines, empty = _scores(rng, game, people, slug)
    manual = _outcome(rng, lines, game, empty)
    if rng.random() < 0.2:  # the seats were entered
        for order, line in enumerate(rng.sample(lines, len(lines))):
            line["seatOrder"] = order + 1
    if rng.random() < 0.15:
        rng.choice([x for x in lines if x["playerRefId"] != people[-1]["id"]])["startPlayer"] = True
    if rng.random() < 0.1 and not empty:  # ranked by hand, agreeing with the flags
        below = sorted({int(x["score"]) for x in lines if not x["winner"]}, reverse=True)
        for line in lines:
            line["rank"] = 1 if line["winner"] else below.index(int(line["score"])) + 2
    entry = when + timedelta(minutes=rng.choice([0, 0, 0, rng.randint(1, 3000)]))
    play: dict[str, Any] = {
        "uuid": _uuid(rng), "ignored": rng.random() < 0.05, "rating": 0, "scoringSetting": 0, "playerScores": lines,
        "modificationDate": _date(entry + timedelta(minutes=rng.randint(0, 90))), "playDate": _date(when),
        "manualWinner": manual, "rounds": 0, "usesTeams": bool(game["usesTeams"]), "bggId": 0,
        "entryDate": _date(entry), "playImages": "[]", "importPlayId": 0,
        "durationMin": rng.choice([0, 0, 0, rng.randint(5, 240)]), "expansionPlays": [], "nemestatsId": 0,
        "gameRefId": game["id"]}
    if rng.random() < 0.95:
        play["locationRefId"] = rng.randint(1, locations)
    if rng.random() < 0.5:
        play["metaData"] = rng.choice(['{"playUsedGameCopy":0}', "{}"])
    if rng.random() < 0.25:
        play["bggLastSync"] = _date(entry + timedelta(days=1))
    if rng.random() < 0.08:
        play["board"] = rng.choice(["Daily Challenge", "Standard Mode", "Expert Mode", ""])
    if rng.random() < 0.1:
        play["comments"] = rng.choice(["A+B", "#B52BXF6", "Revanche jeudi", "Première partie de Noor"])
    return play


def _new_players(plays: list[dict[str, Any]]) -> None:
    seen: set[tuple[int, int]] = set()
    for play in sorted(plays, key=lambda p: p["playDate"]):
        for line in play["playerScores"]:
            key = (line["playerRefId"], play["gameRefId"])
            line["newPlayer"] = key not in seen
            seen.add(key)


def generate(seed: int = 0, plays: int = 500, games: int = 40, players: int = 24,
             compagnon_share: float = 0.35) -> dict[str, Any]:
    """A BG Stats export of ``plays`` plays of ``games`` games (Compagnon's four first, then others),
    newest play first as in a real file."""
    rng = random.Random(seed)
    when = "2022-10-25 16:48:25"
    people = _players(rng, min(players, len(PEOPLE)), when)
    records = _games(rng, games, when)
    slugs = {g["id"]: slug for g, slug in zip(records, [slug for slug, _c in _engines()], strict=False)}
    places = ["Mos Eisley Cantina", "Home", "Club", "Café des Jeux", "Chez Léa", "Festival"]
    start = datetime(2019, 1, 1, 18, 0, 0)
    out = []
    for _k in range(plays):
        mine = rng.random() < compagnon_share
        game = rng.choice(records[:4]) if mine else rng.choice(records[4:] or records[:4])
        moment = start + timedelta(minutes=rng.randint(0, 6 * 365 * 24 * 60), seconds=rng.randint(0, 59))
        out.append(_play(rng, moment, game, people, slugs.get(game["id"], ""), len(places)))
    _new_players(out)
    out.sort(key=lambda p: p["playDate"], reverse=True)
    groups = [{"modificationDate": when, "uuid": _uuid(rng), "isDefault": True, "isInternal": True,
               "type": "Basis", "name": "All Games"},
              {"modificationDate": when, "metaData": json.dumps({"filter": {"gameType": 0, "playRules": []}}),
               "uuid": _uuid(rng), "isDefault": True, "isInternal": False, "type": "GameFilter",
               "name": "Played Games"}]
    tags = [{"isHidden": False, "id": k, "modificationDate": when, "uuid": _uuid(rng), "isDefault": False,
             "group": "Default", "isInternal": k == 1, "name": name, "type": "Personal" if k == 1 else "Player"}
            for k, name in enumerate(["My games", "Famille", "Club", "Amis", "Collègues"], start=1)]
    return {"groups": groups, "userInfo": {"meRefId": 2}, "players": people,
            "locations": [{"id": k, "modificationDate": when, "name": name, "uuid": _uuid(rng)}
                          for k, name in enumerate(places, start=1)],
            "games": records, "plays": out, "tags": tags, "challenges": []}


def compagnon_plays(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The plays of ``doc`` that are of Compagnon's games (by the game's name)."""
    names = {n.lower() for _slug, c in _engines() for n in (c.name.fr, c.name.en)}
    ours = {g["id"] for g in doc["games"] if g["name"].lower() in names}
    return [p for p in doc["plays"] if p["gameRefId"] in ours]
