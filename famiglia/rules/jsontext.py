"""JSON from outside the program (a save, a record, a position, a settings or highscore file),
read within bounds: a size and a nesting depth, so that no text can make a reader recurse
without end or hold the memory; whatever breaks a bound is a ``ValueError`` with the reason.

Pure Python and no files: the core checks what it is given, the stores read their files with
:func:`loads`.
"""

from __future__ import annotations

import json
import reprlib
from typing import Any

#: Deeper than anything the program writes (a record's position is about seven levels deep).
MAX_DEPTH = 32
#: Larger than anything the program writes (a whole game's record is a few kilobytes).
MAX_CHARS = 2_000_000


def loads(text: Any, *, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """The value of JSON ``text`` (a ``str`` or UTF-8 ``bytes``), or ``ValueError`` when it is
    not JSON, longer than ``max_chars`` or nested deeper than ``max_depth``."""
    if isinstance(text, bytes | bytearray):
        if len(text) > max_chars * 4:
            raise ValueError(f"the text is longer than {max_chars} characters")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise ValueError(f"the text is not UTF-8: {error.reason}") from None
    if not isinstance(text, str):
        raise ValueError(f"JSON is text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise ValueError(f"the text is longer than {max_chars} characters")
    try:
        value = json.loads(text)
    except RecursionError:
        raise ValueError(f"the data is nested deeper than {max_depth} levels") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON: {error}") from None
    check_depth(value, max_depth)
    return value


#: How error messages quote a value from outside: its ``repr`` when short, cut down when long,
#: and never deeper than a few levels, so that no value can make a message huge or recurse.
_BRIEF = reprlib.Repr()
_BRIEF.maxlevel = 3
_BRIEF.maxstring = _BRIEF.maxother = _BRIEF.maxlong = 60
_BRIEF.maxlist = _BRIEF.maxtuple = _BRIEF.maxdict = _BRIEF.maxset = _BRIEF.maxfrozenset = 6


def brief(value: Any) -> str:
    """``value`` as an error message quotes it: ``repr(value)`` when it is short, a shortened
    form when it is long or deep (never the whole of a large value)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits"
    return _BRIEF.repr(value)


def check_depth(value: Any, max_depth: int = MAX_DEPTH) -> None:
    """``ValueError`` when ``value``'s lists and dicts nest deeper than ``max_depth`` (counted
    without recursion, so any depth is measured safely)."""
    check_bounds(value, max_depth=max_depth)


def check_bounds(value: Any, *, max_depth: int = MAX_DEPTH, max_items: int | None = None,
                 max_string: int | None = None, max_int_bits: int | None = None) -> None:
    """``ValueError`` with the reason when ``value`` (JSON-like: dicts, lists, tuples and
    leaves) nests deeper than ``max_depth``, holds more than ``max_items`` values in all (keys
    and values at every level), a text (key or value) longer than ``max_string`` characters or
    a whole number of more than ``max_int_bits`` bits.  Walked without recursion, and stopped
    at the first bound broken, so any value is measured safely."""
    pending: list[tuple[Any, int]] = [(value, 1)]
    seen = 1
    while pending:
        item, depth = pending.pop()
        if isinstance(item, str):
            if max_string is not None and len(item) > max_string:
                raise ValueError(f"the data holds a text longer than {max_string} characters")
            continue
        if isinstance(item, int):
            if max_int_bits is not None and item.bit_length() > max_int_bits:
                raise ValueError(f"the data holds a number of more than {max_int_bits} bits")
            continue
        if isinstance(item, dict):
            count = 2 * len(item)
        elif isinstance(item, list | tuple):
            count = len(item)
        else:
            continue
        if depth > max_depth:
            raise ValueError(f"the data is nested deeper than {max_depth} levels")
        seen += count
        if max_items is not None and seen > max_items:
            raise ValueError(f"the data holds more than {max_items} values")
        children = (*item.keys(), *item.values()) if isinstance(item, dict) else item
        pending.extend((child, depth + 1) for child in children)
