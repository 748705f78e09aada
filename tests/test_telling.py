"""Every event of every built-in game reads as a sentence in the ledger and the history (``Game.tell``), in
French, English and Italian, during play (secret fields hidden) and once the match is over (revealed): each
move of each game declares its teller, and random legal matches of each game are told event by event
without falling back on the raw fields.  The games' own telling tests check the words, line by line."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import HIDDEN, Game, Move, Phase, Secret, Tr, find_game, slugs
from scoring.core import get_path
from scoring.core.telling import raw, raw_secret
from tests.random_play import play

BUILT_IN = slugs()
GAMES = [find_game(s) for s in BUILT_IN]
#: words of the raw fallback that no told line has: ``key=value``
RAW_MARKS = ("=", "{", "}", "None", "True", "False", "[", "]")


def check_line(game: Game, event: dict, names: list[str], shown: dict) -> Tr:
    told = game.tell(shown, names)
    assert told != raw(shown), f"{game.slug}: {shown} is not told (no teller, or it could not read it)"
    for lang in ("fr", "en", "it"):
        line = getattr(told, lang)
        assert line.strip() and line == line.strip(), (game.slug, lang, shown, line)
        assert not any(mark in line for mark in RAW_MARKS), (game.slug, lang, shown, line)
        assert len(line) <= 200
    assert told.fr != told.en or event["type"] in ("timer",), f"{game.slug}: {told} is not translated"
    return told


@pytest.mark.parametrize("game", GAMES, ids=BUILT_IN)
def test_every_move_has_a_teller(game: Game):
    missing = [kind for kind, move in game.moves.items() if move.tell is None]
    assert not missing, f"{game.slug}: moves with no teller: {missing}"


@pytest.mark.parametrize("game", GAMES, ids=BUILT_IN)
def test_random_matches_are_told_event_by_event_during_play_and_after(game: Game):
    kinds: set[str] = set()
    for seed in range(12):
        _setup, names, _start, events, _state = play(game, seed, max_actions=250)
        for event in events:
            kinds.add(event["type"])
            check_line(game, event, names, game.public_event(event))
            check_line(game, event, names, event)
    assert len(kinds) >= 3, kinds


@pytest.mark.parametrize("game", GAMES, ids=BUILT_IN)
def test_a_hidden_field_is_never_told(game: Game):
    """The line during play is told from the public event alone: a secret field's value never reaches it."""
    for seed in range(6):
        _setup, names, _start, events, _state = play(game, seed, max_actions=200)
        for event in events:
            hidden = game.secret_fields.get(event["type"], ())
            if not hidden:
                continue
            public = game.public_event(event)
            assert all(public[k] == HIDDEN for k in hidden if k in event)
            assert game.tell(public, names) == game.tell({**public}, names)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(BUILT_IN), st.data())
def test_any_event_at_all_gives_a_line_and_never_an_error(slug: str, data):
    """An event a teller does not expect (an older version's, a damaged row) still gives a line: its raw
    fields."""
    game = find_game(slug)
    kind = data.draw(st.sampled_from(sorted(game.moves) + ["timer", "unknown"]))
    values = st.one_of(st.none(), st.integers(-5, 99), st.text(max_size=6), st.lists(st.integers(-1, 9), max_size=4),
                       st.just(HIDDEN), st.booleans())
    fields = data.draw(st.dictionaries(st.sampled_from(["seat", "key", "op", "winner", "amount", "bank0", "count",
                                                        "die", "spot", "points", "from", "to", "kind", "bank"]),
                                       values, max_size=5))
    told = game.tell({"type": kind, **fields}, ["Léa", "Sam"])
    assert all(isinstance(getattr(told, lang), str) and getattr(told, lang) for lang in ("fr", "en"))


def test_timers_are_told_by_their_phase_and_seat():
    class G(Game):
        phases = (Phase("magouilles", Tr("Magouilles", "Wheeling and dealing", it="Intrallazzi"), 300),)
        moves = {"x": Move(lambda s, e: None)}

    told = G().tell({"type": "timer", "key": "magouilles:1", "op": "start", "at": 5, "ms": 9}, ["Léa", "Hugo"])
    assert told == Tr("Minuteur « Magouilles · Hugo » lancé", "Timer “Wheeling and dealing · Hugo” started",
                      it="Timer «Intrallazzi · Hugo» avviato")
    assert G().tell({"type": "x", "seat": 0}, ["Léa"]) == raw({"type": "x", "seat": 0})


def test_a_teller_that_cannot_read_its_event_gives_the_raw_line():
    class G(Game):
        moves = {"x": Move(lambda s, e: None, tell=lambda e, n: Tr(n[e["seat"]], n[e["seat"]]))}

    assert G().tell({"type": "x", "seat": 7, "at": 3}, ["Léa"]).en == "x  seat=7"
    assert G().tell({"type": "x", "seat": 0}, ["Léa"]).en == "Léa"


WITH_SECRETS = [g for g in GAMES if g.slug != "score-pad"]


@pytest.mark.parametrize("game", WITH_SECRETS, ids=[g.slug for g in WITH_SECRETS])
def test_every_secret_reads_in_words_in_the_review(game: Game):
    """A finished match's review shows its secrets (all revealed by then) in the game's words: each secret a
    random match holds at any moment is told (``Game.tell_secret``) without falling back on its path and value."""
    kinds: set[str] = set()
    for seed in range(6):
        _setup, names, state, events, _last = play(game, seed, max_actions=200)
        for event in [None, *events]:
            if event is not None:
                state = game.apply(state, event)
            for secret in game.secrets(state):
                value = get_path(state, secret.path)
                told = game.tell_secret(secret, value, names)
                assert told != raw_secret(secret.owner, secret.path, value, names), (game.slug, secret, value)
                assert all(getattr(told, lang) and "/" not in getattr(told, lang)[:12] for lang in ("fr", "en", "it"))
                kinds.add(str(secret.path[0]))
    assert kinds <= set(game.secret_tellers), kinds


def test_a_secret_no_teller_knows_reads_as_its_place_and_value():
    class G(Game):
        secret_tellers = {"deck": lambda s, v, n: Tr(f"Pioche : {v[9]}", f"Deck: {v[9]}")}

    assert G().tell_secret(Secret(None, ("deck",)), [1], []).en == 'deck : [1]'  # its teller cannot read it
    assert G().tell_secret(Secret(1, ("hand", 1)), "x", ["Léa", "Sam"]).fr == 'Sam · hand/1 : "x"'


def test_robby_junior_s_deck_reads_as_its_cards_in_order():
    """Robby Junior's heist deck is the one secret left at the end of a Robby Solo match with him."""
    game = find_game("robby-solo")
    options = game.validate_options({"players": 3, "robby_junior": True})
    state = game.initial_state(game.setup(options, random.Random(1)).record, ["Léa", "Sam", "Ange"])
    deck = next(s for s in game.secrets(state) if s.path == ("junior_deck",))
    told = game.tell_secret(deck, state["junior_deck"], ["Léa", "Sam", "Ange"])
    colours = {"yellow": "jaune", "green": "verte", "red": "rouge", "blue": "bleue", "grey": "grise",
               "purple": "violette", "khaki": "kaki"}
    assert told.fr == ("Pioche Braquage de Robby Junior, dans l'ordre : "
                       + " · ".join(colours[c] for c in state["junior_deck"]))
    assert told.en.startswith("Robby Junior's heist deck, in order: ")
