"""Writes the timers' chimes (standard library only): ``python3 assets/_sounds.py``.

``sounds/warning.wav``: two short soft beeps (a timer enters its last seconds);
``sounds/time-up.wav``: a falling three-note chime (a timer has run out).
16-bit mono PCM at 22 050 Hz, with short fades so that nothing clicks.
"""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

RATE = 22_050
HERE = Path(__file__).resolve().parent


def tone(freq: float, seconds: float, volume: float = 0.5) -> list[float]:
    n = int(RATE * seconds)
    fade = int(RATE * 0.015)
    out = []
    for i in range(n):
        env = min(1.0, i / fade, (n - i) / fade)
        # a touch of the octave makes the beep carry over table talk without being harsh
        s = math.sin(2 * math.pi * freq * i / RATE) + 0.3 * math.sin(4 * math.pi * freq * i / RATE)
        out.append(volume * env * s / 1.3)
    return out


def silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def write(name: str, samples: list[float]) -> None:
    path = HERE / "sounds" / name
    path.parent.mkdir(exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(max(-1.0, min(1.0, s)) * 32_000)) for s in samples))


def main() -> None:
    write("warning.wav", tone(880, 0.12) + silence(0.08) + tone(880, 0.12))
    write("time-up.wav", tone(988, 0.18) + tone(784, 0.18) + tone(587, 0.45, 0.6))


if __name__ == "__main__":
    main()
