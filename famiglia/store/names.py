"""Players' names as the user files keep them: one definition of each kind for every store, so
that no store writes a name its own reader, or another store's, refuses.

- A name a person types: printable characters, at most :data:`TYPED_LIMIT` of them (the
  results' highscore field takes that many; the name fields of New game, Settings and the
  solo setup take :data:`NAME_FIELD`, to fit their rows).  The settings and the highscore list
  keep such names.
- A name a game is played under: a typed name, a default or the computer's name, or the name
  in a record that was imported and played on from, which may be any text of up to
  :data:`~famiglia.rules.records.NAME_LIMIT` characters.  The saved game and the coach's tips
  in the progress keep such names, as the records do (:func:`is_game_name`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..lazy import lazy_module

if TYPE_CHECKING:
    from ..rules import records
else:
    # the core's records are loaded when a name is first checked
    records = lazy_module("famiglia.rules.records")

#: The longest name a person can type (the highscore entry's field).
TYPED_LIMIT = 24
#: How many characters the name fields of New game, Settings and the solo setup take.
NAME_FIELD = 16


def typed_name_problem(name: str) -> str | None:
    """Why ``name`` is not a name as a person types it (English, for a store's error), or
    ``None``."""
    if not name.strip():
        return "the name must be text, not empty"
    if len(name) > TYPED_LIMIT or name != name.strip() or not name.isprintable():
        return (f"the name must be at most {TYPED_LIMIT} printable characters, without spaces "
                "at either end")
    return None


def is_game_name(value: Any) -> bool:
    """Whether ``value`` is a name a game can be played under: what a record keeps
    (:func:`famiglia.rules.records.check_header`), text of 1 to ``NAME_LIMIT`` characters."""
    return isinstance(value, str) and 0 < len(value) <= records.NAME_LIMIT
