"""The one mutable game state: setup, legal actions, applying actions, serialisation.

Modelled on python-chess and OpenSpiel: a :class:`Game` you ``apply`` actions to, which answers
``legal_actions()``, ``is_terminal()``, ``returns()`` and a per-seat ``view()`` that hides what
that seat may not see (R5.4).  Every rule cites RULES.md.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .actions import (
    PASS,
    Accountant,
    Action,
    Brute,
    Exchange,
    IllegalAction,
    Pass,
    Refresh,
    Take,
    to_action,
)
from .cards import (
    CODES,
    NON_START,
    START_SETS,
    Back,
    Card,
    Family,
    describe_code,
    parse_code,
)
from .events import (
    DISCARD,
    DRAW_PILE,
    HANDS,
    PLAY_AREAS,
    STREET,
    ActionPlayed,
    CardMoved,
    Event,
    FinalRound,
    GameOver,
    Passed,
    RankLowered,
    Reshuffled,
    TurnStarted,
)
from .gangster import LEVELS
from .rng import Rng
from .scoring import Verdict, decide, score
from .serialise import FORMAT, load_game
from .setup import Setup

MoveChain = tuple[Any, int, Action] | None


#: Turn stages (R3): refreshes are only possible in the first, the Accountant's exchanges only
#: in the second; taking or passing ends the turn from any stage.
STAGE_REFRESH = 0
STAGE_ACCOUNTANT = 1
STAGE_BRUTE = 2
STAGE_NAMES = ("refresh", "accountant", "brute")

#: R4.1: the Street is refilled to this many cards when it is empty at the end of a turn.
STREET_SIZE = 6


@dataclass(frozen=True, slots=True)
class StreetCard:
    """A Street card as a player sees it, with its rank after a Brute (R3.3)."""

    position: int
    card: Card
    rank: int
    fresh: bool


@dataclass(frozen=True, slots=True)
class SeatView:
    """What ``seat`` may see (R5.4): its own hand, the open zones, counts for the hidden ones."""

    seat: int
    current: int
    first_player: int
    turn: int
    hand: tuple[Card, ...]
    opponent_hand_backs: tuple[Back, ...]
    play_areas: tuple[tuple[Card, ...], tuple[Card, ...]]
    street: tuple[StreetCard, ...]
    draw_pile_count: int
    discard: tuple[Card, ...]
    reshuffled: bool
    fresh_cards_rule: bool
    stage: str
    exchanges_left: int
    can_refresh: bool
    last_turn: int | None
    scores: tuple[int, int]
    over: bool
    winner: int | None
    opponent: str | None

    @property
    def opponent_hand_count(self) -> int:
        return len(self.opponent_hand_backs)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "current": self.current,
            "first_player": self.first_player,
            "turn": self.turn,
            "hand": [c.code for c in self.hand],
            "opponent_hand_count": self.opponent_hand_count,
            "play_areas": [[c.code for c in area] for area in self.play_areas],
            "street": [{"code": s.card.code, "rank": s.rank, "fresh": s.fresh}
                       for s in self.street],
            "draw_pile_count": self.draw_pile_count,
            "discard": [c.code for c in self.discard],
            "reshuffled": self.reshuffled,
            "fresh_cards_rule": self.fresh_cards_rule,
            "stage": self.stage,
            "exchanges_left": self.exchanges_left,
            "can_refresh": self.can_refresh,
            "last_turn": self.last_turn,
            "scores": list(self.scores),
            "over": self.over,
            "winner": self.winner,
        }


def _seat_of_turn(turn: int, first_player: int) -> int:
    return first_player if turn % 2 == 0 else 1 - first_player


class Game:
    """A game of Famiglia.  Create with :meth:`new` or :meth:`from_dict`.

    Seats are 0 and 1.  The state is changed only by :meth:`apply` (and, in a solo game, by the
    Gangster's program), which validates completely before changing anything.
    """

    __slots__ = (
        "_accountant_id",
        "_exchanges_left",
        "_fresh",
        "_known_bottom",
        "_legal",
        "_lowered_by",
        "_lowered_id",
        "_moved",
        "_refreshed",
        "_refreshes_after_reshuffle",
        "_rng",
        "_setup",
        "_stack",
        "_stage",
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
    )

    def __init__(self) -> None:
        """Use :meth:`new` or :meth:`from_dict`; this makes an empty shell."""
        self.seed: int | None = None
        self._rng = Rng(0)
        self.first_player = 0
        self.current = 0
        self.turn = 0
        self.hands: list[list[Card]] = [[], []]
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
        self.opponent: str | None = None
        self.gangster_level: int | None = None
        self._legal: list[Action] | None = None
        #: R3.1a/R5.4: how many cards at the bottom of the draw pile are known to both players
        #: (returned there by refreshes after the reshuffle, in known order).
        self._known_bottom = 0
        self._setup: Setup | None = None
        #: The move stack as a chain ``(previous, seat, action)``: copying a game shares it.
        self._stack: MoveChain = None
        self._reset_turn()

    def _reset_turn(self) -> None:
        self._stage = STAGE_REFRESH
        self._refreshed = False
        self._fresh: set[int] = set()
        self._refreshes_after_reshuffle = 0
        self._accountant_id: int | None = None
        self._exchanges_left = 0
        self._moved: set[int] = set()
        self._lowered_id: int | None = None
        self._lowered_by = 0

    # ------------------------------------------------------------------ setup

    @classmethod
    def new(
        cls,
        seed: int | None = None,
        *,
        first_player: int = 0,
        deck: Iterable[str] | None = None,
        fresh_cards_rule: bool = True,
        opponent: str | None = None,
        gangster_level: int = 3,
    ) -> Game:
        """R2: start sets to the hands, the other 52 cards shuffled (or ``deck``, top first) into
        the draw pile, six of them face up as the Street.

        ``opponent="gangster"`` starts a solo game (S1–S3): the human is seat 0, the Gangster
        seat 1 with its start set face up in its play area; ``first_player`` 0 is variant "a",
        1 is variant "b".
        """
        if first_player not in (0, 1) or isinstance(first_player, bool):
            raise ValueError("first_player is seat 0 or 1")
        if opponent not in (None, "gangster"):
            raise ValueError("opponent is None (two players) or 'gangster' (solo challenge)")
        if opponent == "gangster" and gangster_level not in LEVELS:
            raise ValueError("gangster_level is 1 (easiest) to 4 (hardest)")
        game = cls()
        game.seed = seed if seed is not None else Rng.fresh_seed()
        game._rng = Rng(game.seed)
        game.first_player = game.current = first_player
        game.fresh_cards_rule = bool(fresh_cards_rule)
        game.hands = [list(START_SETS[0]), list(START_SETS[1])]
        if opponent == "gangster":
            game.opponent, game.gangster_level = opponent, gangster_level
            game.play_areas[1], game.hands[1] = game.hands[1], []
        if deck is None:
            pile = list(NON_START)
            game._rng.shuffle(pile)
        else:
            pile = _cards_for_deck(list(deck))
        game.draw_pile = pile[::-1]
        for _ in range(STREET_SIZE):
            game.street.append(game.draw_pile.pop())
        game._setup = Setup(game.seed, first_player, game.fresh_cards_rule, game.opponent,
                            game.gangster_level,
                            None if deck is None else tuple(c.code for c in pile))
        return game

    @classmethod
    def from_setup(cls, setup: Setup) -> Game:
        """Deal the game ``setup`` describes again (before any action)."""
        if not isinstance(setup, Setup):
            raise ValueError(f"not a Setup: {setup!r}")
        if setup.position is not None:
            if "setup" in setup.position or "moves" in setup.position:
                raise ValueError("a setup's position holds no history of its own")
            game = cls.from_dict(setup.position)
        else:
            game = cls.new(setup.seed, first_player=setup.first_player, deck=setup.deck,
                           fresh_cards_rule=setup.fresh_cards_rule, opponent=setup.opponent,
                           gangster_level=setup.gangster_level or 3)
        game._setup = setup
        return game

    @property
    def setup(self) -> Setup:
        """What deals this game again (:meth:`from_setup`); with :attr:`move_stack`, its
        history."""
        assert self._setup is not None
        return self._setup

    @property
    def move_stack(self) -> tuple[ActionPlayed, ...]:
        """Every action applied since the setup, the Gangster's included, in order."""
        moves: list[ActionPlayed] = []
        link = self._stack
        while link is not None:
            link, seat, action = link
            moves.append(ActionPlayed(seat, action))
        return tuple(reversed(moves))

    def zone_ids(self, zone: str) -> tuple[int, ...]:
        """The card ids in ``zone`` in the index order of :class:`CardMoved` events (draw pile:
        top first); zones are ``draw_pile``, ``discard``, ``street``, ``hand:0``, ``hand:1``,
        ``play:0``, ``play:1``."""
        if zone == DRAW_PILE:
            return tuple(card.id for card in reversed(self.draw_pile))
        cards = {DISCARD: self.discard, STREET: self.street, HANDS[0]: self.hands[0],
                 HANDS[1]: self.hands[1], PLAY_AREAS[0]: self.play_areas[0],
                 PLAY_AREAS[1]: self.play_areas[1]}.get(zone)
        if cards is None:
            raise ValueError(f"unknown zone {zone!r}")
        return tuple(card.id for card in cards)

    def resample(self, seed: int) -> Game:
        """R5.4: an independent copy in which what no player knows is dealt anew by
        ``Rng(seed)``: the order of the draw pile (except the cards R3.1a put at its bottom, in
        known order) and the generator of a future reshuffle.  The unknown cards are shuffled
        from id order, so the result does not depend on their real order: a search player
        reaches hidden cards only through this.  The copy's history starts here (its setup is
        this position; its move stack is empty)."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        other = self.copy()
        known = self._known_bottom
        unknown = sorted(self.draw_pile[known:], key=_card_id)
        rng = Rng(seed)
        rng.shuffle(unknown)
        other.draw_pile = self.draw_pile[:known] + unknown
        other._rng = rng
        other._stack = None
        other._setup = None
        other._setup = Setup(None, other.first_player, other.fresh_cards_rule, other.opponent,
                             other.gangster_level, None, other.position_dict())
        return other

    def resign(self, seat: int) -> list[Event]:
        """``seat`` gives up: the game ends at once and the other seat wins (the scores are
        still the cards' VP, R5.3)."""
        if seat not in (0, 1) or isinstance(seat, bool):
            raise IllegalAction("Only seat 0 or 1 can resign.")
        if self.result is not None:
            raise IllegalAction("The game is over.")
        if self.opponent == "gangster" and seat == 1:
            raise IllegalAction("The Gangster plays by its program: it does not resign.")
        self._legal = None
        self.result = self._game_over("resigned", resigned=seat)
        self._reset_turn()
        return [self.result]

    # ------------------------------------------------------------------ queries

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def winner(self) -> int | None:
        return self.result.winner if self.result else None

    @property
    def scores(self) -> tuple[int, int]:
        """R5.3 totals as they stand now (hand and play area)."""
        return (score(self.hands[0]) + score(self.play_areas[0]),
                score(self.hands[1]) + score(self.play_areas[1]))

    @property
    def stage(self) -> str:
        return STAGE_NAMES[self._stage]

    @property
    def exchanges_left(self) -> int:
        return self._exchanges_left if self._stage == STAGE_ACCOUNTANT else 0

    @property
    def refreshed_this_turn(self) -> bool:
        return self._refreshed

    def is_terminal(self) -> bool:
        return self.result is not None

    def returns(self) -> tuple[float, float]:
        """OpenSpiel-style outcome: +1 for the winner, −1 for the loser, 0 each on a draw or
        while the game runs."""
        if self.result is None or self.result.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.result.winner == 0 else (-1.0, 1.0)

    def is_gangster_turn(self) -> bool:
        return self.opponent == "gangster" and self.current == 1 and self.result is None

    def effective_rank(self, position: int) -> int:
        """R3.3: a Street card's rank after this turn's Brute."""
        card = self.street[position]
        if card.id == self._lowered_id:
            return card.rank - self._lowered_by
        return card.rank

    @property
    def fresh_cards_only(self) -> bool:
        """R3.1d: the player refreshed this turn under the fresh-cards rule, so only cards
        those refreshes drew (:meth:`is_fresh`) may be taken."""
        return self.fresh_cards_rule and self._refreshed

    def is_fresh(self, card: Card) -> bool:
        """R3.1d: drawn into the Street by this turn's refreshes."""
        return card.id in self._fresh

    def owned(self, seat: int) -> list[Card]:
        return self.hands[seat] + self.play_areas[seat]

    def can_refresh(self) -> bool:
        """R3.1, R3.1a–c: may the player to move refresh the Street now?"""
        return self._refresh_blocker() is None

    def _refresh_blocker(self) -> str | None:
        if self.result is not None:
            return "The game is over."
        if self._stage != STAGE_REFRESH:
            return ("You can refresh the Street only at the start of your turn, before playing "
                    "an Accountant or a Brute.")
        if not self.street:
            return "The Street is empty."
        for card in self.street:
            if card.rank == 0:
                return "You can refresh the Street only while it holds no rank-0 card."
        if self.reshuffled:
            if not self.draw_pile:
                return "The draw pile is used up: no more refreshes in the final round."
            if self._refreshes_after_reshuffle:
                return "After the reshuffle the Street can be refreshed only once per turn."
        return None

    def takeable_positions(self) -> list[int]:
        """Street positions the player to move could take right now, with the current hand."""
        return sorted({a.street for a in self.legal_actions() if isinstance(a, Take)})

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may make now; empty when the game is over or the
        Gangster is to move (it plays through its program)."""
        return list(self._current_legal())

    def _current_legal(self) -> list[Action]:
        """The legal actions, generated once per state (``apply`` and ``explain`` check
        against them; every change of state sets ``_legal`` back to ``None``)."""
        if self._legal is None:
            self._legal = self._generate_legal()
        return self._legal

    def _generate_legal(self) -> list[Action]:
        if self.result is not None or self.is_gangster_turn():
            return []
        hand = self.hands[self.current]
        counts: dict[str, int] = {}
        for card in hand:
            counts[card.code] = counts.get(card.code, 0) + 1
        codes = sorted(counts)
        actions: list[Action] = []
        street = self.street
        stage = self._stage
        if stage == STAGE_REFRESH:
            if self._refresh_blocker() is None:
                actions.extend(_REFRESH[: len(street)])
            actions.extend(_ACCOUNTANT[code] for code in codes if code in _ACCOUNTANT)
        elif stage == STAGE_ACCOUNTANT and self._exchanges_left:
            moved = self._moved
            takes = sorted({c.code for c in self.play_areas[self.current] if c.id not in moved})
            gives = sorted({c.code for c in hand if c.id not in moved})
            actions.extend(_EXCHANGE[t, g] for t in takes for g in gives)
        if stage != STAGE_BRUTE:
            for code in codes:
                table = _BRUTE_AT.get(code)
                if table is not None:
                    for i, card in enumerate(street):
                        actions.extend(table[i][card.rank])
        actions.extend(self._takes(counts))
        actions.append(PASS)
        return actions

    def _takes(self, counts: dict[str, int]) -> list[Take]:
        """R3.4a/b, R3.1d: every take with every payment the hand allows."""
        takes: list[Take] = []
        fresh_only = self.fresh_cards_only
        fresh = self._fresh
        lowered_id, lowered_by = self._lowered_id, self._lowered_by
        jokers = [code for code in _MERCENARIES if code in counts]
        for i, card in enumerate(self.street):
            if fresh_only and card.id not in fresh:
                continue
            rank = card.rank - lowered_by if card.id == lowered_id else card.rank
            if rank == 0:
                takes.append(_TAKE_FREE[i])
                continue
            genuine = _GENUINE[card.code][rank]
            have = counts.get(genuine, 0)
            if not have:
                continue
            if have >= 2:
                takes.append(_take(i, (genuine, genuine), genuine))
            for joker in jokers:
                if _RANK[joker] >= rank and joker != genuine:
                    pay = (genuine, joker) if genuine < joker else (joker, genuine)
                    takes.append(_take(i, pay, genuine))
                    takes.append(_take(i, pay, joker))
        return takes

    # ------------------------------------------------------------------ applying

    def explain(self, action: Action | dict[str, Any] | str) -> str | None:
        """Why ``action`` is not allowed now, in a player's words, or ``None`` if it is legal
        (the UI's tooltips use this without applying anything)."""
        try:
            act = to_action(action)
        except ValueError as error:
            return str(error)
        return None if act in self._current_legal() else self._explain(act)

    def apply(self, action: Action | dict[str, Any] | str) -> list[Event]:
        """Validate and carry out one action of the player to move; return what happened.

        Raises :class:`IllegalAction` (a ``ValueError``) with a readable reason and leaves the
        game exactly as it was when the action is not allowed.
        """
        legal = self._current_legal()
        if id(action) in set(map(id, legal)):
            return self._perform(action)  # type: ignore[arg-type]  # one of legal_actions()
        try:
            act = to_action(action)
        except ValueError as error:
            raise IllegalAction(str(error)) from None
        if act not in legal:
            raise IllegalAction(self._explain(act))
        return self._perform(act)

    def push(self, action: Action | dict[str, Any] | str) -> None:
        """Like :meth:`apply` (same checks, same change of state, :class:`IllegalAction` leaving
        the game untouched) without building events: the fast path for search."""
        self.apply(action)

    def _perform(self, act: Action) -> list[Event]:
        """Carry out an action already known to be legal."""
        events: list[Event] = [ActionPlayed(self.current, act)]
        self._legal = None
        self._stack = (self._stack, self.current, act)
        _PERFORM[type(act)](self, act, events)
        return events

    def _pass(self, act: Pass, events: list[Event]) -> None:
        """R3.4d: the turn ends without a card taken."""
        events.append(Passed(self.current))
        self._end_turn(events, passed=True)

    def _move(self, card: Card, source: list[Card], source_zone: str, target: list[Card],
              target_zone: str, events: list[Event], *, index: int | None = None,
              to_index: int | None = None) -> None:
        """Move one card between zones and record it as a ``card_moved`` event.

        ``index``/``to_index`` are list indices (``None``: find the card / append).  Event
        indices for the draw pile are counted from the top, as in ``to_dict``.
        """
        if index is None:
            index = source.index(card)
        source.pop(index)
        if to_index is None:
            target.append(card)
            to_index = len(target) - 1
        else:
            target.insert(to_index, card)
        if source_zone == DRAW_PILE:
            index = len(source) - index
        if target_zone == DRAW_PILE:
            to_index = len(target) - 1 - to_index
        events.append(CardMoved(card.id, CODES[card.id], source_zone, target_zone, index,
                                to_index))

    def _refresh_action(self, act: Refresh, events: list[Event]) -> None:
        self._refresh(act.street, events)

    def _refresh(self, position: int, events: list[Event]) -> None:
        """R3.1: discard a Street card (to the bottom of the draw pile after the reshuffle,
        R3.1a) and draw as many cards as its rank (R3.1b: reshuffling when the first draw pile
        runs out)."""
        card = self.street[position]
        self._refreshed = True
        self._fresh.discard(card.id)  # R3.1d: only cards still in the Street count as fresh
        if self.reshuffled:
            self._refreshes_after_reshuffle += 1
            self._known_bottom += 1  # R3.1a: face down, but both players saw which card
            self._move(card, self.street, STREET, self.draw_pile, DRAW_PILE, events,
                       index=position, to_index=0)
        else:
            self._move(card, self.street, STREET, self.discard, DISCARD, events, index=position)
        for _ in range(card.rank):
            if not self.draw_pile:
                break
            self._fresh.add(self._draw_to_street(events, in_turn=True).id)

    def _draw_to_street(self, events: list[Event], *, in_turn: bool) -> Card:
        """Draw the top card to the right end of the Street (R2.4), then handle an empty pile."""
        card = self.draw_pile[-1]
        self._move(card, self.draw_pile, DRAW_PILE, self.street, STREET, events,
                   index=len(self.draw_pile) - 1)
        if self._known_bottom > len(self.draw_pile):
            self._known_bottom = len(self.draw_pile)
        if not self.draw_pile:
            self._draw_pile_emptied(events, in_turn=in_turn)
        return card

    def _draw_pile_emptied(self, events: list[Event], *, in_turn: bool) -> None:
        """R4.2: the first time, reshuffle the discard pile; R4.3/R5.1: the second time (or an
        empty discard pile at the reshuffle), the final round begins."""
        if not self.reshuffled:
            self.reshuffled = True
            pile = list(self.discard)
            self._rng.shuffle(pile)
            events.append(Reshuffled(len(pile)))
            for card in pile:
                self._move(card, self.discard, DISCARD, self.draw_pile, DRAW_PILE, events,
                           to_index=0)
            if self.draw_pile:
                return
        self._start_final_round(events, self.turn if in_turn else self.turn + 1)

    def _start_final_round(self, events: list[Event], turn: int) -> None:
        """R5.1: finish the round so both have had as many turns; the exhaustion counts in
        ``turn`` (the next turn when it came from the end-of-turn refill, FAQ ruling)."""
        if self.last_turn is not None:
            return
        if _seat_of_turn(turn, self.first_player) == self.first_player:
            turn += 1
        self.last_turn = turn
        events.append(FinalRound(turn, _seat_of_turn(turn, self.first_player)))

    def _accountant(self, act: Accountant, events: list[Event]) -> None:
        """R3.2: the Accountant goes to the play area and allows up to r exchanges; it cannot
        be taken back, and each card moves at most once."""
        seat = self.current
        card = _first(self.hands[seat], act.card)
        self._move(card, self.hands[seat], HANDS[seat], self.play_areas[seat], PLAY_AREAS[seat],
                   events)
        self._stage = STAGE_ACCOUNTANT
        self._accountant_id = card.id
        self._exchanges_left = card.rank
        self._moved = {card.id}

    def _exchange(self, act: Exchange, events: list[Event]) -> None:
        """R3.2: one card from the play area to the hand and one from the hand back."""
        seat = self.current
        hand, area = self.hands[seat], self.play_areas[seat]
        taken = _first(area, act.take, self._moved)
        given = _first(hand, act.give, self._moved)
        self._move(taken, area, PLAY_AREAS[seat], hand, HANDS[seat], events)
        self._move(given, hand, HANDS[seat], area, PLAY_AREAS[seat], events)
        self._moved.update((taken.id, given.id))
        self._exchanges_left -= 1

    def _brute(self, act: Brute, events: list[Event]) -> None:
        """R3.3: the Brute goes to the play area; the target counts as lowered this turn."""
        seat = self.current
        card = _first(self.hands[seat], act.card)
        self._move(card, self.hands[seat], HANDS[seat], self.play_areas[seat], PLAY_AREAS[seat],
                   events)
        self._stage = STAGE_BRUTE
        self._exchanges_left = 0  # the Accountant's exchanges end with the Brute (R3)
        target = self.street[act.street]
        self._lowered_id = target.id
        self._lowered_by = act.by
        events.append(RankLowered(target.id, target.code, act.street, act.by,
                                  target.rank - act.by))

    def _take(self, act: Take, events: list[Event]) -> None:
        """R3.4: the Street card goes to the hand; of the two played cards, the one not kept
        goes to the play area (R3.4c)."""
        seat = self.current
        hand = self.hands[seat]
        card = self.street[act.street]
        self._move(card, self.street, STREET, hand, HANDS[seat], events, index=act.street)
        if act.pay:
            spent = act.pay[1] if act.pay[0] == act.keep else act.pay[0]
            self._move(_first(hand, spent), hand, HANDS[seat], self.play_areas[seat],
                       PLAY_AREAS[seat], events)
        self._end_turn(events, passed=False)

    def _end_turn(self, events: list[Event], *, passed: bool) -> None:
        """R5.2 double pass, R5.1 last turn of the final round, R4.1 refill, next player."""
        self._legal = None
        if passed and self.passed_last_turn:
            self._finish(events, "double_pass")
            return
        if self.last_turn is not None and self.turn >= self.last_turn:
            self._finish(events, "final_round")
            return
        if not self.street:
            while len(self.street) < STREET_SIZE and self.draw_pile:
                self._draw_to_street(events, in_turn=False)
        self.passed_last_turn = passed
        self.turn += 1
        self.current = 1 - self.current
        self._reset_turn()
        events.append(TurnStarted(self.current, self.turn))

    def _finish(self, events: list[Event], reason: str) -> None:
        self.result = self._game_over(reason)
        self._reset_turn()  # no turn is under way: a finished game saves and loads cleanly
        events.append(self.result)

    def _game_over(self, reason: str, resigned: int | None = None) -> GameOver:
        """R5.3 scores and winner from the cards as they lie, and S5's ranking value for a solo
        game the human won; loading a finished game rebuilds its result the same way.  A
        resignation makes the other seat the winner whatever the cards say."""
        verdict = decide([self.owned(0), self.owned(1)])
        solo = self.opponent == "gangster"
        if resigned is not None:
            verdict = Verdict(verdict.scores, 1 - resigned, "resignation")
        ranking = None
        if solo and verdict.winner == 0:
            ranking = 2 * verdict.scores[0] - verdict.scores[1]
        return GameOver(verdict.scores, verdict.winner, verdict.decided_by, reason,
                        verdict.tie_break_card, verdict.tie_break_vp, ranking, solo)

    # ------------------------------------------------------------------ the Gangster (S)

    def play_gangster_turn(self) -> list[Event]:
        """S4: run the Gangster's whole turn by its program and return the events."""
        if not self.is_gangster_turn():
            raise IllegalAction("It is not the Gangster's turn.")
        from .gangster import play_turn

        self._legal = None
        return play_turn(self)

    def gangster_refresh(self, events: list[Event]) -> None:
        """S4 "refresh": R3.1 with the leftmost Street card, under the same limits."""
        if not self.is_gangster_turn() or self._refresh_blocker() is not None:
            raise IllegalAction("The Gangster cannot refresh now.")
        events.append(ActionPlayed(self.current, _REFRESH[0]))
        self._legal = None
        self._stack = (self._stack, self.current, _REFRESH[0])
        self._refresh(0, events)

    def gangster_available(self) -> list[int]:
        """S4 "available": Street positions the Gangster may take (it needs no pairs, S2), so
        only the fresh-cards rule (R3.1d) limits it."""
        fresh_only = self.fresh_cards_only
        return [i for i, card in enumerate(self.street)
                if not fresh_only or card.id in self._fresh]

    def gangster_take(self, position: int, events: list[Event]) -> None:
        """S2: the Gangster takes a Street card straight into its play area, kept sorted by
        rank, and its turn ends."""
        if not self.is_gangster_turn() or position not in self.gangster_available():
            raise IllegalAction("The Gangster cannot take that card.")
        card = self.street[position]
        area = self.play_areas[1]
        slot = sum(1 for owned in area if owned.rank <= card.rank)
        events.append(ActionPlayed(self.current, _TAKE_FREE[position]))
        self._stack = (self._stack, self.current, _TAKE_FREE[position])
        self._move(card, self.street, STREET, area, PLAY_AREAS[1], events, index=position,
                   to_index=slot)
        self._end_turn(events, passed=False)

    def gangster_pass(self, events: list[Event]) -> None:
        """S4: nothing was taken in steps 1–5 (an empty Street): the Gangster passes."""
        if not self.is_gangster_turn():
            raise IllegalAction("It is not the Gangster's turn.")
        events.append(ActionPlayed(self.current, PASS))
        events.append(Passed(self.current))
        self._stack = (self._stack, self.current, PASS)
        self._end_turn(events, passed=True)

    # ------------------------------------------------------------------ explanations

    def _explain(self, act: Action) -> str:
        """Why ``act`` is not among the legal actions, in a player's words."""
        if self.result is not None:
            return "The game is over."
        if self.is_gangster_turn():
            return "It is the Gangster's turn: it plays by its program."
        seat = self.current
        counts = Counter(card.code for card in self.hands[seat])
        reason: str | None = None
        if isinstance(act, Refresh):
            reason = self._refresh_blocker() or self._street_position_problem(act.street)
        elif isinstance(act, Accountant):
            reason = self._explain_accountant(act, counts)
        elif isinstance(act, Exchange):
            reason = self._explain_exchange(act)
        elif isinstance(act, Brute):
            reason = self._explain_brute(act, counts)
        elif isinstance(act, Take):
            reason = self._explain_take(act, counts)
        return reason or f"'{act}' is not allowed now."

    def _street_position_problem(self, position: int) -> str | None:
        if position >= len(self.street):
            return f"There is no Street card at position {position}."
        return None

    def _explain_accountant(self, act: Accountant, counts: Counter[str]) -> str | None:
        family, rank = parse_code(act.card)
        if family is not Family.ACCOUNTANT or rank == 0:
            return f"{describe_code(act.card)} is not an Accountant of rank 1 or more."
        if self._stage == STAGE_ACCOUNTANT:
            return "You have already played an Accountant this turn."
        if self._stage == STAGE_BRUTE:
            return "The Accountant comes before the Brute: it cannot follow it."
        if not counts.get(act.card):
            return f"You have no {describe_code(act.card)} in your hand."
        return None

    def _explain_exchange(self, act: Exchange) -> str | None:
        if self._stage == STAGE_REFRESH:
            return "Play an Accountant first: it allows the exchanges."
        if self._stage == STAGE_BRUTE:
            return "The exchange ended when you played the Brute."
        if not self._exchanges_left:
            return "Your Accountant's exchanges are used up."
        seat = self.current
        if _first(self.play_areas[seat], act.take, self._moved) is None:
            if any(c.code == act.take for c in self.play_areas[seat]):
                return (f"The {describe_code(act.take)} in your play area cannot move again: "
                        "the Accountant just played stays, and each card moves once.")
            return f"There is no {describe_code(act.take)} in your play area."
        if _first(self.hands[seat], act.give, self._moved) is None:
            if any(c.code == act.give for c in self.hands[seat]):
                return f"That {describe_code(act.give)} has just moved: each card moves once."
            return f"You have no {describe_code(act.give)} in your hand."
        return None

    def _explain_brute(self, act: Brute, counts: Counter[str]) -> str | None:
        family, strength = parse_code(act.card)
        if family is not Family.BRUTE or strength == 0:
            return f"{describe_code(act.card)} is not a Brute of rank 1 or more."
        if self._stage == STAGE_BRUTE:
            return "You have already played a Brute this turn."
        if not counts.get(act.card):
            return f"You have no {describe_code(act.card)} in your hand."
        problem = self._street_position_problem(act.street)
        if problem:
            return problem
        target = self.street[act.street]
        if target.rank == 0:
            return f"{describe_code(target.code)} has rank 0 already: it cannot be lowered."
        limit = min(strength, target.rank)
        if not 1 <= act.by <= limit:
            return (f"{describe_code(act.card)} can lower {describe_code(target.code)} "
                    f"by 1 to {limit}.")
        return None

    def _explain_take(self, act: Take, counts: Counter[str]) -> str | None:
        problem = self._street_position_problem(act.street)
        if problem:
            return problem
        card = self.street[act.street]
        name = describe_code(card.code)
        if self.fresh_cards_only and card.id not in self._fresh:
            return ("Fresh-cards rule: after refreshing you must take one of the cards drawn "
                    "by this turn's refreshes.")
        rank = self.effective_rank(act.street)
        if rank == 0:
            return f"{name} has rank 0 now: take it for free, without paying." if act.pay else None
        genuine = describe_code(f"{card.family.value}{rank - 1}")
        need = (f"Taking {name}{' (lowered to ' + str(rank) + ')' if rank != card.rank else ''} "
                f"needs two {genuine}, or one {genuine} and a Mercenary of rank {rank} or more.")
        if not act.pay:
            return need
        owned = Counter(act.pay)
        missing = [code for code, n in owned.items() if counts.get(code, 0) < n]
        if missing:
            return f"You do not have {' and '.join(act.pay)} in your hand. {need}"
        return need

    # ------------------------------------------------------------------ views and copies

    def view(self, seat: int) -> SeatView:
        """R5.4: the opponent's hand and the draw pile as counts (and backs) only."""
        street = tuple(
            StreetCard(i, card, self.effective_rank(i), card.id in self._fresh)
            for i, card in enumerate(self.street)
        )
        return SeatView(
            seat=seat,
            current=self.current,
            first_player=self.first_player,
            turn=self.turn,
            hand=tuple(self.hands[seat]),
            opponent_hand_backs=tuple(card.back for card in self.hands[1 - seat]),
            play_areas=(tuple(self.play_areas[0]), tuple(self.play_areas[1])),
            street=street,
            draw_pile_count=len(self.draw_pile),
            discard=tuple(self.discard),
            reshuffled=self.reshuffled,
            fresh_cards_rule=self.fresh_cards_rule,
            stage=self.stage,
            exchanges_left=self.exchanges_left,
            can_refresh=self.can_refresh(),
            last_turn=self.last_turn,
            scores=self.scores,
            over=self.over,
            winner=self.winner,
            opponent=self.opponent,
        )

    def copy(self) -> Game:
        """An independent copy that continues identically (for search and simulation)."""
        other = Game.__new__(Game)
        for name in Game.__slots__:
            setattr(other, name, getattr(self, name))
        other._rng = self._rng.copy()
        other.hands = [list(self.hands[0]), list(self.hands[1])]
        other.play_areas = [list(self.play_areas[0]), list(self.play_areas[1])]
        other.street = list(self.street)
        other.draw_pile = list(self.draw_pile)
        other.discard = list(self.discard)
        other._fresh = set(self._fresh)
        other._moved = set(self._moved)
        return other

    def to_record(self, **meta: Any) -> dict[str, Any]:
        """The game's record (setup, moves, result and ``meta``), like a PGN."""
        from .records import write_record  # type: ignore[import-not-found, unused-ignore]

        return write_record(self, **meta)

    @classmethod
    def from_record(cls, record: Any) -> Game:
        """The game a record describes, replayed to its end."""
        from .records import read_record  # type: ignore[import-not-found, unused-ignore]

        return read_record(record)

    # ------------------------------------------------------------------ serialisation

    def to_dict(self) -> dict[str, Any]:
        """The full state and its history (setup and moves) as JSON-serialisable data;
        :meth:`from_dict` restores it exactly."""
        data = self.position_dict()
        data["setup"] = self.setup.to_dict()
        data["moves"] = [[move.seat, str(move.action)] for move in self.move_stack]
        return data

    def position_dict(self) -> dict[str, Any]:
        """:meth:`to_dict` without the history: the state alone."""
        def codes(cards: list[Card]) -> list[str]:
            return [CODES[c.id] for c in cards]

        def ids(cards: list[Card]) -> list[int]:
            return [c.id for c in cards]

        draw_top_first = self.draw_pile[::-1]
        return {
            "format": FORMAT,
            "seed": self.seed,
            "rng": self._rng.state,
            "opponent": self.opponent,
            "gangster_level": self.gangster_level,
            "fresh_cards_rule": self.fresh_cards_rule,
            "first_player": self.first_player,
            "current": self.current,
            "turn": self.turn,
            "hands": [codes(self.hands[0]), codes(self.hands[1])],
            "play_areas": [codes(self.play_areas[0]), codes(self.play_areas[1])],
            "street": codes(self.street),
            "draw_pile": codes(draw_top_first),
            "discard": codes(self.discard),
            "reshuffled": self.reshuffled,
            "known_bottom": self._known_bottom,
            "last_turn": self.last_turn,
            "passed_last_turn": self.passed_last_turn,
            "over": self.over,
            "scores": list(self.scores),
            "winner": self.winner,
            "result": self.result.to_dict() if self.result else None,
            "ids": {
                "hands": [ids(self.hands[0]), ids(self.hands[1])],
                "play_areas": [ids(self.play_areas[0]), ids(self.play_areas[1])],
                "street": ids(self.street),
                "draw_pile": ids(draw_top_first),
                "discard": ids(self.discard),
            },
            "turn_state": {
                "stage": self._stage,
                "refreshed": self._refreshed,
                "fresh": sorted(self._fresh),
                "refreshes_after_reshuffle": self._refreshes_after_reshuffle,
                "accountant": self._accountant_id,
                "exchanges_left": self._exchanges_left,
                "moved": sorted(self._moved),
                "lowered": [self._lowered_id, self._lowered_by],
            },
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """Restore :meth:`to_dict` output, or set up a **position** (see the README): only
        ``current``, ``hands``, ``play_areas``, ``street``, ``draw_pile``, ``discard``,
        ``reshuffled`` and optionally ``first_player``, ``fresh_cards_rule``, ``seed``, meaning
        the start of ``current``'s turn.  Anything inconsistent raises ``ValueError``."""
        return load_game(cls(), data)

    @classmethod
    def from_json(cls, text: str) -> Game:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"not a saved game: {error}") from None
        return cls.from_dict(data)


#: Interned actions: legal_actions() builds many per call, and constructing frozen dataclasses
#: is slow in pure Python, while looking them up is cheap.
_MAX_STREET = 60
_REFRESH = tuple(Refresh(i) for i in range(_MAX_STREET))
_TAKE_FREE = tuple(Take(i) for i in range(_MAX_STREET))
_ACCOUNTANT = {code: Accountant(code) for code in sorted(set(CODES))
               if code[0] == "A" and code[1] != "0"}
_EXCHANGE = {(t, g): Exchange(t, g) for t in sorted(set(CODES)) for g in sorted(set(CODES))}
_BRUTE_STRENGTH = {code: int(code[1]) for code in set(CODES) if code[0] == "B" and code[1] != "0"}
_MERCENARIES = tuple(sorted(code for code in set(CODES) if code[0] == "M"))
_RANK = {code: int(code[1]) for code in set(CODES)}
#: R3.4b: the genuine payment card for a Street card code at a (lowered) rank.
_GENUINE = {code: tuple(f"{code[0]}{rank - 1}" if rank else "" for rank in range(5))
            for code in set(CODES)}
#: R3.3: a Brute's options on one Street card: ``_BRUTE_AT[code][position][rank]`` is every
#: amount 1 … min(strength, rank) (none for a rank-0 card).
_BRUTE_AT = {
    code: tuple(
        tuple(tuple(Brute(code, i, by) for by in range(1, min(strength, rank) + 1))
              for rank in range(5))
        for i in range(_MAX_STREET)
    )
    for code, strength in _BRUTE_STRENGTH.items()
}
_TAKES: dict[tuple[int, tuple[str, ...], str], Take] = {}


def _take(position: int, pay: tuple[str, str], keep: str) -> Take:
    key = (position, pay, keep)
    action = _TAKES.get(key)
    if action is None:
        action = _TAKES[key] = Take(position, pay, keep)
    return action


#: Which method carries out each kind of action (``_perform``).
_PERFORM: dict[type[Action], Callable[[Game, Any, list[Event]], None]] = {
    Take: Game._take,
    Refresh: Game._refresh_action,
    Brute: Game._brute,
    Exchange: Game._exchange,
    Accountant: Game._accountant,
    Pass: Game._pass,
}


def _card_id(card: Card) -> int:
    return card.id


def _first(cards: list[Card], code: str, exclude: set[int] | None = None) -> Card | None:
    """The first card with ``code`` (R1.3: same code, same rules), skipping ids in ``exclude``."""
    for card in cards:
        if CODES[card.id] == code and (exclude is None or card.id not in exclude):
            return card
    return None


def _cards_for_deck(codes: list[str]) -> list[Card]:
    """``Game.new(deck=...)``: the 52 non-start cards given by code, top of the pile first."""
    pools: dict[str, list[Card]] = {}
    for card in NON_START:
        pools.setdefault(card.code, []).append(card)
    expected = Counter(card.code for card in NON_START)
    given = Counter(str(code).strip().upper() for code in codes)
    if len(codes) != len(NON_START) or given != expected:
        raise ValueError(
            "deck must be exactly the 52 non-start cards (R1.3, R2.2) as codes; "
            f"got {len(codes)} cards, differences {dict((given - expected) + (expected - given))}"
        )
    return [pools[str(code).strip().upper()].pop(0) for code in codes]

