"""The rules of a turn (R3) together: what the player to move may do, why an action is refused,
and carrying an action out.

Each rule is one checker in its own module (``refresh.py`` R3.1, ``accountant.py`` R3.2,
``brute.py`` R3.3, ``take.py`` R3.4) that lists its legal actions now (``_add_…``), says why an
action of its kind is not legal (``_refuse_…``) and carries one out (events optional).  Here
``legal_actions`` asks the rules R3's order allows in the stage the turn is in, ``explain`` asks
the rule of the action's kind, ``apply`` and ``push`` accept a legal action, and ``_perform``
hands it to the rule that does it: the one path of every action, the Gangster's too (S4).

Legality is decided once, by the listers: ``apply`` and ``push`` accept exactly what
``legal_actions()`` lists, and a rule's ``_refuse_…`` never admits an action; it words why its
list leaves the action out (``tests/rules/test_checkers.py``: a reason exactly for the actions
not listed, and always the rule's own).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .accountant import AccountantRule
from .actions import PASS, Accountant, Action, Brute, Exchange, Pass, Refresh, Take, to_action
from .brute import BruteRule
from .errors import ForbiddenAction, IllegalAction, OutOfTurn, UnreadableAction
from .events import ActionPlayed, Event
from .messages import Message, msg
from .refresh import RefreshRule
from .refusals import GAME_OVER, GANGSTERS_TURN
from .setup import Opponent
from .state import AFTER_STAGE, Stage, TurnEnd, TurnState, UndoStep
from .take import TakeRule
from .turn import Events

#: What ``apply``, ``push`` and ``explain`` accept: an action, its JSON dict or its notation.
ActionLike = Action | dict[str, Any] | str

GANGSTER = Opponent.GANGSTER
Lister = Callable[[Any, list[Action], TurnState, int], None]
#: The rules that offer actions, in the order ``legal_actions`` lists them (pass comes last).
_LISTERS: tuple[tuple[type[Action], Lister], ...] = (
    (Refresh, RefreshRule._add_refreshes),
    (Accountant, AccountantRule._add_accountants),
    (Exchange, AccountantRule._add_exchanges),
    (Brute, BruteRule._add_brutes),
    (Take, TakeRule._add_takes),
)
#: R3's order: the rules asked in each stage of a turn (:data:`~famiglia.rules.state.AFTER_STAGE`;
#: a kind of action it does not name, the take, follows any stage).
_LISTED_IN: dict[Stage, tuple[Lister, ...]] = {
    stage: tuple(add for kind, add in _LISTERS if kind not in AFTER_STAGE
                 or AFTER_STAGE[kind][stage] is None)
    for stage in Stage
}
#: Which rule says why an action of each kind is refused, and which carries it out.
_REFUSE: dict[type[Action], Callable[[Any, Any], Message | None]] = {
    Refresh: RefreshRule._refuse_refresh,
    Accountant: AccountantRule._refuse_accountant,
    Exchange: AccountantRule._refuse_exchange,
    Brute: BruteRule._refuse_brute,
    Take: TakeRule._refuse_take,
}
Performers = dict[type[Action], Callable[[Any, Any, Events], None]]
PERFORM: Performers = {
    Take: TakeRule._take,
    Refresh: RefreshRule._refresh,
    Brute: BruteRule._brute,
    Exchange: AccountantRule._exchange,
    Accountant: AccountantRule._accountant,
    Pass: TakeRule._pass,
}
#: R3: the actions a player can take back within the turn (``Game.undo``), and those that end
#: it, which can be taken back while they showed nothing new.
_UNDOABLE = frozenset((Accountant, Exchange, Brute))
_ENDS_TURN = frozenset((Take, Pass))
#: Builds a :class:`TurnEnd` in one step (the search player ends many turns).
_TURN_END = tuple.__new__


class Legal(RefreshRule, AccountantRule, TakeRule):
    """What the player to move may do now, why not, and doing it."""

    __slots__ = ()

    def is_gangster_turn(self) -> bool:
        return self.opponent is GANGSTER and self.current == 1 and self.result is None

    def _turn_blocker(self) -> Message | None:
        """Why nobody may act now by choice (``None``: the player to move may)."""
        if self.result is not None:
            return GAME_OVER
        if self.current == 1 and self.opponent is GANGSTER:
            return GANGSTERS_TURN
        return None

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may make now; empty when the game is over or the
        Gangster is to move (it plays through its program).  Generated once per state; the
        list is a copy to do with as you like."""
        legal = self._legal
        if legal is not None:
            return list(legal)
        actions: list[Action] = []
        if self._turn_blocker() is None:
            state = self.turn_state
            signature = self._hand_signatures[self.current]
            for add in _LISTED_IN[state.stage]:
                add(self, actions, state, signature)
            actions.append(PASS)  # R3.4d: passing is always possible
        self._legal = actions
        return list(actions)

    def _current_legal(self) -> list[Action]:
        """The legal actions of this state, generated once (every change sets them to None)."""
        legal = self._legal
        if legal is None:
            self.legal_actions()
            legal = self._legal
            assert legal is not None
        return legal

    def takeable_positions(self) -> list[int]:
        """Street positions the player to move could take right now, with the current hand."""
        return sorted({a.street for a in self._current_legal() if isinstance(a, Take)})

    def explain(self, action: ActionLike) -> Message | None:
        """Why ``action`` is not allowed now, in a player's words (a :class:`Message`: ``str()``
        is English, ``i18n.translate_message`` the player's language), or ``None`` if it is
        legal (the UI's tooltips use this without applying anything)."""
        try:
            self._legal_one(action)
        except IllegalAction as error:
            return error.message
        return None

    def apply(self, action: ActionLike) -> list[Event]:
        """Validate and carry out one action of the player to move; return what happened.

        Raises an :class:`~famiglia.rules.errors.IllegalAction` (a ``ValueError``) of its cause
        with a readable reason and leaves the game exactly as it was when the action is not
        allowed: :class:`UnreadableAction`, :class:`ForbiddenAction` or :class:`OutOfTurn`.
        """
        act = self._legal_one(action)
        events: list[Event] = []
        self._perform(act, events)
        return events

    def push(self, action: ActionLike) -> None:
        """Like :meth:`apply` (same checks, same change of state, the same errors leaving the
        game untouched) without building events: the fast path for search."""
        for candidate in self._legal or self._current_legal():  # as search players pass it
            if candidate is action:
                self._perform(candidate, None)
                return
        self._perform(self._legal_one(action), None)

    def _legal_one(self, action: ActionLike) -> Action:
        """The legal action ``action`` names, or the error of why not.  An object from
        ``legal_actions()`` is recognised by identity, before parsing anything."""
        legal = self._legal or self._current_legal()
        for candidate in legal:
            if candidate is action:
                return candidate
        try:
            act = to_action(action)
        except ValueError as error:
            raise UnreadableAction(msg("That is not an action the game can read: {problem}",
                                       problem=str(error))) from None
        if act not in legal:
            blocker = self._turn_blocker()
            if blocker is not None:
                raise OutOfTurn(blocker)
            raise ForbiddenAction(self._explain(act))
        return legal[legal.index(act)]

    def _explain(self, act: Action) -> Message:
        """Why ``act`` is not among the legal actions of the player to move, in a player's
        words."""
        refuse = _REFUSE.get(type(act))
        reason = refuse(self, act) if refuse is not None else None
        return reason or msg("'{action}' is not allowed now.", action=str(act))

    def _perform(self, act: Action, events: Events, performers: Performers = PERFORM) -> None:
        """Carry out a legal action of the seat to move (``performers``: the rules that do each
        kind, the Gangster's own take among them in its turns, S2).  An Accountant, an
        exchange or a Brute can be taken back, and so can a player's take or pass that
        showed nothing new (no refill of the Street, R4.1, no end of the game, R5): the
        Gangster's are its program's (S4)."""
        self._legal = None
        kind = type(act)
        seat = self.current
        stack = self._stack
        if kind in _UNDOABLE:
            self._undo += (UndoStep(self.turn_state, tuple(self.hands[seat]),
                                    tuple(self.play_areas[seat]), stack),)
        self._stack = (stack, seat, act)
        if events is not None:
            events.append(ActionPlayed(seat, act))
        if kind in _ENDS_TURN and performers is PERFORM:
            ending = _TURN_END(TurnEnd, (self.turn_state,
                                         tuple(self.hands[seat]) if kind is Take else None,
                                         stack, self.passed_last_turn, self._undo))
            pile = len(self.draw_pile)
            performers[kind](self, act, events)
            if self.result is None and len(self.draw_pile) == pile:
                self._undo = (ending,)
            return
        performers[kind](self, act, events)
