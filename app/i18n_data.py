"""The texts of the Data screen (export, backup, import, restore, their progress and summaries) and of
the statistics' wording, loading, date pickers and empty state (French and English; Italian in the
catalogue).  :mod:`app.i18n` merges them into its tables."""

from __future__ import annotations

from scoring import Tr

STRINGS: dict[str, Tr] = {
    "data": Tr("Données", "Data"),
    "data_open": Tr("Données : exporter, sauvegarder, importer, restaurer",
                    "Data: export, back up, import, restore"),
    "data_intro": Tr("L'historique de toutes vos parties : gardez-en une copie, emportez-le ailleurs, "
                     "ou reprenez celui de BG Stats.",
                     "The history of all your matches: keep a copy, take it elsewhere, or bring in your "
                     "BG Stats history."),
    "data_export": Tr("Exporter et sauvegarder", "Export and back up"),
    "data_export_help": Tr("Tout l'historique : en CSV pour un tableur, en sauvegarde complète pour une autre "
                           "installation de Compagnon, ou au format de BG Stats.",
                           "The whole history: as CSV for a spreadsheet, as a full backup for another "
                           "Compagnon, or in BG Stats' format."),
    "data_import": Tr("Importer et restaurer", "Import and restore"),
    "data_import_help": Tr("Les parties d'un export de BG Stats s'ajoutent à l'historique (une partie déjà "
                           "là n'est pas ajoutée deux fois) ; une sauvegarde se restaure dans un historique vide.",
                           "The plays of a BG Stats export are added to the history (a play already there is "
                           "not added twice); a backup is restored into an empty history."),
    "export_all_csv": Tr("Tout l'historique en CSV", "The whole history as CSV"),
    "job_reading": Tr("Lecture du fichier…", "Reading the file…"),
    "job_import": Tr("Import depuis BG Stats", "Importing from BG Stats"),
    "job_restore": Tr("Restauration de la sauvegarde", "Restoring the backup"),
    "job_backup": Tr("Sauvegarde complète", "Full backup"),
    "job_export_bgstats": Tr("Export pour BG Stats", "Export for BG Stats"),
    "job_export_csv": Tr("Export en CSV", "Export as CSV"),
    "job_preparing": Tr("Préparation…", "Getting ready…"),
    "summary_import": Tr("Bilan de l'import", "What the import did"),
    "summary_games": Tr("Jeux créés : {a}", "Games created: {a}"),
    "summary_players": Tr("Joueurs créés : {a}", "Players created: {a}"),
    "summary_why": Tr("Parties ignorées, et pourquoi :", "Skipped plays, and why:"),
    "summary_none": Tr("aucun", "none"),
    "summary_restore": Tr("Bilan de la restauration", "What the restore did"),
    "summary_export": Tr("Fichier prêt", "File ready"),
    "summary_close": Tr("Fermer le bilan", "Close the summary"),
    "stats_files": Tr("Exporter, sauvegarder, importer : page Données", "Export, back up, import: the Data page"),
    "export_filtered_csv": Tr("Exporter en CSV (ces parties)", "Export as CSV (these matches)"),
    "h_index_all": Tr("H-index de la table sur tous les jeux : {a}", "Table's H-index across all games: {a}"),
    "stats_loading": Tr("Calcul des statistiques…", "Computing the statistics…"),
    "date_from": Tr("Du", "From"),
    "date_to": Tr("Au", "To"),
    "date_any": Tr("toute date", "any date"),
    "date_pick_from": Tr("Parties depuis le", "Matches from"),
    "date_pick_to": Tr("Parties jusqu'au", "Matches up to"),
    "date_clear": Tr("Effacer la date", "Clear the date"),
    "date_choose": Tr("Choisir", "Choose"),
    "date_bad_format": Tr("Date non reconnue", "Not a date"),
    "date_out_of_range": Tr("Hors des dates possibles", "Out of range"),
    "stats_empty": Tr("Aucune partie terminée pour l'instant. Jouez une partie jusqu'à sa feuille de score, "
                      "ou importez votre historique BG Stats : les statistiques apparaîtront ici.",
                      "No finished match yet. Play a match to its score sheet, or import your BG Stats "
                      "history: the statistics will show here."),
    "stats_empty_filtered": Tr("Aucune partie terminée ne correspond à ces filtres : élargissez les dates ou "
                               "effacez les filtres.",
                               "No finished match matches these filters: widen the dates or clear the filters."),
    "start_a_match": Tr("Lancer une partie", "Start a match"),
    "import_history": Tr("Importer un historique", "Import a history"),
}

#: texts with a count ``n`` (one, other), as :data:`app.i18n.PLURALS`
PLURALS: dict[str, tuple[Tr, Tr]] = {
    "progress_plays": (Tr("{done} / {n} partie", "{done} / {n} play"),
                       Tr("{done} / {n} parties", "{done} / {n} plays")),
}
