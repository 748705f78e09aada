"""The history's refusals, in French, English and Italian, and what a failing disk or server becomes.

Every module of ``db`` raises these (they sit below all of them: no import cycle).  An error
carries a :class:`scoring.Tr`, like :class:`scoring.RulesError`: ``str(error)`` is the English
(logs), ``error.get(lang)`` the table's language (the app shows it through ``app.state.error_text``).

>>> e = StoreError(Tr("aucun joueur n'a le numéro 7", "no player with id 7"))
>>> str(e), e.get("fr")
('no player with id 7', "aucun joueur n'a le numéro 7")
>>> StoreError("plain").get("fr")
'plain'
"""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError, IntegrityError

from scoring import Tr


class StoreError(ValueError):
    """A request the history cannot honour (unknown match, bad name, full disk...), with nothing
    written.  A plain string is accepted for a text that reads the same in every language."""

    def __init__(self, message: Tr | str) -> None:
        self.text = message if isinstance(message, Tr) else Tr(message, message, it=message)
        super().__init__(self.text.en)

    def get(self, lang: str) -> str:
        return self.text.get(lang)


class LogUnreadable(StoreError):
    """A match whose event log no longer replays (a log written by another version of a game's rules, or
    changed by hand): its row, seats and score sheet are intact, its screens cannot be drawn from the log.
    Names the match, the event's place in the log and its type (public: the moves table's), never the
    engine's reason, which may quote what a seat keeps secret.

    >>> e = LogUnreadable(7, 3, "take")
    >>> e.get("en")
    "match #7's log no longer replays with this version of Compagnon: its event 3 (take) is refused"
    >>> (e.match_id, e.position, e.kind)
    (7, 3, 'take')
    """

    def __init__(self, match_id: int, position: int, kind: str) -> None:
        kind = " ".join(str(kind).split())[:40] or "?"
        super().__init__(Tr(
            f"le journal de la partie n° {match_id} ne se rejoue plus avec cette version de Compagnon : son "
            f"événement {position} ({kind}) est refusé",
            f"match #{match_id}'s log no longer replays with this version of Compagnon: its event {position} "
            f"({kind}) is refused",
            it=f"il registro della partita n. {match_id} non si riproduce più con questa versione di Compagnon: "
               f"il suo evento {position} ({kind}) è rifiutato"))
        self.match_id, self.position, self.kind = match_id, position, kind


class RestoreError(StoreError):
    """A backup (or a deleted match's document) that cannot be written back: the message names
    the first bad field (``match 3 (#3), seat 1: no player with id 99 in the backup``)."""


class StorageError(StoreError):
    """The database refused a write for a reason of its own (a full disk, a read-only file or
    server, an unreachable server): nothing was written, and the same write works once the cause
    is gone.  ``reason``: ``"full"``, ``"read-only"``, ``"busy"`` or ``"unavailable"``."""

    def __init__(self, message: Tr, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


_FULL = Tr("le disque de l'historique est plein : rien n'a été enregistré. Libérez de la place, puis recommencez "
           "(ce qui était déjà enregistré est intact).",
           "the history's disk is full: nothing was recorded. Free some space, then try again "
           "(what was recorded before is intact).",
           it="il disco dello storico è pieno: non è stato registrato nulla. Liberate dello spazio, poi riprovate "
              "(ciò che era già registrato è intatto).")
_READ_ONLY = Tr("l'historique est en lecture seule (fichier ou serveur protégé en écriture) : rien n'a été "
                "enregistré. Rendez-le inscriptible, puis recommencez.",
                "the history is read-only (a write-protected file or server): nothing was recorded. "
                "Make it writable, then try again.",
                it="lo storico è in sola lettura (file o server protetto da scrittura): non è stato registrato "
                   "nulla. Rendetelo scrivibile, poi riprovate.")
_BUSY = Tr("l'historique est occupé par une autre écriture : rien n'a été enregistré, recommencez.",
           "the history is busy with another write: nothing was recorded, try again.",
           it="lo storico è occupato da un'altra scrittura: non è stato registrato nulla, riprovate.")
_UNAVAILABLE = Tr("la base de données de l'historique ne répond pas : rien n'a été enregistré. Vérifiez-la, "
                  "puis recommencez.",
                  "the history's database does not answer: nothing was recorded. Check it, then try again.",
                  it="il database dello storico non risponde: non è stato registrato nulla. Controllatelo, "
                     "poi riprovate.")

#: (reason, text, what the driver's message says, PostgreSQL SQLSTATE codes)
_KINDS = (
    ("full", _FULL, ("database or disk is full", "no space left"), ("53100",)),
    ("read-only", _READ_ONLY, ("readonly database", "read-only", "read only"), ("25006",)),
    ("busy", _BUSY, ("database is locked", "database table is locked"), ("40001", "40P01", "55P03")),
    ("unavailable", _UNAVAILABLE, ("disk i/o error", "unable to open database"), ()),
)


def storage_error(exc: BaseException) -> StorageError | None:
    """What a driver's error means for the user, or ``None`` when it is not the storage's doing
    (an :class:`IntegrityError` is a conflict between writers, which callers handle themselves).

    >>> import sqlite3
    >>> full = DBAPIError("INSERT", {}, sqlite3.OperationalError("database or disk is full"))
    >>> storage_error(full).reason, storage_error(ValueError("x")) is None
    ('full', True)
    """
    if not isinstance(exc, DBAPIError) or isinstance(exc, IntegrityError):
        return None
    message = str(exc.orig).lower()
    code = getattr(exc.orig, "sqlstate", None) or getattr(exc.orig, "pgcode", None) or ""
    for reason, text, words, codes in _KINDS:
        if code in codes or any(w in message for w in words):
            return StorageError(text, reason)
    if exc.connection_invalidated or code.startswith(("08", "57", "53", "58")):
        return StorageError(_UNAVAILABLE, "unavailable")
    return None
