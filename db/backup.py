"""Full JSON backup and restore of the history, CSV export.

A backup holds every player, match, seat, event, score line and setting, with their ids, and
the JSON columns (options, set-up, event payloads, score sheets) as the exact text stored, so a
restore into an empty database gives back the same history, byte for byte, on SQLite or
PostgreSQL.  :func:`restore` checks the whole document first (:class:`BackupDoc`, the pydantic
models of :mod:`db.documents`: the screens' limits, numbers within their columns, dates within the
calendar, every match's game, options and seats), then writes it in one transaction: all or nothing, and
one message in French and English naming the first problem.  Every match is replayed through its engine: one
whose log no longer replays (written under another version of a game's rules) is restored all the same, as
the history kept it, and named in :attr:`Restored.unreadable` (its screens say so, as for any such match).

>>> from db.store import Store
>>> a, b = Store("sqlite://"), Store("sqlite://")
>>> _ = a.add_player("Léa")
>>> doc = backup(a)
>>> restore(b, doc).players
1
>>> [p.name for p in b.players()]
['Léa']
>>> restore(b, doc)
Traceback (most recent call last):
...
db.errors.RestoreError: a backup is restored into an empty history, and this one is not (players: 1, matches: 0). ...
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any

from pydantic import Field, ValidationError
from sqlalchemy import func, text
from sqlmodel import Session, col, select

from db.documents import Doc, Id, MatchDoc, Name, When, check_match, insert_match, iso, match_document, quote_name
from db.documents import refusal as _refusal
from db.errors import RestoreError
from db.games import game_name, is_pad
from db.models import SCHEMA_VERSION, GameRow, Match, Meta, Player, ScoreRow
from db.stats import NO_FILTERS, Filters
from db.store import Store
from scoring import Tr
from scoring.core import quote

__all__ = ["CSV_COLUMNS", "FORMAT", "VERSION", "BackupDoc", "RestoreError", "Restored", "backup", "check_backup",
           "check_match", "csv_rows", "insert_match", "kind_of", "match_document", "matches_csv", "neutral", "restore"]

FORMAT = "compagnon-backup"
VERSION = 1
_REFUSED = Tr("Sauvegarde refusée, rien n'a été restauré : ", "Backup refused, nothing was restored: ",
              it="Backup rifiutato, non è stato ripristinato nulla: ")


@dataclass(frozen=True)
class Restored:
    players: int
    matches: int
    #: the matches restored whose log no longer replays with this version (their id): kept as they are, their
    #: screens say so (:class:`db.errors.LogUnreadable`)
    unreadable: tuple[int, ...] = ()


class PlayerDoc(Doc):
    id: Id
    name: Name
    created_at: When


#: the longest setting a backup may carry (``bgstats.carried`` keeps a whole BG Stats file's records)
MAX_SETTING = 64_000_000


class BackupDoc(Doc):
    """A whole backup; its matches are checked one by one afterwards (:func:`db.documents.check_match`)."""

    format: str
    version: int
    players: Annotated[list[PlayerDoc], Field(max_length=1_000_000)]
    matches: Annotated[list[Any], Field(max_length=10_000_000)]
    settings: dict[Annotated[str, Field(min_length=1, max_length=56)],
                   Annotated[str, Field(max_length=MAX_SETTING)]] = {}


#: what is told how far a backup or a restore has gone: ``progress(done, total)``, in matches
Progress = Callable[[int, int], None]


def _no_progress(_done: int, _total: int) -> None:
    pass


# ---------------------------------------------------------------- the whole history
def backup(store: Store, progress: Progress | None = None) -> dict[str, Any]:
    """Everything in the history, as one JSON-ready document (host keys are never part of it).
    ``progress(done, total)``: told how many matches are written out, from ``(0, total)`` on (a
    screen shows it; it is called from the thread doing the work)."""
    tell = progress or _no_progress
    with store.session() as s:
        players = s.exec(select(Player).order_by(col(Player.id))).all()
        matches = s.exec(select(Match).order_by(col(Match.id))).all()
        settings = s.exec(select(Meta).where(col(Meta.key).startswith("setting:")).order_by(col(Meta.key))).all()
        tell(0, len(matches))
        documents = []
        for m in matches:
            documents.append(match_document(s, m))
            tell(len(documents), len(matches))
        return {
            "format": FORMAT, "version": VERSION, "schema": SCHEMA_VERSION,
            "exported_at": iso(datetime.now(UTC)),
            "settings": {m.key.removeprefix("setting:"): m.value for m in settings},
            "players": [{"id": p.id, "name": p.name, "created_at": iso(p.created_at)} for p in players],
            "matches": documents,
        }


def kind_of(doc: Any) -> str | None:
    """``backup``, ``bgstats`` or ``None``, from the document's content."""
    if isinstance(doc, dict) and doc.get("format") == FORMAT:
        return "backup"
    if isinstance(doc, dict) and isinstance(doc.get("plays"), list):
        return "bgstats"
    return None


def _check_head(doc: Any) -> None:
    kind = kind_of(doc)
    if kind == "bgstats":
        raise RestoreError(Tr("ce fichier est un export de BG Stats, pas une sauvegarde de Compagnon : importez-le "
                              "comme tel, ses parties s'ajoutent à l'historique",
                              "this file is a BG Stats export, not a Compagnon backup: import it as one, its plays "
                              "are added to the history",
                              it="questo file è un export di BG Stats, non un backup di Compagnon: importatelo come "
                                 "tale, le sue partite si aggiungono alla cronologia"))
    if kind != "backup":
        raise RestoreError(Tr("ce fichier n'est pas une sauvegarde de Compagnon (celles-ci viennent de sa "
                              "« Sauvegarde complète »)",
                              "this file is not a Compagnon backup (those come from its “Full backup”)",
                              it="questo file non è un backup di Compagnon (quelli vengono dal suo «Backup "
                                 "completo»)"))
    if doc.get("version") != VERSION:
        raise RestoreError(Tr(f"la version {quote(doc.get('version'))} de cette sauvegarde n'est pas prise en charge "
                              f"(cette version de l'app lit la version {VERSION})",
                              f"backup version {quote(doc.get('version'))} is not supported (this app reads {VERSION})",
                              it=f"la versione {quote(doc.get('version'))} di questo backup non è supportata "
                                 f"(questa versione dell'app legge la versione {VERSION})"))


def _check_players(players: list[PlayerDoc]) -> dict[int, str]:
    ids: dict[int, str] = {}
    names: set[str] = set()
    for i, p in enumerate(players):
        if p.id in ids:
            raise RestoreError(Tr(f"joueur {i + 1} : le numéro {p.id} apparaît deux fois",
                                  f"player {i + 1}: id {p.id} appears twice",
                                  it=f"giocatore {i + 1}: il numero {p.id} compare due volte"))
        if p.name.lower() in names:
            raise RestoreError(Tr(f"joueur {i + 1} : le nom {quote_name(p.name)} apparaît deux fois",
                                  f"player {i + 1}: the name {quote_name(p.name)} is empty or appears twice",
                                  it=f"giocatore {i + 1}: il nome {quote_name(p.name)} compare due volte"))
        ids[p.id] = p.name
        names.add(p.name.lower())
    return ids


def _check_matches(raw: list[Any], players: dict[int, str]) -> tuple[list[MatchDoc], tuple[int, ...]]:
    out: list[MatchDoc] = []
    unreadable: list[int] = []
    ids: set[int] = set()
    codes: set[str] = set()
    for i, doc in enumerate(raw):
        known = f" (#{quote(doc.get('id'), 20)})" if isinstance(doc, dict) else ""
        where = Tr(f"partie {i + 1}{known}", f"match {i + 1}{known}", it=f"partita {i + 1}{known}")
        m, log_unreadable = check_match(doc, players, where)
        if m.id is None or m.id in ids:
            raise RestoreError(Tr("{w} : le numéro {n} manque ou apparaît deux fois",
                                  "{w}: id {n} appears twice or is missing",
                                  it="{w}: il numero {n} manca o compare due volte").format(w=where, n=m.id))
        if m.code is not None and m.code in codes:
            raise RestoreError(Tr("{w} : le code {c} apparaît deux fois", "{w}: code {c} appears twice",
                                  it="{w}: il codice {c} compare due volte").format(w=where, c=quote(m.code)))
        ids.add(m.id)
        codes.add(m.code or "")
        out.append(m)
        if log_unreadable is not None:
            unreadable.append(m.id)
    return out, tuple(unreadable)


def check_backup(doc: Any) -> tuple[BackupDoc, list[MatchDoc], tuple[int, ...]]:
    """The document checked whole, or :class:`RestoreError` naming its first problem (French and
    English, after "Backup refused, nothing was restored: "); with it, the ids of the matches whose log no
    longer replays with this version (restored all the same: see :class:`Restored`)."""
    try:
        _check_head(doc)
        try:
            whole = BackupDoc.model_validate(doc)
        except ValidationError as exc:
            raise _refusal(exc, doc) from None
        players = _check_players(whole.players)
        return whole, *_check_matches(whole.matches, players)
    except RestoreError as exc:
        raise RestoreError(Tr("{a}{b}", "{a}{b}", it="{a}{b}").format(a=_REFUSED, b=exc.text)) from None


def _reset_sequences(session: Session) -> None:
    """PostgreSQL: ids were written by hand, so move each table's id sequence past them."""
    if session.get_bind().dialect.name != "postgresql":
        return
    for table in ("player", "match", "seat", "event", "score"):
        session.execute(text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                             f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"))


def _refuse_unless_empty(s: Session) -> None:
    n_players = s.exec(select(func.count()).select_from(Player)).one()
    n_matches = s.exec(select(func.count()).select_from(Match)).one()
    if n_players or n_matches:
        raise RestoreError(Tr(f"une sauvegarde se restaure dans un historique vide, et celui-ci ne l'est pas "
                              f"(joueurs : {n_players}, parties : {n_matches}). Pour la restaurer, lancez Compagnon "
                              "sur un historique vide (un autre COMPAGNON_DATA_DIR ou DATABASE_URL) ; celui-ci reste "
                              "tel quel",
                              f"a backup is restored into an empty history, and this one is not (players: {n_players}, "
                              f"matches: {n_matches}). To restore it, start Compagnon on an empty history "
                              "(another COMPAGNON_DATA_DIR or DATABASE_URL); this one stays as it is",
                              it=f"un backup si ripristina in uno storico vuoto, e questo non lo è (giocatori: "
                                 f"{n_players}, partite: {n_matches}). Per ripristinarlo, avviate Compagnon su uno "
                                 "storico vuoto (un altro COMPAGNON_DATA_DIR o DATABASE_URL); questo resta com'è"))


def restore(store: Store, doc: Any, progress: Progress | None = None) -> Restored:
    """Restore a backup into an empty database: all of it, or nothing.  A backup without match codes
    (written before schema 5) gives its matches new ones.  ``progress(done, total)``: told how many
    matches are written (see :func:`backup`)."""
    tell = progress or _no_progress
    whole, matches, unreadable = check_backup(doc)
    with store.session() as s:
        _refuse_unless_empty(s)
        tell(0, len(matches))
        for p in whole.players:
            s.add(Player(id=p.id, name=p.name, created_at=p.created_at))
        s.flush()
        for done, m in enumerate(matches, 1):
            insert_match(s, m)
            tell(done, len(matches))
        for key, value in whole.settings.items():
            s.merge(Meta(key=f"setting:{key}", value=value))
        s.flush()
        _reset_sequences(s)
        s.commit()
    store.forget()
    return Restored(len(whole.players), len(matches), unreadable)


# ---------------------------------------------------------------- CSV
CSV_COLUMNS = ("match", "game", "game_name", "started_at", "ended_at", "minutes", "place", "seat", "first_player",
               "player", "total", "rank", "winner", "breakdown", "notes")

#: what a spreadsheet reads as the start of a formula (OWASP's list for CSV injection)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutral(cell: Any) -> Any:
    """A cell a spreadsheet will show, never run: a text beginning with one of
    :data:`FORMULA_STARTS` gets a ``'`` in front (OWASP's rule).  Numbers are written as numbers
    (a score of -3 stays the number -3: the columns that hold numbers hold only numbers).

    >>> neutral("=HYPERLINK(\\"http://x\\")"), neutral("-3"), neutral(-3), neutral("Léa")
    ('\\'=HYPERLINK("http://x")', "'-3", -3, 'Léa')
    """
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


def csv_rows(store: Store, filters: Filters = NO_FILTERS, lang: str = "fr") -> Iterator[list[Any]]:
    """One row per score line of the finished matches, newest match first (a header row first); text
    cells neutralised (:func:`neutral`).  ``game`` is the game's key (the same through a renaming: a pivot
    table's column), ``game_name`` its name as the table reads it in ``lang`` (a score pad's game as it was
    named, an engine's from its card)."""
    yield list(CSV_COLUMNS)
    query = (select(Match.id, Match.game, Match.started_at, Match.ended_at, Match.place, Match.notes,
                    Match.first_seat, ScoreRow.seat_index, ScoreRow.name, ScoreRow.total, ScoreRow.rank,
                    ScoreRow.winner, ScoreRow.breakdown)  # type: ignore[call-overload]
             .select_from(ScoreRow).join(Match, col(Match.id) == col(ScoreRow.match_id))
             .where(*filters.conditions())
             .order_by(col(Match.ended_at).desc(), col(Match.id).desc(), col(ScoreRow.seat_index)))
    with store.session() as s:
        named = {key: name for key, name in s.exec(select(GameRow.key, GameRow.name))}
        for mid, game, start, end, place, notes, first, seat, name, total, rank, winner, breakdown in (
                s.exec(query).yield_per(2000)):
            minutes = round((end - start).total_seconds() / 60, 1) if end and start else ""
            parts = json.loads(breakdown) if breakdown else {}
            detail = "; ".join(f"{k}={v}" for k, v in parts.items()) if isinstance(parts, dict) else breakdown
            shown = (named.get(game) if is_pad(game) else None) or game_name(game, lang)
            yield [mid, game, neutral(shown), iso(start), iso(end), minutes, neutral(place),
                   seat + 1, "yes" if seat == first else "", neutral(name), total, rank, "yes" if winner else "",
                   neutral(detail), neutral(notes)]


def matches_csv(store: Store, filters: Filters = NO_FILTERS, lang: str = "fr") -> str:
    """The finished matches and their scores as CSV text (UTF-8, comma-separated, one line per score line,
    lines ended by CRLF as RFC 4180 says: a cell holding a carriage return is then quoted, never split)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    for row in csv_rows(store, filters, lang):
        writer.writerow(row)
    return out.getvalue()
