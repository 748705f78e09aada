"""Sessions: the server's memory with one host page and six phone pages open on a match.

Resident memory (``VmRSS`` of /proc/PID/status, the server and any child process it has)
before any page, with the host page, and with the six phones as well; the peak
(``VmHWM``) too.  Target: under 300 MB resident with the seven pages.

``--quick`` (CI: the script still runs and measures each figure) opens two phones instead of six.

    python -m bench.bench_sessions [--quick]
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from bench.common import NOT_MEASURED, Row, below, children, parser, proc_status, report
from bench.webapp import chromium, device, open_match, served

TARGET_MB = 300.0


def rss_mb(pid: int) -> float:
    total = 0
    for p in [pid, *children(pid)]:
        try:
            total += proc_status(p, "VmRSS")
        except (OSError, KeyError):
            pass
    return total / 1024


def main() -> int:
    args = parser(__doc__.splitlines()[0]).parse_args()
    phones = 2 if args.quick else 6  # each page costs Chromium seconds: CI's quick mode opens fewer
    said = {2: "two", 6: "six"}.get(phones, str(phones))
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="compagnon-sessions-") as tmp, served(Path(tmp)) as (server, match_id):
        assert server.proc is not None
        pid = server.proc.pid
        time.sleep(1)
        rows.append(Row("server RSS, started, no page", rss_mb(pid), "MB"))
        with chromium() as browser:
            open_match(device(browser, server.url, phone=False), match_id)
            time.sleep(1)
            one = rss_mb(pid)
            rows.append(Row("server RSS, host page open", one, "MB"))
            for _ in range(phones):
                open_match(device(browser, server.url), match_id)
            time.sleep(2)
            every = rss_mb(pid)
            rows.append(Row(f"server RSS, host + {said} phones on the match", every, "MB", f"< {TARGET_MB:.0f}",
                            below(every, TARGET_MB)))
            rows.append(Row("  per phone page", (every - one) / phones, "MB"))
            rows.append(Row("server peak RSS (VmHWM)", proc_status(pid, "VmHWM") / 1024, "MB"))
            if len(children(pid)):
                rows[-1].note = f"the server has {len(children(pid))} child process(es), counted in RSS"
    if len(rows) < 3:
        rows.append(Row(f"server RSS with {phones + 1} pages", None, "MB", f"< {TARGET_MB:.0f}", NOT_MEASURED))
    return report(f"Sessions: server memory with a host and {said} phones on one match", rows, args)


if __name__ == "__main__":
    raise SystemExit(main())
