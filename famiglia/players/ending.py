"""What every seat policy knows about the end of the game by a double pass (docs/rules.md R5.2).

After the opponent's pass, a pass ends the game at once and the cards as they lie decide it
(R5.3).  So a seat that is ahead then wins by passing, and a seat that is behind loses by
passing, although anything else it may still do (a refresh that might bring a card to take,
an Accountant or a Brute that might make one affordable, a take) cannot lower its VP: playing
on is never worse.  The search player's rollouts, its root and the beginner's habits all ask
here, so that no level passes into a loss it could still play against.
"""

from __future__ import annotations

from ..rules import PASS, Action, Game, Pass


def passing_ends_the_game(game: Game) -> bool:
    """R5.2: the opponent passed in the turn before, so a pass now ends the game (the
    Gangster's turns are its program's, S4)."""
    return game.passed_last_turn and game.result is None and not game.is_gangster_turn()


def winner_if_passing(game: Game) -> int | None:
    """The seat that wins if the seat to move passes now and that ends the game (R5.2, R5.3);
    ``None`` for a draw.  Only asked when :func:`passing_ends_the_game`."""
    trial = game.copy()
    trial.push(PASS)
    assert trial.result is not None
    return trial.result.winner


def passing_wins(game: Game) -> bool:
    """Whether the seat to move wins the game by passing now (R5.2)."""
    return passing_ends_the_game(game) and winner_if_passing(game) == game.current


def playing_on(game: Game, actions: list[Action]) -> list[Action]:
    """``actions`` (legal in ``game``) without a pass that would end the game in a loss while
    anything else is legal (R5.2): nothing else can lower the mover's VP, and a take may
    still come."""
    if len(actions) < 2 or not passing_ends_the_game(game):
        return actions
    if winner_if_passing(game) != 1 - game.current:
        return actions
    return [action for action in actions if not isinstance(action, Pass)]
