"""The winning chances (famiglia.players.measure): the share of play-outs to the end of the
game that the seat wins (a draw half), certain once a turn decides the game (R5.3, R5.2),
and, near the end, every order of the cards nobody has seen dealt equally often instead of a
sample (R4.2, R5.4)."""

from __future__ import annotations

import random
from collections import Counter

from positions import game_at

from famiglia.players.measure import deal_seeds, measure, unseen_orders
from famiglia.rules import PASS, Take

LAYOUT = {"hands": ("F0 A0 B0 M0 F1 M2", "F0 A0 B0 M0 A1"), "play_areas": ("F2", "B3 A2"),
          "street": "F3 A1 M1 B2 F1 A0"}


def test_the_chances_are_the_share_of_play_outs_won_to_the_end() -> None:
    """R5.3: every play-out is played to the end of the game and counts as won, lost or drawn
    (half), so ten play-outs give a multiple of 5 %; the seat to move is not sure of either."""
    game = game_at(current=0, first_player=0, **LAYOUT)
    take = next(action for action in game.legal_actions() if isinstance(action, Take))
    found = measure(game, [[(PASS, PASS)], [(take, "take")]], iterations=10, seed=1,
                    rollout_turns=8)
    for entry in found:
        assert (entry.chance * 20).is_integer()
    assert 0.0 < sum(entry.chance for entry in found) < 2.0


def test_a_turn_that_ends_the_game_has_certain_chances() -> None:
    """R5.2: after the opponent's pass, the seat to move that is ahead ends the game by
    passing and wins it (R5.3): every play-out is won."""
    game = game_at(current=0, first_player=1, turn=3, passed_last_turn=True,
                   hands=("F0 A0 B0 M0", "F0 F0 A0 B0 M0"), play_areas=("F3", ""),
                   street="F2 A3 B2 M3 B1 A2")
    [found] = measure(game, [[(PASS, PASS)]], iterations=5, seed=1, rollout_turns=8)
    assert found.chance == 1.0


def test_near_the_end_every_order_of_the_unseen_cards_is_dealt_equally_often() -> None:
    """R4.2, R5.4: after the reshuffle no shuffle is left to come; with three cards nobody has
    seen in the draw pile, the six orders are each dealt equally often, whatever the seed."""
    game = game_at(current=0, first_player=0, reshuffled=True, draw_pile="F1 A1 B1",
                   rest="play_areas", **{k: v for k, v in LAYOUT.items() if k != "street"},
                   street="F2 A2 M2")
    assert unseen_orders(game) == 6
    for seed in (1, 2):
        seeds, orders = deal_seeds(game, 100, random.Random(seed))
        assert orders == 6 and len(seeds) == 102
        dealt = Counter(tuple(card.code for card in game.resample(s).draw_pile) for s in seeds)
        assert len(dealt) == 6 and set(dealt.values()) == {17}
    before = game_at(current=0, first_player=0, **LAYOUT)
    assert unseen_orders(before) is None
    seeds, orders = deal_seeds(before, 50, random.Random(1))
    assert orders == 0 and len(set(seeds)) == 50
