"""The texts of the timers' state (app/timer_view.py): what a screen reader says of a countdown, and what
a phone sees change the moment the host starts or pauses it (French, English; Italian in the catalogue)."""

from __future__ import annotations

from scoring import Tr

STRINGS: dict[str, Tr] = {
    "timer_running": Tr("en cours", "running"),
    "timer_stopped": Tr("à l'arrêt", "stopped"),
}
