"""What happened, as immutable values the renderer animates and the log describes.

``Game.apply`` returns a list of events.  Every card movement is a :class:`CardMoved` between two
:class:`~famiglia.rules.zones.Zone` values, with the
index the card left and entered (street: position from the left; draw pile: 0 is the top; hands,
play areas and discard: list order as in ``Game.to_dict``).  Removing the card at ``from_index``
and inserting it at ``to_index``, event by event, turns the layout before an action into the
layout after it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from .scoring import DecidedBy
from .zones import Zone

if TYPE_CHECKING:
    from .actions import Action
    from .messages import Message


class Event:
    """Base of all events; ``to_dict()`` is the JSON form with a ``"type"``."""

    __slots__ = ()
    type: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)  # type: ignore[call-overload]
        data["type"] = self.type
        return data


@dataclass(frozen=True, slots=True)
class ActionPlayed(Event):
    """A player's (or the Gangster's) action was accepted; first event of every ``apply``."""

    seat: int
    action: Action
    type: ClassVar[str] = "action"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "action", "seat": self.seat, "action": self.action.to_dict(),
                "notation": str(self.action)}


@dataclass(frozen=True, slots=True)
class ActionUndone(Event):
    """``Game.undo`` took back ``seat``'s ``action``; the ``card_moved`` events that follow
    carry its cards home (and a Brute's ``rank_lowered`` with ``by`` 0 restores the rank)."""

    seat: int
    action: Action
    type: ClassVar[str] = "action_undone"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "action_undone", "seat": self.seat, "action": self.action.to_dict(),
                "notation": str(self.action)}


@dataclass(frozen=True, slots=True)
class CardMoved(Event):
    card: int
    code: str
    source: Zone
    target: Zone
    from_index: int
    to_index: int
    type: ClassVar[str] = "card_moved"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "card_moved", "card": self.card, "code": self.code,
                "from": self.source, "to": self.target,
                "from_index": self.from_index, "to_index": self.to_index}


@dataclass(frozen=True, slots=True)
class RankLowered(Event):
    """R3.3: the Street card at ``street`` counts as ``rank`` for the rest of the turn."""

    card: int
    code: str
    street: int
    by: int
    rank: int
    type: ClassVar[str] = "rank_lowered"


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """R4.2: the discard pile became the draw pile; ``count`` card moves to it follow."""

    count: int
    type: ClassVar[str] = "reshuffled"


@dataclass(frozen=True, slots=True)
class FinalRound(Event):
    """R5.1: the draw pile ran out for the second time; the game ends after turn ``last_turn``
    (numbered from 0), which is a turn of ``last_seat``."""

    last_turn: int
    last_seat: int
    type: ClassVar[str] = "final_round"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """R3.4d: ``seat`` ended its turn without taking a card."""

    seat: int
    type: ClassVar[str] = "passed"


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    turn: int
    type: ClassVar[str] = "turn_started"


@dataclass(frozen=True, slots=True)
class GangsterStep(Event):
    """S4: what a step of the Gangster's program looked for and what it did, in words."""

    step: int
    text: Message
    type: ClassVar[str] = "gangster_step"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "gangster_step", "step": self.step, "text": str(self.text)}


class EndReason(StrEnum):
    """Why a game ended: two passes in a row (R5.2), the last turn of the final round (R5.1),
    or a player gave up."""

    DOUBLE_PASS = "double_pass"
    FINAL_ROUND = "final_round"
    RESIGNED = "resigned"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """R5.2/R5.3 (and S5): the final scores and how the winner was decided.

    For a tie-break (``decided_by`` :attr:`DecidedBy.TIE_BREAK`), ``tie_break_card`` is which
    card decided (1 = each player's single most valuable card, 2 = the next-highest, …, over the
    cards worth at least 1 VP) and ``tie_break_vp`` the two cards' VP.  ``ranking_value`` is set
    only for a solo game the human won.
    """

    scores: tuple[int, int]
    winner: int | None
    decided_by: DecidedBy
    reason: EndReason
    tie_break_card: int | None = None
    tie_break_vp: tuple[int, int] | None = None
    ranking_value: int | None = None
    solo: bool = field(default=False)
    type: ClassVar[str] = "game_over"

    def to_dict(self) -> dict[str, Any]:
        data = {
            "type": "game_over",
            "scores": list(self.scores),
            "winner": self.winner,
            "decided_by": self.decided_by,
            "reason": self.reason,
            "tie_break_card": self.tie_break_card,
            "tie_break_vp": list(self.tie_break_vp) if self.tie_break_vp else None,
        }
        if self.solo:
            data["ranking_value"] = self.ranking_value
        return data
