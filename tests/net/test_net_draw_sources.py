"""The draw sources of the core (famiglia/rules/draws.py): the seeded shuffle deals exactly the
games a seed always dealt (R2.2, R2.4), and outside draws pick from the sorted unseen cards by
the index given, the cards R3.1a put under the pile keeping their known order."""

from __future__ import annotations

import copy
import random

import pytest

from famiglia.rules import (
    DECK,
    PASS,
    Action,
    CardMoved,
    DamagedRecord,
    Game,
    Refresh,
    Reshuffled,
    Zone,
    read_record,
    write_record,
)
from famiglia.rules.cards import NON_START, Card
from famiglia.rules.draws import CountingDraws, OutsideDraws, ReplayedDraws, SeededShuffle
from famiglia.rules.rng import Rng
from famiglia.rules.setup import Setup


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
    street, _, known = source.take(pile, 0, 6)
    assert [card.code for card in street] == game["street"]
    rest = source.take(pile, known, 100).cards
    assert [card.code for card in rest] == game["draw_pile"]
    assert pile == []


def test_the_seeded_shuffle_reshuffles_as_the_generator_does_r4_2() -> None:
    rng = Rng(7)
    expected = list(NON_START[:10])
    Rng(7).shuffle(expected)
    assert laid(SeededShuffle(rng), list(NON_START[:10]))[::-1] == expected


def test_the_seeded_shuffle_takes_the_top_and_shortens_the_known_bottom_r3_1a() -> None:
    pile = list(DECK[:5])  # bottom first: DECK[4] is the top
    drawn, from_top, known = SeededShuffle(Rng(0)).take(pile, 3, 3)
    assert drawn == [DECK[4], DECK[3], DECK[2]]
    assert from_top == [0, 0, 0]
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
    drawn, from_top, known = source.take(pile, 0, 3)
    assert drawn == [NON_START[-1], NON_START[-2], NON_START[-3]]
    assert from_top == [51, 50, 49]  # the pile lies in id order, the lowest on top
    assert asked == [52, 51, 50]
    assert known == 0 and len(pile) == 49


def test_outside_draws_never_choose_among_the_known_bottom_r3_1a() -> None:
    unseen = [DECK[30], DECK[10], DECK[20]]
    known = [DECK[50], DECK[40]]  # DECK[40] returned first: it lies above DECK[50]
    pile = known + unseen
    picks = iter([1, 0])
    source = OutsideDraws(lambda n: next(picks))
    drawn, from_top, left = source.take(pile, 2, 5)
    # sorted unseen: 10, 20, 30 -> index 1 is DECK[20]; then 10, 30 -> index 0 is DECK[10];
    # the last unseen card needs no choice; then the known cards from the top down
    assert drawn == [DECK[20], DECK[10], DECK[30], DECK[40], DECK[50]]
    assert pile == [] and left == 0
    assert from_top == [0, 0, 0, 0, 0]  # each lay on top of what was left when drawn


def test_outside_draws_stop_when_the_pile_is_used_up() -> None:
    pile = [DECK[5], DECK[6]]
    drawn, _, known = OutsideDraws(lambda n: 0).take(pile, 1, 6)
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
    drawn = source.take(pile, 0, 8).cards
    assert source.counts == [8, 7, 6, 5, 4, 3, 2]  # the last card needs no choice
    assert drawn == list(NON_START[:8])  # the first candidate each time
    copied = source.copy()
    assert copied.counts == source.counts and copied.counts is not source.counts


def test_a_copy_of_outside_draws_dry_runs_and_never_spends_the_real_choices() -> None:
    spent: list[int] = []

    def spend(candidates: int) -> int:
        spent.append(candidates)
        return 0

    source = OutsideDraws(spend)
    copied = source.copy()
    assert isinstance(copied, CountingDraws)
    copied.take(list(NON_START[:5]), 0, 3)
    assert spent == [] and copied.counts == [5, 4, 3]


def drawing_action(game: Game, rng: random.Random) -> Action:
    """A random legal action that draws often: a refresh when one is allowed (most of the
    time), else anything but a pass when there is something else."""
    legal = game.legal_actions()
    refreshes = [action for action in legal if isinstance(action, Refresh)]
    if refreshes and rng.random() < 0.7:
        return rng.choice(refreshes)
    return rng.choice([action for action in legal if action != PASS] or legal)


def follow_draws(seed: int, *, outside: bool = False) -> tuple[bool, int]:
    """Play the game dealt by ``seed`` with random legal actions while a model pile follows
    its events through a draw source, and check that every card the core draws (R2.4, R3.1,
    R4.1) is one the source draws: with a :class:`SeededShuffle` of the same seed, the very
    card, the reshuffle (R4.2) laying the cards in the source's order; with ``outside``, the
    card is among :class:`OutsideDraws`'s candidates (the unseen cards, never the ones R3.1a
    put under the pile while an unseen card is left), and the source draws it when chosen.
    Returns whether the game reshuffled and how many cards R3.1a returned under the pile."""
    rng = random.Random(seed)
    game = Game.new(seed)
    wanted: list[int] = []

    def choose(candidates: int) -> int:
        ordered = sorted(pile[known:], key=lambda card: card.id)
        assert len(ordered) == candidates
        return [card.id for card in ordered].index(wanted[0])

    source: SeededShuffle | OutsideDraws = OutsideDraws(choose) if outside else SeededShuffle(
        Rng(seed))
    pile = laid(source, list(NON_START))
    known = 0
    discard: list[Card] = []
    reshuffled, returned = False, 0

    def draw(card: int) -> None:
        nonlocal known
        wanted[:] = [card]
        (drawn,), _, known = source.take(pile, known, 1)
        assert drawn.id == card

    for card in game.zone_ids(Zone.STREET):
        draw(card)
    while not game.is_terminal():
        events = game.apply(drawing_action(game, rng))
        for event in events:
            if isinstance(event, Reshuffled):
                reshuffled = True
                arranged = discard[:]
                source.arrange(arranged)
                moved = [e.card for e in events[events.index(event) + 1:]
                         if isinstance(e, CardMoved) and e.source is Zone.DISCARD]
                if not outside:
                    assert moved == [card.id for card in arranged]
                pile[:], discard = arranged[::-1], []
            elif isinstance(event, CardMoved) and event.target is Zone.DISCARD:
                discard.append(DECK[event.card])
            elif isinstance(event, CardMoved) and event.target is Zone.DRAW_PILE \
                    and event.source is Zone.STREET:
                pile.insert(0, DECK[event.card])  # R3.1a: under the pile, in the open
                known += 1
                returned += 1
            elif isinstance(event, CardMoved) and event.source is Zone.DRAW_PILE:
                draw(event.card)
    assert sorted(card.id for card in pile) == sorted(game.zone_ids(Zone.DRAW_PILE))
    if not outside:
        assert [card.id for card in pile[::-1]] == list(game.zone_ids(Zone.DRAW_PILE))
    return reshuffled, returned


def test_the_seeded_shuffle_draws_every_card_of_whole_games_as_the_core_does() -> None:
    """R2.2, R2.4, R3.1, R3.1a, R4.1, R4.2: the same deals, refreshes, refills and reshuffles
    over whole games, so that local games keep their deals through the draw source."""
    results = [follow_draws(seed) for seed in range(40)]
    assert sum(reshuffled for reshuffled, _ in results) >= 30
    assert sum(returned for _, returned in results) >= 100


def test_outside_draws_can_draw_every_card_of_whole_games_and_only_unseen_ones_r3_1a() -> None:
    """The candidates of every draw are exactly the cards that can come next: the unseen
    ones, and the cards R3.1a returned only once none is left, in their known order."""
    results = [follow_draws(seed, outside=True) for seed in range(40)]
    assert sum(reshuffled for reshuffled, _ in results) >= 30
    assert sum(returned for _, returned in results) >= 100


def test_replayed_draws_repeat_the_recorded_indices_and_refuse_other_draws() -> None:
    chooser = ReplayedDraws([(5, 4), (4, 0)])
    pile = laid(OutsideDraws(chooser), list(NON_START[:5]))
    drawn = OutsideDraws(chooser).take(pile, 0, 2).cards
    assert drawn == [NON_START[4], NON_START[0]] and chooser.used == 2
    with pytest.raises(ValueError, match="draw 3 is not among the 2 recorded"):
        chooser(3)
    with pytest.raises(ValueError, match="recorded among 5 cards, not 6"):
        ReplayedDraws([(5, 1)])(6)


def test_a_joint_game_draws_only_through_its_source_and_its_copies_never_spend_it_r5_4(
        ) -> None:
    """The deal (R2.4) takes six choices; a refresh (R3.1) as many as it draws; a copy and a
    search's resample (R5.4) draw without asking the real source."""
    asked: list[int] = []

    def last(candidates: int) -> int:
        asked.append(candidates)
        return candidates - 1

    game = Game.new(0, draws=OutsideDraws(last))
    assert asked == [52, 51, 50, 49, 48, 47]
    assert [card.id for card in game.street] == sorted(c.id for c in NON_START)[-6:][::-1]
    refresh = next((a for a in game.legal_actions() if isinstance(a, Refresh)), None)
    searched = game.resample(5)
    for action in searched.legal_actions()[:3]:
        searched.copy().push(action)
    copied = game.copy()
    for action in copied.legal_actions():
        copied.copy().push(action)
    assert len(asked) == 6
    if refresh is not None:
        needed = game.draw_choices(refresh)
        assert len(asked) == 6 and len(needed) == game.street[refresh.street].rank
        game.push(refresh)
        assert asked[6:] == needed
    assert Game.new(42).draw_choices(PASS) == []  # one table: nothing decided outside


@pytest.mark.parametrize("seed", range(12))
def test_a_joint_draw_is_told_from_where_the_card_lay_r2_4(seed: int) -> None:
    """R2.4, R3.1, R4.1, R4.2: every card a networked game draws leaves the draw pile from
    its real place, so the table's picture (which follows the events) never drifts from the
    core: each event's ``from_index`` names the card there, top first."""
    rng = random.Random(seed)
    game = Game.new(0, draws=OutsideDraws(lambda n: rng.randrange(n)))
    zones = {zone: list(game.zone_ids(zone)) for zone in Zone}
    drawn = 0
    while not game.is_terminal():
        for event in game.apply(drawing_action(game, rng)):
            if isinstance(event, CardMoved):
                assert zones[event.source][event.from_index] == event.card, event
                zones[event.source].pop(event.from_index)
                zones[event.target].insert(event.to_index, event.card)
                drawn += event.source is Zone.DRAW_PILE
    assert zones == {zone: list(game.zone_ids(zone)) for zone in Zone}
    assert drawn > 20


def joint_game_played(seed: int) -> Game:
    """A whole game drawn through outside choices, with random legal actions."""
    rng = random.Random(seed)
    game = Game.new(0, first_player=seed % 2, draws=OutsideDraws(lambda n: rng.randrange(n)))
    while not game.is_terminal():
        game.apply(drawing_action(game, rng))
    return game


@pytest.mark.parametrize("seed", range(4))
def test_a_joint_games_setup_lists_its_draws_and_deals_it_again_r2(seed: int) -> None:
    """The setup and the moves are the history of a game between two computers too: dealt
    again with the draws chosen, the moves replay to the same game (R2.4, R3.1, R4.1, R4.2),
    and the saved form loads back."""
    game = joint_game_played(seed)
    setup = game.setup
    assert setup.draws is not None and len(setup.draws) > 20
    assert Setup.from_dict(setup.to_dict()) == setup
    again = Game.from_setup(setup)
    for _step in again.replay_moves(game.move_stack):
        pass
    assert again.to_dict() == game.to_dict()
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()


def test_a_game_of_one_table_has_no_draws_in_its_setup() -> None:
    setup = Game.new(5).setup
    assert setup.draws is None and "draws" not in setup.to_dict()


def test_a_copy_of_a_joint_game_keeps_the_setup_it_had() -> None:
    game = joint_game_played(9)
    assert game.copy().setup == game.setup


@pytest.mark.parametrize("draws", [[[1, 0]], [[5, 5]], [[53, 0]], [[3, -1]], [[3]], "x",
                                   [[2, True]], [[2, 0]] * 201])
def test_setup_draws_that_no_game_makes_are_refused(draws: object) -> None:
    with pytest.raises(ValueError, match="draws"):
        Setup.from_dict({"seed": 0, "draws": draws})


def test_setup_draws_go_with_a_game_of_two_players_alone() -> None:
    with pytest.raises(ValueError, match="two players alone"):
        Setup.from_dict({"seed": 0, "opponent": "gangster", "draws": [[5, 1]]})


def test_a_joint_games_record_reads_back_and_one_changed_anywhere_is_refused() -> None:
    """A record's setup holds the draws; a draw changed, one more or one less, or a move
    changed, is a damaged record naming what breaks."""
    game = joint_game_played(3)
    record = write_record(game)
    assert read_record(record).to_dict() == game.to_dict()
    changed = copy.deepcopy(record)
    draw = changed["setup"]["draws"][10]
    draw[1] = (draw[1] + 1) % draw[0]
    with pytest.raises(DamagedRecord):
        read_record(changed)
    longer = copy.deepcopy(record)
    longer["setup"]["draws"].append([2, 0])
    with pytest.raises(DamagedRecord, match="no move made"):
        read_record(longer)
    shorter = copy.deepcopy(record)
    del shorter["setup"]["draws"][-1]
    with pytest.raises(DamagedRecord, match="does not draw what the setup recorded"):
        read_record(shorter)


def test_a_copy_of_a_joint_game_dealt_again_replays_on_identically() -> None:
    """Draws read from a record are no secret: a copy of the game dealt again from them (the
    replay viewer's steps, the analysis) plays the same cards (R2.4, R3.1, R4.1, R4.2); a copy
    of a game whose draws are being decided still never spends them."""
    game = joint_game_played(5)
    copied = Game.from_setup(game.setup).copy()
    for _step in copied.replay_moves(game.move_stack):
        pass
    assert copied.to_dict() == game.to_dict()
