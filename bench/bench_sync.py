"""Sync: from an event recorded on one phone to its display on the six other devices.

Seven devices on one Robby Solo match (the host page and six phones, each its own browser
context on the same server, on loopback).  One phone recounts the loot deck (the "Recompter la
pioche" form, as tests/browser/test_foundation.py does); every other page watches its own
accessibility tree with a MutationObserver and notes the moment the new count shows beside
"Cartes Butin dans la pioche".  Latency = that moment − the moment the tap went down on the
phone (both ``Date.now()`` of the same machine).  The app tells the other pages with
``page.pubsub``; each re-reads the database and re-renders its screen in place (a patch goes to
each browser).  Target: a median and a p95 under 250 ms.

``--quick`` (CI: the script still runs and measures each figure): three events, a host and two phones.

    python -m bench.bench_sync [--events 10] [--quick]
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from bench.common import NOT_MEASURED, Row, below, median, parser, percentile, report
from bench.webapp import chromium, device, open_match, served
from tests.browser.conftest import Server

TARGET_MS = 250.0
LABEL = "Cartes Butin dans la pioche"

WATCH = """([label, want]) => {
    window.__seen = null;
    const bytes0 = window.__wsBytes;
    const shows = () => {
        const host = document.querySelector('flt-semantics-host');
        if (!host) return false;
        const out = [];
        for (const el of host.querySelectorAll('*')) {
            const l = el.getAttribute('aria-label'); if (l) out.push(...l.split('\\n'));
            for (const n of el.childNodes)
                if (n.nodeType === 3 && n.textContent.trim()) out.push(...n.textContent.trim().split('\\n'));
        }
        const i = out.indexOf(label);  // a card's texts are merged into one label, a line each
        return i >= 0 && out[i + 1] === want;
    };
    const obs = new MutationObserver(() => {
        if (window.__seen === null && shows()) {
            window.__seen = Date.now();
            window.__arrived = window.__wsIn;  // the last message before the new value showed
            window.__bytes = window.__wsBytes - bytes0;
            obs.disconnect();
        }
    });
    obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
}"""

TAP = """() => {
    window.__down = null;
    window.addEventListener('pointerdown', () => { if (window.__down === null) window.__down = Date.now(); },
                            {capture: true, once: true});
}"""


def measure(browser: Any, server: Server, match_id: int, events: int, count: int = 6) -> dict[str, list[float]]:
    """``count`` phones and the host on the match; per other page and event: ``latency`` (ms), ``arrived`` (ms:
    the server's last message before the value showed), ``bytes`` (received for the change); per event: ``own``
    (ms, on the phone itself)."""
    host = open_match(device(browser, server.url, phone=False, probe=True), match_id)
    phones = [open_match(device(browser, server.url, probe=True), match_id) for _ in range(count)]
    actor, others = phones[0], [host, *phones[1:]]
    out: dict[str, list[float]] = {"latency": [], "arrived": [], "bytes": [], "own": []}
    try:
        for k in range(events):
            value = str(50 - k)  # the deck starts at 61: every recount is a new number
            actor.fill(LABEL, value)
            button = actor.reach(actor.button("Recompter la pioche"))
            actor.in_clear(button)
            actor.settle()
            for ui in [actor, *others]:
                ui.page.evaluate(WATCH, [LABEL, value])
            actor.page.evaluate(TAP)
            button.click()
            down = actor.page.evaluate("() => window.__down")
            for ui in others:
                ui.page.wait_for_function("() => window.__seen !== null", timeout=30_000, polling=50)
                seen, arrived, size = ui.page.evaluate("() => [window.__seen, window.__arrived, window.__bytes]")
                out["latency"].append(seen - down)
                out["bytes"].append(size)
                if arrived and arrived >= down:
                    out["arrived"].append(arrived - down)
            actor.page.wait_for_function("() => window.__seen !== null", timeout=30_000, polling=50)
            out["own"].append(actor.page.evaluate("() => window.__seen") - down)
            actor.page.wait_for_timeout(500)
    finally:
        for ui in [host, *phones]:
            ui.page.context.close()
    return out


def main() -> int:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--events", type=int, default=10)
    args = p.parse_args()
    # quick (CI: the script runs and measures each figure): three events, a host and two phones (a page costs
    # Chromium seconds)
    events, phones = (3, 2) if args.quick else (args.events, 6)
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="compagnon-sync-") as tmp, served(Path(tmp)) as (server, match_id):
        with chromium() as browser:
            got = measure(browser, server, match_id, events, phones)
    latencies, arrivals, own = got["latency"], got["arrived"], got["own"]
    if latencies:
        rows += [Row(f"event on a phone → shown on the {phones} others, median ({events} events × {phones})",
                     median(latencies),
                     "ms", f"< {TARGET_MS:.0f}", below(median(latencies), TARGET_MS)),
                 Row("  p95", percentile(latencies, 95), "ms", f"< {TARGET_MS:.0f} (issue #18)",
                     below(percentile(latencies, 95), TARGET_MS)),
                 Row("  slowest", max(latencies), "ms"),
                 Row("event on a phone → shown on that phone itself, median", median(own), "ms"),
                 Row("bytes the server sent each other page for the change, median", median(got["bytes"]), "B", "",
                     "info", "the screen is keyed by route and language: a change re-renders it in place, "
                     "and Flet sends a patch")]
        if arrivals:
            rows.insert(3, Row("  of which: until the server's last message reached them, median", median(arrivals),
                               "ms", note="the rest is each page's own work: Flutter lays out, paints and updates "
                               "its accessibility tree"))
    else:
        rows.append(Row("event → shown on the others", None, "ms", f"< {TARGET_MS:.0f}", NOT_MEASURED))
    return report(f"Sync: one phone's event on {phones} other devices (loopback)", rows, args)


if __name__ == "__main__":
    raise SystemExit(main())
