"""The analysis's pictures: the statistics' charts (the results of the last games per mode and
the accuracy of the analysed ones, with and without analysed games), and every text of the
analysis above the replay's table (progress, graph, summary, note, tooltips, a failure) fitting
its box in English, German and Dutch at the smallest window and the default size."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

import pygame
import pytest
from ui_driver import Driver

from famiglia import i18n
from famiglia.players import GreedyPlayer, make_player
from famiglia.players import analysis as engine
from famiglia.players.analysis import Analysis, Decision, Draw, DrawKind, Effort, Verdict, analyse
from famiglia.players.seats import Seat
from famiglia.rules import Game, write_record
from famiglia.store.analyses import AnalysisFile
from famiglia.store.records import RecordStore
from famiglia.store.settings import MIN_WINDOW
from famiglia.ui import navigation
from famiglia.ui.analysis import graph as graph_module
from famiglia.ui.analysis import trends
from famiglia.ui.analysis.graph import ChancesGraph
from famiglia.ui.analysis.words import VERDICT_COLOURS
from famiglia.ui.app import App
from famiglia.ui.scenes.replay import ReplayScene
from famiglia.ui.scenes.statistics import StatisticsScene

ZONE = timezone(timedelta(hours=1))
TINY = Effort(search=10, searches=1, proposals=1, measure=10)
LANGUAGES = ("en", "de", "nl")
SIZES = (MIN_WINDOW, (1280, 800))


def finished(seed: int) -> Game:
    """A whole game: a greedy person against a quick search."""
    game = Game.new(seed)
    players = [GreedyPlayer(), make_player("mcts", iterations=20, seed=seed)]
    while not game.is_terminal():
        game.push(players[game.current].choose(game))
    return game


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return [finished(seed) for seed in (3, 4, 5)]


def records_of(games: list[Game], seats: tuple[Seat, Seat]) -> list[dict[str, Any]]:
    names = ("Annemarie", "Bruno" if seats[1].is_human else "Computer")
    when = datetime(2026, 1, 1, tzinfo=ZONE)
    return [write_record(game, names=names, seats=seats, when=when + timedelta(hours=hour))
            for hour, game in enumerate(games)]


@pytest.fixture(scope="module")
def against(games: list[Game]) -> list[dict[str, Any]]:
    return records_of(games, (Seat.human(), Seat.computer("hard")))


@pytest.fixture(scope="module")
def analysis(against: list[dict[str, Any]]) -> Analysis:
    return analyse(against[1], effort=TINY)


def test_the_graph_marks_a_decision_larger_and_warmer_the_more_it_cost(app: App) -> None:
    """A decision that lost little, an inaccuracy, a mistake and a blunder: each mark is
    larger than the one before and drawn in its verdict's colour."""
    decisions = (Decision(0, 0, 1, "take 1", "take 1", 55.0, 55.0),
                 Decision(2, 0, 2, "take 2", "take 3", 50.0, 56.0),
                 Decision(4, 0, 3, "pass", "take 0", 40.0, 52.0),
                 Decision(6, 0, 4, "take 3", "take 0", 20.0, 45.0))
    assert [d.verdict for d in decisions] == [None, Verdict.INACCURACY, Verdict.MISTAKE,
                                              Verdict.BLUNDER]
    graph = ChancesGraph(app.theme)
    graph.place(pygame.Rect(0, 0, 800, 240), lambda size: size)
    graph.show(Analysis("expert", 1, (0,), decisions), 0, "Annemarie", 8,
               ((0, 1), (2, 2), (4, 3), (6, 4)))
    surface = pygame.Surface((800, 240))
    graph.draw(surface, 8)
    marked = [mark for mark in graph.marks if mark[0].decision is not None]
    assert [point.decision for point, _centre, _radius in marked] == list(decisions)
    radii = [radius for _point, _centre, radius in marked]
    assert radii == sorted(set(radii))
    colours = [surface.get_at(centre)[:3] for _point, centre, _radius in marked]
    assert colours == [VERDICT_COLOURS[decision.verdict] for decision in decisions]
    assert len(set(colours)) == 4


def test_the_graph_marks_lucky_and_unlucky_draws_apart_from_decisions(app: App) -> None:
    """R3.1, R4.1: cards drawn are triangles, pointing up in green when they raised the
    seat's chances and down in red when they lowered them, the larger the more; seen from
    the other seat, the same draw is the other way round."""
    decisions = (Decision(0, 0, 1, "refresh 1", "refresh 1", 50.0, 50.0),
                 Decision(1, 0, 1, "take 6", "take 6", 70.0, 70.0),
                 Decision(2, 1, 2, "refresh 0", "refresh 0", 60.0, 60.0),
                 Decision(3, 1, 2, "take 7", "take 7", 55.0, 55.0))
    draws = (Draw(0, 0, DrawKind.REFRESH, ("F3",)), Draw(2, 1, DrawKind.REFRESH, ("A1",)))
    analysis = Analysis("expert", 1, (0, 1), decisions, (), draws)
    assert [luck.points for luck in analysis.lucks()] == [20.0, -25.0]
    for seat, expected in ((0, [(True, graph_module.LUCKY), (False, graph_module.UNLUCKY)]),
                           (1, [(False, graph_module.UNLUCKY), (True, graph_module.LUCKY)])):
        graph = ChancesGraph(app.theme)
        graph.place(pygame.Rect(0, 0, 800, 240), lambda size: size)
        graph.show(analysis, seat, "Annemarie", 5, ((0, 1), (2, 2)))
        surface = pygame.Surface((800, 240))
        graph.draw(surface, 5)
        lucky = [mark for mark in graph.marks if mark[0].luck is not None]
        assert len(lucky) == 2 and 0 < lucky[0][2] < lucky[1][2]
        for (point, centre, radius), (up, colour) in zip(lucky, expected, strict=True):
            assert surface.get_at(centre)[:3] == colour
            assert point.luck is not None and (point.luck.for_seat(seat) > 0) == up
            tip = (centre[0], centre[1] + (radius - 1 if not up else 1 - radius))
            assert surface.get_at(tip)[:3] == colour


class Drawn:
    """The charts the statistics drew, and with what."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.results: list[trends.Trend] = []
        self.accuracies: list[trends.Trend] = []
        for name, calls in (("draw_results", self.results),
                            ("draw_accuracy", self.accuracies)):
            monkeypatch.setattr(trends, name, self._spy(getattr(trends, name), calls))

    @staticmethod
    def _spy(draw: Any, calls: list[trends.Trend]) -> Any:
        def drawn(surface: pygame.Surface, theme: Any, rect: pygame.Rect,
                  trend: trends.Trend, size: int) -> None:
            calls.append(trend)
            draw(surface, theme, rect, trend, size)
        return drawn


def open_charts(app: App, ui: Driver) -> StatisticsScene:
    navigation.open_statistics(app)
    scene = app.top
    assert isinstance(scene, StatisticsScene) and not scene.charts
    ui.click(scene.page.segments()[1].center)
    assert scene.charts and scene.trends is not None
    app.draw()
    return scene


def test_the_charts_show_each_modes_last_games_without_analysed_ones(
        app: App, ui: Driver, against: list[dict[str, Any]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The Charts page: per mode a bar per game (its VP margin, oldest first) with the mean
    margin so far, and no accuracy while no game was analysed; Tab turns back to the
    figures."""
    store = RecordStore()
    for record in against:
        store.add(record)
    drawn = Drawn(monkeypatch)
    scene = open_charts(app, ui)
    assert len(scene.rows) == 1 and drawn.results and drawn.accuracies
    trend = drawn.results[-1]
    margins = [played.margin for played in scene.rows[0].history]
    assert list(trend.margins) == margins
    assert list(trend.outcomes) == [played.outcome for played in scene.rows[0].history]
    assert trend.means[-1] == pytest.approx(sum(margins) / len(margins))
    assert drawn.accuracies[-1].accuracies == ()
    ui.press(pygame.K_TAB)
    assert not scene.charts


def test_an_analysed_game_joins_the_accuracy_chart(app: App, ui: Driver,
                                                   against: list[dict[str, Any]],
                                                   analysis: Analysis,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The kept analysis of a past game gives the person's mean loss per decision, in the
    order the games were played; a game never analysed adds nothing."""
    store = RecordStore()
    for record in against:
        store.add(record)
    AnalysisFile(against[1]).save(analysis)
    drawn = Drawn(monkeypatch)
    open_charts(app, ui)
    assert drawn.accuracies[-1].accuracies == (analysis.summary(0).accuracy,)


def test_the_charts_of_many_games_show_the_last_ones(app: App, ui: Driver,
                                                     games: list[Game]) -> None:
    """More games than the chart holds: the latest :data:`~trends.LAST`, with the mean margin
    of all the games up to each."""
    store = RecordStore()
    records = records_of(games * 8, (Seat.human(), Seat.human()))
    for record in records:
        store.add(record)
    scene = open_charts(app, ui)
    assert scene.trends is not None
    for row, trend in zip(scene.rows, scene.trends, strict=True):
        assert len(row.history) == len(records) > trends.LAST == len(trend.margins)
        margins = [played.margin for played in row.history]
        assert trend.means[-1] == pytest.approx(sum(margins) / len(margins))


def broken(*args: Any, **kwargs: Any) -> Decision:
    raise RuntimeError("the search broke on purpose")


def show_the_analysis(app: App, ui: Driver, replay: ReplayScene) -> None:
    """Draw the graph and the summary, each costly decision's note, and every tooltip."""
    view = replay.analysis
    app.draw()
    for point, centre, radius in view.graph.marks:
        costly = point.decision is not None and point.decision.verdict is not None
        if costly or (point.luck is not None and radius >= graph_module.LUCK_MOST - 2):
            ui.hover(centre)
            app.draw()
            view.jump_to(point)
            replay.finish_animations()
            ui.frames(2)
            if costly and view.note.try_button.rect.height:
                ui.hover(view.note.try_button.rect.center)
                app.draw()
                assert view.note.try_button.rect.contains(view.note.try_button.label_rect)
    for button in view.summary.buttons:
        ui.hover(button.rect.center)
        app.draw()
        assert button.rect.contains(button.label_rect), button.text
    ui.hover(view.summary.accuracy_rect.center)
    app.draw()
    ui.hover(view.toggle_button.rect.center)
    app.draw()


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_of_the_analysis_fits(app: App, ui: Driver, language: str,
                                         size: tuple[int, int], games: list[Game],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The progress with its Cancel, a failure's words, then the graph, the summary of a
    hot-seat game (both seats to choose), the notes of its costly decisions and the tooltips:
    nothing overflows and each button's label lies inside the button."""
    i18n.set_language(language)
    ui.resize(size)
    record = records_of(games[:1], (Seat.human(), Seat.human()))[0]
    navigation.open_replay(app, record, analyse=True)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    view = replay.analysis
    app.theme.overflows.clear()
    ui.frames(2)
    ui.hover(view.cancel_button.rect.center)
    app.draw()
    assert view.cancel_button.rect.contains(view.cancel_button.label_rect)
    view.cancel()
    real = engine.analyse_position
    monkeypatch.setattr(engine, "analyse_position", broken)
    view.toggle()
    ui.frames(2)
    assert view.runner.problem is not None
    app.draw()
    monkeypatch.setattr(engine, "analyse_position", real)
    view.toggle()
    while view.runner.running:
        ui.frames(1)
    for seat in (1, 0):
        view.choose_seat(seat)
        show_the_analysis(app, ui, replay)
    assert app.theme.overflows == []
