"""Les Apaches de Paris: the game's words in both languages (phases, stashes, money, ordinals).

>>> PHASE_NAMES["settlement"].en, KINDS["valuables"].fr, francs(1450).fr, francs(1450).en
('Gains and losses', 'cambriolage', '1\\xa0450 F', '1,450 F')
"""

from __future__ import annotations

from scoring.core import Tr
from scoring.core.fmt import number
from scoring.games.apaches.rules import MONEY_RANGE, STEAL, VALUABLES_RANGE

#: The phases as the match screen names them (``over``: after the reveal).
PHASE_NAMES = {
    "round_start": Tr("Début de manche", "Start of round"),
    "turns": Tr("Tours de jeu", "Turns"),
    "last_order": Tr("Ordre du dernier tour", "Last-turn order"),
    "settlement": Tr("Gains et pertes", "Gains and losses"),
    "reveal": Tr("Les bourgeois vont être dévoilés", "The bourgeois are about to be revealed"),
    "over": Tr("Partie terminée", "Game over"),
}

#: What an uncovered stash says, in a few words.
KINDS = {
    "money": Tr("argent", "money"), "valuables": Tr("cambriolage", "burglary"),
    "steal": Tr("vol", "steal"), "reinforcements": Tr("renforts", "reinforcements"),
    "wounded": Tr("meneur blessé", "leader wounded"), "killed": Tr("meneur tué", "leader killed"),
    "prison": Tr("meneur emprisonné", "leader imprisoned"),
}


def francs(amount: int, sign: str = "") -> Tr:
    """An amount in francs as each language writes it (``sign``: ``+`` or ``−`` before it)."""
    return Tr(f"{sign}{number(amount, 'fr')} F", f"{sign}{number(amount, 'en')} F")


def stash_labels(players: int) -> tuple[tuple[str, Tr], ...]:
    """The stash kinds of the settlement form."""
    steal = STEAL[players]
    (m_lo, m_hi), (v_lo, v_hi) = MONEY_RANGE, VALUABLES_RANGE
    return (
        ("money", Tr(f"Argent ({m_lo} à {m_hi} F)", f"Money ({m_lo} to {m_hi} F)")),
        ("valuables", Tr(f"Cambriolage : objets de valeur ({v_lo} à {v_hi} F)",
                         f"Burglary: valuables ({v_lo} to {v_hi} F)")),
        ("steal", Tr(f"Vol : chaque autre gang lui verse {steal} F", f"Steal: each other gang pays {steal} F")),
        ("reinforcements", Tr("2 renforts pour la manche suivante", "2 reinforcements for the next round")),
        ("wounded", Tr("1 meneur blessé : hôpital", "1 leader wounded: hospital")),
        ("killed", Tr("1 meneur tué : cimetière", "1 leader killed: cemetery")),
        ("prison", Tr("1 meneur emprisonné : prison", "1 leader imprisoned: prison")),
    )


def ordinal(n: int) -> Tr:
    """1re, 2e… / 1st, 2nd…"""
    return Tr("1re" if n == 1 else f"{n}e", {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th"))


def districts(ds: list[int]) -> str:
    """District numbers as a list (the same in both languages)."""
    return ", ".join(str(d) for d in ds) or "—"
