"""The toy game's rules: its constants and the pure functions they need (no state, no randomness).

The rules, whole: each player draws a bonus token in secret; then, in turn from the first player, a
pawn moves forward by a die (rolled by the app, or at the table and entered); the first pawn to reach
the finish ends the race.  Each player scores the squares their pawn went, plus their bonus, revealed
at the end; a tie goes to the pawn further ahead.

>>> advance(10, 5, finish=12)
12
>>> bonus_tokens(3)
['0', '1', '2', '3', '0', '1', '2', '3', '0', '1', '2', '3']
"""

from __future__ import annotations

#: a die's faces
DIE = (1, 2, 3, 4, 5, 6)
#: the finish square, as the set-up option allows it
FINISH_DEFAULT, FINISH_MIN, FINISH_MAX = 12, 6, 30
#: the bonus tokens' values; the bag holds each of them once per player
BONUSES = ("0", "1", "2", "3")
#: the bag's name in the state
BAG = "bonus"


def bonus_tokens(players: int) -> list[str]:
    """The bag at the start: every bonus value once per player."""
    return [b for _ in range(players) for b in BONUSES]


def advance(square: int, steps: int, finish: int) -> int:
    """Where a pawn lands: ``steps`` further, but never past the finish."""
    return min(square + steps, finish)
