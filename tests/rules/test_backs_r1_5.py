"""R1.5: where a player holds two cards of the same code with different backs, the player
chooses which of them moves (the opponent sees the backs).  ``B0*`` names the start-set copy,
a plain ``B0`` the neutral copy where the zone holds one."""

from __future__ import annotations

import pytest
from positions import game_at

from famiglia.rules import (
    DECK,
    Back,
    CardMoved,
    Exchange,
    Game,
    IllegalAction,
    Take,
    action_from_dict,
    parse_action,
)


def moved_backs(events: list[object]) -> list[tuple[str, Back]]:
    return [(e.code, DECK[e.card].back) for e in events if isinstance(e, CardMoved)]


def accountant_game() -> Game:
    """Seat 0 holds its start-set B0 (positions give start-set copies first) and a neutral B0,
    with an Accountant 2 to play."""
    return game_at(hands=("A2 B0 B0", ""), play_areas=("M2 F3", ""), street="F2 A1",
                   draw_pile="B1 A3")


def test_a_plain_code_gives_the_neutral_copy() -> None:
    """R1.5: "exchange M2 B0" gives the neutral B0, not the start-set one, wherever the two
    lie in the hand."""
    game = accountant_game()
    game.apply("accountant A2")
    events = game.apply("exchange M2 B0")
    assert moved_backs(events)[1] == ("B0", Back.NEUTRAL)
    assert [c.back for c in game.hands[0] if c.code == "B0"] == [Back.START_1]


def test_a_starred_code_gives_the_start_set_copy() -> None:
    """R1.5: "exchange M2 B0*" gives the start-set B0."""
    game = accountant_game()
    game.apply("accountant A2")
    assert Exchange("M2", "B0*") in game.legal_actions()
    events = game.apply("exchange M2 B0*")
    assert moved_backs(events)[1] == ("B0", Back.START_1)


def test_the_starred_variant_is_offered_only_where_both_backs_are_there() -> None:
    """R1.5: with one B0 only (whatever its back) there is nothing to choose."""
    game = game_at(hands=("A2 B0", ""), play_areas=("M2", ""), street="F2 A1",
                   draw_pile="B1 A3")
    game.apply("accountant A2")
    exchanges = [str(a) for a in game.legal_actions() if isinstance(a, Exchange)]
    assert "exchange M2 B0" in exchanges and not any("*" in text for text in exchanges)
    reason = str(game.explain("exchange M2 B0*"))
    assert "without the star" in reason and "(R" not in reason
    with pytest.raises(IllegalAction):
        game.apply("exchange M2 B0*")


def test_taking_back_from_the_play_area_by_back() -> None:
    """R1.5: an exchange's taken card is chosen by back as well."""
    game = game_at(hands=("A1 F2", ""), play_areas=("M0 M0", ""), street="F2 A1",
                   draw_pile="B1 A3")
    game.apply("accountant A1")
    assert {str(a) for a in game.legal_actions() if isinstance(a, Exchange)} == {
        f"exchange {code} F2" for code in ("M0", "M0*", "F0", "A0", "B0")}
    events = game.apply("exchange M0* F2")
    assert moved_backs(events)[0] == ("M0", Back.START_1)


def test_a_payment_chooses_which_zero_is_spent() -> None:
    """R1.5 with R3.4b/c: paying B0+B0 for a Brute 1, the spent card goes to the play area: the
    neutral one for "B0+B0 keep B0", the start-set one for "B0+B0* keep B0"."""
    game = game_at(hands=("B0 B0", ""), street="B1", draw_pile="F1 A1")
    takes = {str(a) for a in game.legal_actions() if isinstance(a, Take)}
    assert takes == {"take 0 B0+B0 keep B0", "take 0 B0+B0* keep B0"}
    trial = game.copy()
    assert moved_backs(trial.apply("take 0 B0+B0 keep B0"))[1] == ("B0", Back.NEUTRAL)
    assert moved_backs(game.apply("take 0 B0+B0* keep B0"))[1] == ("B0", Back.START_1)


def test_a_payment_with_a_mercenary_chooses_the_spent_zero() -> None:
    """R1.5 with R3.4b: B0 and a Mercenary joker for a Brute 1, keeping the joker: which B0 is
    spent is the player's choice; keeping a B0, the joker is spent and nothing is chosen."""
    game = game_at(hands=("B0 B0 M2", ""), street="B1", draw_pile="F1 A1")
    takes = {str(a) for a in game.legal_actions() if isinstance(a, Take)}
    assert {"take 0 B0*+M2 keep M2", "take 0 B0+M2 keep M2", "take 0 B0+M2 keep B0"} <= takes
    assert not any("B0*+M2 keep B0" in t for t in takes)
    assert moved_backs(game.apply("take 0 B0*+M2 keep M2"))[1] == ("B0", Back.START_1)


@pytest.mark.parametrize("text", ["exchange M0* B0*", "take 3 B0+B0* keep B0",
                                  "take 3 B0*+M2 keep M2"])
def test_starred_notation_round_trips(text: str) -> None:
    """R1.5: the starred codes survive notation and JSON."""
    action = parse_action(text)
    assert str(action) == text
    assert action_from_dict(action.to_dict()) == action


def test_a_star_only_marks_a_rank_zero_card() -> None:
    """R1.5: only rank-0 cards have start-set copies."""
    with pytest.raises(ValueError):
        parse_action("exchange M2* B0")
    with pytest.raises(ValueError):
        parse_action("accountant A2*")


def test_the_least_telling_copy_leaves_the_fewest_start_set_backs_in_the_hand() -> None:
    """R1.5, R5.4: the opponent sees the backs of a hand, and a start-set back names one of
    that seat's start-set cards: spending the start-set copy (hand to play area) and bringing
    back the neutral one (play area to hand) leave the hand telling the least."""
    game = game_at(hands=("B0 B0 M2", ""), street="B1", draw_pile="F1 A1")
    pay = [a for a in game.legal_actions() if isinstance(a, Take) and a.keep == "M2"]
    assert {str(a) for a in pay} == {"take 0 B0*+M2 keep M2", "take 0 B0+M2 keep M2"}
    assert str(game.least_telling(pay)) == "take 0 B0*+M2 keep M2"
    assert str(game.least_telling(reversed(pay))) == "take 0 B0*+M2 keep M2"
    pair = game_at(hands=("B0 B0", ""), street="B1", draw_pile="F1 A1")
    assert str(pair.least_telling(pair.legal_actions()[:-1])) == "take 0 B0+B0* keep B0"
    exchange = game_at(hands=("A1 F2", ""), play_areas=("M0 M0", ""), street="F2 A1",
                       draw_pile="B1 A3 M3 F1")
    exchange.apply("accountant A1")
    back = [a for a in exchange.legal_actions()
            if isinstance(a, Exchange) and a.take.startswith("M0")]
    assert str(exchange.least_telling(back)) == "exchange M0 F2"


def test_the_least_telling_of_one_copy_is_that_copy() -> None:
    game = game_at(hands=("B0 M2", ""), street="B1", draw_pile="F1 A1")
    pay = [a for a in game.legal_actions() if isinstance(a, Take)]
    assert game.least_telling(pay[:1]) == pay[0]
    with pytest.raises(ValueError):
        game.least_telling([])
