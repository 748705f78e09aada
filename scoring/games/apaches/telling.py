"""Les Apaches de Paris: how each event reads in the match's ledger and history, in French, English and
Italian (the moves' tellers, :data:`scoring.core.telling.Teller`).

A teller reads the event as the handler reads it (a number a form sent as text, ``"none"`` for nobody) and
tells no more than the event shows: the bourgeois drawn in district 8 stays « secret » while the timeline
hides its token, and a settlement tells the rule, never what the state made of it (a short wallet, the
reinforcement pieces left).  Words are the game's own (:mod:`.texts`, the forms and panels).

>>> names = ["Léa", "Ange"]
>>> tell_settle({"type": "settle", "district": 3, "winner": 1, "stash": "killed"}, names).fr
"Quartier 3 : un meneur d'Ange tué, envoyé au cimetière"
>>> tell_settle({"type": "settle", "district": "6", "winner": "0", "stash": "money", "amount": "1200"}, names).en
'District 6: Léa wins 1,200 F'
>>> tell_bourgeois({"type": "bourgeois", "winner": 0, "token": "?"}, names).en
'District 8: Léa takes a bourgeois at random (identity hidden)'
>>> tell_bourgeois({"type": "bourgeois", "winner": 0, "token": "policeman"}, names).it
'Quartiere 8: Léa prende un borghese a caso (identità: il poliziotto in borghese)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core import Secret, Tr, whole
from scoring.core.telling import hidden, name, per_seat
from scoring.core.tr import same
from scoring.core.words import de
from scoring.games.apaches.rules import BAIL, BOURGEOIS_DISTRICT, FENCE_DISTRICT, FENCE_PER_BURGLARY
from scoring.games.apaches.texts import KINDS, francs

#: the longest free-text reason of a wallet correction the ledger quotes
REASON_CHARS = 60


# --------------------------------------------------------------------------- reading the fields


def nobody(value: Any) -> bool:
    """Whether a ``winner`` field names no seat (the forms' « Personne » sends ``"none"``); the handlers'
    reading too (:func:`~scoring.games.apaches.moves.seat_or_none`).

    >>> nobody(None), nobody("none"), nobody(""), nobody(0), nobody("0")
    (True, True, True, False, False)
    """
    return value is None or value in ("none", "")


def _winner(event: Mapping[str, Any]) -> int | None:
    value = event.get("winner")
    return None if nobody(value) else whole(value, "winner", 0)


def _counts(value: Any, what: str) -> list[int]:
    """One whole number per seat, as the handlers' ``per_seat`` reads them."""
    if not isinstance(value, list):
        raise TypeError(f"{what}: one number per seat, got {value!r}")
    return [whole(v, f"{what}[{i}]", 0) for i, v in enumerate(value)]


def _district(d: int) -> Tr:
    return Tr("Quartier {d} : ", "District {d}: ", it="Quartiere {d}: ").format(d=d)


def _plus(head: Tr, tail: Tr) -> Tr:
    return same("{h}{t}").format(h=head, t=tail)


# --------------------------------------------------------------------------- one teller per event type


def tell_start_round(event: Mapping[str, Any], names: Sequence[str]) -> Tr:
    """« Enlever au hasard une planque par quartier » (which one stays on the set-aside panel).

    >>> tell_start_round({"type": "start_round", "round": 2, "first_player": 1, "set_aside": {"1": 3}},
    ...                  ["Léa", "Ange"]).en
    'Start of round 2 (1st player: Ange), one stash set aside per district'
    """
    r = whole(event["round"], "round", 1, digits=False)
    return Tr("Début de la manche {r} (1er joueur : {p}), une planque mise de côté par quartier",
              "Start of round {r} (1st player: {p}), one stash set aside per district",
              it="Inizio del round {r} (1° giocatore: {p}), un nascondiglio messo da parte per quartiere",
              ).format(r=r, p=name(names, event["first_player"]))


def tell_end_turn(event: Mapping[str, Any], names: Sequence[str]) -> Tr:
    """The stash laid, and the bail paid « à la fin d'un de ses tours de jeu ».

    >>> tell_end_turn({"type": "end_turn", "seat": 0, "bail": "2"}, ["Léa"]).fr
    'Léa pose sa planque et paie 300 F de caution : 2 meneurs libérés'
    """
    who = name(names, event["seat"])
    bail = whole(event.get("bail", 0) or 0, "bail", 0)
    laid = Tr("{w} pose sa planque", "{w} lays a stash", it="{w} posa il suo nascondiglio").format(w=who)
    if not bail:
        return laid
    freed = (Tr("1 meneur libéré", "1 leader freed", it="1 capo liberato") if bail == 1 else
             Tr("{n} meneurs libérés", "{n} leaders freed", it="{n} capi liberati").format(n=bail))
    return Tr("{laid} et paie {a} de caution : {freed}", "{laid} and pays {a} bail: {freed}",
              it="{laid} e paga {a} di cauzione: {freed}").format(laid=laid, a=francs(BAIL * bail), freed=freed)


def tell_skip_turns(event: Mapping[str, Any], names: Sequence[str]) -> Tr:
    """The table did not note turns 1 to 5 one by one."""
    return Tr("Passage direct au dernier tour (tours précédents non notés)",
              "Straight to the last turn (earlier turns not noted)",
              it="Passaggio diretto all'ultimo turno (turni precedenti non segnati)")


def tell_last_turn(event: Mapping[str, Any], names: Sequence[str]) -> Tr:
    """« l'ordre décroissant du nombre d'Apaches restant devant eux à ce moment-là ».

    >>> tell_last_turn({"type": "last_turn", "apaches": [4, "6"]}, ["Léa", "Ange"]).en
    'Apaches still in front of each player before the last turn: Léa 4, Ange 6'
    """
    counts = per_seat(names, _counts(event["apaches"], "apaches"))
    return Tr("Apaches encore devant chacun avant le dernier tour : {c}",
              "Apaches still in front of each player before the last turn: {c}",
              it="Apache ancora davanti a ciascuno prima dell'ultimo turno: {c}").format(c=counts)


#: What the majority player of a district gets from its uncovered stash (« Les gains », « Les pertes »):
#: ``{w}`` the name, ``{of}`` French "de" + the name, ``{a}`` the amount.
SETTLED = {
    "money": Tr("{w} gagne {a}", "{w} wins {a}", it="{w} guadagna {a}"),
    "valuables": Tr("{w} cambriole des objets de valeur pour {a}", "{w} steals valuables worth {a}",
                    it="{w} ruba oggetti di valore per {a}"),
    "steal": Tr("{w} vole les autres gangs", "{w} steals from the other gangs", it="{w} deruba le altre bande"),
    "reinforcements": Tr("{w} récupère des renforts pour la manche suivante",
                         "{w} collects reinforcements for the next round",
                         it="{w} ottiene rinforzi per il round successivo"),
    "wounded": Tr("un meneur {of} blessé, envoyé à l'hôpital", "one of {w}'s leaders wounded, sent to hospital",
                  it="un capo di {w} ferito, mandato all'ospedale"),
    "killed": Tr("un meneur {of} tué, envoyé au cimetière", "one of {w}'s leaders killed, sent to the cemetery",
                 it="un capo di {w} ucciso, mandato al cimitero"),
    "prison": Tr("un meneur {of} envoyé en prison", "one of {w}'s leaders sent to prison",
                 it="un capo di {w} mandato in prigione"),
}


def tell_settle(event: Mapping[str, Any], names: Sequence[str]) -> Tr:
    """« le joueur majoritaire ... dans un quartier applique l'action déterminée par la planque non
    recouverte »; with nobody there, the stash is only named.

    >>> tell_settle({"type": "settle", "district": 1, "winner": "none", "stash": "valuables", "amount": 300},
    ...             ["Léa"]).fr
    "Quartier 1 : personne n'est majoritaire (planque : cambriolage, 300 F)"
    """
    district = whole(event["district"], "district")
    stash = str(event["stash"])
    kind = KINDS[stash]
    given = event.get("amount")
    amount = None if given in (None, 0) else whole(given, "amount", 0)
    winner = _winner(event)
    if winner is None:
        if amount:
            kind = same("{k}, {a}").format(k=kind, a=francs(amount))
        return _plus(_district(district), Tr("personne n'est majoritaire (planque : {k})",
                                             "nobody has the majority (stash: {k})",
                                             it="nessuno ha la maggioranza (nascondiglio: {k})").format(k=kind))
    if stash in ("money", "valuables") and amount is None:
        raise ValueError(f"a {stash} stash won needs its amount")
    who = name(names, winner)
    told = SETTLED[stash].format(w=who, of=de(who), a=francs(amount or 0))
    return _plus(_district(district), told)


#: the bourgeois drawn, once the match is over (« l'un d'eux est un agent de ville »)
TOKENS = {
    "bourgeois": Tr("identité : un bourgeois", "identity: a bourgeois", it="identità: un borghese"),
    "policeman": Tr("identité : l'agent de ville", "identity: the undercover policeman",
                    it="identità: il poliziotto in borghese"),
}


def tell_bourgeois(event: Mapping[str, Any], names: Sequence[str]) -> Tr:
    """« Le joueur majoritaire dans ce quartier ... prend au hasard 1 bourgeois, regarde son identité sans la
    révéler »: hidden (``"?"``) during play, told once the match is over."""
    head = _district(BOURGEOIS_DISTRICT)
    winner = _winner(event)
    if winner is None:
        return _plus(head, Tr("personne n'est majoritaire, aucun bourgeois pris",
                              "nobody has the majority, no bourgeois taken",
                              it="nessuno ha la maggioranza, nessun borghese preso"))
    who = name(names, winner)
    if "token" not in event:
        return _plus(head, Tr("{w} est majoritaire, mais le sac de bourgeois est vide",
                              "{w} has the majority, but the bourgeois bag is empty",
                              it="{w} ha la maggioranza, ma il sacchetto dei borghesi è vuoto").format(w=who))
    token = event["token"]
    identity = (Tr("identité secrète", "identity hidden", it="identità segreta") if hidden(token)
                else TOKENS[str(token)])
    return _plus(head, Tr("{w} prend un bourgeois au hasard ({i})", "{w} takes a bourgeois at random ({i})",
                          it="{w} prende un borghese a caso ({i})").format(w=who, i=identity))


def tell_fence(event: Mapping[str, Any], names: Sequence[str]) -> Tr:
    """« 250F par cambriolage qu'il a réussi lors de cette manche » (what that came to is the state's).

    >>> tell_fence({"type": "fence", "winner": 1}, ["Léa", "Ange"]).en
    'District 9: the fence pays Ange 250 F per burglary this round'
    """
    head = _district(FENCE_DISTRICT)
    winner = _winner(event)
    if winner is None:
        return _plus(head, Tr("personne n'est majoritaire chez le receleur", "nobody has the majority at the fence",
                              it="nessuno ha la maggioranza dal ricettatore"))
    return _plus(head, Tr("le receleur paie {w} {a} par cambriolage de la manche",
                          "the fence pays {w} {a} per burglary this round",
                          it="il ricettatore paga {w} {a} per scasso del round",
                          ).format(w=name(names, winner), a=francs(FENCE_PER_BURGLARY)))


def tell_seen(event: Mapping[str, Any], names: Sequence[str]) -> Tr:
    """« regarde son identité sans la révéler »: the draws are counted from 1.

    >>> tell_seen({"type": "seen", "seat": 0, "draw": "1"}, ["Léa"]).fr
    'Léa regarde en secret le bourgeois du tirage 2'
    """
    draw = whole(event["draw"], "draw", 0) + 1
    return Tr("{w} regarde en secret le bourgeois du tirage {n}", "{w} secretly looks at the bourgeois from draw {n}",
              it="{w} guarda in segreto il borghese della pesca {n}").format(w=name(names, event["seat"]), n=draw)


def tell_end_round(event: Mapping[str, Any], names: Sequence[str]) -> Tr:
    """« les joueurs récupèrent leurs meneurs puis défaussent les novices et les renforts utilisés ».

    >>> tell_end_round({"type": "end_round", "novices_used": [0, 1, "2"]}, ["Léa", "Ange", "Zoé"]).en
    'End of round, novices played and discarded: Ange 1, Zoé 2'
    """
    counts = _counts(event["novices_used"], "novices_used")
    if not any(counts):
        return Tr("Fin de manche, aucun novice joué", "End of round, no novice played",
                  it="Fine del round, nessun novizio giocato")
    return Tr("Fin de manche, novices joués et défaussés : {c}", "End of round, novices played and discarded: {c}",
              it="Fine del round, novizi giocati e scartati: {c}").format(c=per_seat(names, counts, keep_zero=False))


def tell_reveal(event: Mapping[str, Any], names: Sequence[str]) -> Tr:
    """« Les bourgeois sont dévoilés », then the final count."""
    return Tr("Les bourgeois sont dévoilés, décompte final", "The bourgeois are unveiled, final count",
              it="I borghesi sono svelati, conteggio finale")


def tell_adjust(event: Mapping[str, Any], names: Sequence[str]) -> Tr:
    """A correction the table makes to a wallet, with its reason when it gave one.

    >>> tell_adjust({"type": "adjust", "seat": 1, "amount": "-50", "reason": "erreur"}, ["Léa", "Ange"]).fr
    "Porte-monnaie d'Ange corrigé : −50 F (« erreur »)"
    """
    who = name(names, whole(event["seat"], "seat", 0))
    amount = whole(event["amount"], "amount")
    reason = event.get("reason", "")
    if not isinstance(reason, str):
        raise TypeError(f"reason: a text, got {reason!r}")
    told = Tr("Porte-monnaie {of} corrigé : {a}", "{w}'s wallet corrected: {a}", it="Borsellino di {w} corretto: {a}",
              ).format(w=who, of=de(who),
                       a=francs(abs(amount), "+" if amount > 0 else "−"))
    reason = " ".join(reason.split())
    if not reason:
        return told
    if len(reason) > REASON_CHARS:
        reason = reason[:REASON_CHARS - 1] + "…"
    return Tr("{t} (« {r} »)", "{t} (“{r}”)", it="{t} («{r}»)").format(t=told, r=reason)


# --------------------------------------------------------------------------- the secrets, once the match is over

#: one token of the bourgeois bag, counted
TOKEN_COUNTS = {
    "bourgeois": (Tr("{n} bourgeois", "{n} bourgeois", it="{n} borghese"),
                  Tr("{n} bourgeois", "{n} bourgeois", it="{n} borghesi")),
    "policeman": (Tr("{n} agent de ville", "{n} undercover policeman", it="{n} poliziotto in borghese"),
                  Tr("{n} agents de ville", "{n} undercover policemen", it="{n} poliziotti in borghese")),
}


def tell_bag(secret: Secret, value: Any, names: Sequence[str]) -> Tr:
    """The bourgeois bag as the match left it: what was never drawn, and a draw never unveiled.

    >>> tell_bag(Secret(None, ("bags", "bourgeois", "remaining")), ["bourgeois", "policeman", "bourgeois"], []).fr
    'Sac des bourgeois, jamais tirés : 2 bourgeois · 1 agent de ville'
    >>> tell_bag(Secret(1, ("bags", "bourgeois", "draws", 0, "token")), "policeman", ["Léa", "Ange"]).en
    'Bourgeois drawn by Ange: identity: the undercover policeman'
    """
    if secret.path[2:] == ("remaining",):
        if not isinstance(value, list):
            raise TypeError("the bag's remaining tokens are a list")
        counts = {token: value.count(token) for token in TOKEN_COUNTS if token in value}
        if len(counts) != len(set(value)):
            raise KeyError("a token this version does not know")
        parts = [TOKEN_COUNTS[t][n > 1].format(n=n) for t, n in counts.items()]
        listed = same(" · ").join(parts) if parts else Tr("vide", "empty", it="vuoto")
        return Tr("Sac des bourgeois, jamais tirés : {l}", "Bourgeois bag, never drawn: {l}",
                  it="Sacchetto dei borghesi, mai pescati: {l}").format(l=listed)
    who = name(names, secret.owner)
    return Tr("Bourgeois tiré par {w} : {i}", "Bourgeois drawn by {w}: {i}",
              it="Borghese pescato da {w}: {i}").format(w=who, i=TOKENS[str(value)])


SECRET_TELLERS = {"bags": tell_bag}
