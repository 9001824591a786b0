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
from .fields import codes_field, flag_field, pair_field, seat_field, whole_field
from .gangster import LEVELS
from .hands import hand_signature
from .jsontext import brief
from .reachable import (
    check_cards,
    check_gangster_turn,
    check_turn,
    fewest_turns,
    last_turn_of,
    turn_state_of,
)
from .rng import Rng, check_seed
from .setup import Opponent, opponent_of
from .state import TURN_START
from .turn import TurnFlow
from .zones import DISCARD, DRAW_PILE, HANDS, PLAY_AREAS, STREET, Zone

#: The save format: format 2 holds the history (setup, moves) and the known bottom of the draw
#: pile, and names the turn's stage; a format-1 save (without them) loads too, its history
#: starting where it was saved.
FORMAT = "famiglia-game/2"
FORMATS = ("famiglia-game/1", FORMAT)
_REASONS = frozenset(EndReason)

POSITION_KEYS = ("current", "hands", "play_areas", "street", "draw_pile", "discard", "reshuffled")


def _zones(data: dict[str, Any]) -> dict[Zone, list[str]]:
    hands = pair_field(data["hands"], "hands")
    areas = pair_field(data["play_areas"], "play_areas")
    return {
        HANDS[0]: codes_field(hands[0], "hands[0]"),
        HANDS[1]: codes_field(hands[1], "hands[1]"),
        PLAY_AREAS[0]: codes_field(areas[0], "play_areas[0]"),
        PLAY_AREAS[1]: codes_field(areas[1], "play_areas[1]"),
        STREET: codes_field(data["street"], "street"),
        DRAW_PILE: codes_field(data["draw_pile"], "draw_pile"),
        DISCARD: codes_field(data["discard"], "discard"),
    }


def _assign_ids(zones: dict[Zone, list[str]]) -> dict[Zone, list[Card]]:
    """Pick physical cards for codes (R1.5): a seat's own start-set copy first in its hand and
    play area, where the rules can bring it; elsewhere the neutral copies first."""
    own = {HANDS[0]: Back.START_1, PLAY_AREAS[0]: Back.START_1,
           HANDS[1]: Back.START_2, PLAY_AREAS[1]: Back.START_2}
    pools: dict[str, list[Card]] = {}
    for card in DECK:
        pools.setdefault(card.code, []).append(card)
    cards: dict[Zone, list[Card]] = {}
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


def _given_ids(zones: dict[Zone, list[str]], ids: Any) -> dict[Zone, list[Card]]:
    """Check the saved card ids against the codes and return the cards."""
    if not isinstance(ids, dict):
        raise ValueError("ids must be a dict of zones")
    try:
        raw = {
            HANDS[0]: ids["hands"][0], HANDS[1]: ids["hands"][1],
            PLAY_AREAS[0]: ids["play_areas"][0], PLAY_AREAS[1]: ids["play_areas"][1],
            STREET: ids["street"], DRAW_PILE: ids["draw_pile"], DISCARD: ids["discard"],
        }
    except (KeyError, IndexError, TypeError):
        raise ValueError("ids must list the card ids of every zone") from None
    seen: set[int] = set()
    cards: dict[Zone, list[Card]] = {}
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
            "turn_state": self.turn_state.to_dict(),
        }

    def _load(self, data: Any) -> None:
        """Fill this empty game from ``data`` (a full ``to_dict`` or a position), checking that
        the rules can reach it (:mod:`~famiglia.rules.reachable`)."""
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
        self.current = seat_field(data["current"], "current")
        self.first_player = seat_field(data.get("first_player", self.current), "first_player")
        self.fresh_cards_rule = flag_field(data.get("fresh_cards_rule", True),
                                           "fresh_cards_rule")
        self.reshuffled = flag_field(data["reshuffled"], "reshuffled")
        self.opponent = opponent_of(data.get("opponent"), "opponent")
        if self.opponent is Opponent.GANGSTER:
            level = data.get("gangster_level", 3)
            if type(level) is not int or level not in LEVELS:
                raise ValueError(f"gangster_level must be 1 to 4, not {brief(level)}")
            self.gangster_level = level
        self.hands = [cards[HANDS[0]], cards[HANDS[1]]]
        self._hand_signatures = [hand_signature(self.hands[0]), hand_signature(self.hands[1])]
        self.play_areas = [cards[PLAY_AREAS[0]], cards[PLAY_AREAS[1]]]
        self.street = cards[STREET]
        self.draw_pile = cards[DRAW_PILE][::-1]
        self.discard = cards[DISCARD]
        check_cards(self)
        self.seed = check_seed(data.get("seed", 0), "seed", allow_none=True)
        self._rng = Rng(check_seed(data.get("rng", self.seed or 0), "rng"))
        self.passed_last_turn = flag_field(data.get("passed_last_turn", False),
                                           "passed_last_turn")
        ending = _ending(data)
        if "turn" in data:
            self.turn = whole_field(data["turn"], "turn")
        else:
            self.turn = fewest_turns(self, ending)
        check_turn(self, ending)
        self.last_turn = last_turn_of(self, data.get("last_turn"), saved="last_turn" in data)
        known = whole_field(data.get("known_bottom", 0), "known_bottom")
        if known > len(self.draw_pile) or (known and not self.reshuffled):
            raise ValueError("known_bottom counts cards returned under the draw pile after the "
                             "reshuffle")
        self._known_bottom = known
        if "turn_state" in data:
            self.turn_state = turn_state_of(self, data["turn_state"])
        if ending is not None:
            self._load_result(ending, data["result"])
        check_gangster_turn(self)
        if "scores" in data and data["scores"] != list(self.scores):
            raise ValueError("the saved scores do not match the cards")

    def _load_result(self, ending: EndReason, result: dict[str, Any]) -> None:
        """R5.1–R5.3, S5: a finished game's result, rebuilt from the cards as they lie."""
        if self.turn_state != TURN_START:
            raise ValueError("no turn is under way in a finished game")
        if ending is EndReason.RESIGNED:
            winner = seat_field(result.get("winner"), "result.winner")
            self.result = self._game_over(ending, resigned=1 - winner)
            return
        if ending is EndReason.DOUBLE_PASS and not self.passed_last_turn:
            raise ValueError("a game ended by a double pass needs the pass before it")
        if ending is EndReason.FINAL_ROUND and self.last_turn != self.turn:
            raise ValueError("a game ended by the final round ends in its last turn")
        self.result = self._game_over(ending)
        if result.get("winner") != self.result.winner:
            raise ValueError("the saved winner does not match the cards")


def _ending(data: dict[str, Any]) -> EndReason | None:
    """Why a saved game ended (``None``: it goes on)."""
    result = data.get("result")
    if not flag_field(data.get("over", False), "over"):
        if result is not None:
            raise ValueError("a game that is not over has no result")
        return None
    if not isinstance(result, dict) or not isinstance(result.get("reason"), str) \
            or result["reason"] not in _REASONS:
        raise ValueError("a finished game needs its result with a reason")
    return EndReason(result["reason"])


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
