"""What every seat policy is, and the one loop that plays a game with them."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol

from ..rules import Action, Game


class Player(Protocol):
    """A seat policy (OpenSpiel's bot with ``step(state)``): ``choose`` answers one legal action
    of ``game.legal_actions()`` for the seat to move.  It sees the whole :class:`Game` object
    but may use only what that seat knows (docs/rules.md R5.4): hidden cards only through
    ``game.resample``."""

    name: str

    def choose(self, game: Game) -> Action: ...


def play_game(game: Game, players: Sequence[Player | None]) -> Game:
    """Play ``game`` to its end and return it: ``players[seat]`` chooses for each seat; in a
    solo game the Gangster's program plays its own turns (S4), so its entry may be ``None``.

    Actions go through ``game.push`` (the same checks as ``apply``, no events), so a player that
    answers an illegal action raises its ``IllegalAction`` here."""
    if game.opponent is None:  # two players (the benchmark): no Gangster to look out for
        first, second = players
        if first is None or second is None:
            raise ValueError("a two-player game needs a player for each seat")
        choose = (first.choose, second.choose)
        push = game.push
        while game.result is None:  # is_terminal() without a call per action
            push(choose[game.current](game))
        return game
    for _step in game.replay_moves(_choices(game, players), chosen=True):
        pass
    return game


def _choices(game: Game, players: Sequence[Player | None]) -> Iterator[tuple[int, Action]]:
    """Each seat's choice as the game asks for it (``Game.replay_moves`` plays the Gangster's
    turns itself), until the game is over."""
    while not game.is_terminal():
        seat = game.current
        player = players[seat]
        if player is None:
            raise ValueError(f"seat {seat} has no player")
        yield seat, player.choose(game)
