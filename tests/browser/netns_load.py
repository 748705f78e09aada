"""Many phones on one match, run inside the phone's network namespace (tests/browser/test_netns.py):
``python -m tests.browser.netns_load BASE ROUTE COUNT``.

Opens COUNT pages on ROUTE with :mod:`bench.flet_ws` (Flet's websocket protocol, as the browser speaks it;
a browser tab per phone would cost a core each), then reads commands on stdin, one a line:
``wait TEXT`` waits until every page shows a text holding TEXT and prints ``ok SECONDS`` (the slowest page) or
``late N`` (N pages did not within 30 s); ``quit`` closes the pages.  Any failure prints ``error ...``.
"""

from __future__ import annotations

import asyncio
import sys
import time

from bench.flet_ws import FletPage


async def run(base: str, route: str, count: int) -> None:
    pages = [await FletPage.connect(base, route) for _ in range(count)]
    print(f"open {len(pages)}", flush=True)
    loop = asyncio.get_running_loop()
    try:
        while True:
            line = (await loop.run_in_executor(None, sys.stdin.readline)).strip()
            if not line or line == "quit":
                return
            text = line.removeprefix("wait ")
            start = time.perf_counter()
            results = await asyncio.gather(*(p.wait_for_text(text, timeout=30) for p in pages),
                                           return_exceptions=True)
            late = sum(1 for r in results if isinstance(r, BaseException))
            print(f"late {late}" if late else f"ok {time.perf_counter() - start:.2f}", flush=True)
    finally:
        for p in pages:
            await p.close()


if __name__ == "__main__":
    try:
        asyncio.run(run(sys.argv[1], sys.argv[2], int(sys.argv[3])))
    except Exception as e:  # noqa: BLE001 - one line for the test to show
        print(f"error {type(e).__name__}: {e}", flush=True)
        raise SystemExit(1) from None
