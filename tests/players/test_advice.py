"""One voice for hints and the analysis (famiglia.players.advice): the same procedure answers
both, so a move played on a hint is never rated worse than the hint; the advice is a whole
turn up to the next card drawn (R3: refresh, Accountant and exchanges, Brute, take or pass),
never depending on cards nobody has seen (R5.4).  Small search budgets keep each test to
seconds."""

from __future__ import annotations

import pytest
from positions import game_at
from test_analysis import SMALL, greedy_game

from famiglia.players import GreedyPlayer, Seat
from famiglia.players.advice import SEED, Effort, advise
from famiglia.players.analysis import DEFAULT_SEED, Position, analyse, analyse_position
from famiglia.rules import Accountant, Game, Pass, Refresh, Take, parse_action, write_record


def test_the_analysis_and_the_hints_share_their_seed() -> None:
    assert DEFAULT_SEED == SEED


def test_a_move_played_on_a_hint_is_never_rated_worse_than_the_hint() -> None:
    """Seat 0 plays every step the advice gives (as a person pressing Enter on each hint),
    seat 1 plays greedy; the analysis of the game finds each of seat 0's moves the best."""
    game = Game.new(21)
    greedy = GreedyPlayer()
    while not game.is_terminal() and game.turn < 12:
        if game.current == 0:
            game.push(parse_action(advise(game, effort=SMALL).best.move))
        else:
            game.push(greedy.choose(game))
    record = write_record(game, names=("Anna", "Bruno"), seats=(Seat.human(), Seat.human()))
    analysis = analyse(record, seats=(0,), effort=SMALL)
    assert len(analysis.decisions) > 8
    for decision in analysis.decisions:
        assert decision.best_played and decision.loss == 0 and decision.cost == 0, decision
        assert decision.verdict is None


def test_the_advice_never_reads_the_order_of_the_draw_pile() -> None:
    """R5.4: the same position with the cards nobody has seen in another order gets the same
    advice."""
    first = greedy_game(5, turns=10)
    seen = 52 - len(first.draw_pile)
    dealt = Game.new(5)
    deck = [card.code for card in dealt.street] + [card.code for card in
                                                   reversed(dealt.draw_pile)]
    other = deck[:seen] + deck[seen:][::-1]
    assert other != deck
    games = []
    for order in (deck, other):
        game = Game.new(5, deck=order)
        for played in first.move_stack:
            game.push(played.action)
        games.append(game)
    assert advise(games[0], effort=SMALL) == advise(games[1], effort=SMALL)


@pytest.mark.parametrize("seed", [2, 7])
def test_a_turn_goes_up_to_the_next_card_drawn_and_never_depends_on_it(seed: int) -> None:
    """R3: the advice is a turn: its steps follow the order of R3 and only its last can end
    the turn (a take or a pass); after a refresh (R3.1) a step belongs to it only when it is
    the same move whatever the refresh brings, so every step can be played on any deal of the
    cards nobody has seen (R5.4)."""
    game = greedy_game(seed, turns=6)
    while not game.is_terminal() and game.turn < 18:
        advice = advise(game, effort=SMALL)
        line = [parse_action(step) for step in advice.best.line]
        assert all(not isinstance(step, Take | Pass) for step in line[:-1])
        for deal_seed in range(15):
            deal = game.resample(deal_seed)
            for step in line:
                assert step in deal.legal_actions(), (advice.best.line, step)
                deal.push(step)
        game.push(GreedyPlayer().choose(game))


def test_an_accountant_turn_shows_its_exchange_and_the_take_it_makes_possible() -> None:
    """R3.2, R3.4b: Famiglia 2 (6 VP) can be taken with two Famiglia 1 once the Accountant
    has brought the exhausted one back from the play area; the advice is that whole turn
    (the Street's Accountant 0 rules out a refresh, R3.1, so the other choice is a free card
    of 0 VP)."""
    game = game_at(current=0, first_player=0, hands=("F0 A0 B0 M0 A1 F1", "F0 A0 B0 M0"),
                   play_areas=("F1", ""), street="F2 B3 A3 M3 B2 A0")
    advice = advise(game, effort=Effort(search=300, searches=1, proposals=2, measure=200))
    line = [parse_action(step) for step in advice.best.line]
    assert isinstance(line[0], Accountant) and line[0].card == "A1"
    assert any(str(step).startswith("exchange F1") for step in line)
    take = line[-1]
    assert isinstance(take, Take) and game.street[take.street].code == "F2"
    assert not any(isinstance(step, Refresh) for step in line)


def test_two_moves_that_come_to_the_same_are_called_equal() -> None:
    """R1.3: the Street holds two Accountant 0; taking one or the other (R3.4a) comes to the
    same, so whichever was played, the analysis calls it the best or about equal: never a
    cost, never a verdict."""
    game = game_at(current=0, first_player=0, hands=("F0 A0 B0 M0", "F0 A0 B0 M0"),
                   street="F2 A0 B3 A0 M3 B2")
    zeros = [index for index, card in enumerate(game.street) if card.code == "A0"]
    for index in zeros:
        decision = analyse_position(Position(0, game, parse_action(f"take {index}")),
                                    effort=SMALL)
        assert decision.best_played or decision.about_equal, decision
        assert decision.cost == 0 and decision.verdict is None
