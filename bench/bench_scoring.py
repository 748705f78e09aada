"""Scoring: 10 000 random valid end-of-game inputs per game through ``GAME.score_input``.

Target: a median under 100 µs per score sheet (Les apprentis: five players with paintings of
12 to 16 cards, the lengths of a five-player game).

    python -m bench.bench_scoring [--sheets 10000] [--quick]
"""

from __future__ import annotations

import random
import time
from typing import Any

from bench.common import NOT_MEASURED, Row, below, median, parser, percentile, report
from scoring import SLUGS, find_game
from scoring.games.apprentis.sample import random_painting
from scoring.games.apprentis.score import parse_score_input, score_sheet
from scoring.games.score_pad.rules import KINDS

TARGET_US = 100.0
NAMES = ("Léa", "Sam", "Ana", "Max", "Zoé", "Hugo")


def _split(rng: random.Random, total: int, parts: int) -> list[int]:
    """``total`` items dealt at random among ``parts`` holders."""
    out = [0] * parts
    for _ in range(total):
        out[rng.randrange(parts)] += 1
    return out


def apaches_doc(rng: random.Random, names: list[str]) -> dict[str, Any]:
    n = len(names)
    police = rng.randrange(n + 1)  # n: nobody drew the policeman
    bourgeois = _split(rng, rng.randint(0, 3 if police == n else 2), n)  # three rounds draw 3 tokens at most
    reinforcements = _split(rng, rng.randint(0, 5), n)
    return {"players": [{"name": name, "wallet": rng.randrange(0, 4000, 10), "bourgeois": bourgeois[i],
                         "policeman": i == police, "leaders": rng.randint(0, 7), "novices": rng.randint(0, 3),
                         "reinforcements": reinforcements[i]} for i, name in enumerate(names)]}


def robby_doc(rng: random.Random, names: list[str]) -> dict[str, Any]:
    hands = _split(rng, rng.randint(15, 55), len(names))  # loot cards won, out of the box's 61
    players = []
    for name, cards in zip(names, hands, strict=True):
        objects = min(7, sum(rng.random() < 0.25 for _ in range(cards)))
        players.append({"name": name, "money": [rng.randint(1, 9) * 1000 for _ in range(cards - objects)],
                        "objects": objects})
    return {"players": players}


def traction_doc(rng: random.Random, names: list[str]) -> dict[str, Any]:
    return {"players": [{"name": name, "thunes": rng.randrange(0, 30_000_000, 100_000)} for name in names]}


def apprentis_doc(rng: random.Random, names: list[str]) -> dict[str, Any]:
    return {"players": [{"name": name, "stains": rng.randint(0, 4),
                         "painting": random_painting(rng, rng.randint(12, 16), trees=len(names) not in (1, 3))}
                        for name in names]}


def score_pad_doc(rng: random.Random, names: list[str]) -> dict[str, Any]:
    """Any other game's pad: highest or lowest wins, teams or cooperative; round by round (up to twelve
    rounds) or final totals."""
    kind = rng.choice(KINDS)
    players: list[dict[str, Any]] = []
    for i, name in enumerate(names):
        player: dict[str, Any] = {"name": name}
        if rng.random() < 0.5:
            player["rounds"] = [rng.randint(-5, 30) for _ in range(rng.randint(1, 12))]
        else:
            player["total"] = rng.randint(-20, 300)
        if kind == "teams":
            player["team"] = 1 + i % 2
        players.append(player)
    doc: dict[str, Any] = {"game": "Azul", "kind": kind, "players": players}
    if kind == "coop":
        doc["won"] = rng.random() < 0.5
    return doc


#: slug -> (seat counts a random input uses, the generator)
DOCS = {
    "apaches": ((2, 3, 4), apaches_doc),
    "robby-solo": ((3, 4, 5, 6), robby_doc),
    "traction-avant": ((4, 5, 6), traction_doc),
    "apprentis": ((5,), apprentis_doc),
    "score-pad": ((2, 3, 4, 5, 6), score_pad_doc),
}


def random_doc(slug: str, rng: random.Random, names: list[str] | None = None) -> dict[str, Any]:
    """A random valid ``score_input`` document of ``slug`` (``names``: who sits, in seat order)."""
    seats, make = DOCS[slug]
    return make(rng, names or list(NAMES[:rng.choice(seats)]))


def apprentis_parts(doc: dict[str, Any]) -> tuple[float, float]:
    """Where Les apprentis' time goes (µs): checking the five paintings, then scoring them."""
    t0 = time.perf_counter_ns()
    names, grids, stains = parse_score_input(doc)
    t1 = time.perf_counter_ns()
    score_sheet(names, grids, stains)
    return (t1 - t0) / 1000, (time.perf_counter_ns() - t1) / 1000


def apprentis_stored(doc: dict[str, Any]) -> float:
    """µs of the sheet as the app stores it: scored, then ``to_json`` (which reads every painting's
    highlighted cells: the scorer works them out only when they are read)."""
    t0 = time.perf_counter_ns()
    find_game("apprentis").score_input(doc).to_json()
    return (time.perf_counter_ns() - t0) / 1000


def apprentis_before(doc: dict[str, Any]) -> float:
    """µs of the scorer as it was before issue #9's rewrite (``tests/apprentis_reference.py``, a frozen
    copy kept for the property tests) on the same input, right after the new one: the speed-up,
    measured in the same conditions."""
    from tests import apprentis_reference as ref

    t0 = time.perf_counter_ns()
    ref.score_sheet(*ref.parse_score_input(doc))
    return (time.perf_counter_ns() - t0) / 1000


def main() -> int:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--sheets", type=int, default=10_000, help="random inputs per game (default 10 000)")
    p.add_argument("--seed", type=int, default=9)
    args = p.parse_args()
    sheets = 300 if args.quick else args.sheets
    rows: list[Row] = []
    for slug in SLUGS:
        game = find_game(slug)
        rng = random.Random(f"{args.seed}:{slug}")
        try:
            docs = [random_doc(slug, rng) for _ in range(sheets)]
            for doc in docs[:50]:  # warm up
                game.score_input(doc)
            times = []
            for doc in docs:  # every game alike: the sheets one after the other
                t0 = time.perf_counter_ns()
                game.score_input(doc)
                times.append((time.perf_counter_ns() - t0) / 1000)
            # Les apprentis, a second pass over the same sheets: each scored again, then its parts, the
            # sheet as stored and (one in five) the old code, right after it, in the same conditions.
            again, parts, stored, before = [], [], [], []
            for i, doc in enumerate(docs if slug == "apprentis" else []):
                t0 = time.perf_counter_ns()
                game.score_input(doc)
                again.append((time.perf_counter_ns() - t0) / 1000)
                parts.append(apprentis_parts(doc))
                stored.append(apprentis_stored(doc))
                if i % 5 == 0:
                    before.append((again[-1], apprentis_before(doc)))
        except Exception as exc:  # noqa: BLE001 - a generator that makes an invalid input is a bench bug
            rows.append(Row(f"score sheet, {slug}", None, "µs", f"< {TARGET_US:.0f}", NOT_MEASURED, repr(exc)))
            continue
        what = "five players" if slug == "apprentis" else f"{min(DOCS[slug][0])}–{max(DOCS[slug][0])} players"
        rows.append(Row(f"score sheet, {slug} (median of {sheets})", median(times), "µs", f"< {TARGET_US:.0f}",
                        below(median(times), TARGET_US), what))
        rows.append(Row(f"score sheet, {slug} (p95)", percentile(times, 95), "µs"))
        if parts:
            rows += [Row("  apprentis: the same sheets again, each followed by the rows below (second pass)",
                         median(again), "µs"),
                     Row("  apprentis: checking the 5 paintings (parse_score_input)", median([p[0] for p in parts]),
                         "µs"),
                     Row("  apprentis: scoring them (score_sheet)", median([p[1] for p in parts]), "µs"),
                     Row("  apprentis: the sheet as stored, highlighted cells worked out (score_input + to_json)",
                         median(stored), "µs")]
            old, new = median([b for _, b in before]), median([a for a, _ in before])
            rows += [Row(f"  apprentis: the code before issue #9's rewrite, one sheet in five (median of "
                         f"{len(before)})", old, "µs"),
                     Row("  apprentis: speed-up (the same sheets, each timed old and new in turn)", old / new, "×")]
    return report("Scoring: GAME.score_input on random valid end-of-game inputs", rows, args)


if __name__ == "__main__":
    raise SystemExit(main())
