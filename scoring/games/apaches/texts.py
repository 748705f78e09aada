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
    "round_start": Tr("Début de manche", "Start of round", it="Inizio del round"),
    "turns": Tr("Tours de jeu", "Turns", it="Turni di gioco"),
    "last_order": Tr("Ordre du dernier tour", "Last-turn order", it="Ordine dell'ultimo turno"),
    "settlement": Tr("Gains et pertes", "Gains and losses", it="Guadagni e perdite"),
    "reveal": Tr("Les bourgeois vont être dévoilés", "The bourgeois are about to be revealed",
                 it="I borghesi stanno per essere svelati"),
    "over": Tr("Partie terminée", "Game over", it="Partita finita"),
}

#: What an uncovered stash says, in a few words.
KINDS = {
    "money": Tr("argent", "money", it="denaro"), "valuables": Tr("cambriolage", "burglary", it="scasso"),
    "steal": Tr("vol", "steal", it="furto"), "reinforcements": Tr("renforts", "reinforcements", it="rinforzi"),
    "wounded": Tr("meneur blessé", "leader wounded",
                  it="capo ferito"), "killed": Tr("meneur tué", "leader killed", it="capo ucciso"),
    "prison": Tr("meneur emprisonné", "leader imprisoned", it="capo imprigionato"),
}


def francs(amount: int, sign: str = "") -> Tr:
    """An amount in francs as each language writes it (``sign``: ``+`` or ``−`` before it)."""
    return Tr(f"{sign}{number(amount, 'fr')} F", f"{sign}{number(amount, 'en')} F",
              it=f"{sign}{number(amount, 'it')} F")


def stash_labels(players: int) -> tuple[tuple[str, Tr], ...]:
    """The stash kinds of the settlement form."""
    steal = STEAL[players]
    (m_lo, m_hi), (v_lo, v_hi) = MONEY_RANGE, VALUABLES_RANGE
    return (
        ("money", Tr(f"Argent ({m_lo} à {m_hi} F)", f"Money ({m_lo} to {m_hi} F)",
                     it=f"Denaro (da {m_lo} a {m_hi} F)")),
        ("valuables", Tr(f"Cambriolage : objets de valeur ({v_lo} à {v_hi} F)",
                         f"Burglary: valuables ({v_lo} to {v_hi} F)",
                         it=f"Scasso: oggetti di valore (da {v_lo} a {v_hi} F)")),
        ("steal", Tr(f"Vol : chaque autre gang lui verse {steal} F", f"Steal: each other gang pays {steal} F",
                     it=f"Furto: ogni altra banda gli versa {steal} F")),
        ("reinforcements", Tr("2 renforts pour la manche suivante", "2 reinforcements for the next round",
                              it="2 rinforzi per il round successivo")),
        ("wounded", Tr("1 meneur blessé : hôpital", "1 leader wounded: hospital", it="1 capo ferito: ospedale")),
        ("killed", Tr("1 meneur tué : cimetière", "1 leader killed: cemetery", it="1 capo ucciso: cimitero")),
        ("prison", Tr("1 meneur emprisonné : prison", "1 leader imprisoned: prison",
                      it="1 capo imprigionato: prigione")),
    )


def ordinal(n: int) -> Tr:
    """1re, 2e… / 1st, 2nd…"""
    return Tr("1re" if n == 1 else f"{n}e", {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th"), it=f"{n}°")


def districts(ds: list[int]) -> str:
    """District numbers as a list (the same in both languages)."""
    return ", ".join(str(d) for d in ds) or "—"
