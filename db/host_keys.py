"""Host rights by key, not by address: the server's master key and the devices it granted.

The master key (:meth:`HostKeys.host_key`) is created once, from :mod:`secrets`, and kept in the
database (``meta``, key ``host_key``; never in a backup), so every server on one database and every
restart hands out the same host link.  A host may grant host rights to another device (a tablet):
:meth:`HostKeys.grant_host_device` gives it a key of its own, which :meth:`HostKeys.revoke_host_device`
takes back.  :meth:`HostKeys.is_host_key` compares in constant time.

>>> from db.store import Store
>>> store = Store("sqlite://")
>>> master = store.host_key()
>>> store.host_key() == master and store.is_host_key(master)
True
>>> tablet = store.grant_host_device("Tablette du club")
>>> store.is_host_key(tablet), store.is_host_key("forged"), store.is_host_key("")
(True, False, False)
>>> store.revoke_host_device(tablet), store.is_host_key(tablet)
(True, False)
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from db.errors import StoreError
from db.models import HostDevice, Meta, utcnow
from scoring import Tr

log = logging.getLogger("compagnon.hosts")

#: bytes of randomness in a host key (43 URL-safe characters)
HOST_KEY_BYTES = 32
MASTER = "host_key"
MAX_LABEL = 80


@dataclass(frozen=True)
class GrantedDevice:
    """A device with host rights: its key, the label the host gave it, when it was granted."""

    key: str
    label: str
    granted_at: datetime


class HostKeys:
    """Mixed into :class:`db.store.Store` (it needs ``session()``)."""

    def session(self) -> Session:  # pragma: no cover - provided by Store
        raise NotImplementedError

    def host_key(self) -> str:
        """The server's master key, created on first use and the same ever after (every server on this
        database shares it).  Two servers creating it at once agree on one."""
        with self.session() as s:
            row = s.get(Meta, MASTER)
            if row is not None:
                return row.value
            s.add(Meta(key=MASTER, value=secrets.token_urlsafe(HOST_KEY_BYTES)))
            try:
                s.commit()
            except IntegrityError:  # another server wrote it first: theirs stands
                s.rollback()
        with self.session() as s:
            kept = s.get(Meta, MASTER)
            assert kept is not None
            return kept.value

    def grant_host_device(self, label: str) -> str:
        """A new key giving host rights to one device, named ``label`` (1 to 80 characters) in the list."""
        label = " ".join(str(label).split())
        if not label or len(label) > MAX_LABEL:
            raise StoreError(Tr(f"le nom de l'appareil doit avoir 1 à {MAX_LABEL} caractères, en a {len(label)}",
                                f"a device's name must be 1 to {MAX_LABEL} characters, got {len(label)}",
                                it=f"il nome del dispositivo deve avere da 1 a {MAX_LABEL} caratteri, ne ha "
                                   f"{len(label)}"))
        key = secrets.token_urlsafe(HOST_KEY_BYTES)
        with self.session() as s:
            s.add(HostDevice(key=key, label=label))
            s.commit()
        log.info("host rights granted to a device (%s)", label)
        return key

    def revoke_host_device(self, key: str) -> bool:
        """Take host rights back from the device holding ``key``; ``False`` if it had none."""
        with self.session() as s:
            row = s.exec(select(HostDevice).where(HostDevice.key == str(key))
                         .where(col(HostDevice.revoked_at).is_(None))).first()
            if row is None:
                return False
            row.revoked_at = utcnow()
            s.add(row)
            s.commit()
        log.info("host rights revoked from a device (%s)", row.label)
        return True

    def host_devices(self) -> list[GrantedDevice]:
        """The devices holding host rights now, oldest grant first."""
        with self.session() as s:
            rows = s.exec(select(HostDevice).where(col(HostDevice.revoked_at).is_(None))
                          .order_by(col(HostDevice.granted_at), col(HostDevice.id))).all()
        return [GrantedDevice(r.key, r.label, r.granted_at) for r in rows]

    def is_host_key(self, key: str | None) -> bool:
        """Whether ``key`` is the master key or an unrevoked device's key (compared in constant time)."""
        if not key or not isinstance(key, str):
            return False
        candidate = key.encode()
        found = secrets.compare_digest(self.host_key().encode(), candidate)
        for device in self.host_devices():
            found |= secrets.compare_digest(device.key.encode(), candidate)
        return found
