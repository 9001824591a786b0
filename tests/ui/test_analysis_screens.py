"""Analyse in the window: from the results and from any replay the analysis runs as a job
polled by the frame loop (in-process and tiny here, in worker processes in the last tests),
with its progress above the table, cancelled by Esc or by leaving, resumed or taken from the
kept analyses afterwards; then the graph of the winning chances sits above the table without
covering a card, a point or a costly decision jumps the replay there, and the move played and
the better move are both lit on the table (R5.4: the analysis only reads what the record's
player knew).  Damaged kept analyses and failing workers are reported, never a crash."""

from __future__ import annotations

import json
import multiprocessing
import time
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_driver import Driver, toasts

from famiglia.players import GreedyPlayer, make_player
from famiglia.players import analysis as engine
from famiglia.players.analysis import Analysis, Decision, Effort, Step
from famiglia.players.seats import Seat
from famiglia.rules import Game, write_record
from famiglia.store.analyses import AnalysisFile
from famiglia.ui import navigation
from famiglia.ui.analysis import runner
from famiglia.ui.analysis.view import AnalysisView
from famiglia.ui.analysis.words import BEST_COLOUR, played_colour
from famiglia.ui.app import App
from famiglia.ui.scenes.replay import ReplayScene
from famiglia.ui.scenes.results import ResultsScene
from famiglia.ui.scenes.table import TableScene

NAMES = ("Anna", "Computer")
SEATS = (Seat.human(), Seat.computer("easy", 3))


def finished_game(seed: int = 11, *, solo: bool = False) -> Game:
    """A whole game: a greedy person against a quick search (or the Gangster)."""
    game = Game.new(seed, opponent="gangster" if solo else None)
    players = [GreedyPlayer(), make_player("mcts", iterations=20, seed=seed)]
    while not game.is_terminal():
        if game.is_gangster_turn():
            game.play_gangster_turn()
        else:
            game.push(players[game.current].choose(game))
    return game


def record_of(game: Game, seats: tuple[Seat, Seat] = SEATS) -> dict[str, Any]:
    return write_record(game, names=NAMES, seats=seats)


@pytest.fixture(scope="module")
def game() -> Game:
    return finished_game()


@pytest.fixture
def record(game: Game) -> dict[str, Any]:
    return record_of(game)


def open_replay(app: App, record: dict[str, Any], *, analyse: bool = False) -> ReplayScene:
    navigation.open_replay(app, record, analyse=analyse)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    return replay


def run_to_the_end(ui: Driver, view: AnalysisView, frames: int = 500) -> Analysis:
    """Frames until the job is done (one decision each, in-process)."""
    for _ in range(frames):
        if not view.runner.running:
            break
        ui.frames(1)
    assert not view.runner.running and view.runner.problem is None
    analysis = view.runner.analysis
    assert analysis is not None
    ui.frames(2)
    return analysis


def rest(ui: Driver, replay: ReplayScene) -> None:
    """Let the cards land and the analysis follow the position."""
    replay.finish_animations()
    ui.frames(2)


def assert_graph_clear_of_the_cards(replay: ReplayScene) -> None:
    band = replay.analysis.band
    assert band.height > 0 and band.bottom <= replay.frame.table.top
    for sprite in replay.picture.sprites.values():
        assert not band.colliderect(pygame.Rect(sprite.rect)), sprite.card


def test_analyse_on_the_results_opens_the_replay_and_runs_the_job(app: App, ui: Driver,
                                                                 game: Game) -> None:
    """The results of a finished table offer Analyse: the replay of that game opens over them
    with its job under way (a progress bar above the table, Cancel beside it), the frame
    loop polls it a few times a second without animating, and at the end the graph shows and
    the analysis is kept; Close goes back to the results."""
    table = TableScene(app, game, NAMES, seats=SEATS)
    results = navigation.results_scene(app, table)
    assert isinstance(results, ResultsScene)
    app.reset(results)
    ui.frames(1)
    assert results.analyse_button in results.menu.buttons
    ui.click(results.analyse_button.rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    view = replay.analysis
    assert view.runner.running and view.visible
    replay.finish_animations()
    ui.frames(1)
    done, total = view.runner.progress
    assert 0 < done < total
    assert view.next_change() == runner.POLL_SECONDS
    assert not app.animating() and app.next_wakeup() is not None
    assert app.next_wakeup() <= runner.POLL_SECONDS
    assert view.cancel_button.rect.colliderect(view.band)
    analysis = run_to_the_end(ui, view)
    decided = [point for point, _centre, _radius in view.graph.marks if point.decision]
    assert len(decided) == len(analysis.everything()) == total > len(analysis.decisions)
    assert_graph_clear_of_the_cards(replay)
    assert AnalysisFile(replay.record).load() == analysis
    assert view.next_change() is None, "at rest again once the job is done"
    ui.click(replay.close_button.rect.center)
    assert app.top is results


def test_analyse_in_the_replay_makes_room_above_the_table(app: App, ui: Driver,
                                                          record: dict[str, Any]) -> None:
    """A replay without its analysis: A starts it; the table proper moves down to make room
    for the graph, and the side panel keeps its place; A hides and shows it again.  Opened
    again, at the smallest window, the kept analysis shows at once, clear of the cards."""
    replay = open_replay(app, record)
    full = replay.frame
    assert not replay.analysis.visible
    assert replay.analysis.toggle_button.text == "Analyse  A"
    ui.press(pygame.K_a, "a")
    assert replay.analysis.toggle_button.text == "Analysing…"
    run_to_the_end(ui, replay.analysis)
    rest(ui, replay)
    assert replay.frame.table.top > full.table.top and replay.frame.side == full.side
    assert_graph_clear_of_the_cards(replay)
    ui.press(pygame.K_a, "a")
    assert not replay.analysis.visible and replay.frame.table.top == full.table.top
    assert replay.analysis.toggle_button.text == "Analysis: hidden  A"
    ui.press(pygame.K_a, "a")
    assert replay.analysis.visible
    analysis = replay.analysis.runner.analysis
    ui.press(pygame.K_ESCAPE)
    ui.resize((1024, 640))
    replay = open_replay(app, record)
    view = replay.analysis
    assert view.visible and not view.runner.running
    assert view.graph.analysis == analysis
    assert len(view.graph.marks) == len(analysis.chain())
    assert view.summary.analysis == analysis and view.summary.buttons
    rest(ui, replay)
    assert_graph_clear_of_the_cards(replay)


def test_cancel_leave_and_come_back(app: App, ui: Driver, record: dict[str, Any],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Esc cancels a running analysis (a second Esc closes the replay); leaving the replay
    cancels it too.  Coming back, A resumes with the decisions already found; the finished
    analysis is then taken from the kept ones, without a new job."""
    replay = open_replay(app, record, analyse=True)
    ui.frames(3)
    first = replay.analysis.runner.job
    assert first is not None and first.done == 3
    ui.press(pygame.K_ESCAPE)
    assert first.cancelled and not replay.analysis.runner.running
    assert not replay.analysis.visible and app.top is replay
    assert any("picks it up" in toast for toast in toasts(app))
    ui.press(pygame.K_a, "a")
    resumed = replay.analysis.runner.job
    assert resumed is not None and resumed is not first
    assert resumed.done == len(first.found) + 1, "the three found, and one in this frame"
    ui.frames(2)
    ui.click(replay.close_button.rect.center)
    assert app.top is not replay and resumed.cancelled, "leaving cancels the job"
    again = open_replay(app, record)
    ui.press(pygame.K_a, "a")
    job = again.analysis.runner.job
    assert job is not None and job.done == len(resumed.found) + 1, "it resumes"
    analysis = run_to_the_end(ui, again.analysis)
    ui.press(pygame.K_ESCAPE)
    assert app.top is not again

    def no_new_job(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a kept analysis is analysed again")

    monkeypatch.setattr(engine, "analyse_position", no_new_job)
    kept = open_replay(app, record)
    assert kept.analysis.runner.analysis == analysis and kept.analysis.visible
    assert not kept.analysis.runner.running
    ui.press(pygame.K_ESCAPE)
    from_results = open_replay(app, record, analyse=True)
    assert not from_results.analysis.runner.running
    assert from_results.analysis.runner.analysis == analysis


def costly(analysis: Analysis, seat: int = 0) -> list[Decision]:
    return [d for d in analysis.decisions if d.seat == seat and d.verdict is not None]


def test_a_point_of_the_graph_jumps_there_and_lights_both_moves(app: App, ui: Driver,
                                                                record: dict[str, Any]) -> None:
    """Hovering a point names its decision; clicking it shows the position before that move
    (the replay's move number is the decision's), the move played lit in its verdict's colour
    and the better move in the hint's colour, both in the note beside the log."""
    replay = open_replay(app, record, analyse=True)
    view = replay.analysis
    analysis = run_to_the_end(ui, view)
    decision = next(d for d in analysis.decisions
                    if d.cost and d.ply > 10 and "pass" not in (d.best, d.played))
    centre = next(centre for point, centre, _r in view.graph.marks if point.decision is decision)
    ui.hover(centre)
    assert view.graph.hovered is not None and view.graph.hovered.decision is decision
    ui.click(centre)
    rest(ui, replay)
    step = replay.at
    assert replay.after[step].ply() == decision.ply
    assert replay.steps[step].action is not None
    assert str(replay.steps[step].action.action) == decision.played
    assert view.number(decision) == step + 1
    played, best = view.marks
    assert played.colour == played_colour(decision) and best.colour == BEST_COLOUR
    assert played.cards and best.cards and played.cards != best.cards
    note = [text for text, _colour, _bold in view.note.lines]
    first = next(index for index, text in enumerate(note) if text.startswith("Move "))
    assert note[first].startswith(f"Move {step + 1}, turn {decision.turn}: Anna")
    assert note[first + 2].startswith("Better: ")
    assert (decision.reason is None) != note[first + 3].startswith("Why: ")
    assert view.note.rect.bottom < replay.log.rect.top
    ui.press(pygame.K_RIGHT)
    rest(ui, replay)
    assert str(replay.game.move_stack[-1].action) == decision.played
    assert view.at == replay.at == step + 1, "the note and the marks follow the replay"


def test_the_better_turn_is_played_on_the_table_and_play_on_starts_from_it(
        app: App, ui: Driver, record: dict[str, Any]) -> None:
    """At a costly decision B plays the better turn on the table (its steps up to the next
    card drawn, R3); a step of the replay goes back to the record's position, and "Play on
    from here" starts a new game from the turn tried (the draw pile dealt anew, R5.4)."""
    replay = open_replay(app, record, analyse=True)
    view = replay.analysis
    analysis = run_to_the_end(ui, view)
    decision = next(d for d in analysis.decisions if d.cost)
    view.jump_to(decision)
    rest(ui, replay)
    step = replay.at
    assert view.note.try_shown and view.note.try_button.rect.height
    ui.press(pygame.K_b, "b")
    rest(ui, replay)
    assert replay.trying
    before = len(replay.after[step].move_stack)
    tried = [str(move.action) for move in replay.game.move_stack[before:]]
    assert tried and tried == list(decision.better)[:len(tried)]
    assert replay.position_text == f"A better turn instead of move {step + 1}"
    assert view.note.lines[0][0].startswith("The better turn") and not view.marks
    position = replay.game.copy()
    ui.press(pygame.K_RIGHT)
    rest(ui, replay)
    assert not replay.trying and replay.at == step
    assert replay.game.position_dict() == replay.after[step].position_dict()
    ui.press(pygame.K_b, "b")
    rest(ui, replay)
    ui.press(pygame.K_p, "p")
    ui.frames(2)
    table = app.top
    assert isinstance(table, TableScene) and not isinstance(table, ReplayScene)
    game = table.game
    assert [card.code for card in game.street] == [card.code for card in position.street]
    for seat in (0, 1):
        assert sorted(c.code for c in game.hands[seat]) == sorted(
            c.code for c in position.hands[seat])
    assert game.current == position.current


def test_cards_drawn_tell_their_luck(app: App, ui: Driver, record: dict[str, Any]) -> None:
    """R3.1, R4.1: clicking a draw's mark shows the position right after the cards came, and
    the note says whose refresh or refill brought which cards and what luck they were (when
    no costly decision there needs the note's room)."""
    replay = open_replay(app, record, analyse=True)
    view = replay.analysis
    analysis = run_to_the_end(ui, view)
    marked = [mark for mark in view.graph.marks if mark[0].luck is not None and mark[2]
              and mark[0].step is not Step.END]
    point, centre, _radius = next(
        mark for mark in marked
        if not (analysis.at(replay.after[view.step_after(mark[0].luck.draws[-1].ply)].ply())
                or Decision(0, 0, 1, "pass", "pass", 0, 0)).cost)
    assert point.luck is not None
    ui.click(centre)
    rest(ui, replay)
    draw = point.luck.draws[-1]
    assert replay.after[replay.at - 1].ply() <= draw.ply < replay.after[replay.at].ply()
    said = view.note.lines[0][0]
    assert ("refresh brought" in said or "Street was filled" in said), said
    assert ("Lucky for Anna" in said) == (point.luck.for_seat(view.seat) >= 0)


def test_the_costliest_decisions_are_a_click_away(app: App, ui: Driver,
                                                  record: dict[str, Any]) -> None:
    """The summary names the person's three costliest decisions, worst first, each a button
    that jumps there; Down and Up go to the next and the previous costly decision."""
    replay = open_replay(app, record, analyse=True)
    view = replay.analysis
    analysis = run_to_the_end(ui, view)
    worst = analysis.summary(0).costliest
    assert len(view.summary.buttons) == len(worst) > 0
    for button, decision in zip(view.summary.buttons, worst, strict=True):
        assert button.text.startswith(f"Move {view.number(decision)}: −")
        ui.click(button.rect.center)
        rest(ui, replay)
        assert replay.after[replay.at].ply() == decision.ply
    marked = costly(analysis)
    assert marked
    replay.jump(0)
    rest(ui, replay)
    seen = []
    for _ in marked:
        ui.press(pygame.K_DOWN)
        rest(ui, replay)
        seen.append(replay.after[replay.at].ply())
    assert seen == [d.ply for d in marked]
    ui.press(pygame.K_DOWN)
    assert replay.after[replay.at].ply() == marked[-1].ply, "nothing after the last"
    ui.press(pygame.K_UP)
    rest(ui, replay)
    expected = marked[-2].ply if len(marked) > 1 else marked[-1].ply
    assert replay.after[replay.at].ply() == expected


def test_a_hot_seat_game_shows_the_chosen_seat(app: App, ui: Driver, game: Game) -> None:
    """Both people are analysed; the graph shows the first seat by default and the seat the
    player chooses in the summary, the other seat's decisions as rings from its side."""
    record = record_of(game, (Seat.human(), Seat.human()))
    replay = open_replay(app, record, analyse=True)
    view = replay.analysis
    analysis = run_to_the_end(ui, view)
    assert analysis.seats == (0, 1) and view.seat == 0
    choice = view.summary.choice
    assert choice is not None and [value for _label, value in choice.options] == [0, 1]
    ui.click(choice.segments()[1].center)
    assert view.seat == 1 and view.graph.seat == 1
    assert view.graph.title == "Winning chances of Computer"
    assert [centre[1] for _d, centre, _r in view.graph.marks] == [
        view.graph.plot.y(chances) for _ply, chances in analysis.curve(1)]


def test_a_solo_game_counts_its_moves_as_the_replay_does(app: App, ui: Driver) -> None:
    """S4: the Gangster's turn is one step of the replay; a decision's move number is the
    replay's, and its point jumps to the person's move."""
    record = record_of(finished_game(5, solo=True), (Seat.human(), Seat.gangster()))
    replay = open_replay(app, record, analyse=True)
    view = replay.analysis
    analysis = run_to_the_end(ui, view)
    assert analysis.seats == (0,)
    late = analysis.decisions[-1]
    assert view.number(late) < late.ply + 1, "the Gangster's moves are fewer steps"
    view.jump_to(late)
    rest(ui, replay)
    assert replay.after[replay.at].ply() == late.ply and replay.at + 1 == view.number(late)


def test_a_damaged_kept_analysis_is_set_aside_and_made_again(app: App, ui: Driver,
                                                             record: dict[str, Any],
                                                             tmp_path: Path) -> None:
    kept = AnalysisFile(record)
    kept.path.parent.mkdir(parents=True)
    kept.path.write_text("{not json", encoding="utf-8")
    replay = open_replay(app, record)
    assert replay.analysis.runner.analysis is None
    assert any("could not be read" in toast and "analysed again" in toast
               for toast in toasts(app))
    assert not kept.path.exists()
    assert list(kept.path.parent.glob(f"{kept.path.name}.corrupt-*"))
    ui.press(pygame.K_a, "a")
    analysis = run_to_the_end(ui, replay.analysis)
    assert AnalysisFile(record).load() == analysis
    assert json.loads(kept.path.read_text(encoding="utf-8"))["analyses"]


def test_a_game_never_analysed_leaves_no_file(app: App, ui: Driver, record: dict[str, Any],
                                              tmp_path: Path) -> None:
    open_replay(app, record)
    ui.frames(2)
    assert not (tmp_path / "data" / "analyses").exists()


def test_a_failing_analysis_is_said_and_logged(app: App, ui: Driver, record: dict[str, Any],
                                               log_file: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision's analysis that raises stops the job: the band says so in plain words with
    the log's place, the log has the traceback, the replay goes on, A tries again."""
    real = engine.analyse_position

    def broken(*args: Any, **kwargs: Any) -> Decision:
        raise RuntimeError("the search broke on purpose")

    monkeypatch.setattr(engine, "analyse_position", broken)
    replay = open_replay(app, record, analyse=True)
    ui.frames(2)
    view = replay.analysis
    assert not view.runner.running and view.runner.problem is not None
    assert "processes failed" in str(view.runner.problem)
    assert str(log_file) in str(view.runner.problem) and view.visible
    assert "the search broke on purpose" in log_file.read_text(encoding="utf-8")
    ui.press(pygame.K_RIGHT)
    assert replay.at == 1 and app.top is replay
    monkeypatch.setattr(engine, "analyse_position", real)
    ui.press(pygame.K_a, "a")
    run_to_the_end(ui, view)


def wait_for(app: App, done: Any, seconds: float = 180) -> None:
    """Frames until ``done()``: the job's answers come from other processes."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        app.frame([], 0.05)
        time.sleep(0.02)


def never_in_the_window(*args: Any, **kwargs: Any) -> Decision:
    raise AssertionError("the search ran in the window's process")


def test_worker_processes_analyse_away_from_the_frame_loop(app: App, ui: Driver,
                                                           record: dict[str, Any],
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    monkeypatch.setattr(runner, "SETTINGS", runner.RunnerSettings(
        jobs=2, effort=Effort(search=10, searches=1, proposals=1, measure=10)))
    monkeypatch.setattr(engine, "analyse_position", never_in_the_window)
    replay = open_replay(app, record, analyse=True)
    view = replay.analysis
    wait_for(app, lambda: not view.runner.running)
    assert view.runner.problem is None and view.runner.analysis is not None
    assert view.graph.marks


@pytest.mark.parametrize("failure", ["raises", "dies"])
def test_a_worker_that_raises_or_dies_is_reported(app: App, ui: Driver, record: dict[str, Any],
                                                  log_file: Path, failure: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A real worker process: one whose search raises (an impossible effort), one killed while
    it works; either way the band says so, the log has it, the window goes on."""
    effort = Effort(search=0 if failure == "raises" else 5000, searches=1, proposals=1,
                    measure=5000)
    monkeypatch.setattr(runner, "SETTINGS", runner.RunnerSettings(jobs=1, effort=effort))
    monkeypatch.setattr(engine, "analyse_position", never_in_the_window)
    replay = open_replay(app, record, analyse=True)
    view = replay.analysis
    if failure == "dies":
        wait_for(app, multiprocessing.active_children)
        for process in multiprocessing.active_children():
            process.kill()
    wait_for(app, lambda: not view.runner.running)
    assert view.runner.problem is not None and "processes failed" in str(view.runner.problem)
    text = log_file.read_text(encoding="utf-8")
    assert "The analysis of a game failed" in text
    if failure == "raises":
        assert "iterations must be at least 1" in text
    ui.press(pygame.K_RIGHT)
    assert replay.at == 1 and app.top is replay
