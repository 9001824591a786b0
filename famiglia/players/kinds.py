"""The kinds of player :func:`famiglia.players.make_player` builds, by the names the command
line (``famiglia arena random greedy``), the benchmark and the tests call them."""

from __future__ import annotations

from enum import StrEnum


class PlayerKind(StrEnum):
    #: Any legal action, all equally likely.
    RANDOM = "random"
    #: Any legal action but pass, which comes only when nothing else is legal.
    NO_PASS_RANDOM = "no_pass_random"
    #: A random kind of action, then a random action of that kind (the attract mode).
    BALANCED = "balanced"
    #: The most valuable card it can pay for this turn.
    GREEDY = "greedy"
    #: The search player at a level (``players.seats.ComputerLevel``) or an iteration count.
    MCTS = "mcts"
