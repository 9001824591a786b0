"""When the computer's search fails, nothing is lost and the window never freezes: the error
is logged with its traceback, the table tells the player in plain words that the computer
could not decide, and the question goes to the worker again; the search never runs in the
frame loop.  Failures are injected into the search, into a real worker process, and by
killing the worker mid-game."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from ui_driver import Driver, toasts

from famiglia.players.seats import Seat
from famiglia.rules import Game, parse_action
from famiglia.ui.app import App
from famiglia.ui.session import start_table
from famiglia.ui.table import thinker
from famiglia.ui.table.thinker import Thinker

NAMES = ("Anna", "Computer")
COMPUTER = Seat.computer("easy", 5)
MOVE_RETRY = "The computer could not decide on its move and is thinking again."


def fail_first(monkeypatch: pytest.MonkeyPatch, times: int = 1) -> list[int]:
    """The search raises the first ``times`` times it is asked, then answers; the calls."""
    real = thinker.answer
    calls: list[int] = []

    def flaky(game: dict[str, Any], options: dict[str, Any]) -> str:
        calls.append(1)
        if len(calls) <= times:
            raise RuntimeError("the search broke on purpose")
        return real(game, options)

    monkeypatch.setattr(thinker, "answer", flaky)
    return calls


def computer_to_move(app: App) -> Any:
    """A table where the computer (seat 1) starts."""
    table = start_table(app, Game.new(4, first_player=1), NAMES, (Seat.human(), COMPUTER))
    app.push(table)
    return table


def test_a_failed_move_is_logged_told_and_asked_again(app: App, ui: Driver, log_file: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    calls = fail_first(monkeypatch)
    table = computer_to_move(app)
    for _ in range(20):
        if table.game.ply():
            break
        app.frame([], 1.0)
    assert table.game.ply() > 0 and table.game.move_stack[0].seat == 1, "the computer moved"
    assert len(calls) == 2
    assert MOVE_RETRY in toasts(app)
    text = log_file.read_text(encoding="utf-8")
    assert "could not decide on a move" in text
    assert "Traceback" in text and "RuntimeError: the search broke on purpose" in text


def test_a_move_that_keeps_failing_says_where_the_log_is(app: App, ui: Driver, log_file: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    monkeypatch.setattr(thinker, "RETRY_PAUSES", (0.0,))
    fail_first(monkeypatch, times=thinker.STILL_FAILING)
    table = computer_to_move(app)
    for _ in range(20):
        if table.game.ply():
            break
        app.frame([], 1.0)
    assert table.game.ply() > 0
    still = [toast for toast in toasts(app) if "still cannot decide" in toast]
    assert len(still) == 1 and str(log_file) in still[0]
    assert sum(toast == MOVE_RETRY for toast in toasts(app)) == 1


def test_the_next_try_waits_its_pause(monkeypatch: pytest.MonkeyPatch, log_file: Path) -> None:
    """After the first retry the thinker waits before asking again, so a search that keeps
    failing does not keep the worker busy."""
    fail_first(monkeypatch, times=2)
    asked = Thinker(in_process=True)
    asked.ask(Game.new(3), {"iterations": 5, "seed": 1})
    assert asked.poll() is None and asked.failures == 1
    assert asked.poll() is None and asked.failures == 2, "the first retry goes at once"
    assert asked.poll() is None and asked.failures == 2, "the second waits its pause"
    monkeypatch.setattr(time, "monotonic", lambda: 1e12)
    notation = asked.poll()
    assert notation is not None and parse_action(notation) in Game.new(3).legal_actions()


def test_a_failed_hint_is_told_and_worked_out_again(app: App, ui: Driver, log_file: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """S5: the hint still comes, from the worker, and the game is marked assisted."""
    calls = fail_first(monkeypatch)
    table = start_table(app, Game.new(17, opponent="gangster"), ("Anna", "The Gangster"),
                        (Seat.human(), Seat.gangster()))
    app.push(table)
    for _ in range(50):
        table.finish_animations()
        ui.frames(1)
    table.assist.hints.ask()
    for _ in range(5):
        ui.frames(1)
    hints = table.assist.hints
    assert hints.action is not None and hints.action in table.game.legal_actions()
    assert len(calls) == 2 and table.assisted
    assert "The computer could not work out a hint and is thinking again." in toasts(app)
    assert "could not decide on a hint" in log_file.read_text(encoding="utf-8")


def _never_in_the_window(game: dict[str, Any], options: dict[str, Any]) -> str:
    raise AssertionError("the search ran in the window's process")


def test_a_failing_worker_reports_its_traceback_and_never_hands_the_search_over(
        monkeypatch: pytest.MonkeyPatch, log_file: Path) -> None:
    """A real worker process whose search raises: the failure comes back with the worker's
    traceback, is logged, the player told, and the worker is asked again."""
    monkeypatch.setattr(thinker, "answer", _never_in_the_window)
    monkeypatch.setattr(thinker, "RETRY_PAUSES", (0.0,))
    notices: list[tuple[object, float | None]] = []

    def notify(message: object, *, seconds: float | None = None) -> None:
        notices.append((message, seconds))

    worker = Thinker(in_process=False, notify=notify)
    try:
        worker.ask(Game.new(8), {"level": "no such level", "seed": 1})
        deadline = time.monotonic() + 120
        while worker.failures < thinker.STILL_FAILING and time.monotonic() < deadline:
            assert worker.poll() is None
            time.sleep(0.02)
        assert worker.failures >= thinker.STILL_FAILING and worker.busy
    finally:
        worker.close()
    assert len(notices) == 2, "told at the first failure, and once more when it keeps failing"
    (first, lasts), (still, stays) = notices
    assert str(first) == MOVE_RETRY and lasts == thinker.RETRY_NOTICE_SECONDS
    assert "still cannot decide on its move" in str(still) and str(log_file) in str(still)
    assert stays is None, "the notice with the log's place stays until it is closed"
    text = log_file.read_text(encoding="utf-8")
    assert "Traceback" in text and "no such level" in text


def test_a_worker_killed_mid_game_is_replaced(app: App, ui: Driver, log_file: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker dies while the computer thinks: a new worker answers, the computer moves,
    and the frame loop never searched."""
    monkeypatch.setattr(thinker, "SETTINGS", thinker.ThinkingSettings(iterations=20))
    monkeypatch.setattr(thinker, "answer", _never_in_the_window)
    table = computer_to_move(app)
    try:
        process = table.thinker._process
        assert process is not None
        app.frame([], 1.0)
        process.kill()
        process.join(10)
        deadline = time.monotonic() + 120
        while not table.game.ply() and time.monotonic() < deadline:
            app.frame([], 0.05)
            time.sleep(0.02)
        assert table.game.ply() > 0 and table.game.move_stack[0].seat == 1
        assert table.thinker._process is not process
        assert MOVE_RETRY in toasts(app)
        assert "the worker process stopped" in log_file.read_text(encoding="utf-8")
    finally:
        table.thinker.close()
