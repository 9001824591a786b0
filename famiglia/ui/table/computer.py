"""The computer seat at the table: the search player (``famiglia.players``, IS-MCTS at the
seat's level, R5.4: it never peeks) chooses each action in the :class:`Thinker`'s worker while
the window goes on; each action is announced in plain words (a :class:`Caption` held long
enough to read) before its cards move.

The words of an action (:func:`action_words`) serve the computer's captions and the hints:
"takes Famiglia 3 with Famiglia 2 and Mercenary 3, keeping Mercenary 3".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ...players.seats import Seat, SeatKind
from ...rules import (
    Accountant,
    Action,
    Brute,
    Event,
    Exchange,
    Game,
    Pass,
    Refresh,
    Take,
    parse_action,
)
from ...rules.cards import describe_code
from .flow import GangsterSeat, SeatController
from .thinker import Thinker, answer, search_options

#: How long a computer's caption holds the queue before its cards move (seconds at speed 1).
CAPTION_HOLD = 1.3


@dataclass(frozen=True, slots=True)
class Caption(Event):
    """The table's own event (never the core's): a caption over the table, ``heading`` above
    ``text``, holding the queue for ``hold`` seconds."""

    heading: str
    text: str
    hold: float = CAPTION_HOLD
    type: ClassVar[str] = "caption"


def _joined(codes: Sequence[str]) -> str:
    words = [describe_code(code.rstrip("*")) for code in codes]
    return " and ".join(words)


def action_words(game: Game, action: Action) -> str:
    """What ``action`` does, in words, for the position before it (a verb phrase without a
    subject: "plays Brute 2 on Famiglia 4, lowering it by 2")."""
    street = game.street
    if isinstance(action, Refresh):
        card = describe_code(street[action.street].code)
        return f"refreshes the Street with {card}"
    if isinstance(action, Accountant):
        rank = int(action.card.rstrip("*")[1:])
        return (f"plays {describe_code(action.card.rstrip('*'))}: up to {rank} "
                f"exchange{'s' if rank != 1 else ''}")
    if isinstance(action, Exchange):
        return (f"exchanges {describe_code(action.take.rstrip('*'))} from the play area for "
                f"{describe_code(action.give.rstrip('*'))} from the hand")
    if isinstance(action, Brute):
        target = describe_code(street[action.street].code)
        return (f"plays {describe_code(action.card.rstrip('*'))} on {target}, lowering it "
                f"by {action.by}")
    if isinstance(action, Take):
        card = describe_code(street[action.street].code)
        if not action.pay:
            return f"takes {card} for free"
        text = f"takes {card} with {_joined(action.pay)}"
        if action.keep is not None and len(set(action.pay)) > 1:
            text += f", keeping {describe_code(action.keep.rstrip('*'))} in the hand"
        return text
    if isinstance(action, Pass):
        acted = game.refreshed_this_turn or game.stage != "refresh"
        return "ends the turn without taking a card" if acted else "passes"
    return str(action)


def sentence(subject: str, words: str) -> str:
    """``subject`` and an :func:`action_words` phrase as one sentence."""
    return f"{subject} {words}."


def imperative(words: str) -> str:
    """An :func:`action_words` phrase as advice: "Take Famiglia 3 with …"."""
    verb, _, rest = words.partition(" ")
    base = {"refreshes": "Refresh", "plays": "Play", "exchanges": "Exchange",
            "takes": "Take", "ends": "End", "passes": "Pass"}.get(verb, verb.capitalize())
    rest = rest.replace(", keeping", ", keep")
    return f"{base} {rest}".strip() + "."


class ComputerSeat:
    """A :class:`~famiglia.ui.table.flow.SeatController` for a computer seat: asks the
    thinker for each action of its turn, then applies it with its caption."""

    def __init__(self, seat: Seat, thinker: Thinker, *, subject: str, heading: str) -> None:
        assert seat.level is not None, "a computer seat has a level"
        self.seat = seat
        self.thinker = thinker
        self.subject = subject
        self.heading = heading
        #: the position the question out is about (see :func:`position_key`)
        self._asked_for: tuple[int, str] | None = None

    @property
    def thinking(self) -> bool:
        return self._asked_for is not None

    def think(self, game: Game) -> None:
        """Start working out the move for ``game`` (once per position)."""
        key = position_key(game)
        if self._asked_for == key and self.thinker.busy:
            return
        self._asked_for = key
        self.thinker.ask(game, search_options(self.seat.level or "expert", self.seat.seed))

    def play(self, game: Game) -> list[Event] | None:
        """The move's caption and events once the answer is in, else ``None``."""
        self.think(game)
        reply = self.thinker.poll()
        if reply is None:
            return None
        self._asked_for = None
        notation, _ = reply
        if notation is None:  # the worker failed: think here, once, rather than stall
            notation = answer(game.to_dict(), search_options(self.seat.level or "expert",
                                                             self.seat.seed))
        action = parse_action(notation)
        caption = Caption(self.heading, sentence(self.subject, action_words(game, action)))
        return [caption, *game.apply(action)]

    def cancel(self) -> None:
        """The position changed under the question (an undo): drop its answer."""
        if self._asked_for is not None:
            self.thinker.cancel()
            self._asked_for = None


def position_key(game: Game) -> tuple[int, str]:
    """Which position a question is about: the number of actions and the last one."""
    moves = game.move_stack
    return (len(moves), str(moves[-1].action) if moves else "")


def settle_seats(seats: Sequence[Seat | str]) -> tuple[Seat, Seat]:
    """Two :class:`Seat` values (plain kinds such as ``"human"`` accepted); a computer seat
    without a seed gets one now, so that the save and the record keep it."""
    settled = []
    for seat in seats:
        value = seat if isinstance(seat, Seat) else Seat.from_dict(seat)
        if value.kind is SeatKind.COMPUTER and value.seed is None:
            value = Seat.computer(value.level or "expert", random.randrange(2**31))
        settled.append(value)
    if len(settled) != 2:
        raise ValueError(f"a table has two seats, not {len(settled)}")
    return settled[0], settled[1]


def seat_controllers(seats: Sequence[Seat], names: Sequence[str],
                     thinker: Thinker) -> list[SeatController | None]:
    """Who plays each seat that is not a person: the computer (its captions say "The
    computer" when it plays a person, its name when it plays itself) or the Gangster."""
    computers = sum(seat.kind is SeatKind.COMPUTER for seat in seats)
    controllers: list[SeatController | None] = []
    for index, seat in enumerate(seats):
        if seat.kind is SeatKind.COMPUTER:
            subject = "The computer" if computers == 1 else names[index]
            heading = f"{names[index]} · {seat.level}"
            controllers.append(ComputerSeat(seat, thinker, subject=subject, heading=heading))
        elif seat.kind is SeatKind.GANGSTER:
            controllers.append(GangsterSeat())
        else:
            controllers.append(None)
    if computers:
        thinker.start()
    return controllers
