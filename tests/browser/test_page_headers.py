"""A page of Compagnon loads nothing from another site (app/page_headers.py): Flet 1.0.5's web client asked a CDN
for Rive's runtime at every page load (a third party told of each visit, the server's address as referrer; a
phone's data spent on a runtime no screen uses). The page says so to the browser, which refuses the script before
any request leaves it; the screens work as before."""

from __future__ import annotations

import urllib.request
from urllib.parse import urlsplit

import pytest

from app.page_headers import PAGE_HEADERS

pytestmark = pytest.mark.browser


def headers(url: str) -> dict[str, str]:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return {key.lower(): value for key, value in answer.headers.items()}


def test_every_page_says_it_loads_scripts_from_this_server_only(server):
    wanted = {key.decode(): value.decode() for key, value in PAGE_HEADERS}
    assert "'self'" in wanted["content-security-policy"] and "http" not in wanted["content-security-policy"]
    for path in ("/", "/history", "/stats", "/host/not-a-key", "/match/1"):  # the client's page, whatever the route
        got = headers(server.url + path)
        assert got["content-type"].startswith("text/html"), path
        assert {key: got.get(key) for key in wanted} == wanted, path
    for path in ("/emblems/robby-solo.svg", "/main.dart.wasm", "/icon.png"):  # files as they were
        got = headers(server.url + path)
        assert "content-security-policy" not in got, path


def test_no_request_leaves_for_another_site_and_the_screens_work(server, ui):
    own = urlsplit(server.url).netloc
    asked: list[str] = []
    refused: dict[str, str | None] = {}
    ui.page.on("request", lambda r: asked.append(r.url))
    ui.page.on("requestfailed", lambda r: refused.__setitem__(r.url, r.failure))
    ui.open("/")
    ui.see("Robby Solo")
    ui.tab("Stats")  # the charts' screen
    ui.settle()
    ui.open("/history")
    ui.settle()
    elsewhere = [url for url in asked if urlsplit(url).scheme in ("http", "https") and urlsplit(url).netloc != own]
    # Flet's client asks for Rive's runtime at each page load: the browser refuses it itself ("csp"), nothing leaves
    assert any("rive" in url for url in elsewhere), "the web client no longer asks for Rive: this test's premise"
    assert {url: refused.get(url) for url in elsewhere} == {url: "csp" for url in elsewhere}


def test_every_page_of_the_browser_tests_is_watched_for_requests_to_another_site(server, chromium):
    """The guard every browser test runs under (tests/browser/conftest.py's ``browser``): a request to another
    site that the browser did not refuse itself is named; Rive's runtime, refused by the page's policy, is not."""
    from tests.browser.conftest import ReducedMotion

    watched = ReducedMotion(chromium, "reduce")
    context = watched.new_context()
    page = context.new_page()
    page.goto(server.url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    page.evaluate("() => fetch('https://example.invalid/track.gif').catch(() => null)")
    # the web client asks for Rive's runtime some time after its first frame (after the placeholder on a slow
    # machine: CI run O5): waited for, 30 s at most, and for the browser's refusal of it
    for _ in range(300):
        if any("rive" in url for url in watched.refused):
            break
        page.wait_for_timeout(100)
    context.close()
    assert any("rive" in url for url in watched.asked)
    assert watched.left == ["https://example.invalid/track.gif"]
