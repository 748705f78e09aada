"""Les Apaches de Paris: the end score sheet, of a match or of ``python -m scoring score apaches``.

« 2- Les bourgeois sont dévoilés. Chaque gang gagne 200 F par bourgeois. Le joueur qui a l'agent de
ville perd 200 F et un de ses meneurs part en prison. 3- Chaque joueur reçoit 50 F par Apache
opérationnel. » — « Celui qui a le plus d'argent gagne la partie. S'il y a égalité, celui qui a le plus
d'Apaches l'emporte. S'il y a encore égalité, la victoire est partagée. »

Two readings are house rules (docs/rules-notes.md): ``policeman_is_bourgeois`` (the policeman's holder
also gets a bourgeois's 200 F) and ``count_gains`` (« le total des gains »: what the stashes brought,
not the wallet).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NotRequired, TypedDict

from scoring.core import InvalidScoreInput, ScoreSheet, Tr, flag, quote, rank_rows, whole
from scoring.core.fields import HUGE
from scoring.games.apaches.rules import (
    APACHE_VALUE,
    BOURGEOIS_VALUE,
    LEADERS,
    MOST_DRAWS,
    NOVICES,
    POLICEMAN_FINE,
    REINFORCEMENT_PIECES,
    ROUNDS,
    SLUG,
    START_WALLET,
    operational,
)
from scoring.games.apaches.state import BAG, DEFAULT_HOUSE, ApachesState, House, free_leaders


class Holdings(TypedDict):
    """One gang after the third round's settlement, before the reveal."""

    name: str
    wallet: int
    bourgeois: int
    policeman: bool
    leaders: int
    novices: int
    reinforcements: int
    #: francs the stashes and the fence brought over the game (the wallet less the 500 F start, plus
    #: what was paid out); needed by the ``gains`` reading only
    gains: NotRequired[int]


FIELDS = ("name", "wallet", "bourgeois", "policeman", "leaders", "novices", "reinforcements", "gains")


def score_holdings(players: Sequence[Holdings], house: House = DEFAULT_HOUSE) -> ScoreSheet:
    """The end score sheet.  Breakdown lines add up to the total (francs).

    The fine takes at most what the gang has (ruling: a wallet never goes below 0 F).  Most money
    wins, then most operational Apaches, else shared.

    >>> lea = {"name": "Léa", "wallet": 1450, "bourgeois": 1, "policeman": False,
    ...        "leaders": 5, "novices": 1, "reinforcements": 2}
    >>> sam = {"name": "Sam", "wallet": 1700, "bourgeois": 0, "policeman": True,
    ...        "leaders": 6, "novices": 0, "reinforcements": 0}
    >>> sheet = score_holdings([lea, sam]).to_json()
    >>> [(r["name"], r["total"], r["operational"], r["breakdown"]["policeman"]) for r in sheet["ranking"]]
    [('Léa', 2050, 8, 0), ('Sam', 1750, 5, -200)]
    >>> house = {"policeman_is_bourgeois": True, "count_gains": False}
    >>> [(r["name"], r["total"]) for r in score_holdings([lea, sam], house).to_json()["ranking"]]
    [('Léa', 2050), ('Sam', 1950)]
    """
    first = "gains" if house["count_gains"] else "wallet"
    rows = []
    extras: dict[int, dict[str, Any]] = {}
    for seat, p in enumerate(players):
        base = p.get("gains", 0) if first == "gains" else p["wallet"]
        paid_for = p["bourgeois"] + (1 if p["policeman"] and house["policeman_is_bourgeois"] else 0)
        bourgeois = BOURGEOIS_VALUE * paid_for
        fine = min(POLICEMAN_FINE, base + bourgeois) if p["policeman"] else 0
        ops = operational(p["leaders"], p["novices"], p["reinforcements"], p["policeman"])
        breakdown = {first: base, "bourgeois": bourgeois, "policeman": -fine, "apaches": APACHE_VALUE * ops}
        rows.append((seat, p["name"], breakdown, sum(breakdown.values()), (ops,)))
        extras[seat] = {"operational": ops}
    return rank_rows(SLUG, rows, tiebreak_name="apaches", extras=extras)


def holdings(state: ApachesState) -> list[Holdings]:
    """The end-scoring document of a match: wallets and holdings after the third round.

    Before the last round's end is recorded, it is scored as if that round ended now: leaders
    serving in hospital or prison come back, this settlement's victims do not, and only the
    reinforcements earned in this settlement are held.
    """
    drawn = state["bags"][BAG]["draws"]
    ended = state["phase"] in ("reveal", "over")
    out: list[Holdings] = []
    for seat, gang in enumerate(state["gangs"]):
        mine = [d["token"] for d in drawn if d["seat"] == seat]
        if ended:
            leaders, reinforcements = free_leaders(gang), gang["reinforcements"]
        else:
            leaders = LEADERS - gang["cemetery"] - gang["hospital_next"] - gang["prison_next"]
            reinforcements = gang["reinforcements_next"]
        out.append({"name": state["names"][seat], "wallet": gang["wallet"],
                    "bourgeois": mine.count("bourgeois"), "policeman": "policeman" in mine,
                    "leaders": leaders, "novices": gang["novices"], "reinforcements": reinforcements,
                    "gains": max(0, gang["wallet"] - START_WALLET + gang["paid"])})
    return out


# --------------------------------------------------------------------------- the CLI document


def _missing(where: str) -> InvalidScoreInput:
    return InvalidScoreInput(where, Tr("manque", "is missing", it="manca"))


def _number(p: Mapping[str, Any], key: str, where: str, high: int | None = None) -> int:
    value = p.get(key)
    if type(value) is int and 0 <= value <= (HUGE if high is None else high):
        return value  # the usual case, without building the field's name
    if key not in p:
        raise _missing(f"{where}.{key}")
    return whole(value, f"{where}.{key}", 0, high, error=InvalidScoreInput, digits=False)


def _player(p: Any, where: str, taken: list[str], needs_gains: bool) -> Holdings:
    if not isinstance(p, dict):
        raise InvalidScoreInput(where, Tr(f"doit être un objet, reçu {quote(p)}", f"must be an object, got {quote(p)}",
                                          it=f"deve essere un oggetto, ricevuto {quote(p)}"))
    for key in p:
        if key not in FIELDS:
            raise InvalidScoreInput(f"{where}.{key}", Tr(f"champ inconnu (attendus : {', '.join(FIELDS)})",
                                                         f"unknown field (expected {', '.join(FIELDS)})",
                                                         it=f"campo sconosciuto (attesi: {', '.join(FIELDS)})"))
    name = p.get("name")
    if not isinstance(name, str) or not name.strip():
        raise InvalidScoreInput(f"{where}.name", Tr(f"doit être un texte non vide, reçu {quote(name)}",
                                                    f"must be a non-empty text, got {quote(name)}",
                                                    it=f"deve essere un testo non vuoto, ricevuto {quote(name)}"))
    if name.strip() in taken:
        raise InvalidScoreInput(f"{where}.name", Tr(f"{quote(name)} est utilisé deux fois",
                                                    f"{quote(name)} is used twice",
                                                    it=f"{quote(name)} è usato due volte"))
    if "policeman" not in p:
        raise _missing(f"{where}.policeman")
    out: Holdings = {
        "name": name.strip(),
        "wallet": _number(p, "wallet", where),
        "bourgeois": _number(p, "bourgeois", where, MOST_DRAWS),
        "policeman": p["policeman"] if type(p["policeman"]) is bool else flag(p["policeman"], f"{where}.policeman",
                                                                               error=InvalidScoreInput),
        "leaders": _number(p, "leaders", where, LEADERS),
        "novices": _number(p, "novices", where, NOVICES),
        "reinforcements": _number(p, "reinforcements", where, REINFORCEMENT_PIECES),
    }
    if "gains" in p or needs_gains:
        out["gains"] = _number(p, "gains", where)
        if out["wallet"] > START_WALLET + out["gains"]:
            raise InvalidScoreInput(f"{where}.gains", Tr(
                f"un porte-monnaie de {out['wallet']} F vient de {START_WALLET} F de départ et de gains d'au "
                f"moins {out['wallet'] - START_WALLET} F, reçu {out['gains']}",
                f"a wallet of {out['wallet']} F comes from the {START_WALLET} F start and gains of at least "
                f"{out['wallet'] - START_WALLET} F, got {out['gains']}",
                it=f"un borsellino di {out['wallet']} F viene dai {START_WALLET} F di partenza e da guadagni di "
                   f"almeno {out['wallet'] - START_WALLET} F, ricevuto {out['gains']}"))
    return out


def _house(doc: Mapping[str, Any]) -> House:
    return {"policeman_is_bourgeois": flag(doc.get("policeman_is_bourgeois", False), "policeman_is_bourgeois",
                                           error=InvalidScoreInput),
            "count_gains": flag(doc.get("count_gains", False), "count_gains", error=InvalidScoreInput)}


def _totals(out: list[Holdings]) -> None:
    """What the box and three rounds can produce, over all the gangs."""
    tokens = sum(p["bourgeois"] + p["policeman"] for p in out)
    if tokens > MOST_DRAWS:
        raise InvalidScoreInput("players", Tr(
            f"{tokens} pions bourgeois détenus en tout (agent de ville compris) : les {ROUNDS} manches en "
            f"tirent au plus {MOST_DRAWS}, un par manche",
            f"hold {tokens} bourgeois tokens in all (policeman included): the {ROUNDS} rounds draw at most "
            f"{MOST_DRAWS}, one a round",
            it=f"{tokens} segnalini borghese posseduti in tutto (poliziotto compreso): i {ROUNDS} round ne pescano "
               f"al massimo {MOST_DRAWS}, uno per round"))
    policemen = [p["name"] for p in out if p["policeman"]]
    if len(policemen) > 1:
        raise InvalidScoreInput("players", Tr(f"il n'y a qu'un agent de ville, mais {', '.join(policemen)} en "
                                              "ont chacun un",
                                              f"there is one policeman, but {', '.join(policemen)} all hold one",
                                              it=f"c'è un solo poliziotto in borghese, ma {', '.join(policemen)} ne "
                                                 "hanno uno ciascuno"))
    reinforcements = sum(p["reinforcements"] for p in out)
    if reinforcements > REINFORCEMENT_PIECES:
        raise InvalidScoreInput("players", Tr(f"{reinforcements} renforts détenus en tout ; la boîte en a "
                                              f"{REINFORCEMENT_PIECES}",
                                              f"hold {reinforcements} reinforcements in all; the box has "
                                              f"{REINFORCEMENT_PIECES}",
                                              it=f"{reinforcements} rinforzi posseduti in tutto; la scatola ne ha "
                                                 f"{REINFORCEMENT_PIECES}"))


def parse_score_doc(doc: Any) -> tuple[list[Holdings], House]:
    """Validate the JSON document of ``python -m scoring score apaches``.

    >>> parse_score_doc({"players": [{"name": "Léa"}]})
    Traceback (most recent call last):
    ...
    scoring.core.errors.InvalidScoreInput: players: Les Apaches de Paris needs 2 to 4 players, got 1
    """
    known = ("players", "game", "policeman_is_bourgeois", "count_gains")
    if not isinstance(doc, dict):
        raise InvalidScoreInput("input", Tr(f"doit être un objet JSON avec 'players', reçu {quote(doc)}",
                                            f"must be a JSON object with 'players', got {quote(doc)}",
                                            it=f"deve essere un oggetto JSON con 'players', ricevuto {quote(doc)}"))
    for key in doc:
        if key not in known:
            raise InvalidScoreInput(str(key)[:40], Tr(f"champ inconnu {quote(key)} (attendus : {', '.join(known)})",
                                                      f"unknown field {quote(key)} (expected {', '.join(known)})",
                                                      it=f"campo sconosciuto {quote(key)} (attesi: "
                                                         f"{', '.join(known)})"))
    if "game" in doc and doc["game"] != SLUG:
        raise InvalidScoreInput("game", Tr(f"doit être {quote(SLUG)}, reçu {quote(doc['game'])}",
                                           f"must be {quote(SLUG)}, got {quote(doc['game'])}",
                                           it=f"deve essere {quote(SLUG)}, ricevuto {quote(doc['game'])}"))
    house = _house(doc)
    raw = doc.get("players")
    if not isinstance(raw, list):
        raise InvalidScoreInput("players", Tr(f"doit être une liste de joueurs, reçu {quote(raw)}",
                                              f"must be a list of players, got {quote(raw)}",
                                              it=f"deve essere una lista di giocatori, ricevuto {quote(raw)}"))
    if not 2 <= len(raw) <= 4:
        raise InvalidScoreInput("players", Tr(f"Les Apaches de Paris se jouent de 2 à 4 joueurs, reçu {len(raw)}",
                                              f"Les Apaches de Paris needs 2 to 4 players, got {len(raw)}",
                                              it="Les Apaches de Paris si gioca da 2 a 4 giocatori, ricevuti "
                                                 f"{len(raw)}"))
    out: list[Holdings] = []
    for i, p in enumerate(raw):
        out.append(_player(p, f"players[{i}]", [q["name"] for q in out], house["count_gains"]))
    _totals(out)
    return out, house
