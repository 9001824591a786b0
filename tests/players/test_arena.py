"""``famiglia arena``'s statistics on known numbers, its entrants, and its command line."""

from __future__ import annotations

import math

import pytest

from famiglia.__main__ import main
from famiglia.arena import (
    MatchStats,
    Outcome,
    describe,
    elo_difference,
    parse_entrant,
    play_one,
    tally,
    tasks,
    wilson_interval,
)


def test_wilson_interval_on_known_numbers() -> None:
    """8 of 10: 49.0% – 94.3% (the textbook Wilson 95% interval); 0 of 10 starts at 0."""
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(340, 400)
    assert low == pytest.approx(0.8117, abs=1e-4) and high == pytest.approx(0.8816, abs=1e-4)
    with pytest.raises(ValueError):
        wilson_interval(0, 0)


def test_elo_difference_on_known_numbers() -> None:
    """Score 0.5 is level; 0.75 is +190.8 (400·log10 3); 0.25 its negative; a perfect score
    is infinite, or half a game short of it when the number of games is given."""
    assert elo_difference(0.5) == 0.0
    assert elo_difference(0.75) == pytest.approx(190.848, abs=1e-3)
    assert elo_difference(0.25) == pytest.approx(-190.848, abs=1e-3)
    assert elo_difference(1.0) == math.inf
    assert elo_difference(0.0) == -math.inf
    assert elo_difference(1.0, games=100) == pytest.approx(400 * math.log10(199), abs=1e-6)


def test_tally_counts_a_draw_as_half_a_win() -> None:
    stats = tally([Outcome(1, 12), Outcome(0, 0), Outcome(-1, -4), Outcome(1, 8)])
    assert stats == MatchStats(wins=2, draws=1, losses=1, margin_total=16)
    assert stats.games == 4 and stats.win_rate == 0.5
    assert stats.score == 0.625 and stats.mean_margin == 4.0


def test_every_deal_is_played_from_both_seats_but_the_gangster_keeps_its_seat() -> None:
    """Seat-swapped matches of exactly the games asked: each seed twice, A in seat 0 and then
    in seat 1, an odd count's last deal once with A in seat 0; S1: against the Gangster A is
    always the human seat, one game per deal."""
    match = tasks("greedy", "random", 6, seed=10)
    assert match == [("greedy", "random", seed, seat) for seed in (10, 11, 12)
                     for seat in (0, 1)]
    assert tasks("greedy", "random", 5, seed=10) == match[:5]
    assert [seat for *_, seat in tasks("greedy", "random", 3, seed=1)] == [0, 1, 0]
    solo = tasks("greedy", "gangster:4b", 3, seed=10)
    assert solo == [("greedy", "gangster:4b", seed, 0) for seed in (10, 11, 12)]


def test_entrants_are_checked_in_plain_words() -> None:
    assert parse_entrant("MCTS") == "mcts:expert"
    assert parse_entrant("mcts:hard") == "mcts:hard"
    assert parse_entrant("mcts:250") == "mcts:250"
    assert parse_entrant("gangster:3a") == "gangster:3a"
    for wrong in ("mcts:godlike", "gangster:5a", "gangster:3c", "oracle", "greedy:2"):
        with pytest.raises(ValueError):
            parse_entrant(wrong)


def test_the_arena_command_prints_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "greedy", "random", "--games", "3", "--jobs", "1", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "greedy against random: 3 games" in out
    assert "win rate" in out and "Elo difference" in out and "mean VP margin" in out
    with pytest.raises(SystemExit):
        main(["arena", "gangster:1a", "greedy"])


def test_a_search_players_decisions_are_counted_with_the_time_cap() -> None:
    """The arena reports A's search times (95th percentile, nearest rank) and how often the
    time cap stopped a search short of its level's iterations; other players have none."""
    outcome = play_one("mcts:10", "random", 3, 0)
    assert outcome.search_seconds and outcome.cut_short == 0
    assert not play_one("greedy", "mcts:10", 3, 0).search_seconds
    stats = tally([Outcome(1, 5, (0.2,) * 18 + (0.6, 0.9), 1), Outcome(-1, -3, (), 0)])
    assert stats.search_seconds == (0.2,) * 18 + (0.6, 0.9) and stats.cut_short == 1
    assert stats.p95_seconds == 0.6
    text = describe("mcts:expert", "greedy", stats)
    assert "searched 20 decisions" in text and "time cap reached in 1 (5.0%)" in text
    assert "searched" not in describe("greedy", "random", tally([Outcome(1, 5)]))
