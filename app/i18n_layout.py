"""The texts of the page's frame (navigation, theme switch), the home screen's first-start card and the
forms' steppers (French and English; Italian in the catalogue).  Merged into :data:`app.i18n.S`."""

from __future__ import annotations

from scoring import Tr

STRINGS: dict[str, Tr] = {
    # The navigation's labels: short enough for one line each in a phone's bottom bar (a test measures them).
    "nav_home": Tr("Accueil", "Home"),
    "nav_match": Tr("En cours", "Match"),
    "nav_new_match": Tr("Jouer", "Play"),
    "nav_players": Tr("Joueurs", "Players"),
    "nav_history": Tr("Parties", "History"),
    "nav_stats": Tr("Stats", "Stats"),
    "theme_system": Tr("Thème : celui de l'appareil (toucher pour clair)", "Theme: the device's (tap for light)"),
    "theme_light": Tr("Thème : clair (toucher pour sombre)", "Theme: light (tap for dark)"),
    "theme_dark": Tr("Thème : sombre (toucher pour celui de l'appareil)", "Theme: dark (tap for the device's)"),
    "welcome_title": Tr("Pour commencer", "Getting started"),
    "welcome_text": Tr(
        "Choisissez un jeu ci-dessous et lancez une partie. Chaque joueur peut la suivre sur son téléphone : "
        "sur l'écran de la partie, ouvrez « Téléphones des joueurs » et faites scanner le code QR de sa place.",
        "Pick a game below and start a match. Each player can follow it on their phone: on the match's "
        "screen, open \u201cPlayers' phones\u201d and let them scan their seat's QR code."),
    "welcome_ok": Tr("Compris", "Got it"),
    "start_one": Tr("Choisissez un jeu ci-dessous pour en lancer une.", "Pick a game below to start one."),
    "step_less": Tr("{a} : un de moins", "{a}: one less"),
    "step_more": Tr("{a} : un de plus", "{a}: one more"),
    "tiebreak_line": Tr("départage : {a}", "tie-break: {a}"),
}
