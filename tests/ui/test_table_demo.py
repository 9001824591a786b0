"""The attract mode and the frame-time benchmark (``famiglia --demo [--bench N]``): the
computer plays both seats with legal moves on the animated table through a whole game
(R3–R5), the results follow, then the next deal; the benchmark prints its figures.  No test
asserts a timing."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from famiglia.__main__ import main
from famiglia.players.seats import SeatKind
from famiglia.ui.app import App
from famiglia.ui.demo import DEMO_LEVELS, RESULTS_SECONDS, AttractResults, DemoTableScene
from famiglia.ui.scenes.results import ResultsScene

if TYPE_CHECKING:
    from ui_driver import Driver


def test_demo_plays_a_whole_game_then_deals_the_next(app: App, ui: Driver) -> None:
    """Two computer seats play legal moves until the game ends (R5.1/R5.2), each action with
    its caption; the results stay up, then a new demo game starts with the next seed."""
    table = DemoTableScene(app, seed=3)
    assert [seat.kind for seat in table.seats] == [SeatKind.COMPUTER, SeatKind.COMPUTER]
    assert [seat.level for seat in table.seats] == list(DEMO_LEVELS)
    app.push(table)
    for _ in range(3000):
        if not isinstance(app.top, DemoTableScene):
            break
        table.finish_animations()
        app.frame([], 1.0)
    results = app.top
    assert isinstance(results, AttractResults)
    assert isinstance(results.results, ResultsScene)
    assert table.game.over
    assert table.picture_scores() == table.game.scores
    ui.frames(round(RESULTS_SECONDS * 60) + 5)
    assert isinstance(app.top, DemoTableScene) and app.top is not table
    assert app.top.seed == 4 and app.top.game.turn == 0


def test_bench_prints_the_frame_time_percentiles(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``famiglia --demo --bench N`` renders N frames and prints p50, p95, p99 and the peak
    memory; ``--bench`` without ``--demo`` is refused."""
    monkeypatch.setenv("FAMIGLIA_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("FAMIGLIA_DATA_DIR", str(tmp_path))
    assert main(["--demo", "--bench", "40"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"p50 \d+\.\d\d ms  p95 \d+\.\d\d ms  p99 \d+\.\d\d ms", out), out
    assert "40 frames" in out and "peak memory" in out
    with pytest.raises(SystemExit):
        main(["--bench", "40"])
