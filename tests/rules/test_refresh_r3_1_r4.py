"""R3.1 refreshing the Street, its limits before and after the reshuffle (R3.1a–c, R4.2, R4.3)
and the fresh-cards rule (R3.1d), on and off."""

from __future__ import annotations

from collections import Counter

import pytest
from positions import codes, draw_pile_top_first, game_at, layout, moves, of_type, replay, snapshot

from famiglia.rules import FinalRound, IllegalAction, Refresh, Reshuffled, Take


def refreshes(game: object) -> list[str]:
    return [str(a) for a in game.legal_actions() if isinstance(a, Refresh)]  # type: ignore[attr-defined]


def takes(game: object) -> set[str]:
    return {str(a) for a in game.legal_actions() if isinstance(a, Take)}  # type: ignore[attr-defined]


# ----------------------------------------------------------------------------- R3.1 basics


def test_refresh_only_without_rank_zero_in_street() -> None:
    """R3.1: only when the Street holds no rank-0 card; then any Street card may go."""
    game = game_at(street="F1 A2 B3 M1")
    assert refreshes(game) == ["refresh 0", "refresh 1", "refresh 2", "refresh 3"]
    assert game.can_refresh()
    game = game_at(street="F1 A2 B0 M1")
    assert refreshes(game) == [] and not game.can_refresh()
    before = snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply("refresh 0")
    assert "rank-0" in str(caught.value)
    assert snapshot(game) == before


def test_refresh_discards_and_draws_rank_many_to_the_right_end() -> None:
    """R3.1/R2.4: the card goes to the discard pile, as many cards as its rank are drawn from
    the top of the draw pile and added at the right end, in the order drawn."""
    game = game_at(street="F1 A2 B3", draw_pile="M1 M2 M3 F2")
    events = game.apply("refresh 1")
    assert codes(game.street) == ["F1", "B3", "M1", "M2"]
    assert codes(game.discard) == ["A2"]
    assert draw_pile_top_first(game)[:2] == ["M3", "F2"]
    assert moves(events) == [("A2", "street", "discard"), ("M1", "draw_pile", "street"),
                             ("M2", "draw_pile", "street")]
    assert game.refreshed_this_turn and game.current == 0


def test_refresh_repeats_until_a_zero_appears() -> None:
    """R3.1: repeat as long as the Street still holds no rank-0 card."""
    game = game_at(street="F1 A1", draw_pile="B1 M1 F0 A3")
    game.apply("refresh 0")
    game.apply("refresh 0")
    game.apply("refresh 0")
    assert codes(game.street) == ["M1", "F0"]
    assert codes(game.discard) == ["F1", "A1", "B1"]
    assert refreshes(game) == []


def test_refresh_is_first_in_the_turn() -> None:
    """R3: refreshing comes before the Accountant and the Brute."""
    game = game_at(hands=("B1", ""), street="F2 A2")
    game.apply("brute B1 0 -1")
    assert refreshes(game) == []
    with pytest.raises(IllegalAction):
        game.apply("refresh 1")


# ----------------------------------------------------------------------------- R3.1d


@pytest.mark.parametrize("rule", [True, False])
def test_fresh_cards_rule(rule: bool) -> None:
    """R3.1d: with the rule on, after refreshing only a card drawn by this turn's refreshes
    (and still there) may be taken; with it off, any card."""
    game = game_at(hands=("F0 F0 A0 A0", ""), street="F1 A1 B1", draw_pile="M2 F0 A0",
                   fresh_cards_rule=rule)
    game.apply("refresh 2")                               # B1 out, M2 in
    game.apply("refresh 2")                               # M2 out, F0 and A0 in
    assert codes(game.street) == ["F1", "A1", "F0", "A0"]
    fresh = {"take 2", "take 3"}
    old = {"take 0 F0+F0 keep F0", "take 1 A0+A0 keep A0",
           # R1.5: each hand pair is a start-set card and a neutral one: either may be spent
           "take 0 F0+F0* keep F0", "take 1 A0+A0* keep A0"}
    assert takes(game) == (fresh if rule else fresh | old)
    assert [s.fresh for s in game.view(0).street] == [False, False, True, True]
    assert game.view(0).fresh_cards_rule is rule


def test_fresh_cards_rule_old_card_refused_with_reason() -> None:
    """R3.1d: taking an old Street card after a refresh is refused, state unchanged."""
    game = game_at(hands=("F0 F0", ""), street="F1 A1", draw_pile="A0 B1")
    game.apply("refresh 1")
    before = snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply("take 0 F0+F0 keep F0")
    assert "Fresh" in str(caught.value) or "fresh" in str(caught.value)
    assert snapshot(game) == before
    assert takes(game) == {"take 1"}


def test_fresh_card_refreshed_away_is_no_longer_takeable() -> None:
    """R3.1d "and still there": a fresh card discarded by a later refresh is gone; only the
    cards now in the Street from this turn's refreshes count."""
    game = game_at(hands=("M0 M0", ""), street="F2 A2", draw_pile="M1 B1 F0 A0")
    game.apply("refresh 0")                      # F2 out; M1, B1 in: A2 M1 B1
    game.apply("refresh 1")                      # M1 out; F0 in: A2 B1 F0
    assert codes(game.street) == ["A2", "B1", "F0"]
    assert takes(game) == {"take 2"}             # B1 fresh but unaffordable; M1 gone
    assert [game.is_fresh(card) for card in game.street] == [False, True, True]


def test_no_refresh_no_restriction() -> None:
    """R3.1d applies only if the player refreshed in this turn."""
    game = game_at(street="F0 A0 B0")
    assert takes(game) == {"take 0", "take 1", "take 2"}


# ----------------------------------------------------------------------------- R4.2, R3.1b


def test_reshuffle_in_the_middle_of_a_refresh() -> None:
    """R3.1b/R4.2: drawing the last card of the first draw pile with cards still owed
    reshuffles the discard pile (including the card just discarded) at once; the rest come
    from it.  Ruling: one more refresh may follow (under R3.1a), then no more."""
    game = game_at(street="F3 A2 B1", draw_pile="M1", discard="M3 M2 A1 B2",
                   rest="play_areas", seed=5)
    before = layout(game)
    events = game.apply("refresh 0")             # F3 to discard, M1 drawn, reshuffle, 2 more
    replay(before, events)
    assert before == layout(game)
    [reshuffle] = of_type(events, Reshuffled)
    assert reshuffle.count == 5                  # M3 M2 A1 B2 and the F3 just discarded
    assert game.reshuffled and game.discard == []
    assert codes(game.street)[:3] == ["A2", "B1", "M1"] and len(game.street) == 5
    assert Counter(codes(game.street)[3:]) + Counter(draw_pile_top_first(game)) == \
        Counter(["M3", "M2", "A1", "B2", "F3"])
    assert len(game.draw_pile) == 3
    assert game.can_refresh() and len(refreshes(game)) == 5
    game.apply("refresh 0")                      # A2 to the bottom, draw 2 of the 4
    assert len(game.draw_pile) == 2 and draw_pile_top_first(game)[-1] == "A2"
    assert game.discard == []
    assert refreshes(game) == [] and not game.can_refresh()
    with pytest.raises(IllegalAction) as caught:
        game.apply("refresh 0")
    assert "once" in str(caught.value)


def test_refresh_drawing_exactly_the_last_card_reshuffles_at_once() -> None:
    """R4.2: the first draw pile is reshuffled as soon as it is empty, even if nothing more is
    owed; R3.1b Ruling: one more refresh may follow in that turn."""
    game = game_at(street="F1 A1", draw_pile="M1", discard="B2 B3", rest="play_areas", seed=2)
    events = game.apply("refresh 0")
    assert [type(e).__name__ for e in events].count("Reshuffled") == 1
    assert sorted(draw_pile_top_first(game)) == ["B2", "B3", "F1"]
    assert codes(game.street) == ["A1", "M1"]
    assert refreshes(game) == ["refresh 0", "refresh 1"]
    game.apply("refresh 1")                      # M1 to the bottom, one card drawn
    assert refreshes(game) == []


def test_reshuffle_by_the_end_of_turn_refill() -> None:
    """R4.1/R4.2: the refill of an empty Street that empties the first draw pile reshuffles
    the discard pile and keeps drawing from it."""
    game = game_at(street="F0", draw_pile="M1 M2", discard="A1 A2 A3 A4 B1 B2",
                   rest="play_areas", seed=3)
    events = game.apply("take 0")
    assert of_type(events, Reshuffled)[0].count == 6
    assert len(game.street) == 6 and len(game.draw_pile) == 2 and game.discard == []
    assert codes(game.street)[:2] == ["M1", "M2"]
    assert game.reshuffled and game.last_turn is None


def test_nothing_is_discarded_after_the_reshuffle() -> None:
    """R3.1a/R4.2: after the reshuffle the refreshed card goes face down to the bottom of the
    draw pile before the cards are drawn."""
    game = game_at(street="F2 A1", draw_pile="M1 M2 M3 B1", reshuffled=True, rest="play_areas")
    events = game.apply("refresh 0")
    assert moves(events) == [("F2", "street", "draw_pile"), ("M1", "draw_pile", "street"),
                             ("M2", "draw_pile", "street")]
    assert draw_pile_top_first(game) == ["M3", "B1", "F2"]
    assert game.discard == []
    assert codes(game.street) == ["A1", "M1", "M2"]


def test_after_reshuffle_one_refresh_per_turn() -> None:
    """R3.1a: after the first reshuffle at most one refresh per turn, every turn."""
    game = game_at(street="F2 A1", draw_pile="M1 M2 M3 B1 B2", reshuffled=True,
                   rest="play_areas")
    game.apply("refresh 1")
    assert codes(game.street) == ["F2", "M1"] and refreshes(game) == []
    game.apply("pass")
    assert refreshes(game) == ["refresh 0", "refresh 1"]
    game.apply("refresh 0")
    assert refreshes(game) == []


def test_refresh_with_too_few_cards_draws_all_and_may_bring_the_card_back() -> None:
    """R3.1a: if the draw pile then holds fewer cards than needed, all are drawn, even the
    card just returned; that is the second exhaustion (R5.1)."""
    game = game_at(street="F3 A1", draw_pile="M1", reshuffled=True, rest="play_areas",
                   first_player=0)
    turn = game.turn
    events = game.apply("refresh 0")
    assert codes(game.street) == ["A1", "M1", "F3"]
    assert game.draw_pile == []
    [final] = of_type(events, FinalRound)
    assert (final.last_turn, final.last_seat) == (turn + 1, 1)
    assert not game.can_refresh()


def test_no_refresh_with_empty_draw_pile_after_reshuffle() -> None:
    """R3.1c Ruling: no refresh while the draw pile is empty after the reshuffle."""
    game = game_at(street="F3 A1", reshuffled=True, rest="play_areas")
    assert refreshes(game) == [] and not game.can_refresh()
    with pytest.raises(IllegalAction) as caught:
        game.apply("refresh 0")
    assert "draw pile" in str(caught.value)


def test_fresh_rule_counts_a_returned_card_drawn_again() -> None:
    """R3.1a/R3.1d: a card returned to the bottom and drawn back was drawn by the refresh."""
    game = game_at(street="F3 A2", draw_pile="M1", reshuffled=True, rest="play_areas")
    game.apply("refresh 0")
    assert [game.is_fresh(card) for card in game.street] == [False, True, True]


def test_reshuffle_with_empty_discard_is_the_second_exhaustion() -> None:
    """R4.3 Ruling: an empty discard pile at the reshuffle leaves the new draw pile empty at
    once, which counts as the second exhaustion (R5.1)."""
    game = game_at(hands=("", ""), street="F0", draw_pile="M1", rest="play_areas",
                   first_player=0)
    events = game.apply("take 0")                # refill draws M1: the pile is empty
    assert of_type(events, Reshuffled)[0].count == 0
    assert game.reshuffled and game.draw_pile == [] and codes(game.street) == ["M1"]
    [final] = of_type(events, FinalRound)
    assert final.last_turn == game.turn == game.last_turn    # seat 1 plays the last turn
    assert game.current == 1
    assert not game.is_terminal()
    game.apply("pass")
    assert game.is_terminal() and game.result is not None and game.result.reason == "final_round"


def test_refresh_exhausting_with_empty_discard_is_impossible_but_refill_is() -> None:
    """R4.3: a refresh always discards first, so its reshuffle never meets an empty discard
    pile; the end-of-turn refill can (see above).  Here the refresh's reshuffle holds 1."""
    game = game_at(street="F1", draw_pile="M1", rest="play_areas")
    events = game.apply("refresh 0")
    assert of_type(events, Reshuffled)[0].count == 1
    assert codes(game.street) == ["M1"] and draw_pile_top_first(game) == ["F1"]
    assert game.last_turn is None
