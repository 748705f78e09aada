"""The doctests of every module of scoring (the core and each game's package), db and app (its screens and fields
included), run as tests.  (The toy game's, under tests/, are collected by pytest's ``--doctest-modules``, which
reads only the test paths.)"""

import doctest
import importlib
import pkgutil

import pytest

import app
import db
import scoring

MODULES = sorted({m.name for m in pkgutil.walk_packages(scoring.__path__, "scoring.") if m.name != "scoring.__main__"}
                 | {f"db.{m.name}" for m in pkgutil.iter_modules(db.__path__)}
                 | {m.name for m in pkgutil.walk_packages(app.__path__, "app.")})


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
