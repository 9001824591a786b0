"""The game: setup, the public API to act on it, its history, copies for search.

Modelled on python-chess and OpenSpiel: a :class:`Game` you ``apply`` actions to (or ``push``,
without events), which answers ``legal_actions()``, ``is_terminal()``, ``returns()`` and a
per-seat ``view()`` that hides what that seat may not see (R5.4), keeps its ``setup`` and
``move_stack``, and can take back the last steps of a turn (``undo``).  The rules themselves
live in the mixins it is made of: one per rule of the turn (``refresh.py``, ``accountant.py``,
``brute.py``, ``take.py``, put together with ``apply``, ``push`` and ``explain`` by
``legal.py``), the flow around them (``turn.py``), the Gangster's hooks (``solo.py``), the
history and its replay (``history.py``) and saving and loading (``serialise.py``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace
from operator import attrgetter
from typing import Any

from .actions import Action, Take
from .cards import NON_START, START_SETS, Card, start_backs
from .draws import CountingDraws, OutsideDraws, ReplayedDraws
from .errors import DamagedRecord, ForbiddenAction, OutOfTurn, UnreadableAction
from .events import ActionPlayed, ActionUndone, CardMoved, EndReason, Event, RankLowered
from .gangster import LEVELS
from .hands import hand_signature
from .history import History
from .jsontext import brief, check_depth, loads
from .legal import ActionLike
from .messages import Message, msg
from .refusals import GAME_OVER
from .rng import Rng, check_seed
from .serialise import Serialiser, deck_from_codes, saved_moves
from .setup import Opponent, Setup, opponent_of
from .state import STREET_SIZE, TURN_START, Stage, TurnEnd, UndoStep
from .view import SeatView, StreetCard, seat_view
from .zones import DRAW_PILE, Zone

__all__ = ["Game", "SeatView", "StreetCard"]

_REFRESHED = msg("The Street was refreshed: the cards it drew cannot be put back, so nothing "
                 "before it can be taken back.")


class Game(Serialiser, History):
    """A game of Famiglia.  Create with :meth:`new`, :meth:`from_setup` or :meth:`from_dict`.

    Seats are 0 and 1.  The state is changed only by :meth:`apply`/:meth:`push` (and, in a solo
    game, by the Gangster's program), which validate completely before changing anything,
    and by :meth:`resign` and :meth:`undo`.
    """

    __slots__ = ()

    # ------------------------------------------------------------------ setup

    @classmethod
    def new(
        cls,
        seed: int | None = None,
        *,
        first_player: int = 0,
        deck: Iterable[str] | None = None,
        fresh_cards_rule: bool = True,
        opponent: Opponent | None = None,
        gangster_level: int = 3,
        draws: OutsideDraws | None = None,
    ) -> Game:
        """R2: start sets to the hands, the other 52 cards shuffled (or ``deck``, top first) into
        the draw pile, six of them face up as the Street.

        ``opponent=Opponent.GANGSTER`` starts a solo game (S1–S3): the human is seat 0, the Gangster
        seat 1 with its start set face up in its play area; ``first_player`` 0 is variant "a",
        1 is variant "b".
        """
        check_seed(seed, "seed", allow_none=True)
        if type(first_player) is not int or first_player not in (0, 1):
            raise ValueError("first_player is seat 0 or 1")
        if type(fresh_cards_rule) is not bool:
            raise ValueError("fresh_cards_rule is True or False")
        opponent = opponent_of(opponent, "opponent")
        if opponent is Opponent.GANGSTER and (type(gangster_level) is not int
                                              or gangster_level not in LEVELS):
            raise ValueError("gangster_level is 1 (easiest) to 4 (hardest)")
        if deck is not None and (isinstance(deck, str) or not isinstance(deck, Iterable)):
            raise ValueError("deck is a list of the 52 draw-pile card codes, top first")
        game = cls()
        game.seed = seed if seed is not None else Rng.fresh_seed()
        game._rng = Rng(game.seed)
        game.first_player = game.current = first_player
        game.fresh_cards_rule = fresh_cards_rule
        game.hands = [list(START_SETS[0]), list(START_SETS[1])]
        if opponent is Opponent.GANGSTER:
            game.opponent, game.gangster_level = opponent, gangster_level
            game.play_areas[1], game.hands[1] = game.hands[1], []
        if draws is not None:
            game._draws = draws
            pile = list(NON_START)
            draws.arrange(pile)
            game.draw_pile = pile[::-1]
            game.street = draws.take(game.draw_pile, 0, STREET_SIZE).cards
        else:
            if deck is None:
                pile = list(NON_START)
                game._rng.shuffle(pile)
            else:
                pile = deck_from_codes(list(deck))
            game.draw_pile = pile[::-1]
            for _ in range(STREET_SIZE):
                game.street.append(game.draw_pile.pop())
        game._hand_signatures = [hand_signature(game.hands[0]), hand_signature(game.hands[1])]
        game._setup = Setup(game.seed, first_player, fresh_cards_rule, game.opponent,
                            game.gangster_level,
                            None if deck is None or draws is not None
                            else tuple(c.code for c in pile))
        return game

    @classmethod
    def from_setup(cls, setup: Setup) -> Game:
        """Deal the game ``setup`` describes again (before any action)."""
        if not isinstance(setup, Setup):
            raise ValueError(f"not a Setup: {brief(setup)}")
        if setup.position is not None:
            if "setup" in setup.position or "moves" in setup.position:
                raise ValueError("a setup's position holds no history of its own")
            game = cls.from_dict(setup.position)
        elif setup.draws is not None:
            game = cls.new(setup.seed, first_player=setup.first_player,
                           fresh_cards_rule=setup.fresh_cards_rule,
                           draws=OutsideDraws(ReplayedDraws(list(setup.draws))))
        else:
            game = cls.new(setup.seed, first_player=setup.first_player, deck=setup.deck,
                           fresh_cards_rule=setup.fresh_cards_rule, opponent=setup.opponent,
                           gangster_level=setup.gangster_level or 3)
        game._setup = setup
        return game

    # ------------------------------------------------------------------ history

    @property
    def setup(self) -> Setup:
        """What deals this game again (:meth:`from_setup`); with :attr:`move_stack`, its
        history.  A game that began from a position has that position as its setup; a game
        between two computers lists the draws chosen so far (:attr:`Setup.draws`)."""
        setup = self._setup
        if isinstance(setup, Serialiser):  # the start, kept as a copy until someone asks
            setup = self._setup = Setup(setup.seed, setup.first_player, setup.fresh_cards_rule,
                                        setup.opponent, setup.gangster_level, None,
                                        setup.position_dict())
        assert isinstance(setup, Setup)
        if self._draws is not None:
            return replace(setup, draws=tuple(self._draws.made))
        return setup

    # ------------------------------------------------------------------ queries

    @property
    def winner(self) -> int | None:
        return self.result.winner if self.result else None

    @property
    def stage(self) -> Stage:
        return self.turn_state.stage

    @property
    def exchanges_left(self) -> int:
        return self.turn_state.exchanges_left

    @property
    def refreshed_this_turn(self) -> bool:
        return self.turn_state.refreshed

    def is_terminal(self) -> bool:
        """Whether the game is over (R5.1, R5.2, or a resignation): OpenSpiel's name, the one
        way to ask."""
        return self.result is not None

    def returns(self) -> tuple[float, float]:
        """OpenSpiel-style outcome: +1 for the winner, −1 for the loser, 0 each on a draw or
        while the game runs."""
        if self.result is None or self.result.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.result.winner == 0 else (-1.0, 1.0)

    def owned(self, seat: int) -> list[Card]:
        return self.hands[seat] + self.play_areas[seat]

    def view(self, seat: int) -> SeatView:
        """R5.4: what ``seat`` (0 or 1) may see: the opponent's hand and the draw pile as counts
        (and backs) only."""
        if type(seat) is not int or seat not in (0, 1):
            raise ValueError(f"a seat is 0 or 1, not {brief(seat)}")
        return seat_view(self, seat)

    def least_telling(self, actions: Iterable[Action]) -> Action:
        """R1.5: of legal ``actions`` that move the same codes, the one that leaves the hand
        of the seat to move showing the opponent the fewest start-set backs
        (:func:`~famiglia.rules.cards.start_backs`; R5.4: the backs are all the opponent sees
        of a hand), tried on copies of the game; the first of equals."""
        seat = self.current

        def shown(action: Action) -> int:
            trial = self.copy()
            trial.push(action)
            return start_backs(trial.hands[seat])

        choices = list(actions)
        if not choices:
            raise ValueError("least_telling needs at least one action")
        return min(choices, key=shown)

    def zone_ids(self, zone: Zone | str) -> tuple[int, ...]:
        """The card ids in ``zone`` (a :class:`Zone` or its value) in the index order of
        :class:`CardMoved` events (draw pile: top first)."""
        if not isinstance(zone, str) or zone not in _ZONES:
            raise ValueError(f"unknown zone {brief(zone)}")
        if zone == DRAW_PILE:
            return tuple(card.id for card in reversed(self.draw_pile))
        return tuple(card.id for card in self._zone_cards(Zone(zone)))

    # ------------------------------------------------------------------ acting

    def resign(self, seat: int) -> list[Event]:
        """``seat`` gives up: the game ends at once and the other seat wins (the scores are
        still the cards' VP, R5.3)."""
        if type(seat) is not int or seat not in (0, 1):
            raise UnreadableAction(msg("Only seat 0 or 1 can resign."))
        if self.result is not None:
            raise OutOfTurn(GAME_OVER)
        if self.opponent is Opponent.GANGSTER and seat == 1:
            raise ForbiddenAction(msg("The Gangster plays by its program: it does not "
                                      "resign."))
        self._legal = None
        self._undo = ()
        self.result = self._game_over(EndReason.RESIGNED, resigned=seat)
        self.turn_state = TURN_START
        return [self.result]

    # ------------------------------------------------------------------ undo

    @property
    def undo_blocker(self) -> Message | None:
        """Why nothing can be taken back now, in plain words (``None``: :meth:`undo` can).

        Only this turn's Accountant, exchanges and Brute since its last refresh can be taken
        back: a refresh (or the reshuffle in it) drew cards nobody had seen, and a take or a
        pass ends the turn (:meth:`pop` takes back a turn's end as well)."""
        if self.result is not None:
            return GAME_OVER
        if self.is_gangster_turn():
            return msg("It is the Gangster's turn.")
        if self._undo and type(self._undo[-1]) is UndoStep:
            return None
        if self.turn_state.refreshed:
            return _REFRESHED
        return msg("Nothing has been played in this turn yet: a finished turn cannot be taken "
                   "back.")

    @property
    def can_undo(self) -> bool:
        return self.undo_blocker is None

    def undo(self) -> list[Event]:
        """Take back the last Accountant, exchange or Brute of this turn; ``to_dict()`` is then
        what it was before it.  The events carry the cards home (``card_moved`` in reverse)."""
        blocker = self.undo_blocker
        if blocker is not None:
            self._refuse_undo(blocker)
        return self._take_back()

    @property
    def pop_blocker(self) -> Message | None:
        """Why :meth:`pop` cannot take anything back now, in plain words (``None``: it can).

        What showed no new cards can be taken back, last first: this turn's Accountant,
        exchanges and Brute since its last refresh, and before them the take or the pass that
        ended the turn before, while it drew nothing into the Street (R4.1, R5.4) and did not
        end the game (R5); so a player's take or pass can be taken back as long as the other
        side has not shown new cards.  The Gangster's turns are its program's (S4)."""
        if self.result is not None:
            return GAME_OVER
        if self._undo:
            return None
        if self.is_gangster_turn():
            return msg("It is the Gangster's turn.")
        if self.turn_state.refreshed:
            return _REFRESHED
        if self._stack is None:
            return msg("Nothing has been played yet.")
        if self.opponent is Opponent.GANGSTER and self._stack[1] == 1:
            return msg("The Gangster has played its turn: its program's moves cannot be taken "
                       "back.")
        return msg("Nothing has been played in this turn yet, and the turn before cannot be "
                   "taken back: it drew new cards into the Street.")

    def peek(self) -> ActionPlayed | None:
        """The last action applied, with its seat (python-chess's ``Board.peek``), or None at
        the start of the history: what :meth:`pop` takes back when :attr:`pop_blocker` is
        None."""
        link = self._stack
        return None if link is None else ActionPlayed(link[1], link[2])

    def pop(self) -> list[Event]:
        """Take back the last action that showed no new cards (python-chess's ``Board.pop``,
        see :attr:`pop_blocker`): :meth:`undo`'s steps, or the take or pass that ended the
        turn before, which gives that turn back to its player as it stood before it
        (R3.4, R5.2).  ``to_dict()`` is then what it was before the action; the events carry
        the cards home (``card_moved`` in reverse)."""
        blocker = self.pop_blocker
        if blocker is not None:
            self._refuse_undo(blocker)
        return self._take_back()

    def _refuse_undo(self, blocker: Message) -> None:
        if self.result is not None or self.is_gangster_turn():
            raise OutOfTurn(blocker)
        raise ForbiddenAction(blocker)

    def _take_back(self) -> list[Event]:
        """Put back what the last undoable step changed; its action's events in reverse."""
        step = self._undo[-1]
        assert self._stack is not None
        _, seat, action = self._stack
        if isinstance(step, TurnEnd):
            if isinstance(action, Take):
                assert step.hand is not None
                self.street.insert(action.street, self.hands[seat][-1])
                if action.pay:
                    self.play_areas[seat].pop()
                self.hands[seat] = list(step.hand)
                self._hand_signatures[seat] = hand_signature(step.hand)
            self.passed_last_turn = step.passed
            self.turn -= 1
            self.current = seat
            self._undo = step.below
        else:
            self.hands[seat] = list(step.hand)
            self._hand_signatures[seat] = hand_signature(step.hand)
            self.play_areas[seat] = list(step.area)
            self._undo = self._undo[:-1]
        self.turn_state = step.turn_state
        self._stack = step.stack
        self._legal = None
        forward: list[Event] = []
        self.copy()._perform(action, forward)
        events: list[Event] = [ActionUndone(seat, action)]
        for event in reversed(forward):
            if isinstance(event, CardMoved):
                events.append(CardMoved(event.card, event.code, event.target, event.source,
                                        event.to_index, event.from_index))
            elif isinstance(event, RankLowered):
                card = self.street[event.street]
                events.append(RankLowered(card.id, card.code, event.street, 0, card.rank))
        return events

    # ------------------------------------------------------------------ copies for search

    def draw_choices(self, action: ActionLike) -> list[int]:
        """How many candidates each draw ``action`` makes has that needs a choice from
        outside (a dry run on a copy; none in a game of one table).  An action the rules
        refuse raises the error :meth:`apply` would."""
        if self._draws is None:
            self._legal_one(action)
            return []
        trial = self.copy()
        counter = CountingDraws()
        trial._draws = counter
        trial.push(action)
        return counter.counts

    def copy(self) -> Game:
        """An independent copy that continues identically (for search and simulation).  Every
        field of :class:`~famiglia.rules.state.GameState` is listed by hand, the fastest copy
        in Python; ``tests/rules/test_copy.py`` fails when one is missing."""
        other = Game.__new__(Game)
        other.seed = self.seed
        other._rng = Rng(self._rng.state)
        other.first_player = self.first_player
        other.current = self.current
        other.turn = self.turn
        hands, areas = self.hands, self.play_areas
        other.hands = [hands[0][:], hands[1][:]]
        other._hand_signatures = self._hand_signatures[:]
        other.play_areas = [areas[0][:], areas[1][:]]
        other.street = self.street[:]
        other.draw_pile = self.draw_pile[:]
        other.discard = self.discard[:]
        other.reshuffled = self.reshuffled
        other.fresh_cards_rule = self.fresh_cards_rule
        other.last_turn = self.last_turn
        other.passed_last_turn = self.passed_last_turn
        other.result = self.result
        other.opponent = self.opponent
        other.gangster_level = self.gangster_level
        other.turn_state = self.turn_state
        other._legal = self._legal
        other._known_bottom = self._known_bottom
        other._draws = None if self._draws is None else self._draws.copy()
        other._setup = self._setup
        other._stack = self._stack
        other._move_stack = self._move_stack
        other._undo = self._undo
        return other

    def resample(self, seed: int) -> Game:
        """R5.4: an independent copy in which what no player knows is dealt anew by
        ``Rng(seed)``: the order of the draw pile (except the cards R3.1a put at its bottom, in
        known order) and the generator of a future reshuffle.  The unknown cards are shuffled
        from id order, so the result does not depend on their real order: a search player
        reaches hidden cards only through this.  The copy's history starts here (its setup is
        this position; its move stack is empty)."""
        check_seed(seed, "seed")
        other = self.copy()
        known = self._known_bottom
        unknown = sorted(self.draw_pile[known:], key=_BY_ID)
        rng = Rng(seed)
        rng.shuffle(unknown)
        other.draw_pile = self.draw_pile[:known] + unknown
        other._rng = rng
        other._draws = None
        other._stack = None
        other._undo = ()
        start = other.copy()
        start._setup = None
        other._setup = start
        return other

    def public_fingerprint(self) -> str:
        """Everything both seats know about the position (R5.4: every card that reached or left
        a hand did so in the open), never the draw pile's order, which :meth:`resample` deals
        anew: equal knowledge gives an equal fingerprint (the search player seeds its generator
        with it)."""
        return "|".join((
            str(self.turn), str(self.current), self.stage, str(self.exchanges_left),
            " ".join(c.code for c in self.street),
            " ".join(c.code for c in self.hands[0]), " ".join(c.code for c in self.hands[1]),
            " ".join(c.code for c in self.play_areas[0]),
            " ".join(c.code for c in self.play_areas[1]),
            str(len(self.draw_pile)), str(len(self.discard)),
        ))

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """The full state and its history (setup and moves) as JSON-serialisable data;
        :meth:`from_dict` restores it exactly."""
        data = self.position_dict()
        data["setup"] = self.setup.to_dict()
        data["moves"] = [[move.seat, str(move.action)] for move in self.move_stack]
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Restore :meth:`to_dict` output, or set up a **position** (see the README): only
        ``current``, ``hands``, ``play_areas``, ``street``, ``draw_pile``, ``discard``,
        ``reshuffled`` and optionally ``first_player``, ``fresh_cards_rule``, ``seed``, meaning
        the start of ``current``'s turn.  Anything inconsistent, or nested deeper than any save,
        raises ``ValueError``; a full save's history must replay to its state, or it is a
        :class:`~famiglia.rules.errors.DamagedRecord` (naming the move where it breaks)."""
        check_depth(data)
        game = cls()
        game._load(data)
        if "setup" not in data and "moves" not in data:
            game._setup = game.copy()
            return game
        if "setup" not in data or "moves" not in data:
            raise ValueError("a game's history is its setup and its moves: one without the "
                             "other is damaged")
        setup = Setup.from_dict(data["setup"])
        moves = saved_moves(data["moves"])
        replayed = cls.from_setup(setup)
        for _step in replayed.replay_moves(moves):
            pass
        if game.result is not None and game.result.reason is EndReason.RESIGNED:
            assert game.result.winner is not None
            replayed.resign(1 - game.result.winner)
        if replayed.position_dict() != game.position_dict():
            raise DamagedRecord(msg("the saved moves do not lead to the saved state"))
        return replayed  # with what the replay built: the undo steps of the turn under way

    @classmethod
    def from_json(cls, text: str) -> Game:
        """:meth:`from_dict` of JSON text, read within :mod:`~famiglia.rules.jsontext`'s bounds;
        anything else is a ``ValueError``."""
        try:
            data = loads(text)
        except ValueError as error:
            raise ValueError(f"not a saved game: {error}") from None
        return cls.from_dict(data)


_BY_ID = attrgetter("id")
_ZONES = frozenset(Zone)
