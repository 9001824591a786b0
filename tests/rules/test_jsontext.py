"""Reading JSON from outside within bounds: deep nesting and oversized text are refused with a
ValueError (never a RecursionError), and an ordinary save reads back whole."""

from __future__ import annotations

import pytest

from famiglia.rules import Game
from famiglia.rules.jsontext import check_depth, loads


def test_a_game_reads_back_within_the_bounds() -> None:
    game = Game.new(seed=7)
    assert loads(game.to_json()) == game.to_dict()
    assert loads(game.to_json().encode("utf-8")) == game.to_dict()


@pytest.mark.parametrize("depth", [33, 5_000, 200_000])
def test_deep_nesting_is_a_value_error(depth: int) -> None:
    with pytest.raises(ValueError, match="nested deeper"):
        loads("[" * depth + "]" * depth)
    with pytest.raises(ValueError, match="nested deeper"):
        loads('{"a":' * depth + "1" + "}" * depth)


def test_nesting_at_the_bound_is_read() -> None:
    assert loads("[" * 32 + "]" * 32, max_depth=32) is not None


def test_oversized_text_is_refused_before_parsing() -> None:
    with pytest.raises(ValueError, match="longer than 10 characters"):
        loads('"' + "x" * 20 + '"', max_chars=10)


@pytest.mark.parametrize("text", [None, 3, "", "{", b"\xff\xfe"])
def test_what_is_not_json_text_is_a_value_error(text: object) -> None:
    with pytest.raises(ValueError):
        loads(text)


def test_a_deep_value_built_in_python_is_measured_without_recursion() -> None:
    value: list[object] = []
    for _ in range(100_000):
        value = [value]
    with pytest.raises(ValueError, match="nested deeper than 32"):
        check_depth(value)
