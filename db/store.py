"""The history API used by the app: players, matches, the event log, scores.

Every event is committed as it happens, so a match survives a crash or a closed
tab.  The log is append-only: undo appends an ``undo`` row that cancels the last
effective event (the timeline keeps both).

>>> store = Store("sqlite://")
>>> a, b = store.add_player("Léa").id, store.add_player("Sam").id
>>> store.add_player(" léa ")
Traceback (most recent call last):
...
db.errors.StoreError: a player named “Léa” already exists
>>> m = store.create_match("apaches", {"players": 2}, [a, b])
>>> store.match_id_for_code(store.load(m).code) == m, store.match_id_for_code("guess") is None
(True, True)
"""

from __future__ import annotations

import json
import random
import secrets
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import Integer, any_, bindparam, exists, func
from sqlalchemy import select as core_select
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from db import watch as _watch
from db.documents import (
    MAX_NAME,
    MAX_NOTES,
    MAX_PLACE,
    check_match,
    effective_events,
    insert_match,
    match_document,
    quote_name,
    replay_log,
)
from db.engine import make_engine
from db.errors import RestoreError, StoreError
from db.games import all_games, engine_slug, ensure_game, game_key
from db.history import AMEND, Cursor, HistoryQuery, MatchSummary, Page, search
from db.host_keys import HostKeys
from db.models import EventRow, Match, Meta, Player, ScoreRow, Seat, first_seat, score_line, utcnow
from db.seat_tokens import SeatTokens
from db.session import WriteSession
from scoring import Game, RulesError, ScoreSheet, Tr, event_rng, find_game
from scoring.core import quote

__all__ = ["MAX_NAME", "LoadedMatch", "MatchSummary", "Sender", "Store", "StoreError", "effective_events"]


@dataclass(frozen=True)
class Sender:
    """Who sends a write, as the server knows it: the credentials the device showed, checked again by
    :meth:`Store.record` and :meth:`Store.undo` at every write (a revoked key or link stops at once).

    ``host_key``: the host link's key (the server's or a device it was granted); ``token``: a seat
    link's token; ``local``: a browser on this very machine of a server bound to loopback only (or
    ``--trust-network``), decided by the app from how the server was started, never from a header.
    A device with none of these (the table code, a guest phone) may write nothing.
    """

    host_key: str = ""
    token: str = ""
    local: bool = False

    def __repr__(self) -> str:  # never a whole key or token in a log line
        return (f"Sender(host_key={self.host_key[:4] + '…' if self.host_key else ''!r}, "
                f"token={self.token[:6] + '…' if self.token else ''!r}, local={self.local})")


#: a server-side caller (a script, the command line, a test): the host
HOST = Sender(local=True)
#: a device without credentials: refused every write
GUEST = Sender()


def _refused(fr: str, en: str, it: str) -> StoreError:
    return StoreError(Tr(fr, en, it=it))

_STATUS = {"in_progress": Tr("en cours", "in progress", it="in corso"),
           "finished": Tr("terminée", "finished", it="terminata"),
           "abandoned": Tr("abandonnée", "abandoned", it="abbandonata")}


def _status(status: str) -> Tr:
    raw = status.replace("_", " ")
    return _STATUS.get(status, Tr(raw, raw, it=raw))


_NOT_OVER = Tr("la partie n'est pas finie : jouez la suite, ou abandonnez-la",
               "the match is not over yet: play on, or abandon it",
               it="la partita non è finita: continuate a giocare, o abbandonatela")


def _no_match(match_id: object) -> StoreError:
    return StoreError(Tr(f"aucune partie n'a le numéro {quote(match_id)}", f"no match with id {quote(match_id)}",
                         it=f"nessuna partita ha il numero {quote(match_id)}"))


def _never_seated() -> tuple[Any, Any]:
    """The conditions on a player who never sat at a match: no seat, no score line (each a probe of its index)."""
    return (~exists().where(col(Seat.player_id) == col(Player.id)),
            ~exists().where(col(ScoreRow.player_id) == col(Player.id)))


def _no_player(player_id: object) -> StoreError:
    return StoreError(Tr(f"aucun joueur n'a le numéro {quote(player_id)}", f"no player with id {quote(player_id)}",
                         it=f"nessun giocatore ha il numero {quote(player_id)}"))


def _is(match_id: int, status: str, fr: str, en: str, it: str) -> StoreError:
    """``match #3 is finished: no more events`` (``fr``/``en``/``it``: what follows the colon)."""
    said = _status(status)
    return StoreError(Tr(f"la partie n° {match_id} est {said.fr} : {fr}", f"match #{match_id} is {said.en}: {en}",
                         it=f"la partita n. {match_id} è {said.get('it')}: {it}"))


@dataclass
class LoadedMatch:
    id: int
    game: Game
    status: str
    options: dict[str, Any]
    setup: dict[str, Any]
    seed: str
    player_ids: list[int]
    names: list[str]
    events: list[dict[str, Any]]  # effective events, in order
    log: list[EventRow]  # every row, undo rows included
    state: dict[str, Any]
    started_at: datetime
    ended_at: datetime | None
    place: str
    notes: str
    sheet: dict[str, Any] | None
    #: what links name the match by (unguessable; :meth:`Store.match_id_for_code` finds the id back)
    code: str = ""

    @property
    def can_undo(self) -> bool:
        return bool(self.events) and self.status == "in_progress" and self.game.undoable(self.events[-1])

    @property
    def final_event(self) -> dict[str, Any] | None:
        """The last event, in its public form, when it cannot be taken back (it showed the table a draw or a
        secret: undoing it would let it be drawn or chosen again), else ``None``."""
        if not self.events or self.status != "in_progress" or self.game.undoable(self.events[-1]):
            return None
        return self.game.public_event(self.events[-1])


def _already(match_id: int, status: str) -> StoreError:
    said = _status(status)
    return StoreError(Tr(f"la partie n° {match_id} est déjà {said.fr}", f"match #{match_id} is already {said.en}",
                         it=f"la partita n. {match_id} è già {said.get('it')}"))


def _clean_name(name: str) -> str:
    name = " ".join(str(name).split())
    if not name:
        raise StoreError(Tr("le nom d'un joueur ne peut pas être vide", "a player's name cannot be empty",
                            it="il nome di un giocatore non può essere vuoto"))
    if len(name) > MAX_NAME:
        raise StoreError(Tr(f"le nom d'un joueur a au plus {MAX_NAME} caractères, celui-ci en a {len(name)}",
                            f"a player's name is at most {MAX_NAME} characters, got {len(name)}",
                            it=f"il nome di un giocatore ha al massimo {MAX_NAME} caratteri, questo ne ha "
                               f"{len(name)}"))
    return name


def _clean_place(place: str) -> str:
    place = str(place).strip()
    if len(place) > MAX_PLACE:
        raise StoreError(Tr(f"un lieu a au plus {MAX_PLACE} caractères, celui-ci en a {len(place)}",
                            f"a place is at most {MAX_PLACE} characters, got {len(place)}",
                            it=f"un luogo ha al massimo {MAX_PLACE} caratteri, questo ne ha {len(place)}"))
    return place


class Store(SeatTokens, HostKeys):
    def __init__(self, url: str | None = None) -> None:
        self.engine = make_engine(url)
        #: who writes, for the other processes' watchers (db.session, db.watch): one per store
        self.origin = uuid.uuid4().hex
        # match id -> ((seed, rows seen), effective events, state): saves a replay per event.  The seed
        # tells a match from another that took its id since (SQLite gives a deleted highest id again).
        self._cache: dict[int, tuple[tuple[str, int], list[dict[str, Any]], dict[str, Any]]] = {}
        self._pages: dict[str, tuple[Any, Any, Any]] = {}  # status -> the statements of a page
        all_games(self.engine)  # the named games' names, for db.games.game_name

    def session(self) -> Session:
        """A session whose writes commit whole or raise :class:`StoreError` (:mod:`db.session`)."""
        return WriteSession(self.engine, self.origin)

    def forget(self, match_id: int | None = None) -> None:
        """Drop what this store keeps of ``match_id`` (``None``: of every match)."""
        if match_id is None:
            self._cache.clear()
        else:
            self._cache.pop(match_id, None)

    def watch(self, callback: Callable[[int | None], None]) -> Callable[[], None]:
        """Call ``callback(match_id)`` from a daemon thread each time another process (another server
        on this database) commits a write to that match (``None``: to players, or anything); what
        this store kept of it is dropped first.  Returns ``stop()``.  See :mod:`db.watch`."""
        def changed(match_id: int | None) -> None:
            self.forget(match_id)
            callback(match_id)
        return _watch.watch(self.engine, self.origin, changed)

    # ------------------------------------------------------------ settings
    def get_setting(self, key: str, default: str = "") -> str:
        with self.session() as s:
            row = s.get(Meta, f"setting:{key}")
            return row.value if row else default

    def set_setting(self, key: str, value: str) -> None:
        with self.session() as s:
            s.merge(Meta(key=f"setting:{key}", value=value))
            s.commit()

    # ------------------------------------------------------------ players
    def players(self) -> list[Player]:
        with self.session() as s:
            return list(s.exec(select(Player).order_by(func.lower(Player.name))))

    def _check_unique(self, s: Session, name: str, except_id: int | None = None) -> None:
        for p in s.exec(select(Player).where(func.lower(Player.name) == name.lower())):
            if p.id != except_id:
                raise StoreError(Tr(f"un joueur nommé {quote_name(p.name)} existe déjà",
                                    f"a player named {quote_name(p.name)} already exists",
                                    it=f"esiste già un giocatore di nome {quote_name(p.name)}"))

    def add_player(self, name: str) -> Player:
        name = _clean_name(name)
        with self.session() as s:
            self._check_unique(s, name)
            player = Player(name=name)
            s.add(player)
            s.commit()
            s.refresh(player)
            return player

    def rename_player(self, player_id: int, name: str) -> Player:
        name = _clean_name(name)
        with self.session() as s:
            player = s.get(Player, player_id)
            if player is None:
                raise _no_player(player_id)
            self._check_unique(s, name, except_id=player_id)
            player.name = name
            s.add(player)
            s.flush()
            self._rename_lines(s, player)  # the past score sheets name the same person
            s.commit()
            s.refresh(player)
            return player

    def merge_players(self, keep_id: int, drop_id: int) -> None:
        """Fold a duplicate into ``keep_id``: its seats and scores move over, it goes."""
        if keep_id == drop_id:
            raise StoreError(Tr("un joueur ne peut pas être fusionné avec lui-même",
                                "cannot merge a player with itself",
                                it="un giocatore non può essere unito a se stesso"))
        with self.session() as s:
            keep, drop = s.get(Player, keep_id), s.get(Player, drop_id)
            if keep is None or drop is None:
                raise _no_player(keep_id if keep is None else drop_id)
            clash = s.exec(select(Seat.match_id).where(Seat.player_id == keep_id)
                           .where(col(Seat.match_id).in_(
                               select(Seat.match_id).where(Seat.player_id == drop_id)))).first()
            if clash is not None:
                one, other = quote_name(keep.name), quote_name(drop.name)
                raise StoreError(Tr(f"{one} et {other} étaient à la même partie (n° {clash}) : ce sont "
                                    "deux personnes", f"{one} and {other} sat at the same match "
                                    f"(#{clash}): they are two people",
                                    it=f"{one} e {other} erano alla stessa partita (n. {clash}): "
                                       "sono due persone"))
            for seat in s.exec(select(Seat).where(Seat.player_id == drop_id)):
                seat.player_id = keep_id
                s.add(seat)
            for score in s.exec(select(ScoreRow).where(ScoreRow.player_id == drop_id)):
                score.player_id = keep_id
                s.add(score)
            s.flush()
            self._rename_lines(s, keep)  # the duplicate's past sheets now name the one person
            s.delete(drop)
            s.commit()
        self.forget()

    def unseated_players(self) -> set[int]:
        """The players who never sat at a match (no seat, no score line): the ones :meth:`delete_player` deletes.
        One probe of the players' indexes each."""
        with self.session() as s:
            return {i for i in s.exec(select(Player.id).where(*_never_seated())) if i is not None}

    def playing_now(self) -> dict[int, int]:
        """Each player's matches in progress (the players at no running match are left out): the index of the
        matches by status, and their seats."""
        with self.session() as s:
            rows = s.exec(select(Seat.player_id, func.count()).join(Match, col(Match.id) == col(Seat.match_id))
                          .where(Match.status == "in_progress").group_by(col(Seat.player_id)))
            return {pid: n for pid, n in rows}

    def delete_player(self, player_id: int) -> str:
        """Delete a player who never sat at a match (a name added by mistake); returns their name (the screen's
        undo adds it again).  One who did is refused, saying to merge them into the right person instead
        (:meth:`merge_players`): their matches are kept whole."""
        with self.session() as s:
            player = s.get(Player, player_id)
            if player is None:
                raise _no_player(player_id)
            if s.exec(select(Player.id).where(Player.id == player_id, *_never_seated())).first() is None:
                raise StoreError(Tr(f"{player.name} a joué des parties : fusionnez ce joueur avec la bonne personne "
                                    "plutôt (ses parties restent)",
                                    f"{player.name} has played matches: merge them into the right person instead "
                                    "(their matches stay)",
                                    it=f"{player.name} ha giocato delle partite: unitelo piuttosto alla persona "
                                       "giusta (le sue partite restano)"))
            name = player.name
            s.delete(player)
            s.commit()
        self.forget()
        return name

    # ------------------------------------------------------------ matches
    def create_match(self, slug: str, options: Mapping[str, Any], player_ids: Sequence[int],
                     *, seed: str | None = None, place: str = "") -> int:
        """Validate the options, generate the set-up and store the new match."""
        game = find_game(slug)
        opts = game.validate_options(dict(options))
        need = game.seat_count(opts)
        if len(player_ids) != need:
            raise StoreError(Tr(f"{game.name.fr} avec ces options se joue à {need}, pas à {len(player_ids)}",
                                f"{game.name.en} with these options needs {need} players, got {len(player_ids)}",
                                it=f"{game.name.get('it')} con queste opzioni si gioca in {need}, non in "
                                   f"{len(player_ids)}"))
        if len(set(player_ids)) != len(player_ids):
            raise StoreError(Tr("un même joueur ne peut pas occuper deux places",
                                "the same player cannot take two seats",
                                it="uno stesso giocatore non può occupare due posti"))
        place = _clean_place(place)
        seed = seed or secrets.token_hex(8)
        setup = game.setup(opts, random.Random(f"{seed}:setup"))
        with self.session() as s:
            for pid in player_ids:
                if s.get(Player, pid) is None:
                    raise _no_player(pid)
            key = game_key(slug, opts)
            ensure_game(s, key, str(opts.get("game_name", "")), bgg_id=int(opts.get("bgg_id") or 0),
                        kind=str(opts.get("kind", "high")))
            match = Match(game=key, options=json.dumps(opts), setup=json.dumps(setup.record),
                          seed=seed, place=place, first_seat=first_seat(game.slug, setup.record))
            s.add(match)
            s.flush()
            assert match.id is not None
            for i, pid in enumerate(player_ids):
                s.add(Seat(match_id=match.id, seat_index=i, player_id=pid))
            s.commit()
            return match.id

    def _match(self, s: Session, match_id: int) -> Match:
        match = s.get(Match, match_id)
        if match is None:
            raise _no_match(match_id)
        return match

    def match_id_for_code(self, code: str) -> int | None:
        """The id of the match a link's ``code`` names, or ``None`` (an unknown or malformed code)."""
        if not isinstance(code, str) or not 0 < len(code) <= 32:
            return None
        with self.session() as s:
            found = s.exec(select(Match.id, Match.code).where(Match.code == code)).first()
        if found is None or not secrets.compare_digest(found[1].encode(), code.encode()):
            return None
        return found[0]

    def _replayed(self, match: Match, rows: list[EventRow], names: list[str], replay: bool = True
                  ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """The effective events and the state of ``match`` (kept for the next load of the same log); a log that
        no longer replays raises :class:`LogUnreadable`."""
        assert match.id is not None
        setup = json.loads(match.setup)
        if "imported_from" in setup or not replay:  # an import (its score lines, no events), or the row alone
            return [], {}
        key = (match.seed, len(rows))
        cached = self._cache.get(match.id)
        if cached and cached[0] == key:
            return cached[1], cached[2]
        events = effective_events(rows)
        state = replay_log(find_game(engine_slug(match.game)), setup, names, events, match.id)
        self._cache[match.id] = (key, events, state)
        return events, state

    def load(self, match_id: int, replay: bool = True) -> LoadedMatch:
        """The match ``match_id``, its log replayed; ``replay=False``: its row, seats and score sheet alone (no
        events, an empty state), for a match whose log no longer replays (:class:`LogUnreadable`)."""
        with self.session() as s:
            match = self._match(s, match_id)
            seats = s.exec(select(Seat, Player).join(Player).where(Seat.match_id == match_id)
                           .order_by(col(Seat.seat_index))).all()
            rows = list(s.exec(select(EventRow).where(EventRow.match_id == match_id)
                               .order_by(col(EventRow.seq))))
        names = [p.name for _, p in seats]
        events, state = self._replayed(match, rows, names, replay)
        assert match.id is not None
        return LoadedMatch(match.id, find_game(engine_slug(match.game)), match.status, json.loads(match.options),
                           json.loads(match.setup), match.seed, [p.id for _, p in seats if p.id is not None], names,
                           list(events), rows, state, match.started_at, match.ended_at, match.place, match.notes,
                           json.loads(match.sheet) if match.sheet else None, match.code)

    def is_host(self, sender: Sender) -> bool:
        """Has ``sender`` the host's rights (this machine's browser, or a valid host key)?"""
        return sender.local or (bool(sender.host_key) and self.is_host_key(sender.host_key))

    def authorise(self, m: LoadedMatch, action: Mapping[str, Any], sender: Sender) -> None:
        """Refuse (:class:`StoreError`, both languages) an event ``sender`` may not send, before the engine
        sees it: the game's moves table says who may send each event type (``Game.sender``): ``host``
        only the host; ``seat`` only the phone of the seat the event concerns (``Game.concerns``: its
        ``seat``, a transfer's giver...), or the host (but not a secret move, :attr:`Game.secret_fields`, of a
        seat that has its phone link); ``any`` the
        host or any seat's phone.  The table code sends nothing."""
        by = m.game.sender(action)
        kind = str(action.get("type"))[:40]
        named = m.game.concerns(m.state, action)  # the event's ``seat``, or the field its move names
        if self.is_host(sender):
            # A secret (a bank chosen, an order written) of a seat that has its phone is typed on that phone
            # only; its public moves the host may still play for it (the table's keeper enters them as on
            # a seat with no phone, and the phone only draws its own secrets).
            secret = kind in m.game.secret_fields
            if secret and by == "seat" and type(named) is int and named in self.seat_links(m.id):
                raise _refused(f"ce coup ({quote(kind, 42)}) se joue sur le téléphone de la place {named + 1}",
                               f"this event ({quote(kind, 42)}) is played on seat {named + 1}'s phone",
                               f"questa mossa ({quote(kind, 42)}) si gioca sul telefono del posto {named + 1}")
            return
        seat = self.seat_for_token(m.id, sender.token, who="write") if sender.token else None
        if seat is None:
            raise _refused("cet appareil ne peut rien jouer dans cette partie : seul l'hôte et le téléphone "
                           "d'une place le peuvent",
                           "this device may not play in this match: only the host and a seat's phone may",
                           "questo dispositivo non può giocare in questa partita: possono farlo solo l'host e il "
                           "telefono di un posto")
        if by == "host" or by not in ("seat", "any"):
            raise _refused(f"seul l'hôte peut jouer ce coup ({quote(kind, 42)})",
                           f"only the host may send this event ({quote(kind, 42)})",
                           f"solo l'host può giocare questa mossa ({quote(kind, 42)})")
        if by == "seat" and not (type(named) is int and named == seat):
            raise _refused("un téléphone ne joue que pour sa propre place", "a phone plays only for its own seat",
                           "un telefono gioca solo per il proprio posto")

    def record(self, match_id: int, action: Mapping[str, Any], sender: Sender) -> dict[str, Any]:
        """Authorise (:meth:`authorise`), prepare (recording any random outcome), check, and commit one
        event.

        Returns the committed event.  Raises :class:`StoreError` for a sender who may not send it, a
        match that is over or a disk that refuses the write, :class:`scoring.RulesError` for an illegal
        action, with nothing written.
        """
        for _attempt in range(3):
            m = self.load(match_id)
            if m.status != "in_progress":
                raise _is(match_id, m.status, "plus aucun coup ne s'y joue", "no more events",
                          "non vi si gioca più nessuna mossa")
            self.authorise(m, action, sender)
            seq = len(m.log) + 1
            event = m.game.prepare(m.state, dict(action), event_rng(m.seed, seq))
            new_state = m.game.apply(m.state, event)
            json.dumps(event)  # must be storable as it is
            try:
                with self.session() as s:
                    s.add(EventRow(match_id=match_id, seq=seq, type=str(event["type"]),
                                   payload=json.dumps(event, ensure_ascii=False)))
                    s.commit()
            except IntegrityError:  # another device wrote seq first: reload and try again
                self.forget(match_id)
                continue
            self._cache[match_id] = ((m.seed, seq), [*m.events, event], new_state)
            return event
        raise StoreError(Tr(f"la partie n° {match_id} est très sollicitée : recommencez",
                            f"match #{match_id} is busy: try again",
                            it=f"la partita n. {match_id} è molto sollecitata: riprovate"))

    def undo(self, match_id: int, sender: Sender) -> dict[str, Any]:
        """Cancel the last effective event; returns it.  Only the host may undo.  If another device
        records an event in the meantime, nothing is undone and :class:`StoreError` says so (undoing
        again would take back the other device's event, which this device has not seen)."""
        m = self.load(match_id)
        if m.status != "in_progress":
            raise _is(match_id, m.status, "rien à annuler", "nothing to undo", "niente da annullare")
        if not self.is_host(sender):
            raise _refused("seul l'hôte peut annuler un coup", "only the host may undo an event",
                           "solo l'host può annullare una mossa")
        if not m.events:
            raise StoreError(Tr("rien à annuler", "nothing to undo", it="niente da annullare"))
        last, final = m.events[-1], m.final_event
        if final is not None:
            told = m.game.tell(final, m.names)
            raise StoreError(Tr(f"« {told.fr} » ne peut pas être annulé : ce qu'il a montré ou tiré au sort ne se "
                                "reprend pas",
                                f"“{told.en}” cannot be undone: what it showed or drew cannot be taken back",
                                it=f"«{told.get('it')}» non può essere annullato: ciò che ha mostrato o estratto "
                                   "non si riprende"))
        seq = len(m.log) + 1
        try:
            with self.session() as s:
                s.add(EventRow(match_id=match_id, seq=seq, type="undo",
                               payload=json.dumps({"type": "undo", "undoes": last.get("type")})))
                s.commit()
        except IntegrityError:
            self.forget(match_id)
            raise StoreError(Tr("un autre appareil vient de jouer un coup : rien n'a été annulé. Regardez la partie, "
                                "puis annulez à nouveau si besoin.",
                                "another device has just recorded an event: nothing was undone. Look at the match, "
                                "then undo again if need be.",
                                it="un altro dispositivo ha appena giocato una mossa: non è stato annullato nulla. "
                                   "Guardate la partita, poi annullate di nuovo se serve.")) from None
        return last

    def finish(self, match_id: int) -> ScoreSheet:
        """Score the match and store its sheet; the match moves to the history."""
        m = self.load(match_id)
        if m.status != "in_progress":
            raise _already(match_id, m.status)
        if not m.game.finished(m.state):
            raise StoreError(_NOT_OVER)
        try:
            sheet = m.game.score(m.state)
        except RulesError as exc:
            raise StoreError(Tr(f"la partie ne peut pas être comptée : {exc.get('fr')}",
                                f"cannot score the match: {exc}",
                                it=f"la partita non può essere conteggiata: {exc.get('it')}")) from exc
        with self.session() as s:
            match = self._match(s, match_id)
            match.status, match.ended_at, match.seats = "finished", utcnow(), len(sheet.ranking)
            minutes = m.game.minutes_played(m.state)
            if minutes is not None:  # the length the table wrote (a score pad's play entered afterwards)
                match.started_at = match.ended_at - timedelta(minutes=minutes)
            for row in sheet.ranking:
                pid = m.player_ids[row.seat] if row.seat < len(m.player_ids) else None
                s.add(score_line(match, row.seat, player_id=pid, name=row.name, total=row.total, rank=row.rank,
                                 winner=row.name in sheet.winners,
                                 breakdown=json.dumps(row.breakdown, ensure_ascii=False)))
            match.winner_names = ", ".join(sheet.winners)[:400]
            match.sheet = json.dumps(sheet.to_json(), ensure_ascii=False)
            s.add(match)
            s.commit()
        return sheet

    def abandon(self, match_id: int) -> None:
        with self.session() as s:
            match = self._match(s, match_id)
            if match.status != "in_progress":
                raise _already(match_id, match.status)
            match.status, match.ended_at = "abandoned", utcnow()
            s.add(match)
            s.commit()

    @staticmethod
    def _rename_line(s: Session, line: ScoreRow, match: Match, name: str) -> None:
        """A score line's player is now called ``name``: the line, the match's winners and its stored
        sheet say so (the sheet's row is found by its seat, the winners by the old name)."""
        old_name, line.name = line.name, name
        s.add(line)
        if old_name == name:
            return
        match.winner_names = ", ".join(name if w == old_name else w
                                       for w in match.winner_names.split(", ") if w)[:400]
        if match.sheet:
            sheet = json.loads(match.sheet)
            for row in sheet.get("ranking", []):
                if row.get("seat") == line.seat_index:
                    row["name"] = name
            sheet["winners"] = [name if w == old_name else w for w in sheet.get("winners", [])]
            match.sheet = json.dumps(sheet, ensure_ascii=False)
        s.add(match)

    def _rename_lines(self, s: Session, player: Player) -> None:
        """Every score line of ``player`` (and its match's winners and sheet) takes the player's name."""
        lines = s.exec(select(ScoreRow).where(ScoreRow.player_id == player.id, ScoreRow.name != player.name)).all()
        for line in lines:
            self._rename_line(s, line, self._match(s, line.match_id), player.name)
        self.forget()

    # ------------------------------------------------------------ amendments (docs/architecture.md)
    def update_match(self, match_id: int, *, place: str | None = None, notes: str | None = None,
                     sender: Sender = HOST) -> None:
        """Change a match's place or notes (:meth:`amend_match`)."""
        self.amend_match(match_id, sender, place=place, notes=notes)

    def set_seat_player(self, match_id: int, seat_index: int, name: str, sender: Sender = HOST) -> Player:
        """Correct who sat at a seat of a match, by name (:meth:`amend_match`); returns that player."""
        self.amend_match(match_id, sender, names={seat_index: name})
        with self.session() as s:
            seat = s.exec(select(Seat).where(Seat.match_id == match_id, Seat.seat_index == seat_index)).one()
            player = s.get(Player, seat.player_id)
        assert player is not None
        return player

    def amend_match(self, match_id: int, sender: Sender, *, place: str | None = None, notes: str | None = None,
                    day: date | None = None, names: Mapping[int, str] | None = None) -> bool:
        """Amend a match: its place, its notes, the day it was played (a finished match: its start and
        end move by whole days, its length stays), who sat at its seats (``names``: seat index → name of
        an existing player, whatever the case, else of a new one; two seats may swap).  Only the host may.

        Every change is written at once with one ``amend`` row appended to the match's log: who (the
        label of the device given host rights; ``""`` the host's own screen), when, and each value before
        and after, which the review's timeline shows.  The match's columns, seats, score lines and
        stored sheet take the new values, so that the history, statistics and exports read them; the
        engines never see the row (:func:`db.documents.effective_events`).  Returns whether anything
        changed.  Refuses, with nothing written (:class:`StoreError`, both languages): another sender
        than the host, an empty or too long name or place, too long notes, a day after today, a seat
        the match has not, one player at two seats.
        """
        if not self.is_host(sender):
            raise _refused("seul l'hôte peut modifier une partie", "only the host may edit a match",
                           "solo l'host può modificare una partita")
        if notes is not None and len(notes) > MAX_NOTES:
            raise StoreError(Tr(f"les notes ont au plus {MAX_NOTES} caractères, celles-ci en ont {len(notes)}",
                                f"notes are at most {MAX_NOTES} characters, got {len(notes)}",
                                it=f"le note hanno al massimo {MAX_NOTES} caratteri, queste ne hanno "
                                   f"{len(notes)}"))
        cleaned = {int(i): _clean_name(n) for i, n in (names or {}).items()}
        by = self._sender_label(sender)
        with self.session() as s:
            match = self._match(s, match_id)
            changes: dict[str, list[str]] = {}
            if place is not None and _clean_place(place) != match.place:
                changes["place"], match.place = [match.place, _clean_place(place)], _clean_place(place)
            if notes is not None and notes != match.notes:
                changes["notes"], match.notes = [match.notes, notes], notes
            if day is not None:
                self._amend_day(s, match, day, changes)
            seats = self._amend_seats(s, match, cleaned)
            if not changes and not seats:
                return False
            s.add(match)
            seq = (s.exec(select(func.max(EventRow.seq)).where(EventRow.match_id == match_id)).one() or 0) + 1
            s.add(EventRow(match_id=match_id, seq=seq, type=AMEND, payload=json.dumps(
                {"type": AMEND, "by": by, "changes": changes, "seats": seats}, ensure_ascii=False)))
            try:
                s.commit()
            except IntegrityError:  # a device recorded a move at that very moment
                raise StoreError(Tr(f"la partie n° {match_id} est très sollicitée : recommencez",
                                    f"match #{match_id} is busy: try again",
                                    it=f"la partita n. {match_id} è molto sollecitata: riprovate")) from None
        self.forget(match_id)
        return True

    def _sender_label(self, sender: Sender) -> str:
        """The label of the device given host rights whose key ``sender`` shows (``""``: the host's own)."""
        if sender.local or not sender.host_key:
            return ""
        shown = sender.host_key.encode()
        return next((d.label for d in self.host_devices() if secrets.compare_digest(d.key.encode(), shown)), "")

    @staticmethod
    def _amend_day(s: Session, match: Match, day: date, changes: dict[str, list[str]]) -> None:
        """Move a finished match to ``day`` (its start and end by the same time, its lines' copies too)."""
        if match.ended_at is None or match.status != "finished":
            raise StoreError(Tr(f"la partie n° {match.id} n'est pas terminée : sa date ne se change pas encore",
                                f"match #{match.id} is not finished: its date cannot be changed yet",
                                it=f"la partita n. {match.id} non è terminata: la sua data non si può ancora "
                                   "cambiare"))
        ended = match.ended_at if match.ended_at.tzinfo else match.ended_at.replace(tzinfo=UTC)  # SQLite: UTC
        local_end = ended.astimezone()
        today = datetime.now().astimezone().date()
        if day > today:
            raise StoreError(Tr(f"une partie ne peut pas avoir été jouée dans le futur ({day.isoformat()} est après "
                                f"aujourd'hui)", f"a match cannot have been played in the future ({day.isoformat()} "
                                f"is after today)",
                                it=f"una partita non può essere stata giocata nel futuro ({day.isoformat()} "
                                   f"è dopo oggi)"))
        if day == local_end.date():
            return
        shift = datetime.combine(day, local_end.time()).astimezone() - local_end
        changes["date"] = [local_end.date().isoformat(), day.isoformat()]
        match.started_at, match.ended_at = match.started_at + shift, ended + shift
        for line in s.exec(select(ScoreRow).where(ScoreRow.match_id == match.id)):
            line.ended_at = match.ended_at
            s.add(line)

    def _amend_seats(self, s: Session, match: Match, names: Mapping[int, str]) -> list[list[Any]]:
        """Seat the players ``names`` asks for (seat index → name); returns ``[seat, before, after]`` of
        each seat that changed."""
        if not names:
            return []
        seats = {seat.seat_index: seat for seat in s.exec(select(Seat).where(Seat.match_id == match.id))}
        sitting = {i: s.get(Player, seat.player_id) for i, seat in seats.items()}
        chosen: dict[int, Player] = {i: p for i, p in sitting.items() if p is not None}
        for i, name in names.items():
            if i not in seats:
                raise StoreError(Tr(f"la partie n° {match.id} n'a pas de place {i + 1}",
                                    f"match #{match.id} has no seat {i + 1}",
                                    it=f"la partita n. {match.id} non ha un posto {i + 1}"))
            player = s.exec(select(Player).where(func.lower(Player.name) == name.lower())).first()
            if player is None:
                player = Player(name=name)
                s.add(player)
                s.flush()
            chosen[i] = player
        for i in sorted(names):
            clash = next((j for j, p in chosen.items() if j != i and p.id == chosen[i].id), None)
            if clash is not None:
                who = quote_name(chosen[i].name)
                raise StoreError(Tr(f"{who} occupe déjà la place {clash + 1} de la partie n° {match.id}",
                                    f"{who} already sits at seat {clash + 1} of match #{match.id}",
                                    it=f"{who} occupa già il posto {clash + 1} della partita "
                                       f"n. {match.id}"))
        changed = sorted(i for i in names if chosen[i].id != seats[i].player_id)
        renamed = {sitting[i].name: chosen[i].name for i in changed if sitting[i] is not None}  # type: ignore[union-attr]
        for i in changed:
            seats[i].player_id = chosen[i].id  # type: ignore[assignment]
            s.add(seats[i])
        if changed:
            self._rename_seats(s, match, {i: chosen[i] for i in changed}, renamed)
        return [[i, sitting[i].name if sitting[i] else "", chosen[i].name] for i in changed]  # type: ignore[union-attr]

    @staticmethod
    def _rename_seats(s: Session, match: Match, players: Mapping[int, Player], renamed: Mapping[str, str]) -> None:
        """The score lines of the seats ``players`` names, the match's winners and its stored sheet name
        the new players, all at once (two seats that swap keep their own winners)."""
        for line in s.exec(select(ScoreRow).where(ScoreRow.match_id == match.id,
                                                  col(ScoreRow.seat_index).in_(list(players)))):
            line.player_id, line.name = players[line.seat_index].id, players[line.seat_index].name
            s.add(line)
        match.winner_names = ", ".join(renamed.get(w, w) for w in match.winner_names.split(", ") if w)[:400]
        if match.sheet:
            sheet = json.loads(match.sheet)
            for row in sheet.get("ranking", []):
                if row.get("seat") in players:
                    row["name"] = players[row["seat"]].name
            sheet["winners"] = [renamed.get(w, w) for w in sheet.get("winners", [])]
            match.sheet = json.dumps(sheet, ensure_ascii=False)

    def rematch(self, match_id: int, sender: Sender = HOST) -> int:
        """Start the same game again with the same players at the same seats, the same options and
        place (the set-up drawn anew); returns the new match's id.  A match still running whose game
        is over is scored first.  Only the host may."""
        if not self.is_host(sender):
            raise _refused("seul l'hôte peut lancer une revanche", "only the host may start a rematch",
                           "solo l'host può avviare una rivincita")
        m = self.load(match_id)
        if m.status == "in_progress":
            if not m.game.finished(m.state):
                raise StoreError(_NOT_OVER)
            self.finish(match_id)
        known = {o.key for o in m.game.options}
        try:
            return self.create_match(m.game.slug, {k: v for k, v in m.options.items() if k in known},
                                     m.player_ids, place=m.place)
        except RulesError as exc:
            raise StoreError(Tr(f"pas de revanche possible : {exc.get('fr')}", f"no rematch possible: {exc}",
                                it=f"nessuna rivincita possibile: {exc.get('it')}")) from exc

    def delete_match(self, match_id: int) -> dict[str, Any]:
        """Delete a match with its seats, events and score lines; returns its document for
        :meth:`undelete_match` (the screen's short undo)."""
        with self.session() as s:
            match = self._match(s, match_id)
            doc = match_document(s, match)
            for row in (*s.exec(select(ScoreRow).where(ScoreRow.match_id == match_id)),
                        *s.exec(select(EventRow).where(EventRow.match_id == match_id)),
                        *s.exec(select(Seat).where(Seat.match_id == match_id))):
                s.delete(row)
            s.flush()
            s.delete(match)
            s.commit()
        self.forget(match_id)
        return doc

    def undelete_match(self, doc: dict[str, Any]) -> int:
        """Put back a match deleted by :meth:`delete_match`; returns its id.

        It keeps its own id and code, unless a match started since was given that id (SQLite hands
        out the highest id again once its match is deleted): then it comes back under a new one.
        Putting back a match that is already back (the same match in every field but its id) is refused.
        """
        with self.session() as s:
            for twin in s.exec(select(Match).where(Match.seed == doc.get("seed"), Match.game == doc.get("game"))):
                if {**match_document(s, twin), "id": None} == {**doc, "id": None}:
                    raise StoreError(Tr(f"la partie n° {doc.get('id')} existe déjà (n° {twin.id})",
                                        f"match #{doc.get('id')} already exists (as #{twin.id})",
                                        it=f"la partita n. {doc.get('id')} esiste già (n. {twin.id})"))
            players = {p.id: p.name for p in s.exec(select(Player)) if p.id is not None}
            try:  # a match whose log no longer replays comes back as it went (its screens say so)
                where = Tr(f"partie n° {doc.get('id')}", f"match #{doc.get('id')}", it=f"partita n. {doc.get('id')}")
                m, _unreadable = check_match(doc, players, where)
            except RestoreError as exc:
                raise StoreError(exc.text) from exc
            new_id = insert_match(s, m, new_id=s.get(Match, m.id) is not None)
            s.commit()
        return new_id

    # ------------------------------------------------------------ lists
    def _page_statements(self, status: str) -> tuple[Any, Any, Any]:
        """The three statements of a page of ``status`` matches, built once per store (building
        them each time cost a fifth of the page).  The ids of the page are one bound list:
        ``IN (...)``, or on PostgreSQL ``= ANY(:ids)``, one array parameter instead of a hundred
        (3.7x the hand-written SQL's time with the list, in docs/benchmarks.md)."""
        built = self._pages.get(status)
        if built is None:
            if self.engine.dialect.name == "postgresql":
                # Imported here: the PostgreSQL dialect's modules cost a SQLite start-up 40 ms.
                from sqlalchemy.dialects.postgresql import ARRAY

                def among(column: Any) -> Any:
                    return column == any_(bindparam("ids", type_=ARRAY(Integer)))
            else:
                def among(column: Any) -> Any:
                    return column.in_(bindparam("ids", expanding=True))
            order = col(Match.ended_at).desc() if status == "finished" else col(Match.started_at).desc()
            built = (core_select(col(Match.id), col(Match.game), col(Match.started_at), col(Match.ended_at),
                                 col(Match.winner_names), col(Match.place))
                     .where(col(Match.status) == status).order_by(order, col(Match.id).desc())
                     .offset(bindparam("offset")).limit(bindparam("limit")),
                     select(Seat.match_id, Player.name).join(Player, col(Player.id) == col(Seat.player_id))
                     .where(among(col(Seat.match_id))).order_by(col(Seat.seat_index)),
                     select(ScoreRow.match_id, ScoreRow.name, ScoreRow.total).where(among(col(ScoreRow.match_id)))
                     .order_by(col(ScoreRow.rank), col(ScoreRow.seat_index)))
            self._pages[status] = built
        return built

    def _summaries(self, status: str, limit: int, offset: int) -> list[MatchSummary]:
        """One page of matches: three narrow queries selecting only the columns the list shows.

        (Whole entities would drag each match's set-up and score-sheet JSON and each line's
        breakdown through the ORM: 5x the hand-written SQL in docs/benchmarks.md.)
        """
        page, seats, lines = self._page_statements(status)
        # Core statements on a bare connection: no ORM session or entity bookkeeping for a read-only list.
        with self.engine.connect() as c:
            matches = c.execute(page, {"limit": limit, "offset": offset}).all()
            names: dict[int, list[str]] = {m[0]: [] for m in matches if m[0] is not None}
            ids = {"ids": list(names)}
            for match_id, name in c.execute(seats, ids).all():
                names[match_id].append(name)
            totals: dict[int, list[tuple[str, int]]] = {i: [] for i in names}
            for match_id, name, total in c.execute(lines, ids).all():
                totals[match_id].append((name, total))
        return [MatchSummary(mid, game, status, started, ended, names[mid], [w for w in winners.split(", ") if w],
                             totals[mid], place)
                for mid, game, started, ended, winners, place in matches if mid is not None]

    def in_progress(self, limit: int = 50) -> list[MatchSummary]:
        return self._summaries("in_progress", limit, 0)

    def history(self, limit: int = 50, offset: int = 0, query: HistoryQuery | None = None) -> list[MatchSummary]:
        """Finished matches, newest first: :func:`db.history.search` (``query``: what it keeps)."""
        return search(self.engine, query or HistoryQuery(), limit, offset=offset).matches

    def history_page(self, query: HistoryQuery, after: Cursor | None = None, limit: int = 50) -> Page:
        """One page of the history's list, and where the next one starts (:func:`db.history.search`)."""
        return search(self.engine, query, limit, after)
