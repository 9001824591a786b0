"""Actions as values (R3): JSON form, one-line notation, round trips, and clear errors
for text or dicts that are not actions."""

from __future__ import annotations

import json

import pytest
from positions import game_at

from famiglia.rules import (
    PASS,
    Accountant,
    Brute,
    Exchange,
    Game,
    IllegalAction,
    Pass,
    Refresh,
    Take,
    action_from_dict,
    parse_action,
    to_action,
)

EXAMPLES = [
    (Refresh(2), "refresh 2", {"type": "refresh", "street": 2}),
    (Accountant("A2"), "accountant A2", {"type": "accountant", "card": "A2"}),
    (Exchange("M2", "B0"), "exchange M2 B0", {"type": "exchange", "take": "M2", "give": "B0"}),
    (Brute("B2", 3, 2), "brute B2 3 -2", {"type": "brute", "card": "B2", "street": 3, "by": 2}),
    (Take(4), "take 4", {"type": "take", "street": 4}),
    (Take(4, ("F2", "M3"), "M3"), "take 4 F2+M3 keep M3",
     {"type": "take", "street": 4, "pay": ["F2", "M3"], "keep": "M3"}),
    (PASS, "pass", {"type": "pass"}),
]


@pytest.mark.parametrize(("action", "text", "data"), EXAMPLES)
def test_notation_and_json(action: object, text: str, data: dict[str, object]) -> None:
    """str() is the notation, to_dict() the JSON; both parse back to the action."""
    assert str(action) == text
    assert action.to_dict() == data  # type: ignore[attr-defined]
    assert json.loads(json.dumps(data)) == data
    assert parse_action(text) == action
    assert action_from_dict(data) == action
    assert to_action(text) == to_action(data) == to_action(action) == action  # type: ignore[arg-type]


def test_notation_is_forgiving_about_case_and_payment_order() -> None:
    """Codes are case-insensitive and the payment is canonical (sorted) whatever the order."""
    assert parse_action("TAKE 4 m3+f2 KEEP m3") == Take(4, ("F2", "M3"), "M3")
    assert action_from_dict({"type": "take", "street": 4, "pay": ["M3", "F2"], "keep": "F2"}) \
        == Take(4, ("F2", "M3"), "F2")
    assert parse_action("Exchange m2 b0") == Exchange("M2", "B0")
    assert isinstance(parse_action("pass"), Pass)


@pytest.mark.parametrize("text", [
    "", "jump", "refresh", "refresh x", "refresh -1", "accountant X2", "accountant A9",
    "exchange M2", "brute B2 3 2", "brute B2 3", "take", "take 4 F2+M3", "take 4 F2+M3 keep F1",
    "take 4 F2 keep F2", "take 4 keep", "pass now",
])
def test_unreadable_text_raises(text: str) -> None:
    with pytest.raises(ValueError):
        parse_action(text)


@pytest.mark.parametrize("data", [
    {}, {"type": "fly"}, {"type": "refresh"}, {"type": "refresh", "street": "a"},
    {"type": "refresh", "street": -2}, {"type": "accountant", "card": 3},
    {"type": "exchange", "take": "M2"}, {"type": "brute", "card": "B2", "street": 1},
    {"type": "take", "street": 1, "pay": ["F2"], "keep": "F2"},
    {"type": "take", "street": 1, "pay": ["F2", "F2"]},
    {"type": "take", "street": 1, "pay": "F2+F2", "keep": "F2"},
    {"type": "take", "street": 1, "keep": "F2"},
    ["pass"],
])
def test_bad_json_raises(data: object) -> None:
    with pytest.raises(ValueError):
        action_from_dict(data)  # type: ignore[arg-type]


def test_apply_turns_unreadable_input_into_illegal_action() -> None:
    """Bad input is an IllegalAction (a ValueError) with a readable message."""
    game = Game.new(1)
    before = game.to_json()
    for bad in ("take it all", {"type": "steal"}, 42, None):
        with pytest.raises(IllegalAction) as caught:
            game.apply(bad)  # type: ignore[arg-type]
        assert str(caught.value)
        assert game.to_json() == before
    assert issubclass(IllegalAction, ValueError)


def test_unsorted_take_object_is_accepted() -> None:
    """A Take built by hand with its payment unsorted means the same action (R1.3: codes)."""
    game = game_at(hands=("F2 M3", ""), street="F3 A1")
    events = game.apply(Take(0, ("M3", "F2"), "M3"))
    assert [card.code for card in game.hands[0]] == ["M3", "F3"]
    assert events
