"""What the match screen shows of a score pad: each player's line with its running total."""

from __future__ import annotations

from scoring.core import Panel, Tr, fmt
from scoring.games.score_pad.forms import tied_at_top
from scoring.games.score_pad.score import totals
from scoring.games.score_pad.state import PadState
from scoring.games.score_pad.texts import ENTRY_NAMES, KIND_NAMES, LOST, NOTHING_YET, TEAM, TIE_NOTE, WON


def _line(cells: list[int | None], total: int, lang: str) -> str:
    written = [fmt.number(c, lang) if c is not None else "…" for c in cells]
    if len(written) <= 1:
        return fmt.number(total, lang) if written and cells[0] is not None else (written[0] if written else "—")
    return f"{' + '.join(written)} = {fmt.number(total, lang)}"


def panels(state: PadState, seat: int | None) -> list[Panel]:
    names, rounds = state["names"], state["rounds"]
    sums = totals(rounds, len(names))
    rows: list[tuple[Tr, Tr | int | str]] = []
    for s, name in enumerate(names):
        cells = [r[s] for r in rounds]
        label = Tr(name, name, it=name)
        if state["kind"] == "teams" and state["teams"]:
            team = TEAM.format(n=state["teams"][s])
            label = Tr(f"{name} ({team.fr})", f"{name} ({team.en})", it=f"{name} ({team.it})")
        rows.append((label, Tr(_line(cells, sums[s], "fr"), _line(cells, sums[s], "en"),
                               it=_line(cells, sums[s], "it"))))
    note = None
    if state["kind"] == "coop" and state["won"] is not None:
        note = WON if state["won"] else LOST
    elif not rounds:
        note = NOTHING_YET
    kind, game = KIND_NAMES[state["kind"]], state["game_name"]
    title = Tr(f"{game} — {kind.fr}", f"{game} — {kind.en}", it=f"{game} — {kind.it}")
    out = [Panel(title, tuple(rows), note=note),
           Panel(Tr("Carnet", "Pad", it="Taccuino"), ((Tr("Points notés", "Points written",
                                           it="Punti segnati"), ENTRY_NAMES[state["entry"]]),
                                       (Tr("Manches", "Rounds", it="Round"), len(rounds))))]
    if not state["finished"] and len(tied_at_top(state)) > 1 and not state["tiebreak"]:  # once over, no order to give
        out.append(Panel(Tr("Égalité", "Tie", it="Parità"), note=TIE_NOTE, key="tie"))  # comes and goes
    return out
