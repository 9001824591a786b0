"""What every position the rules can reach satisfies, checked when a game is loaded: a save or a
position that breaks any of it is refused with the reason (``ValueError``).

The cards (R1.5, R4.1, R4.2, S2), the turn counter against the cards (each finished turn took at
most one card, R3.4), the passes it remembers (R5.2), the last turn of the final round (R5.1),
the turn under way (R3) and the Gangster's turns, which it plays whole (S4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import DECK, START_SETS, Card, Family
from .events import EndReason
from .fields import flag_field, ids_field, whole_field
from .jsontext import brief
from .setup import Opponent
from .state import TURN_START, GameState, Stage, TurnState, seat_of_turn
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


def _stage(value: Any) -> Stage:
    """Format 2 names the stage; format 1 numbered it 0, 1, 2."""
    if type(value) is int and 0 <= value < len(Stage):
        return list(Stage)[value]
    if type(value) is str and value in STAGES:
        return Stage(value)
    raise ValueError(f"turn_state.stage must be one of {', '.join(STAGES)}, not {brief(value)}")


def turn_state_of(game: GameState, state: Any) -> TurnState:
    """R3: the turn under way must be one the rules can reach: the stages in order (R3.1 →
    R3.2 → R3.3), exchanges only after an Accountant still in the play area and within its
    rank, a refresh always leaves fresh cards (R3.1d), at most one refresh after the reshuffle
    (R3.1a, R3.1b), a Brute in the play area and its target in the Street."""
    if not isinstance(state, dict):
        raise ValueError("turn_state must be a dict")
    try:
        stage = _stage(state["stage"])
        after = whole_field(state["refreshes_after_reshuffle"],
                            "turn_state.refreshes_after_reshuffle")
        accountant = whole_field(state["accountant"], "turn_state.accountant", allow_none=True)
        left = whole_field(state["exchanges_left"], "turn_state.exchanges_left")
        fresh = ids_field(state["fresh"], "turn_state.fresh")
        moved = ids_field(state["moved"], "turn_state.moved")
        lowered = state["lowered"]
    except KeyError as missing:
        raise ValueError(f"turn_state lacks {missing}") from None
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
    if after > 1 or (after and not (game.reshuffled and fresh)):
        raise ValueError("after the reshuffle one refresh per turn at most")
    if not isinstance(lowered, list) or len(lowered) != 2:
        raise ValueError("turn_state.lowered must be [card id or null, amount]")
    lowered_id = whole_field(lowered[0], "turn_state.lowered[0]", allow_none=True)
    lowered_by = whole_field(lowered[1], "turn_state.lowered[1]")
    if lowered_id is None:
        if lowered_by or stage is Stage.BRUTE:
            raise ValueError("a Brute lowers one Street card")
    elif (stage is not Stage.BRUTE or lowered_id not in street_ids
          or not 1 <= lowered_by <= DECK[lowered_id].rank):
        raise ValueError("turn_state.lowered must name a Street card and a possible amount")
    elif not _played_brute(area, lowered_by):
        raise ValueError(f"a Brute of rank {lowered_by} or more lowered a card this turn, yet "
                         "there is none in the play area")
    if accountant is None:
        if left or moved or stage is Stage.ACCOUNTANT:
            raise ValueError("exchanges need an Accountant played this turn")
    else:
        card = DECK[accountant] if accountant < len(DECK) else None
        if (card is None or stage is Stage.REFRESH or card.family is not Family.ACCOUNTANT
                or card.rank == 0 or accountant not in area_ids):
            raise ValueError("turn_state.accountant must be an Accountant in the play area")
        if stage is Stage.BRUTE and left:
            raise ValueError("the exchanges end with the Brute")
        others = moved - {accountant}
        done = card.rank - left if stage is Stage.ACCOUNTANT else len(others) // 2
        # In the Accountant's stage half the moved cards are in the hand and half in the play
        # area; the Brute may be one of them, taken back by an exchange and played.
        split = stage is Stage.BRUTE or len(others & hand_ids) == len(others & area_ids) == done
        if (not 0 <= done <= card.rank or accountant not in moved or len(others) != 2 * done
                or not others <= hand_ids | area_ids or not split):
            raise ValueError("turn_state.moved must hold the Accountant and the cards its "
                             "exchanges moved")
    return TurnState(stage, frozenset(fresh), after, accountant, left, frozenset(moved),
                     lowered_id, lowered_by)


def _played_brute(area: Sequence[Card], by: int) -> bool:
    """R3.3: the Brute that lowered a card by ``by`` lies in the play area (rank ≥ ``by``)."""
    return any(card.family is Family.BRUTE and card.rank >= by for card in area)
