"""``Game.replay_moves``, the one loop that plays a list of moves on a game: a step per seat's
action and per Gangster turn (S4, played by its program), with events when asked; a history's
moves are checked where they stand; moves chosen as the game goes let the Gangster play its
turns unasked.  And the history it reads: the move stack, kept as it grows."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from famiglia.players import make_player, play_game
from famiglia.players.random_players import no_pass_random
from famiglia.rules import (
    PASS,
    Action,
    ActionPlayed,
    DamagedRecord,
    ForbiddenAction,
    Game,
    GangsterStep,
    Opponent,
    Refresh,
    Step,
    TurnStarted,
)


def finished(seed: int, *, solo: bool = False) -> Game:
    player = make_player("no_pass_random", seed=seed)
    game = Game.new(seed, first_player=seed % 2,
                    opponent=Opponent.GANGSTER if solo else None)
    return play_game(game, (player, None if solo else player))


@pytest.mark.parametrize("solo", [False, True])
def test_a_history_replays_step_by_step_to_the_same_game(solo: bool) -> None:
    """R2–R5, S4: replaying a finished game's move stack from its setup reaches the same state;
    each Gangster turn is one step holding all its actions, every other step one action."""
    game = finished(40, solo=solo)
    again = Game.from_setup(game.setup)
    steps = list(again.replay_moves(game.move_stack))
    assert again.to_dict() == game.to_dict()
    assert [action for step in steps for action in step.actions] == [
        move.action for move in game.move_stack]
    assert all(len(step.actions) == 1 for step in steps if not step.gangster)
    assert any(step.gangster for step in steps) == solo
    assert all(step.seat == 1 for step in steps if step.gangster)
    assert all(step.events is None for step in steps)


def test_with_events_each_step_brings_what_apply_and_the_gangster_bring() -> None:
    """S4: with events, a Gangster step has its captions and every action its events, the
    same as ``apply`` and ``play_gangster_turn`` give."""
    game = finished(41, solo=True)
    replayed, applied = Game.from_setup(game.setup), Game.from_setup(game.setup)
    for step in replayed.replay_moves(game.move_stack, events=True):
        if step.gangster:
            expected = applied.play_gangster_turn()
            assert any(isinstance(event, GangsterStep) for event in expected)
        else:
            expected = applied.apply(step.actions[0])
        assert step.events == expected
    assert replayed.to_dict() == applied.to_dict() == game.to_dict()


def test_a_history_ends_before_a_gangster_turn_it_does_not_hold() -> None:
    """A save made while the Gangster is to move holds none of its moves: the replay stops
    there and does not play its turn."""
    game = Game.new(42, opponent=Opponent.GANGSTER)
    game.apply("pass")
    assert game.is_gangster_turn()
    again = Game.from_setup(game.setup)
    steps = list(again.replay_moves(game.move_stack))
    assert len(steps) == 1 and again.is_gangster_turn()
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()


def test_a_history_cut_inside_a_gangster_turn_names_the_missing_move() -> None:
    """S4: a history that stops in the middle of a Gangster turn lacks the move its program
    plays next."""
    game = finished(43, solo=True)
    moves = game.move_stack
    runs = [index for index in range(1, len(moves) - 1)
            if moves[index].seat == 1 and moves[index + 1].seat == 1
            and moves[index - 1].seat == 0]
    assert runs, "this deal has a Gangster turn of several actions"
    start = runs[0]
    with pytest.raises(DamagedRecord, match=f"^move {start + 2} is missing") as caught:
        list(Game.from_setup(game.setup).replay_moves(moves[:start + 1]))
    assert caught.value.move == start + 2


def test_a_history_move_by_the_seat_not_to_move_is_damaged() -> None:
    game = finished(44)
    moves = list(game.move_stack)
    moves[3] = ActionPlayed(1 - moves[3].seat, moves[3].action)
    with pytest.raises(DamagedRecord, match=r"^move 4 .* is not seat") as caught:
        list(Game.from_setup(game.setup).replay_moves(moves))
    assert caught.value.move == 4


def test_a_history_move_after_the_end_is_damaged() -> None:
    game = finished(45)
    moves = [*game.move_stack, ActionPlayed(game.current, PASS)]
    with pytest.raises(DamagedRecord, match="comes after the end of the game"):
        list(Game.from_setup(game.setup).replay_moves(moves))


def test_chosen_moves_let_the_gangster_play_its_turns_as_they_come() -> None:
    """S4: moves chosen as the game goes hold none of the Gangster's; its turns are steps of
    their own, played as they come, and the replay ends with the game."""
    game = Game.new(46, opponent=Opponent.GANGSTER, first_player=1)
    rng = random.Random(46)
    asked: list[int] = []

    def choices() -> Iterator[tuple[int, Action]]:
        while not game.is_terminal():
            asked.append(game.current)
            yield game.current, no_pass_random(game.legal_actions(), rng)

    steps = list(game.replay_moves(choices(), chosen=True))
    assert game.is_terminal() and set(asked) == {0}
    assert steps[0].gangster and any(not step.gangster for step in steps)


def test_a_chosen_move_the_rules_forbid_raises_its_own_error() -> None:
    """R3.1: a player's refresh of a Street card that is not there is the rule's refusal, not a
    damaged history."""
    game = Game.new(47)
    with pytest.raises(ForbiddenAction, match="no Street card at position 40"):
        list(game.replay_moves([(0, PASS), (1, Refresh(40))], chosen=True))
    assert game.ply() == 1


def test_push_gangster_turn_plays_the_same_turn_without_words() -> None:
    """S4: without events the Gangster's turn changes the game exactly as with them."""
    game = Game.new(48, first_player=1, opponent=Opponent.GANGSTER)
    twin = game.copy()
    events = game.play_gangster_turn()
    assert twin.push_gangster_turn() is None
    assert twin.to_dict() == game.to_dict()
    assert any(isinstance(event, TurnStarted) for event in events)


def test_the_move_stack_is_kept_as_it_grows() -> None:
    """The move stack is built once and grows by the new moves: the same tuple while nothing
    happens, its old entries kept after more moves, built anew after an undo."""
    game = Game.new(49)
    rng = random.Random(49)
    stack = game.move_stack
    for _ in range(12):
        game.push(no_pass_random(game.legal_actions(), rng))
        grown = game.move_stack
        assert grown is game.move_stack and len(grown) == len(stack) + 1
        assert all(old is new for old, new in zip(stack, grown, strict=False))
        stack = grown
    assert len(stack) == game.ply()
    while not game.can_undo:
        game.push(no_pass_random(game.legal_actions(), rng))
    before = game.move_stack
    game.undo()
    assert game.move_stack == before[:-1]


def test_steps_are_values() -> None:
    step = Step(0, (PASS,))
    assert step == Step(0, (PASS,), None, False) and not step.gangster
