"""The history's refusals in Italian (issue #20: "every refusal in the three languages"): every text the
``db`` layer writes for a person (the store's, a restore's, the BG Stats import's, the devices' and seats')
carries its Italian, and an Italian table reads it in Italian, without a French or English word.

Two walks, as for the engines (tests/test_i18n_engines.py): the source (every ``Tr(...)`` and every
builder of a refusal in those modules names its Italian), and real refusals (a bad backup, a bad BG Stats
file and play, an unknown match, a guest's move, a name too long...), read in Italian.
``db/stats.py``, ``summary.py``, ``models.py``, ``engine.py`` and ``history.py`` are left to their owner.
"""

from __future__ import annotations

import ast
import copy
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from db.backup import backup, restore
from db.bgstats import BGStatsError, import_plays
from db.errors import StoreError
from db.store import GUEST, HOST, Store
from tests.bgstats_gen import compagnon_plays, generate

ROOT = Path(__file__).resolve().parent.parent
MODULES = ("store", "backup", "bgstats", "documents", "errors", "commands", "games", "host_keys", "seat_tokens",
           "session")
SOURCES = [ROOT / "db" / f"{m}.py" for m in MODULES]
#: each builder of a refusal, and how many arguments come before its French
BUILDERS = {"Tr": 0, "Bad": 0, "BGStatsError": 0, "_refused": 0, "_bad": 0, "_is": 2}
#: words only French writes, and words only English writes, on an Italian screen ("backup" is the
#: Italian catalogue's word too)
FRENCH = re.compile(r"\b(joueurs?|partie|sauvegarde|historique|manque|apparaît|reçu|doit|n'est|pas|avec|pour|"
                    r"les|des|une|est|et|le|place|ligne|coup|appareil|hôte)\b", re.I)
ENGLISH = re.compile(r"\b(the|player|players|match|is|not|must|with|and|of|got|seat|history|only|"
                     r"device|host may|appears|twice|missing)\b", re.I)


def calls() -> Iterator[tuple[str, int, ast.Call]]:
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in BUILDERS:
                yield path.name, node.lineno, node


def test_every_refusal_written_in_db_names_its_italian():
    missing = []
    for where, line, call in calls():
        first = BUILDERS[call.func.id]  # type: ignore[attr-defined]
        if len(call.args) - first < 3 and not any(k.arg == "it" for k in call.keywords):
            missing.append(f"db/{where}:{line}")
    assert not missing, f"{len(missing)} texts without Italian: {missing}"
    assert sum(1 for _ in calls()) > 90  # the walk does see the refusals


def italian(text: str) -> list[str]:
    """What gives another language away in an Italian text (file keys and quoted values left aside)."""
    plain = re.sub(r"“[^”]*”|'[^']*'|\"[^\"]*\"|\b\w+(RefId|Scores|Date|Min)\b", " ", text)
    return [m[0] for m in FRENCH.finditer(plain)] + [m[0] for m in ENGLISH.finditer(plain)]


def test_the_checker_catches_french_and_english_in_italian():
    assert italian("la partita n. 3 è terminata: niente da annullare") == []
    assert italian("la partie n° 3 est terminée : rien à annuler") == ["partie", "est"]
    assert italian("match #3 is finished: nothing to undo") == ["match", "is"]
    assert italian("playDate “2022” non è una data") == []


@pytest.fixture
def store(tmp_path) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path / 'h.db'}")
    yield s
    s.engine.dispose()


def refusal(do: Callable[[], Any]) -> StoreError:
    with pytest.raises(StoreError) as caught:
        do()
    return caught.value


def refusals(store: Store) -> dict[str, StoreError]:
    """One of each kind of refusal the history makes."""
    lea, sam = (store.add_player(n).id or 0 for n in ("Léa", "Sam"))
    pad = {"game_name": "Azul", "players": 2}
    running = store.create_match("score-pad", pad, [lea, sam], seed="it")
    done = store.create_match("score-pad", {"game_name": "Azul", "players": 2}, [lea, sam])
    store.record(done, {"type": "round", "points": [3, 4]}, HOST)
    store.record(done, {"type": "finish"}, HOST)
    store.finish(done)
    saved = backup(store)
    broken = copy.deepcopy(saved)
    broken["matches"][0]["seats"][0]["player_id"] = 99
    late = copy.deepcopy(saved)
    late["matches"][0]["started_at"] = "hier"
    return {
        "unknown match": refusal(lambda: store.load(999)),
        "empty name": refusal(lambda: store.add_player("  ")),
        "same name": refusal(lambda: store.add_player("Léa")),
        "long place": refusal(lambda: store.create_match("score-pad", pad, [lea, sam], place="x" * 500)),
        "two seats": refusal(lambda: store.create_match("score-pad", pad, [lea, lea])),
        "guest move": refusal(lambda: store.record(running, {"type": "round", "points": [1, 2]}, GUEST)),
        "over": refusal(lambda: store.record(done, {"type": "round", "points": [1, 1]}, HOST)),
        "not over": refusal(lambda: store.finish(running)),
        "guest undo": refusal(lambda: store.undo(running, GUEST)),
        "nothing to undo": refusal(lambda: store.undo(running, HOST)),
        "not a backup": refusal(lambda: restore(store, {"format": "autre"})),
        "backup into a history": refusal(lambda: restore(store, saved)),
        "backup with an unknown player": refusal(lambda: restore(Store("sqlite://"), broken)),
        "backup with a bad date": refusal(lambda: restore(Store("sqlite://"), late)),
        "not a BG Stats file": refusal(lambda: import_plays(store, {"games": []})),
    }


def test_the_history_s_refusals_reach_an_italian_table_in_italian(store):
    found = refusals(store)
    for what, exc in found.items():
        text = exc.get("it")
        assert text != exc.get("fr") and text != str(exc), (what, text)
        assert italian(text) == [], (what, text, italian(text))
    assert found["unknown match"].get("it") == "nessuna partita ha il numero 999"
    assert isinstance(found["not a BG Stats file"], BGStatsError)
    assert found["backup with an unknown player"].get("it").startswith("Backup rifiutato, non è stato ripristinato "
                                                                       "nulla: partita 1 (#")


def test_a_bg_stats_play_skipped_says_why_in_italian(store):
    base = generate(11, plays=40, games=8)
    good = compagnon_plays(base)[:1]
    bad = [copy.deepcopy(good[0]) for _ in range(4)]
    for i, play in enumerate(bad):
        play["uuid"] = f"BAD0000{i}-0000-4000-8000-000000000000"
    bad[0]["playDate"] = "2022-02-30 10:00:00"
    bad[1]["playerScores"] = {}
    bad[2]["usesTeams"] = True
    bad[3]["playerScores"][0]["winner"] = "yes"
    report = import_plays(store, dict(copy.deepcopy(base), plays=[*good, *bad]))
    assert len(report.imported) == 1 and len(report.skipped) == 4
    for skipped in report.skipped:
        place, why = skipped.place.get("it"), skipped.reason.get("it")
        assert place.startswith("partita ") and why != skipped.reason.get("fr"), (place, why)
        assert italian(why) == [], (why, italian(why))
    again = import_plays(store, dict(copy.deepcopy(base), plays=good))
    assert again.skipped[0].reason.get("it").startswith("già nello storico (partita n. ")
