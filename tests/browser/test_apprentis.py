"""Les apprentis at the table, on a phone: a three-player short game, one turn with the dice
helper, three paintings entered on the grid, the scores and the history.

Issue 6's acceptance line: "A browser test sets up a three-player short game, plays a turn with
the dice helper, enters three paintings on the grid, and checks the scores and the history."
The « quotations » below are the rulebook's (../shared/rules/les-apprentis.fr.txt).
"""

from __future__ import annotations

import re
import time

import pytest

pytestmark = pytest.mark.browser

PLAYERS = ("Léa", "Sam", "Ana")
#: The market at 3 players (crossings column-row, rulebook « Pour 1 et 3 joueurs »), in refill order.
MARKET = ["2-4", "3-4", "1-5", "3-5", "1-6", "2-6"]
#: The painting form's card names (its "Carte" dropdown).
CARD = {"maison": "Maison (points imprimés)", "ciel": "Ciel", "oiseau": "Oiseau", "lac": "Lac",
        "perso": "Personnage", "fontaine": "Fontaine", "pont": "Pont", "sapin": "Sapin", "eglise": "Église"}
LABEL = {"maison": "Maison", "perso": "Perso", "eglise": "Église"}

# The three paintings, top row first, as they lie on the table (no trees: at 3 players « elles ne
# seront pas jouées dans la configuration 1 et 3 joueurs »).
LEA = [["ciel", "ciel", None],
       ["oiseau", "maison:4", "eglise"],
       [None, "lac", "perso"]]
SAM = [["sapin", "fontaine", "fontaine"],
       ["lac", "pont", "perso"],
       ["lac", "perso", "perso"]]
ANA = [[None, "ciel", None],
       ["oiseau", "maison:2", "ciel"],
       ["fontaine", None, None]]

# Worked by hand, card by card (Léa took her card with a stain: one stain).
#
# Léa — « Maison : Rapporte le nombre de points indiqué sur la carte »: 4.
#   « Ciel : Rapporte 3 points si se situe sur la ligne la plus haute du tableau. Bonus de 3 points
#   si deux ciels se touchent orthogonalement (valable qu'une fois) »: both in the top row, touching:
#   3 + 3 + 3 = 9.
#   « Oiseau : Rapporte 4 points si la carte touche une carte ciel »: the bird is under a sky: 4.
#   « Lac : Rapporte 3 points par carte composant le plus grand lac du tableau. Bonus de 1 point pour
#   chaque carte personnage qui touche orthogonalement une carte lac »: one lake card, the character
#   beside it: 3 + 1 = 4.
#   « Eglise : Rapporte 3 points par carte maison adjacente à la carte Eglise, diagonale incluse »: 3.
#   Characters: 1 (Sam 3, Ana 0): « Le joueur possédant le plus de personnages gagne 9 points et celui
#   qui en possède le moins perd 5 points »: neither, 0.
#   « Les points négatifs seront reportés sur le score final »: one stain, -1.
#   Total 4 + 9 + 4 + 4 + 3 + 0 - 1 = 23.
# Sam — « Sapin : Rapporte 2 points par carte en dessous de la carte sapin »: two lakes below: 4.
#   « 2 fontaines : 8 points ».
#   Lake: the two lake cards are the largest lake, 2 × 3 = 6, and the character at the bottom middle
#   touches the bottom lake: + 1 = 7.
#   « Pont : Rapporte 3 points par carte personnage adjacente à la carte pont, diagonale incluse »:
#   three characters around the bridge: 9.
#   Characters: 3, the most: + 9.
#   Total 4 + 8 + 7 + 9 + 9 = 37.
# Ana — Sky: the top sky is « sur la ligne la plus haute du tableau »: 3; the other sky is a row lower
#   and only touches the first by a corner: no bonus. Total sky 3.
#   « si ce n'est pas le cas la carte vaut -4 points »: her bird touches no sky: -4.
#   House 2. « 1 fontaine : -3 points ». Characters: none, the fewest: -5.
#   Total 3 - 4 + 2 - 3 - 5 = -7.
EXPECTED = {"Sam": 37, "Léa": 23, "Ana": -7}


def line(value: int) -> str:
    """A die's line, as the dice helper names it: 1-3 a column, 4-6 a row."""
    return f"colonne {value}" if value <= 3 else f"ligne {value}"


def spot_text(spot: str) -> str:
    col, row = spot.split("-")
    return f"{spot} (colonne {col} × ligne {row})"


def dice_on_screen(ui) -> list[int]:
    """The big dice under "Dés du tour", as the screen reads them."""
    said = ui.text().split("\n")
    start = said.index("Dés du tour")
    dice = []
    for word in said[start + 1:]:
        if not re.fullmatch(r"[1-6]", word):
            break
        dice.append(int(word))
    return dice


def label_of(ui, identifier: str) -> str:
    el = ui.by_id(identifier)
    ui.reach(el)
    return el.get_attribute("aria-label") or el.inner_text()  # a button's label is its text


class Canvas:
    """Where the grid editor shows a painting's cells: it frames the cards laid so far with one
    ring of empty cells (``cell-<r>-<c>`` counts from that frame), an empty painting is one cell."""

    def __init__(self) -> None:
        self.laid: list[tuple[int, int]] = []

    def shown(self, r: int, c: int, laid: list[tuple[int, int]]) -> str:
        if not laid:
            return "cell-0-0"
        return f"cell-{r - min(p[0] for p in laid) + 1}-{c - min(p[1] for p in laid) + 1}"

    def lay(self, ui, r: int, c: int, card: str) -> None:
        """Tap the cell of painting square (r, c); check the card is there once the grid regrows."""
        ui.tap(ui.reach(ui.by_id(self.shown(r, c, self.laid))))
        self.laid.append((r, c))
        name = LABEL.get(card.split(":")[0], CARD.get(card, ""))
        want = f"{name} {card.split(':')[1]}" if ":" in card else name
        where = self.shown(r, c, self.laid)
        deadline = time.time() + 8
        while want not in label_of(ui, where):
            assert time.time() < deadline, f"{card} not laid at {where}: {label_of(ui, where)!r}"
            ui.page.wait_for_timeout(200)


def enter_painting(ui, painting, refused: tuple[str, str] | None = None) -> None:
    """Lay the cards brush by brush (the "Carte" dropdown), as a person copies the table;
    ``refused`` = (card, button): once those cards are laid, the form is sent and refused."""
    canvas = Canvas()
    by_card: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(painting):
        for c, card in enumerate(row):
            if card:
                by_card.setdefault(card, []).append((r, c))
    for card, squares in by_card.items():
        kind, _, points = card.partition(":")
        ui.choose("Carte", CARD[kind])
        if kind == "maison":
            ui.fill("Points", points)
        for r, c in squares:
            canvas.lay(ui, r, c, card)
        if refused and refused[0] == card:  # cards that touch no other card: the placement rule says no
            ui.click(refused[1])
            ui.see("ne respecte pas la règle de pose")  # the refusal, in the page's language


def test_a_three_player_short_game_at_the_table(ui):
    ui.add_players(*PLAYERS)

    # Set-up: three players, the short game (the default length).
    ui.open("/new/apprentis")
    for n in PLAYERS:
        ui.check(n)
    ui.see("Place 3 : Ana")
    ui.see("La partie dure 12 tours")  # « 1, 3, 4 joueurs : La partie se joue en 12 tours »
    ui.see("Rangez les cartes arbres")  # no trees at 3 players
    ui.see(", ".join(MARKET))  # the six crossings
    # the first player is chosen by name among the players (a seat number counted from 0 before)
    ui.choose("Premier joueur (le dernier à avoir peint)", "Sam")
    ui.choose("Premier joueur (le dernier à avoir peint)", "Léa")
    ui.click("Commencer la partie")
    ui.see("Tour 1 — Lancer des dés")
    ui.see("Premier joueur")

    # The turn: the first player rolls three dice, shown big.
    ui.click("Lancer 3 dés")
    ui.see("Dés du tour")
    dice = dice_on_screen(ui)
    assert len(dice) == 3, dice
    ui.shot("apprentis-dice")

    # Léa picks the highest die and passes the rest left: Sam picks, Ana takes the last one.
    high = max(dice)
    rest = list(dice)
    rest.remove(high)
    if len(set(dice)) > 1:  # three equal dice hand themselves out
        ui.see("Léa choisit un dé")
        ui.choose("Dé", f"{high} — {line(high)}")
        ui.click("Léa choisit un dé")
        if len(set(rest)) > 1:
            ui.see("Sam choisit un dé")
            ui.click("Sam choisit un dé")  # the first die offered
    ui.see("Léa prend une carte")
    hands = ui.text()
    assert re.search(rf"Léa\n{high}\n", hands), hands

    # Léa stains her painting to move her die by one, and takes the card from that line.
    value = high - 1 if high > 1 else high + 1
    stain = "Tache : dé −1" if high > 1 else "Tache : dé +1"
    spot = [s for s in MARKET if (int(s[0]) == value if value <= 3 else int(s[2]) == value)][0]
    ui.in_clear(ui.page.get_by_role("button", name="Léa prend une carte"))
    ui.shot("apprentis-take")
    ui.choose("Tache", stain)
    ui.choose("Carte prise en", spot_text(spot))
    ui.click("Léa prend une carte")
    ui.see(f"Léa, dé {high}{value - high:+d}")
    ui.see("Sam prend une carte")
    ui.click("Sam prend une carte")  # the card the helper suggests, no stain
    ui.click("Ana prend une carte")

    # The market refill: a lightning card comes up on the first spot to refill.
    ui.see("Remplissage du marché")
    ui.see("À remplir, dans l'ordre")
    ui.click("Une carte éclair est piochée")
    ui.see("Éclair")
    ui.see("défaussez la ligne")
    ui.shot("apprentis-refill")
    ui.click("Marché rempli : tour suivant")
    ui.see("Tour 2 — Lancer des dés")
    assert "Premier joueur\nSam" in ui.text()  # the token passed left

    # The table stops there and counts (the remaining turns are skipped).
    ui.click("Passer au décompte")
    ui.see("Touche finale et décompte")

    # Three paintings on the grid; the one with the stain keeps it.
    ui.see("Tableau de Léa")
    enter_painting(ui, LEA)
    ui.shot("apprentis-painting")
    ui.click("Tableau de Léa")
    ui.see("7 · 1")  # 7 cards (the turns were skipped: no count to compare with), 1 stain
    enter_painting(ui, SAM)
    ui.click("Tableau de Sam")
    ui.see("9 · 0")
    # Ana's two skies first: they touch no card yet, and the painting is refused.
    enter_painting(ui, ANA, refused=("ciel", "Tableau d'Ana"))
    ui.click("Tableau d'Ana")
    ui.see("5 · 0")

    # The scores as the table sees them, then the final count.
    said = ui.text()
    for name, total in EXPECTED.items():
        assert f"{name}\n{total}\n" in said, (name, total, said)
    ui.click("Terminer et compter")
    ui.see("La partie est terminée")
    ui.click("Décompte final")
    ui.see("Feuille de score")
    ui.see("Victoire : Sam")
    for chip in ("Ponts : 9", "Fontaines : 8", "Sapins : 4", "Églises : 3", "Taches : -1", "Oiseaux : -4"):
        ui.see(chip)
    ui.shot("apprentis-score-sheet")

    # Each painting with the cells that earned a category: Sam's lake is his two lake cards and the
    # character touching them, not his fir.
    ui.tap(ui.reach(ui.by_id("review-1-cat-lac")))
    assert "compte" in label_of(ui, "review-1-1-0")  # lake
    assert "compte" in label_of(ui, "review-1-2-1")  # the character beside the lake
    assert "compte" not in label_of(ui, "review-1-0-0")  # the fir
    assert "compte" not in label_of(ui, "review-1-1-2")  # a character away from the lake
    ui.in_clear(ui.by_id("review-1-1-1"))
    ui.shot("apprentis-review")

    # The history keeps the match and its totals.
    ui.open("/history")
    ui.see("Les apprentis #1")
    ui.see("Sam 37 · Léa 23 · Ana -7")
    ui.shot("apprentis-history")
