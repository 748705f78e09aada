"""The score pad's words: kinds, entries, phases, forms and notes, in both languages."""

from __future__ import annotations

from scoring.core.tr import Tr

KIND_NAMES = {
    "high": Tr("Le plus haut score gagne", "Highest score wins", it="Vince il punteggio più alto"),
    "low": Tr("Le plus bas score gagne", "Lowest score wins", it="Vince il punteggio più basso"),
    "coop": Tr("Coopératif (tous gagnent ou tous perdent)", "Cooperative (all win or all lose)",
               it="Cooperativo (vincono tutti o perdono tutti)"),
    "teams": Tr("Par équipes (le total de l'équipe)", "In teams (the team's total)",
                it="A squadre (il totale della squadra)"),
}
ENTRY_NAMES = {
    "rounds": Tr("Manche par manche", "Round by round", it="Round per round"),
    "totals": Tr("Totaux de fin de partie", "Final totals", it="Totali di fine partita"),
}
PHASE_NAMES = {"play": Tr("En cours", "Playing", it="In corso"), "over": Tr("Terminée", "Over", it="Terminata")}
ROUND = Tr("Manche {n}", "Round {n}", it="Round {n}")
TEAM = Tr("Équipe {n}", "Team {n}", it="Squadra {n}")
TOTAL = Tr("Total", "Total", it="Totale")
NOTHING_YET = Tr("Aucun point noté", "No points written yet", it="Nessun punto segnato")
WON = Tr("Gagnée : tout le monde gagne", "Won: everybody wins", it="Vinta: vincono tutti")
LOST = Tr("Perdue : personne ne gagne", "Lost: nobody wins", it="Persa: non vince nessuno")
TIE_NOTE = Tr("Égalité en tête : si les règles du jeu départagent, indiquez l'ordre.",
              "A tie at the top: if the game's rules break it, give the order.",
              it="Parità in testa: se le regole del gioco spareggiano, indicate l'ordine.")
