"""Robby Solo: what a device may send now (the actions and their fields).

The table's device enters what the whole table sees and hears (the loot laid out, the declaration, the
reveal, a recount); a person's phone offers only their secret choice of bank (``MOVES``' ``by``).
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.core import Action, Field, Tr
from scoring.core.words import de
from scoring.games.robby_solo.rules import BANK_NAMES, DECK_SIZE
from scoring.games.robby_solo.state import RobbyState
from scoring.games.robby_solo.texts import KINDS

#: First choice of the entry forms: nothing is entered until someone picks a value.
UNSET = ("", Tr("— à saisir —", "— to enter —", it="— da inserire —"))


def _bank_choices(banks: Sequence[str], but: str | None = None) -> tuple[tuple[str, Tr], ...]:
    return (UNSET, *((c, BANK_NAMES[c]) for c in banks if c != but))


def actions_for(state: RobbyState, seat: int | None) -> list[Action]:
    """What a device may send now (``seat`` None: the table)."""
    if state["finished"] or (seat is not None and not 0 <= seat < state["people"]):
        return []
    g, phase, names, banks = state["gentleman"], state["phase"], state["names"], state["banks"]
    gname = names[g]
    out: list[Action] = []
    if phase == "restock" and seat is None:
        # One number per bank, typed on the number pad: the value in thousands, 0 for an object.
        out.append(Action("restock", Tr(f"Butins posés par {gname}", f"Loot laid out by {gname}",
                                        it=f"Bottini posati da {gname}"),
                          tuple(Field(c, BANK_NAMES[c], "int", None, minimum=0, maximum=9) for c in banks),
                          seat=g, primary=True,
                          help=Tr("La carte Butin posée à côté de chaque banque : sa valeur en milliers "
                                  "de $ (3 pour 3 000 $), 0 pour un objet.",
                                  "The loot card laid next to each bank: its value in thousands of $ "
                                  "(3 for $3,000), 0 for an object.",
                                  it="La carta Bottino posata accanto a ogni banca: il suo valore in migliaia di $ "
                                     "(3 per 3.000 $), 0 per un oggetto.")))
    if phase == "declare" and seat is None:
        out.append(Action("declare", Tr(f"Déclaration publique {de(gname)}", f"{gname}'s public declaration",
                                        it=f"Dichiarazione pubblica di {gname}"),
                          (Field("kind", Tr("Déclaration", "Declaration", it="Dichiarazione"), "choice", "rob", KINDS),
                           Field("bank", Tr("Banque", "Bank", it="Banca"), "choice", "", _bank_choices(banks))),
                          seat=g, primary=True,
                          help=Tr(f"Tous posent une carte Braquage face cachée, {gname} en dernier ; "
                                  "la déclaration doit être vraie.",
                                  f"Everyone lays a heist card face down, {gname} last; the declaration "
                                  "must be true.",
                                  it=f"Tutti posano una carta Rapina coperta, {gname} per ultimo; la dichiarazione "
                                     "deve essere vera.")))
    if phase == "confirm" and seat is None:
        out.append(_reveal_action(state))
    if phase in ("declare", "confirm"):
        for k in range(state["people"]):
            if seat not in (None, k) or (phase == "confirm" and k == g):
                continue
            pick = Field(f"bank{k}", Tr("Ma banque", "My bank", it="La mia banca"), "choice", "", _bank_choices(banks))
            who = Field("seat", Tr("Joueur", "Player", it="Giocatore"), "seat", k, minimum=k, maximum=k)
            out.append(Action("choose", Tr(f"Banque choisie en secret par {names[k]}",
                                           f"Bank chosen in secret by {names[k]}",
                                           it=f"Banca scelta in segreto da {names[k]}"), (who, pick),
                              seat=k, private=True, primary=seat == k,
                              help=Tr("Facultatif : tient lieu de la carte posée face cachée ; on peut "
                                      "changer jusqu'à la révélation.",
                                      "Optional: stands for the face-down card; it may be changed until "
                                      "the reveal.",
                                      it="Facoltativo: sostituisce la carta posata coperta; si può cambiare fino "
                                         "alla rivelazione.")))
    if seat is None:
        out.append(Action("deck", Tr("Recompter la pioche", "Count the loot deck", it="Riconta il mazzo"),
                          (Field("count", Tr("Cartes Butin dans la pioche", "Loot cards in the deck",
                                             it="Carte Bottino nel mazzo"),
                                 "int", state["deck"], minimum=0, maximum=DECK_SIZE),),
                          help=Tr("S'il n'y a pas assez de cartes pour toutes les banques au début "
                                  "d'un tour, la partie s'arrête.", "If the deck cannot restock every "
                                  "bank at the start of a round, the game ends.",
                                  it="Se all'inizio di un turno non ci sono abbastanza carte per tutte le banche, "
                                     "la partita finisce.")))
    return out


def _reveal_action(state: RobbyState) -> Action:
    g, decl, names = state["gentleman"], state["declaration"], state["names"]
    assert decl is not None
    fields = []
    for k in range(state["people"]):
        if state["chosen"][k] is not None or (k == g and decl["kind"] == "rob"):
            continue
        but = decl["bank"] if k == g else None
        fields.append(Field(f"bank{k}", Tr(names[k], names[k],
                                           it=names[k]), "choice", "", _bank_choices(state["banks"], but)))
    hint = Tr("La banque braquée par chacun.", "The bank each player robbed.", it="La banca rapinata da ciascuno.")
    if state["junior"] is not None:
        hint = Tr("La banque braquée par chacun ; celle de Robby Junior vient de son paquet.",
                  "The bank each player robbed; Robby Junior's comes from his deck.",
                  it="La banca rapinata da ciascuno; quella di Robby Junior viene dal suo mazzo.")
    return Action("reveal", Tr("Révéler les cartes Braquage", "Reveal the heist cards",
                               it="Rivela le carte Rapina"), tuple(fields),
                  primary=True, help=hint)
