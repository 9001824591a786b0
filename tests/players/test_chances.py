"""The winning chances (famiglia.players.chances, .measure): a probability for a seat, the
same game seen from the other seat adding up to one, certain once the game is decided (R5.3,
R5.2), and, near the end, every order of the cards nobody has seen dealt equally often instead
of a sample (R4.2, R5.4)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from positions import game_at

from famiglia.players.chances import leaf_chance
from famiglia.players.measure import deal_seeds, unseen_orders
from famiglia.rules import PASS

LAYOUT = {"hands": ("F0 A0 B0 M0 F1 M2", "F0 A0 B0 M0 A1"), "play_areas": ("F2", "B3 A2"),
          "street": "F3 A1 M1 B2 F1 A0"}


def _mirrored(layout: dict[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    return {key: value[::-1] if isinstance(value, tuple) else value
            for key, value in layout.items()}


@pytest.mark.parametrize("current", [0, 1])
def test_the_other_seats_chances_are_the_rest(current: int) -> None:
    """The same position with the seats swapped gives seat 0 what seat 1 had."""
    game = game_at(current=current, first_player=current, **LAYOUT)
    mirror = game_at(current=1 - current, first_player=1 - current, **_mirrored(LAYOUT))
    assert 0.0 < leaf_chance(game) < 1.0
    assert leaf_chance(game) + leaf_chance(mirror) == pytest.approx(1.0)


def test_a_decided_game_has_certain_chances() -> None:
    """R5.3: a finished game is won, lost or drawn (half); R5.2: after the opponent's pass the
    seat to move that is ahead wins by passing."""
    game = game_at(current=0, first_player=1, turn=3, passed_last_turn=True,
                   hands=("F0 A0 B0 M0", "F0 F0 A0 B0 M0"), play_areas=("F3", ""),
                   street="F2 A3 B2 M3 B1 A2")
    assert leaf_chance(game) == 1.0
    ended = game.copy()
    ended.push(PASS)
    assert ended.is_terminal() and leaf_chance(ended) == 1.0


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
