"""The Easy level plays like a beginner, never like a fool: it takes a card it can take,
free or paid for, rather than pass (R3.4, R3.4d), never refreshes the Street away with a
rank-4 card (R3.1) and never plays a Brute whose lowered card it cannot then take (R3.3)."""

from __future__ import annotations

import random

import pytest
from positions import game_at

from famiglia.players import make_player
from famiglia.players.beginner import KEPT_RANK, brute_enables_take, sensible_actions
from famiglia.players.random_players import no_pass_random
from famiglia.rules import Action, Brute, Game, Pass, Refresh, Take


def pass_legal(actions: list[Action]) -> bool:
    return any(isinstance(action, Pass) for action in actions)


def free_take_legal(actions: list[Action]) -> bool:
    return any(isinstance(action, Take) and not action.pay for action in actions)


def take_legal(actions: list[Action]) -> bool:
    return any(isinstance(action, Take) for action in actions)


def check_habits(game: Game, action: Action) -> None:
    """The three habits, for one decision of the beginner in ``game``."""
    if take_legal(game.legal_actions()):
        assert not isinstance(action, Pass), "R3.4: a card is there to take"
    if isinstance(action, Refresh):
        assert game.street[action.street].rank < KEPT_RANK, "R3.1: a rank-4 card refreshed away"
    if isinstance(action, Brute):
        after = game.copy()
        after.push(action)
        assert any(isinstance(option, Take) and option.street == action.street
                   for option in after.legal_actions()), "R3.3: a Brute that enables no take"


def easy_decisions(seeds: range) -> list[tuple[Game, Action]]:
    """Every decision the Easy level made in whole games against no-pass random."""
    decisions = []
    for seed in seeds:
        game = Game.new(seed, first_player=seed % 2)
        easy = make_player("mcts", seed=seed, level="easy")
        rng = random.Random(seed)
        while not game.is_terminal():
            if game.current == 0:
                action = easy.choose(game)
                decisions.append((game.copy(), action))
            else:
                action = no_pass_random(game.legal_actions(), rng)
            game.push(action)
    return decisions


def test_easy_keeps_its_habits_through_whole_games() -> None:
    """R3.1, R3.3, R3.4: over whole games every decision of the Easy level keeps the three
    habits, and the games offered each of them a chance to break one (a free card and a paid
    one to take instead of passing)."""
    decisions = easy_decisions(range(1, 7))
    for game, action in decisions:
        check_habits(game, action)
    tempted = {"pass, a free card": 0, "pass, a paid card": 0, "refresh": 0, "brute": 0}
    for game, _action in decisions:
        actions = game.legal_actions()
        if pass_legal(actions) and take_legal(actions):
            tempted["pass, a free card" if free_take_legal(actions) else "pass, a paid card"] += 1
        tempted["refresh"] += any(isinstance(option, Refresh)
                                  and game.street[option.street].rank >= KEPT_RANK
                                  for option in actions)
        tempted["brute"] += any(isinstance(option, Brute)
                                and not brute_enables_take(game, option) for option in actions)
    assert all(tempted.values()), tempted


def test_a_card_it_can_pay_for_is_taken_rather_than_passed() -> None:
    """R3.4b: two Famiglia 0 pay for Famiglia 1; passing is never considered."""
    game = game_at(hands=("F0 F0 A1", ""), street="F1 M4 A3 B2 F3 A2")
    actions = game.legal_actions()
    assert pass_legal(actions) and not free_take_legal(actions) and take_legal(actions)
    assert not pass_legal(sensible_actions(game, actions))
    for seed in range(20):
        assert not isinstance(make_player("mcts", seed=seed, level="easy").choose(game), Pass)


def test_a_free_card_is_taken_rather_than_passed() -> None:
    """R3.4a: Famiglia 0 lies free in the Street; passing is never considered."""
    game = game_at(hands=("A1 B3 M0", ""), street="F0 M4 A3 B2 F3 A2")
    assert pass_legal(game.legal_actions())
    assert not pass_legal(sensible_actions(game, game.legal_actions()))
    for seed in range(20):
        assert not isinstance(make_player("mcts", seed=seed, level="easy").choose(game), Pass)


def test_a_rank_4_card_is_never_refreshed_away() -> None:
    """R3.1: no rank-0 card in the Street, so any card may go; Famiglia 4 and Brute 4 never."""
    game = game_at(hands=("A0 M0", ""), street="F4 B4 M2 A3 F1 B2")
    refreshes = [action for action in game.legal_actions() if isinstance(action, Refresh)]
    assert {game.street[refresh.street].code for refresh in refreshes} >= {"F4", "B4"}
    kept = sensible_actions(game, game.legal_actions())
    assert all(game.street[action.street].rank < KEPT_RANK
               for action in kept if isinstance(action, Refresh))
    for seed in range(20):
        check_habits(game, make_player("mcts", seed=seed, level="easy").choose(game))


def test_a_brute_is_played_only_for_a_card_it_then_takes() -> None:
    """R3.3: Brute 2 can lower any of these cards; with Accountant 0 left in the hand only
    Mercenary 1 lowered to 0 can then be taken (for free, R3.4a)."""
    game = game_at(hands=("B2 A0", ""), street="F3 M1 A3 B3 F4 A4")
    brutes = [action for action in game.legal_actions() if isinstance(action, Brute)]
    assert len(brutes) > 1
    enabling = [brute for brute in brutes if brute_enables_take(game, brute)]
    assert [game.street[brute.street].code for brute in enabling] == ["M1"]
    kept = [action for action in sensible_actions(game, game.legal_actions())
            if isinstance(action, Brute)]
    assert kept == enabling
    for seed in range(20):
        check_habits(game, make_player("mcts", seed=seed, level="easy").choose(game))


@pytest.mark.parametrize("seed", range(3))
def test_the_habits_never_leave_nothing_to_do(seed: int) -> None:
    """Whatever the position, the beginner keeps at least one legal action."""
    for game, _action in easy_decisions(range(seed * 10, seed * 10 + 1)):
        actions = game.legal_actions()
        kept = sensible_actions(game, actions)
        assert kept and all(action in actions for action in kept)
