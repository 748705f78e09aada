"""The app's own texts (game texts come from the engines as ``Tr``, in French and English).

French and English are written here (:data:`S`, :data:`PLURALS`); every language, Italian included,
is read at run time from the gettext catalogues in ``app/locale/<lang>/LC_MESSAGES/compagnon.po``
(compiled to ``.mo``): the message id is the key, so ``t("save", "it")`` → ``'Salva'``.
``python -m app.i18n_catalogues`` rewrites the French and English catalogues from this file, keeps the
Italian translations, adds the new keys to translate, and compiles the ``.mo`` files.
A key with no Italian translation yet reads the French (as the engines' texts do).

Plurals follow CLDR's rules (through Babel and the catalogues' ``Plural-Forms``): French says
"0 partie", "1 partie", "2 parties"; English "1 match", "0 matches"; Italian "1 partita", "2 partite".
"""

from __future__ import annotations

import functools
import gettext
import re
from datetime import date, datetime
from pathlib import Path

from babel import Locale
from babel.dates import format_date, format_datetime
from babel.numbers import format_compact_decimal, format_decimal

from scoring import Tr
from scoring.core import fmt
from scoring.core.words import elides

#: the app's languages, in the order the switch offers them, each named in its own language
LANGUAGES: dict[str, str] = {"fr": "Français", "en": "English", "it": "Italiano"}
#: the CLDR locale of each language (English as written in Britain: day before month)
LOCALES: dict[str, str] = {"fr": "fr_FR", "en": "en_GB", "it": "it_IT"}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "compagnon"

S: dict[str, Tr] = {
    "app": Tr("Compagnon", "Compagnon"),
    "tagline": Tr("Le compagnon de table de vos jeux de société", "The table companion for your board games"),
    "home": Tr("Accueil", "Home"),
    "players": Tr("Joueurs", "Players"),
    "history": Tr("Historique", "History"),
    "new_match": Tr("Nouvelle partie", "New match"),
    "in_progress": Tr("Parties en cours", "Matches in progress"),
    "none_in_progress": Tr("Aucune partie en cours.", "No match in progress."),
    "resume": Tr("Reprendre", "Resume"),
    "games": Tr("Les jeux", "The games"),
    "n_players": Tr("{a}–{b} joueurs", "{a}–{b} players"),
    "add": Tr("Ajouter", "Add"),
    "add_player": Tr("Ajouter un joueur", "Add a player"),
    "name": Tr("Nom", "Name"),
    "rename": Tr("Renommer", "Rename"),
    "save": Tr("Enregistrer", "Save"),
    "cancel": Tr("Annuler", "Cancel"),
    "merge": Tr("Fusionner", "Merge"),
    "merge_into": Tr("Fusionner {a} dans…", "Merge {a} into…"),
    "merged": Tr("{a} fusionné dans {b}", "{a} merged into {b}"),
    "merge_confirm": Tr("Fusionner {a} dans {b} ? Les parties et les scores de {a} passent à {b}, et {a} disparaît "
                        "de la liste : cela ne se défait pas.",
                        "Merge {a} into {b}? {a}'s matches and scores move to {b}, and {a} leaves the list: this "
                        "cannot be undone."),
    "no_players": Tr("Aucun joueur pour l'instant : ajoutez-en un.", "No players yet: add one."),
    "no_match_yet": Tr("Aucune partie pour l'instant", "No match yet"),
    "stats_of": Tr("Statistiques de {a}", "{a}'s statistics"),
    "delete_player": Tr("Supprimer {a} (aucune partie)", "Delete {a} (no match)"),
    "player_deleted": Tr("Joueur « {a} » supprimé.", "Player “{a}” deleted."),
    "choose_game": Tr("Choisissez un jeu", "Choose a game"),
    "options": Tr("Options", "Options"),
    "house_rules": Tr("Règles maison : l'autre lecture des règles", "House rules: the other reading of the rules"),
    "readings_played": Tr("Lectures des règles jouées", "Readings of the rules played"),
    "yes_word": Tr("oui", "yes"),
    "no_word": Tr("non", "no"),
    "seats": Tr("Joueurs et places", "Players and seats"),
    "seats_help": Tr("Cochez les joueurs dans l'ordre des places, dans le sens horaire.",
                     "Tick the players in seat order, clockwise."),
    "seat_n": Tr("Place {a}", "Seat {a}"),
    "need_players": Tr("Il faut {a} joueurs, {b} choisis.", "{a} players needed, {b} chosen."),
    "place": Tr("Lieu", "Place"),
    "notes": Tr("Notes", "Notes"),
    "reroll": Tr("Nouveau tirage", "Draw again"),
    "setup": Tr("Mise en place", "Set-up"),
    "start": Tr("Commencer la partie", "Start the match"),
    "undo": Tr("Annuler le dernier événement", "Undo the last event"),
    "undo_final": Tr("« {a} » ne s'annule pas : ce qu'il a montré ou tiré au sort ne se reprend pas",
                     "“{a}” cannot be undone: what it showed or drew cannot be taken back"),
    "undone": Tr("Annulé : {a}", "Undone: {a}"),
    "finish": Tr("Décompte final", "Final scoring"),
    "abandon": Tr("Abandonner la partie", "Abandon the match"),
    "abandon_q": Tr("Abandonner cette partie ? Elle ne comptera pas dans l'historique.",
                    "Abandon this match? It will not count in the history."),
    "confirm": Tr("Confirmer", "Confirm"),
    "match_over": Tr("La partie est terminée : passez au décompte.", "The match is over: go to the scoring."),
    "score_sheet": Tr("Feuille de score", "Score sheet"),
    "rank": Tr("Rang", "Rank"),
    "total": Tr("Total", "Total"),
    "winners": Tr("Victoire : {a}", "Winner: {a}"),
    "nobody_won": Tr("Personne n'a gagné", "Nobody won"),
    # the banner's ✕ (it was "Annuler": a person took it for an undo of what the message told)
    "close_message": Tr("Fermer le message", "Close the message"),
    "shared_win": Tr("Victoire partagée : {a}", "Shared victory: {a}"),
    "no_history": Tr("Aucune partie terminée pour l'instant.", "No finished match yet."),
    "events": Tr("Événements", "Events"),
    "no_events_yet": Tr("Aucun événement pour l'instant.", "No events yet."),
    "actions": Tr("À faire", "To do"),
    "timers": Tr("Minuteurs", "Timers"),
    "timer_start": Tr("Démarrer", "Start"),
    "timer_pause": Tr("Pause", "Pause"),
    "timer_resume": Tr("Reprendre", "Resume"),
    "timer_reset": Tr("Remettre à zéro", "Reset"),
    "time_up": Tr("Temps écoulé !", "Time is up!"),
    "sound_mute": Tr("Couper le son des minuteurs", "Mute the timers"),
    "sound_unmute": Tr("Remettre le son des minuteurs", "Unmute the timers"),
    "secrets": Tr("Secrets", "Secrets"),
    "hand_phone": Tr("Passez le téléphone à {a}", "Hand the phone to {a}"),
    "i_am": Tr("Je suis {a}", "I am {a}"),
    "hold_reveal": Tr("Maintenir pour voir", "Hold to reveal"),
    "hide_again": Tr("J'ai vu, cacher", "Seen, hide it"),
    "private_of": Tr("Secrets de {a}", "{a}'s secrets"),
    "not_found": Tr("Cette page n'existe pas.", "This page does not exist."),
    "no_match": Tr("Partie introuvable.", "Match not found."),
    "back_home": Tr("Retour à l'accueil", "Back home"),
    "open_record": Tr("Ouvrir sa fiche", "Open its record"),
    "language": Tr("Langue", "Language"),
    "started": Tr("Commencée le {a}", "Started {a}"),
    "finished_on": Tr("Terminée le {a}", "Finished {a}"),
    "recorded": Tr("Enregistré", "Recorded"),
    # the table on the network (issue #7)
    "phones": Tr("Téléphones des joueurs", "Players' phones"),
    "phones_help": Tr("Chaque joueur scanne le code de sa place : son téléphone montre ses secrets et reçoit ses "
                      "ordres secrets. Cet écran ne montre alors plus rien de secret de cette place.",
                      "Each player scans their seat's code: their phone shows their secrets and takes their "
                      "secret orders. This screen then shows nothing secret of that seat."),
    "phones_on": Tr("Relier les téléphones (codes QR)", "Link the phones (QR codes)"),
    "table_code": Tr("Code de la table : suivre la partie, demander une place",
                     "Table code: watch the match, ask for a seat"),
    "seat_code": Tr("Code de {a}", "{a}'s code"),
    "seat_linked": Tr("{a} : téléphone relié", "{a}: phone linked"),
    "reissue": Tr("Nouveau code pour {a}", "New code for {a}"),
    "take_back": Tr("{a} revient sur cet appareil", "{a} back on this device"),
    "on_phone": Tr("{a} joue sur son téléphone", "{a} plays on their phone"),
    "phone_waiting": Tr("{a} : réponse attendue sur son téléphone", "{a}: answer awaited on their phone"),
    "asks_seat": Tr("Un téléphone demande la place de {a}", "A phone asks for {a}'s seat"),
    "refuse": Tr("Refuser", "Refuse"),
    "your_seat": Tr("Place de {a}", "{a}'s seat"),
    "your_secrets": Tr("À vous de saisir (vous seul voyez vos secrets)", "Yours to enter (only you see your secrets)"),
    "bad_link": Tr("Ce lien n'ouvre aucune place : il a été remplacé, révoqué, ou vient d'une autre partie. "
                   "Scannez le code de la table, ou demandez un nouveau code à l'hôte.",
                   "This link opens no seat: it was replaced, revoked, or belongs to another match. "
                   "Scan the table code, or ask the host for a new code."),
    "table_unreadable": Tr("Cette partie ne peut plus s'afficher sur un téléphone : son journal ne se rejoue plus "
                           "avec cette version de Compagnon. L'écran de l'hôte dit pourquoi.",
                           "This match can no longer be shown on a phone: its log no longer replays with this "
                           "version of Compagnon. The host's screen says why."),
    "ask_seat": Tr("Prendre la place de {a}", "Take {a}'s seat"),
    "asked": Tr("Demande envoyée : l'hôte doit confirmer.", "Request sent: the host must confirm."),
    "refused": Tr("L'hôte a refusé la demande.", "The host refused the request."),
    "free_seats": Tr("Places libres", "Free seats"),
    "no_free_seat": Tr("Toutes les places sont prises.", "Every seat is taken."),
    "guest_home": Tr("Cet appareil rejoint une partie : scannez le code de la table ou celui de votre place "
                     "sur l'écran de l'hôte.",
                     "This device joins a match: scan the table code or your seat's code on the host's screen."),
    "local_only": Tr("Le serveur n'écoute que sur cet ordinateur : lancez « compagnon --host 0.0.0.0 » pour que "
                     "les téléphones du réseau rejoignent.",
                     "The server listens on this computer only: start \"compagnon --host 0.0.0.0\" to let the "
                     "network's phones join."),
    "nothing_to_do": Tr("Rien à saisir pour l'instant : la partie se suit ici.",
                        "Nothing to enter for now: follow the match here."),
    "your_time": Tr("C'est votre temps qui court !", "Your time is running!"),
}


#: texts that change with a count ``n`` (given to them as ``{n}``): (one, other) in French and English
PLURALS: dict[str, tuple[Tr, Tr]] = {
    "count_matches": (Tr("{n} partie", "{n} match"), Tr("{n} parties", "{n} matches")),
    "count_wins": (Tr("{n} victoire", "{n} win"), Tr("{n} victoires", "{n} wins")),
    "count_players": (Tr("{n} joueur", "{n} player"), Tr("{n} joueurs", "{n} players")),
    "count_events": (Tr("{n} événement", "{n} event"), Tr("{n} événements", "{n} events")),
    "count_cards": (Tr("{n} carte", "{n} card"), Tr("{n} cartes", "{n} cards")),
    # head to head: the matches won, lost and tied against a rival
    "count_won": (Tr("{n} gagnée", "{n} won"), Tr("{n} gagnées", "{n} won")),
    "count_lost": (Tr("{n} perdue", "{n} lost"), Tr("{n} perdues", "{n} lost")),
    "count_tied": (Tr("{n} égalité", "{n} tied"), Tr("{n} égalités", "{n} tied")),
    "count_running": (Tr("{n} partie en cours", "{n} match in progress"),
                      Tr("{n} parties en cours", "{n} matches in progress")),
    "count_more_skipped": (Tr("… et {n} autre partie ignorée", "… and {n} more skipped play"),
                           Tr("… et {n} autres parties ignorées", "… and {n} more skipped plays")),
    "count_unreadable_kept": (
        Tr("{n} partie gardée telle quelle ({ids}) : son journal ne se rejoue plus avec cette version de Compagnon ; "
           "sa fiche dit pourquoi.",
           "{n} match kept as it is ({ids}): its log no longer replays with this version of Compagnon; its review "
           "says why."),
        Tr("{n} parties gardées telles quelles ({ids}) : leur journal ne se rejoue plus avec cette version de "
           "Compagnon ; leur fiche dit pourquoi.",
           "{n} matches kept as they are ({ids}): their log no longer replays with this version of Compagnon; "
           "their reviews say why.")),
}


@functools.cache
def catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang``; what it lacks is read in French."""
    try:
        found = gettext.translation(DOMAIN, LOCALE_DIR, [lang])
    except OSError:  # a language without a catalogue: French
        return catalogue("fr") if lang != "fr" else gettext.NullTranslations()
    if lang != "fr":
        found.add_fallback(catalogue("fr"))
    return found


#: a French "de" before a blank, which elides when the name put there starts with a vowel
_DE_BLANK = re.compile(r"\bde \{(\w+)\}")


def t(key: str, lang: str, **kw: object) -> str:
    """``t("need_players", "en", a=3, b=2)`` → ``'3 players needed, 2 chosen.'``

    French elides a "de" written before a blank: ``t("private_of", "fr", a="Ange")`` →
    ``"Secrets d'Ange"`` (and ``"Secrets de Léa"``)."""
    if key not in S:
        raise KeyError(key)
    text = catalogue(lang).gettext(key)
    if kw and lang == "fr":
        text = _DE_BLANK.sub(lambda m: f"d'{{{m[1]}}}" if elides(str(kw.get(m[1], ""))) else m[0], text)
    return text.format(**kw) if kw else text


def tn(key: str, n: int, lang: str, **kw: object) -> str:
    """A text with a count, by the language's plural rule: ``tn("count_matches", 1, "fr")`` → ``'1 partie'``.

    The count is written as the language writes numbers (``tn("count_matches", 22000, "it")`` →
    ``'22.000 partite'``)."""
    if key not in PLURALS:
        raise KeyError(key)
    return catalogue(lang).ngettext(key, key, n).format(n=number(n, lang), **kw)


def number(n: int | float, lang: str) -> str:
    """A number as ``lang`` writes it (CLDR): ``number(18000, "it")`` → ``'18.000'``; a whole number in
    French or English as the score sheets write it (``18\xa0000``, ``18,000``: :func:`scoring.core.fmt.number`)."""
    if isinstance(n, int) and lang in ("fr", "en"):
        return fmt.number(n, lang)
    return format_decimal(n, locale=LOCALES.get(lang, "fr_FR"))


def compact(n: int | float, lang: str) -> str:
    """A number in short, for a chart's axis, as CLDR 48 (Babel 2.19) writes it: ``22 k`` in French, ``22k``
    in English, ``22K`` in Italian; millions are "1,5 M", "1.5m" and "1,5 Mln"."""
    return format_compact_decimal(n, locale=LOCALES.get(lang, "fr_FR"), fraction_digits=1)


def date_time(when: datetime, lang: str) -> str:
    """A moment in CLDR's short form of ``lang``, in local time for an aware moment.

    >>> [date_time(datetime(2026, 11, 25, 21, 5), lang) for lang in LANGUAGES]
    ['25/11/2026 21:05', '25/11/2026, 21:05', '25/11/26, 21:05']
    """
    local = when.astimezone() if when.tzinfo else when
    return format_datetime(local, "short", locale=LOCALES.get(lang, "fr_FR"))


def month(day: date, lang: str) -> str:
    """A month and its year, as a heading: ``Novembre 2026``, ``November 2026``, ``Novembre 2026``.  CLDR writes a
    French or Italian month in lower case ("février 2026"), as inside a sentence; a heading begins with a capital.

    >>> [month(date(2026, 2, 1), lang) for lang in LANGUAGES]
    ['Février 2026', 'February 2026', 'Febbraio 2026']
    """
    said = format_date(day, "LLLL y", locale=LOCALES.get(lang, "fr_FR"))
    return said[:1].upper() + said[1:]


def plural_category(n: int, lang: str) -> str:
    """CLDR's plural category of ``n`` in ``lang`` ("one", "other", "many"…), for the catalogues' tests."""
    return str(Locale.parse(LOCALES.get(lang, "fr_FR")).plural_form(n))


# The history review, statistics, export and import screens keep their texts in app/i18n_history.py.
from app.i18n_history import STRINGS as _HISTORY_STRINGS  # noqa: E402

S.update(_HISTORY_STRINGS)

from app.i18n_layout import STRINGS as _LAYOUT_STRINGS  # noqa: E402

S.update(_LAYOUT_STRINGS)
# The Apprentis painting editor's texts (app/fields/painting.py) are in app/i18n_i18n.py.
from app.i18n_i18n import STRINGS as _PAINTING_STRINGS  # noqa: E402

S.update(_PAINTING_STRINGS)
# The Data screen and the statistics' wording keep theirs in app/i18n_data.py.
from app.i18n_data import PLURALS as _DATA_PLURALS  # noqa: E402
from app.i18n_data import STRINGS as _DATA_STRINGS  # noqa: E402

S.update(_DATA_STRINGS)
PLURALS.update(_DATA_PLURALS)
# What the sessions' part of app/main.py says (a tap lost while a phone reconnected): app/i18n_net.py.
from app.i18n_net import STRINGS as _NET_STRINGS  # noqa: E402

S.update(_NET_STRINGS)
# The shared picture, the statistics' player-count filter, the Data place's label: app/i18n_ux7.py.
from app.i18n_ux7 import STRINGS as _UX7_STRINGS  # noqa: E402

S.update(_UX7_STRINGS)

# The timers' state (app/timer_view.py): app/i18n_speed.py.
from app.i18n_speed import STRINGS as _SPEED_STRINGS  # noqa: E402

S.update(_SPEED_STRINGS)
# A move's refusal said beside its form (app/refusals.py): app/i18n_refusals.py.
from app.i18n_refusals import STRINGS as _REFUSAL_STRINGS  # noqa: E402

S.update(_REFUSAL_STRINGS)
