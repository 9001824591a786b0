"""Saving and loading: ``to_dict``/``from_dict`` round trips mid-turn with the random
generator, positions (the start of ``current``'s turn) and their defaults, and every kind of
inconsistent dict rejected at once with ``ValueError`` (R1.1, R4.1, R4.2, R5.1, R5.3)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from positions import codes, game_at, position

from famiglia.rules import Game

REQUIRED = ("current", "hands", "play_areas", "street", "draw_pile", "discard", "reshuffled")


def continue_both(a: Game, b: Game, actions: list[str]) -> None:
    """Apply the same actions to both games and require identical results all the way."""
    for action in actions:
        assert [e.to_dict() for e in a.apply(action)] == [e.to_dict() for e in b.apply(action)]
        assert a.to_dict() == b.to_dict()


def test_to_dict_holds_the_position_fields_and_is_json() -> None:
    """current, first_player, hands, play_areas, street (left to right), draw_pile
    (top first), discard, reshuffled, fresh_cards_rule, over, scores, winner."""
    game = Game.new(21, first_player=1, fresh_cards_rule=False)
    data = json.loads(json.dumps(game.to_dict()))
    assert data["current"] == data["first_player"] == 1
    assert data["hands"] == [["F0", "A0", "B0", "M0"]] * 2
    assert data["play_areas"] == [[], []] and data["discard"] == []
    assert data["street"] == codes(game.street)
    assert data["draw_pile"] == [card.code for card in reversed(game.draw_pile)]
    assert data["reshuffled"] is False and data["fresh_cards_rule"] is False
    assert data["over"] is False and data["scores"] == [1, 1] and data["winner"] is None


def test_round_trip_mid_turn_continues_identically() -> None:
    """A restored game (turn state and random generator included) goes on exactly as
    the original: after a refresh (fresh cards), an Accountant (exchanges left), a Brute."""
    game = game_at(hands=("A2 B2 F0 M1 M1", "F0 F0"), play_areas=("M2 B3", ""),
                   street="F2 A1 M4", draw_pile="B1 A3 M3 F1", discard="A4 F4 B4",
                   rest="draw_pile", seed=77)
    game.apply("refresh 1")
    restored = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert restored.is_fresh(restored.street[-1]) and restored.refreshed_this_turn
    assert restored.legal_actions() == game.legal_actions()
    game.apply("accountant A2")
    game.apply("exchange M2 F0")
    restored = Game.from_dict(game.to_dict())
    assert restored.exchanges_left == 1 and restored.stage == "accountant"
    assert restored.legal_actions() == game.legal_actions()
    continue_both(game, restored, ["brute B2 1 -2"])
    restored = Game.from_dict(game.to_dict())
    assert restored.effective_rank(1) == 2 and restored.view(0).street[1].rank == 2
    assert restored.legal_actions() == game.legal_actions()


def test_round_trip_keeps_the_rng_for_the_reshuffle() -> None:
    """R4.2: the reshuffle after a reload is the same as without it."""
    game = game_at(street="F1 A1", draw_pile="M1", discard="A2 A3 B2 B3 M2 M3 F2 F3",
                   rest="play_areas", seed=1234)
    restored = Game.from_dict(game.to_dict())
    continue_both(game, restored, ["refresh 0", "refresh 0", "pass"])
    assert game.reshuffled


def test_copy_is_independent_and_continues_identically() -> None:
    game = Game.new(5)
    twin = game.copy()
    continue_both(game, twin, [str(game.legal_actions()[0])])
    other = game.copy()
    other.apply("pass")
    assert other.to_dict() != game.to_dict()


def test_finished_game_round_trips() -> None:
    """R5.2/R5.3: a finished game loads as finished with the same result."""
    game = game_at(hands=("F1", "A1"), street="B1")
    game.apply("pass")
    game.apply("pass")
    restored = Game.from_dict(game.to_dict())
    assert restored.is_terminal() and restored.result == game.result
    assert restored.legal_actions() == []


def test_position_defaults() -> None:
    """A position is the start of current's turn; first_player defaults to current,
    fresh_cards_rule to true; no pass before, nothing refreshed, stage refresh."""
    data = position(current=1, street="F1 A1", hands=("M0", "B0"))
    assert set(data) == set(REQUIRED)
    game = Game.from_dict(data)
    assert game.current == game.first_player == 1 and game.turn == 0
    assert game.fresh_cards_rule is True and game.stage == "refresh"
    assert not game.refreshed_this_turn and game.last_turn is None
    assert codes(game.hands[1]) == ["B0"] and codes(game.street) == ["F1", "A1"]
    game = Game.from_dict(position(current=1, first_player=0, fresh_cards_rule=False,
                                   street="F1"))
    assert (game.first_player, game.turn, game.fresh_cards_rule) == (0, 1, False)


def test_position_round_trip_is_stable() -> None:
    data = position(current=0, hands=("A2 M3", "F0"), play_areas=("B1", "M2"),
                    street="F3 A1 B0", discard="F1 A1", seed=3)
    game = Game.from_dict(data)
    again = Game.from_dict(game.to_dict())
    assert again.to_dict() == game.to_dict()
    for key in ("hands", "play_areas", "street", "draw_pile", "discard", "reshuffled",
                "current"):
        assert game.to_dict()[key] == data[key]


def test_position_codes_are_case_insensitive() -> None:
    data = position(street="F1 A1")
    data["street"] = ["f1", "a1"]
    assert codes(Game.from_dict(data).street) == ["F1", "A1"]


def test_position_seed_drives_the_reshuffle() -> None:
    """A position's optional seed fixes its random generator (R4.2)."""
    def reshuffled_pile(seed: int) -> list[str]:
        game = game_at(street="F1", draw_pile="M1", discard="A1 A2 A3 B1 B2 B3 M2 M3 F2 F3",
                       rest="play_areas", seed=seed)
        game.apply("refresh 0")
        return game.to_dict()["draw_pile"]
    assert reshuffled_pile(1) == reshuffled_pile(1)
    assert len({tuple(reshuffled_pile(seed)) for seed in range(6)}) > 1


CORRUPT_POSITIONS = {
    "not a dict": lambda d: d.clear() or d.update({"x": 1}),
    "missing current": lambda d: d.pop("current"),
    "missing hands": lambda d: d.pop("hands"),
    "missing play_areas": lambda d: d.pop("play_areas"),
    "missing street": lambda d: d.pop("street"),
    "missing draw_pile": lambda d: d.pop("draw_pile"),
    "missing discard": lambda d: d.pop("discard"),
    "missing reshuffled": lambda d: d.pop("reshuffled"),
    "a card too many": lambda d: d["street"].append("F4"),
    "a card missing": lambda d: d["draw_pile"].pop(),
    "a card swapped": lambda d: d["street"].__setitem__(0, "F4"),
    "unknown code": lambda d: d["street"].__setitem__(0, "X1"),
    "rank 5": lambda d: d["street"].__setitem__(0, "F5"),
    "code not a string": lambda d: d["street"].__setitem__(0, 7),
    "three hands": lambda d: d["hands"].append([]),
    "hand not a list": lambda d: d["hands"].__setitem__(0, "A2"),
    "street not a list": lambda d: d.__setitem__("street", "F1 A1"),
    "current 2": lambda d: d.__setitem__("current", 2),
    "current text": lambda d: d.__setitem__("current", "0"),
    "first_player 3": lambda d: d.__setitem__("first_player", 3),
    "reshuffled not bool": lambda d: d.__setitem__("reshuffled", "no"),
    "fresh rule not bool": lambda d: d.__setitem__("fresh_cards_rule", "yes"),
    "seed not a number": lambda d: d.__setitem__("seed", "abc"),
    "rank 0 discarded": lambda d: (d["discard"].append("F0"), d["draw_pile"].remove("F0")),
    "empty pile not reshuffled": lambda d: (d["discard"].extend(
        c for c in d["draw_pile"] if c[1] != "0"), d["hands"][0].extend(
        c for c in d["draw_pile"] if c[1] == "0"), d["draw_pile"].clear()),
    "discard after reshuffle": lambda d: (d.__setitem__("reshuffled", True),
                                          d["play_areas"][0].extend(
                                              c for c in d["draw_pile"] if c[1] == "0"),
                                          d.__setitem__("draw_pile",
                                                        [c for c in d["draw_pile"]
                                                         if c[1] != "0"])),
    "zero in the reshuffled pile": lambda d: (d.__setitem__("reshuffled", True),
                                              d["draw_pile"].extend(d["discard"]),
                                              d["discard"].clear()),
    "empty street with cards to draw": lambda d: (d["draw_pile"].extend(d["street"]),
                                                  d["street"].clear()),
}


@pytest.mark.parametrize("name", list(CORRUPT_POSITIONS))
def test_corrupt_positions_are_rejected(name: str) -> None:
    """A dict that is not a consistent game raises ValueError at once."""
    data = position(hands=("A2", "M3"), street="F1 A1", discard="B2")
    CORRUPT_POSITIONS[name](data)
    with pytest.raises(ValueError):
        Game.from_dict(data)


@pytest.mark.parametrize("bad", [None, [], "position", 42])
def test_non_dicts_are_rejected(bad: object) -> None:
    with pytest.raises(ValueError):
        Game.from_dict(bad)  # type: ignore[arg-type]


def saved_game() -> dict[str, Any]:
    game = Game.new(8)
    game.apply("pass")
    game.apply(game.legal_actions()[0])
    return game.to_dict()


CORRUPT_SAVES = {
    "scores tampered": lambda d: d.__setitem__("scores", [99, 0]),
    "winner not the cards' winner": lambda d: (d.__setitem__("over", True),
                                               d.__setitem__("result", {"reason": "double_pass",
                                                                        "winner": 0})),
    "over without a reason": lambda d: (d.__setitem__("over", True),
                                        d.__setitem__("result", {"winner": 1})),
    "result but not over": lambda d: d.__setitem__("result", {"reason": "double_pass"}),
    "ids swapped": lambda d: d["ids"]["street"].reverse()
    if len(set(d["street"])) > 1 else d["ids"]["street"].append(0),
    "ids repeated": lambda d: d["ids"]["hands"][0].__setitem__(0, d["ids"]["hands"][1][0]),
    "turn parity": lambda d: d.__setitem__("turn", d["turn"] + 1),
    "stage unknown": lambda d: d["turn_state"].__setitem__("stage", 7),
    "exchanges without accountant": lambda d: d["turn_state"].__setitem__("exchanges_left", 2),
    "lowered off the street": lambda d: d["turn_state"].__setitem__("lowered", [999, 1]),
    "last turn without exhaustion": lambda d: d.__setitem__("last_turn", 5),
    "turn_state not a dict": lambda d: d.__setitem__("turn_state", []),
}


@pytest.mark.parametrize("name", list(CORRUPT_SAVES))
def test_corrupt_saves_are_rejected(name: str) -> None:
    """A tampered full save is refused, never loaded half."""
    data = saved_game()
    Game.from_dict(copy.deepcopy(data))
    CORRUPT_SAVES[name](data)
    with pytest.raises(ValueError):
        Game.from_dict(data)


def test_rejection_message_names_the_problem() -> None:
    data = position(street="F1")
    data["street"].append("F4")
    with pytest.raises(ValueError) as caught:
        Game.from_dict(data)
    assert "60" in str(caught.value)
    data = position(street="F1")
    del data["discard"]
    with pytest.raises(ValueError) as caught:
        Game.from_dict(data)
    assert "discard" in str(caught.value)
