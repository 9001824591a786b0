"""R3.2 the Accountant, R3.3 the Brute, and R3's order and once-per-turn limits (refresh →
Accountant → Brute → take or pass; each ability at most once)."""

from __future__ import annotations

import pytest
from positions import codes, game_at, moves, of_type, snapshot

from famiglia.rules import (
    Accountant,
    Brute,
    Exchange,
    IllegalAction,
    RankLowered,
    Refresh,
    Take,
)


def kinds(game: object, kind: type) -> set[str]:
    return {str(a) for a in game.legal_actions() if isinstance(a, kind)}  # type: ignore[attr-defined]


# ----------------------------------------------------------------------------- R3.2 Accountant


def test_accountant_offered_for_rank_one_to_four_only() -> None:
    """R3.2: an Accountant of rank r ≥ 1 from the hand; A0 has no ability (rulebook note)."""
    game = game_at(hands=("A0 A1 A3 A3", ""), play_areas=("A2", ""), street="F0")
    assert kinds(game, Accountant) == {"accountant A1", "accountant A3"}
    with pytest.raises(IllegalAction):
        game.apply("accountant A0")
    with pytest.raises(IllegalAction):
        game.apply("accountant A2")          # R3.5: the A2 in the play area is exhausted


def test_accountant_goes_to_play_area_and_allows_r_exchanges() -> None:
    """R3.2: the Accountant goes to the play area; up to r exchanges, each one card from the
    play area to the hand and one from the hand to the play area."""
    game = game_at(hands=("A2 F0 B0 M0", ""), play_areas=("M2 B3 F1", ""), street="F0")
    events = game.apply("accountant A2")
    assert moves(events) == [("A2", "hand:0", "play:0")]
    assert game.stage == "accountant" and game.exchanges_left == 2
    assert kinds(game, Exchange) == {f"exchange {t} {g}" for t in ("A0", "B3", "F1", "M2")
                                     for g in ("B0", "F0", "M0")}
    events = game.apply("exchange M2 B0")
    assert moves(events) == [("M2", "play:0", "hand:0"), ("B0", "hand:0", "play:0")]
    assert game.exchanges_left == 1
    game.apply("exchange B3 F0")
    assert game.exchanges_left == 0 and kinds(game, Exchange) == set()
    with pytest.raises(IllegalAction):
        game.apply("exchange F1 M0")
    assert sorted(codes(game.hands[0])) == ["B3", "M0", "M2"]
    assert sorted(codes(game.play_areas[0])) == ["A0", "A2", "B0", "F0", "F1"]


def test_accountant_just_played_cannot_be_taken_back() -> None:
    """R3.2: the Accountant just played stays; an older Accountant of the same code may move."""
    game = game_at(hands=("A1 F0 A0 B0 M0", ""), street="F0")
    game.apply("accountant A1")
    assert kinds(game, Exchange) == set()
    with pytest.raises(IllegalAction):
        game.apply("exchange A1 F0")
    game = game_at(hands=("A2 F0 A0 B0 M0", ""), play_areas=("A2", ""), street="F0")
    old_id = game.play_areas[0][0].id
    game.apply("accountant A2")
    assert kinds(game, Exchange) == {f"exchange A2 {code}" for code in ("F0", "A0", "B0", "M0")}
    game.apply("exchange A2 F0")
    assert [card.id for card in game.hands[0] if card.code == "A2"] == [old_id]


def test_each_card_moves_at_most_once() -> None:
    """R3.2 Ruling: a card taken into the hand cannot be given back, nor a given card taken."""
    game = game_at(hands=("A3 F0", ""), play_areas=("B2", ""), street="F0")
    game.apply("accountant A3")
    game.apply("exchange B2 F0")
    assert game.exchanges_left == 2
    assert kinds(game, Exchange) == set()      # only B2 in hand, only F0 movable: both moved
    with pytest.raises(IllegalAction):
        game.apply("exchange F0 B2")


def test_zero_exchanges_and_ending_the_exchange() -> None:
    """R3.2 Ruling: 0 to r exchanges; the exchange ends with the next other action."""
    game = game_at(hands=("A2 B1 F0", ""), play_areas=("M1 M2", ""), street="F1 A0")
    game.apply("accountant A2")
    game.apply("brute B1 0 -1")
    assert game.exchanges_left == 0 and kinds(game, Exchange) == set()
    with pytest.raises(IllegalAction):
        game.apply("exchange M1 F0")
    game.apply("take 0")
    assert game.current == 1


def test_accountant_can_return_a_brute_and_a_mercenary_for_use() -> None:
    """R3.2/R3.5: a card exchanged back into the hand is playable again this turn."""
    game = game_at(hands=("A2 F0 A0 F2", ""), play_areas=("B2 M3", ""), street="F4")
    assert kinds(game, Brute) == set()
    game.apply("accountant A2")
    game.apply("exchange B2 F0")
    game.apply("exchange M3 A0")
    game.apply("brute B2 0 -1")
    assert "take 0 F2+M3 keep M3" in kinds(game, Take)


def test_only_one_accountant_per_turn() -> None:
    """R3: each family's ability at most once per turn."""
    game = game_at(hands=("A1 A2", ""), street="F0")
    game.apply("accountant A1")
    assert kinds(game, Accountant) == set()
    with pytest.raises(IllegalAction):
        game.apply("accountant A2")


def test_exchange_needs_an_accountant() -> None:
    """R3.2: exchanges only follow an Accountant."""
    game = game_at(hands=("F0", ""), play_areas=("M2", ""), street="F0")
    assert kinds(game, Exchange) == set()
    with pytest.raises(IllegalAction):
        game.apply("exchange M2 F0")


# ----------------------------------------------------------------------------- R3.3 Brute


def test_brute_targets_and_amounts_are_complete() -> None:
    """R3.3 + Ruling: any Street card of rank ≥ 1, by 1 ≤ d ≤ min(r, its rank)."""
    game = game_at(hands=("B2 B0", ""), street="F0 A1 M4 B3")
    assert kinds(game, Brute) == {"brute B2 1 -1", "brute B2 2 -1", "brute B2 2 -2",
                                  "brute B2 3 -1", "brute B2 3 -2"}
    for text in ("brute B2 0 -1", "brute B2 1 -2", "brute B2 2 -3", "brute B0 1 -1",
                 "brute B2 4 -1", "brute B2 2 -0"):
        with pytest.raises(IllegalAction):
            game.apply(text)


def test_brute_lowers_for_this_turn_only() -> None:
    """R3.3: the lowered rank counts for the rest of this turn only; the Brute is exhausted."""
    game = game_at(hands=("B2", "F0"), street="M4 F1", current=0)
    events = game.apply("brute B2 0 -2")
    assert moves(events) == [("B2", "hand:0", "play:0")]
    [lowered] = of_type(events, RankLowered)
    assert (lowered.code, lowered.street, lowered.by, lowered.rank) == ("M4", 0, 2, 2)
    assert game.effective_rank(0) == 2 and game.street[0].rank == 4
    assert game.view(0).street[0].rank == 2 and game.stage == "brute"
    game.apply("pass")
    assert game.effective_rank(0) == 4 and game.view(1).street[0].rank == 4


def test_brute_to_zero_makes_the_card_free() -> None:
    """R3.3/R3.4a: lowered to 0 (explicitly allowed), the card is taken for free, and keeps
    its printed rank (and VP) in the hand."""
    game = game_at(hands=("B3", ""), street="F3 A0")
    game.apply("brute B3 0 -3")
    assert "take 0" in kinds(game, Take)
    game.apply("take 0")
    assert [(c.code, c.rank, c.vp) for c in game.hands[0]] == [("F3", 3, 10)]


def test_brute_lowered_card_needs_the_lower_pair() -> None:
    """R3.3/R3.4b: after lowering F4 to 2, F1 + F1 or F1 + Mercenary ≥ 2 pay."""
    game = game_at(hands=("B2 F1 M2 F1", ""), street="F4")
    game.apply("brute B2 0 -2")
    assert kinds(game, Take) == {"take 0 F1+F1 keep F1", "take 0 F1+M2 keep F1",
                                 "take 0 F1+M2 keep M2"}


def test_brute_below_its_strength() -> None:
    """R3.3 (FAQ): d may be less than r."""
    game = game_at(hands=("B4 A2 A2", ""), street="A4")
    game.apply("brute B4 0 -1")
    assert kinds(game, Take) == {"take 0 A2+A2 keep A2"}


def test_only_one_brute_per_turn_and_no_brute_from_play_area() -> None:
    """R3/R3.5: one Brute per turn, only from the hand."""
    game = game_at(hands=("B1 B2", ""), play_areas=("B3", ""), street="F2 A2")
    assert {a.card for a in game.legal_actions() if isinstance(a, Brute)} == {"B1", "B2"}
    game.apply("brute B1 0 -1")
    assert kinds(game, Brute) == set()
    with pytest.raises(IllegalAction):
        game.apply("brute B2 1 -1")


# ----------------------------------------------------------------------------- R3 order


def test_order_refresh_accountant_brute_take() -> None:
    """R3: strictly refresh, Accountant, Brute, take; a later step closes the earlier ones."""
    game = game_at(hands=("A1 B1 F0", ""), play_areas=("M0", ""), street="F1 A1 B1 M1")
    assert kinds(game, Refresh) == {f"refresh {i}" for i in range(4)}
    game.apply("refresh 0")
    assert game.stage == "refresh"
    game.apply("accountant A1")
    assert kinds(game, Refresh) == set() and not game.can_refresh()
    with pytest.raises(IllegalAction):
        game.apply("refresh 0")
    game.apply("brute B1 0 -1")
    assert kinds(game, Accountant) == set() and kinds(game, Exchange) == set()
    for text in ("refresh 0", "accountant A1", "exchange M0 F0"):
        before = snapshot(game)
        with pytest.raises(IllegalAction):
            game.apply(text)
        assert snapshot(game) == before


def test_brute_closes_the_accountant() -> None:
    """R3: the Accountant (R3.2) cannot follow the Brute (R3.3)."""
    game = game_at(hands=("B1 A1", ""), street="F1")
    game.apply("brute B1 0 -1")
    with pytest.raises(IllegalAction) as caught:
        game.apply("accountant A1")
    assert "Brute" in str(caught.value)


def test_skipping_steps() -> None:
    """R3: every step is optional; Brute without Accountant, take without either."""
    game = game_at(hands=("B1 A1", ""), street="F1 F0")
    assert "take 1" in kinds(game, Take)
    game.apply("brute B1 0 -1")
    game.apply("take 0")
    assert game.current == 1
