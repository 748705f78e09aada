"""The timers warn audibly as well as visibly (issue #5: "Timers pause and resume, warn audibly and
visibly near the end").

The page's audio players are watched from inside the browser: every ``play()`` of a media element is
recorded with its source, so the test hears what the table would hear. A short Robby Solo declaration
timer (the rules ask for "a reasonable time", which the table sets; 16 s here) runs out twice: with the
sound on, it chimes once when it enters its warning time and once at zero; muted, it stays silent.
The page makes its audio players only when a first chime is due.
"""

from __future__ import annotations

import re

import pytest

from app import alarm
from scoring.core.words import de
from scoring.games.robby_solo.rules import COLOUR_NAMES

pytestmark = pytest.mark.browser

LISTEN = """
window.__sounds = [];
window.__audioContexts = 0;
const Context = window.AudioContext;
window.AudioContext = class extends Context {
  constructor(...args) { super(...args); window.__audioContexts += 1; }
};
const play = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () {
  window.__sounds.push((this.currentSrc || this.src || '').split('/').pop());
  window.__soundTimes = (window.__soundTimes || []).concat([performance.now()]);
  return play.apply(this, arguments).catch(() => undefined);
};
"""


def sounds(ui) -> list[str]:
    return list(ui.page.evaluate("() => window.__sounds.slice()"))


def wait_for_sounds(ui, count: int, timeout_ms: int = 20_000) -> list[str]:
    ui.page.wait_for_function(f"() => window.__sounds.length >= {count}", timeout=timeout_ms)
    return sounds(ui)


#: the declaration timer's length, in seconds
TIMER_S = 16

#: what a screen reader hears when the declaration's timer runs out
END = "Confirmer ou changer : Temps écoulé !"


def said_by(ui, words: str, count: int, timeout_ms: int = 10_000) -> list[str]:
    """Everything the page has said to a screen reader once it has said ``words`` ``count`` times, and a moment
    after (a countdown said each second would show here)."""
    ui.page.wait_for_function("([w, n]) => window.__said.filter(s => s === w).length >= n", arg=[words, count],
                              timeout=timeout_ms)
    ui.page.wait_for_timeout(1500)
    return ui.said()


def said_at(ui, words: str) -> list[float]:
    """When (the page's clock, ms) it said ``words`` to a screen reader."""
    return list(ui.page.evaluate("(w) => window.__saidAt.filter((_t, i) => window.__said[i] === w)", words))


def countdown(said: list[str]) -> list[str]:
    """The seconds of a countdown ("0:07") among what was said."""
    return [s for s in said if re.fullmatch(r"\d+:\d\d", s)]


def test_a_timer_chimes_near_the_end_and_at_zero_and_can_be_muted(server, ui):
    from db.store import Store

    ui.page.add_init_script(LISTEN)
    ui.hear()
    ui.open("/new/robby-solo")
    for i, name in enumerate(["Léa", "Sam", "Ana"]):
        ui.add_newcomer(name, i + 1, enter=True)
    box = ui.reach(ui.page.get_by_role("switch", name="Minuteur après la déclaration").first)
    ui.tap(box)
    # 16 s: it warns 4 s before zero (a quarter), more than the players' longest wait for their sounds
    # (alarm.LOAD_WAIT_S, 3 s), so the warning has room to come before the end however slow the page
    ui.fill("Secondes pour confirmer ou changer", str(TIMER_S))
    ui.click("Commencer la partie")
    ui.see("Robby Solo #1")

    setup = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}").load(1).setup
    banks, first = setup["banks"], setup["first_gentleman"]
    for colour in banks:
        ui.fill(f"Banque {COLOUR_NAMES[colour].fr}", "1")
    gentleman = ["Léa", "Sam", "Ana"][first]
    ui.click(f"Butins posés par {gentleman}")
    ui.choose("Banque", f"Banque {COLOUR_NAMES[banks[0]].fr}")
    ui.click(f"Déclaration publique {de(gentleman)}")

    ui.see("Temps pour confirmer ou changer")
    assert sounds(ui) == []  # nothing chimes before a timer runs
    # ...and the page has no audio yet: its players are made when a first chime is due, not in the frame
    # that draws the countdown (an audio context blocked that frame ~200 ms)
    assert ui.page.evaluate("() => window.__audioContexts") == 0
    ui.click("Démarrer Confirmer ou changer")
    heard = wait_for_sounds(ui, 1)
    assert heard == ["warning.wav"], heard  # the last seconds: one chime, not one a tick
    assert ui.page.evaluate("() => window.__audioContexts") > 0
    ui.see("Temps écoulé !")
    heard = wait_for_sounds(ui, 2)
    assert heard == ["warning.wav", "time-up.wav"], heard
    ui.page.wait_for_timeout(1500)
    assert sounds(ui) == heard  # and only once each
    # A screen reader hears the end once, when it comes, and whose timer it is; not the countdown every second
    # over everything else
    said = said_by(ui, END, 1)
    assert said.count(END) == 1 and not countdown(said), said
    # the warning comes on time although its players were made for it: 4 s before zero (16 s // 4), at worst
    # alarm.LOAD_WAIT_S later (a slow page's loading), never squeezed against the time-up, never early
    warned, ended = ui.page.evaluate("() => window.__soundTimes")
    # ...and the end is said with its chime, not at the page's next change (a live region's label was said only
    # when the test's next click moved something, seconds later)
    assert abs(said_at(ui, END)[0] - ended) < 2500, (said_at(ui, END), ended)
    warn_s = TIMER_S // 4
    assert warn_s - alarm.LOAD_WAIT_S - 0.5 < (ended - warned) / 1000 < warn_s + 0.5, (warned, ended)

    ui.click("Couper le son des minuteurs")
    ui.see("Remettre le son des minuteurs")
    ui.click("Remettre à zéro Confirmer ou changer")
    ui.click("Démarrer Confirmer ou changer")
    ui.see("Temps écoulé !", timeout=30_000)
    ui.page.wait_for_timeout(1500)
    assert sounds(ui) == heard  # muted on this device: the timer ran out in silence
    said = said_by(ui, END, 2)  # the sound is muted, not the words
    assert said.count(END) == 2 and not countdown(said), said
