"""The CI's own machinery: what lets the tests run side by side (.ci/test runs six workers, a test each at a
time) without taking each other's resources."""

from __future__ import annotations

import os
import subprocess
import sys

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
