"""What a page is sent with its first screen, read as the browser received it.

Its theme is drawn at once: Flutter faded the web client's own blue theme into the app's over 200 ms, rebuilding
the whole first screen at every frame of the fade (80 to 110 ms of a phone-size page's main thread).

Its browser storage is one service, sent with the page and kept: the theme's choice and the host
key are read and written through it, and no later message adds or removes a service.

A service made at each use (``ft.SharedPreferences()`` in the theme switch and in the host rights) was
registered on its own after the first screen, and Flet removed it later, in the patch of whatever the
page did next: two more messages, and a tap's answer that carried the page's services.
The messages are read as the browser received them (the page's web socket frames, kept by :class:`UI`).
"""

from __future__ import annotations

import pytest

from app.theme import SEED
from bench.flet_ws import decode

pytestmark = pytest.mark.browser

PATCH = 2  # Flet's message action: a patch of a control


def patches(frames: list[bytes]) -> list[list]:
    """Each patch the server sent (Flet's protocol: :func:`bench.flet_ws.decode`)."""
    decoded = [decode(f) for f in frames]
    return [body["patch"] for action, body in decoded if action == PATCH]


def touches_services(patch: list) -> bool:
    """Whether a patch changes the page's services: its first item is the tree of the controls it changes,
    ``[0, {"_services": [1]}]`` when the page's list of services is among them."""
    tree = patch[0]
    return isinstance(tree, list) and len(tree) > 1 and isinstance(tree[1], dict) and "_services" in tree[1]


def page_settings(patch: list) -> dict:
    """What a patch sets on the page itself (Flet's ``[0, 0, name, value]``: replace, on the patch's first
    control, which is the page in a patch of the page)."""
    return {op[2]: op[3] for op in patch[1:] if isinstance(op, list) and len(op) == 4 and op[:2] == [0, 0]}


def test_the_first_screen_tells_the_web_client_to_draw_the_theme_at_once(server, ui):
    frames = ui.received  # every frame the server sends the page, from its load
    ui.open("/")
    ui.see("Robby Solo")
    first = [page_settings(p) for p in patches(frames)]
    themed = [settings for settings in first if "theme" in settings]
    assert themed, "the first screen's patch carries the app's theme"
    assert themed[0]["theme"]["color_scheme_seed"] == SEED
    # a duration of 0: the theme the web client starts with is replaced, not faded into the app's
    assert themed[0].get("theme_animation_style") == {"duration": 0}


def test_the_storage_goes_out_with_the_page_and_no_tap_adds_or_removes_a_service(server, ui):
    frames = ui.received  # every frame the server sends the page, from its load
    ui.open("/")
    ui.see("Robby Solo")
    ui.settle()
    first = len(frames)
    assert first > 0
    # the theme's switch writes its choice in the browser's storage; then two places of the app
    ui.click("Thème : celui de l'appareil (toucher pour clair)")
    ui.see("Thème : clair (toucher pour sombre)")
    ui.tab("Joueurs")
    ui.tab("Accueil")
    ui.page.wait_for_timeout(1500)  # what Flet would send of a service dropped meanwhile
    later = patches(frames[first:])
    assert later, "the taps were answered"
    assert [p for p in later if touches_services(p)] == []
    # the choice was kept in the browser's storage: the page loaded again draws the light theme's switch
    ui.open("/")
    ui.see("Thème : clair (toucher pour sombre)")
