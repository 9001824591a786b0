"""``Game.pop``: a take or a pass (R3.4) is taken back like python-chess's ``Board.pop`` while it
showed nothing new: no refill of the Street (R4.1) and no end of the game (R5.1, R5.2), and
nothing after it showed new cards either (a refresh, R3.1; R5.4).  The turn goes back to its
player as it stood, so the steps before the take (R3.2, R3.3) can be taken back after it;
the Gangster's turns are its program's (S4).  ``undo`` keeps to the turn under way."""

from __future__ import annotations

import random

import pytest
from positions import game_at, layout, replay

from famiglia.rules import (
    PASS,
    ActionPlayed,
    ActionUndone,
    CardMoved,
    Game,
    IllegalAction,
    Pass,
    Take,
)


@pytest.mark.parametrize("seed", range(8))
def test_every_take_and_pass_that_showed_nothing_is_popped_exactly(seed: int) -> None:
    """R3.4, R4.1, R5: after each take or pass, ``pop`` is possible exactly when the draw pile
    is as it was (no refill drew cards) and the game goes on; it gives back the very state
    before (``to_dict``, the legal actions) and its events lead the cards home."""
    game = Game.new(seed, first_player=seed % 2, fresh_cards_rule=seed % 3 != 0)
    rng = random.Random(seed)
    popped = 0
    while not game.is_terminal():
        legal = game.legal_actions()
        takes = [action for action in legal if isinstance(action, Take)]
        action = rng.choice(takes) if takes and rng.random() < 0.6 else rng.choice(legal)
        before, actions_before = game.to_dict(), game.legal_actions()
        zones, pile = layout(game), len(game.draw_pile)
        game.apply(action)
        if not isinstance(action, Take | Pass):
            continue
        showed_nothing = len(game.draw_pile) == pile and not game.is_terminal()
        assert (game.pop_blocker is None) == showed_nothing, action
        assert not game.can_undo  # undo keeps to the turn under way
        if not showed_nothing:
            continue
        after = layout(game)
        assert game.peek() == ActionPlayed(before["current"], action)
        events = game.pop()
        assert events[0] == ActionUndone(before["current"], action)
        assert game.to_dict() == before
        assert game.legal_actions() == actions_before
        replay(after, events)
        assert after == zones
        game.apply(action)
        popped += 1
    assert popped > 0


def test_a_take_is_popped_and_then_the_steps_of_its_turn() -> None:
    """R3.2, R3.3, R3.4: Accountant, exchange, Brute and a take; pop takes back the take (the
    turn is the player's again, the Brute's lowering in force), then each step, last first."""
    game = game_at(hands=("A2 B2 F0 F0 F0 M1", "A1"), play_areas=("M2 B3", ""),
                   street="F2 A1 M4 F1", draw_pile="B1 A3 M3 F1")
    start = game.to_dict()
    game.apply("accountant A2")
    game.apply("exchange M2 F0")
    game.apply("brute B2 0 -1")
    before_take = game.to_dict()
    game.apply("take 0 F0+F0 keep F0")
    assert game.current == 1 and game.pop_blocker is None
    game.pop()
    assert game.to_dict() == before_take
    assert game.current == 0 and game.effective_rank(0) == 1
    assert game.can_undo  # the turn's steps again
    for _ in range(3):
        game.pop()
    assert game.to_dict() == start
    assert game.pop_blocker is not None
    with pytest.raises(IllegalAction):
        game.pop()
    assert game.to_dict() == start


def test_a_take_that_empties_the_street_is_not_popped() -> None:
    """R4.1: the Street emptied by a take is refilled at once with six cards nobody had seen:
    the take stays, and so does everything before it."""
    game = game_at(hands=("A2 F0", "A1"), play_areas=("M2", ""), street="F0",
                   draw_pile="B1 A3 M3 F1 B2 M2 A1")
    game.apply("accountant A2")
    game.apply("take 0")
    assert len(game.street) == 6
    assert "new cards" in str(game.pop_blocker)
    before = game.to_dict()
    with pytest.raises(IllegalAction):
        game.pop()
    assert game.to_dict() == before


def test_the_first_pass_is_popped_and_the_game_ending_one_is_not() -> None:
    """R5.2: a pass that answers a pass ends the game and stays; the first pass can be taken
    back, which also takes back that the next pass would end the game."""
    game = game_at(hands=("A1", "B1"), street="F2 A2", draw_pile="B1 A3 M3 F1")
    start = game.to_dict()
    game.apply(PASS)
    assert game.passed_last_turn and game.pop_blocker is None
    game.pop()
    assert game.to_dict() == start and not game.passed_last_turn
    game.apply(PASS)
    game.apply(PASS)
    assert game.is_terminal() and game.pop_blocker is not None
    with pytest.raises(IllegalAction):
        game.pop()


def test_the_turn_that_ends_the_final_round_is_not_popped() -> None:
    """R5.1: in the final round a take that draws nothing can be taken back; the last turn's
    pass ends the game and stays."""
    game = game_at(current=0, first_player=0, reshuffled=True, rest="play_areas",
                   hands=("M0 M0", ""), street="F3 A1", draw_pile="M1")
    game.apply("refresh 0")  # the draw pile runs out: the other seat has the last turn
    after_refresh = game.to_dict()
    game.apply("take 1 M0+M0 keep M0")
    assert game.pop_blocker is None
    game.pop()
    assert game.to_dict() == after_refresh
    game.apply("take 1 M0+M0 keep M0")
    game.apply(PASS)
    assert game.is_terminal() and game.pop_blocker is not None


def test_once_the_other_side_shows_new_cards_the_take_stays() -> None:
    """R3.1, R5.4: the other side's refresh draws unseen cards: the take before it stays; the
    other side's Accountant shows nothing, and pop takes it back first, then the take."""
    game = game_at(hands=("F0 F0", "A1 F0"), play_areas=("", "M1"),
                   street="F1 A2 M3 B2", draw_pile="B1 A3 M3 F1 B3 M2")
    game.apply("take 0 F0+F0 keep F0")
    after_take = game.to_dict()
    game.apply("accountant A1")
    assert game.peek() is not None and game.peek().seat == 1
    game.pop()
    assert game.to_dict() == after_take
    game.pop()
    assert game.current == 0
    game.apply("take 0 F0+F0 keep F0")
    game.apply("refresh 0")
    assert "refreshed" in str(game.pop_blocker)


def test_the_persons_take_is_popped_before_the_gangster_plays_and_never_the_gangsters() -> None:
    """S4: while the Gangster has not played, the person's take can be taken back; once its
    program has played, nothing before it can, and its own take never."""
    game = game_at(opponent="gangster", hands=("F0 F0", ""), street="F1 A2 M3 B2 A1 M1",
                   draw_pile="B1 A3 M3 F1 B3 M2 A3")
    before = game.to_dict()
    game.apply("take 0 F0+F0 keep F0")
    assert game.is_gangster_turn() and game.pop_blocker is None
    assert not game.can_undo
    game.pop()
    assert game.to_dict() == before
    game.apply("take 0 F0+F0 keep F0")
    game.play_gangster_turn()
    assert not game.is_gangster_turn()
    assert "Gangster" in str(game.pop_blocker)


def test_pop_works_after_save_and_continue() -> None:
    """Loading replays the moves: a take that showed nothing can still be taken back."""
    game = game_at(hands=("F0 F0", "A1"), street="F1 A2 M3", draw_pile="B1 A3 M3 F1")
    before = game.to_dict()
    game.apply("take 0 F0+F0 keep F0")
    loaded = Game.from_json(game.to_json())
    events = loaded.pop()
    assert [event for event in events if isinstance(event, CardMoved)]
    assert loaded.to_dict() == before


def test_peek_names_the_last_action_and_its_seat() -> None:
    game = game_at(hands=("F0 F0", "A1"), street="F1 A2 M3", draw_pile="B1 A3 M3 F1")
    assert game.peek() is None and "Nothing has been played" in str(game.pop_blocker)
    game.apply(PASS)
    assert game.peek() == ActionPlayed(0, PASS)
