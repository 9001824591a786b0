"""Winning chances: the probability that a seat wins from a position, fitted on outcomes.

:func:`leaf_chance` guesses from a position's few features (the VP margin and what the hands
can still buy, the cards still to come, whose turn it is) how often seat 0 wins when both
seats play on at :data:`PLAY_LEVEL`: a logistic model fitted on self-play games, shipped as
constants (``scripts/fit_chances.py`` fits them and prints how well they fit).  The advice's
chances are its mean at the end of the search's play-outs (:mod:`.measure`).  That mean was
checked on outcomes too: on 343 positions of self-play games not used for the fit, a second
logistic map from it to the results did no better than the mean itself (log loss 0.448
against 0.450), so the mean is the probability shown; ``famiglia calibration`` measures it.

A finished game is a certain win or loss (a draw counts half), and after the opponent's pass a
seat that is ahead wins by passing (R5.2), so the chances are certain there too.
"""

from __future__ import annotations

import math
from operator import attrgetter

from ..rules import Game
from .ending import passing_wins

#: The level whose play the chances stand for: both seats playing on at this level.
PLAY_LEVEL = "medium"

#: The cards still to come (:func:`cards_to_come`) at which the weights are fitted; between
#: two of them a weight is interpolated linearly, so that each feature counts as much as it
#: does at that stage of the game.
KNOTS = (0, 6, 14, 26, 40, 52)
#: A rank point in the hand counts as this many VP of margin at the start of the game, less
#: and less as the cards to come run out: the hand still pays for takes (R3.4b), one in the
#: play area is exhausted (R3.5) (fitted, scripts/fit_chances.py).
POWER = 12.0
#: The weights of the lead (the VP margin and the hands' rank points, :data:`POWER`) and of
#: having the move, at each of :data:`KNOTS` (fitted, scripts/fit_chances.py).
WEIGHTS: tuple[tuple[float, ...], ...] = (
    (0.184, 0.108, 0.088, 0.051, 0.029, -0.029),
    (0.782, 0.276, 0.155, 0.097, 0.003, -0.093),
)
_RANK = attrgetter("rank")


def cards_to_come(game: Game) -> int:
    """How many cards can still be taken in this game: the Street's, the draw pile's and,
    before the reshuffle, the discard pile's (R4.2: it becomes the next draw pile)."""
    waiting = 0 if game.reshuffled else len(game.discard)
    return len(game.street) + len(game.draw_pile) + waiting


def stage(left: int) -> tuple[int, float]:
    """Where ``left`` cards to come lie among :data:`KNOTS`: the knot below and how far
    towards the next one (0 to 1)."""
    for index in range(len(KNOTS) - 1):
        if left <= KNOTS[index + 1]:
            low, high = KNOTS[index], KNOTS[index + 1]
            return index, (max(left, low) - low) / (high - low)
    return len(KNOTS) - 2, 1.0


def features(game: Game) -> tuple[float, float]:
    """A running game's features, from seat 0's side: its lead (the VP margin, R5.3, and the
    lead in rank points in the hand, the cards that still pay for takes, R3.4b, each worth up
    to :data:`POWER` VP) and whose turn it is."""
    score0, score1 = game.scores
    hands = game.hands
    power = sum(map(_RANK, hands[0])) - sum(map(_RANK, hands[1]))
    worth = POWER * cards_to_come(game) / KNOTS[-1]
    return score0 - score1 + worth * power, 1.0 if game.current == 0 else -1.0


def log_odds(game: Game) -> float:
    """The model's log-odds that seat 0 wins: each feature times its weight at this stage."""
    index, towards = stage(cards_to_come(game))
    total = 0.0
    for weights, value in zip(WEIGHTS, features(game), strict=True):
        total += value * (weights[index] * (1.0 - towards) + weights[index + 1] * towards)
    return total


def logistic(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


def leaf_chance(game: Game) -> float:
    """The probability that seat 0 wins from ``game`` (a draw counts half) when both seats
    play on at :data:`PLAY_LEVEL`."""
    result = game.result
    if result is not None:
        return 0.5 if result.winner is None else float(result.winner == 0)
    if game.passed_last_turn and passing_wins(game):
        return float(game.current == 0)
    return logistic(log_odds(game))
