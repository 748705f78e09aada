"""The score pad's words: kinds, entries, phases, forms and notes, in both languages."""

from __future__ import annotations

from scoring.core.tr import Tr

KIND_NAMES = {
    "high": Tr("Le plus haut score gagne", "Highest score wins"),
    "low": Tr("Le plus bas score gagne", "Lowest score wins"),
    "coop": Tr("Coopératif (tous gagnent ou tous perdent)", "Cooperative (all win or all lose)"),
    "teams": Tr("Par équipes (le total de l'équipe)", "In teams (the team's total)"),
}
ENTRY_NAMES = {
    "rounds": Tr("Manche par manche", "Round by round"),
    "totals": Tr("Totaux de fin de partie", "Final totals"),
}
PHASE_NAMES = {"play": Tr("En cours", "Playing"), "over": Tr("Terminée", "Over")}
ROUND = Tr("Manche {n}", "Round {n}")
TEAM = Tr("Équipe {n}", "Team {n}")
TOTAL = Tr("Total", "Total")
NOTHING_YET = Tr("Aucun point noté", "No points written yet")
WON = Tr("Gagnée : tout le monde gagne", "Won: everybody wins")
LOST = Tr("Perdue : personne ne gagne", "Lost: nobody wins")
TIE_NOTE = Tr("Égalité en tête : si les règles du jeu départagent, indiquez l'ordre.",
              "A tie at the top: if the game's rules break it, give the order.")
