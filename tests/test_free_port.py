"""The browser tests' servers take their ports below the kernel's range for a connection's own end, one residue
per xdist worker (``tests/browser/conftest.free_port``): a server killed and started again on its port once found
it taken in between (CI run V, ``test_a_match_from_start_to_history_survives_undo_reload_and_a_killed_server``:
"address already in use" on 42563, a port of that range)."""

from __future__ import annotations

import socket

import pytest

from tests.browser.conftest import _outgoing_low, free_port


@pytest.mark.parametrize(("worker", "workers"), [("gw0", "1"), ("gw2", "4"), ("gw3", "4")])
def test_a_server_s_port_is_below_the_outgoing_range_and_its_worker_s_own(monkeypatch: pytest.MonkeyPatch,
                                                                         worker: str, workers: str) -> None:
    monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
    monkeypatch.setenv("PYTEST_XDIST_WORKER_COUNT", workers)
    ports = [free_port() for _ in range(30)]
    assert all(1024 <= p < _outgoing_low() for p in ports)
    assert {p % int(workers) for p in ports} == {int(worker[2:]) % int(workers)}


def test_the_port_is_free() -> None:
    port = free_port()
    with socket.socket() as s:
        s.bind(("127.0.0.1", port))
