"""The Gangster of the solo challenge (docs/rules.md S2–S4): its levels and its program.

:func:`play_turn` walks steps 1–5 of S4 and acts only through the Game's Gangster hooks
(``gangster_available``, ``can_refresh``, ``gangster_refresh``, ``gangster_take``,
``gangster_pass``), so every rule it obeys (R3.1's refresh limits shared by all refreshes of the
turn, the fresh-cards rule R3.1d, the reshuffle, the end of the game) lives in the core's turn
and move-generation modules only (``solo.py`` holds the hooks, which carry out each step as the
action it amounts to, on the players' path).
When the events are kept (``Game.play_gangster_turn``), it adds a :class:`GangsterStep` event
before each decision saying in plain words what the step wanted and what it does, one
whole-sentence :class:`Message` per step and case: the UI shows it as a caption; without them
(``Game.push_gangster_turn``) no caption is worded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from typing import TYPE_CHECKING

from ..lazy import lazy_module
from .cards import Card, Family
from .messages import CardName, Message, msg

if TYPE_CHECKING:
    from . import events as event_types
    from .solo import GangsterHooks
    from .turn import Events
else:
    # the events are loaded with the program's first turn: the levels are named sooner (the
    # title's menus and the settings name them)
    event_types = lazy_module("famiglia.rules.events")


@dataclass(frozen=True, slots=True)
class Level:
    """S3: how many cards of rank 0, 1, 2, 3 the Gangster wants (start zeros included) before
    its program moves on to the next rank."""

    number: int
    wants: tuple[int, int, int, int]
    name: Message
    description: Message


#: S3, the level table; the names and descriptions are for the solo setup screen.
# Translators: the Gangster's levels: a short name (Level 1, easiest), and how it plays.
LEVELS: dict[int, Level] = {
    1: Level(1, (9, 6, 5, 3), msg("easiest"),
             msg("Hoards cheap cards longest (9 zeros, 6 ones, 5 twos, 3 threes).")),
    2: Level(2, (8, 6, 4, 2), msg("easy"),
             msg("Still fond of cheap cards (8 zeros, 6 ones, 4 twos, 2 threes).")),
    3: Level(3, (7, 5, 4, 2), msg("standard"),
             msg("The solo rules' own Gangster (7 zeros, 5 ones, 4 twos, 2 threes).")),
    4: Level(4, (7, 4, 3, 2), msg("hardest"),
             msg("Goes for valuable cards soonest (7 zeros, 4 ones, 3 twos, 2 threes).")),
}


class SoloVariant(StrEnum):
    """S3: who starts a solo game: in variant a the human (seat 0), in b the Gangster (seat 1)."""

    A = "a"
    B = "b"

    @property
    def first_player(self) -> int:
        return 0 if self is SoloVariant.A else 1

    @classmethod
    def of(cls, first_player: int) -> SoloVariant:
        """The variant of a solo game with this start player."""
        return cls.A if first_player == 0 else cls.B


#: The eight challenges, level and variant, "1a" … "4b": one highscore list each.
CHALLENGES: tuple[str, ...] = tuple(f"{level}{variant}" for level in LEVELS
                                    for variant in SoloVariant)

#: The captions of steps 1–4 (S4), one whole sentence per step and case, indexed by the rank the
#: step collects.  Each takes ``have`` and ``wanted`` (how many of that rank the Gangster owns
#: and wants) and, where it names a card, ``card`` and ``vp``.
Caption = Callable[..., Message]
# Translators: the Gangster of the solo challenge explains each step of its program; {card} is a
# card in words (Söldner 3), {vp} its victory points (10 VP); "no 0" means no card of rank 0.
_REFRESHING: tuple[Caption, ...] = (
    lambda **p: msg("Step 1: it has {have} of the {wanted} zeros it wants and can take no 0: "
                    "it refreshes the Street with the leftmost card, {card} ({vp}).", **p),
    lambda **p: msg("Step 2: it has {have} of the {wanted} ones it wants and can take no 1: "
                    "it refreshes the Street with the leftmost card, {card} ({vp}).", **p),
    lambda **p: msg("Step 3: it has {have} of the {wanted} twos it wants and can take no 2: "
                    "it refreshes the Street with the leftmost card, {card} ({vp}).", **p),
    lambda **p: msg("Step 4: it has {have} of the {wanted} threes it wants and can take no 3: "
                    "it refreshes the Street with the leftmost card, {card} ({vp}).", **p),
)
# Translators: a step of the Gangster's program; {card} a card in words, {vp} its points.
_TAKING: tuple[Caption, ...] = (
    lambda **p: msg("Step 1: it has {have} of the {wanted} zeros it wants: it takes the "
                    "leftmost 0, {card} ({vp}).", **p),
    lambda **p: msg("Step 2: it has {have} of the {wanted} ones it wants: it takes the "
                    "leftmost 1, {card} ({vp}).", **p),
    lambda **p: msg("Step 3: it has {have} of the {wanted} twos it wants: it takes the "
                    "leftmost 2, {card} ({vp}).", **p),
    lambda **p: msg("Step 4: it has {have} of the {wanted} threes it wants: it takes the "
                    "leftmost 3, {card} ({vp}).", **p),
)
# Translators: a step of the Gangster's program that finds nothing to take.
_GOING_ON: tuple[Caption, ...] = (
    lambda **p: msg("Step 1: it has {have} of the {wanted} zeros it wants but can take no 0 "
                    "and nothing in its place: it goes on to step 2.", **p),
    lambda **p: msg("Step 2: it has {have} of the {wanted} ones it wants but can take no 1 "
                    "and nothing in its place: it goes on to step 3.", **p),
    lambda **p: msg("Step 3: it has {have} of the {wanted} twos it wants but can take no 2 "
                    "and nothing in its place: it goes on to step 4.", **p),
    lambda **p: msg("Step 4: it has {have} of the {wanted} threes it wants but can take no 3 "
                    "and nothing in its place: it goes on to step 5.", **p),
)


def play_turn(game: GangsterHooks, events: Events) -> None:
    """S4: steps 1–4 for each rank the Gangster still wants, stopping at the first step that
    takes a card; then step 5.  ``events``, when given, receives the turn's events, a caption
    before each decision (without them no caption is worded)."""
    if not game.street:
        _say(events, 5, lambda: msg("Step 5: the Street is empty, so it passes."))
        game.gangster_pass(events)
        return
    owned = Counter(card.rank for card in game.play_areas[1])
    assert game.gangster_level is not None  # a solo game (S3)
    for rank, wanted in enumerate(LEVELS[game.gangster_level].wants):
        if owned[rank] < wanted and _collect(game, events, rank, owned[rank], wanted):
            return
    _most_valuable(game, events)


def _collect(game: GangsterHooks, events: Events, rank: int, have: int, wanted: int) -> bool:
    """Steps 1–4 for ``rank``: the leftmost available card of that rank, refreshing (as R3.1
    allows, until one is available) when there is none; then the step's fallback.  Step 1's
    "if the Street has no 0, refresh" is the same test, since R3.1 allows a refresh only while
    the Street holds no 0.  Returns whether a card was taken."""
    step = rank + 1
    position = _leftmost(game, lambda card: card.rank == rank)
    while position is None and game.can_refresh():
        _refresh(game, events, step, lambda: _REFRESHING[rank](
            have=have, wanted=wanted, **_card(game.street[0])))
        position = _leftmost(game, lambda card: card.rank == rank)
    if position is not None:
        taken = game.street[position]
        _take(game, events, step, position, lambda: _TAKING[rank](
            have=have, wanted=wanted, **_card(taken)))
        return True
    fallback = _FALLBACKS[rank](game)
    if fallback is not None:
        position, caption = fallback
        taken = game.street[position]
        _take(game, events, step, position, lambda: _noting(
            caption(have=have, wanted=wanted, **_card(taken)),
            _only_fresh(game, lambda card: card.rank == rank)))
        return True
    _say(events, step, lambda: _noting(_GOING_ON[rank](have=have, wanted=wanted),
                                       _only_fresh(game, lambda card: card.rank == rank)))
    return False


def _only_fresh(game: GangsterHooks, better: Callable[[Card], bool]) -> bool:
    """R3.1d in the caption: whether a card the step would rather take lies in the Street but
    the fresh-cards rule keeps it out of reach (the caption then says so)."""
    available = game.gangster_available()
    return game.fresh_cards_only and any(better(card) for i, card in enumerate(game.street)
                                         if i not in available)


def _noting(caption: Message, passed_over: bool) -> Message:
    """The caption, followed by the fresh-cards note when a better card was out of reach."""
    if not passed_over:
        return caption
    # Translators: {caption} is a whole sentence about a step of the Gangster's program.
    return msg("{caption} Only the cards it just drew may be taken.", caption=caption)


def _no_fallback(game: GangsterHooks) -> tuple[int, Caption] | None:
    """Step 1 has no fallback."""
    return None


def _zero_fallback(game: GangsterHooks) -> tuple[int, Caption] | None:
    """Step 2: the leftmost available red (La Famiglia) 0, failing that the leftmost 0."""
    position = _leftmost(game, lambda card: card.rank == 0 and card.family is Family.FAMIGLIA)
    if position is not None:
        return position, lambda **p: msg(
            "Step 2: it has {have} of the {wanted} ones it wants but can take no 1: it takes "
            "the leftmost red 0 instead, {card} ({vp}).", **p)
    position = _leftmost(game, lambda card: card.rank == 0)
    if position is None:
        return None
    return position, lambda **p: msg(
        "Step 2: it has {have} of the {wanted} ones it wants but can take no 1: it takes the "
        "leftmost 0 instead, {card} ({vp}).", **p)


def _most_valuable_below(game: GangsterHooks, rank: int) -> int | None:
    """Steps 3 and 4: the available card of rank below ``rank`` with the most VP, leftmost on
    ties."""
    lower = [i for i in game.gangster_available() if game.street[i].rank < rank]
    return _most_vp(game, lower) if lower else None


def _below_2_fallback(game: GangsterHooks) -> tuple[int, Caption] | None:
    position = _most_valuable_below(game, 2)
    if position is None:
        return None
    return position, lambda **p: msg(
        "Step 3: it has {have} of the {wanted} twos it wants but can take no 2: it takes the "
        "most valuable card below 2 instead, {card} ({vp}).", **p)


def _below_3_fallback(game: GangsterHooks) -> tuple[int, Caption] | None:
    position = _most_valuable_below(game, 3)
    if position is None:
        return None
    return position, lambda **p: msg(
        "Step 4: it has {have} of the {wanted} threes it wants but can take no 3: it takes the "
        "most valuable card below 3 instead, {card} ({vp}).", **p)


_FALLBACKS = (_no_fallback, _zero_fallback, _below_2_fallback, _below_3_fallback)


def _most_valuable(game: GangsterHooks, events: Events) -> None:
    """Step 5 and its ruling.

    Reading of the ruling (S4): "the most valuable card not yet owned lies in the draw pile
    rather than the Street" means the draw pile holds a card with more VP than every
    *available* Street card; cards in the human's hand or on the discard pile cannot come into
    the Street by a refresh and do not count.  While that holds and R3.1 allows a refresh, it
    refreshes; then it takes the available card with the most VP, leftmost on ties.  It passes
    only when nothing is available.
    """
    while game.can_refresh():
        in_pile = max((card.vp for card in game.draw_pile), default=-1)
        in_street = max((game.street[i].vp for i in game.gangster_available()), default=-1)
        if in_pile <= in_street:
            break
        _refresh(game, events, 5, partial(_richer_in_pile, in_pile, game.street[0]))
    available = game.gangster_available()
    if not available:
        _say(events, 5, lambda: msg("Step 5: there is no card it may take, so it passes."))
        game.gangster_pass(events)
        return
    position = _most_vp(game, available)
    best = game.street[position]
    _take(game, events, 5, position, lambda: _noting(
        msg("Step 5: it takes the most valuable card it can, {card} ({vp}).",
            card=CardName(best.code), vp=_vp(best.vp)),
        _only_fresh(game, lambda card: card.vp > best.vp)))


def _richer_in_pile(worth: int, leftmost: Card) -> Message:
    return msg("Step 5: a card worth {worth} is still in the draw pile, more than any it can "
               "take: it refreshes the Street with the leftmost card, {card} ({vp}).",
               worth=_vp(worth), card=CardName(leftmost.code), vp=_vp(leftmost.vp))


def _say(events: Events, step: int, caption: Callable[[], Message]) -> None:
    """The caption of a decision of the program (S4), worded only when events are kept."""
    if events is not None:
        events.append(event_types.GangsterStep(step, caption()))


def _refresh(game: GangsterHooks, events: Events, step: int,
             caption: Callable[[], Message]) -> None:
    _say(events, step, caption)
    game.gangster_refresh(events)


def _take(game: GangsterHooks, events: Events, step: int, position: int,
          caption: Callable[[], Message]) -> None:
    _say(events, step, caption)
    game.gangster_take(position, events)


def _leftmost(game: GangsterHooks, wanted: Callable[[Card], bool]) -> int | None:
    return next((i for i in game.gangster_available() if wanted(game.street[i])), None)


def _most_vp(game: GangsterHooks, positions: list[int]) -> int:
    """The position with the most VP; ``max`` keeps the first (leftmost) of equals."""
    return max(positions, key=lambda i: game.street[i].vp)


def _card(card: Card) -> dict[str, object]:
    """A caption's ``card`` and ``vp`` parameters."""
    return {"card": CardName(card.code), "vp": _vp(card.vp)}


def _vp(points: int) -> Message:
    """Victory points with their unit, in the singular or the plural (1 VP, 1 punt)."""
    return msg("{n} VP", plural="{n} VP", n=points)
