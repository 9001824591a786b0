"""The one mutable game state, its fields declared in one place, and the turn under way.

:class:`GameState` holds the zones and the flow of the game; the parts of the rules core that
read and change it (a module per rule of the turn, the flow around them in ``turn.py``, the
Gangster's hooks, saving and loading) are mixins of it, and ``game.py`` puts them together as
:class:`~famiglia.rules.game.Game`.  The turn under way (R3) is one immutable
:class:`TurnState` value, replaced as the turn goes on, so copying a game shares it.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from operator import itemgetter
from typing import Any, NamedTuple

from .actions import Accountant, Action, Brute, Exchange, Refresh
from .cards import Card
from .draws import OutsideDraws
from .events import ActionPlayed, GameOver
from .messages import Message, msg
from .rng import Rng
from .setup import Opponent, Setup
from .zones import DISCARD, DRAW_PILE, Zone

#: R4.1: the Street is refilled to this many cards when it is empty at the end of a turn.
STREET_SIZE = 6


class Stage(StrEnum):
    """R3's order within a turn: refreshes only in the first stage, the Accountant's exchanges
    only in the second; taking or passing ends the turn from any stage."""

    REFRESH = "refresh"
    ACCOUNTANT = "accountant"
    BRUTE = "brute"


#: The stages as module names for the hot paths: in Python 3.11 reading a member off an Enum
#: class runs a descriptor, more than ten times slower than reading a global.
STAGE_REFRESH, STAGE_ACCOUNTANT, STAGE_BRUTE = Stage.REFRESH, Stage.ACCOUNTANT, Stage.BRUTE

#: R3's order, in one place: for each kind of action with a place in it, why it cannot follow
#: the stage the turn is in (``None``: it can).  Taking a card or passing follows any stage.
_TOO_LATE_TO_REFRESH = msg("You can refresh the Street only at the start of your turn, before "
                           "playing an Accountant or a Brute.")
AFTER_STAGE: dict[type[Action], dict[Stage, Message | None]] = {
    Refresh: {STAGE_REFRESH: None, STAGE_ACCOUNTANT: _TOO_LATE_TO_REFRESH,
              STAGE_BRUTE: _TOO_LATE_TO_REFRESH},
    Accountant: {
        STAGE_REFRESH: None,
        STAGE_ACCOUNTANT: msg("You have already played an Accountant this turn."),
        STAGE_BRUTE: msg("The Accountant comes before the Brute: it cannot follow it."),
    },
    Exchange: {
        STAGE_REFRESH: msg("Play an Accountant first: it allows the exchanges."),
        STAGE_ACCOUNTANT: None,
        STAGE_BRUTE: msg("The exchange ended when you played the Brute."),
    },
    Brute: {STAGE_REFRESH: None, STAGE_ACCOUNTANT: None,
            STAGE_BRUTE: msg("You have already played a Brute this turn.")},
}


#: R3's order, the other half: the stage each kind of action with a place in it leaves the turn
#: in (a take or a pass ends the turn).
STAGE_AFTER: dict[type[Action], Stage] = {Refresh: STAGE_REFRESH, Accountant: STAGE_ACCOUNTANT,
                                          Exchange: STAGE_ACCOUNTANT, Brute: STAGE_BRUTE}


class TurnState(NamedTuple):
    """What this turn has done so far (R3); its fields are listed here once, and building,
    changing, saving and loading one go by their names.

    ``fresh``: ids of the Street cards this turn's refreshes drew (R3.1d; a refresh always
    draws, so the turn refreshed exactly when there are some).  ``refreshes_after_reshuffle``:
    R3.1a/R3.1b allow one.  ``accountant``: the id of the Accountant played (R3.2), with
    ``exchanges_left`` and the ids ``moved`` (each card moves once).  ``lowered``/``lowered_by``:
    the Brute's target and amount (R3.3).

    An immutable named tuple rather than a frozen dataclass: most actions make one, and a
    tuple is built in one step where a frozen dataclass sets each field in turn.
    """

    stage: Stage = Stage.REFRESH
    fresh: frozenset[int] = frozenset()
    refreshes_after_reshuffle: int = 0
    accountant: int | None = None
    exchanges_left: int = 0
    moved: frozenset[int] = frozenset()
    lowered: int | None = None
    lowered_by: int = 0

    @property
    def refreshed(self) -> bool:
        return bool(self.fresh)

    def to_dict(self) -> dict[str, Any]:
        """The saved form: every field by its name, the sets as sorted lists and the stage by
        its value; ``lowered_by`` is saved with ``lowered`` as one pair ``[card id or null,
        amount]``, as the save format has it."""
        data = {name: _saved(value) for name, value in zip(self._fields, self, strict=True)}
        data["lowered"] = [data["lowered"], data.pop("lowered_by")]
        return data


def _saved(value: Any) -> Any:
    if isinstance(value, frozenset):
        return sorted(value)
    return value.value if isinstance(value, Stage) else value


#: The state every turn starts in (shared: a TurnState never changes).
TURN_START = TurnState()


def replacing(*names: str) -> Callable[..., TurnState]:
    """``replacing("fresh", "moved")(state, fresh, moved)`` is ``state._replace(fresh=fresh,
    moved=moved)``, one tuple built in C: the names are matched to the fields once, here, and
    ``_replace`` runs Python code for every field, where a refresh (the commonest action)
    makes a new state."""
    fields = TurnState._fields
    unknown = set(names) - set(fields)
    if unknown or len(set(names)) != len(names):
        raise ValueError(f"TurnState has the fields {', '.join(fields)}, not {names}")
    pick = itemgetter(*(names.index(name) if name in names else len(names) + index
                        for index, name in enumerate(fields)))
    new = tuple.__new__

    def replaced(state: TurnState, *values: Any) -> TurnState:
        return new(TurnState, pick(values + state))  # type: ignore[arg-type]

    return replaced


#: The move stack as a chain ``(previous, seat, action)``: appending is one tuple and copying a
#: game shares it.
MoveChain = tuple[Any, int, Action] | None


class UndoStep(NamedTuple):
    """What an Accountant, an exchange or a Brute changed (only the mover's hand and play area
    and the turn state), to put back on undo; ``stack`` is the move stack before it."""

    turn_state: TurnState
    hand: tuple[Card, ...]
    area: tuple[Card, ...]
    stack: MoveChain


class TurnEnd(NamedTuple):
    """What a take or a pass that showed nothing new changed, to put back on undo (R3.4): the
    turn state and the move stack before it, the mover's hand before a take (``None`` for a
    pass, which moves no card), whether the turn before was a pass (R5.2), and the undoable
    steps before it (``below``: the turn's own, and a turn end before them).  The rest is
    read off the action: the taken card is the last of the hand, the paying card the last
    of the play area (R3.4c)."""

    turn_state: TurnState
    hand: tuple[Card, ...] | None
    stack: MoveChain
    passed: bool
    below: tuple[UndoStep | TurnEnd, ...]


def seat_of_turn(turn: int, first_player: int) -> int:
    return first_player if turn % 2 == 0 else 1 - first_player


class GameState:
    """The fields of a game; see :class:`~famiglia.rules.game.Game` for what they mean."""

    __slots__ = (
        "_draws",
        "_hand_signatures",
        "_known_bottom",
        "_legal",
        "_move_stack",
        "_rng",
        "_setup",
        "_stack",
        "_undo",
        "current",
        "discard",
        "draw_pile",
        "first_player",
        "fresh_cards_rule",
        "gangster_level",
        "hands",
        "last_turn",
        "opponent",
        "passed_last_turn",
        "play_areas",
        "reshuffled",
        "result",
        "seed",
        "street",
        "turn",
        "turn_state",
    )

    def __init__(self) -> None:
        """An empty shell: ``Game.new`` and ``Game.from_dict`` fill it."""
        self.seed: int | None = None
        self._rng = Rng(0)
        #: Where draws come from when not from the seeded shuffle (a networked game).
        self._draws: OutsideDraws | None = None
        self.first_player = 0
        self.current = 0
        self.turn = 0
        self.hands: list[list[Card]] = [[], []]
        #: :func:`hand_signature` of each hand, kept up to date by every move of a hand's card.
        self._hand_signatures = [0, 0]
        self.play_areas: list[list[Card]] = [[], []]
        self.street: list[Card] = []
        #: Bottom first, top last, so drawing is ``pop()``; ``to_dict`` lists it top first.
        self.draw_pile: list[Card] = []
        self.discard: list[Card] = []
        self.reshuffled = False
        self.fresh_cards_rule = True
        self.last_turn: int | None = None
        self.passed_last_turn = False
        self.result: GameOver | None = None
        self.opponent: Opponent | None = None
        self.gangster_level: int | None = None
        self.turn_state = TURN_START
        #: The legal actions of this state, generated once (every change sets it to None).
        self._legal: list[Action] | None = None
        #: R3.1a/R5.4: how many cards at the bottom of the draw pile both players know
        #: (returned there by refreshes after the reshuffle, in known order).
        self._known_bottom = 0
        #: The setup, or the game's first state (a copy) until the setup is asked for.
        self._setup: Setup | GameState | None = None
        self._stack: MoveChain = None
        #: The move stack as last built, with the chain it was built for (``History``).
        self._move_stack: tuple[MoveChain, tuple[ActionPlayed, ...]] = (None, ())
        #: The undoable steps since cards were last shown (a refresh, the refill of the Street,
        #: R5.4), oldest first: this turn's, or the end of the turn before (``Game.undo``).
        self._undo: tuple[UndoStep | TurnEnd, ...] = ()

    def _zone_cards(self, zone: Zone) -> list[Card]:
        """The list holding ``zone``'s cards (the draw pile bottom first)."""
        seat = zone.seat
        if seat is not None:
            return (self.hands if zone.is_hand else self.play_areas)[seat]
        if zone is DRAW_PILE:
            return self.draw_pile
        return self.discard if zone is DISCARD else self.street
