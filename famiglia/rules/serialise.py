"""Saving and loading a game: both directions of its JSON form, full saves and positions.

Loading checks that a dict is a game the rules can reach: anything inconsistent raises
``ValueError`` at once, before the game is handed out, so a damaged save is never loaded half.
The history (setup and moves) is checked by ``Game.from_dict``, which replays it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .actions import Action, to_action
from .cards import CODES, DECK, NON_START, Back, Card
from .events import EndReason
from .gangster import LEVELS
from .hands import hand_signature
from .jsontext import brief
from .rng import Rng, check_seed
from .setup import Opponent, opponent_of
from .state import TURN_START, GameState, Stage, TurnState
from .turn import TurnFlow

#: The save format: 2 adds the history (setup, moves) and the known bottom of the draw pile,
#: and names the turn's stage; format 1 saves still load (their history starts where they were
#: saved).
FORMAT = "famiglia-game/2"
FORMATS = ("famiglia-game/1", FORMAT)
STAGES = tuple(stage.value for stage in Stage)
_REASONS = frozenset(EndReason)

POSITION_KEYS = ("current", "hands", "play_areas", "street", "draw_pile", "discard", "reshuffled")


def _seat(value: Any, what: str) -> int:
    if value not in (0, 1) or isinstance(value, bool):
        raise ValueError(f"{what} must be seat 0 or 1, not {brief(value)}")
    return int(value)


def _flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false, not {brief(value)}")
    return value


def _whole(value: Any, what: str, *, allow_none: bool = False) -> Any:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} must be a whole number ≥ 0, not {brief(value)}")
    return value


def _code_list(value: Any, what: str) -> list[str]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of card codes")
    codes = []
    for code in value:
        if not isinstance(code, str) or code.strip().upper() not in CODES:
            raise ValueError(f"{what} holds {brief(code)}, which is not a card code")
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
    """Pick physical cards for codes (R1.5): a seat's own start-set copy first in its hand and
    play area, where the rules can bring it; elsewhere the neutral copies first."""
    own = {"hand:0": Back.START_1, "play:0": Back.START_1,
           "hand:1": Back.START_2, "play:1": Back.START_2}
    pools: dict[str, list[Card]] = {}
    for card in DECK:
        pools.setdefault(card.code, []).append(card)
    cards: dict[str, list[Card]] = {}
    for zone, codes in zones.items():
        first = own.get(zone, Back.NEUTRAL)
        cards[zone] = []
        for code in codes:
            pool = pools[code]
            card = next((c for c in pool if c.back is first),
                        next((c for c in pool if c.back is Back.NEUTRAL), pool[0]))
            pool.remove(card)
            cards[zone].append(card)
    return cards


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
            if type(card_id) is not int or not 0 <= card_id < len(DECK) or card_id in seen:
                raise ValueError(f"card id {brief(card_id)} in {zone} is unknown or repeated")
            if CODES[card_id] != code:
                raise ValueError(f"card id {card_id} in {zone} is {CODES[card_id]}, not {code}")
            seen.add(card_id)
        cards[zone] = [DECK[i] for i in zone_ids]
    return cards


def _check_consistency(game: GameState) -> None:
    """R4.2: only cards of rank ≥ 1 are ever discarded, and nothing after the reshuffle; the
    first draw pile never stays empty (it is reshuffled at once); R4.1: the Street is never
    left empty while cards can be drawn; S2: the Gangster has no hand."""
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
    if game.opponent is Opponent.GANGSTER and game.hands[1]:
        raise ValueError("the Gangster keeps all its cards in its play area")


def _id_list(value: Any, what: str) -> set[int]:
    if not isinstance(value, list) or not all(type(i) is int for i in value):
        raise ValueError(f"{what} must be a list of card ids")
    return set(value)


def _stage(value: Any) -> Stage:
    """Format 2 names the stage; format 1 numbered it 0, 1, 2."""
    if type(value) is int and 0 <= value < len(Stage):
        return list(Stage)[value]
    if type(value) is str and value in STAGES:
        return Stage(value)
    raise ValueError(f"turn_state.stage must be one of {', '.join(STAGES)}, not {brief(value)}")


def _turn_state(game: GameState, state: Any, cards: dict[str, list[Card]]) -> TurnState:
    """R3: the turn under way must be one the rules can reach: the stages in order (R3.1 →
    R3.2 → R3.3), exchanges only after an Accountant still in the play area and within its
    rank, a refresh always leaves fresh cards (R3.1d), at most one refresh after the reshuffle
    (R3.1a, R3.1b), a Brute's target in the Street."""
    if not isinstance(state, dict):
        raise ValueError("turn_state must be a dict")
    try:
        stage = _stage(state["stage"])
        after = _whole(state["refreshes_after_reshuffle"], "turn_state.refreshes_after_reshuffle")
        accountant = _whole(state["accountant"], "turn_state.accountant", allow_none=True)
        left = _whole(state["exchanges_left"], "turn_state.exchanges_left")
        fresh = _id_list(state["fresh"], "turn_state.fresh")
        moved = _id_list(state["moved"], "turn_state.moved")
        lowered = state["lowered"]
    except KeyError as missing:
        raise ValueError(f"turn_state lacks {missing}") from None
    refreshed = _flag(state.get("refreshed", bool(fresh)), "turn_state.refreshed")
    seat = game.current
    street_ids = {c.id for c in cards["street"]}
    hand_ids = {c.id for c in cards[f"hand:{seat}"]}
    area_ids = {c.id for c in cards[f"play:{seat}"]}
    if not fresh <= street_ids:
        raise ValueError("turn_state.fresh must list Street card ids")
    if refreshed != bool(fresh):
        raise ValueError("a refresh always draws fresh cards, and only a refresh does")
    if after > 1 or (after and not (game.reshuffled and fresh)):
        raise ValueError("after the reshuffle one refresh per turn at most")
    if not isinstance(lowered, list) or len(lowered) != 2:
        raise ValueError("turn_state.lowered must be [card id or null, amount]")
    lowered_id = _whole(lowered[0], "turn_state.lowered[0]", allow_none=True)
    lowered_by = _whole(lowered[1], "turn_state.lowered[1]")
    if lowered_id is None:
        if lowered_by or stage is Stage.BRUTE:
            raise ValueError("a Brute lowers one Street card")
    elif (stage is not Stage.BRUTE or lowered_id not in street_ids
          or not 1 <= lowered_by <= DECK[lowered_id].rank):
        raise ValueError("turn_state.lowered must name a Street card and a possible amount")
    if accountant is None:
        if left or moved or stage is Stage.ACCOUNTANT:
            raise ValueError("exchanges need an Accountant played this turn")
    else:
        card = DECK[accountant] if accountant < len(DECK) else None
        if (card is None or stage is Stage.REFRESH or card.code[0] != "A" or card.rank == 0
                or accountant not in area_ids):
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


class Serialiser(TurnFlow):
    """``to_dict`` without the history, and loading it back."""

    __slots__ = ()

    def position_dict(self) -> dict[str, Any]:
        """The state alone as JSON-serialisable data (``to_dict`` adds the history)."""
        def codes(cards: list[Card]) -> list[str]:
            return [CODES[c.id] for c in cards]

        def ids(cards: list[Card]) -> list[int]:
            return [c.id for c in cards]

        draw_top_first = self.draw_pile[::-1]
        state = self.turn_state
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
            "over": self.result is not None,
            "scores": list(self.scores),
            "winner": self.result.winner if self.result else None,
            "result": self.result.to_dict() if self.result else None,
            "ids": {
                "hands": [ids(self.hands[0]), ids(self.hands[1])],
                "play_areas": [ids(self.play_areas[0]), ids(self.play_areas[1])],
                "street": ids(self.street),
                "draw_pile": ids(draw_top_first),
                "discard": ids(self.discard),
            },
            "turn_state": {
                "stage": state.stage.value,
                "fresh": sorted(state.fresh),
                "refreshes_after_reshuffle": state.refreshes_after_reshuffle,
                "accountant": state.accountant,
                "exchanges_left": state.exchanges_left,
                "moved": sorted(state.moved),
                "lowered": [state.lowered, state.lowered_by],
            },
        }

    def _load_result(self, data: dict[str, Any]) -> None:
        result = data.get("result")
        if not _flag(data.get("over", False), "over"):
            if result is not None:
                raise ValueError("a game that is not over has no result")
            return
        if not isinstance(result, dict) or not isinstance(result.get("reason"), str) \
                or result["reason"] not in _REASONS:
            raise ValueError("a finished game needs its result with a reason")
        reason = EndReason(result["reason"])
        if reason is EndReason.RESIGNED:
            winner = _seat(result.get("winner"), "result.winner")
            self.result = self._game_over(reason, resigned=1 - winner)
            return
        if reason is EndReason.DOUBLE_PASS and not self.passed_last_turn:
            raise ValueError("a game ended by a double pass needs the pass before it")
        if reason is EndReason.FINAL_ROUND and self.last_turn != self.turn:
            raise ValueError("a game ended by the final round ends in its last turn")
        self.result = self._game_over(reason)
        if result.get("winner") != self.result.winner:
            raise ValueError("the saved winner does not match the cards")

    def _load(self, data: Any) -> None:
        """Fill this empty game from ``data`` (a full ``to_dict`` or a position)."""
        if not isinstance(data, dict):
            raise ValueError("a game or position is a JSON object")
        if data.get("format", FORMAT) not in FORMATS:
            raise ValueError(f"unknown save format {brief(data.get('format'))}")
        missing = [key for key in POSITION_KEYS if key not in data]
        if missing:
            raise ValueError(f"a position needs {', '.join(missing)}")
        zones = _zones(data)
        every = Counter(code for codes in zones.values() for code in codes)
        if every != Counter(CODES):
            extra, lacking = every - Counter(CODES), Counter(CODES) - every
            raise ValueError(
                "a game holds exactly the 60 cards; "
                f"too many: {dict(extra) or 'none'}, missing: {dict(lacking) or 'none'}"
            )
        cards = _given_ids(zones, data["ids"]) if "ids" in data else _assign_ids(zones)
        self.current = _seat(data["current"], "current")
        self.first_player = _seat(data.get("first_player", self.current), "first_player")
        self.fresh_cards_rule = _flag(data.get("fresh_cards_rule", True), "fresh_cards_rule")
        self.reshuffled = _flag(data["reshuffled"], "reshuffled")
        self.opponent = opponent_of(data.get("opponent"), "opponent")
        if self.opponent is Opponent.GANGSTER:
            level = data.get("gangster_level", 3)
            if type(level) is not int or level not in LEVELS:
                raise ValueError(f"gangster_level must be 1 to 4, not {brief(level)}")
            self.gangster_level = level
        self.hands = [cards["hand:0"], cards["hand:1"]]
        self._hand_signatures = [hand_signature(self.hands[0]), hand_signature(self.hands[1])]
        self.play_areas = [cards["play:0"], cards["play:1"]]
        self.street = cards["street"]
        self.draw_pile = cards["draw_pile"][::-1]
        self.discard = cards["discard"]
        _check_consistency(self)
        self.seed = check_seed(data.get("seed", 0), "seed", allow_none=True)
        self._rng = Rng(check_seed(data.get("rng", self.seed or 0), "rng"))
        parity = 0 if self.current == self.first_player else 1
        self.turn = _whole(data.get("turn", parity), "turn")
        if self.turn % 2 != parity:
            raise ValueError("turn and current do not agree with first_player")
        self.passed_last_turn = _flag(data.get("passed_last_turn", False), "passed_last_turn")
        if self.passed_last_turn and self.turn == 0:
            raise ValueError("the first turn has no turn before it that could have passed")
        if "last_turn" in data:
            self.last_turn = _whole(data["last_turn"], "last_turn", allow_none=True)
        elif self.reshuffled and not self.draw_pile:
            self.last_turn = self.turn if parity == 1 else self.turn + 1
        exhausted = self.reshuffled and not self.draw_pile
        if exhausted != (self.last_turn is not None):
            raise ValueError("last_turn is set exactly when the draw pile ran out after the "
                             "reshuffle")
        known = _whole(data.get("known_bottom", 0), "known_bottom")
        if known > len(self.draw_pile) or (known and not self.reshuffled):
            raise ValueError("known_bottom counts cards returned under the draw pile after the "
                             "reshuffle")
        self._known_bottom = known
        if "turn_state" in data:
            self.turn_state = _turn_state(self, data["turn_state"], cards)
        self._load_result(data)
        if self.result is None and self.last_turn is not None and self.last_turn < self.turn:
            raise ValueError("the final round is past its last turn, yet the game is not over")
        if self.result is not None and self.turn_state != TURN_START:
            raise ValueError("no turn is under way in a finished game")
        if "scores" in data and data["scores"] != list(self.scores):
            raise ValueError("the saved scores do not match the cards")


def saved_moves(value: Any) -> list[tuple[int, Action]]:
    """A saved move list: ``[seat, notation]`` pairs."""
    if not isinstance(value, list):
        raise ValueError("moves must be a list of [seat, action] pairs")
    moves = []
    for item in value:
        if (not isinstance(item, list) or len(item) != 2 or type(item[0]) is not int
                or item[0] not in (0, 1) or not isinstance(item[1], str)):
            raise ValueError(f"moves holds {brief(item)}, not a [seat, action] pair")
        moves.append((item[0], to_action(item[1])))
    return moves


def deck_from_codes(codes: list[Any]) -> list[Card]:
    """``Game.new(deck=...)``: the 52 non-start cards given by code, top of the pile first."""
    if not all(isinstance(code, str) for code in codes):
        raise ValueError("deck must list card codes such as 'F2'")
    pools: dict[str, list[Card]] = {}
    for card in NON_START:
        pools.setdefault(card.code, []).append(card)
    expected = Counter(card.code for card in NON_START)
    given = Counter(code.strip().upper() for code in codes)
    if len(codes) != len(NON_START) or given != expected:
        raise ValueError(
            "deck must be exactly the 52 non-start cards as codes; "
            f"got {len(codes)} cards, differences {dict((given - expected) + (expected - given))}"
        )
    return [pools[code.strip().upper()].pop(0) for code in codes]
