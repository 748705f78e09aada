"""The texts of a move's refusal said beside its form (:func:`app.refusals.field_refusal`): where in a field the
refusal is (a painting's row or cell) and what is wrong with a value left empty or chosen outside the
list (French and English; Italian in the catalogue).  Merged into :data:`app.i18n.S`."""

from __future__ import annotations

from scoring import Tr

STRINGS: dict[str, Tr] = {
    # a painting's row, and one of its cells (rows and columns counted from 1, the top row first)
    "field_row": Tr("{a}, ligne {b}", "{a}, row {b}"),
    "field_cell": Tr("{a}, ligne {b}, colonne {c}", "{a}, row {b}, column {c}"),
    # a choice left on "— to enter —": the choices, by their labels
    "refusal_unchosen": Tr("rien n'est choisi ; choisissez parmi {a}", "nothing chosen; choose one of {a}"),
    "refusal_not_among": Tr("{a} n'est pas l'un des choix ({b})", "{a} is not one of the choices ({b})"),
    # a box left empty: what it must hold ("empty (must be a whole number)"), or that it must be filled in
    "refusal_empty": Tr("vide ({a})", "empty ({a})"),
    "refusal_blank": Tr("vide, à remplir", "empty, to be filled in"),
    # a painting's cell that holds no card of the box: the card as written, then the box's cards
    "refusal_card": Tr("carte inconnue {a} (attendu : {b})", "unknown card {a} (expected {b})"),
}
