"""Every level knows how a game ends by a double pass (docs/rules.md R5.2): after the
opponent's pass, a pass ends the game at once, so a seat that is behind never passes while it
could still play on (a refresh might bring a card to take), and the search's play-outs let a
seat that is ahead pass and win.  No test asserts a timing."""

from __future__ import annotations

import random
from typing import Any

import pytest
from positions import game_at

from famiglia.players import ComputerLevel, MctsPlayer
from famiglia.players.ending import passing_ends_the_game, passing_wins, playing_on
from famiglia.players.greedy import rollout_action
from famiglia.rules import PASS, Brute, Game, Pass, Refresh, Take

#: Seat 0 is behind (it took a Famiglia 0, 1 VP; seat 1 a Famiglia 3, 10 VP, R1.4); the
#: Street holds no rank-0 card, so a refresh is allowed (R3.1), and nothing can be taken with
#: a hand of zeros (R3.4b).
BEHIND = {"hands": ("F0 F0 A0 B0 M0", "F0 A0 B0 M0"), "play_areas": ("", "F3"),
          "street": "F2 A3 B2 M3 B1 A2"}
#: The same with the cards taken the other way round: seat 0 is ahead.
AHEAD = {"hands": ("F0 A0 B0 M0", "F0 F0 A0 B0 M0"), "play_areas": ("F3", ""),
         "street": BEHIND["street"]}
#: Seat 0 is behind with nothing to take, but its Brute 1 can lower the Famiglia 2 to a
#: Famiglia 1 (R3.3), which its two Famiglia 0 pay for (R3.4b).
BRUTE_TAKES = {"hands": ("F0 F0 B1 A0 M0", "F0 A0 B0 M0"), "play_areas": ("", "F3"),
               "street": "F2 A3 B2 M3 A2 M2"}


def after_their_pass(**layout: Any) -> Game:
    """Seat 0 to move in turn 3, the opponent (the start player) having taken a card in turn
    0 and passed in turn 2."""
    return game_at(current=0, first_player=1, turn=3, passed_last_turn=True, **layout)


def test_a_pass_after_the_opponents_pass_ends_the_game() -> None:
    """R5.2: the rule the players lean on, as the core has it."""
    game = after_their_pass(**BEHIND)
    assert passing_ends_the_game(game) and not passing_wins(game)
    ended = game.copy()
    ended.push(PASS)
    assert ended.is_terminal() and ended.result is not None and ended.result.winner == 1


@pytest.mark.parametrize("level", list(ComputerLevel))
def test_no_level_passes_into_a_loss_while_it_can_refresh(level: str) -> None:
    """R5.2, R3.1: behind after the opponent's pass, with only refreshes and the pass legal,
    every level refreshes (the Easy level too, whatever its slips) on every seed."""
    game = after_their_pass(**BEHIND)
    actions = game.legal_actions()
    assert any(isinstance(action, Refresh) for action in actions) and PASS in actions
    assert not any(action for action in actions if not isinstance(action, Refresh | Pass))
    for seed in range(1, 6):
        chosen = MctsPlayer(level=level, seed=seed).choose(game)
        assert isinstance(chosen, Refresh), (level, seed)


def test_playing_on_drops_only_a_pass_that_loses() -> None:
    """R5.2: the pass is dropped when it would end the game in a loss and something else is
    legal; it stays when it wins, when the opponent has not passed, or when it is alone."""
    behind = after_their_pass(**BEHIND)
    actions = behind.legal_actions()
    assert PASS not in playing_on(behind, actions)
    assert playing_on(behind, [PASS]) == [PASS]
    ahead = after_their_pass(**AHEAD)
    assert passing_wins(ahead)
    assert PASS in playing_on(ahead, ahead.legal_actions())
    fresh = game_at(current=0, first_player=1, turn=3, **BEHIND)
    assert not passing_ends_the_game(fresh)
    assert PASS in playing_on(fresh, fresh.legal_actions())


def test_the_play_outs_pass_and_win_when_ahead_after_the_opponents_pass() -> None:
    """R5.2: the rollout policy ends the game with a pass when that wins, although it could
    refresh; when behind it refreshes instead."""
    ahead = after_their_pass(**AHEAD)
    rng = random.Random(1)
    assert rollout_action(ahead, ahead.legal_actions(), rng, 0.15) is PASS
    behind = after_their_pass(**BEHIND)
    assert isinstance(rollout_action(behind, behind.legal_actions(), rng, 0.15), Refresh)


def test_the_play_outs_play_on_where_a_brute_makes_a_take_possible() -> None:
    """R5.2, R3.3: behind after the opponent's pass with nothing to take, the play-outs (the
    search's rollouts and the analysis's) play the Brute that makes a take possible and take,
    rather than refresh or pass into the loss."""
    game = game_at(current=0, first_player=1, turn=5, passed_last_turn=True, **BRUTE_TAKES)
    actions = game.legal_actions()
    assert not any(isinstance(action, Take) for action in actions)
    rng = random.Random(1)
    step = rollout_action(game, actions, rng, 0.15)
    assert isinstance(step, Brute) and game.street[step.street].code == "F2"
    game.push(step)
    taken = rollout_action(game, game.legal_actions(), rng, 0.15)
    assert isinstance(taken, Take) and taken.street == step.street


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_search_does_not_hand_the_opponent_a_win_by_passing(level: str) -> None:
    """R5.2: behind, with the draw pile still full, a pass would let the opponent end the game
    at once with its own pass and win; the search sees that in its play-outs and refreshes."""
    game = game_at(current=0, first_player=1, turn=3, **BEHIND)
    for seed in range(1, 6):
        result = MctsPlayer(level=level, seed=seed).search(game)
        assert not isinstance(result.action, Pass), (level, seed)
        assert result.stats.get(PASS, (0, -1.0))[1] < 0
