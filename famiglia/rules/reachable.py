"""What every position the rules can reach satisfies, checked when a game is loaded: a save or a
position that breaks any of it is refused with the reason (``ValueError``).

The cards (R1.5, R4.1, R4.2, S2), the turn counter against the cards (each finished turn took at
most one card, R3.4), the passes it remembers (R5.2), the last turn of the final round (R5.1),
the turn under way (R3) and the Gangster's turns, which it plays whole (S4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .accountant import exchanges_of, is_accountant, moved_after
from .actions import Accountant, Brute, Exchange
from .brute import can_lower, is_brute
from .cards import DECK, START_SETS, Card
from .events import EndReason
from .fields import flag_field, ids_field, whole_field
from .jsontext import brief
from .refresh import refreshes_after_reshuffle_possible
from .setup import Opponent
from .state import AFTER_STAGE, STAGE_AFTER, TURN_START, GameState, Stage, TurnState, seat_of_turn
from .zones import DISCARD, DRAW_PILE, HANDS, PLAY_AREAS, STREET, Zone

#: R1.5, R2.1: the cards each seat starts with; every other card it owns it took (R3.4).
START_SET_SIZE = len(START_SETS[0])
STAGES = tuple(stage.value for stage in Stage)
_ZONE_WORDS = {DRAW_PILE: "the draw pile", DISCARD: "the discard pile", STREET: "the Street",
               HANDS[0]: "seat 0's hand", HANDS[1]: "seat 1's hand",
               PLAY_AREAS[0]: "seat 0's play area", PLAY_AREAS[1]: "seat 1's play area"}


def _zone_of(game: GameState, card: Card) -> Zone:
    return next(zone for zone in _ZONE_WORDS if card in game._zone_cards(zone))


def check_cards(game: GameState) -> None:
    """The cards as the rules leave them: R1.5 a start-set card never leaves its seat's hand
    and play area; R4.2 only cards of rank ≥ 1 are ever discarded, nothing after the
    reshuffle, and the first draw pile never stays empty (it is reshuffled at once); R4.1 the
    Street is never left empty while cards can be drawn; S2 the Gangster has no hand and keeps
    its play area sorted by rank."""
    for seat, start_set in enumerate(START_SETS):
        own = {card.id for card in game.hands[seat]} | {card.id for card in game.play_areas[seat]}
        for card in start_set:
            if card.id not in own:
                raise ValueError(
                    f"seat {seat}'s start-set {card.code} lies in "
                    f"{_ZONE_WORDS[_zone_of(game, card)]}, but a start-set card never leaves "
                    "its seat's hand and play area")
    if any(card.rank == 0 for card in game.discard):
        raise ValueError("the discard pile cannot hold a rank-0 card")
    if game.reshuffled:
        if game.discard:
            raise ValueError("nothing is discarded after the reshuffle")
        if any(card.rank == 0 for card in game.draw_pile):
            raise ValueError("after the reshuffle the draw pile holds no rank-0 card")
    elif not game.draw_pile:
        raise ValueError("an empty draw pile is reshuffled at once: set reshuffled")
    if not game.street and game.draw_pile:
        raise ValueError("an empty Street is refilled from the draw pile at once")
    if game.opponent is Opponent.GANGSTER:
        if game.hands[1]:
            raise ValueError("the Gangster keeps all its cards in its play area")
        ranks = [card.rank for card in game.play_areas[1]]
        if ranks != sorted(ranks):
            raise ValueError("the Gangster keeps its play area sorted by rank")


def _takes(game: GameState) -> list[int]:
    """How many cards each seat has taken (R3.4): all it owns beyond its start set, since a
    card reaches a seat only by a take and never leaves it."""
    return [len(game.hands[seat]) + len(game.play_areas[seat]) - START_SET_SIZE
            for seat in (0, 1)]


def _finished_turns(game: GameState, turn: int, ending: EndReason | None) -> list[int]:
    """How many turns each seat has finished before ``turn`` (and in it, when the game ended by
    a take or a pass there, R5.1, R5.2; a resignation ends none)."""
    done = [0, 0]
    done[game.first_player] = (turn + 1) // 2
    done[1 - game.first_player] = turn // 2
    if ending is EndReason.DOUBLE_PASS or ending is EndReason.FINAL_ROUND:
        done[seat_of_turn(turn, game.first_player)] += 1
    return done


def _passes(game: GameState, turn: int, ending: EndReason | None) -> list[int]:
    """The passes each seat must have made among its finished turns (R3.4d): the turn before
    ``turn`` if ``passed_last_turn``, and ``turn`` itself after a double pass (R5.2)."""
    passes = [0, 0]
    if game.passed_last_turn:
        passes[seat_of_turn(turn - 1, game.first_player)] += 1
    if ending is EndReason.DOUBLE_PASS:
        passes[seat_of_turn(turn, game.first_player)] += 1
    return passes


def _turn_problem(game: GameState, turn: int, ending: EndReason | None) -> str | None:
    """Why ``turn`` cannot be the turn counter of this position (``None``: it can): each
    finished turn took one card or passed, so a seat's takes and passes fit in its turns."""
    takes, passes = _takes(game), _passes(game, turn, ending)
    done = _finished_turns(game, turn, ending)
    for seat in (0, 1):
        if takes[seat] + passes[seat] > done[seat]:
            passed = " and passed once" if passes[seat] == 1 else ""
            if passes[seat] > 1:
                passed = f" and passed {passes[seat]} times"
            return (f"seat {seat} has taken {takes[seat]} cards{passed} but finished only "
                    f"{done[seat]} turns by turn {turn}: each turn takes one card or passes")
    return None


def fewest_turns(game: GameState, ending: EndReason | None) -> int:
    """The turn counter a position without one gets: the first turn of the seat to move
    (R2.3's alternation) that its cards and passes allow."""
    turn = 0 if game.current == game.first_player else 1
    while _turn_problem(game, turn, ending) is not None:
        turn += 2
    return turn


def check_turn(game: GameState, ending: EndReason | None) -> None:
    """The turn counter agrees with the seat to move (turns alternate, R2.3), with the cards
    and passes (:func:`_turn_problem`) and with ``passed_last_turn``."""
    if game.turn % 2 != (0 if game.current == game.first_player else 1):
        raise ValueError("turn and current do not agree with first_player")
    if game.passed_last_turn and game.turn == 0:
        raise ValueError("the first turn has no turn before it that could have passed")
    problem = _turn_problem(game, game.turn, ending)
    if problem is not None:
        raise ValueError(problem)


def last_turn_of(game: GameState, given: Any, *, saved: bool) -> int | None:
    """R5.1: the last turn of the final round, set exactly when the draw pile ran out after the
    reshuffle.  It is always the second player's turn (odd), the one that ends the round the
    exhaustion fell in: this turn (the exhaustion came in it or in the refill before it) or
    the next."""
    last = game.turn | 1 if game.reshuffled and not game.draw_pile else None
    if saved and whole_field(given, "last_turn", allow_none=True) != last:
        if last is None:
            raise ValueError("last_turn is set exactly when the draw pile ran out after the "
                             "reshuffle")
        raise ValueError(f"the final round ends with turn {last}, the second player's turn of "
                         f"this round, not {brief(given)}")
    return last


def check_gangster_turn(game: GameState) -> None:
    """S4: the Gangster plays its whole turn at once, so none of its turns is ever under way."""
    if (game.opponent is Opponent.GANGSTER and game.current == 1 and game.result is None
            and game.turn_state != TURN_START):
        raise ValueError("the Gangster plays its whole turn at once: none of its turns is "
                         "ever under way")


def _stage(value: Any, what: str) -> Stage:
    """Format 2 names the stage; format 1 numbered it 0, 1, 2."""
    if type(value) is int and 0 <= value < len(Stage):
        return list(Stage)[value]
    if type(value) is str and value in STAGES:
        return Stage(value)
    raise ValueError(f"{what} must be one of {', '.join(STAGES)}, not {brief(value)}")


def _ids(value: Any, what: str) -> frozenset[int]:
    return frozenset(ids_field(value, what))


def _whole(value: Any, what: str) -> int:
    return int(whole_field(value, what))


def _card_id(value: Any, what: str) -> int | None:
    return whole_field(value, what, allow_none=True)  # type: ignore[no-any-return]


#: How each of :class:`TurnState`'s fields is read from a save, by its name.
_READ: dict[str, Callable[[Any, str], Any]] = {
    "stage": _stage, "fresh": _ids, "refreshes_after_reshuffle": _whole,
    "accountant": _card_id, "exchanges_left": _whole, "moved": _ids,
    "lowered": _card_id, "lowered_by": _whole,
}


def _saved_fields(state: Any) -> dict[str, Any]:
    """The fields of a saved turn state (:meth:`TurnState.to_dict`), by the names
    :class:`TurnState` lists, each read for its type: the save's pair ``lowered`` holds
    ``lowered`` and ``lowered_by``."""
    if not isinstance(state, dict):
        raise ValueError("turn_state must be a dict")
    lowered = state.get("lowered")
    if not isinstance(lowered, list) or len(lowered) != 2:
        raise ValueError("turn_state.lowered must be [card id or null, amount]")
    saved = {**state, "lowered": lowered[0], "lowered_by": lowered[1]}
    missing = [name for name in TurnState._fields if name not in saved]
    if missing:
        raise ValueError(f"turn_state lacks {', '.join(missing)}")
    return {name: _READ[name](saved[name], f"turn_state.{name}") for name in TurnState._fields}


def turn_state_of(game: GameState, state: Any) -> TurnState:
    """R3: the turn under way must be one the rules can reach, as the rules themselves tell:
    in the stage its abilities leave it in (R3's order, ``STAGE_AFTER``), its fresh cards in
    the Street and only after a refresh (R3.1d), its refreshes after the reshuffle within
    R3.1a/R3.1b's limit, a Brute in the play area that can lower its target by the amount
    (R3.3), an Accountant in the play area with no more exchanges than its rank allows and
    the cards they moved, each once (R3.2)."""
    fields = _saved_fields(state)
    stage, fresh = fields["stage"], fields["fresh"]
    accountant, left, moved = fields["accountant"], fields["exchanges_left"], fields["moved"]
    lowered, lowered_by = fields["lowered"], fields["lowered_by"]
    refreshed = flag_field(state.get("refreshed", bool(fresh)), "turn_state.refreshed")
    seat = game.current
    street_ids = {card.id for card in game.street}
    hand_ids = {card.id for card in game.hands[seat]}
    area = game.play_areas[seat]
    area_ids = {card.id for card in area}
    if not fresh <= street_ids:
        raise ValueError("turn_state.fresh must list Street card ids")
    if refreshed != bool(fresh):
        raise ValueError("a refresh always draws fresh cards, and only a refresh does")
    if not refreshes_after_reshuffle_possible(fields["refreshes_after_reshuffle"],
                                              reshuffled=game.reshuffled, refreshed=refreshed):
        raise ValueError("after the reshuffle one refresh per turn at most")
    if lowered is None and lowered_by:
        raise ValueError("a Brute lowers one Street card")
    if accountant is None and (left or moved):
        raise ValueError("exchanges need an Accountant played this turn")
    expected = (STAGE_AFTER[Brute] if lowered is not None
                else STAGE_AFTER[Accountant] if accountant is not None else TURN_START.stage)
    if stage is not expected:
        raise ValueError(f"the turn's abilities leave it in the {expected} stage (R3's order), "
                         f"not the {stage} stage")
    if lowered is not None:
        _check_brute(area, street_ids, lowered, lowered_by)
    if accountant is not None:
        _check_accountant(stage, accountant, left, moved, hand_ids, area_ids)
    return TurnState(**fields)


def _check_brute(area: Sequence[Card], street_ids: set[int], lowered: int,
                 lowered_by: int) -> None:
    """R3.3: the Brute that lowered a Street card lies in the play area, strong enough."""
    if lowered not in street_ids:
        raise ValueError("turn_state.lowered must name a Street card")
    target = DECK[lowered]
    if not any(is_brute(card.code) and can_lower(card.rank, target.rank, lowered_by)
               for card in area):
        raise ValueError(f"no Brute in the play area can lower {target.code} by {lowered_by}")


def _check_accountant(stage: Stage, accountant: int, left: int, moved: frozenset[int],
                      hand_ids: set[int], area_ids: set[int]) -> None:
    """R3.2: the Accountant lies in the play area; its exchanges are within its rank, left
    only while exchanges may follow (R3's order); the cards moved are it and two per exchange
    made, each once."""
    card = DECK[accountant] if accountant < len(DECK) else None
    if card is None or not is_accountant(card.code) or accountant not in area_ids:
        raise ValueError("turn_state.accountant must be an Accountant in the play area")
    if left and AFTER_STAGE[Exchange][stage] is not None:
        raise ValueError("no exchange is left once the turn has gone past the Accountant")
    others = moved - {accountant}
    done = exchanges_of(card) - left if stage is STAGE_AFTER[Exchange] else len(others) // 2
    # While exchanges may follow, half the moved cards are in the hand and half in the play
    # area; after the Brute, the Brute may be one of them, taken back by an exchange and played.
    split = (stage is not STAGE_AFTER[Exchange]
             or len(others & hand_ids) == len(others & area_ids) == done)
    if (not 0 <= done <= exchanges_of(card) or accountant not in moved
            or len(moved) != moved_after(done) or not others <= hand_ids | area_ids
            or not split):
        raise ValueError("turn_state.moved must hold the Accountant and the cards its "
                         "exchanges moved")
