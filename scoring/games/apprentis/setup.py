"""Les apprentis: the set-up options, the set-up record and the instructions read to the table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.core import JSON, InvalidOptions, Option, Setup, Tr
from scoring.games.apprentis.rules import (
    cards_per_turn,
    dice_count,
    game_length,
    market_spots,
    trees_in_play,
)

#: « Les configurations imposées » : the rulebook's canvas pictures by level and length.
#: The French is the picture's caption, quoted on every screen: the only rulebook is French.
_EASY = Tr("Partie courte et longue facile", "an easy game, short or long", it="una partita facile, corta o lunga")
CANVAS = {("easy", "short"): _EASY, ("easy", "long"): _EASY,
          ("hard", "short"): Tr("Partie courte difficile", "a hard short game", it="una partita corta difficile"),
          ("hard", "long"): Tr("Partie longue difficile", "a hard long game", it="una partita lunga difficile")}

OPTIONS: tuple[Option, ...] = (
    Option("players", Tr("Joueurs", "Players", it="Giocatori"), "int", 3, minimum=1, maximum=5),
    Option("length", Tr("Durée", "Length", it="Durata"), "choice", "short",
           choices=(("short", Tr("Partie courte", "Short game", it="Partita corta")),
                    ("long", Tr("Partie longue", "Long game", it="Partita lunga")))),
    Option("canvas", Tr("Toile imposée", "Imposed canvas", it="Tela imposta"), "choice", "easy",
           choices=(("easy", Tr("Facile", "Easy", it="Facile")), ("hard", Tr("Difficile", "Hard", it="Difficile"))),
           help=Tr("La forme que le tableau ne peut pas dépasser : « facile » (la même pour les deux durées) "
                   "ou « difficile » (une par durée), dessinées dans la règle.",
                   "The shape a painting may not go beyond: “easy” (the same for both lengths) or “hard” "
                   "(one per length), drawn in the rulebook.",
                   it="La forma che il quadro non può superare: «facile» (la stessa per le due durate) o "
                      "«difficile» (una per durata), disegnate nel regolamento.")),
    Option("programming", Tr("Variante « programmation »", "“Programming” variant",
                             it="Variante «programmazione»"), "bool", False, needs=("players", (3, 4, 5)),
           help=Tr("3 à 5 joueurs : chacun choisit sa face de dé en secret, révélées ensemble.",
                   "3 to 5 players: everyone picks a die face in secret, revealed together.",
                   it="Da 3 a 5 giocatori: ognuno sceglie in segreto la faccia del suo dado, rivelate insieme.")),
    Option("first_player", Tr("Premier joueur (le dernier à avoir peint)",
                              "First player (the last one to have painted)",
                              it="Primo giocatore (l'ultimo ad aver dipinto)"), "seat", 0,
           minimum=0, maximum=4),
    Option("perso_tie", Tr("Personnages : tout le monde à égalité", "Characters: everyone tied",
                           it="Personaggi: tutti in parità"), "choice", "both",
           choices=(("both", Tr("Chacun +9 et −5 (règle)", "Each +9 and −5 (ruling)", it="Ognuno +9 e −5 (regola)")),
                    ("none", Tr("Personne ne marque", "Nobody scores", it="Nessuno segna punti")),
                    ("zero", Tr("Comme la règle, mais sans personnage : −5 chacun",
                                "As the ruling, but with no character: −5 each",
                                it="Come la regola, ma senza personaggi: −5 ciascuno"))),
           help=Tr("3 à 5 joueurs, quand tous ont autant de personnages (zéro compris) ; voir les notes de règles.",
                   "3 to 5 players, when all have as many characters (zero included); see the rules notes.",
                   it="Da 3 a 5 giocatori, quando tutti hanno lo stesso numero di personaggi (zero compreso); "
                      "vedere le note di regola."),
           house_rule=True, needs=("players", (3, 4, 5))),
    Option("stain_points", Tr("Points perdus par tache", "Points lost per stain",
                              it="Punti persi per macchia"), "int", 1, minimum=0, maximum=5,
           help=Tr("La règle dit seulement « Les points négatifs seront reportés » ; 1 par tache par défaut.",
                   "The rules only say “the negative points will be carried over”; 1 per stain by default.",
                   it="Il regolamento dice solo «I punti negativi saranno riportati»; 1 per macchia per "
                      "impostazione predefinita."),
           house_rule=True),
)


def check_options(opts: JSON) -> JSON:
    """The rules between options (each option alone is checked by the contract)."""
    n = opts["players"]
    if opts["programming"] and n < 3:
        raise InvalidOptions.about("programming", Tr(f"la variante se joue de 3 à 5 joueurs, pas à {n}",
                                                     f"the variant is for 3 to 5 players, not {n}",
                                                     it=f"la variante si gioca da 3 a 5 giocatori, non a {n}"))
    if opts["first_player"] >= n:
        seat = opts["first_player"] + 1  # said as the table counts its seats, from 1
        raise InvalidOptions.about("first_player", Tr(
            f"une partie à {n} joueurs n'a pas de place {seat}",
            f"a {n}-player game has no seat {seat}",
            it=f"una partita a {n} giocatori non ha il posto {seat}"))
    return opts


def make_setup(opts: JSON) -> Setup:
    n = opts["players"]
    turns, final_touch = game_length(n, opts["length"])
    record: JSON = {"options": opts, "turns": turns, "final_touch": final_touch,
                    "cards_per_turn": cards_per_turn(n), "dice": dice_count(n), "market": list(market_spots(n)),
                    "trees": trees_in_play(n), "first_player": opts["first_player"],
                    "programming": opts["programming"]}
    return Setup(record, instructions(record))


def instructions(record: Mapping[str, Any]) -> tuple[Tr, ...]:
    opts = record["options"]
    n = opts["players"]
    spots = ", ".join(record["market"])
    steps = [Tr("Mélangez les cartes « élément de tableau ».", "Shuffle the painting element cards.",
                it="Mescolate le carte «elemento di quadro».")]
    if not record["trees"]:
        steps.append(Tr("Rangez les cartes arbres (A1 à A4) dans la boîte : elles ne sont pas jouées à "
                        f"{n} joueur{'s' if n > 1 else ''}.",
                        f"Put the tree cards (A1 to A4) back in the box: they are not played with {n} "
                        f"player{'s' if n > 1 else ''}.",
                        it=f"Riponete le carte albero (da A1 ad A4) nella scatola: non si giocano a {n} "
                           f"giocator{'i' if n > 1 else 'e'}."))
    elif n == 2:
        steps.append(Tr("À 2 joueurs, les cartes arbres restent en jeu (voir la note de règle).",
                        "With 2 players the tree cards stay in play (see the rules note).",
                        it="A 2 giocatori, le carte albero restano in gioco (vedere la nota di regola)."))
    fp = record["final_touch"]
    picture = CANVAS[opts.get("canvas", "easy"), opts["length"]]
    steps += [
        Tr("Donnez une feuille de score à chaque joueur.", "Give each player a score sheet.",
           it="Date un foglio dei punti a ogni giocatore."),
        Tr(f"Distribuez face cachée {fp} carte{'s' if fp > 1 else ''} « touche finale » à chaque joueur : "
           "chacun peut les regarder, elles seront placées à la fin.",
           f"Deal {fp} “final touch” card{'s' if fp > 1 else ''} face down to each player: everyone may "
           "look at them, they are placed at the end.",
           it=f"Distribuite coperte {fp} cart{'e' if fp > 1 else 'a'} «tocco finale» a ogni giocatore: ognuno può "
              "guardarle, verranno piazzate alla fine."),
        Tr(f"Gardez {record['dice']} dés.", f"Keep {record['dice']} dice.", it=f"Tenete {record['dice']} dadi."),
        Tr("Posez les cartes 1, 2, 3 en colonnes de gauche à droite et 4, 5, 6 en lignes de haut en bas.",
           "Lay cards 1, 2, 3 as columns from left to right and 4, 5, 6 as rows from top to bottom.",
           it="Posate le carte 1, 2, 3 in colonne da sinistra a destra e 4, 5, 6 in righe dall'alto in basso."),
        Tr(f"Posez une carte à chacun de ces croisements (colonne-ligne) : {spots}.",
           f"Put one card on each of these crossings (column-row): {spots}.",
           it=f"Posate una carta su ciascuno di questi incroci (colonna-riga): {spots}."),
        Tr(f"Toile : la configuration imposée « {picture.fr} » de la règle ; le tableau ne peut pas la dépasser.",
           f"Canvas: the rulebook's imposed shape for {picture.en} (its picture “{picture.fr}”); a painting may "
           "not go beyond it.",
           it=f"Tela: la configurazione imposta dal regolamento per {picture.get('it')} (la sua figura "
              f"«{picture.fr}»); il quadro non può superarla."),
    ]
    length = Tr("deux cartes par tour", "two cards per turn",
                it="due carte per turno") if n == 2 else Tr("une carte par tour",
                                                                                   "one card per turn",
                                                                                it="una carta per turno")
    steps.append(Tr(f"La partie dure {record['turns']} tours ({length.fr}).",
                    f"The game lasts {record['turns']} turns ({length.en}).",
                    it=f"La partita dura {record['turns']} turni ({length.it})."))
    if n > 1:
        first = record["first_player"] + 1
        steps.append(Tr(f"La personne n° {first} de la liste (la dernière à avoir peint) prend le jeton premier "
                        "joueur ; il passe à gauche à chaque tour.",
                        f"Person no. {first} of the list (the last one to have painted) takes the first-player "
                        "token; it passes left every turn.",
                        it=f"La persona n° {first} della lista (l'ultima ad aver dipinto) prende il segnalino primo "
                           "giocatore; passa a sinistra a ogni turno."))
    if record["programming"]:
        steps.append(Tr("Variante programmation : à chaque tour chacun choisit en secret la face de son dé, "
                        "révélée en même temps que les autres.",
                        "Programming variant: every turn each player secretly chooses a die face, revealed "
                        "together with the others.",
                        it="Variante programmazione: a ogni turno ognuno sceglie in segreto la faccia del suo dado, "
                           "rivelata insieme a quelle degli altri."))
    return tuple(steps)
