"""How a game began (R2, S1): enough to deal exactly the same game again.

A :class:`Setup` and the game's move stack together are the game's history, like a PGN header
and its moves: ``Game.from_setup(setup)`` deals the start again and replaying the moves leads to
the same state.  A game that began from a position (``Game.from_dict`` of a position, or a
format-1 save without history) keeps that position as its setup.  A game between two computers
(``famiglia.net``) is dealt and drawn by choices made outside the core
(:mod:`~famiglia.rules.draws`): its setup lists those made so far.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .cards import ALL_CODES
from .gangster import LEVELS
from .jsontext import brief, check_depth
from .rng import check_seed

#: More draws than any game makes (the deal's, then at most one a card drawn: 52, then the
#: discard pile's again after the reshuffle, R4.2).
DRAW_LIMIT = 200


class Opponent(StrEnum):
    """Who sits in seat 1 when it is not a second player: the Gangster of the solo challenge
    (S1–S5)."""

    GANGSTER = "gangster"


def opponent_of(value: Any, what: str) -> Opponent | None:
    """``None`` (two players) or :class:`Opponent` from its JSON form, or ``ValueError``."""
    if value is None:
        return None
    if isinstance(value, str) and value == Opponent.GANGSTER:
        return Opponent.GANGSTER
    raise ValueError(f"{what} must be null (two players) or 'gangster' (solo challenge)")


@dataclass(frozen=True, slots=True)
class Setup:
    """R2/S1 choices: ``deck`` is the 52 draw-pile codes top first (``None``: shuffled from
    ``seed``); ``position`` is the ``to_dict()`` the game started from (``None``: a new deal;
    treat it as read-only: :meth:`to_dict` hands out a copy).  ``draws``: a game between two
    computers, whose every draw was chosen outside the core (its ``seed`` deals nothing):
    each choice made so far, ``(candidates, index)`` in the order made (``None``: a game of
    one table)."""

    seed: int | None
    first_player: int = 0
    fresh_cards_rule: bool = True
    opponent: Opponent | None = None
    gangster_level: int | None = None
    deck: tuple[str, ...] | None = None
    position: dict[str, Any] | None = None
    draws: tuple[tuple[int, int], ...] | None = None

    @property
    def dealt_by_seed(self) -> bool:
        """The seed alone deals this game again (a deal number a player can type): no deck
        given, no position, no draws chosen outside."""
        return (self.seed is not None and self.deck is None and self.position is None
                and self.draws is None)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (``draws`` only in a game between two computers)."""
        data: dict[str, Any] = {
            "seed": self.seed,
            "first_player": self.first_player,
            "fresh_cards_rule": self.fresh_cards_rule,
            "opponent": self.opponent,
            "gangster_level": self.gangster_level,
            "deck": list(self.deck) if self.deck is not None else None,
            "position": copy.deepcopy(self.position),
        }
        if self.draws is not None:
            data["draws"] = [list(draw) for draw in self.draws]
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Setup:
        """The inverse of :meth:`to_dict`; a malformed or too deeply nested dict raises
        ``ValueError``."""
        if not isinstance(data, dict):
            raise ValueError("setup must be a dict")
        check_depth(data)
        seed = check_seed(data.get("seed"), "setup.seed", allow_none=True)
        first = data.get("first_player", 0)
        if type(first) is not int or first not in (0, 1):
            raise ValueError(f"setup.first_player must be seat 0 or 1, not {brief(first)}")
        fresh = data.get("fresh_cards_rule", True)
        if not isinstance(fresh, bool):
            raise ValueError("setup.fresh_cards_rule must be true or false")
        opponent = opponent_of(data.get("opponent"), "setup.opponent")
        level = data.get("gangster_level")
        if level is not None and (isinstance(level, bool) or not isinstance(level, int)
                                  or level not in LEVELS):
            raise ValueError("setup.gangster_level must be null or 1 to 4")
        deck = data.get("deck")
        if deck is not None:
            if not isinstance(deck, list) or not all(
                    isinstance(code, str) and code in ALL_CODES for code in deck):
                raise ValueError("setup.deck must be a list of card codes")
            deck = tuple(deck)
        position = data.get("position")
        if position is not None and not isinstance(position, dict):
            raise ValueError("setup.position must be a position dict or null")
        draws = _draws(data.get("draws"))
        if draws is not None and (opponent is not None or deck is not None
                                  or position is not None):
            raise ValueError("setup.draws deal a game between two players alone")
        return cls(seed, first, fresh, opponent, level, deck, copy.deepcopy(position), draws)


def _draws(value: Any) -> tuple[tuple[int, int], ...] | None:
    """``setup.draws`` read: each a choice among 2 or more candidates (one needs none)."""
    if value is None:
        return None
    if not isinstance(value, list) or len(value) > DRAW_LIMIT or not all(
            isinstance(draw, list) and len(draw) == 2
            and all(type(number) is int for number in draw)
            and 2 <= draw[0] <= 52 and 0 <= draw[1] < draw[0] for draw in value):
        raise ValueError("setup.draws must be a list of [candidates, index] pairs")
    return tuple((candidates, index) for candidates, index in value)
