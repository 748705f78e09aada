"""A malformed BG Stats play is skipped with its reason, in French and English, never an exception:
values of the wrong type or out of any range (oversized numbers, dates outside the calendar, lists
where ids belong), checked one by one and fuzzed with hypothesis on mutated realistic files.  Only a
document that is not a BG Stats export at all is refused whole (``BGStatsError``)."""

from __future__ import annotations

import copy
import itertools
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from db.bgstats import BGStatsError, export, import_plays
from db.store import Store
from tests.bgstats_gen import compagnon_plays, generate

BASE = generate(11, plays=40, games=8)
GOOD = compagnon_plays(BASE)[:2]


def with_bad(where: str, key: str, value: Any) -> dict[str, Any]:
    """The base file with two good plays and a third whose ``key`` (on the play, or on its first
    line) is ``value``."""
    bad = copy.deepcopy(GOOD[0])
    bad["uuid"] = "BAD00000-0000-4000-8000-000000000000"
    target = bad if where == "play" else bad["playerScores"][0]
    target[key] = value
    return dict(copy.deepcopy(BASE), plays=[*copy.deepcopy(GOOD), bad])


CASES = [
    ("play", "durationMin", 10**30, "durationMin: must be at most 44640"),
    ("play", "durationMin", -5, "durationMin: must be at least 0"),
    ("play", "durationMin", [45], "durationMin: must be a whole number"),
    ("play", "playDate", "2022-02-30 10:00:00", "is not a date"),
    ("play", "playDate", "0000-01-01 00:00:00", "is not a date"),
    ("play", "playDate", "99999-01-01 00:00:00", "is not a date"),
    ("play", "playDate", "1850-06-01 20:00:00", "is not between 1900 and 2199"),
    ("play", "playDate", 20220101, "playDate is missing or not text"),
    ("play", "gameRefId", [1], "gameRefId [1] is not in the file's games"),
    ("play", "gameRefId", True, "gameRefId true is not in the file's games"),
    ("play", "locationRefId", [2], "locationRefId [2] is not in the file's locations"),
    ("play", "locationRefId", {"id": 2}, "is not in the file's locations"),
    ("play", "uuid", ["A"], "uuid [“A”] is not a play's id"),
    ("play", "uuid", "x" * 300, "is not a play's id"),
    ("play", "comments", ["x"], "comments [“x”] is not text"),
    ("play", "board", "\ud800", "board is not valid text"),
    ("play", "playerScores", {}, "it has no playerScores"),
    ("play", "usesTeams", True, "a play in teams cannot be stored"),
    ("line", "playerRefId", [2], "playerRefId [2] is not in the file's players"),
    ("line", "score", "9" * 5000, "is not a whole number"),
    ("line", "score", 10**30, "score: must be at most 1000000000000"),
    ("line", "score", float("nan"), "score NaN is not a whole number"),
    ("line", "score", float("inf"), "score Infinity is not a whole number"),
    ("line", "score", 1e300, "score 1e+300 is not a whole number"),
    ("line", "score", [1], "score [1] is not a whole number"),
    ("line", "score", "12.5", "score “12.5” is not a whole number"),
    ("line", "rank", 10**20, "rank: must be at most 1000"),
    ("line", "rank", -1, "rank: must be at least 0"),
    ("line", "rank", [1], "rank: must be a whole number"),
    ("line", "seatOrder", 10**20, "seatOrder: must be at most 1000"),
    ("line", "seatOrder", "x", "seatOrder: must be a whole number"),
    ("line", "winner", "yes", "winner “yes” is not true or false"),
    ("line", "startPlayer", 2, "startPlayer 2 is not true or false"),
]


@pytest.mark.parametrize(("where", "key", "value", "reason"), CASES,
                         ids=[f"{w}.{k}={str(v)[:12]}" for w, k, v, _r in CASES])
def test_a_malformed_play_is_skipped_with_its_reason_and_the_others_imported(tmp_path, where, key, value, reason):
    store = Store(f"sqlite:///{tmp_path / 'h.db'}")
    try:
        report = import_plays(store, with_bad(where, key, value))
        assert len(report.imported) == 2
        (skipped,) = report.skipped
        assert skipped.where.startswith("play 3") and skipped.place.fr.startswith("partie 3")
        assert reason in skipped.why, skipped.why
        assert skipped.reason.fr and skipped.reason.fr != skipped.reason.en or key in ("board",)
        assert len(skipped.why) < 300  # the value is quoted, not a megabyte of it
        json.dumps(export(store))
    finally:
        store.engine.dispose()


def test_nul_characters_and_lone_surrogates_are_stored_or_refused_cleanly(store):
    """PostgreSQL refuses NUL in text and no database takes a lone surrogate: neither gets that far."""
    doc = copy.deepcopy(BASE)
    doc["plays"] = copy.deepcopy(GOOD)
    doc["plays"][0]["comments"] = "a\x00b"
    doc["plays"][0]["somethingNew"] = "\udc80 and \x00"
    ref = doc["plays"][1]["playerScores"][0]["playerRefId"]
    player = next(p for p in doc["players"] if p["id"] == ref)
    player["name"] = "Zo\ud800é"
    doc["userInfo"] = {"meRefId": 2, "note": "\ud800"}
    report = import_plays(store, doc)
    assert len(report.imported) == 1 and [s.why for s in report.skipped] == ["player line 1 is not valid text"]
    (mid,) = report.imported
    assert store.load(mid).notes == "ab"
    out = export(store)
    assert out["userInfo"] == doc["userInfo"] and out["plays"][0]["somethingNew"] == "\udc80 and \x00"


@pytest.mark.parametrize("doc", [None, [], "plays", {"plays": "x"}, {"plays": [], "players": {}},
                                 {"plays": [], "games": 3}, {"plays": [], "locations": "x"}])
def test_only_a_document_that_is_not_an_export_is_refused_whole(store, doc):
    with pytest.raises(BGStatsError) as refused:
        import_plays(store, doc)
    assert refused.value.text.fr and refused.value.text.en
    assert store.history() == [] and store.players() == []


WEIRD = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.sampled_from(["", "0", "-0", "1e5", "12.5", "2022-02-30 10:00:00", "0000-00-00", "9999-12-31 23:59:59",
                     "\ud800", "a\x00b", "9" * 5000, "x" * 3000, "yes", "true"]),
    st.lists(st.integers(min_value=-3, max_value=300), max_size=2),
    st.dictionaries(st.sampled_from(["id", "name", "uuid"]), st.integers(min_value=0, max_value=300), max_size=2))
KEYS = ["uuid", "playDate", "durationMin", "gameRefId", "locationRefId", "usesTeams", "manualWinner", "ignored",
        "board", "comments", "playerScores", "entryDate", "playerRefId", "score", "rank", "seatOrder", "winner",
        "startPlayer", "newPlayer", "team", "id", "name", "isAnonymous", "metaData", "userInfo", "players",
        "games", "locations", "plays"]
MUTATION = st.tuples(st.sampled_from(["play", "line", "player", "game", "location", "top", "replace"]),
                     st.integers(min_value=0, max_value=10**6), st.sampled_from(KEYS), st.one_of(WEIRD, st.just(...)))
_COUNTER = itertools.count()


def mutate(doc: dict[str, Any], what: str, index: int, key: str, value: Any) -> None:
    listed = doc.get("plays")  # an earlier mutation may have made it anything
    plays = [p for p in listed if isinstance(p, dict)] if isinstance(listed, list) else []
    if what == "top":
        target: Any = doc
    elif what == "replace":  # a whole record becomes something else
        kind = ("plays", "players", "games", "locations")[index % 4]
        items = doc.get(kind)
        if isinstance(items, list) and items:
            items[index % len(items)] = None if value is ... else value
        return
    elif what in ("play", "line") and plays:
        target = plays[index % len(plays)]
        lines = target.get("playerScores")
        if what == "line":
            if not (isinstance(lines, list) and lines and isinstance(lines[index % len(lines)], dict)):
                return
            target = lines[index % len(lines)]
    else:
        items = doc.get({"player": "players", "game": "games", "location": "locations"}.get(what, ""))
        if not (isinstance(items, list) and items and isinstance(items[index % len(items)], dict)):
            return
        target = items[index % len(items)]
    if value is ...:
        target.pop(key, None)
    else:
        target[key] = value


@settings(max_examples=50, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=50), mutations=st.lists(MUTATION, min_size=1, max_size=6))
def test_mutated_realistic_files_never_raise_anything_but_a_clear_refusal(tmp_path, seed, mutations):
    doc = generate(seed, plays=12, games=6, compagnon_share=0.7)
    for mutation in mutations:
        mutate(doc, *mutation)
    store = Store(f"sqlite:///{tmp_path / f'fuzz{next(_COUNTER)}.db'}")
    try:
        try:
            report = import_plays(store, doc)
        except BGStatsError as refused:
            assert refused.text.fr and refused.text.en
            assert store.history() == []
            return
        assert all(s.reason.fr and s.reason.en and len(s.why) < 400 for s in report.skipped)
        for mid in report.imported:
            store.load(mid)
        json.dumps(export(store))
        again = import_plays(store, doc)  # idempotent, whatever the file
        assert again.imported == []
    finally:
        store.engine.dispose()
