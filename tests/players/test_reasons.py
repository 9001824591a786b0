"""Why one turn is better than another, in the game's terms (famiglia.players.reasons): the
VP it takes now (R1.4), the card it leaves the opponent (R3.4), the payment it keeps
(R3.4b), the card a refresh puts out of reach (R3.1, R4.2), the end of the game by a double
pass (R5.2); the reasons keep their JSON form and speak English, German and Dutch."""

from __future__ import annotations

from typing import Any

import pytest
from positions import game_at

from famiglia import i18n
from famiglia.players.reasons import Reason, ReasonKind, payment_for, playout_reason, reason_for
from famiglia.rules import Game

STREET = "F2 A3 B2 M3 B1 A2"


def after_their_pass(**layout: Any) -> Game:
    """Seat 0 to move in turn 3, the opponent having taken a card and then passed."""
    return game_at(current=0, first_player=1, turn=3, passed_last_turn=True, **layout)


def _street(game: Game, code: str) -> int:
    return next(i for i, card in enumerate(game.street) if card.code == code)


def test_a_pass_that_wins_and_a_pass_that_loses() -> None:
    """R5.2: ahead after the opponent's pass, passing wins at once; behind, a pass loses at
    once while a refresh plays on."""
    ahead = after_their_pass(hands=("F0 A0 B0 M0", "F0 F0 A0 B0 M0"), play_areas=("F3", ""),
                             street=STREET)
    assert reason_for(ahead, ["pass"], ["refresh 0"], 1) == Reason(ReasonKind.WINS_BY_PASSING)
    behind = after_their_pass(hands=("F0 F0 A0 B0 M0", "F0 A0 B0 M0"), play_areas=("", "F3"),
                              street=STREET)
    assert reason_for(behind, ["refresh 0"], ["pass"], 1) == Reason(
        ReasonKind.PASSES_INTO_LOSS)


def test_a_pass_while_behind_lets_the_opponent_end_the_game() -> None:
    """R5.2: the opponent has not passed; a pass while behind lets it end the game with its
    own pass, ahead."""
    game = game_at(current=0, first_player=1, turn=3, hands=("F0 F0 A0 B0 M0", "F0 A0 B0 M0"),
                   play_areas=("", "F3"), street=STREET)
    assert reason_for(game, ["refresh 0"], ["pass"], 1) == Reason(ReasonKind.LETS_THEM_END)


def test_a_more_valuable_card_now() -> None:
    """R1.4, R3.4b: Famiglia 3 (10 VP) instead of Accountant 1 (1 VP): 9 VP more now."""
    game = game_at(current=0, first_player=0, hands=("F0 A0 B0 M0 F2 F2 A0", "F0 A0 B0 M0"),
                   street="F3 A1 B3 M3 B2 A2")
    better = [f"take {_street(game, 'F3')} F2+F2 keep F2"]
    worse = [f"take {_street(game, 'A1')} A0+A0 keep A0"]
    assert reason_for(game, better, worse, 1) == Reason(ReasonKind.MORE_VP_NOW, "F3", vp=9)


def test_the_card_left_to_the_opponent() -> None:
    """R3.4b: Accountant 2 and Brute 2 are worth 3 VP each and seat 0 can pay for either, but
    only Accountant 2 can be paid for by the opponent (two Accountant 1): taking it leaves
    the opponent nothing."""
    game = game_at(current=0, first_player=0, hands=("F0 A0 B0 M0 A1 A1 B1 B1",
                                                     "F0 A0 B0 M0 A1 A1"),
                   street="A2 B2 F3 M3 A3 B3")
    reason = reason_for(game, ["take 0 A1+A1 keep A1"], ["take 1 B1+B1 keep B1"], 1)
    assert reason == Reason(ReasonKind.LEAVES_LESS, "A2", vp=3)


def test_a_refresh_that_puts_a_card_out_of_reach() -> None:
    """R3.1, R4.2: the opponent could take Famiglia 3 with its two Famiglia 2; refreshing it
    away puts it on the discard pile until the reshuffle, refreshing another card does not."""
    game = game_at(current=0, first_player=0, hands=("F0 A0 B0 M0", "F0 A0 B0 M0 F2 F2"),
                   street="F3 B1 A3 M3 B3 A2")
    reason = reason_for(game, ["refresh 0"], ["refresh 1"], 1)
    assert reason is not None and reason.kind is ReasonKind.DENIES_CARD
    assert reason.card == "F3" and not reason.after_reshuffle
    assert "until the reshuffle" in str(reason.message())


def test_the_payment_kept_for_next_turn() -> None:
    """R3.4b: who pays for what (a pair of the family one rank below, or one of them and a
    Mercenary of at least the rank as the joker; never two jokers), and rank 0 is free."""
    assert payment_for(["F1", "F1", "A0"], "F2") == ("F1", "F1")
    assert payment_for(["F1", "M2", "A0"], "F2") == ("F1", "M2")
    assert payment_for(["F1", "M1"], "F2") is None
    assert payment_for(["M2", "M3"], "F2") is None
    assert payment_for(["M0", "M2"], "M1") == ("M0", "M2")
    assert payment_for(["F0", "F0"], "F0") is None


def test_the_play_outs_speak_when_nothing_else_does() -> None:
    assert playout_reason(["take 3"], 4.4) == Reason(ReasonKind.FURTHER_AHEAD, vp=4)
    assert playout_reason(["refresh 3"], 2.0) == Reason(ReasonKind.REFRESH_MAY_BRING, vp=2)
    assert playout_reason(["take 3"], 0.2) == Reason(ReasonKind.WINS_MORE_OFTEN)


@pytest.mark.parametrize("kind", list(ReasonKind))
def test_every_reason_round_trips_and_is_said_in_each_language(kind: ReasonKind) -> None:
    reason = Reason(kind, "F3", ("F2", "M3"), 6)
    assert Reason.from_dict(reason.to_dict()) == reason
    english = str(reason.message())
    assert english and "{" not in english
    for language in ("de", "nl"):
        i18n.set_language(language)
        try:
            assert i18n.translate_message(reason.message()) != english
        finally:
            i18n.set_language("en")
    with pytest.raises(ValueError):
        Reason.from_dict({"kind": kind.value, "card": "X9"})
