"""Reading the fields of a saved game or position: each reader returns the value or raises a
``ValueError`` naming the field and quoting the bad value briefly."""

from __future__ import annotations

from typing import Any

from .cards import ALL_CODES
from .jsontext import brief


def seat_field(value: Any, what: str) -> int:
    if type(value) is not int or value not in (0, 1):
        raise ValueError(f"{what} must be seat 0 or 1, not {brief(value)}")
    return value


def flag_field(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false, not {brief(value)}")
    return value


def whole_field(value: Any, what: str, *, allow_none: bool = False) -> Any:
    if value is None and allow_none:
        return None
    if type(value) is not int or value < 0:
        raise ValueError(f"{what} must be a whole number ≥ 0, not {brief(value)}")
    return value


def codes_field(value: Any, what: str) -> list[str]:
    """A list of card codes (R1.3), any case."""
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of card codes")
    codes = []
    for code in value:
        if not isinstance(code, str) or code.strip().upper() not in ALL_CODES:
            raise ValueError(f"{what} holds {brief(code)}, which is not a card code")
        codes.append(code.strip().upper())
    return codes


def ids_field(value: Any, what: str) -> set[int]:
    if not isinstance(value, list) or not all(type(i) is int for i in value):
        raise ValueError(f"{what} must be a list of card ids")
    return set(value)


def pair_field(value: Any, what: str) -> list[Any]:
    """A pair of lists, one per seat."""
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"{what} must be a list of two lists, one per seat")
    return value
