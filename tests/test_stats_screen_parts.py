"""The statistics screen's parts that are not drawing: the figures it reads (one game's count beside the
H-index over every game), its axes' numbers and steps, the day a calendar gives, and the summary an
import ends with."""

from __future__ import annotations

import doctest
from datetime import UTC, datetime

import pytest

import app.screens.stats_charts
import app.screens.stats_filters
from app.screens.history_dates import picked as picked_day  # the one date pickers' day reader
from app.screens.stats_charts import axis_number, whole_step
from app.screens.stats_figures import load
from db.bgstats import ImportReport, Skipped, import_plays
from db.stats import Filters, h_index, matches_per_game
from db.store import Store
from scoring import Tr
from tests.bgstats_gen import generate


@pytest.mark.parametrize("module", [app.screens.stats_charts, app.screens.stats_filters])
def test_the_modules_doctests(module):
    assert doctest.testmod(module).failed == 0


def test_under_a_game_filter_the_count_is_the_game_s_and_the_h_index_every_game_s(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'h.db'}")
    try:
        import_plays(store, generate(2, plays=120, games=6))
        counts = matches_per_game(store, Filters())
        game = max(counts, key=lambda g: counts[g])
        every = load(store, Filters())
        one = load(store, Filters(game=game))
        assert one.counts == {game: counts[game]} and one.total == counts[game]
        assert one.h == every.h == h_index(store, Filters()) >= 2
        assert one.game is not None and one.game.card.matches == counts[game] and every.game is None
        assert len(one.standings) <= 10 and one.player is None
        nobody = load(store, Filters(since=datetime(2100, 1, 1)))
        assert (nobody.total, nobody.standings, nobody.game) == (0, [], None)
    finally:
        store.engine.dispose()


def test_axis_numbers_are_the_language_s_short_forms_in_whole_steps():
    assert [axis_number(89_000, lang) for lang in ("fr", "en", "it")] == ["89\xa0k", "89k", "89K"]  # CLDR 48
    assert [whole_step(t) for t in (2, 5, 6, 11, 26, 101, 999)] == [1, 1, 2, 5, 10, 50, 200]
    for top in range(1, 3000, 7):  # never more than five steps, each 1, 2 or 5 times a power of ten
        step = whole_step(top)
        assert isinstance(step, int) and top / step <= 5 and str(step).rstrip("0") in ("1", "2", "5")


def test_the_calendar_s_day_is_the_day_picked_in_any_time_zone():
    assert picked_day(datetime(2025, 3, 1)).isoformat() == "2025-03-01"
    # Local midnight of 1 March sent in UTC, from Paris (UTC+1) and from New York (UTC-5).
    assert picked_day(datetime(2025, 2, 28, 23, tzinfo=UTC)).isoformat() == "2025-03-01"
    assert picked_day(datetime(2025, 3, 1, 5, tzinfo=UTC)).isoformat() == "2025-03-01"


def test_an_import_s_summary_names_the_games_and_players_and_lists_forty_skipped_plays():
    from app.screens.transfer import import_summary

    class Page:
        lang = "en"

        def t(self, key: str, **kw: object) -> str:
            from app.i18n import t

            return t(key, self.lang, **kw)

    report = ImportReport(imported=[1, 2], new_players=["Léa"], new_games=["Azul", "Red7"],
                          skipped=[Skipped(Tr(f"partie {i}", f"play {i}"), Tr("non", "no")) for i in range(45)])
    summary = import_summary(Page(), report)  # type: ignore[arg-type]
    assert summary.lines == ("Matches imported: 2 · skipped: 45", "Games created: Azul, Red7", "Players created: Léa")
    assert summary.skipped[0] == "play 0: no" and len(summary.skipped) == 41
    assert summary.skipped[-1] == "… and 5 more skipped plays"


def test_every_game_of_a_chart_has_a_colour_of_its_own_and_the_legend_the_chart_s():
    """Every named game was drawn in one teal in the score-over-time chart (and its legend): Carcassonne and
    Azul could not be told apart. Each game keeps its own colour unless another game of the chart has it."""
    from app.screens.stats import score_card
    from app.screens.stats_charts import colours, score_chart
    from db.games import colour
    from db.stats import ScorePoint

    keys = ["apprentis", "pad:carcassonne", "pad:7-wonders", "pad:brass", "pad:azul", "robby-solo"]
    assert colour("pad:carcassonne") == colour("pad:7-wonders") == colour("pad:brass")  # as their keys give them
    chosen = colours(keys)
    assert len({c.lower() for c in chosen.values()}) == len(keys)
    assert chosen["apprentis"] == colour("apprentis") and chosen["pad:carcassonne"] == colour("pad:carcassonne")
    assert chosen["pad:azul"] == colour("pad:azul")  # no other game of the chart had it
    many = [f"pad:game-{i}" for i in range(40)]
    assert len(set(colours(many).values())) >= 16  # past the palette's sixteen, colours come back
    points = [ScorePoint(match_id=i, game=k, ended_at=datetime(2026, 11, 1 + i, tzinfo=UTC), total=10 * i, winner=False)
              for i, k in enumerate(keys * 2)]
    drawn = [serie.color for serie in score_chart(points, "fr").data_series]
    assert drawn == list(chosen.values())
    parts = score_card(points, "fr").content.content.controls[-1].content.controls  # [chart, its legend, ...]
    charts = [part.content for part in parts[0::2]]
    legends = [[row.controls[0].bgcolor for row in part.controls] for part in parts[1::2]]
    assert [[serie.color for serie in chart.data_series] for chart in charts] == legends
    assert sorted(c for legend in legends for c in legend) == sorted(chosen.values())


def test_games_of_another_scale_get_a_chart_of_their_own():
    """Le Gang des Traction-Avant's millions beside Les apprentis' tens flattened the tens into one line at zero:
    each scale now has its chart (and its legend), the games of one scale share one."""
    from app.screens.stats import score_card
    from db.stats import ScorePoint

    def point(i: int, game: str, total: int) -> ScorePoint:
        return ScorePoint(match_id=i, game=game, ended_at=datetime(2026, 11, 1, tzinfo=UTC), total=total, winner=False)

    points = [point(1, "apprentis", 31), point(2, "traction-avant", 2_400_000), point(3, "pad:azul", 64),
              point(4, "traction-avant", 900_000), point(5, "apprentis", 18), point(6, "traction-avant", 0),
              point(7, "traction-avant", 1_100_000)]
    parts = score_card(points, "fr").content.content.controls[-1]
    assert parts.identifier == "chart-score-over-time"  # one place for screen readers and tests, as before
    charts = [part.content for part in parts.content.controls[0::2]]
    assert [len(chart.data_series) for chart in charts] == [1, 2]  # the Gang (played most) first
    assert [max(pt.y for pt in chart.data_series[0].points) for chart in charts] == [2_400_000, 31]
    legends = [[row.controls[1].value for row in part.controls] for part in parts.content.controls[1::2]]
    assert legends == [["Le Gang des Traction-Avant"], ["Les apprentis", "Azul"]]
    one_scale = score_card(points[:1] + points[2:3], "fr").content.content.controls[-1].content.controls
    assert len(one_scale) == 2 and one_scale[0].height == 220  # a single chart keeps its height


def test_a_player_no_longer_there_is_said_and_the_figures_are_everyone_s():
    """A link to a player's statistics kept after a merge or a deletion (``/stats/player/12``): the screen says
    there is no such player, in the page's language, and shows every player's figures (the filter left aside),
    rather than an empty player menu over figures that are not that player's; a bad day is said beside it."""
    from app.i18n import t
    from app.screens.stats import Choice, resolve

    def said(key: str, text: str) -> str:
        return t(key, "en", a=text)

    scope, errors = resolve(Choice(player="12", since="2025-13-01"), {3, 4}, said)
    assert scope.player_id is None and scope.since is None
    assert errors == ["Not a date: 2025-13-01 (expected YYYY-MM-DD)",
                      "No player #12 (merged with another, or deleted?): the figures are every player's"]
    assert t("unknown_player", "fr", a="12").startswith("Aucun joueur n° 12 (fusionné avec un autre, ou supprimé ?)")
    assert t("unknown_player", "it", a="12").startswith("Nessun giocatore n. 12 (unito a un altro, o eliminato?)")
    scope, errors = resolve(Choice(player="3"), {3, 4}, said)
    assert scope.player_id == 3 and errors == []
