"""Building a seat policy by its kind's name: the command line, the benchmark, the table's
thinking worker and the tests all build their players here."""

from __future__ import annotations

from typing import Any

from .base import Player
from .greedy import GreedyPlayer
from .kinds import PlayerKind
from .mcts import MctsPlayer
from .random_players import POLICIES, RandomPlayer


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
