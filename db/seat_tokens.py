"""Seat tokens: the unguessable link that opens one seat's private view on a phone.

A token is bound to one match and one seat, comes from :mod:`secrets`, and can be
revoked and reissued (a lost or shared phone).  At most one token per seat is
active.  Every refused lookup (unknown, revoked, another match's, or a finished
match's token) returns ``None`` and is logged.

>>> from db.store import Store
>>> store = Store("sqlite://")
>>> ids = [store.add_player(n).id for n in ("Ange", "Bébert", "Carlo", "Dédé")]
>>> m = store.create_match("traction-avant", {"players": 4}, ids, seed="doc")
>>> token = store.issue_seat_token(m, 1)
>>> store.seat_for_token(m, token)
1
>>> store.seat_for_token(m, "forged") is None
True
"""

from __future__ import annotations

import logging
import secrets
from datetime import datetime

from sqlalchemy import Column, DateTime
from sqlmodel import Field, Session, SQLModel, col, select

from db.errors import StoreError
from db.models import Match, Seat, utcnow
from scoring import Tr
from scoring.core import quote

log = logging.getLogger("compagnon.seats")

#: bytes of randomness in a token (32 URL-safe characters)
TOKEN_BYTES = 24


class SeatToken(SQLModel, table=True):
    """One link to one seat of one match.  ``revoked_at`` set: it opens nothing any more."""

    __tablename__ = "seat_token"

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="match.id", index=True, ondelete="CASCADE")
    seat_index: int
    token: str = Field(max_length=64, unique=True, index=True)
    issued_at: datetime = Field(default_factory=utcnow, sa_column=Column(DateTime(timezone=True), nullable=False))
    #: the first time a phone opened the link (the host then hides that seat's QR code)
    claimed_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True)))
    revoked_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True)))


class SeatTokenError(StoreError):
    """A token request the store cannot honour (unknown match, no such seat, match over), in French
    and English (a :class:`db.errors.StoreError`)."""


def _shown(token: str) -> str:
    """What the log may say of a token: its first characters, never enough to use it."""
    return repr(token[:6] + "…") if len(token) > 6 else repr(token)


class SeatTokens:
    """Mixed into :class:`db.store.Store` (it needs ``session()``)."""

    def session(self) -> Session:  # pragma: no cover - provided by Store
        raise NotImplementedError

    def _seat_count(self, s: Session, match_id: int) -> int:
        match = s.get(Match, match_id)
        if match is None:
            said = quote(match_id)
            raise SeatTokenError(Tr(f"aucune partie n'a le numéro {said}", f"no match with id {said}",
                                     it=f"nessuna partita ha il numero {said}"))
        if match.status != "in_progress":
            raise SeatTokenError(Tr(f"la partie n° {match_id} n'est plus en cours : ses places sont fermées",
                                    f"match #{match_id} is {match.status.replace('_', ' ')}: its seats are closed",
                                    it=f"la partita n. {match_id} non è più in corso: i suoi posti sono chiusi"))
        return len(s.exec(select(Seat.id).where(Seat.match_id == match_id)).all())

    def _active(self, s: Session, match_id: int, seat: int) -> list[SeatToken]:
        return list(s.exec(select(SeatToken).where(SeatToken.match_id == match_id)
                           .where(SeatToken.seat_index == seat).where(col(SeatToken.revoked_at).is_(None))))

    def issue_seat_token(self, match_id: int, seat: int) -> str:
        """A new token for ``seat``; the seat's previous token, if any, is revoked."""
        with self.session() as s:
            count = self._seat_count(s, match_id)
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count:
                raise SeatTokenError(Tr(f"la partie n° {match_id} a les places 0 à {count - 1}, reçu {quote(seat, 20)}",
                                        f"match #{match_id} has seats 0 to {count - 1}, got {quote(seat, 20)}",
                                        it=f"la partita n. {match_id} ha i posti da 0 a {count - 1}, ricevuto "
                                           f"{quote(seat, 20)}"))
            now = utcnow()
            for old in self._active(s, match_id, seat):
                old.revoked_at = now
                s.add(old)
            token = secrets.token_urlsafe(TOKEN_BYTES)
            s.add(SeatToken(match_id=match_id, seat_index=seat, token=token, issued_at=now))
            s.commit()
        log.info("match #%s seat %s: new link issued", match_id, seat)
        return token

    def revoke_seat_token(self, match_id: int, seat: int) -> bool:
        """Revoke ``seat``'s active token; ``False`` when it had none."""
        with self.session() as s:
            rows = self._active(s, match_id, seat)
            for row in rows:
                row.revoked_at = utcnow()
                s.add(row)
            s.commit()
        if rows:
            log.info("match #%s seat %s: link revoked", match_id, seat)
        return bool(rows)

    def seat_links(self, match_id: int) -> dict[int, tuple[str, bool]]:
        """Seat index -> (active token, claimed by a phone yet) for every seat that has one."""
        with self.session() as s:
            rows = s.exec(select(SeatToken).where(SeatToken.match_id == match_id)
                          .where(col(SeatToken.revoked_at).is_(None))).all()
        return {r.seat_index: (r.token, r.claimed_at is not None) for r in rows}

    def seat_for_token(self, match_id: int, token: str, *, who: str = "") -> int | None:
        """The seat ``token`` opens in ``match_id``, or ``None`` (and a warning in the log)."""
        reason = ""
        seat: int | None = None
        with self.session() as s:
            row = s.exec(select(SeatToken).where(SeatToken.token == str(token))).first() if token else None
            match = s.get(Match, match_id)
            if row is None or not secrets.compare_digest(row.token, str(token)):
                reason = "unknown token"
            elif row.match_id != match_id:
                reason = f"token of match #{row.match_id}"
            elif row.revoked_at is not None:
                reason = f"token of seat {row.seat_index} revoked"
            elif match is None or match.status != "in_progress":
                reason = "match is over" if match is not None else "no such match"
            else:
                seat = row.seat_index
                if row.claimed_at is None:
                    row.claimed_at = utcnow()
                    s.add(row)
                    try:
                        s.commit()
                    except StoreError as exc:  # a full or read-only disk: the link still opens its seat
                        log.warning("match #%s seat %s: could not note the link's first use (%s)",
                                    match_id, seat, exc)
        if seat is None:
            log.warning("refused access to match #%s private view (%s) with token %s%s",
                        match_id, reason, _shown(str(token)), f" from {who}" if who else "")
        return seat
