"""Score sheets: one row a seat, ranked as the rulebooks rank them ("1, 1, 3")."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.core.tr import Tr

JSON = dict[str, Any]




@dataclass(frozen=True)
class SeatScore:
    seat: int
    name: str
    breakdown: dict[str, int]
    total: int
    rank: int
    tiebreak: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoreSheet:
    game: str
    ranking: tuple[SeatScore, ...]
    winners: tuple[str, ...]
    extra: dict[str, Any] = field(default_factory=dict)
    notes: tuple[Tr, ...] = ()

    def to_json(self) -> JSON:
        ranking = []
        for row in self.ranking:
            item: JSON = {"name": row.name, "seat": row.seat, "rank": row.rank, "total": row.total,
                          **{k: _plain(v) for k, v in row.extra.items()}, "breakdown": dict(row.breakdown)}
            if row.tiebreak:
                item["tiebreak"] = row.tiebreak
            ranking.append(item)
        out: JSON = {"game": self.game, **self.extra, "ranking": ranking,
                     "winners": list(self.winners)}
        if self.notes:  # "notes" in English for the command line; the app shows the table's language
            out["notes"] = [n.en for n in self.notes]
            out["notes_fr"] = [n.fr for n in self.notes]
            out["notes_it"] = [n.get("it") for n in self.notes]
        return out


def _seat_score(seat: int, name: str, breakdown: dict[str, int], total: int, rank: int, tiebreak: str | None,
                extra: dict[str, Any]) -> SeatScore:
    """``SeatScore(seat, name, ...)``: the same object, its fields set at once instead of by the
    frozen dataclass' seven ``object.__setattr__`` calls (a third of the cost of ranking a sheet).

    >>> _seat_score(0, "A", {}, 5, 1, None, {}) == SeatScore(0, "A", {}, 5, 1)
    True
    """
    row = object.__new__(SeatScore)
    row.__dict__.update(seat=seat, name=name, breakdown=breakdown, total=total, rank=rank, tiebreak=tiebreak,
                        extra=extra)
    return row


def _plain(value: Any) -> Any:
    """A sheet's extra value as JSON holds it: a value worked out when read (Les apprentis'
    highlighted cells) gives its ``to_json()``."""
    to_json = getattr(value, "to_json", None)
    return value if to_json is None else to_json()


def _total_and_keys(row: tuple[int, str, dict[str, int], int, tuple[int, ...]]) -> tuple[int, tuple[int, ...]]:
    return row[3], row[4]


def rank_rows(game: str, rows: Sequence[tuple[int, str, dict[str, int], int, tuple[int, ...]]],
              *, tiebreak_name: str | None = None,
              extras: Mapping[int, dict[str, Any]] | None = None,
              winners_if: Callable[[SeatScore], bool] | None = None,
              extra: dict[str, Any] | None = None,
              notes: tuple[Tr, ...] = ()) -> ScoreSheet:
    """Competition ranking ("1, 1, 3") by ``(total, *tiebreak keys)``, highest first.

    Each row is ``(seat, name, breakdown, total, tiebreak_keys)``.  Rows equal on
    every key share a rank; ``tiebreak`` records which key separated a row from an
    equal-total neighbour.

    >>> s = rank_rows("x", [(0, "A", {}, 5, (1,)), (1, "B", {}, 5, (2,)), (2, "C", {}, 3, ())],
    ...               tiebreak_name="apaches")
    >>> [(r.name, r.rank, r.tiebreak) for r in s.ranking], s.winners
    ([('B', 1, 'apaches'), ('A', 2, 'apaches'), ('C', 3, None)], ('B',))
    """
    ordered = sorted(rows, key=_total_and_keys, reverse=True)
    keys_by_total: dict[int, set[tuple[int, ...]]] = {}
    for row in ordered:
        keys_by_total.setdefault(row[3], set()).add(row[4])
    extras = extras or {}
    out: list[SeatScore] = []
    previous: tuple[int, tuple[int, ...]] | None = None
    for i, (seat, name, breakdown, total, keys) in enumerate(ordered):
        rank = out[-1].rank if previous == (total, keys) else i + 1
        previous = (total, keys)
        # A tie-break decided this row's place when rows of its total differ in their keys.
        decided = tiebreak_name if len(keys_by_total[total]) > 1 else None
        out.append(_seat_score(seat, name, breakdown, total, rank, decided, dict(extras.get(seat, {}))))
    top = [r for r in out if r.rank == 1]
    if winners_if is not None:
        top = [r for r in top if winners_if(r)]
    return ScoreSheet(game, tuple(out), tuple(r.name for r in top), extra or {}, notes)
