"""The shared game interface: every game module exposes one :class:`Game`.

A match is a set-up record plus an append-only list of events. ``State`` and
``Event`` are plain JSON-compatible dictionaries, so a match can be stored,
sent to a phone and replayed without any conversion layer.

>>> from scoring import find_game
>>> find_game("apaches").slug
'apaches'
>>> find_game("chess")
Traceback (most recent call last):
...
scoring.core.UnknownGame: unknown game 'chess' (known: apaches, apprentis, robby-solo, traction-avant)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

State = dict[str, Any]
Event = dict[str, Any]
JSON = dict[str, Any]

#: The value a view puts in place of something the viewer may not see.
HIDDEN = "?"


class Tr(NamedTuple):
    """A text in French and English (French first: it is the rulebooks' language).

    >>> Tr("Manche", "Round").get("en")
    'Round'
    """

    fr: str
    en: str

    def get(self, lang: str) -> str:
        return self.en if lang == "en" else self.fr


# --------------------------------------------------------------------------- errors


class RulesError(ValueError):
    """Base class of every rule violation; the message quotes the bad value."""


class UnknownGame(RulesError):
    pass


class InvalidOptions(RulesError):
    """Set-up options that the rules do not allow."""


class IllegalEvent(RulesError):
    """An event that cannot be applied to the current state."""


class InvalidScoreInput(RulesError):
    """A score-sheet input document with a bad field.

    >>> str(InvalidScoreInput("players[0].wallet", "must be a whole number, got 'x'"))
    "players[0].wallet: must be a whole number, got 'x'"
    """

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}")
        self.where = where
        self.problem = problem


# --------------------------------------------------------------------------- declarations


@dataclass(frozen=True)
class Option:
    """One set-up option.  ``kind`` is ``int``, ``bool`` or ``choice``."""

    key: str
    label: Tr
    kind: str
    default: Any
    choices: tuple[tuple[str, Tr], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: Tr | None = None


@dataclass(frozen=True)
class Phase:
    """A phase of play and its timer.  ``seconds`` is ``None`` for an untimed phase.

    ``who`` is ``table`` (one countdown for everybody), ``each`` (one countdown
    per seat, in turn) or ``seat`` (the active seat only).
    """

    key: str
    name: Tr
    seconds: int | None = None
    who: str = "table"
    help: Tr | None = None


@dataclass(frozen=True)
class Field:
    """One input of an action form.

    ``kind``: ``int``, ``bool``, ``text``, ``choice`` (one of ``choices``),
    ``seat`` (one seat index), ``seats`` (several), ``ints`` (one int per seat),
    ``painting`` (Les apprentis grid).
    """

    key: str
    label: Tr
    kind: str = "int"
    default: Any = None
    choices: tuple[tuple[str, Tr], ...] = ()
    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True)
class Action:
    """What may be done now: the app renders ``fields`` and sends an event
    ``{"type": type, **values}`` through :meth:`Game.prepare`."""

    type: str
    label: Tr
    fields: tuple[Field, ...] = ()
    seat: int | None = None  # who acts, when it matters
    primary: bool = False
    help: Tr | None = None
    #: entered behind the "hand the phone to ..." privacy screen of ``seat``
    private: bool = False


@dataclass(frozen=True)
class Panel:
    """A block of information for the match screen.

    ``seat`` set: private to that seat (shown behind the privacy screen).
    """

    title: Tr
    rows: tuple[tuple[Tr, str], ...] = ()
    seat: int | None = None
    note: Tr | None = None


@dataclass(frozen=True)
class Secret:
    """Where a secret sits in the full state: ``owner`` may see it (``None``: nobody)."""

    owner: int | None
    path: tuple[str | int, ...]


@dataclass(frozen=True)
class Setup:
    """What the set-up generator returns."""

    record: JSON
    instructions: tuple[Tr, ...]


# --------------------------------------------------------------------------- score sheets


@dataclass(frozen=True)
class SeatScore:
    seat: int
    name: str
    breakdown: dict[str, int]
    total: int
    rank: int
    tiebreak: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoreSheet:
    game: str
    ranking: tuple[SeatScore, ...]
    winners: tuple[str, ...]
    extra: dict[str, Any] = field(default_factory=dict)
    notes: tuple[Tr, ...] = ()

    def to_json(self) -> JSON:
        ranking = []
        for row in self.ranking:
            item: JSON = {"name": row.name, "seat": row.seat, "rank": row.rank,
                          "total": row.total, **row.extra, "breakdown": dict(row.breakdown)}
            if row.tiebreak:
                item["tiebreak"] = row.tiebreak
            ranking.append(item)
        out: JSON = {"game": self.game, **self.extra, "ranking": ranking,
                     "winners": list(self.winners)}
        if self.notes:  # "notes" in English for the command line; the app shows the table's language
            out["notes"] = [n.en for n in self.notes]
            out["notes_fr"] = [n.fr for n in self.notes]
        return out


def _total_and_keys(row: tuple[int, str, dict[str, int], int, tuple[int, ...]]) -> tuple[int, tuple[int, ...]]:
    return row[3], row[4]


def rank_rows(game: str, rows: Sequence[tuple[int, str, dict[str, int], int, tuple[int, ...]]],
              *, tiebreak_name: str | None = None,
              extras: Mapping[int, dict[str, Any]] | None = None,
              winners_if: Callable[[SeatScore], bool] | None = None,
              extra: dict[str, Any] | None = None,
              notes: tuple[Tr, ...] = ()) -> ScoreSheet:
    """Competition ranking ("1, 1, 3") by ``(total, *tiebreak keys)``, highest first.

    Each row is ``(seat, name, breakdown, total, tiebreak_keys)``.  Rows equal on
    every key share a rank; ``tiebreak`` records which key separated a row from an
    equal-total neighbour.

    >>> s = rank_rows("x", [(0, "A", {}, 5, (1,)), (1, "B", {}, 5, (2,)), (2, "C", {}, 3, ())],
    ...               tiebreak_name="apaches")
    >>> [(r.name, r.rank, r.tiebreak) for r in s.ranking], s.winners
    ([('B', 1, 'apaches'), ('A', 2, 'apaches'), ('C', 3, None)], ('B',))
    """
    ordered = sorted(rows, key=_total_and_keys, reverse=True)
    keys_by_total: dict[int, set[tuple[int, ...]]] = {}
    for row in ordered:
        keys_by_total.setdefault(row[3], set()).add(row[4])
    extras = extras or {}
    out: list[SeatScore] = []
    previous: tuple[int, tuple[int, ...]] | None = None
    for i, (seat, name, breakdown, total, keys) in enumerate(ordered):
        rank = out[-1].rank if previous == (total, keys) else i + 1
        previous = (total, keys)
        # A tie-break decided this row's place when rows of its total differ in their keys.
        decided = tiebreak_name if len(keys_by_total[total]) > 1 else None
        out.append(SeatScore(seat, name, breakdown, total, rank, decided, dict(extras.get(seat, {}))))
    top = [r for r in out if r.rank == 1]
    if winners_if is not None:
        top = [r for r in top if winners_if(r)]
    return ScoreSheet(game, tuple(out), tuple(r.name for r in top), extra or {}, notes)


# --------------------------------------------------------------------------- the game


class Game:
    """One declarative game definition.  Subclasses fill the class attributes
    and override the methods marked *game*."""

    slug: ClassVar[str]
    name: ClassVar[Tr]
    description: ClassVar[Tr]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    colour: ClassVar[str] = "#455a64"
    options: ClassVar[tuple[Option, ...]] = ()
    phases: ClassVar[tuple[Phase, ...]] = ()
    #: score-sheet breakdown key -> its name at the table (the JSON keys stay as they are)
    categories: ClassVar[dict[str, Tr]] = {}
    #: event type -> payload fields that are secret until the match ends (e.g. a drawn token)
    secret_fields: ClassVar[dict[str, tuple[str, ...]]] = {"draw": ("token",)}

    # -- set-up -------------------------------------------------------------
    def validate_options(self, raw: Mapping[str, Any]) -> JSON:
        """Return the options completed with defaults, or raise :class:`InvalidOptions`."""
        out: JSON = {}
        known = {o.key for o in self.options}
        for key in raw:
            if key not in known:
                raise InvalidOptions(f"unknown option {key!r} for {self.slug}")
        for opt in self.options:
            value = raw.get(opt.key, opt.default)
            if opt.kind == "int":
                if isinstance(value, bool) or not isinstance(value, int):
                    raise InvalidOptions(f"{opt.key}: must be a whole number, got {value!r}")
                if opt.minimum is not None and value < opt.minimum:
                    raise InvalidOptions(f"{opt.key}: {value!r} is below {opt.minimum}")
                if opt.maximum is not None and value > opt.maximum:
                    raise InvalidOptions(f"{opt.key}: {value!r} is above {opt.maximum}")
            elif opt.kind == "bool":
                if not isinstance(value, bool):
                    raise InvalidOptions(f"{opt.key}: must be true or false, got {value!r}")
            elif opt.kind == "choice":
                if value not in [c for c, _ in opt.choices]:
                    allowed = ", ".join(c for c, _ in opt.choices)
                    raise InvalidOptions(f"{opt.key}: {value!r} is not one of {allowed}")
            out[opt.key] = value
        return out

    def seat_count(self, options: Mapping[str, Any]) -> int:
        """How many seats the match has (people; a virtual player is not a seat)."""
        return int(options["players"])

    def setup(self, options: Mapping[str, Any], rng: random.Random) -> Setup:  # game
        raise NotImplementedError

    def initial_state(self, setup: Mapping[str, Any], names: Sequence[str]) -> State:  # game
        raise NotImplementedError

    # -- play ---------------------------------------------------------------
    def actions(self, state: State, seat: int | None) -> list[Action]:  # game
        """The actions a device showing ``seat`` (``None``: the table) may send now."""
        return []

    def prepare(self, state: State, action: Mapping[str, Any], rng: random.Random) -> Event:
        """Turn an action into an event, recording every random outcome in it.

        The default adds no randomness.  The result is checked by applying it.
        """
        event = dict(action)
        self.apply(state, event)
        return event

    def apply(self, state: State, event: Mapping[str, Any]) -> State:
        """The next state; ``state`` is left untouched.  Raises :class:`IllegalEvent`.

        ``timer`` events are the same for every game (see :mod:`scoring.timers`);
        everything else goes to :meth:`apply_event`.
        """
        if not isinstance(event, Mapping) or not isinstance(event.get("type"), str):
            raise IllegalEvent(f"an event needs a 'type', got {event!r}")
        if event["type"] == "timer":
            from scoring.timers import apply_timer_event
            return apply_timer_event(state, event)
        return self.apply_event(state, event)

    def apply_event(self, state: State, event: Mapping[str, Any]) -> State:  # game
        raise NotImplementedError

    def undoable(self, event: Mapping[str, Any]) -> bool:
        """May this event be taken back when it is the last one?"""
        return True

    def view(self, state: State, seat: int | None) -> State:  # game
        """The state as ``seat`` may see it (``None``: the public table view)."""
        raise NotImplementedError

    def secrets(self, state: State) -> list[Secret]:  # game
        """Every secret in ``state`` and who may see it (for tests and the server)."""
        return []

    def panels(self, state: State, seat: int | None) -> list[Panel]:  # game
        """What the match screen shows; computed from ``view(state, seat)``."""
        return []

    def public_event(self, event: Mapping[str, Any]) -> JSON:
        """The event as a timeline may show it during play: secret fields hidden.

        >>> class G(Game):
        ...     secret_fields = {"order": ("shots",)}
        >>> G().public_event({"type": "order", "seat": 1, "shots": 3})
        {'type': 'order', 'seat': 1, 'shots': '?'}
        """
        hidden = self.secret_fields.get(str(event.get("type")), ())
        return {k: (HIDDEN if k in hidden else v) for k, v in event.items()}

    def finished(self, state: State) -> bool:
        return bool(state.get("finished"))

    # -- scoring ------------------------------------------------------------
    def score(self, state: State) -> ScoreSheet:  # game
        """The end-of-game score sheet of a match state."""
        raise NotImplementedError

    def score_input(self, doc: Any) -> ScoreSheet:  # game
        """Score the JSON document of ``python -m scoring score SLUG``."""
        raise NotImplementedError

    # -- testing ------------------------------------------------------------
    def sample_action(self, state: State, rng: random.Random) -> JSON | None:  # game
        """A random legal action (for property tests), or ``None`` when the match is over."""
        return None


def replay(game: Game, setup: Mapping[str, Any], names: Sequence[str],
           events: Sequence[Mapping[str, Any]]) -> State:
    """Rebuild a state from its set-up and events, without any randomness."""
    state = game.initial_state(setup, names)
    for event in events:
        state = game.apply(state, event)
    return state


def event_rng(seed: int | str, sequence: int) -> random.Random:
    """The random source of the ``sequence``-th event of a match (reproducible)."""
    return random.Random(f"{seed}:{sequence}")


def clone(state: State) -> State:
    return copy.deepcopy(state)


def get_path(doc: Any, path: Sequence[str | int]) -> Any:
    """Follow ``path`` in nested dicts/lists; a missing step gives ``HIDDEN``."""
    cur = doc
    for step in path:
        try:
            cur = cur[step]
        except (KeyError, IndexError, TypeError):
            return HIDDEN
    return cur


def set_path(doc: Any, path: Sequence[str | int], value: Any) -> None:
    cur = doc
    for step in path[:-1]:
        try:
            cur = cur[step]
        except (KeyError, IndexError, TypeError):
            return
    try:
        cur[path[-1]] = value
    except (KeyError, IndexError, TypeError):
        return


def strip_secrets(game: Game, state: State, seat: int | None) -> State:
    """A copy of ``state`` with every secret that ``seat`` may not see replaced by HIDDEN.

    Games can build :meth:`Game.view` on it.
    """
    out = clone(state)
    for secret in game.secrets(state):
        if seat is None or secret.owner != seat:
            set_path(out, secret.path, HIDDEN)
    return out
