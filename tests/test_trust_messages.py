"""No secret in any message (issue 16, item 4): every refusal an engine raises, on random states of every
game and for actions mutated from its own legal ones (other seats' secret values slipped into every field,
wrong types, out-of-range numbers), quotes no secret the sending device may not see.

Each value hidden from the sender (the table, ``seat`` None, then each seat's phone in turn) is replaced
by a stand-in nobody would type (a text ``Qz…x``, a number from 7 000 001), and the same mutated actions
are refused on that state: a stand-in that appears in a refusal, in French or English, and was not in the
action sent, is a secret quoted to a device that may not see it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from scoring import RulesError, all_games, event_rng
from scoring.core.contract import clone, get_path, set_path

SEEDS = range(6)
STEPS = 40


def masked(value: Any, names: dict[Any, Any]) -> Any:
    """``value`` with each text and number replaced by a stand-in of its own."""
    if isinstance(value, str):
        return names.setdefault(value, f"Qz{len(names)}x")
    if isinstance(value, int) and not isinstance(value, bool):
        return names.setdefault(value, 7_000_001 + len(names))
    if isinstance(value, dict):
        return {k: masked(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [masked(v, names) for v in value]
    return value


def mutations(action: dict[str, Any], hidden: list[str], rng: random.Random) -> Iterator[dict[str, Any]]:
    """The action itself, then each field replaced by another seat's secret, a wrong type, a number out of
    range, and the whole action with one field dropped."""
    yield action
    for key in action:
        if key == "type":
            continue
        for value in [*hidden[:4], None, "?", -1, 10**6, [], {"x": 1}, rng.randint(-3, 9)]:
            yield {**action, key: value}
        yield {k: v for k, v in action.items() if k != key}


def refusal(game: Any, state: dict[str, Any], action: dict[str, Any], seq: int, seed: int) -> str:
    try:
        event = game.prepare(state, dict(action), event_rng(f"seed-{seed}", seq))
        game.apply(state, event)
    except RulesError as error:
        return f"{error.get('fr')}\n{error.get('en')}"
    except Exception:  # noqa: BLE001 - another kind of failure is not a message a device receives here
        return ""
    return ""


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.slug)
def test_no_refusal_quotes_a_secret_the_sender_may_not_see(game):
    checked = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        card = game.card
        players = max(card.min_players, min(3, card.max_players))
        options = game.validate_options({"players": players, "game_name": "Azul"} if game.slug == "score-pad"
                                        else {"players": players})
        setup = game.setup(options, rng)
        state = game.initial_state(setup.record, [f"Joueur{i}" for i in range(options["players"])])
        for seq in range(1, STEPS):
            action = game.sample_action(state, rng)
            if action is None:
                break
            secrets = game.secrets(state)
            for sender in (None, *range(options["players"])):
                mine = [s for s in secrets if s.owner is None or s.owner != sender]
                if not mine:
                    continue
                other, names = clone(state), {}
                for s in mine:
                    set_path(other, s.path, masked(get_path(state, s.path), names))
                stand_ins = [str(v) for v in names.values()]
                if not stand_ins:
                    continue
                for tried in mutations(dict(action), stand_ins, rng):
                    said = refusal(game, other, tried, seq, seed)
                    if not said:
                        continue
                    checked += 1
                    sent = repr(tried)
                    leaked = [v for v in stand_ins if v in said and v not in sent]
                    assert not leaked, f"{game.slug}: {tried!r} refused with {said!r}, which quotes {leaked}"
            event = game.prepare(state, action, event_rng(f"seed-{seed}", seq))
            state = game.apply(state, event)
    assert checked or not any(game.secrets(state) for _ in [0]) or game.slug == "score-pad", \
        "no refusal was tried while a secret was present"
