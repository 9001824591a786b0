"""The shape of a lesson: a scripted deal and a list of steps the coach walks through.

A step is what the coach says (:class:`Say`: the player reads, then clicks Next), a move the
lesson asks of the player (:class:`Do`: the expected actions, the sentence for any other legal
move), or the opponent's scripted move (:class:`Reply`).  Every step can name cards (shown in
the player's language, with their VP) and point at them on the table.  Moves are written in
the game's notation; ``@F3`` stands for the Street position of the rightmost Famiglia 3 at that
moment (the cards a reshuffle brings come in an order no script can know).

Nothing here decides a rule: the tests play every lesson through the core and check that each
expected move is legal and each named card lies where the coach points.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from ... import i18n
from ...i18n import _, pgettext
from ...rules import DECK, Action, Game, parse_action
from ..table.places import Place

NOTHING: Mapping[str, Any] = MappingProxyType({})
ALL_CODES = Counter(card.code for card in DECK)
START_SET = ("F0", "A0", "B0", "M0")
_AIMED = re.compile(r"@([FABM][0-4])")


@dataclass(frozen=True)
class Point:
    """Something the coach points at: a place of the table (:class:`Place`, seen from the
    player) or the Pass button; with a ``code``, the cards of that code there (the rightmost
    in the Street, every such card elsewhere); with a ``position``, the Street card there."""

    place: Place | Literal["pass"]
    code: str | None = None
    position: int | None = None


def street(code: str | None = None) -> Point:
    """The Street, or its rightmost card of ``code``."""
    return Point(Place.STREET, code)


def street_card(position: int) -> Point:
    return Point(Place.STREET, position=position)


def hand(code: str | None = None) -> Point:
    """The player's hand, or its cards of ``code``."""
    return Point(Place.HAND, code)


def play(code: str | None = None) -> Point:
    """The player's play area, or its cards of ``code``."""
    return Point(Place.PLAY, code)


def their_play(code: str) -> Point:
    """The opponent's cards of ``code`` in their play area."""
    return Point(Place.THEIR_PLAY, code)


DISCARD = Point(Place.DISCARD)
DRAW_PILE = Point(Place.DRAW_PILE)
PASS_BUTTON = Point("pass")


@dataclass(frozen=True)
class Say:
    """The coach says ``text`` (a whole-sentence msgid) and waits for Next."""

    text: str
    cards: Mapping[str, str] = field(default_factory=lambda: NOTHING)
    points: tuple[Point, ...] = ()
    #: what the table shows at this step, checked against the core by the tests
    facts: Mapping[str, Any] = field(default_factory=lambda: NOTHING)


@dataclass(frozen=True)
class Do:
    """The coach asks for a move: ``text`` says which, ``expect`` the moves that count (in
    notation), ``why`` is said when the player makes another legal move instead, ``almost``
    when it is the right kind of move on the right card with another payment, keep or
    amount."""

    text: str
    expect: tuple[str, ...]
    why: str
    almost: str | None = None
    cards: Mapping[str, str] = field(default_factory=lambda: NOTHING)
    points: tuple[Point, ...] = ()
    facts: Mapping[str, Any] = field(default_factory=lambda: NOTHING)


@dataclass(frozen=True)
class Reply:
    """The opponent's scripted move, in notation."""

    action: str


Step = Say | Do | Reply


@dataclass(frozen=True)
class Deal:
    """A lesson's starting position: the zones that matter, as card codes; every card not
    named goes to the bottom of the draw pile (``rest="draw_pile"``) or, for a game near its
    end, alternately into the play areas (``rest="play_areas"``, the player's first).  The
    player is seat 0 and starts unless ``current`` says otherwise."""

    street: str
    hands: tuple[str, str] = ("", "")
    play_areas: tuple[str, str] = ("", "")
    draw_pile: str = ""
    discard: str = ""
    reshuffled: bool = False
    current: int = 0
    first_player: int = 0
    rest: Literal["draw_pile", "play_areas"] = "draw_pile"

    def position(self) -> dict[str, Any]:
        """The position for ``Game.from_dict`` (each start set is in a hand unless named)."""
        hands = [self.hands[0].split() or list(START_SET), self.hands[1].split() or
                 list(START_SET)]
        play = [self.play_areas[0].split(), self.play_areas[1].split()]
        zones = [*hands, *play, self.street.split(), self.draw_pile.split(),
                 self.discard.split()]
        left = ALL_CODES.copy()
        for zone in zones:
            left.subtract(zone)
        if any(count < 0 for count in left.values()):
            raise ValueError(f"a deal names more cards than the deck holds: {-left}")
        rest = sorted(left.elements(), key=lambda code: (code[1], code[0]))
        pile = self.draw_pile.split()
        if self.rest == "play_areas":
            play[0] += rest[0::2]
            play[1] += rest[1::2]
        else:
            pile += rest
        return {"current": self.current, "first_player": self.first_player,
                "hands": hands, "play_areas": play, "street": self.street.split(),
                "draw_pile": pile, "discard": self.discard.split(),
                "reshuffled": self.reshuffled}

    def game(self) -> Game:
        return Game.from_dict(self.position())


@dataclass(frozen=True)
class Lesson:
    """One lesson: its name in the progress file, title, the one-line summary it ends with
    (kept in the lesson list), its deal and its steps."""

    key: str
    title: str
    summary: str
    deal: Deal
    steps: tuple[Step, ...] = field(default=())


def card_vp(code: str) -> int:
    """A card's VP as the core's cards carry them (R1.4)."""
    return next(card.vp for card in DECK if card.code == code.rstrip("*"))


def resolve(notation: str, game: Game) -> Action:
    """A scripted move as an action of ``game`` now: ``@F3`` becomes the Street position of
    the rightmost Famiglia 3."""
    def position(found: re.Match[str]) -> str:
        codes = [card.code for card in game.street]
        code = found.group(1)
        if code not in codes:
            raise ValueError(f"no {code} in the Street for {notation!r}")
        return str(len(codes) - 1 - codes[::-1].index(code))

    return parse_action(_AIMED.sub(position, notation))


def wording(text: str, cards: Mapping[str, str], *, player: str, opponent: str,
            scores: tuple[int, int]) -> str:
    """A step's text in the current language: each named card in words (``{card}``) with its
    VP (``{card_vp}``), the players' names and VP as the table shows them, the words of the
    Street's badges."""
    params: dict[str, str] = {
        "player": player, "opponent": opponent,
        "my_score": i18n.vp_text(scores[0]), "their_score": i18n.vp_text(scores[1]),
        "badge": pgettext("badge", "take"), "fresh": pgettext("badge", "fresh"),
    }
    for name, code in cards.items():
        params[name] = i18n.describe_code(code)
        params[f"{name}_vp"] = i18n.vp_text(card_vp(code))
    return _(text).format(**params)
