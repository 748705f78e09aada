"""How numbers and durations are written, the same in the engines and on every screen.

>>> number(21000000, "fr"), number(21000000, "en"), number(-1500, "fr")
('21\\xa0000\\xa0000', '21,000,000', '-1\\xa0500')
>>> mmss(61_000), mmss(60_001), mmss(60_001, up=False), mmss(0), mmss(-5)
('1:01', '1:01', '1:00', '0:00', '0:00')
"""

from __future__ import annotations

#: French groups thousands with a no-break space, English with a comma, Italian with a full stop.
GROUP = {"fr": "\u00a0", "en": ",", "it": "."}


def number(value: int, lang: str) -> str:
    """A whole number with its thousands grouped as the language writes them."""
    text = f"{int(value):,}"
    return text.replace(",", GROUP.get(lang, GROUP["fr"]))


def mmss(ms: int, *, up: bool = True) -> str:
    """Milliseconds as ``m:ss``: a countdown rounds up (it shows 0:00 only at zero), time used
    rounds down (``up=False``: a second counts once it is over)."""
    ms = max(0, int(ms))
    seconds = -(-ms // 1000) if up else ms // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"
