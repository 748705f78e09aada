"""Les Apaches de Paris at the table: three gangs play a whole three-round match through the screens
(set-up, turns, the last turn's order, the district settlements, a bourgeois drawn and looked at only
behind the privacy screen, the reveal), then the match is scored and found in the history.

The app draws the bourgeois at random; the test reads the drawn tokens from the match's stored events
(an oracle, never shown to the players) to check that only the holder sees them before the reveal and
to work out the winner. The winner hangs on them: Léa draws twice; two real bourgeois make her win, the
undercover policeman hands the victory to Zoé.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import number, number_re

pytestmark = pytest.mark.browser

PEOPLE = ["Léa", "Sam", "Zoé"]
LEA, SAM, ZOE = range(3)
CONFIG = "2.3.5.6.7.8.9"  # a chosen configuration: districts 1 and 4 are prohibited
STASH = {  # the settlement pad's labels (3 players: a steal takes 200 F from each other gang)
    "money": "Argent (200 à 500 F)",
    "valuables": "Cambriolage : objets de valeur (100 à 400 F)",
    "steal": "Vol : chaque autre gang lui verse 200 F",
    "reinforcements": "2 renforts pour la manche suivante",
    "wounded": "1 meneur blessé : hôpital",
    "killed": "1 meneur tué : cimetière",
    "prison": "1 meneur emprisonné : prison",
}
KINDS = {"money": "argent", "valuables": "cambriolage", "steal": "vol", "reinforcements": "renforts",
         "wounded": "meneur blessé", "killed": "meneur tué", "prison": "meneur emprisonné"}
# What the table enters each round: districts 2, 3, 5, 6 and 7 in that order (the pad offers the next
# one), as (majority player or None, uncovered stash, amount); then district 8 (who draws a bourgeois),
# district 9 (the fence) and the novices each gang played.
NOBODY = (None, "money", None)
ROUNDS = [
    {"districts": [(LEA, "money", 400), (SAM, "valuables", 300), NOBODY, NOBODY, NOBODY],
     "bourgeois": LEA, "fence": SAM, "novices": {LEA: 1}},
    {"districts": [(ZOE, "steal", None), (SAM, "killed", None), (ZOE, "money", 500), NOBODY, NOBODY],
     "bourgeois": None, "fence": None, "novices": {}},
    {"districts": [(SAM, "money", 400), (ZOE, "prison", None), (LEA, "valuables", 400), NOBODY, NOBODY],
     "bourgeois": LEA, "fence": LEA, "novices": {}},
]
# Worked by hand (500 F each to start):
# Round 1: Léa +400 = 900; Sam +300 +250 (the fence: 1 burglary) = 1050, and 1 reinforcement for round 2.
# Round 2: Zoé steals 200 F from each: Léa 700, Sam 850, Zoé 900; Sam loses a leader for good; Zoé +500
#   = 1400.
# Round 3: Sam +400 = 1250; Zoé's leader jailed by the last settlement does not count; Léa +400 +250 (the
#   fence: 1 burglary) = 1350, and 1 reinforcement earned (operational at the end).
WALLETS = [[900, 1050, 500], [700, 850, 1400], [1350, 1250, 1400]]
# Apaches a gang can still have in front of it before each round's last turn (leaders with the gang +
# novices left + this round's reinforcements): the app's ceiling and its default count.
IN_FRONT = [[10, 10, 10], [9, 11, 10], [9, 9, 10]]
ROUND1_COUNTS = [4, 6, 4]  # counted on the board before round 1's last turn: Sam plays first
# Operational Apaches at the end, before the policeman: Léa 7 leaders + 2 novices + 1 reinforcement;
# Sam 6 leaders + 3 novices; Zoé 6 leaders (one in prison) + 3 novices.
OPERATIONAL = [10, 9, 9]
# So: Léa 1350 + 500 = 1850 before her two bourgeois, Sam 1250 + 450 = 1700, Zoé 1400 + 450 = 1850.
# Two real bourgeois: Léa 2250 wins. The policeman among them: Léa 1350 + 200 − 200 + 9 × 50 = 1800,
# and Zoé wins.


def hold_and_read(ui, seat: int, expect: str, shot: str = "") -> str:
    """Press and hold the reveal area until it shows ``expect`` (at most 15 s: a loaded machine is
    slow to register the long press), read what it shows (and take a picture), let go."""
    area = ui.by_id(f"reveal-{seat}")
    ui.reach(area)
    ui.in_clear(area)
    box = area.bounding_box()
    ui.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 40))
    ui.page.mouse.down()
    seen = ""
    for _ in range(60):
        ui.page.wait_for_timeout(250)
        seen = ui.text()
        if expect in seen:
            break
    ui.settle(quiet_ms=300, max_ms=2000)
    if shot:
        ui.shot(shot)
    ui.page.mouse.up()
    ui.settle()
    return seen


def pick(ui, label: str, option: str) -> None:
    """ui.choose, with the dropdown brought up the screen first: a menu opened near the bottom has no
    room for its last options."""
    quoted = label.replace('"', '\\"')
    box = (ui.page.locator("[aria-expanded]").filter(has_text=label)
           .or_(ui.page.locator(f'[aria-label*="{quoted}"] [aria-expanded]'))).first
    ui.settle()
    ui.reach(box)
    where = box.bounding_box()
    if where and where["y"] > 300:
        ui.page.mouse.move(195, 400)
        ui.page.mouse.wheel(0, where["y"] - 200)
        ui.page.wait_for_timeout(300)
    ui.choose(label, option)


def to_top(ui) -> None:
    ui.page.mouse.move(195, 400)
    ui.page.mouse.wheel(0, -30000)
    ui.page.wait_for_timeout(300)
    ui.settle()


def whole_page(ui) -> str:
    """Everything the screen says, top to bottom (Flutter leaves what is off screen out of the tree)."""
    to_top(ui)
    seen: list[str] = []
    for _ in range(30):
        text = ui.text()
        if seen and text == seen[-1]:
            break
        seen.append(text)
        ui.page.mouse.wheel(0, 500)
        ui.page.wait_for_timeout(250)
        ui.settle(quiet_ms=200, max_ms=1500)
    return "\n".join(seen)


IDENTITY = re.compile(r"Manche \d : [^\n]*(un bourgeois|agent de ville)|token=(bourgeois|policeman)")


def assert_no_identity(text: str) -> None:
    """Nothing on a public screen says what a drawn token is (the panel's rule reminder, « 1 des 4 est
    un agent de ville », and the reveal's rule summary are no identity)."""
    low = text.lower()
    assert "policier" not in low and "policeman" not in low, text
    assert not IDENTITY.search(text), text


def identity_line(round_: int, token: str) -> str:
    """The holder's private line for a draw (behind the privacy screen)."""
    return f"Manche {round_} : l'agent de ville !" if token == "policeman" else f"Manche {round_} : un bourgeois"


def order_from(first: int, counts: list[int]) -> list[int]:
    """The last turn's order: most Apaches first; ties clockwise from the first player."""
    return sorted(range(3), key=lambda s: (-counts[s], (s - first) % 3))


def expected_totals(tokens: list[str]) -> dict[str, tuple[int, int, int]]:
    """Each gang's final wallet, total and operational Apaches, from the entries and Léa's draws."""
    out = {}
    for seat, name in enumerate(PEOPLE):
        wallet, ops = WALLETS[-1][seat], OPERATIONAL[seat]
        if seat == LEA:
            wallet += 200 * tokens.count("bourgeois")
            if "policeman" in tokens:  # −200 F and one leader to prison
                wallet, ops = wallet - 200, ops - 1
        out[name] = (wallet, wallet + 50 * ops, ops)
    return out


def test_three_gangs_play_three_rounds_with_a_secret_bourgeois_and_find_the_winner_in_history(
        server, ui, new_ui):
    from db.store import Store

    ui.open("/new/apaches")
    for i, n in enumerate(PEOPLE):  # new players, added (and seated) from the new-match screen
        ui.add_newcomer(n, i + 1)  # each seen seated before the next name is typed, as a person looks
    ui.see("Place 3 : Zoé")

    # The set-up: the first-game configuration by default, a random one, or a chosen one; the prohibited
    # districts; the first player drawn at random; what each gang takes.
    ui.see("Quartiers en jeu : 1, 4, 5, 6, 7, 8, 9 (configuration de première partie).")
    ui.see("Quartiers TOTALEMENT interdits : 2, 3")
    ui.see("Chaque gang prend 7 meneurs, 3 novices et 500 F sous son porte-monnaie.")
    ui.shot("apaches-setup")
    ui.choose("Quartiers en jeu", "Au hasard")
    ui.see("(tirée au hasard).")
    ui.choose("Quartiers en jeu", f"3 joueurs : {CONFIG}")
    ui.see("Quartiers en jeu : 2, 3, 5, 6, 7, 8, 9 (choisie).")
    ui.see("Quartiers TOTALEMENT interdits : 1, 4 — posez un pion « quartier interdit » sur chacun")
    place = re.search(r"1er joueur \(tiré au hasard\) : la place (\d)", ui.text())
    assert place, ui.text()
    first = int(place.group(1)) - 1
    ui.click("Commencer la partie")
    ui.see("Les Apaches de Paris #1")

    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    setup = store.load(1).setup
    assert setup["first_player"] == first and setup["configuration"] == [2, 3, 5, 6, 7, 8, 9]
    other = None  # a second device at the table, opened once there is a secret to keep

    tokens: list[str] = []
    for r, plan in enumerate(ROUNDS):
        f = (first + r) % 3  # the 1st player counter passes clockwise each round
        ui.see(f"1er joueur : {PEOPLE[f]}. L'appli tire la planque à mettre de côté dans chaque tas.")
        ui.click(f"Commencer la manche {r + 1}")
        ui.see("Planques mises de côté cette manche")
        text = ui.text()
        for d in (2, 3, 5, 6, 7):  # the app names one stash to set aside from each district's pile
            assert re.search(rf"Quartier {d} : la \d+(re|e) planque depuis le dessus du tas", text), text
        if r == 0:
            for i in range(3):  # turn 1, clockwise from the first player
                who = PEOPLE[(f + i) % 3]
                ui.see("À jouer")
                assert re.search(rf"Tour\n1 / 6\nÀ jouer\n{who}\n", ui.text()), ui.text()
                if i == 0:
                    to_top(ui)
                    ui.shot("apaches-turns")
                ui.click(f"{who} a posé sa planque")
            ui.see("2 / 6")
        # Turns that go by without a note: straight to the count before the last turn.
        ui.click("Passer au dernier tour")
        ui.see(f"Manche {r + 1} / 3 — Ordre du dernier tour")
        ceilings = ", ".join(f"{n} {c}" for n, c in zip(PEOPLE, IN_FRONT[r], strict=True))
        ui.see(f"Meneurs + novices + renforts pas encore posés (au plus : {ceilings})")
        counts = IN_FRONT[r]
        if r == 0:
            counts = ROUND1_COUNTS
            for n, c in zip(PEOPLE, counts, strict=True):
                ui.fill(n, str(c))
        ui.click("Ordre du dernier tour", exact=True)
        order = order_from(f, counts)
        ui.see(", ".join(PEOPLE[s] for s in order))
        for s in order:
            ui.click(f"{PEOPLE[s]} a posé sa planque (dernier tour)")

        # The settlement, district by district.
        ui.see(f"Gains et pertes — manche {r + 1}")
        for district, (winner, stash, amount) in zip((2, 3, 5, 6, 7), plan["districts"], strict=True):
            if winner is not None:
                pick(ui, "Majoritaire dans le quartier", PEOPLE[winner])
                if stash != "money":
                    pick(ui, "Planque non recouverte", STASH[stash])
                if amount is not None:
                    ui.fill("Montant (argent", str(amount))
            ui.click("Régler un quartier")
            ui.see(f"Quartier {district} — {KINDS[stash] if winner is not None else 'personne'}")
        if plan["bourgeois"] is not None:
            pick(ui, "Majoritaire du quartier 8", PEOPLE[plan["bourgeois"]])
        ui.click("Quartier 8 : tirer un bourgeois")
        if plan["bourgeois"] is not None:
            holder = PEOPLE[plan["bourgeois"]]
            tokens.append(store.load(1).state["bags"]["bourgeois"]["draws"][-1]["token"])
            ui.see(f"Manche {r + 1} : {holder} (pas encore vu)")
            assert_no_identity(ui.text())
            ui.see(f"Passez le téléphone à {holder}")
            if r == 0:  # the holder looks, behind the privacy screen; only there does it show
                ui.click(f"Je suis {holder}")
                ui.see("Tiré par : Léa")
                assert_no_identity(ui.text())
                ui.click("Regarder mon bourgeois (manche 1)")
                ui.see(f"Manche 1 : {holder} (vu)")
                assert_no_identity(ui.text())
                ui.click(f"Je suis {holder}")  # every write closes the secrets: open them again
                assert_no_identity(ui.text())  # seen, but not on show until held
                line = identity_line(1, tokens[0])
                seen = hold_and_read(ui, plan["bourgeois"], line, shot="apaches-bourgeois-held")
                assert line in seen, seen
                assert_no_identity(ui.text())  # let go: hidden again
                ui.click("J'ai vu, cacher")
                ui.see(f"Je suis {holder}")
                # Another device at the table sees nothing of it, timeline included.
                other = new_ui().open("/match/1")
                other.see(f"Manche 1 : {holder} (vu)")
                assert_no_identity(other.text())
                other.click("Événements")
                other.see(f"Quartier 8 : {holder} prend un bourgeois au hasard (identité secrète)")
                assert_no_identity(other.text())
        if plan["fence"] is not None:
            pick(ui, "Majoritaire du quartier 9", PEOPLE[plan["fence"]])
        ui.click("Quartier 9 : le receleur")
        if plan["fence"] is not None:  # one burglary this round, and a reinforcement
            ui.see("Quartier 9 — receleur : 1 cambriolage(s), +1 renfort")
            ui.see(f"{PEOPLE[plan['fence']]} +250 F")
        else:
            ui.see("Fin de la manche")
        if r == 0:
            to_top(ui)
            ui.shot("apaches-settlement")
        for seat, used in plan["novices"].items():
            ui.fill(PEOPLE[seat], str(used))
        ui.click(f"Fin de la manche {r + 1}")
        ui.see("Les bourgeois vont être dévoilés" if r == 2 else f"Manche {r + 2} / 3 — Début de manche")
        assert [g["wallet"] for g in store.load(1).state["gangs"]] == WALLETS[r]

    # Before the reveal: nothing public about the draws, on this device or the other, top to bottom.
    assert tokens == [d["token"] for d in store.load(1).state["bags"]["bourgeois"]["draws"]]
    ui.see(f"Manche 3 : {PEOPLE[LEA]} (pas encore vu)")
    assert other is not None
    other.see("Les bourgeois vont être dévoilés")
    assert_no_identity(whole_page(other))
    assert_no_identity(whole_page(ui))
    ui.click("Dévoiler les bourgeois et compter")
    ui.see("La partie est terminée")
    for r, token in zip((1, 3), tokens, strict=True):
        ui.see(f"Manche {r} : Léa — " + ("l'agent de ville" if token == "policeman" else "un bourgeois"))
    totals = expected_totals(tokens)
    ranking = sorted(PEOPLE, key=lambda n: (-totals[n][1], -totals[n][2]))
    winner = ranking[0]
    assert totals[ranking[0]][1:] != totals[ranking[1]][1:]  # this plan has no tie
    # The final count, line by line: wallet + bourgeois − policeman + 50 F per operational Apache.
    lea_wallet, lea_total, lea_ops = totals["Léa"]
    fine = 200 if "policeman" in tokens else 0
    ui.see(f"{number(WALLETS[-1][LEA])} + {200 * tokens.count('bourgeois')} − {fine} + {50 * lea_ops} = "
           f"{number(lea_total)} F ({lea_ops} Apaches)")
    to_top(ui)
    ui.shot("apaches-reveal")

    ui.click("Décompte final")
    ui.see("Feuille de score")
    ui.see(f"Victoire : {winner}")
    sheet = ui.text()
    for name in PEOPLE:
        assert re.search(rf"{name}\n{number_re(totals[name][1])}\b", sheet), (name, totals[name], sheet)
    ui.see("Agent de ville : " + ("-200" if fine else "0"))
    ui.shot("apaches-score-sheet")

    ui.open("/history")
    ui.see("Les Apaches de Paris #1")
    ui.see(f"Victoire : {winner}")
    ui.see(" · ".join(f"{n} {number(totals[n][1])}" for n in ranking))
    ui.click("Les Apaches de Paris #1")
    ui.see(f"Victoire : {winner}")
