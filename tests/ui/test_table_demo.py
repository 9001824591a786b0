"""The attract mode and the frame-time benchmark (``famiglia --demo [--bench N]``): the
computer plays both seats with legal moves on the animated table through a whole game
(R3–R5), the results follow, then the next deal; the benchmark prints its figures.  No test
asserts a timing."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from famiglia.__main__ import main
from famiglia.players.seats import SeatKind
from famiglia.ui.app import App
from famiglia.ui.bare_window import peak_memory_mib
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
    assert table.game.is_terminal()
    assert table.picture.scores() == table.game.scores
    ui.frames(round(RESULTS_SECONDS * 60) + 5)
    assert isinstance(app.top, DemoTableScene) and app.top is not table
    assert app.top.seed == 4 and app.top.game.turn == 0


def test_bench_prints_the_frame_time_percentiles(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``famiglia --demo --bench N`` renders N frames of a bare window that only fills and
    flips and N frames of the demo, and prints p50, p95, p99 and the peak memory of each, the
    thinking worker's memory and the demo's figures as multiples of the bare window's;
    ``--bench`` without ``--demo`` is refused."""
    monkeypatch.setenv("FAMIGLIA_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("FAMIGLIA_DATA_DIR", str(tmp_path))
    assert main(["--demo", "--bench", "40"]) == 0
    bare, demo, ratios = capsys.readouterr().out.strip().splitlines()
    times = r"p50 \d+\.\d\d ms  p95 \d+\.\d\d ms  p99 \d+\.\d\d ms"
    assert re.search(f"^40 frames of a bare pygame-ce window .*: {times}  peak memory \\d+ MiB$",
                     bare), bare
    assert re.search(f"^40 frames of the demo .*: {times}.*  peak memory \\d+ MiB "
                     r"\(thinking worker (\d+ MiB|unknown)\)$", demo), demo
    assert re.search(r"^the demo against the bare window: p95 \d+\.\d\d×, "
                     r"peak memory \d+\.\d\d× \(video driver: dummy\)$", ratios), ratios
    with pytest.raises(SystemExit):
        main(["--bench", "40"])


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc")
def test_a_worker_s_memory_is_its_own_not_its_parent_s() -> None:
    """The thinking worker's figure is read from its own process: a child started while this
    process holds much memory reports far less than this process."""
    held = bytearray(200 * 1024 * 1024)
    held[::4096] = b"x" * len(held[::4096])
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:  # (Popen returns once the child runs its own program)
        own = peak_memory_mib(child.pid)
        mine = peak_memory_mib()
        assert own is not None and mine is not None
        assert mine > 200 and own < 100
    finally:
        child.kill()
        child.wait()
    del held
