"""What the search player's value makes of a draw (docs/rules.md R5.2, R5.3), and what it
reports about its own search.  No test asserts a timing."""

from __future__ import annotations

import pytest
from positions import game_at

from famiglia.players import MctsPlayer, greedy_action, mcts
from famiglia.players.mcts import CONTEMPT, HAND_POWER, evaluate, hand_power
from famiglia.rules import PASS, Game, Take

#: The opening of deal 20: both seats hold a 0 of each family (1 VP each), and the only take is
#: the free A0 (R3.4a); a pass here lets even a random player end the game drawn with its own
#: pass (R5.2).
OPENING = {"hands": ("F0 A0 B0 M0", "F0 A0 B0 M0"), "street": "A4 B4 A0 A2 M1 F1"}


def test_cards_in_the_hand_are_worth_more_than_exhausted_ones_while_cards_are_left() -> None:
    """R3.4b, R3.5: both seats own F3 and M2 (equal VP, R5.3), but only seat 0 holds them in
    its hand, where they still pay for takes; seat 1's lie exhausted in its play area.  The
    value counts that buying power in full before the reshuffle (R4.2), less as the draw pile
    runs out after it, and not at all once the game is over."""
    layout = {"hands": ("F0 F3 M2", "F0"), "play_areas": ("", "F3 M2"), "street": "F1 A1"}
    before = game_at(current=0, **layout)
    assert before.scores[0] == before.scores[1]
    assert hand_power(before) == pytest.approx(HAND_POWER * (3 + 2))
    assert evaluate(before) > 0
    ended = before.copy()
    ended.push(PASS)
    ended.push(PASS)
    assert ended.result is not None and ended.result.winner is None  # R5.2, R5.3: a draw
    assert hand_power(ended) == hand_power(before) and evaluate(ended) == 0
    seat_1_to_move = game_at(current=1, **layout)
    assert evaluate(seat_1_to_move) == pytest.approx(evaluate(before))
    after = game_at(current=0, reshuffled=True, draw_pile="F2 A2 B2", rest="play_areas",
                    **layout)
    assert 0 < hand_power(after) < hand_power(before)
    emptied = game_at(current=0, reshuffled=True, rest="play_areas", **layout)
    assert not emptied.draw_pile and hand_power(emptied) == 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_expert_does_not_offer_a_draw_by_passing(seed: int) -> None:
    """R5.2: a pass here lets the opponent end the game at once with a draw (R5.3: equal VP,
    equal cards), which the Expert never counts on the opponent to refuse."""
    game = game_at(current=0, first_player=0, **OPENING)
    assert PASS in game.legal_actions()
    drawn = game.copy()
    drawn.push(PASS)
    drawn.push(PASS)
    assert drawn.is_terminal() and drawn.result is not None and drawn.result.winner is None
    result = MctsPlayer(level="expert", seed=seed).search(game)
    assert result.action == Take(street=2, pay=(), keep=None)
    assert result.stats[PASS][1] < 0


@pytest.mark.parametrize("seat", [0, 1])
def test_a_draw_is_worth_minus_contempt_to_the_searching_seat(seat: int) -> None:
    """R5.2: the opponent has just passed, so the searcher's pass ends the game drawn (R5.3:
    equal cards); from either seat that ending is worth exactly -CONTEMPT to the searcher:
    less than an even game, more than a lost one."""
    game = game_at(current=seat, first_player=1 - seat, turn=1, passed_last_turn=True,
                   **OPENING)
    drawn = game.copy()
    drawn.push(PASS)
    assert drawn.is_terminal() and drawn.result is not None and drawn.result.winner is None
    result = MctsPlayer(iterations=100, seed=1).search(game)
    assert result.stats[PASS][1] == pytest.approx(-CONTEMPT)
    assert -1.0 < -CONTEMPT < 0.0


def test_a_search_says_whether_the_time_cap_stopped_it() -> None:
    """The level is an iteration count; the time cap only matters on a slow or busy machine,
    and then the search says so (``famiglia arena`` counts how often)."""
    game = game_at(current=0, first_player=0, **OPENING)
    assert not MctsPlayer(iterations=20, seed=1).search(game).cut_short
    capped = MctsPlayer(iterations=10**9, seconds=0.01, seed=1).search(game)
    assert capped.cut_short and 0 < capped.iterations < 10**9


def test_a_settled_search_stops_early_with_the_same_choice(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """Once the most visited action leads by more than the iterations left could add, the rest
    of the search cannot change the choice: it stops, and chooses what the whole search would
    have chosen (checked on positions from the deal to the end, R2–R5)."""
    positions = []
    for deal in range(2):
        game = Game.new(deal, first_player=deal)
        while not game.is_terminal():
            if len(game.legal_actions()) > 1 and game.turn % 4 == 0:
                positions.append(game.copy())
            game.push(greedy_action(game))
    settled = [MctsPlayer(iterations=300, seed=n).search(g) for n, g in enumerate(positions)]
    monkeypatch.setattr(mcts, "SETTLE_EVERY", 10**9)
    whole = [MctsPlayer(iterations=300, seed=n).search(g) for n, g in enumerate(positions)]
    assert [r.action for r in settled] == [r.action for r in whole]
    assert all(r.iterations == 300 for r in whole)
    assert any(r.iterations < 300 for r in settled)
    assert not any(r.cut_short for r in settled)
