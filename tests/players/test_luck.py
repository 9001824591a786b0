"""Luck told apart from skill (famiglia.players.report): every card drawn (a refresh R3.1, the
refill R4.1, the reshuffle R4.2) gets its luck, and for each seat the luck and the decisions'
costs add up exactly to the change in its winning chances from its first decision to the end
of the game (R5.3: 100 % won, 0 % lost, 50 % a draw)."""

from __future__ import annotations

import pytest
from test_analysis import HUMANS, TINY, greedy_game

from famiglia.players.analysis import (
    EQUAL,
    Analysis,
    Decision,
    Draw,
    DrawKind,
    Step,
    analyse,
    draws,
)
from famiglia.rules import Game, Refresh, read_record, write_record


def _change(analysis: Analysis, seat: int) -> float:
    chain = analysis.chain()
    start, end = chain[0].chances, chain[-1].chances
    return end - start if seat == 0 else start - end


def _explained(analysis: Analysis, seat: int) -> float:
    """The seat's luck less its own decisions' costs plus the opponent's."""
    everything = analysis.everything()
    own = sum(d.cost for d in everything if d.seat == seat)
    other = sum(d.cost for d in everything if d.seat != seat)
    luck = sum(luck.for_seat(seat) for luck in analysis.lucks())
    return luck - own + other


@pytest.mark.parametrize("seed", [3, 8])
def test_luck_and_decisions_add_up_to_the_change_in_chances(seed: int) -> None:
    """R4.1, R4.2, R5.3: in a whole analysed game, for both seats, the luck of the draws less
    the seat's decision costs plus the opponent's is exactly the change in its chances."""
    record = write_record(greedy_game(seed), names=("Anna", "Bruno"), seats=HUMANS)
    analysis = analyse(record, effort=TINY)
    assert analysis.final in (0.0, 50.0, 100.0)
    assert analysis.chain()[-1].step is Step.END
    assert analysis.chain()[-1].chances == analysis.final
    assert analysis.lucks()
    for seat in (0, 1):
        summary = analysis.summary(seat)
        assert summary.end - summary.start == pytest.approx(
            summary.luck - summary.cost + summary.gained, abs=0.05 * (
                len(analysis.everything()) + len(analysis.lucks())))
        assert _explained(analysis, seat) == pytest.approx(_change(analysis, seat), abs=0.05 * (
            len(analysis.everything()) + len(analysis.lucks())))
        assert summary.luck == pytest.approx(sum(item.for_seat(seat) for item in analysis.lucks()),
                                             abs=0.05 * len(analysis.lucks()) + 0.05)


def test_every_card_drawn_is_noted_with_the_action_that_drew_it() -> None:
    """R3.1: a refresh draws as many cards as the rank of the card it discards; R4.1: a turn
    that leaves the Street empty refills it with six; R4.2: the reshuffle is marked.  Each
    group names the seat whose action drew it, and its cards lie at the right end of the
    Street right after that action."""
    game = greedy_game(6)
    final = read_record(write_record(game, seats=HUMANS))
    found = {draw.ply: draw for draw in draws(final)}
    replay = Game.from_setup(final.setup)
    refreshes = refills = 0
    for ply, move in enumerate(final.move_stack):
        before = replay.copy()
        replay.push(move.action)
        draw = found.get(ply)
        if isinstance(move.action, Refresh):
            refreshes += 1
            assert draw is not None and draw.kind is DrawKind.REFRESH and draw.seat == move.seat
            wanted = before.street[move.action.street].rank
            assert len(draw.cards) == wanted or not replay.draw_pile
        elif not before.is_terminal() and replay.street and draw is not None:
            refills += 1
            assert draw.kind is DrawKind.REFILL
            assert len(draw.cards) == 6 or not replay.draw_pile
        if draw is not None:
            assert [card.code for card in replay.street[-len(draw.cards):]] == list(draw.cards)
    assert refreshes and refills
    assert sum(draw.reshuffle for draw in found.values()) == (1 if game.reshuffled else 0)


def test_a_draws_luck_is_the_change_it_brought_against_the_average() -> None:
    """The chances measured after the cards came less those before them (the move that drew
    them, measured over every way the draw pile could have been dealt, R5.4); decisions move
    the chances only by their costs, and moves within the noise cost nothing."""
    decisions = (
        Decision(0, 0, 1, "refresh 2", "refresh 2", 50.0, 50.0),
        Decision(1, 0, 1, "take 6", "take 6", 70.0, 70.0),
        Decision(2, 1, 2, "take 1", "take 3", 20.0, 20.0 + EQUAL / 2),
        Decision(3, 0, 3, "pass", "take 0", 60.0, 72.0),
        Decision(4, 1, 4, "pass", "pass", 100.0, 100.0),
    )
    drawn = (Draw(0, 0, DrawKind.REFRESH, ("F3", "A1")),)
    analysis = Analysis("expert", 1, (0, 1), decisions, (), drawn, 0.0)
    chain = analysis.chain()
    assert [(p.ply, p.chances, p.step) for p in chain] == [
        (0, 50.0, Step.START), (0, 50.0, Step.DECISION), (0, 70.0, Step.LUCK),
        (1, 70.0, Step.DECISION), (2, 70.0, Step.DECISION), (3, 58.0, Step.DECISION),
        (4, 58.0, Step.DECISION), (5, 0.0, Step.END)]
    luck = analysis.lucks()
    assert [item.points for item in luck] == [20.0, -58.0]
    assert all(item.draws == drawn for item in luck)
    assert chain[-1].luck == luck[-1]
    assert decisions[2].about_equal and decisions[2].cost == 0 and decisions[2].verdict is None
    summary = analysis.summary(0)
    assert summary.cost == 12.0 and summary.luck == pytest.approx(-38.0)
    assert summary.luck - summary.cost + analysis.summary(1).cost == pytest.approx(0.0 - 50.0)
