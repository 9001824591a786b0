"""Every seat policy of Famiglia, pure Python over the rules core's public API only.

``make_player(kind, seed=..., **options)`` builds one (a :class:`PlayerKind`); a player's
``choose(game)`` answers a legal action for the seat to move; :func:`play_game` is the one loop
that plays a game with them (the Gangster's program plays its own turns, S4).  The benchmark,
the simulation, the arena, the attract mode, the table and the tests all go through here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

if TYPE_CHECKING:
    from .base import Player, play_game
    from .greedy import GreedyPlayer, greedy_action
    from .kinds import PlayerKind
    from .make import make_player
    from .mcts import MctsPlayer
    from .random_players import (
        POLICIES,
        RandomPlayer,
        balanced_random,
        no_pass_random,
        uniform_random,
    )
    from .seats import ComputerLevel, Seat, SeatKind
else:
    # each name's module is loaded when the name is first used (the title needs the seats'
    # kinds and levels, not the players)
    __getattr__, __dir__ = lazy_exports(__name__, {
        "base": ("Player", "play_game"),
        "greedy": ("GreedyPlayer", "greedy_action"),
        "kinds": ("PlayerKind",),
        "make": ("make_player",),
        "mcts": ("MctsPlayer",),
        "random_players": (
            "POLICIES", "RandomPlayer", "balanced_random", "no_pass_random", "uniform_random"),
        "seats": ("ComputerLevel", "Seat", "SeatKind"),
    })

__all__ = [
    "POLICIES",
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
