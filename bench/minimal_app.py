"""The floor for the start-up benchmark: a Flet app of a single text, served as Compagnon serves.

    python -m bench.minimal_app --port 8551

Web mode, ``no_cdn=True`` (Flutter's files from the flet-web package, offline), on loopback,
no browser opened: the same ``ft.run`` call as ``app.main.cli`` minus the app.
"""

from __future__ import annotations

import argparse
import os

import flet as ft


def main(page: ft.Page) -> None:
    page.title = "Compagnon"
    page.add(ft.Text("Compagnon"))


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8551)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--no-browser", action="store_true", help="accepted for symmetry: never opens one")
    args = parser.parse_args()
    os.environ["FLET_FORCE_WEB_SERVER"] = "1"
    ft.run(main, host=args.host, port=args.port, view=ft.AppView.WEB_BROWSER, no_cdn=True)


if __name__ == "__main__":
    cli()
