"""Input from outside the program (a save, a record, JSON text, an argument) never escapes the
core: whatever it is, deeply nested, huge or of the wrong type, the answer is a ``ValueError``
with a short reason, never a ``RecursionError``, an ``IndexError`` or a ``TypeError``, and no
message quotes a large value whole."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from positions import position

from famiglia.players import make_player, play_game
from famiglia.rules import Game, Setup
from famiglia.rules.records import read_record, write_record

#: Longer than any reason the core gives, far shorter than the values below.
SHORT = 400


def deep(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def refused(call: Any, *args: Any) -> str:
    with pytest.raises(ValueError) as caught:
        call(*args)
    text = str(caught.value)
    assert len(text) < SHORT, text[:SHORT]
    return text


def saved_game() -> dict[str, Any]:
    game = Game.new(4)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    return game.to_dict()


def record() -> dict[str, Any]:
    player = make_player("no_pass_random", seed=9)
    game = play_game(Game.new(9), (player, player))
    return json.loads(json.dumps(write_record(game, names=("Anna", "Bruno"))))  # type: ignore[no-any-return]


@pytest.mark.parametrize("where", ["hands", "setup", "moves", "turn_state", "ids", "extra"])
def test_deep_nesting_in_a_save_is_a_value_error(where: str) -> None:
    """A save nested 100,000 levels deep anywhere is refused with the reason."""
    data = saved_game()
    data[where] = deep(100_000)
    assert "nested deeper" in refused(Game.from_dict, data)


def test_deep_nesting_in_json_text_is_a_value_error() -> None:
    text = '{"current": ' + "[" * 50_000 + "]" * 50_000 + "}"
    assert "nested deeper" in refused(Game.from_json, text)


@pytest.mark.parametrize("where", ["setup", "players", "moves", "result", "date"])
def test_deep_nesting_in_a_record_is_a_value_error(where: str) -> None:
    data = record()
    data[where] = deep(100_000)
    refused(read_record, data)


@pytest.mark.parametrize("value", [None, 3, 2.5, ["{}"], b"\xff", object()])
def test_from_json_takes_only_text(value: Any) -> None:
    assert "not a saved game" in refused(Game.from_json, value)


@pytest.mark.parametrize("seat", [2, -1, None, True, False, 1.0, "0", [0]])
def test_view_takes_only_seat_0_or_1(seat: Any) -> None:
    """R5.4: a view is of seat 0 or seat 1, nothing else (True is not seat 1)."""
    game = Game.new(1)
    assert "seat is 0 or 1" in refused(game.view, seat)
    assert game.view(0).seat == 0 and game.view(1).seat == 1


@pytest.mark.parametrize(("key", "value"), [
    ("current", "x" * 1_000_000), ("seed", 10**5000), ("seed", 2**64), ("street", ["F1"] * 10**5),
    ("first_player", list(range(10**5))), ("opponent", "g" * 10**6),
], ids=["long text", "huge number", "65 bits", "long list", "long list", "long text"])
def test_a_huge_value_is_refused_without_being_quoted_whole(key: str, value: Any) -> None:
    data = position(street="F1 A1")
    data[key] = value
    refused(Game.from_dict, data)


@pytest.mark.parametrize("action", ["take " + "9" * 10**5, {"type": "take", "street": deep(10**5)},
                                    {"type": "brute", "card": deep(10**5), "street": 0, "by": 1},
                                    {"type": "take", "street": 0, "pay": [deep(10**5), "F1"],
                                     "keep": "F1"}, "x" * 10**6, deep(10**5)],
                         ids=["long index", "deep street", "deep card", "deep payment",
                              "long text", "deep list"])
def test_a_huge_or_deep_action_is_refused_briefly(action: Any) -> None:
    """R3: apply, push and explain refuse it with a short reason and change nothing."""
    game = Game.new(2)
    before = game.to_dict()
    refused(game.apply, action)
    refused(game.push, action)
    reason = game.explain(action)
    assert reason is not None and len(str(reason)) < SHORT
    assert game.to_dict() == before


@pytest.mark.parametrize("version", [1.0, True, "1", None, [1]])
def test_a_record_version_is_exactly_the_whole_number_1(version: Any) -> None:
    data = record()
    read_record(copy.deepcopy(data))
    data["version"] = version
    assert "another version" in refused(read_record, data)


def oversized(data: dict[str, Any], where: str) -> None:
    if where == "seat":
        data["players"]["seats"][0] = {"kind": "human", "note": "x" * 1000}
    elif where == "seat keys":
        data["players"]["seats"][0] = {f"k{i}": i for i in range(40_000)}
    elif where == "date":
        data["date"] = "2026-01-01T00:00:00+00:00" + " " * 1000
    elif where == "action":
        data["moves"][0]["action"] = "pass" + " " * 1000
    elif where == "move keys":
        data["moves"][0].update({f"k{i}": 0 for i in range(40_000)})
    elif where == "setup deck":
        data["setup"]["deck"] = ["F1"] * 40_000
    elif where == "result":
        data["result"]["notes"] = ["x"] * 40_000
    elif where == "seed":
        data["setup"]["seed"] = 2**70


@pytest.mark.parametrize("where", ["seat", "seat keys", "date", "action", "move keys",
                                   "setup deck", "result", "seed"])
def test_a_record_beyond_its_bounds_is_refused_with_the_reason(where: str) -> None:
    """A record is bounded: its moves (MOVE_LIMIT), its texts, its values in all, its numbers."""
    data = record()
    oversized(data, where)
    text = refused(read_record, data)
    assert "larger than any game" in text


def test_a_setup_nested_deeply_is_a_value_error() -> None:
    """R2: ``Setup.from_dict`` reads a record's or a save's setup, whatever it holds."""
    assert "nested deeper" in refused(Setup.from_dict, {"seed": 1, "position": {"x": deep(10**5)}})
    assert "seat 0 or 1" in refused(Setup.from_dict, {"seed": 1, "first_player": 1.0})
