"""The draw sources of the core (famiglia/rules/draws.py): the seeded shuffle deals exactly the
games a seed always dealt (R2.2, R2.4), and outside draws pick from the sorted unseen cards by
the index given, the cards R3.1a put under the pile keeping their known order."""

from __future__ import annotations

import pytest

from famiglia.rules import DECK, Game
from famiglia.rules.cards import NON_START, Card
from famiglia.rules.draws import CountingDraws, OutsideDraws, SeededShuffle
from famiglia.rules.rng import Rng


def laid(source: SeededShuffle | OutsideDraws, cards: list[Card]) -> list[Card]:
    """The pile as the core keeps it (bottom first) after the source arranged ``cards``."""
    arranged = list(cards)
    source.arrange(arranged)
    return arranged[::-1]


@pytest.mark.parametrize("seed", [0, 1, 42, 123456, 2**64 - 1])
def test_the_seeded_shuffle_deals_the_street_and_pile_of_game_new_r2_2_r2_4(seed: int) -> None:
    game = Game.new(seed).to_dict()
    source = SeededShuffle(Rng(seed))
    pile = laid(source, list(NON_START))
    street, known = source.take(pile, 0, 6)
    assert [card.code for card in street] == game["street"]
    rest, _ = source.take(pile, known, 100)
    assert [card.code for card in rest] == game["draw_pile"]
    assert pile == []


def test_the_seeded_shuffle_reshuffles_as_the_generator_does_r4_2() -> None:
    rng = Rng(7)
    expected = list(NON_START[:10])
    Rng(7).shuffle(expected)
    assert laid(SeededShuffle(rng), list(NON_START[:10]))[::-1] == expected


def test_the_seeded_shuffle_takes_the_top_and_shortens_the_known_bottom_r3_1a() -> None:
    pile = list(DECK[:5])  # bottom first: DECK[4] is the top
    drawn, known = SeededShuffle(Rng(0)).take(pile, 3, 3)
    assert drawn == [DECK[4], DECK[3], DECK[2]]
    assert pile == [DECK[0], DECK[1]]
    assert known == 2


def test_a_copy_of_the_seeded_shuffle_continues_identically() -> None:
    source = SeededShuffle(Rng(99))
    other = source.copy()
    assert laid(source, list(NON_START)) == laid(other, list(NON_START))


def test_outside_draws_pick_from_the_unseen_cards_sorted_by_id_r5_4() -> None:
    asked: list[int] = []

    def choose(n: int) -> int:
        asked.append(n)
        return n - 1  # always the last candidate: the highest id

    source = OutsideDraws(choose)
    pile = laid(source, list(reversed(NON_START)))
    drawn, known = source.take(pile, 0, 3)
    assert drawn == [NON_START[-1], NON_START[-2], NON_START[-3]]
    assert asked == [52, 51, 50]
    assert known == 0 and len(pile) == 49


def test_outside_draws_never_choose_among_the_known_bottom_r3_1a() -> None:
    unseen = [DECK[30], DECK[10], DECK[20]]
    known = [DECK[50], DECK[40]]  # DECK[40] returned first: it lies above DECK[50]
    pile = known + unseen
    picks = iter([1, 0])
    source = OutsideDraws(lambda n: next(picks))
    drawn, left = source.take(pile, 2, 5)
    # sorted unseen: 10, 20, 30 -> index 1 is DECK[20]; then 10, 30 -> index 0 is DECK[10];
    # the last unseen card needs no choice; then the known cards from the top down
    assert drawn == [DECK[20], DECK[10], DECK[30], DECK[40], DECK[50]]
    assert pile == [] and left == 0


def test_outside_draws_stop_when_the_pile_is_used_up() -> None:
    pile = [DECK[5], DECK[6]]
    drawn, known = OutsideDraws(lambda n: 0).take(pile, 1, 6)
    assert drawn == [DECK[6], DECK[5]] and known == 0


@pytest.mark.parametrize("index", [-1, 3, True, 1.0, "0"])
def test_an_index_outside_the_candidates_is_refused(index: object) -> None:
    pile = [DECK[1], DECK[2], DECK[3]]
    source = OutsideDraws(lambda n: index)  # type: ignore[arg-type, return-value]
    with pytest.raises(ValueError, match="needs an index from 0 to 2"):
        source.take(pile, 0, 1)


def test_the_dry_run_counts_the_candidates_of_each_choice() -> None:
    source = CountingDraws()
    pile = laid(source, list(NON_START[:8]))
    drawn, _ = source.take(pile, 0, 8)
    assert source.counts == [8, 7, 6, 5, 4, 3, 2]  # the last card needs no choice
    assert drawn == list(NON_START[:8])  # the first candidate each time
    copied = source.copy()
    assert copied.counts == source.counts and copied.counts is not source.counts
