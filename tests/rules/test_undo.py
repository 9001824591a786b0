"""Undo: the last Accountant, exchanges and Brute of the turn under way can be taken back
(R3.2, R3.3); nothing before a refresh (R3.1, it draws hidden cards, R5.4), nothing of a
finished turn, the opponent's or the Gangster's (S4)."""

from __future__ import annotations

import random

import pytest
from positions import game_at, layout, replay

from famiglia.rules import (
    PASS,
    Accountant,
    ActionUndone,
    Brute,
    Exchange,
    Game,
    IllegalAction,
    RankLowered,
    Refresh,
)

UNDOABLE = (Accountant, Exchange, Brute)


@pytest.mark.parametrize("seed", range(6))
def test_undo_after_every_undoable_action_restores_the_state_exactly(seed: int) -> None:
    """R3.2/R3.3: after an Accountant, an exchange or a Brute, undo gives back the very state
    before it (to_dict, legal actions), and its card events lead the layout home."""
    game = Game.new(seed, first_player=seed % 2, fresh_cards_rule=seed % 3 != 0)
    rng = random.Random(seed)
    undone = 0
    while not game.is_terminal():
        legal = game.legal_actions()
        # prefer the abilities, so that every kind is undone many times
        abilities = [a for a in legal if isinstance(a, UNDOABLE)]
        action = rng.choice(abilities or [a for a in legal if a is not PASS] or legal)
        before, actions_before = game.to_dict(), game.legal_actions()
        zones = layout(game)
        game.apply(action)
        if isinstance(action, UNDOABLE):
            assert game.can_undo and game.undo_blocker is None
            after = layout(game)
            events = game.undo()
            assert isinstance(events[0], ActionUndone) and events[0].action == action
            assert game.to_dict() == before
            assert game.legal_actions() == actions_before
            replay(after, events)
            assert after == zones
            game.apply(action)
            undone += 1
        elif isinstance(action, Refresh) or action is PASS or game.is_terminal():
            assert not game.can_undo
    assert undone > 0


def test_several_steps_are_undone_last_first() -> None:
    """R3.2/R3.3: Accountant, exchange, Brute, then three undos lead back to the turn start."""
    game = game_at(hands=("A2 B2 F0 M1", ""), play_areas=("M2 B3", ""),
                   street="F2 A1 M4", draw_pile="B1 A3 M3 F1")
    start = game.to_dict()
    game.apply("accountant A2")
    after_accountant = game.to_dict()
    game.apply("exchange M2 F0")
    game.apply("brute B2 0 -2")
    lowered = game.undo()
    assert any(isinstance(e, RankLowered) and e.by == 0 and e.rank == 2 for e in lowered)
    assert game.effective_rank(0) == 2
    game.undo()
    assert game.to_dict() == after_accountant
    game.undo()
    assert game.to_dict() == start
    assert game.undo_blocker and not game.can_undo
    with pytest.raises(IllegalAction):
        game.undo()
    assert game.to_dict() == start


def test_nothing_before_or_after_a_refresh_is_undone() -> None:
    """R3.1/R5.4: a refresh draws cards nobody had seen: it cannot be taken back, nor anything
    before it; steps after it can."""
    game = game_at(hands=("A2 B2 F0", ""), play_areas=("M2", ""), street="F2 A1 M4",
                   draw_pile="B1 A3 M3 F1")
    game.apply("refresh 0")
    assert not game.can_undo and "refresh" in str(game.undo_blocker)
    before = game.to_dict()
    with pytest.raises(IllegalAction):
        game.undo()
    assert game.to_dict() == before
    game.apply("accountant A2")
    game.undo()
    assert game.to_dict() == before and not game.can_undo


def test_a_finished_turn_is_not_undone() -> None:
    """R3.4: a take or a pass ends the turn; the opponent's turn begins and nothing of the
    turn before can be taken back."""
    game = game_at(hands=("A2 F0 F0", "A1"), street="F1 A1 M4", draw_pile="B1 A3 M3 F1")
    game.apply("accountant A2")
    game.apply("take 0 F0+F0 keep F0")
    assert not game.can_undo and game.undo_blocker
    game.apply("accountant A1")
    assert game.can_undo


def test_not_in_the_gangsters_turn() -> None:
    """S4: the Gangster's turn is its program's; it cannot be taken back."""
    game = Game.new(3, opponent="gangster", first_player=1)
    assert game.is_gangster_turn() and not game.can_undo
    assert str(game.undo_blocker) == "It is the Gangster's turn."


def test_undo_works_after_save_and_continue_within_the_turn() -> None:
    """The save holds the moves, and loading replays them: the steps of the turn under way
    can still be taken back after Continue."""
    game = game_at(hands=("A2 B2 F0 M1", ""), play_areas=("M2 B3", ""),
                   street="F2 A1 M4", draw_pile="B1 A3 M3 F1")
    start = game.to_dict()
    game.apply("accountant A2")
    game.apply("exchange M2 F0")
    loaded = Game.from_json(game.to_json())
    assert loaded.can_undo
    loaded.undo()
    loaded.undo()
    assert loaded.to_dict() == start
