"""Every example and clarification of the rulebooks (seeds/000 German 2017, seeds/003 English),
played through the public API; each test names the docs/rules.md section it illustrates."""

from __future__ import annotations

from collections import Counter

import pytest
from positions import codes, draw_pile_top_first, game_at, of_type

from famiglia.rules import DECK, Back, FinalRound, Game, IllegalAction, Take

NON_START = Counter(card.code for card in DECK if card.back is Back.NEUTRAL)
#: R1.5: a player's start set, always in the hand or the play area.
START = "F0 A0 B0 M0"


def deck_starting_with(*top: str) -> list[str]:
    """A full 52-card deck whose top cards are ``top``; the rest ordered ranks 1–4 first, so
    that no rank-0 card surfaces by accident."""
    rest = NON_START.copy()
    rest.subtract(top)
    return [*top, *sorted(rest.elements(), key=lambda code: (code[1] == "0", code))]


def test_refresh_example() -> None:
    """R3.1 (seeds 000/003, Andrea): with no 0 in the Street she discards a 2 and draws two
    new cards, which join the Street at its end.  Street of the English rulebook: Jesus Ixtab
    M2, Albert Alden A3, Ricardo Clementi F1, Chuck Star M1, Mischa Kalinin B2, Antonio
    Bolanzo F1; new cards Martin Hill A0 and Boris Pawlow B0."""
    game = Game.new(deck=deck_starting_with("M2", "A3", "F1", "M1", "B2", "F1", "A0", "B0"))
    assert codes(game.street) == ["M2", "A3", "F1", "M1", "B2", "F1"]
    game.apply("refresh 4")
    assert codes(game.street) == ["M2", "A3", "F1", "M1", "F1", "A0", "B0"]
    assert codes(game.discard) == ["B2"]
    assert not game.can_refresh()               # R3.1: a 0 is out now: no more refreshes
    assert {str(a) for a in game.legal_actions() if isinstance(a, Take)} == {"take 5", "take 6"}


def test_accountant_three_take_example() -> None:
    """R3.4b/R3.4c (seeds 000 Hedwig, 003 Anna): after her refresh an Accountant 3 lies in
    the Street; she plays her two Accountant 2, takes the Accountant 3 and one Accountant 2
    back into her hand and puts the other Accountant 2 into her play area."""
    game = game_at(hands=(f"A2 A2 {START}", ""), street="F1 B1 M2", draw_pile="A3 F2")
    game.apply("refresh 0")                     # F1 out, A3 in (R3.1d: A3 is fresh)
    assert codes(game.street) == ["B1", "M2", "A3"]
    game.apply("take 2 A2+A2 keep A2")
    assert sorted(codes(game.hands[0])) == sorted(["A2", "A3", *START.split()])
    assert codes(game.play_areas[0]) == ["A2"]


def test_accountant_exchange_example() -> None:
    """R3.2 (seeds 000/003): a Mercenary 2 and a Brute 3 lie in her play area; she plays the
    Accountant 2, takes both back into her hand and puts the Brute 0 and the Famiglia 1 from
    her hand into her play area next to the Accountant 2."""
    game = game_at(hands=("A2 B0 F1 F0 A0 M0", ""), play_areas=("M2 B3", ""), street="F0")
    game.apply("accountant A2")
    game.apply("exchange M2 B0")
    game.apply("exchange B3 F1")
    assert sorted(codes(game.hands[0])) == ["A0", "B3", "F0", "M0", "M2"]
    assert sorted(codes(game.play_areas[0])) == ["A2", "B0", "F1"]
    assert game.exchanges_left == 0


def test_brute_example() -> None:
    """R3.3 (seeds 000/003): a Mercenary 4 lies in the Street; with two Mercenary 1 in her hand
    she plays the Brute 2 to lower it to 2, takes it with the pair, puts one Mercenary 1 into
    her play area and keeps the other.  (Street of seeds/003: Fats Monroe M4, Carlos Chantico
    M1, Chuck Star M1, Mischa Kalinin B2 - hand and Street share the names.)"""
    game = game_at(hands=(f"M1 M1 B2 {START}", ""), street="M4 A1 F2")
    game.apply("brute B2 0 -2")
    assert game.effective_rank(0) == 2
    game.apply("take 0 M1+M1 keep M1")
    assert sorted(codes(game.hands[0])) == sorted(["M1", "M4", *START.split()])
    assert sorted(codes(game.play_areas[0])) == ["B2", "M1"]
    assert game.hands[0][-1].rank == 4          # R3.3: the printed rank in the hand


@pytest.mark.parametrize(("keep", "hand", "area"), [("M3", ["F3", "M3"], ["F2"]),
                                                    ("F2", ["F2", "F3"], ["M3"])])
def test_mercenary_joker_example(keep: str, hand: list[str], area: list[str]) -> None:
    """R3.4b/R3.4c (seeds 000/003): a Famiglia 3 lies in the Street; she plays a Famiglia 2
    and a Mercenary 3 (standing in for rank 0, 1 or 2 of any colour) and takes the Famiglia 3;
    she keeps either card and puts the other into her play area."""
    game = game_at(hands=(f"F2 M3 {START}", ""), street="F3")
    game.apply(f"take 0 F2+M3 keep {keep}")
    assert sorted(codes(game.hands[0])) == sorted(hand + START.split())
    assert codes(game.play_areas[0]) == area


def test_two_mercenaries_clarification() -> None:
    """R3.4b (seeds 000/003 clarification): two Mercenaries as jokers never take a card; one
    card of the right colour is always needed."""
    game = game_at(hands=("M3 M4", ""), street="F3 A3 B4")
    assert not [a for a in game.legal_actions() if isinstance(a, Take)]
    with pytest.raises(IllegalAction):
        game.apply("take 0 M3+M4 keep M4")


def test_reshuffle_clarification() -> None:
    """R3.1b (seeds 000/003 clarification): a refresh that draws the last card of the first
    draw pile with more owed shuffles the discard pile and draws the rest from it; with still
    no 0 in the Street, the action may be used once more; then it ends."""
    game = game_at(street="F2 A1 B1", draw_pile="M1", discard="M2 M3", rest="play_areas",
                   seed=9)
    game.apply("refresh 0")
    assert game.reshuffled and len(game.street) == 4
    game.apply("refresh 0")
    assert not game.can_refresh()


@pytest.mark.parametrize("start", [0, 1])
@pytest.mark.parametrize("mover_is_start", [True, False])
def test_end_example(start: int, mover_is_start: bool) -> None:
    """R3.1a/R5.1 (seeds 000 Hedwig, 003 Anna): after the reshuffle she puts a 3 from the
    Street under the draw pile; with only three cards left there, all are drawn into the
    Street, and the game ends after the current round."""
    mover = start if mover_is_start else 1 - start
    game = game_at(current=mover, first_player=start, street="F3 A1", draw_pile="M1 B2",
                   hands=("M0 M0", "A0 A0") if mover == 0 else ("A0 A0", "M0 M0"),
                   reshuffled=True, rest="play_areas")
    events = game.apply("refresh 0")
    assert codes(game.street) == ["A1", "M1", "B2", "F3"] and draw_pile_top_first(game) == []
    [final] = of_type(events, FinalRound)
    assert final.last_seat == 1 - start
    game.apply("take 1 M0+M0 keep M0")
    if mover_is_start:
        assert not game.is_terminal()
        game.apply("take 0 A0+A0 keep A0")
    assert game.is_terminal() and game.result.reason == "final_round"  # type: ignore[union-attr]
