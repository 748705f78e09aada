"""A phone on a network of its own, for the end-to-end security tests (issue 16): a network namespace with
a veth pair to this machine (``.ci/netns.sh``, 198.51.100.0/24), a Chromium that runs inside it, and a
plain TCP forwarder on this machine (the "SSH tunnel or socat without X-Forwarded-For" of the issue).

Without root or ``ip`` the tests that need it skip with a loud reason; with ``COMPAGNON_REQUIRE_NETNS=1``
(set by ``.ci/test`` when it runs as root, as CI does) they fail instead: CI never skips them silently.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import socket
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.browser.conftest import CHROMIUM, ROOT

NETNS = ROOT / ".ci" / "netns.sh"
REQUIRED = os.environ.get("COMPAGNON_REQUIRE_NETNS") == "1"


@dataclass(frozen=True)
class PhoneNet:
    ns: str  # the namespace's name
    here: str  # this machine's end of the pair (where a server or a forwarder listens for the phone)
    phone: str  # the phone's own address
    chromium: Path  # a Chromium that runs in the namespace (Playwright's executable_path)
    claim: int = -1  # the open lock file that reserves the pair's INDEX (see :func:`claim_index`)


def why_not() -> str:
    """Why no namespace can be made here ("" when it can)."""
    if shutil.which("ip") is None:
        return "no `ip` command (iproute2)"
    if os.geteuid() != 0:
        return "not root"
    done = subprocess.run(["bash", str(NETNS), "check"], capture_output=True, text=True)
    return "" if done.returncode == 0 else (done.stdout + done.stderr).strip() or "netns.sh check failed"


def make(folder: Path) -> PhoneNet:
    """Create the namespace (or skip/fail loudly); :func:`remove` undoes it."""
    why = why_not()
    if why:
        message = (f"END-TO-END SECURITY TESTS NOT RUN: no network namespace for a phone ({why}); "
                   "run them as root with iproute2, as CI does (bash .ci/test)")
        if REQUIRED:
            pytest.fail(message)
        pytest.skip(message)
    index, claim = claim_index()
    out = subprocess.run(["bash", str(NETNS), "create", str(index)], check=True, capture_output=True,
                         text=True).stdout.split()
    ns, here, phone = out[-3:]
    wrapper = folder / "chromium-in-netns"
    wrapper.write_text(f'#!/bin/sh\nexec ip netns exec {ns} {CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)
    return PhoneNet(ns, here, phone, wrapper, claim)


def claim_index(start: int | None = None) -> tuple[int, int]:
    """A pair INDEX (0 to 63) that no other process holds, and the open file that holds it.

    Several test processes make pairs at once (the workers of one run, each with its own module's phone,
    and runs side by side in other worktrees), and ``netns.sh create`` removes the pair of its INDEX
    first: two processes on one INDEX would take each other's network away mid-test.  Each INDEX has a
    lock file; the lock (``flock``) is the kernel's, released when the file is closed or the process
    ends, killed or not, so a crashed run leaves no INDEX taken."""
    first = os.getpid() % 64 if start is None else start
    for k in range(64):
        index = (first + k) % 64
        fd = os.open(f"/tmp/compagnon-netns-{index}.lock", os.O_CREAT | os.O_RDWR, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        return index, fd
    raise RuntimeError("all 64 network pairs of .ci/netns.sh are held by other test processes")


def remove(net: PhoneNet) -> None:
    subprocess.run(["bash", str(NETNS), "remove", net.ns.rsplit("-", 1)[1]], check=False)
    if net.claim >= 0:
        os.close(net.claim)  # the INDEX is free for another process


def free_port(address: str) -> int:
    with socket.socket() as s:
        s.bind((address, 0))
        return int(s.getsockname()[1])


class Forwarder:
    """A bare TCP forwarder on this machine (as ``socat`` or ``ssh -L`` would be): it listens on
    ``address`` and passes the bytes to the server on loopback, adding no header; the server sees
    every phone through it as 127.0.0.1."""

    def __init__(self, address: str, target_port: int) -> None:
        self.target_port = target_port
        self.listener = socket.create_server((address, 0))
        self.address = self.listener.getsockname()[:2]
        self.url = f"http://{address}:{self.address[1]}"
        self.connections = 0
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        self._start()

    def _start(self) -> None:
        threading.Thread(target=self._serve, args=(self.listener,), daemon=True).start()

    def _serve(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target_port))
            except OSError:
                client.close()
                continue
            with self._lock:
                self.connections += 1
                self._open += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        finally:
            for s in (a, b):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def cut(self) -> None:
        """Drop every connection through it and refuse new ones, as a phone out of Wi-Fi reach:
        :meth:`resume` lets it back in."""
        self.listener.close()
        with self._lock:
            opened, self._open = self._open, []
        for s in opened:
            try:
                s.shutdown(socket.SHUT_RDWR)
                s.close()
            except OSError:
                pass

    def resume(self) -> None:
        self.listener = socket.create_server(self.address)
        self._start()

    def close(self) -> None:
        self.cut()
