"""One filter for every text a device receives (issue 16, "no secret in any message"): a device may learn
nothing its view does not show.

Random legal matches of every game (the games' ``sample`` enumerate).  At each step the same kind of move
by the same seat is drawn again until it differs from the one played, giving a second world that differs
from the first by that move alone (another secret bank, another order, another die face...).  For each
device (the table, then each seat's phone) whose *view* cannot tell the two worlds apart, every text it
receives must be the same in both: the panels it shows, its actions' labels, fields, defaults and choices,
the timeline's lines and the Undo message, and the refusal of every move it might send next (mutated from
the legal ones: other values, wrong types, fields dropped).  A text that differs would tell the device
what its view hides.  Then, through the store with every seat on its phone, a refused move writes no
secret into the server's log.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Iterator
from typing import Any

import pytest

from app.screens.match import describe
from app.screens.table import seat_content
from db.store import HOST, Sender, Store, StoreError
from scoring import RulesError, Tr, all_games, event_rng
from scoring.core.contract import get_path

SEEDS = range(4)
STEPS = 45
REDRAWS = 12


def words(value: Any) -> list[str]:
    """A panel value or label as every language writes it."""
    if isinstance(value, Tr):
        return [value.fr, value.en]
    return [str(value)]


def received(game: Any, state: dict[str, Any], seat: int | None, events: list[dict[str, Any]]) -> list[str]:
    """Every text the device of ``seat`` (``None``: the table's screen, every seat on its phone) is sent:
    the panels and actions it draws (as app/screens/match.py and table.py pick them), the timeline's lines
    and the Undo message."""
    if seat is None:
        panels = [p for p in game.panels(state, None) if p.seat is None]
        actions = [a for a in game.actions(state, None) if not a.private]
    else:
        panels, actions = seat_content(game, state, seat)
        panels += [p for p in game.panels(state, None) if p.seat is None]
    out: list[str] = []
    for p in panels:
        out += words(p.title) + (words(p.note) if p.note else []) + list(p.tiles)
        for label, value in p.rows:
            out += words(label) + words(value)
    for a in actions:
        out += words(a.label) + (words(a.help) if a.help else []) + [repr(a.seat)]
        for f in a.fields:
            out += words(f.label) + [repr(f.default), repr((f.minimum, f.maximum))]
            out += [c for c, _ in f.choices] + [w for _, t in f.choices for w in words(t)]
    names = list(state.get("names", []))
    lines = [describe(game, e, names, lang) for e in events[-12:] for lang in ("fr", "en", "it")]
    return out + lines + [describe(game, events[-1], names, "fr")] if events else out + lines


def mutations(actions: list[dict[str, Any]], rng: random.Random) -> Iterator[dict[str, Any]]:
    """Moves a device might send: the legal ones, each field given another legal move's value, a wrong
    type or a number out of range, and each field dropped."""
    values = [v for a in actions for k, v in a.items() if k != "type"]
    for action in actions:
        yield action
        for key in action:
            if key == "type":
                continue
            for value in [*rng.sample(values, min(3, len(values))), None, "?", -1, 10**6, [], rng.randint(-2, 9)]:
                yield {**action, key: value}
            yield {k: v for k, v in action.items() if k != key}


def refusal(game: Any, state: dict[str, Any], action: dict[str, Any], rng_seed: str, seq: int) -> str | None:
    """The refusal's text in both languages, or None when the move is accepted."""
    try:
        event = game.prepare(state, dict(action), event_rng(rng_seed, seq))
        game.apply(state, event)
    except RulesError as error:
        return f"{error.get('fr')}\n{error.get('en')}"
    except Exception as error:  # noqa: BLE001 - any other failure is a bug of its own: it must not differ
        return f"{type(error).__name__}"
    return None


def other_worlds(game: Any, state: dict[str, Any], action: dict[str, Any], event: dict[str, Any], seed: str,
                 seq: int) -> list[dict[str, Any]]:
    """Events that could have been played instead of ``event``: the same move with other dice (a bourgeois
    drawn from the bag, a die rolled), and other moves of the same kind by the same seat."""
    rng, out = random.Random(seed), []
    tries = [action] * 2 + [game.sample_action(state, rng) for _ in range(REDRAWS)]
    for n, other in enumerate(tries):
        if (other is None or other.get("type") != action.get("type")
                or game.concerns(state, other) != game.concerns(state, action)):
            continue
        try:
            event2 = game.prepare(state, dict(other), event_rng(f"{seed}-other{n}", seq))
        except RulesError:
            continue
        if event2 != event and event2 not in out:
            out.append(event2)
    return out[:3]


def compare(game: Any, worlds: list[tuple[dict[str, Any], list[dict[str, Any]]]], seats: int,
            probes: list[dict[str, Any]], rng_seed: str, seq: int) -> int:
    """Compare what each device is sent in two worlds its view cannot tell apart; the number compared."""
    (s1, e1), (s2, e2) = worlds
    blind = [seat for seat in (None, *range(seats))
             if json.dumps(game.view(s1, seat), sort_keys=True) == json.dumps(game.view(s2, seat), sort_keys=True)]
    for seat in blind:
        t1, t2 = received(game, s1, seat, e1), received(game, s2, seat, e2)
        assert t1 == t2, (f"{game.slug}: seat {seat} cannot tell {e1[-1]} from {e2[-1]} by its view, but is "
                          f"sent {sorted(set(t1) ^ set(t2))[:6]}")
    rng = random.Random(seq)
    probes = [*probes, *({"type": kind} for kind in game.moves),
              *(a for a in (game.sample_action(s1, rng) for _ in range(3)) if a is not None)]
    for probe in probes if blind else ():  # a refusal is the same text whoever sends it
        r1, r2 = refusal(game, s1, probe, rng_seed, seq + 1), refusal(game, s2, probe, rng_seed, seq + 1)
        assert r1 is None or r2 is None or r1 == r2, (
            f"{game.slug}: seats {blind} cannot tell {e1[-1]} from {e2[-1]} by their views, but {probe} is "
            f"refused with {r1!r} in one and {r2!r} in the other")
    return len(blind)


def start(game: Any, seed: int) -> tuple[dict[str, Any], int]:
    card = game.card
    players = max(card.min_players, min(4, card.max_players))
    options = game.validate_options({"players": players, **game.example_options})
    setup = game.setup(options, random.Random(seed))
    return game.initial_state(setup.record, [f"Joueur{i}" for i in range(game.seat_count(options))]), \
        game.seat_count(options)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.slug)
def test_no_device_can_tell_apart_two_worlds_its_view_cannot(game):
    compared, secret_seen = 0, False
    for seed in SEEDS:
        rng = random.Random(seed)
        state, seats = start(game, seed)
        events: list[dict[str, Any]] = []
        for seq in range(1, STEPS):
            action = game.sample_action(state, rng)
            if action is None:
                break
            event = game.prepare(state, dict(action), event_rng(f"texts-{seed}", seq))
            for event2 in other_worlds(game, state, action, event, f"{seed}:{seq}", seq):
                worlds = [(game.apply(state, event), [*events, event]),
                          (game.apply(state, event2), [*events, event2])]
                probes = list(mutations([action, {k: v for k, v in event2.items() if k in action}],
                                        random.Random(seq)))
                compared += compare(game, worlds, seats, probes, f"texts-{seed}", seq)
            state = game.apply(state, event)
            events.append(event)
            secret_seen = secret_seen or bool(game.secrets(state))
    assert compared or not secret_seen, f"{game.slug}: secrets were played but no two worlds were compared"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.slug)
def test_a_refused_move_writes_no_secret_in_the_log(game, caplog):
    """Through the store, every seat on its phone: each phone sends moves mutated from the legal ones; what
    the server logs while refusing them (at any level) quotes no value of a secret the phone may not see."""
    store = Store("sqlite://")
    seats = start(game, 0)[1]
    options = {"players": max(game.card.min_players, min(4, game.card.max_players)), **game.example_options}
    ids = [store.add_player(f"Joueur{i}").id for i in range(seats)]
    mid = store.create_match(game.slug, options, ids, seed="log")
    phones = {seat: Sender(token=store.issue_seat_token(mid, seat)) for seat in range(seats)}
    rng, refused = random.Random(2), 0
    caplog.set_level(logging.DEBUG)
    for _step in range(12):
        m = store.load(mid)
        action = game.sample_action(m.state, rng)
        if action is None:
            break
        for seat, phone in phones.items():
            hidden = {str(v) for s in game.secrets(m.state) if s.owner != seat
                      for v in leaves(get_path(m.state, s.path))} - {"?"}
            for probe in list(mutations([action], rng))[:6]:
                caplog.clear()
                try:
                    store.record(mid, probe, phone)
                except (StoreError, RulesError):
                    refused += 1
                    logged = "\n".join(f"{r.name} {r.getMessage()}" for r in caplog.records)
                    quoted = [v for v in hidden if len(v) > 2 and v in logged and v not in repr(probe)]
                    assert not quoted, f"{game.slug}: refusing {probe} to seat {seat}'s phone logged {logged!r}"
                else:  # a legal move after all: the match goes on from there
                    m = store.load(mid)
        play_on(store, mid, game, phones, rng)
    assert refused


def play_on(store: Store, mid: int, game: Any, phones: dict[int, Sender], rng: random.Random) -> None:
    """One legal move, sent by the phone of the seat it concerns, else by the host."""
    m = store.load(mid)
    action = game.sample_action(m.state, rng)
    if action is None:
        return
    for who in (phones.get(game.concerns(m.state, action)), HOST):
        try:
            if who is not None:
                store.record(mid, action, who)
                return
        except StoreError:
            continue


def leaves(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        for v in value.values():
            yield from leaves(v)
    elif isinstance(value, list):
        for v in value:
            yield from leaves(v)
    elif not isinstance(value, bool) and value is not None:
        yield value
