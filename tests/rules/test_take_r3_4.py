"""R3.4 taking a Street card: free rank-0 cards (R3.4a), pairs and the Mercenary joker
(R3.4b), which played card stays (R3.4c), passing (R3.4d), and exhausted cards (R3.5)."""

from __future__ import annotations

import pytest
from positions import codes, game_at, snapshot

from famiglia.rules import PASS, IllegalAction, Passed, Take, TurnStarted

#: R1.5: a seat's start set, in the play area where a test's hand names none of it.
START = ["F0", "A0", "B0", "M0"]


def takes(game: object) -> set[str]:
    return {str(a) for a in game.legal_actions() if isinstance(a, Take)}  # type: ignore[attr-defined]


def test_rank_zero_is_free() -> None:
    """R3.4a: a rank-0 card is taken without paying; paying for it is refused."""
    game = game_at(hands=("", ""), street="B0 F1")
    assert takes(game) == {"take 0"}
    with pytest.raises(IllegalAction):
        game.apply({"type": "take", "street": 0, "pay": ["F0", "F0"], "keep": "F0"})
    game.apply("take 0")
    assert codes(game.hands[0]) == ["B0"] and codes(game.play_areas[0]) == START  # none paid
    assert codes(game.street) == ["F1"] and game.current == 1


def test_pair_of_the_family_one_rank_below() -> None:
    """R3.4b/R3.4c: two family-X rank-(k−1) cards take X k; one goes to the play area."""
    game = game_at(hands=("A2 A2 F0", ""), street="A3 F1 B1")
    assert takes(game) == {"take 0 A2+A2 keep A2"}
    game.apply("take 0 A2+A2 keep A2")
    assert sorted(codes(game.hands[0])) == ["A2", "A3", "F0"]
    assert codes(game.play_areas[0]) == ["A0", "B0", "M0", "A2"]
    assert codes(game.street) == ["F1", "B1"]


def test_wrong_family_or_rank_does_not_pay() -> None:
    """R3.4b: the pair must be of the Street card's family and exactly one rank below."""
    game = game_at(hands=("B2 B2 A1 A1 F2 F2", ""), street="A3 F4 B2")
    assert takes(game) == set()
    for text in ("take 0 B2+B2 keep B2", "take 0 A1+A1 keep A1", "take 1 F2+F2 keep F2",
                 "take 2 B2+B2 keep B2"):
        with pytest.raises(IllegalAction):
            game.apply(text)


def test_mercenary_joker_both_keep_choices() -> None:
    """R3.4b/R3.4c: one genuine card plus a Mercenary of rank ≥ k; either may go back to the
    hand (rulebook: the Famiglia 2 or the Mercenary 3 stays)."""
    game = game_at(hands=("F2 M3", ""), street="F3")
    assert takes(game) == {"take 0 F2+M3 keep M3", "take 0 F2+M3 keep F2"}
    other = game.copy()
    game.apply("take 0 F2+M3 keep M3")
    assert sorted(codes(game.hands[0])) == ["F3", "M3"]
    assert codes(game.play_areas[0]) == [*START, "F2"]
    other.apply("take 0 F2+M3 keep F2")
    assert sorted(codes(other.hands[0])) == ["F2", "F3"]
    assert codes(other.play_areas[0]) == [*START, "M3"]


@pytest.mark.parametrize(("joker", "legal"), [("M4", True), ("M3", True), ("M2", False),
                                               ("M1", False), ("M0", False)])
def test_joker_rank_must_exceed_the_rank_it_stands_for(joker: str, legal: bool) -> None:
    """R3.4b: a Mercenary of rank ≥ k stands in for rank k−1 (M3 covers ranks 0–2, not 3)."""
    game = game_at(hands=(f"F2 {joker}", ""), street="F3")
    assert (f"take 0 F2+{joker} keep F2" in takes(game)) is legal


def test_joker_for_a_rank_one_card() -> None:
    """R3.4b: for a rank-1 card any Mercenary of rank ≥ 1 joins one genuine rank-0 card."""
    game = game_at(hands=("B0 M1 M4", ""), street="B1")
    assert takes(game) == {"take 0 B0+M1 keep B0", "take 0 B0+M1 keep M1",
                           "take 0 B0+M4 keep B0", "take 0 B0+M4 keep M4"}


def test_two_jokers_never() -> None:
    """R3.4b: at least one card must be genuine; two Mercenaries never take another family."""
    game = game_at(hands=("M3 M4 M2", ""), street="F3 A1 B2")
    assert takes(game) == set()
    with pytest.raises(IllegalAction):
        game.apply("take 0 M3+M4 keep M3")


def test_mercenary_zero_and_two_take_mercenary_one() -> None:
    """R3.4b (FAQ): Mercenary 0 (genuine) + Mercenary 2 (joker) take a Mercenary 1."""
    game = game_at(hands=("M0 M2", ""), street="M1")
    assert takes(game) == {"take 0 M0+M2 keep M0", "take 0 M0+M2 keep M2"}
    game.apply("take 0 M0+M2 keep M2")
    assert sorted(codes(game.hands[0])) == ["M1", "M2"]
    assert codes(game.play_areas[0]) == ["F0", "A0", "B0", "M0"]


def test_mercenary_one_and_two_cannot_take_mercenary_one() -> None:
    """R3.4b: a Mercenary 1 is not the genuine rank-0 card, so M1 + M2 (two jokers) fail."""
    game = game_at(hands=("M1 M2", ""), street="M1")
    assert takes(game) == set()
    with pytest.raises(IllegalAction):
        game.apply("take 0 M1+M2 keep M1")


def test_mercenaries_taking_mercenaries() -> None:
    """R3.4b: for family X = Mercenaries, M(k−1) is genuine and M(≥k) the joker."""
    game = game_at(hands=("M1 M1 M3", ""), street="M2 M4 M3")
    assert takes(game) == {"take 0 M1+M1 keep M1", "take 0 M1+M3 keep M1",
                           "take 0 M1+M3 keep M3"}
    game = game_at(hands=("M2 M3", ""), street="M3")
    assert takes(game) == {"take 0 M2+M3 keep M2", "take 0 M2+M3 keep M3"}


def test_rank_four_needs_threes() -> None:
    """R3.4b: a rank-4 card needs two rank-3 cards or a rank-3 card and a Mercenary 4."""
    game = game_at(hands=("F3 F3 M4 A3", ""), street="F4 A4")
    assert takes(game) == {"take 0 F3+F3 keep F3", "take 0 F3+M4 keep F3",
                           "take 0 F3+M4 keep M4", "take 1 A3+M4 keep A3",
                           "take 1 A3+M4 keep M4"}


def test_play_area_cards_are_exhausted() -> None:
    """R3.5: cards in the play area cannot pay for a take."""
    game = game_at(hands=("F2", ""), play_areas=("F2 M3", ""), street="F3")
    assert takes(game) == set()
    with pytest.raises(IllegalAction):
        game.apply("take 0 F2+F2 keep F2")


def test_one_take_per_turn_and_the_turn_ends() -> None:
    """R3.4: one card per turn; taking ends the turn."""
    game = game_at(hands=("", ""), street="F0 A0 B0")
    events = game.apply("take 0")
    assert isinstance(events[-1], TurnStarted) and events[-1].seat == 1
    assert game.current == 1 and game.turn == 1


def test_pass_ends_the_turn() -> None:
    """R3.4d: not taking is a pass; the turn ends and the other player moves."""
    game = game_at(hands=("", ""), street="F1 A1 B1 M1")
    assert game.legal_actions()[-1] == PASS
    events = game.apply("pass")
    assert any(isinstance(e, Passed) and e.seat == 0 for e in events)
    assert game.current == 1 and not game.is_terminal()


def test_pass_is_always_legal_and_take_errors_name_the_need() -> None:
    """R3.4b: the refusal says what the take needs, in a player's words."""
    game = game_at(hands=("F2 A0", ""), street="F3 M4")
    before = snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply("take 0 F2+F2 keep F2")
    message = str(caught.value)
    assert "Famiglia 2" in message and "Mercenary of rank 3" in message
    assert snapshot(game) == before
    assert PASS in game.legal_actions()


def test_taken_card_joins_the_hand_and_can_pay_next_turn() -> None:
    """R3.4: the taken card is in the hand (not exhausted) and pays in a later turn."""
    game = game_at(hands=("F0 F0 M2", ""), street="F1 F2 A1")
    game.apply("take 0 F0+F0 keep F0")
    assert sorted(codes(game.hands[0])) == ["F0", "F1", "M2"]
    game.apply("pass")
    assert takes(game) == {"take 0 F1+M2 keep F1", "take 0 F1+M2 keep M2"}
