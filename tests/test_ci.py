"""The CI's own machinery: what lets the tests run side by side (.ci/test runs six workers, a test each at a
time) without taking each other's resources."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.browser.netns_phone import claim_index

#: tries to take INDEX's lock from another process; prints "taken" or "free"
OTHER = """
import fcntl, os, sys
fd = os.open(f"/tmp/compagnon-netns-{sys.argv[1]}.lock", os.O_CREAT | os.O_RDWR, 0o600)
try:
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    print("free")
except BlockingIOError:
    print("taken")
"""
ROOT = Path(__file__).resolve().parent.parent


def other_process_sees(index: int) -> str:
    return subprocess.run([sys.executable, "-c", OTHER, str(index)], capture_output=True, text=True,
                          check=True).stdout.strip()


def test_two_workers_never_make_the_same_network_pair():
    """netns.sh create removes the pair of its INDEX first: two processes on one INDEX would cut each
    other's phone off mid-test. A claimed INDEX is held until released, against this process and others."""
    first, held = claim_index(start=os.getpid() % 64)
    try:
        second, also = claim_index(start=first)  # asked for the same INDEX: another one
        try:
            assert second != first
            assert other_process_sees(first) == "taken" and other_process_sees(second) == "taken"
        finally:
            os.close(also)
        assert other_process_sees(second) == "free"  # released with its file
    finally:
        os.close(held)
    assert other_process_sees(first) == "free"


class _Item:
    def __init__(self, nodeid: str, browser: bool = False) -> None:
        self.nodeid, self.browser = nodeid, browser

    def get_closest_marker(self, name: str) -> object:
        return object() if name == "browser" and self.browser else None


class _Config:
    def __init__(self, workers: int) -> None:
        self.workers = workers

    def getoption(self, name: str, default: object = None) -> object:
        return self.workers if name == "numprocesses" else default


def test_the_longest_first_order_keeps_every_test_of_any_selection():
    """tests/conftest.py puts the longest tests first: a selection with none, few or all of them, on any
    number of workers, must still run every selected test once (a run of one file once lost its first)."""
    from tests.conftest import LONGEST, pytest_collection_modifyitems

    long = [_Item(f"{n}[x]") for n in LONGEST[:3]]
    others = [_Item(f"tests/browser/test_x.py::t{i}", browser=True) for i in range(3)] + \
        [_Item(f"tests/test_y.py::t{i}") for i in range(4)]
    for selection in (others, others[:1], long, long[:1] + others, long + others[:2]):
        for workers in (0, 1, 4, 6):
            items = list(selection)
            pytest_collection_modifyitems(_Config(workers), items)
            assert sorted(i.nodeid for i in items) == sorted(i.nodeid for i in selection)
            if selection[0] in long:
                assert items[0] is selection[0]  # a longest test starts first


STUCK = """
import time

def test_stuck_for_good():
    time.sleep(60)

def test_quick():
    pass
"""


def test_a_stuck_test_ends_the_run_naming_itself_and_where_it_was_stuck(tmp_path):
    """CI's run once waited its whole 90 min on one test that never returned, and said nothing of which
    (stop 31). With the project's settings (pyproject.toml: faulthandler_timeout, timeout, thread method),
    here shortened to 1 and 3 s, a stuck test prints every thread's stack on the run's own output, then its
    worker is stopped: the run ends, the test fails by name, and the other tests still run."""
    (tmp_path / "test_stuck.py").write_text(STUCK, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path),
         "-n", "2", "-p", "no:randomly", "-o", "faulthandler_timeout=1", "-o", "timeout=3",
         "-o", "addopts=", str(tmp_path / "test_stuck.py")],
        capture_output=True, text=True, timeout=50, cwd=tmp_path)
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "crashed while running 'test_stuck.py::test_stuck_for_good'" in out, out
    assert f'File "{tmp_path / "test_stuck.py"}", line 5 in test_stuck_for_good' in out, out
    assert "1 failed, 1 passed" in out, out
