"""A tap that opens another screen (``AppState.go``): the screen is drawn in the tap's own answer, and the
route change the browser reports afterwards (Flet's ``push_route``) draws nothing more; any other route
change (the browser's Back button, a link) is drawn."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from flet.controls.context import _context_page

from app import state
from app.state import AppState


@pytest.fixture
def page() -> Any:
    """The page the taps are made on: what it was asked to navigate to."""
    fake = SimpleNamespace(asked=[])
    fake.navigate = fake.asked.append
    token = _context_page.set(fake)  # type: ignore[arg-type]
    yield fake
    _context_page.reset(token)


def app_on(route: str) -> tuple[AppState, list[str]]:
    """A page's state showing ``route``, and the routes its layout drew since."""
    app = AppState(store=None)  # type: ignore[arg-type]
    app.shown(route)
    drawn: list[str] = []

    def show(target: str) -> None:
        drawn.append(target)
        app.shown(target)

    app._show = show
    return app, drawn


def test_a_tap_draws_its_screen_at_once_and_the_browsers_report_of_it_draws_nothing_more(page: Any) -> None:
    app, drawn = app_on("/")
    app.go("/history")
    assert drawn == ["/history"] and app.route == "/history"
    assert page.asked == ["/history"]  # the browser's address and history follow
    assert app.reported("/history") is True  # already drawn
    # the same route reported again later (the browser's Back, then Forward) is drawn
    assert app.reported("/history") is False


def test_quick_taps_end_on_the_last_screen_whatever_the_reports_in_between(page: Any) -> None:
    app, drawn = app_on("/")
    app.go("/history")
    app.go("/stats")
    assert drawn == ["/history", "/stats"]
    # the browser reports both, in order: neither draws again (the History did not come back over the Statistics)
    assert app.reported("/history") is True
    assert app.reported("/stats") is True
    assert app.route == "/stats"


def test_the_back_button_is_drawn(page: Any) -> None:
    app, _drawn = app_on("/")
    app.go("/history")
    assert app.reported("/history") is True
    assert app.reported("/") is False  # Back: a route no tap drew, so the layout draws it


def test_a_tap_to_the_screen_shown_draws_nothing(page: Any) -> None:
    app, drawn = app_on("/stats")
    app.go("/stats")
    assert drawn == [] and page.asked == ["/stats"]
    assert app.reported("/stats") is False


def test_a_report_that_never_came_is_forgotten(page: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A device that lost its connection never reports the route a tap drew: a later Back to that route, after
    the wait, is drawn (not taken for the lost report)."""
    now = [1000.0]
    monkeypatch.setattr(state.time, "monotonic", lambda: now[0])
    app, _drawn = app_on("/")
    app.go("/history")
    now[0] += state.PUSHED_WAIT_S + 1
    assert app.reported("/history") is False


def test_without_a_layout_a_tap_still_navigates(page: Any) -> None:
    """A page whose layout is not drawn yet: the browser is asked, and its report draws the screen."""
    app = AppState(store=None)  # type: ignore[arg-type]
    app.go("/players")
    assert page.asked == ["/players"]
    assert app.reported("/players") is False


def test_the_routes_waiting_for_a_report_are_bounded(page: Any) -> None:
    app, _drawn = app_on("/")
    for i in range(state.PUSHED_KEPT * 3):
        app.go(f"/history/{i}")
    assert len(app._pushed) == state.PUSHED_KEPT
