"""Test helpers: build consistent 60-card positions from the few zones a test cares about.

A position (like FEN in chess) is the start of ``current``'s turn.  Tests name only the
cards that matter; :func:`position` puts every other card of the 60 (R1.1) into one chosen zone,
so each test stays a few lines long and still describes a complete, legal game.  The module also
replays ``card_moved`` events on a copy of the layout, the check the renderer relies on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from famiglia.rules import DECK, CardMoved, Event, Game

ALL_CODES = Counter(card.code for card in DECK)
#: R1.5: each seat's start set, which never leaves its hand and play area.
START_SET = ("F0", "A0", "B0", "M0")
ZONE_KEYS = ("hand:0", "hand:1", "play:0", "play:1", "street", "draw_pile", "discard")


def _words(cards: str | Iterable[str]) -> list[str]:
    """Accept ``"F2 M3"`` as well as ``["F2", "M3"]``."""
    return cards.split() if isinstance(cards, str) else list(cards)


def rest_codes(*zones: Iterable[str]) -> list[str]:
    """The codes of the 60 cards not named in ``zones``, sorted (rank-0 cards first)."""
    left = ALL_CODES.copy()
    for zone in zones:
        left.subtract(zone)
    if any(n < 0 for n in left.values()):
        raise AssertionError(f"more cards named than the deck holds: {-left}")
    return sorted(left.elements(), key=lambda code: (code[1], code[0]))


def position(
    *,
    current: int = 0,
    hands: Sequence[str | Iterable[str]] = ("", ""),
    play_areas: Sequence[str | Iterable[str]] = ("", ""),
    street: str | Iterable[str] = "",
    draw_pile: str | Iterable[str] = "",
    discard: str | Iterable[str] = "",
    reshuffled: bool = False,
    rest: str = "draw_pile",
    **extra: Any,
) -> dict[str, Any]:
    """A position dict; the cards not named go to ``rest`` (a zone key, appended at its end; the
    draw pile's end is its bottom) or to ``"play_areas"`` (split alternately between seats).
    R1.5: a seat given no card of a code of its start set gets that start-set card at the
    front of its play area (rank 0 first, as the Gangster's is sorted, S2), as the rules never
    let it go.

    ``extra`` is passed through (first_player, fresh_cards_rule, seed).
    """
    zones = {
        "hand:0": _words(hands[0]), "hand:1": _words(hands[1]),
        "play:0": _words(play_areas[0]), "play:1": _words(play_areas[1]),
        "street": _words(street), "draw_pile": _words(draw_pile), "discard": _words(discard),
    }
    for seat in (0, 1):
        owned = zones[f"hand:{seat}"] + zones[f"play:{seat}"]
        zones[f"play:{seat}"][:0] = [code for code in START_SET if code not in owned]
    left = rest_codes(*zones.values())
    if rest == "play_areas":
        zones["play:0"] += left[0::2]
        zones["play:1"] += left[1::2]
    else:
        zones[rest] += left
    return {
        "current": current,
        "hands": [zones["hand:0"], zones["hand:1"]],
        "play_areas": [zones["play:0"], zones["play:1"]],
        "street": zones["street"],
        "draw_pile": zones["draw_pile"],
        "discard": zones["discard"],
        "reshuffled": reshuffled,
        **extra,
    }


def game_at(**kwargs: Any) -> Game:
    """``Game.from_dict(position(**kwargs))``."""
    return Game.from_dict(position(**kwargs))


def codes(cards: Iterable[Any]) -> list[str]:
    return [card.code for card in cards]


def street_codes(game: Game) -> list[str]:
    return codes(game.street)


def draw_pile_top_first(game: Game) -> list[str]:
    return list(game.to_dict()["draw_pile"])


def layout(game: Game) -> dict[str, list[int]]:
    """Card ids per zone, in the order of the ``card_moved`` zone names (draw pile top first)."""
    return {zone: list(game.zone_ids(zone)) for zone in ZONE_KEYS}


def replay(zones: dict[str, list[int]], events: Iterable[Event]) -> None:
    """Apply every ``card_moved`` to ``zones`` in place: remove at from_index, insert at
    to_index, checking that the card really was there."""
    for event in events:
        if isinstance(event, CardMoved):
            source = zones[event.source]
            assert source[event.from_index] == event.card, (event, source)
            source.pop(event.from_index)
            zones[event.target].insert(event.to_index, event.card)
            assert zones[event.target][event.to_index] == event.card, event


def moves(events: Iterable[Event]) -> list[tuple[str, str, str]]:
    """The ``card_moved`` events as (code, source, target), for readable assertions."""
    return [(e.code, e.source, e.target) for e in events if isinstance(e, CardMoved)]


def of_type(events: Iterable[Event], kind: type) -> list[Any]:
    return [event for event in events if isinstance(event, kind)]


def snapshot(game: Game) -> tuple[str, tuple[str, ...]]:
    """Everything observable about a game, to prove an action changed nothing."""
    return game.to_json(), tuple(str(a) for a in game.legal_actions())
