"""``famiglia bench`` and ``famiglia simulate`` are thin wrappers over the players (issue 9):
their figures come from the same policies and the same game loop."""

from __future__ import annotations

import pytest

from famiglia.__main__ import main
from famiglia.bench import POLICIES as BENCH_POLICIES
from famiglia.bench import mid_game, play_game
from famiglia.players import LEVELS
from famiglia.players.difficulty import EXPERT_GAMES, EXPERT_WIN_RATES, MEASURED_WIN_RATES
from famiglia.rules.gangster import CHALLENGES
from famiglia.simulate import MEASURED_WIN_RATES as SIMULATE_RATES
from famiglia.simulate import greedy_human, play_solo


def test_bench_prints_the_core_and_the_search_figures(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """One line per random policy, the search player's iterations per second, and each
    level's time per decision."""
    assert main(["bench", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    for name in BENCH_POLICIES:
        assert f"{name}:" in out
    assert "iterations/s from mid-game positions" in out
    for level in LEVELS:
        assert f"mcts:{level}:" in out


def test_benchmark_games_count_every_action() -> None:
    """R5: a benchmark game runs to its end; its count is the moves played."""
    for name, policy in BENCH_POLICIES.items():
        game, actions = play_game(7, policy)
        assert game.over, name
        assert actions == len(game.move_stack)


def test_the_search_positions_are_mid_game_choices() -> None:
    game = mid_game(11)
    assert not game.over and game.turn >= 16 and len(game.legal_actions()) >= 3


def test_simulate_plays_solo_games_through_the_players() -> None:
    """S1–S5: the greedy human against the Gangster, to the end; the solo screen's measured
    rates live in players.difficulty, and simulate still offers them."""
    game = play_solo(3, greedy_human, 2, "b")
    assert game.over and game.result is not None and game.result.solo
    assert SIMULATE_RATES is MEASURED_WIN_RATES
    assert set(MEASURED_WIN_RATES) == set(CHALLENGES)


def test_the_expert_rates_cover_every_challenge_and_fall_with_the_level() -> None:
    """S3: one measured rate per challenge for the strongest computer level, a whole number of
    wins out of the games played, and beating level 1 more often than level 4 (each variant)."""
    assert set(EXPERT_WIN_RATES) == set(CHALLENGES)
    for rate in EXPERT_WIN_RATES.values():
        assert 0.0 <= rate <= 1.0
        assert abs(rate * EXPERT_GAMES - round(rate * EXPERT_GAMES)) < 1e-9
    for variant in "ab":
        assert EXPERT_WIN_RATES[f"1{variant}"] > EXPERT_WIN_RATES[f"4{variant}"]
