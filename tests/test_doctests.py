"""The doctests of every scoring module (the core and each game's package), of the db modules, and of
app.drafts, app.guard, app.layout, app.net, app.shared, app.state, app.timer_view (the countdowns and their
wake-ups) and app.widgets, run as tests.  (The toy game's, under tests/, are collected by pytest's
``--doctest-modules``.)"""

import doctest
import importlib
import pkgutil

import pytest

import db
import scoring

MODULES = sorted({m.name for m in pkgutil.walk_packages(scoring.__path__, "scoring.") if m.name != "scoring.__main__"}
                 | {f"db.{m.name}" for m in pkgutil.iter_modules(db.__path__)}
                 | {"app.guard", "app.layout", "app.net", "app.shared", "app.state", "app.timer_view", "app.widgets",
                    "app.drafts"})


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
