"""A game's recent past as the table needs it: where every card lay when each of the last
turns began, replayed through the core from the game's setup and move stack
(``Game.replay_moves``: the Gangster's turns by its program, as a record is replayed).  A
resumed table marks the other side's last move with it, as the table marked it while that turn
was played.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ...rules import Game, Zone


@dataclass(frozen=True)
class TurnStart:
    """The moment a turn began: whose turn, the zone of every card, and how many actions
    the game had seen (its ``ply``)."""

    seat: int
    zones: dict[int, Zone]
    ply: int


def zones_of(game: Game) -> dict[int, Zone]:
    """The zone of every card of ``game`` (the core's ``zone_ids``)."""
    return {card_id: zone for zone in Zone for card_id in game.zone_ids(zone)}


def turn_starts(game: Game, last: int = 2) -> list[TurnStart]:
    """The starts of ``game``'s last ``last`` turns, the one under way last (fewer where the
    game has had fewer since its setup)."""
    replay = Game.from_setup(game.setup)
    starts = deque([TurnStart(replay.current, zones_of(replay), 0)], maxlen=last)
    turn, ply = replay.turn, 0
    for step in replay.replay_moves(game.move_stack):
        ply += len(step.actions)
        if replay.turn != turn:  # the step ended a turn and the next began (R3.4d, R4.1)
            turn = replay.turn
            starts.append(TurnStart(replay.current, zones_of(replay), ply))
    return list(starts)


def moved_between(before: TurnStart, after: TurnStart) -> frozenset[int]:
    """The cards whose zone changed from ``before`` to ``after``."""
    return frozenset(card_id for card_id, zone in after.zones.items()
                     if before.zones.get(card_id) != zone)
