"""Statistics (issue 11) from a known set of records: per mode (hot-seat per player, the
computer per level, solo per level and variant, S3), games, wins, draws, win rate, mean VP and
mean margin over ALL games, best ranking value (S5) and winning streaks."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from famiglia.store.records import Mode, RecordStore
from famiglia.store.statistics import compute

ZONE = timezone(timedelta(hours=2))
HUMAN, GANGSTER = {"kind": "human"}, {"kind": "gangster"}


def header(day: int, names: tuple[str, str], seats: list[Any], scores: tuple[int, int],
           winner: int | None, *, solo: tuple[int, int] | None = None,
           reason: str = "final_round") -> dict[str, Any]:
    """A record as the list reads it (the list does not replay, so no moves are needed)."""
    result: dict[str, Any] = {"scores": list(scores), "winner": winner, "reason": reason,
                              "decided_by": "vp", "tie_break_card": None,
                              "tie_break_vp": None}
    if solo:
        result["ranking_value"] = 2 * scores[0] - scores[1] if winner == 0 else None
    return {
        "format": "famiglia-record", "version": 1,
        "setup": {"seed": day, "first_player": solo[1] if solo else 0,
                  "fresh_cards_rule": True, "opponent": "gangster" if solo else None,
                  "gangster_level": solo[0] if solo else None, "deck": None, "position": None},
        "players": {"names": list(names), "seats": seats},
        "date": datetime(2026, 11, day, 21, 0, tzinfo=ZONE).isoformat(),
        "assisted": False, "moves": [], "result": result,
    }


KNOWN = [
    # Solo 3a, in date order: won 60:40, lost 30:50, won 70:20, won 55:45.
    header(1, ("Anna", "The Gangster"), [HUMAN, GANGSTER], (60, 40), 0, solo=(3, 0)),
    header(2, ("Anna", "The Gangster"), [HUMAN, GANGSTER], (30, 50), 1, solo=(3, 0)),
    header(3, ("Anna", "The Gangster"), [HUMAN, GANGSTER], (70, 20), 0, solo=(3, 0)),
    header(4, ("Anna", "The Gangster"), [HUMAN, GANGSTER], (55, 45), 0, solo=(3, 0)),
    # Solo 1b: one loss.
    header(5, ("Anna", "The Gangster"), [HUMAN, GANGSTER], (40, 41), 1, solo=(1, 1)),
    # Hot-seat Anna vs Bruno: Anna wins, a draw, Bruno (now in seat 0) wins by resignation.
    header(6, ("Anna", "Bruno"), [HUMAN, HUMAN], (50, 40), 0),
    header(7, ("Anna", "Bruno"), [HUMAN, HUMAN], (45, 45), None),
    header(8, ("bruno", "Anna"), [HUMAN, HUMAN], (20, 30), 0, reason="resigned"),
    # Against the computer: the person in seat 1 at "hard", then at "easy".
    header(9, ("Computer", "Anna"), [{"kind": "computer", "level": "hard"}, HUMAN],
           (60, 50), 0),
    header(10, ("Anna", "Computer"), [HUMAN, {"kind": "computer", "level": "easy"}],
           (61, 30), 0),
    # Two computers playing each other count for nobody.
    header(11, ("A", "B"), [{"kind": "computer", "level": "easy"},
                            {"kind": "computer", "level": "hard"}], (1, 2), 1),
]


@pytest.fixture
def rows(tmp_path: Path) -> dict[str, Any]:
    store = RecordStore(tmp_path)
    for data in KNOWN:
        assert store.add(data) is not None
    return {(row.mode, row.player): row for row in compute(store.games())}


def test_one_row_per_mode_in_order(rows: dict[str, Any]) -> None:
    assert list(rows) == [
        (Mode("hot-seat"), "Anna"), (Mode("hot-seat"), "bruno"),
        (Mode("computer", "easy"), None), (Mode("computer", "hard"), None),
        (Mode("solo", "1", "b"), None), (Mode("solo", "3", "a"), None),
    ]


def test_solo_row_averages_over_all_games(rows: dict[str, Any]) -> None:
    """S5: the best ranking value is 2 × 70 − 20 = 120; mean VP and margin count the lost
    game too (never an average over wins only)."""
    row = rows[Mode("solo", "3", "a"), None]
    assert (row.games, row.wins, row.draws, row.losses) == (4, 3, 0, 1)
    assert row.win_rate == 0.75
    assert row.mean_vp == (60 + 30 + 70 + 55) / 4
    assert row.mean_margin == (20 - 20 + 50 + 10) / 4
    assert row.best_ranking == 120
    assert (row.current_streak, row.longest_streak) == (2, 2)
    assert row.mode == Mode("solo", "3", "a")
    assert row.cells() == ("4", "3", "0", "75%", "53.8", "+15.0", "120", "2", "2")
    lost = rows[Mode("solo", "1", "b"), None]
    assert lost.best_ranking is None and lost.cells()[6] == "—"
    assert (lost.current_streak, lost.longest_streak) == (0, 0)


def test_hot_seat_counts_each_game_for_both_players(rows: dict[str, Any]) -> None:
    """Names match whatever their case; a resigned game is lost by whoever resigned."""
    anna, bruno = rows[Mode("hot-seat"), "Anna"], rows[Mode("hot-seat"), "bruno"]
    assert (anna.games, anna.wins, anna.draws) == (3, 1, 1)
    assert (bruno.games, bruno.wins, bruno.draws) == (3, 1, 1)
    assert anna.mean_vp == (50 + 45 + 30) / 3 and bruno.mean_vp == (40 + 45 + 20) / 3
    assert anna.mean_margin == (10 + 0 + 10) / 3
    assert anna.best_ranking is None
    assert (anna.current_streak, anna.longest_streak) == (0, 1)
    assert (bruno.current_streak, bruno.longest_streak) == (1, 1)


def test_computer_rows_take_the_persons_seat(rows: dict[str, Any]) -> None:
    hard, easy = rows[Mode("computer", "hard"), None], rows[Mode("computer", "easy"), None]
    assert (hard.games, hard.wins, hard.mean_vp, hard.mean_margin) == (1, 0, 50, -10)
    assert (easy.games, easy.wins, easy.mean_vp, easy.current_streak) == (1, 1, 61, 1)


def test_no_records_no_rows() -> None:
    assert compute([]) == []
