"""The other copy's moves are checked by our own core before they count (R3, R5.4): a move the
rules refuse, out of turn or out of sequence, or followed by another position than ours is
refused with its cause and leaves our game untouched; two honest copies agree move by move."""

from __future__ import annotations

import random

import pytest

from famiglia.net.moves import (
    ResumePlan,
    check_position,
    checked_move,
    move_message,
    position_digest,
    receive_move,
    resume_plan,
)
from famiglia.net.moves import refusal as refusal_of
from famiglia.net.problems import Cause, ProtocolError
from famiglia.net.protocol import Move, Position, Resume
from famiglia.rules import PASS, ForbiddenAction, Game, OutOfTurn, UnreadableAction
from famiglia.rules.messages import msg


def refusal(game: Game, seat: int, move: Move) -> Cause:
    before = game.to_dict()
    with pytest.raises(ProtocolError) as caught:
        receive_move(game, seat, move)
    assert game.to_dict() == before
    return caught.value.problem.cause


def test_two_honest_copies_play_a_whole_game_in_step() -> None:
    rng = random.Random(5)
    mine, theirs = Game.new(77), Game.new(77)
    while not mine.is_terminal():
        action = rng.choice(mine.legal_actions())
        seat = mine.current
        mine.apply(action)
        events = receive_move(theirs, seat, move_message(mine, str(action), draws=False))
        assert events[0].to_dict()["notation"] == str(action)
        assert position_digest(theirs) == position_digest(mine)
    assert theirs.is_terminal() and theirs.to_dict() == mine.to_dict()


def test_the_digest_ignores_each_copys_own_generator_and_sees_every_card() -> None:
    one, two = Game.new(5), Game.new(5)
    two.seed = 6
    assert position_digest(one) == position_digest(two)
    assert position_digest(one) != position_digest(Game.new(6))


def test_a_move_the_rules_refuse_is_refused_r3() -> None:
    game = Game.new(1)
    assert refusal(game, 0, Move(1, "take 9", None)) is Cause.ILLEGAL_MOVE
    assert refusal(game, 0, Move(1, "accountant A4", None)) is Cause.ILLEGAL_MOVE


def test_a_move_in_no_notation_the_core_reads_is_malformed() -> None:
    game = Game.new(1)
    assert refusal(game, 0, Move(1, "peek draw_pile", None)) is Cause.MALFORMED
    assert refusal(game, 0, Move(1, "", None)) is Cause.MALFORMED
    assert checked_move_cause(game, "take") is Cause.MALFORMED


def checked_move_cause(game: Game, notation: str) -> Cause:
    before = game.to_dict()
    with pytest.raises(ProtocolError) as caught:
        checked_move(game, notation)
    assert game.to_dict() == before
    return caught.value.problem.cause


def test_each_refusal_of_the_core_has_its_cause() -> None:
    """UnreadableAction: not a move at all; ForbiddenAction: one the rules do not allow (R3);
    OutOfTurn: nobody may move (the game is over, R5)."""
    game = Game.new(1)
    assert checked_move_cause(game, "no such move") is Cause.MALFORMED
    assert checked_move_cause(game, "take 9") is Cause.ILLEGAL_MOVE
    game.resign(1)
    assert checked_move_cause(game, "pass") is Cause.UNEXPECTED
    assert refusal_of("pass", UnreadableAction(msg("x"))).problem.cause is Cause.MALFORMED
    assert refusal_of("pass", ForbiddenAction(msg("x"))).problem.cause is Cause.ILLEGAL_MOVE
    assert refusal_of("pass", OutOfTurn(msg("x"))).problem.cause is Cause.UNEXPECTED


def test_a_move_the_core_reads_comes_with_the_draws_it_needs() -> None:
    assert checked_move(Game.new(1), "pass") == (PASS, 0)


def test_a_move_out_of_turn_or_sequence_is_refused() -> None:
    game = Game.new(1)
    assert refusal(game, 1, Move(1, "pass", None)) is Cause.UNEXPECTED
    assert refusal(game, 0, Move(3, "pass", None)) is Cause.OUT_OF_SEQUENCE


def test_a_position_that_differs_after_the_move_is_caught_at_that_move() -> None:
    game = Game.new(1)
    other = Game.new(2)
    other.apply("pass")
    assert refusal(game, 0, Move(1, "pass", position_digest(other))) is Cause.DIVERGED


def test_the_position_after_a_drawing_move_is_checked_when_it_comes() -> None:
    mine, theirs = Game.new(3), Game.new(3)
    action = "pass"
    mine.apply(action)
    receive_move(theirs, 0, Move(1, action, None))
    check_position(theirs, Position(1, position_digest(mine)))
    with pytest.raises(ProtocolError) as caught:
        check_position(theirs, Position(1, position_digest(Game.new(4))))
    assert caught.value.problem.cause is Cause.DIVERGED
    with pytest.raises(ProtocolError) as caught:
        check_position(theirs, Position(0, position_digest(mine)))
    assert caught.value.problem.cause is Cause.OUT_OF_SEQUENCE


def test_a_hostile_peer_never_gets_an_illegal_move_accepted() -> None:
    """Random notation, legal and not, from the seat to move and the other: every accepted
    move was legal for the seat to move, every refused one left the game as it was."""
    rng = random.Random(11)
    words = ["take", "refresh", "pass", "brute", "accountant", "exchange", "keep", "B2", "F0*",
             "A3", "M4", "+", "-2", "0", "5", "99", "-1", "F2+M3"]
    game = Game.new(8)
    accepted = refused = 0
    for _ in range(3000):
        if game.is_terminal():
            game = Game.new(rng.randrange(1000))
        legal = [str(action) for action in game.legal_actions()]
        text = (rng.choice(legal) if rng.random() < 0.2
                else " ".join(rng.choice(words) for _ in range(rng.randrange(1, 6))))
        seat = game.current if rng.random() < 0.9 else 1 - game.current
        before = game.to_dict()
        try:
            receive_move(game, seat, Move(game.ply() + 1, text, None))
        except ProtocolError as error:
            refused += 1
            assert error.problem.cause in (Cause.ILLEGAL_MOVE, Cause.MALFORMED, Cause.UNEXPECTED)
            assert game.to_dict() == before
        else:
            accepted += 1
            assert seat == before["current"]
            assert game.move_stack[-1].action in Game.from_dict(before).legal_actions()
    assert accepted > 100 and refused > 1000


@pytest.mark.parametrize(("ply", "links", "other", "plan"), [
    (10, 8, Resume(10, 8), ResumePlan(None, None, False)),
    (10, 8, Resume(9, 8), ResumePlan(10, None, False)),
    (10, 8, Resume(7, 5), ResumePlan(8, 6, False)),
    (9, 8, Resume(10, 8), ResumePlan(None, None, True)),
    (9, 6, Resume(10, 4), ResumePlan(None, 5, True)),
])
def test_after_a_reconnection_the_copy_ahead_sends_what_the_other_lacks(
        ply: int, links: int, other: Resume, plan: ResumePlan) -> None:
    assert resume_plan(ply, links, other) == plan


def test_a_resume_that_claims_links_never_revealed_is_refused() -> None:
    with pytest.raises(ProtocolError) as caught:
        resume_plan(10, 8, Resume(10, 9))
    assert caught.value.problem.cause is Cause.UNEXPECTED


def test_a_game_resumes_from_the_last_move_both_have_without_a_move_lost_or_doubled() -> None:
    """One copy saved move 5 and sent it, the other crashed before saving it: after the
    reconnection the first sends move 5 again and both go on in step."""
    rng = random.Random(9)
    ahead = Game.new(31)
    for _ in range(5):
        ahead.apply(rng.choice([action for action in ahead.legal_actions() if action != PASS]))
    behind = Game.new(31)
    for played in ahead.move_stack[:4]:
        behind.apply(played.action)
    plan = resume_plan(ahead.ply(), 0, Resume(behind.ply(), 0))
    assert plan == ResumePlan(5, None, False)
    assert resume_plan(behind.ply(), 0, Resume(ahead.ply(), 0)).behind
    assert plan.moves_from is not None
    for number in range(plan.moves_from, ahead.ply() + 1):
        played = ahead.move_stack[number - 1]
        receive_move(behind, played.seat, Move(number, str(played.action), None))
    check_position(behind, Position(ahead.ply(), position_digest(ahead)))
