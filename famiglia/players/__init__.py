"""Every seat policy of Famiglia, pure Python over the rules core's public API only.

``make_player(kind, seed=..., **options)`` builds one (a :class:`PlayerKind`); a player's
``choose(game)`` answers a legal action for the seat to move; :func:`play_game` is the one loop
that plays a game with them (the Gangster's program plays its own turns, S4).  The benchmark,
the simulation, the arena, the attract mode, the table and the tests all go through here.
"""

from __future__ import annotations

from typing import Any

from .base import Player, play_game
from .greedy import GreedyPlayer, greedy_action
from .kinds import PlayerKind
from .mcts import MctsPlayer
from .random_players import POLICIES, RandomPlayer, balanced_random, no_pass_random, uniform_random
from .seats import ComputerLevel, Seat, SeatKind


def make_player(kind: PlayerKind | str, *, seed: int | None = None, **options: Any) -> Player:
    """A seat policy of a :class:`PlayerKind` (the search player's options: ``level`` — a
    :class:`ComputerLevel`, the default the strongest — or ``iterations``, and ``seconds`` to
    change the time cap).  The same ``seed`` gives the same choices; ``None`` draws one."""
    if kind in POLICIES:
        _no_options(kind, options)
        return RandomPlayer(POLICIES[PlayerKind(kind)], seed, kind)
    if kind == PlayerKind.GREEDY:
        _no_options(kind, options)
        return GreedyPlayer()
    if kind == PlayerKind.MCTS:
        unknown = set(options) - {"level", "iterations", "seconds"}
        if unknown:
            raise ValueError(f"mcts takes level, iterations or seconds, not {sorted(unknown)}")
        return MctsPlayer(seed=seed, **options)
    raise ValueError(f"unknown player kind {kind!r}; the kinds are {', '.join(PlayerKind)}")


def _no_options(kind: str, options: dict[str, Any]) -> None:
    if options:
        raise ValueError(f"a {kind} player takes no options, not {sorted(options)}")


__all__ = [
    "ComputerLevel",
    "GreedyPlayer",
    "MctsPlayer",
    "Player",
    "PlayerKind",
    "RandomPlayer",
    "Seat",
    "SeatKind",
    "balanced_random",
    "greedy_action",
    "make_player",
    "no_pass_random",
    "play_game",
    "uniform_random",
]
