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
scoring.core.errors.UnknownGame: unknown game “chess” (known: apaches, apprentis, robby-solo, score-pad, traction-avant)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from scoring.core.card import Card
from scoring.core.errors import IllegalEvent, InvalidOptions
from scoring.core.fields import flag, quote, whole
from scoring.core.sheet import ScoreSheet
from scoring.core.telling import HIDDEN, UNREADABLE, SecretTeller, Teller, raw, raw_secret, short, timer
from scoring.core.timers import apply_timer_event
from scoring.core.tr import Tr

State = dict[str, Any]
Event = dict[str, Any]
JSON = dict[str, Any]


# --------------------------------------------------------------------------- declarations


@dataclass(frozen=True)
class Option:
    """One set-up option.  ``kind`` is ``int``, ``bool``, ``choice``, ``text`` or ``seat`` (a seat's index, 0 for
    the first: a form offers the chosen players by name, and says a seat by its number from 1)."""

    key: str
    label: Tr
    kind: str
    default: Any
    choices: tuple[tuple[str, Tr], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: Tr | None = None
    #: a reading of the rules the texts leave open (docs/rules-notes.md): the default is the notes'
    #: ruling, the other value the other reading; shown apart on the set-up screen and kept with the match
    house_rule: bool = False
    #: the option matters only while an earlier option holds one of these values (``("robby_junior", (True,))``):
    #: otherwise a set-up form hides it and a review does not mention it (:meth:`Game.in_effect`)
    needs: tuple[str, tuple[Any, ...]] | None = None


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
class GridCards:
    """The cards a ``painting`` field lays out on a grid, as its game declares them: the app knows none.

    A cell holds a card's code: its kind (``ciel``), or its kind and what is printed on it (``maison:3``,
    ``arbre:A2``).  ``words``: each kind's name in a word (a cell's caption and its accessible name:
    "Maison 3"); ``numbered``: the kinds whose number the table enters with the card (sent as ``kind:N``),
    under ``number_label``, starting at ``number_start``; ``pictures``: the folder of the game's package
    (``game``) that holds a picture of each kind, ``<kind>.svg``; ``grids``: the key of the game's final state
    that holds each seat's grid (the score sheet's view of the cells each category counted).

    >>> cards = GridCards("apprentis", (("ciel", Tr("Ciel", "Sky")),))
    >>> cards.word("ciel", "en"), cards.word("arbre:A2", "fr"), cards.word("", "fr")
    ('Sky', 'arbre A2', '')
    """

    game: str
    words: tuple[tuple[str, Tr], ...]
    numbered: tuple[str, ...] = ()
    number_label: Tr | None = None
    number_start: int = 3
    pictures: str = ""
    grids: str = ""

    def word(self, code: str | None, lang: str) -> str:
        """A cell's card as the table names it: its kind's word, then what is printed on it."""
        if not code:
            return ""
        kind, _, printed = code.partition(":")
        word = dict(self.words).get(kind)
        name = word.get(lang) if word is not None else kind
        return f"{name} {printed}" if printed else name


@dataclass(frozen=True)
class Field:
    """One input of an action form.

    ``kind``: ``int``, ``bool``, ``text`` (one line), ``notes`` (a text of a few lines), ``choice`` (one of
    ``choices``),
    ``seat`` (one seat index), ``seats`` (several), ``ints`` (one int per seat),
    ``painting`` (a grid of ``cards``, each one of ``choices``: Les apprentis' painting).
    """

    key: str
    label: Tr
    kind: str = "int"
    default: Any = None
    choices: tuple[tuple[str, Tr], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    #: a ``painting`` field's cards
    cards: GridCards | None = None


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
    #: an occasional form (a transfer, a roll of the dice, a correction): drawn folded under its label, after
    #: the table's next steps, until someone opens it
    folded: bool = False


#: What a panel row shows: a text in each language, a whole number (written as the language writes
#: numbers) or a name (the same in every language).
Value = Tr | int | str


@dataclass(frozen=True)
class Panel:
    """A block of information for the match screen.

    ``seat`` set: private to that seat (shown behind the privacy screen).  ``tiles``: short values
    drawn big, one tile each (dice faces), before the rows.  ``key``: a name for a panel that comes and
    goes during a match (a declaration, the last round's reveal), unique among the game's panels: the
    screen then keeps every other panel in its place instead of redrawing the ones after it (the
    panels without a key are matched by their order among themselves).
    """

    title: Tr
    rows: tuple[tuple[Tr, Value], ...] = ()
    seat: int | None = None
    note: Tr | None = None
    tiles: tuple[str, ...] = ()
    key: str = ""


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


# --------------------------------------------------------------------------- moves

#: A move's handler: checks the event and changes the (already copied) state in place, or returns
#: the next state.  Its first parameter is the game's own state type (a ``TypedDict``), hence ``Any``.
Handler = Callable[[Any, Mapping[str, Any]], Any]

#: Who may send a move (checked by the server before the engine sees it):
#: ``host`` the table's device; ``seat`` the seat the event names (or the host for a seat without a
#: phone); ``any`` any seat's device or the host.
SENDERS = ("host", "seat", "any")

#: Where a ``seat`` move names the seat it concerns: an event field, or a function of the state and the
#: event (the seat the state gives the move to; ``None`` when it names none).
SeatOf = str | Callable[[Any, Mapping[str, Any]], Any]


@dataclass(frozen=True)
class Move:
    """One entry of a game's ``moves`` table (event type → move), as boardgame.io's ``moves``."""

    handler: Handler
    #: the phases (``Game.phase(state)``) in which the move may be played; empty: any phase
    phases: tuple[str, ...] = ()
    #: may it be taken back when it is the last event? (a die rolled again would be re-rolled)
    undoable: bool = True
    by: str = "host"
    #: may it be played once the match is over?
    after_end: bool = False
    #: for a ``seat`` move, the seat it concerns, whose phone alone may send it: the event's field of
    #: that name (``seat``; the giver ``from`` of a money transfer), or a function of the state and the
    #: event (the victim of the betrayed alliance a reprisal names)
    seat: SeatOf = "seat"
    #: how the event reads in the ledger and the history (:meth:`Game.tell`); ``None``: its type and fields
    tell: Teller | None = None


# --------------------------------------------------------------------------- the game


class Game:
    """One declarative game definition.  Subclasses fill the class attributes
    and override the methods marked *game*."""

    #: the game's card (its folder's ``card.CARD``): slug, names, players and colour come from it
    card: ClassVar[Card]
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
    #: the cards its ``painting`` fields lay out (the score sheet's view of each painting reads them too)
    cards: ClassVar[GridCards | None] = None
    #: event type -> payload fields that are secret until the match ends (e.g. a drawn token)
    secret_fields: ClassVar[dict[str, tuple[str, ...]]] = {"draw": ("token",)}
    #: event type -> what it does, in which phases, who may send it
    moves: ClassVar[Mapping[str, Move]] = {}
    #: how a finished match's review tells each kind of secret, by the first step of its path (``"bags"``,
    #: ``"junior_deck"``…): (the secret, its value, the seats' names) → a line; none: its path and value
    secret_tellers: ClassVar[Mapping[str, SecretTeller]] = {}
    #: options a demonstration or a test must give besides the player count (a score pad's game name)
    example_options: ClassVar[Mapping[str, Any]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        c = cls.__dict__.get("card")
        if c is not None:
            cls.slug, cls.name, cls.description = c.slug, c.name, c.description
            cls.min_players, cls.max_players, cls.colour = c.min_players, c.max_players, c.colour

    # -- set-up -------------------------------------------------------------
    def validate_options(self, raw: Mapping[str, Any]) -> JSON:
        """Return the options completed with defaults, or raise :class:`InvalidOptions`
        (bilingual, naming the option and quoting the value)."""
        if not isinstance(raw, Mapping):
            raise InvalidOptions(Tr(f"options : un objet attendu, reçu {quote(raw)}",
                                    f"options: must be an object, got {quote(raw)}",
                                    it=f"opzioni: atteso un oggetto, ricevuto {quote(raw)}"))
        known = {o.key for o in self.options}
        for key in raw:
            if key not in known:
                raise InvalidOptions(Tr(f"option inconnue {quote(key)} pour {self.name.fr}",
                                        f"unknown option {quote(key)} for {self.name.en}",
                                        it=f"opzione sconosciuta {quote(key)} per {self.name.get('it')}"))
        return {opt.key: _option_value(opt, raw.get(opt.key, opt.default)) for opt in self.options}

    def in_effect(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options that matter with these values, in declaration order, each with its value (its default
        where none is given): an option whose ``needs`` is not met is left out, and so is one whose needed
        option is itself left out.

        >>> from scoring import find_game
        >>> robby = find_game("robby-solo")
        >>> sorted(k for k in robby.in_effect({"players": 4}) if "junior" in k)
        ['robby_junior']
        >>> shown = robby.in_effect({"players": 4, "robby_junior": True, "junior_can_win": False})
        >>> shown["junior_can_win"], shown["junior_pile"]
        (False, 'top')
        >>> "robby_junior" in robby.in_effect({"players": 6, "robby_junior": True})
        False
        """
        kept: dict[str, Any] = {}
        for opt in self.options:
            if opt.needs is not None:
                key, values = opt.needs
                if key not in kept or kept[key] not in values:
                    continue
            kept[opt.key] = options.get(opt.key, opt.default)
        return kept

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

        ``timer`` events are the same for every game (see :mod:`scoring.core.timers`); every other
        event is looked up in :attr:`moves`, checked against the match's end and its phase, and
        handed a copy of the state.
        """
        if not isinstance(event, Mapping) or not isinstance(event.get("type"), str):
            raise IllegalEvent(Tr("un événement a besoin d'un « type »", "an event needs a 'type'",
                                  it="un evento ha bisogno di un «type»"))
        kind = event["type"]
        if kind == "timer":
            return apply_timer_event(state, event)
        move = self.moves.get(kind)
        if move is None:
            raise IllegalEvent(Tr(f"type d'événement inconnu {quote(kind)} pour {self.name.fr}",
                                  f"unknown event type {quote(kind)} for {self.name.en}",
                                  it=f"tipo di evento sconosciuto {quote(kind)} per {self.name.get('it')}"))
        if self.finished(state) and not move.after_end:
            raise IllegalEvent(Tr(f"la partie est finie : plus de {quote(kind)}",
                                  f"the match is over: no {quote(kind)} any more",
                                  it=f"la partita è finita: niente più {quote(kind)}"))
        phase = self.phase(state)
        if move.phases and phase not in move.phases:
            raise IllegalEvent(Tr(f"{quote(kind)} n'est pas possible maintenant (étape {quote(phase)})",
                                  f"{quote(kind)} is not possible now (step {quote(phase)})",
                                  it=f"{quote(kind)} non è possibile ora (fase {quote(phase)})"))
        out = clone(state)
        result = move.handler(out, event)
        return out if result is None else result

    def phase(self, state: State) -> str | None:
        """The phase the match is in, as the moves table names it."""
        value = state.get("phase")
        return value if isinstance(value, str) else None

    def undoable(self, event: Mapping[str, Any]) -> bool:
        """May this event be taken back when it is the last one?"""
        move = self.moves.get(str(event.get("type")))
        return True if move is None else move.undoable

    def sender(self, event: Mapping[str, Any]) -> str:
        """Who may send this event: ``host``, ``seat`` or ``any`` (see :class:`Move`).

        A timer is the table's: only the host starts, pauses or resets one.
        """
        move = self.moves.get(str(event.get("type")))
        return "host" if move is None else move.by

    def concerns(self, state: State, event: Mapping[str, Any]) -> Any:
        """The seat a ``seat`` move concerns (:attr:`Move.seat`): the one phone that may send it, and the
        seat whose phone keeps the host from sending it.  Read, not checked (the handler checks it):
        whatever the event or the state holds there, ``None`` where it names nothing.

        >>> from scoring import find_game
        >>> find_game("traction-avant").concerns({}, {"type": "transfer", "seat": 0, "from": 2, "to": 0})
        2
        """
        move = self.moves.get(str(event.get("type")))
        where = "seat" if move is None else move.seat
        if isinstance(where, str):
            return event.get(where)
        try:
            return where(state, event)
        except (LookupError, TypeError, ValueError):  # a RulesError is a ValueError
            return None

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

    def tell(self, event: Mapping[str, Any], names: Sequence[str]) -> Tr:
        """The event as one line of the ledger and the history, in each language.

        ``event`` is given as the device may see it (:meth:`public_event` during play); the move's teller
        (:attr:`Move.tell`) tells it from that alone.  The timers' events are told here, by their phase's
        name.  A move without a teller, or an event its teller cannot read (recorded by an older
        version), reads as its type and fields.

        >>> class G(Game):
        ...     phases = (Phase("night", Tr("Nuit", "Night", it="Notte")),)
        ...     moves = {"wake": Move(lambda s, e: None,
        ...                           tell=lambda e, n: Tr(f"{n[e['seat']]} se réveille", f"{n[e['seat']]} wakes up"))}
        >>> G().tell({"type": "wake", "seat": 1}, ["Léa", "Sam"]).en
        'Sam wakes up'
        >>> G().tell({"type": "wake"}, ["Léa"]).en, G().tell({"type": "sleep", "seat": 0}, []).fr
        ('wake', 'sleep  seat=0')
        >>> G().tell({"type": "timer", "op": "pause", "key": "night"}, []).fr
        'Minuteur « Nuit » en pause'
        """
        kind = event.get("type")
        try:
            if kind == "timer":
                return timer(event, names, {p.key: p.name for p in self.phases})
            move = self.moves.get(str(kind))
            if move is not None and move.tell is not None:
                return short(move.tell(event, names))
        except UNREADABLE:
            pass  # an event this version does not read as its teller expects: shown as it was recorded
        return raw(event)

    def tell_secret(self, secret: Secret, value: Any, names: Sequence[str]) -> Tr:
        """A secret as a finished match's review shows it, every secret being revealed by then: the game's
        words (:attr:`secret_tellers`), or its place in the state and its value.

        >>> class G(Game):
        ...     secret_tellers = {"deck": lambda s, v, n: Tr(f"Pioche : {len(v)} cartes", f"Deck: {len(v)} cards")}
        >>> G().tell_secret(Secret(None, ("deck",)), [3, 5], []).en, G().tell_secret(Secret(0, ("hand", 0)), [1], []).en
        ('Deck: 2 cards', '#1 · hand/0 : [1]')
        """
        teller = self.secret_tellers.get(str(secret.path[0])) if secret.path else None
        if teller is not None:
            try:
                return short(teller(secret, value, names))
            except UNREADABLE:
                pass  # a state this version does not read as its teller expects: shown as it is stored
        return raw_secret(secret.owner, secret.path, value, names)

    def finished(self, state: State) -> bool:
        return bool(state.get("finished"))

    def minutes_played(self, state: State) -> int | None:
        """How long the match lasted, when the table said so (a score pad's length in minutes, written at its
        end); ``None``: the time from its start to its end says it."""
        return None

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


#: The longest text an option takes (a game's name, a place).
MAX_OPTION_TEXT = 80


def _option_value(opt: Option, value: Any) -> Any:
    if opt.kind in ("int", "seat"):
        number = whole(value, opt.key, error=InvalidOptions, digits=False)
        if opt.minimum is not None and number < opt.minimum:
            raise InvalidOptions.about(opt.key, Tr(f"{quote(number)} est en dessous de {opt.minimum}",
                                                   f"{quote(number)} is below {opt.minimum}",
                                                   it=f"{quote(number)} è sotto {opt.minimum}"))
        if opt.maximum is not None and number > opt.maximum:
            raise InvalidOptions.about(opt.key, Tr(f"{quote(number)} est au-dessus de {opt.maximum}",
                                                   f"{quote(number)} is above {opt.maximum}",
                                                   it=f"{quote(number)} è sopra {opt.maximum}"))
        return number
    if opt.kind == "bool":
        return flag(value, opt.key, error=InvalidOptions)
    if opt.kind == "choice":
        allowed = [c for c, _ in opt.choices]
        if value not in allowed:
            listed = ", ".join(allowed)
            raise InvalidOptions.about(opt.key, Tr(f"{quote(value)} n'est pas l'un de {listed}",
                                                   f"{quote(value)} is not one of {listed}",
                                                   it=f"{quote(value)} non è uno di {listed}"))
        return value
    if opt.kind == "text":
        text = value.strip() if isinstance(value, str) else value
        if not isinstance(text, str) or not text or len(text) > MAX_OPTION_TEXT or not text.isprintable():
            raise InvalidOptions.about(opt.key, Tr(
                f"un texte de 1 à {MAX_OPTION_TEXT} caractères, reçu {quote(value)}",
                f"must be a text of 1 to {MAX_OPTION_TEXT} characters, got {quote(value)}",
                it=f"un testo da 1 a {MAX_OPTION_TEXT} caratteri, ricevuto {quote(value)}"))
        return text
    raise InvalidOptions.about(opt.key, Tr(f"genre d'option inconnu {quote(opt.kind)}",
                                           f"unknown option kind {quote(opt.kind)}",
                                           it=f"tipo di opzione sconosciuto {quote(opt.kind)}"))


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
