"""The core's answers that the table and the players ask instead of working a rule out
themselves: where a refresh puts its card (R3.1a), which card pays for a Street card (R3.4b),
when a choice of backs arises (R1.5), what both seats know (R5.4) and the outcome (R5.3, as
OpenSpiel's ``returns``)."""

from __future__ import annotations

import pytest
from positions import game_at

from famiglia.rules import CardMoved, Game, Zone
from famiglia.rules.cards import choice_of_backs


@pytest.mark.parametrize("reshuffled", [False, True])
def test_refresh_zone_is_where_a_refresh_puts_its_card(reshuffled: bool) -> None:
    """R3.1: the discard pile; R3.1a: after the reshuffle, under the draw pile."""
    game = game_at(hands=("F0", ""), street="F2 A1 M3", draw_pile="B1 A3 M2 F1",
                   reshuffled=reshuffled, rest="play_areas")
    zone = game.refresh_zone
    assert zone is (Zone.DRAW_PILE if reshuffled else Zone.DISCARD)
    moved = [event for event in game.apply("refresh 0") if isinstance(event, CardMoved)]
    assert moved[0].source is Zone.STREET and moved[0].target is zone


def test_pays_with_is_one_rank_lower_after_the_brute() -> None:
    """R3.4b: a card of rank k is paid for with its family's rank k-1; R3.3: after a Brute,
    from its lowered rank; R3.4a: a card of rank 0 needs nothing."""
    game = game_at(hands=("B2 F0", ""), street="F3 A0 M1", draw_pile="B1 A3")
    assert [game.pays_with(position) for position in range(3)] == ["F2", None, "M0"]
    game.apply("brute B2 0 -2")
    assert game.pays_with(0) == "F0"


@pytest.mark.parametrize(("copies", "starts", "choice"), [
    (1, 1, False), (1, 0, False), (2, 0, False), (2, 1, True), (3, 1, True)])
def test_a_choice_of_backs_needs_both_backs(copies: int, starts: int, choice: bool) -> None:
    """R1.5: the player chooses which copy moves only where a start-set copy and a neutral one
    are both there."""
    assert choice_of_backs(copies, starts) is choice


def test_the_public_fingerprint_is_what_both_seats_know() -> None:
    """R5.4: a re-deal of the draw pile leaves it as it is; a move in the open changes it."""
    game = Game.new(12)
    fingerprint = game.public_fingerprint()
    assert game.resample(99).public_fingerprint() == fingerprint
    assert game.copy().public_fingerprint() == fingerprint
    game.apply(game.legal_actions()[0])
    assert game.public_fingerprint() != fingerprint


def test_returns_are_the_outcome_for_each_seat() -> None:
    """R5.3 as OpenSpiel's ``returns``: 0 each while the game runs or on a draw, +1 for the
    winner and -1 for the loser, a resignation included."""
    game = Game.new(13)
    assert game.returns() == (0.0, 0.0)
    game.apply("pass")
    game.apply("pass")
    assert game.result is not None and game.result.winner is None
    assert game.returns() == (0.0, 0.0)
    for seat in (0, 1):
        resigned = Game.new(14)
        resigned.resign(seat)
        assert resigned.returns() == ((-1.0, 1.0) if seat == 0 else (1.0, -1.0))
    won = game_at(hands=("F4", ""), street="F0 A0", draw_pile="B1 A3")
    won.apply("pass")
    won.apply("pass")
    assert won.result is not None and won.result.winner == 0
    assert won.returns() == (1.0, -1.0)
