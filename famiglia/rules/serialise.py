"""Loading a :class:`~famiglia.rules.game.Game` from JSON data: full saves and positions.

Kept apart from ``game.py`` because checking that a dict is a consistent game is long and
only runs at load time.  Anything inconsistent raises ``ValueError`` at once, before the game
is handed out, so a tampered save is never loaded half.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .actions import Action, IllegalAction, parse_action
from .cards import CODES, DECK, Back, Card
from .gangster import LEVELS
from .rng import Rng
from .setup import Setup

if TYPE_CHECKING:
    from .game import Game

#: The save format: 2 adds the history (setup, moves) and the known bottom of the draw pile;
#: format 1 saves still load (their history starts where they were saved).
FORMAT = "famiglia-game/2"
FORMATS = ("famiglia-game/1", FORMAT)

POSITION_KEYS = ("current", "hands", "play_areas", "street", "draw_pile", "discard", "reshuffled")
OPPONENTS = (None, "gangster")
REASONS = ("double_pass", "final_round", "resigned")


def _seat(value: Any, what: str) -> int:
    if value not in (0, 1) or isinstance(value, bool):
        raise ValueError(f"{what} must be seat 0 or 1, not {value!r}")
    return int(value)


def _flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false, not {value!r}")
    return value


def _whole(value: Any, what: str, *, allow_none: bool = False) -> Any:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} must be a whole number ≥ 0, not {value!r}")
    return value


def _code_list(value: Any, what: str) -> list[str]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of card codes")
    codes = []
    for code in value:
        if not isinstance(code, str) or code.strip().upper() not in CODES:
            raise ValueError(f"{what} holds {code!r}, which is not a card code")
        codes.append(code.strip().upper())
    return codes


def _pair(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"{what} must be a list of two lists, one per seat")
    return value


def _zones(data: dict[str, Any]) -> dict[str, list[str]]:
    hands = _pair(data["hands"], "hands")
    areas = _pair(data["play_areas"], "play_areas")
    return {
        "hand:0": _code_list(hands[0], "hands[0]"),
        "hand:1": _code_list(hands[1], "hands[1]"),
        "play:0": _code_list(areas[0], "play_areas[0]"),
        "play:1": _code_list(areas[1], "play_areas[1]"),
        "street": _code_list(data["street"], "street"),
        "draw_pile": _code_list(data["draw_pile"], "draw_pile"),
        "discard": _code_list(data["discard"], "discard"),
    }


def _assign_ids(zones: dict[str, list[str]]) -> dict[str, list[Card]]:
    """Pick physical cards for codes: start-set cards first (R1.5), then by id."""
    pools: dict[str, list[Card]] = {}
    order = {Back.START_1: 0, Back.START_2: 1, Back.NEUTRAL: 2}
    for card in sorted(DECK, key=lambda c: (order[c.back], c.id)):
        pools.setdefault(card.code, []).append(card)
    return {zone: [pools[code].pop(0) for code in codes] for zone, codes in zones.items()}


def _given_ids(zones: dict[str, list[str]], ids: Any) -> dict[str, list[Card]]:
    """Check the saved card ids against the codes and return the cards."""
    if not isinstance(ids, dict):
        raise ValueError("ids must be a dict of zones")
    try:
        raw = {
            "hand:0": ids["hands"][0], "hand:1": ids["hands"][1],
            "play:0": ids["play_areas"][0], "play:1": ids["play_areas"][1],
            "street": ids["street"], "draw_pile": ids["draw_pile"], "discard": ids["discard"],
        }
    except (KeyError, IndexError, TypeError):
        raise ValueError("ids must list the card ids of every zone") from None
    seen: set[int] = set()
    cards: dict[str, list[Card]] = {}
    for zone, codes in zones.items():
        zone_ids = raw[zone]
        if not isinstance(zone_ids, list) or len(zone_ids) != len(codes):
            raise ValueError(f"ids of {zone} do not match its cards")
        for card_id, code in zip(zone_ids, codes, strict=True):
            if not isinstance(card_id, int) or not 0 <= card_id < len(DECK) or card_id in seen:
                raise ValueError(f"card id {card_id!r} in {zone} is unknown or repeated")
            if CODES[card_id] != code:
                raise ValueError(f"card id {card_id} in {zone} is {CODES[card_id]}, not {code}")
            seen.add(card_id)
        cards[zone] = [DECK[i] for i in zone_ids]
    return cards


def _check_consistency(game: Game) -> None:
    """R4.2: only cards of rank ≥ 1 are ever discarded, and nothing after the reshuffle; the
    first draw pile never stays empty (it is reshuffled at once); R4.1: the Street is never
    left empty while cards can be drawn; S2: the Gangster has no hand."""
    if any(card.rank == 0 for card in game.discard):
        raise ValueError("the discard pile cannot hold a rank-0 card (R4.2)")
    if game.reshuffled:
        if game.discard:
            raise ValueError("nothing is discarded after the reshuffle (R4.2)")
        if any(card.rank == 0 for card in game.draw_pile):
            raise ValueError("after the reshuffle the draw pile holds no rank-0 card (R4.2)")
    elif not game.draw_pile:
        raise ValueError("an empty draw pile is reshuffled at once (R4.2): set reshuffled")
    if not game.street and game.draw_pile:
        raise ValueError("an empty Street is refilled from the draw pile at once (R4.1)")
    if game.opponent == "gangster" and game.hands[1]:
        raise ValueError("the Gangster keeps all its cards in its play area (S2)")


def _restore_turn_state(game: Game, state: Any, cards: dict[str, list[Card]]) -> None:
    if not isinstance(state, dict):
        raise ValueError("turn_state must be a dict")
    try:
        stage = state["stage"]
        fresh = state["fresh"]
        moved = state["moved"]
        lowered = state["lowered"]
        if stage not in (0, 1, 2) or isinstance(stage, bool):
            raise ValueError(f"turn_state.stage must be 0, 1 or 2, not {stage!r}")
        game._stage = stage
        game._refreshed = _flag(state["refreshed"], "turn_state.refreshed")
        game._refreshes_after_reshuffle = _whole(state["refreshes_after_reshuffle"],
                                                 "turn_state.refreshes_after_reshuffle")
        game._accountant_id = _whole(state["accountant"], "turn_state.accountant",
                                     allow_none=True)
        game._exchanges_left = _whole(state["exchanges_left"], "turn_state.exchanges_left")
        street_ids = {c.id for c in cards["street"]}
        own_ids = {c.id for c in cards[f"hand:{game.current}"] + cards[f"play:{game.current}"]}
        if not isinstance(fresh, list) or not set(fresh) <= street_ids:
            raise ValueError("turn_state.fresh must list Street card ids")
        if not isinstance(moved, list) or not set(moved) <= own_ids:
            raise ValueError("turn_state.moved must list the mover's own card ids")
        if not isinstance(lowered, list) or len(lowered) != 2:
            raise ValueError("turn_state.lowered must be [card id or null, amount]")
        lowered_id = _whole(lowered[0], "turn_state.lowered[0]", allow_none=True)
        lowered_by = _whole(lowered[1], "turn_state.lowered[1]")
        if lowered_id is not None and (lowered_id not in street_ids
                                       or not 1 <= lowered_by <= DECK[lowered_id].rank):
            raise ValueError("turn_state.lowered must name a Street card and a possible amount")
        if game._exchanges_left > 4 or (game._stage != 1 and game._exchanges_left):
            raise ValueError("turn_state.exchanges_left is impossible at this stage")
        game._fresh = set(fresh)
        game._moved = set(moved)
        game._lowered_id, game._lowered_by = lowered_id, lowered_by
    except KeyError as missing:
        raise ValueError(f"turn_state lacks {missing}") from None


def _restore_result(game: Game, data: dict[str, Any]) -> None:
    result = data.get("result")
    if not _flag(data.get("over", False), "over"):
        if result is not None:
            raise ValueError("a game that is not over has no result")
        return
    if not isinstance(result, dict) or result.get("reason") not in REASONS:
        raise ValueError("a finished game needs its result with a reason")
    if result["reason"] == "resigned":
        winner = _seat(result.get("winner"), "result.winner")
        game.result = game._game_over("resigned", resigned=1 - winner)
        return
    game.result = game._game_over(result["reason"])
    if result.get("winner") != game.result.winner:
        raise ValueError("the saved winner does not match the cards")


def load_game(game: Game, data: Any) -> Game:
    """Fill the empty ``game`` from ``data`` (a full ``to_dict`` or a position)."""
    if not isinstance(data, dict):
        raise ValueError("a game or position is a JSON object")
    if data.get("format", FORMAT) not in FORMATS:
        raise ValueError(f"unknown save format {data.get('format')!r}")
    missing = [key for key in POSITION_KEYS if key not in data]
    if missing:
        raise ValueError(f"a position needs {', '.join(missing)}")
    zones = _zones(data)
    every = Counter(code for codes in zones.values() for code in codes)
    if every != Counter(CODES):
        extra, lacking = every - Counter(CODES), Counter(CODES) - every
        raise ValueError(
            "a game holds exactly the 60 cards (R1.1); "
            f"too many: {dict(extra) or 'none'}, missing: {dict(lacking) or 'none'}"
        )
    cards = _given_ids(zones, data["ids"]) if "ids" in data else _assign_ids(zones)
    game.current = _seat(data["current"], "current")
    game.first_player = _seat(data.get("first_player", game.current), "first_player")
    game.fresh_cards_rule = _flag(data.get("fresh_cards_rule", True), "fresh_cards_rule")
    game.reshuffled = _flag(data["reshuffled"], "reshuffled")
    game.opponent = data.get("opponent")
    if game.opponent not in OPPONENTS:
        raise ValueError(f"opponent must be null or 'gangster', not {game.opponent!r}")
    if game.opponent == "gangster":
        level = data.get("gangster_level", 3)
        if level not in LEVELS or isinstance(level, bool):
            raise ValueError(f"gangster_level must be 1 to 4, not {level!r}")
        game.gangster_level = level
    game.hands = [cards["hand:0"], cards["hand:1"]]
    game.play_areas = [cards["play:0"], cards["play:1"]]
    game.street = cards["street"]
    game.draw_pile = cards["draw_pile"][::-1]
    game.discard = cards["discard"]
    _check_consistency(game)
    seed = data.get("seed", 0)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    game.seed = seed
    rng = data.get("rng", seed or 0)
    game._rng = Rng(_whole(rng, "rng"))
    parity = 0 if game.current == game.first_player else 1
    game.turn = _whole(data.get("turn", parity), "turn")
    if game.turn % 2 != parity:
        raise ValueError("turn and current do not agree with first_player")
    game.passed_last_turn = _flag(data.get("passed_last_turn", False), "passed_last_turn")
    if "last_turn" in data:
        game.last_turn = _whole(data["last_turn"], "last_turn", allow_none=True)
    elif game.reshuffled and not game.draw_pile:
        game.last_turn = game.turn if parity == 1 else game.turn + 1
    exhausted = game.reshuffled and not game.draw_pile
    if exhausted != (game.last_turn is not None):
        raise ValueError("last_turn is set exactly when the draw pile ran out after the reshuffle")
    known = _whole(data.get("known_bottom", 0), "known_bottom")
    if known > len(game.draw_pile) or (known and not game.reshuffled):
        raise ValueError("known_bottom counts cards returned under the draw pile after the "
                         "reshuffle (R3.1a)")
    game._known_bottom = known
    if "turn_state" in data:
        _restore_turn_state(game, data["turn_state"], cards)
    _restore_result(game, data)
    if not game.over and game.last_turn is not None and game.last_turn < game.turn:
        raise ValueError("the final round is past its last turn, yet the game is not over")
    if "scores" in data and list(data["scores"]) != list(game.scores):
        raise ValueError("the saved scores do not match the cards (R5.3)")
    if "setup" in data:
        return _with_history(game, data)
    game._setup = Setup(game.seed, game.first_player, game.fresh_cards_rule, game.opponent,
                        game.gangster_level, None, game.position_dict())
    return game


def _moves(value: Any) -> list[tuple[int, Action]]:
    if not isinstance(value, list):
        raise ValueError("moves must be a list of [seat, action] pairs")
    moves = []
    for item in value:
        if not isinstance(item, list) or len(item) != 2 or not isinstance(item[1], str):
            raise ValueError(f"moves holds {item!r}, not a [seat, action] pair")
        moves.append((_seat(item[0], "a move's seat"), parse_action(item[1])))
    return moves


def _with_history(game: Game, data: dict[str, Any]) -> Game:
    """A full save's history must lead to its state: deal the setup again, replay the moves
    (the Gangster's turns by its program) and compare.  The replayed game is returned, so
    whatever the moves built (the undo steps of the turn under way) is there too."""
    setup = Setup.from_dict(data["setup"])
    moves = _moves(data.get("moves", []))
    replayed = type(game).from_setup(setup)
    done = 0
    try:
        while done < len(moves):
            if replayed.is_gangster_turn():
                replayed.play_gangster_turn()
                done = len(replayed.move_stack)
                continue
            seat, action = moves[done]
            if seat != replayed.current:
                raise ValueError(f"move {done + 1} is not by the seat to move")
            replayed.push(action)
            done += 1
    except IllegalAction as error:
        raise ValueError(f"the saved moves cannot be replayed: {error}") from None
    if [(m.seat, m.action) for m in replayed.move_stack] != moves:
        raise ValueError("the saved moves do not match the Gangster's program (S4)")
    if game.result is not None and game.result.reason == "resigned":
        assert game.result.winner is not None
        replayed.resign(1 - game.result.winner)
    if replayed.position_dict() != game.position_dict():
        raise ValueError("the saved moves do not lead to the saved state")
    return replayed
