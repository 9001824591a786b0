"""R4.1 the end-of-turn refill, R5.1 the final round (started by either seat, in a turn or by
the refill), R5.2 the double pass, R5.3 scoring and every tie-break level."""

from __future__ import annotations

import pytest
from positions import codes, draw_pile_top_first, game_at, layout, moves, of_type, replay

from famiglia.rules import FinalRound, GameOver, IllegalAction, Passed, TurnStarted

# ----------------------------------------------------------------------------- R4.1


def test_empty_street_is_refilled_with_six_at_the_end_of_the_turn() -> None:
    """R4.1/R2.4: an empty Street at the end of a turn gets 6 cards at once, left to right in
    the order drawn, before the next player's turn starts."""
    game = game_at(street="F0", draw_pile="M1 M2 M3 A1 A2 A3 B1")
    events = game.apply("take 0")
    assert codes(game.street) == ["M1", "M2", "M3", "A1", "A2", "A3"]
    assert draw_pile_top_first(game)[0] == "B1"
    assert moves(events)[1:] == [(c, "draw_pile", "street")
                                 for c in ("M1", "M2", "M3", "A1", "A2", "A3")]
    assert isinstance(events[-1], TurnStarted)


def test_no_refill_while_the_street_holds_cards() -> None:
    """R4.1: only an empty Street is refilled."""
    game = game_at(street="F0 A1", draw_pile="M1 M2")
    game.apply("take 0")
    assert codes(game.street) == ["A1"]


# ----------------------------------------------------------------------------- R5.1


def final_round_game(start: int, mover_is_start: bool, **zones: str) -> object:
    """A reshuffled position where the draw pile is about to run out for the second time."""
    current = start if mover_is_start else 1 - start
    return game_at(current=current, first_player=start, reshuffled=True, rest="play_areas",
                   **zones)


def pair_for(seat: int) -> tuple[str, str]:
    """Hands where only ``seat`` holds a pair of Mercenary 0 (to take a rank-1 Mercenary)."""
    return ("M0 M0", "") if seat == 0 else ("", "M0 M0")


@pytest.mark.parametrize("start", [0, 1])
def test_exhaustion_in_the_start_players_turn(start: int) -> None:
    """R5.1: the draw pile runs out in the start player's turn: the other player takes one
    more turn and the game ends."""
    other = 1 - start
    game = final_round_game(start, True, hands=pair_for(start), street="F3 A1", draw_pile="M1")
    events = game.apply("refresh 0")                  # F3 under M1, both drawn: pile empty
    [final] = of_type(events, FinalRound)
    assert final.last_seat == other and final.last_turn == game.turn + 1
    game.apply("take 1 M0+M0 keep M0")                # the start player's turn ends
    assert not game.is_terminal() and game.current == other
    events = game.apply("pass")
    assert game.is_terminal() and isinstance(events[-1], GameOver)
    assert events[-1].reason == "final_round"


@pytest.mark.parametrize("start", [0, 1])
def test_exhaustion_in_the_other_players_turn(start: int) -> None:
    """R5.1: the draw pile runs out in the other player's turn: the game ends after it."""
    other = 1 - start
    game = final_round_game(start, False, hands=pair_for(other), street="F3 A1", draw_pile="M1")
    events = game.apply("refresh 0")
    [final] = of_type(events, FinalRound)
    assert final.last_seat == other and final.last_turn == game.turn
    events = game.apply("take 1 M0+M0 keep M0")
    assert game.is_terminal() and events[-1].reason == "final_round"
    assert not of_type(events, TurnStarted)


@pytest.mark.parametrize("start", [0, 1])
def test_exhaustion_by_refill_after_the_start_players_turn(start: int) -> None:
    """R5.1 Ruling (FAQ): the refill's exhaustion counts in the next turn: after the start
    player's turn the other player plays one more turn."""
    other = 1 - start
    game = final_round_game(start, True, street="F0", draw_pile="M1")
    events = game.apply("take 0")
    assert codes(game.street) == ["M1"] and game.draw_pile == []
    [final] = of_type(events, FinalRound)
    assert (final.last_turn, final.last_seat) == (game.turn, other)
    assert game.current == other and not game.is_terminal()
    game.apply("pass")
    assert game.is_terminal() and game.result.reason == "final_round"  # type: ignore[union-attr]


@pytest.mark.parametrize("start", [0, 1])
def test_exhaustion_by_refill_after_the_other_players_turn(start: int) -> None:
    """R5.1 Ruling (FAQ): after the other player's turn one more full round is played."""
    other = 1 - start
    game = final_round_game(start, False, hands=pair_for(other), street="F0", draw_pile="M1")
    first_turn = game.turn
    events = game.apply("take 0")
    [final] = of_type(events, FinalRound)
    assert (final.last_turn, final.last_seat) == (first_turn + 2, other)
    assert game.current == start
    game.apply("pass")                                 # the start player's extra turn
    assert not game.is_terminal() and game.current == other
    assert not game.can_refresh()
    events = game.apply("take 0 M0+M0 keep M0")        # the other player's last turn
    assert game.is_terminal() and events[-1].reason == "final_round"
    assert game.street == []


def test_final_round_is_announced_once_and_the_view_shows_it() -> None:
    """R5.1: the final round starts once; its last turn is visible to both players."""
    game = final_round_game(0, True, hands=("M0 M0", ""), street="F3 A1", draw_pile="M1")
    game.apply("refresh 0")
    assert game.last_turn == game.turn + 1 and game.view(1).last_turn == game.last_turn
    events = game.apply("take 1 M0+M0 keep M0")
    assert of_type(events, FinalRound) == []


def test_position_with_empty_pile_after_reshuffle_is_in_its_final_round() -> None:
    """R5.1 read for positions: at the start of the start player's turn with the pile gone,
    the other player still has one turn; at the other player's, this turn is the last."""
    game = game_at(current=0, first_player=0, street="F1", reshuffled=True, rest="play_areas")
    assert game.last_turn == game.turn + 1
    game.apply("pass")
    assert not game.is_terminal()
    game = game_at(current=1, first_player=0, street="F1", reshuffled=True, rest="play_areas")
    game.apply("pass")
    assert game.is_terminal() and game.result.reason == "final_round"  # type: ignore[union-attr]


@pytest.mark.parametrize("start", [0, 1])
@pytest.mark.parametrize("mover_is_start", [True, False])
def test_the_game_always_ends_with_equal_turns(start: int, mover_is_start: bool) -> None:
    """R5.1: whichever turn empties the pile (here the refill after the third take), both
    players have had the same number of turns, counted from a start player's turn."""
    game = final_round_game(start, mover_is_start, street="F0 A0 B0", draw_pile="M1",
                            hands=("M0 M0", "M0 M0"))
    seats = [] if mover_is_start else [start]      # the start player's turn before this one
    while not game.is_terminal():
        seats.append(game.current)
        game.apply(game.legal_actions()[0])
    assert game.result.reason == "final_round"  # type: ignore[union-attr]
    assert seats.count(start) == seats.count(1 - start)


# ----------------------------------------------------------------------------- R5.2


def test_double_pass_ends_at_once() -> None:
    """R5.2: both players pass in two directly consecutive turns: the game ends at once."""
    game = game_at(hands=("M0", "M0"), street="F1 A1 B1")
    events = game.apply("pass")
    assert not game.is_terminal() and of_type(events, Passed)[0].seat == 0
    events = game.apply("pass")
    assert game.is_terminal() and events[-1].reason == "double_pass"
    assert isinstance(events[-1], GameOver) and not of_type(events, TurnStarted)
    assert game.legal_actions() == []
    with pytest.raises(IllegalAction) as caught:
        game.apply("pass")
    assert "over" in str(caught.value)
    assert str(game.explain("pass")) == "The game is over."


def test_passes_not_consecutive_do_not_end() -> None:
    """R5.2: a take between two passes resets the count."""
    game = game_at(street="F1 A1 B0 B0")
    game.apply("pass")
    game.apply("take 2")
    game.apply("pass")
    assert not game.is_terminal()
    game.apply("take 2")
    assert not game.is_terminal()
    game.apply("pass")
    game.apply("pass")
    assert game.is_terminal()


def test_a_position_starts_without_a_pass_before() -> None:
    """A position means no pass in the turn before."""
    game = game_at(street="F1")
    game.apply("pass")
    assert not game.is_terminal()


def test_double_pass_during_the_final_round() -> None:
    """R5.2 holds in the final round too.  The last pass before the end always falls on the
    final round's last turn (a refill follows a take, never a pass), so either reason is
    right; we check that the game ends there and not before."""
    game = final_round_game(0, False, street="F0 A2", draw_pile="M1")
    game.apply("take 0")                                  # seat 1 takes F0: no refill
    game.apply("refresh 0")                               # seat 0: A2 under; M1, A2 drawn
    assert game.last_turn == game.turn + 1
    game.apply("pass")
    assert not game.is_terminal()
    game.apply("pass")
    assert game.is_terminal() and game.result.reason in ("double_pass", "final_round")  # type: ignore[union-attr]


# ----------------------------------------------------------------------------- R5.3


def finished(hand0: str, hand1: str, area0: str = "", area1: str = "") -> GameOver:
    """Both pass at once (R5.2) with the given cards owned, and each seat's start set (R1.5:
    its F0 counts 1 VP where a test names none); everything else off-player."""
    game = game_at(hands=(hand0, hand1), play_areas=(area0, area1), street="F1")
    game.apply("pass")
    events = game.apply("pass")
    assert isinstance(events[-1], GameOver) and game.result == events[-1]
    return events[-1]


def test_scores_count_hand_and_play_area() -> None:
    """R5.3: the VP of all own cards, hand and play area together."""
    result = finished("F4 A0", "B4", area0="M3", area1="F0 F0")
    assert result.scores == (22, 12) and result.winner == 0 and result.decided_by == "vp"


def test_more_vp_wins_either_seat() -> None:
    result = finished("A1", "F1")
    assert result.scores == (2, 4) and result.winner == 1 and result.decided_by == "vp"


def test_tie_break_single_most_valuable_card() -> None:
    """R5.3: on equal VP the owner of the single card with the most VP wins."""
    result = finished("F3 A2 B1 M1", "F4")          # 16 = 16; top cards 10 vs 15
    assert result.scores == (16, 16)
    assert (result.winner, result.decided_by) == (1, "tie_break")
    assert (result.tie_break_card, result.tie_break_vp) == (1, (10, 15))


def test_tie_break_second_card() -> None:
    """R5.3 Ruling: equal top cards: compare the next-highest."""
    result = finished("A4 F2", "B4 A2 B2")            # 16 = 16; 10 = 10; 6 vs 3
    assert (result.winner, result.decided_by, result.tie_break_card) == (0, "tie_break", 2)
    assert result.tie_break_vp == (6, 3)


def test_tie_break_third_card() -> None:
    """R5.3 Ruling: "and so on"."""
    result = finished("B4 M3 A1 A1 A1", "A4 B3 A2")   # 19 = 19; 10, 6 equal; 1 vs 3
    assert (result.winner, result.tie_break_card, result.tie_break_vp) == (1, 3, (1, 3))


def test_identical_lists_are_a_draw() -> None:
    """R5.3 Ruling: identical VP lists are a draw (winner None)."""
    result = finished("A4 B2 M0", "B4 M2", area1="A0")
    assert result.scores == (14, 14)
    assert (result.winner, result.decided_by) == (None, "draw")


def test_zero_vp_cards_never_break_a_tie() -> None:
    """R5.3 Ruling: cards worth 0 VP never break a tie: 10, 3, 0, 0 against 10, 3, 0 is a
    draw, and so is 10, 0 against 10."""
    result = finished("A4 A2 B0 M0", "B4 M2 A0")
    assert result.scores == (14, 14)
    assert (result.winner, result.decided_by, result.tie_break_card) == (None, "draw", None)
    result = finished("A4 B0", "B4")
    assert (result.winner, result.decided_by) == (None, "draw")


def test_scores_and_winner_in_to_dict_and_view() -> None:
    """to_dict holds scores (kept current) and winner (null while running)."""
    game = game_at(hands=("A0 A0", "F0 F0 F0"), street="A1 F4")
    data = game.to_dict()
    assert data["scores"] == [1, 3] and data["winner"] is None and data["over"] is False
    game.apply("take 0 A0+A0 keep A0")
    assert game.to_dict()["scores"] == [2, 3] and game.scores == (2, 3)
    game.apply("pass")
    game.apply("pass")
    data = game.to_dict()
    assert data["over"] is True and data["winner"] == 1
    assert game.view(0).winner == game.winner == 1


def test_layout_replay_through_the_end() -> None:
    """The card_moved events of a game's end reproduce the final layout."""
    game = final_round_game(0, False, hands=("", "M0 M0"), street="F0", draw_pile="M1")
    zones = layout(game)
    for action in ("take 0", "pass", "take 0 M0+M0 keep M0"):
        replay(zones, game.apply(action))
    assert zones == layout(game) and game.is_terminal()
