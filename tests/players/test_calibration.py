"""``famiglia calibration`` (famiglia.players.calibration): the analysis's winning chances
against the share of continuations won from the same position with the draw pile dealt anew
(R5.4).  A benchmark, not a test of its figures: these tests check the sums it prints and
that the command runs on records with tiny budgets."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_analysis import TINY

from famiglia.__main__ import main
from famiglia.players import advice
from famiglia.players.calibration import Checked, report

GAMES = Path(__file__).resolve().parent.parent.parent / "docs" / "games"


def test_the_report_sums_the_gaps_per_position_and_per_tenth() -> None:
    checked = [Checked(10.0, 1.0, 10, "a"), Checked(15.0, 2.0, 10, "b"),
               Checked(80.0, 5.0, 10, "c"), Checked(50.0, 5.0, 10, "d")]
    found = report(checked)
    assert [item.gap for item in checked] == [0.0, 5.0, 30.0, 0.0]
    assert found.positions == 4 and found.largest_gap == 30.0 and found.over_15 == 1
    assert found.mean_gap == pytest.approx(35.0 / 4)
    assert found.bins == ((12.5, 15.0, 2), (50.0, 50.0, 1), (80.0, 50.0, 1))
    assert found.bin_gaps == (pytest.approx((2.5 * 2 + 0 + 30) / 4), 30.0)
    assert 0 < found.mean_error < 16


def test_the_command_checks_positions_of_records_and_draws_the_diagram(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(advice.EFFORTS, advice.DEFAULT_LEVEL, TINY)
    cache, picture = tmp_path / "cache.jsonl", tmp_path / "diagram.png"
    arguments = ["calibration", "--positions", "2", "--continuations", "2", "--jobs", "1",
                 "--records", str(GAMES / "against-easy.json"), "--cache", str(cache),
                 "--diagram", str(picture)]
    assert main(arguments) == 0
    out = capsys.readouterr().out
    assert "2 positions, 2 continuations each (both seats as the play-out player" in out
    assert "mean gap" in out and "noise floor" in out
    assert picture.stat().st_size > 0 and len(cache.read_text().splitlines()) == 2
    assert main(arguments) == 0, "a second run takes the cache's positions"
    assert len(cache.read_text().splitlines()) == 2
    assert main([*arguments, "--level", "easy"]) == 0, "the same positions against a level"
    assert "(both seats as the Easy level" in capsys.readouterr().out
    assert len(cache.read_text().splitlines()) == 4
    assert main([*arguments, "--level", "grandmaster"]) == 2
