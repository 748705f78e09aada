"""What pyproject.toml cannot say: which packages the wheel holds.

Every package under ``app``, ``scoring`` and ``db`` is found by looking (a new game's folder under
``scoring/games/`` needs no line here), plus ``app.assets``: the repository's top-level ``assets/``
folder (the artwork and sounds the web client is served), mapped onto it by
``[tool.setuptools.package-dir]`` in pyproject.toml, so that an installed wheel has it as
``app/assets/``.  The scripts that draw the artwork (``assets/_make.py``, ``assets/_sounds.py``) stay
out of the wheel.  Everything else (metadata, dependencies, package data) is in pyproject.toml.
"""

from setuptools import find_namespace_packages, setup
from setuptools.command.build_py import build_py

FOUND = find_namespace_packages(include=["app", "app.*", "scoring", "scoring.*", "db", "db.*"],
                                exclude=["*.__pycache__"])


class BuildPy(build_py):
    def find_package_modules(self, package: str, package_dir: str) -> list[tuple[str, str, str]]:
        if package == "app.assets":  # data only: its scripts are the artwork's sources, not the app's code
            return []
        return list(super().find_package_modules(package, package_dir))


setup(packages=[*FOUND, "app.assets"], cmdclass={"build_py": BuildPy})
