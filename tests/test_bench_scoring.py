"""bench.bench_scoring: every built-in game has a generator of random valid end-of-game inputs (no time is
asserted; a game without one was reported "not measured" by ``python -m bench.run_all``)."""

from __future__ import annotations

import random

from bench.bench_scoring import DOCS, random_doc
from scoring import find_game, package, slugs


def test_every_built_in_game_has_random_inputs_that_score() -> None:
    built_in = [slug for slug in slugs() if package(slug).startswith("scoring.games.")]
    assert set(built_in) <= set(DOCS), sorted(set(built_in) - set(DOCS))
    for slug in built_in:
        rng = random.Random(f"test:{slug}")
        for _ in range(40):
            doc = random_doc(slug, rng)
            sheet = find_game(slug).score_input(doc)
            assert sorted(s.name for s in sheet.ranking) == sorted(p["name"] for p in doc["players"]), slug
