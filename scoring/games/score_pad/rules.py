"""The score pad's rules: how a play is scored, and the limits of what a pad takes.

>>> KINDS, ENTRIES
(('high', 'low', 'coop', 'teams'), ('rounds', 'totals'))
"""

from __future__ import annotations

#: who wins: the highest total, the lowest, everybody or nobody (cooperative), or a team
KINDS = ("high", "low", "coop", "teams")
#: how points are written: a row a round (running totals, like a paper pad) or final totals only
ENTRIES = ("rounds", "totals")
MAX_SEATS = 20
MAX_ROUNDS = 200
MAX_TEAMS = 10
#: the largest number of points one cell takes, either sign
MAX_POINTS = 10**9
#: a play's longest duration, in minutes (a week-long campaign)
MAX_MINUTES = 7 * 24 * 60
