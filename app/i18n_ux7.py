"""The texts of the finished match's picture (shared as a PNG), the statistics' player-count filter, a game
card's button as a screen reader names it and the Data place's own navigation label (French and English;
Italian in the catalogue).  Merged into :data:`app.i18n.S`."""

from __future__ import annotations

from scoring import Tr

STRINGS: dict[str, Tr] = {
    "nav_data": Tr("Données", "Data"),
    "share_picture": Tr("Partager en image", "Share as picture"),
    "share_saved": Tr("Image enregistrée : {a}", "Picture saved: {a}"),
    "share_failed": Tr("L'image de la feuille de score n'a pas pu être faite ni partagée : rien n'a été perdu, "
                       "réessayez.",
                       "The score sheet's picture could not be made or shared: nothing was lost, try again."),
    "share_played": Tr("Jouée le {a}", "Played on {a}"),
    "player_count": Tr("Nombre de joueurs", "Number of players"),
    "any_count": Tr("Tous", "Any"),  # under the label "Nombre de joueurs": short enough for the box
    # what a screen reader says of a game card's "Nouvelle partie" button (five cards, five different names)
    "new_match_of": Tr("{a} : nouvelle partie", "{a}: new match"),
    # where a picked file stops being JSON (the "not_json" message's detail: Python's own is English)
    "not_json_at": Tr("ligne {a}, colonne {b}", "line {a}, column {b}"),
    "file_empty": Tr("Ce fichier est vide : il n'y a rien à importer.",
                     "This file is empty: there is nothing to import."),
    "not_utf8_at": Tr("octet {a} : ce n'est pas du texte UTF-8", "byte {a}: not UTF-8 text"),
    "not_json_deep": Tr("valeurs imbriquées trop profondément", "values nested too deeply"),
    # over a new-match form reached again by Back from the match it started (it starts afresh)
    "match_started_here": Tr("La partie n° {a} a été commencée avec ce formulaire.",
                             "Match #{a} was started from this form."),
    "open_started": Tr("Reprendre la partie n° {a}", "Resume match #{a}"),
}
