"""Statistics from a known set of past games: per mode (hot-seat per player, the
computer per level, solo per level and variant, S3), games, wins, draws, win rate, mean VP and
mean margin over ALL games, best ranking value (S5) and winning streaks."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from famiglia import i18n, rules
from famiglia.players import make_player, play_game
from famiglia.players.seats import ComputerLevel, Seat
from famiglia.rules import Game, write_record
from famiglia.rules.gangster import SoloVariant
from famiglia.store.records import Mode, ModeKind, RecordStore, Summary
from famiglia.store.statistics import compute

ZONE = timezone(timedelta(hours=2))
SOLO_3A = Mode(ModeKind.SOLO, gangster=3, variant=SoloVariant.A)
SOLO_1B = Mode(ModeKind.SOLO, gangster=1, variant=SoloVariant.B)
HOT_SEAT = Mode(ModeKind.HOT_SEAT)
HARD = Mode(ModeKind.COMPUTER, computer=ComputerLevel.HARD)
EASY = Mode(ModeKind.COMPUTER, computer=ComputerLevel.EASY)


def summary(day: int, names: tuple[str, str], mode: Mode | None, human: int | None,
            scores: tuple[int, int], winner: int | None, *,
            reason: str = "final_round") -> Summary:
    """A past game as the store lists it once replayed (S5: a won solo game's ranking value
    is 2 × own VP − Gangster VP)."""
    ranking = (2 * scores[0] - scores[1] if mode is not None and mode.kind is ModeKind.SOLO
               and winner == 0 else None)
    return Summary(Path(f"{day:02d}.json"), datetime(2026, 11, day, 21, 0, tzinfo=ZONE), mode,
                   names, scores, winner, reason, ranking, False, human)


KNOWN = [
    # Solo 3a, in date order: won 60:40, lost 30:50, won 70:20, won 55:45.
    summary(1, ("Anna", "The Gangster"), SOLO_3A, 0, (60, 40), 0),
    summary(2, ("Anna", "The Gangster"), SOLO_3A, 0, (30, 50), 1),
    summary(3, ("Anna", "The Gangster"), SOLO_3A, 0, (70, 20), 0),
    summary(4, ("Anna", "The Gangster"), SOLO_3A, 0, (55, 45), 0),
    # Solo 1b: one loss.
    summary(5, ("Anna", "The Gangster"), SOLO_1B, 0, (40, 41), 1),
    # Hot-seat Anna vs Bruno: Anna wins, a draw, Bruno (in seat 0 this time) wins by resignation.
    summary(6, ("Anna", "Bruno"), HOT_SEAT, None, (50, 40), 0),
    summary(7, ("Anna", "Bruno"), HOT_SEAT, None, (45, 45), None),
    summary(8, ("bruno", "Anna"), HOT_SEAT, None, (20, 30), 0, reason="resigned"),
    # Against the computer: the person in seat 1 at "hard", then at "easy".
    summary(9, ("Computer", "Anna"), HARD, 1, (60, 50), 0),
    summary(10, ("Anna", "Computer"), EASY, 0, (61, 30), 0),
    # Two computers playing each other count for nobody.
    summary(11, ("A", "B"), None, None, (1, 2), 1),
]


@pytest.fixture
def rows() -> dict[Any, Any]:
    return {(row.mode, row.player): row for row in compute(KNOWN)}


def test_one_row_per_mode_in_order(rows: dict[Any, Any]) -> None:
    assert list(rows) == [
        (HOT_SEAT, "Anna"), (HOT_SEAT, "bruno"),
        (EASY, None), (HARD, None),
        (SOLO_1B, None), (SOLO_3A, None),
    ]


def test_solo_row_averages_over_all_games(rows: dict[Any, Any]) -> None:
    """S5: the best ranking value is 2 × 70 − 20 = 120; mean VP and margin count the lost
    game too (never an average over wins only)."""
    row = rows[SOLO_3A, None]
    assert (row.games, row.wins, row.draws, row.losses) == (4, 3, 0, 1)
    assert row.win_rate == 0.75
    assert row.mean_vp == (60 + 30 + 70 + 55) / 4
    assert row.mean_margin == (20 - 20 + 50 + 10) / 4
    assert row.best_ranking == 120
    assert (row.current_streak, row.longest_streak) == (2, 2)
    assert row.mode == SOLO_3A
    assert row.cells() == ("4", "3", "0", "75%", "53.8", "+15.0", "120", "2", "2")
    i18n.set_language("de")
    try:
        assert row.cells()[4:6] == ("53,8", "+15,0")
    finally:
        i18n.set_language("en")
    lost = rows[SOLO_1B, None]
    assert lost.best_ranking is None and lost.cells()[6] == "—"
    assert (lost.current_streak, lost.longest_streak) == (0, 0)


def test_hot_seat_counts_each_game_for_both_players(rows: dict[Any, Any]) -> None:
    """Names match whatever their case; a resigned game is lost by whoever resigned."""
    anna, bruno = rows[HOT_SEAT, "Anna"], rows[HOT_SEAT, "bruno"]
    assert (anna.games, anna.wins, anna.draws) == (3, 1, 1)
    assert (bruno.games, bruno.wins, bruno.draws) == (3, 1, 1)
    assert anna.mean_vp == (50 + 45 + 30) / 3 and bruno.mean_vp == (40 + 45 + 20) / 3
    assert anna.mean_margin == (10 + 0 + 10) / 3
    assert anna.best_ranking is None
    assert (anna.current_streak, anna.longest_streak) == (0, 1)
    assert (bruno.current_streak, bruno.longest_streak) == (1, 1)


def test_computer_rows_take_the_persons_seat(rows: dict[Any, Any]) -> None:
    hard = rows[HARD, None]
    easy = rows[EASY, None]
    assert (hard.games, hard.wins, hard.mean_vp, hard.mean_margin) == (1, 0, 50, -10)
    assert (easy.games, easy.wins, easy.mean_vp, easy.current_streak) == (1, 1, 61, 1)


def test_no_records_no_rows() -> None:
    assert compute([]) == []


def _solo_record(seed: int) -> dict[str, Any]:
    """A solo game against the Gangster (S1) played to its end, as its record file holds it."""
    player = make_player("greedy", seed=seed)
    game = play_game(Game.new(seed, opponent="gangster", gangster_level=1), (player, None))
    return json.loads(json.dumps(write_record(game, names=("Anna", "The Gangster"),
                                                 seats=(Seat.human(), Seat.gangster()))))


def test_the_statistics_count_what_the_replay_gives_never_an_edited_result(
        tmp_path: Path) -> None:
    """S5: a record whose winner or ranking value was edited does not replay to the result
    it claims: it is set aside and reported, and only the true games are counted."""
    store = RecordStore(tmp_path)
    true = _solo_record(5)
    assert true["result"]["winner"] == 0, "greedy beats level 1 on this deal"
    raised = json.loads(json.dumps(true))
    raised["result"]["ranking_value"] += 50
    raised["date"] = "2026-11-02T21:00:00+02:00"
    lost = _solo_record(3)
    assert lost["result"]["winner"] == 1
    flipped = json.loads(json.dumps(lost))
    flipped["result"]["winner"] = 1 - flipped["result"]["winner"]
    flipped["date"] = "2026-11-03T21:00:00+02:00"
    for record in (true, raised, flipped):
        assert store.add(record) is not None
    (row,) = compute(store.games())
    assert row.games == 1 and row.best_ranking == true["result"]["ranking_value"]
    notice = str(store.take_notice())
    assert "2 past games' records could not be read" in notice and "set aside" in notice
    assert len(list(tmp_path.glob("*.corrupt-*"))) == 2


def test_the_replays_are_remembered_until_a_file_changes(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """Hundreds of past games are replayed once per run; a file changed since is replayed
    again (and a changed result refused)."""
    store = RecordStore(tmp_path)
    path = store.add(_solo_record(5))
    assert path is not None
    store.games()
    replays: list[object] = []
    real = rules.read_record

    def counted(record: Any) -> Game:
        replays.append(record)
        return real(record)

    monkeypatch.setattr(rules, "read_record", counted)
    store.games()
    assert replays == []
    edited = json.loads(path.read_text(encoding="utf-8"))
    edited["result"]["ranking_value"] += 1
    path.write_text(json.dumps(edited), encoding="utf-8")
    assert store.games() == [] and len(replays) == 1
