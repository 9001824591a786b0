"""The Gangster of the solo challenge (docs/rules.md S2–S4): its levels and its program.

:func:`play_turn` walks steps 1–5 of S4 and acts only through the Game's Gangster hooks
(``gangster_available``, ``can_refresh``, ``gangster_refresh``, ``gangster_take``,
``gangster_pass``), so every rule it obeys (R3.1's refresh limits shared by all refreshes of the
turn, the fresh-cards rule R3.1d, the reshuffle, the end of the game) lives in the core's turn
and move-generation modules only (``solo.py`` holds the hooks).
Before each decision it adds a :class:`GangsterStep` event saying in plain words what the step
wanted and what it does: the UI shows it as a caption.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Card, Family, describe_code
from .events import Event, GangsterStep

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True, slots=True)
class Level:
    """S3: how many cards of rank 0, 1, 2, 3 the Gangster wants (start zeros included) before
    its program moves on to the next rank."""

    number: int
    wants: tuple[int, int, int, int]
    name: str
    description: str


#: S3, the level table; the descriptions are for the solo setup screen.
LEVELS: dict[int, Level] = {
    1: Level(1, (9, 6, 5, 3), "easiest",
             "Hoards cheap cards longest (9 zeros, 6 ones, 5 twos, 3 threes)."),
    2: Level(2, (8, 6, 4, 2), "easy",
             "Still fond of cheap cards (8 zeros, 6 ones, 4 twos, 2 threes)."),
    3: Level(3, (7, 5, 4, 2), "standard",
             "The solo rules' own Gangster (7 zeros, 5 ones, 4 twos, 2 threes)."),
    4: Level(4, (7, 4, 3, 2), "hardest",
             "Goes for valuable cards soonest (7 zeros, 4 ones, 3 twos, 2 threes)."),
}

#: S3: variant "a" means the human (seat 0) starts, "b" the Gangster (seat 1).
VARIANTS: dict[str, int] = {"a": 0, "b": 1}

#: The eight challenges, level and variant, "1a" … "4b": one highscore list each.
CHALLENGES: tuple[str, ...] = tuple(f"{level}{letter}" for level in LEVELS for letter in VARIANTS)

_RANK_WORDS = ("zeros", "ones", "twos", "threes")


def variant(first_player: int) -> str:
    """S3: the variant letter of a solo game with this start player."""
    return "a" if first_player == 0 else "b"


def play_turn(game: Game) -> list[Event]:
    """S4: steps 1–4 for each rank the Gangster still wants, stopping at the first step that
    takes a card; then step 5.  Returns the turn's events."""
    events: list[Event] = []
    if not game.street:
        events.append(GangsterStep(5, "Step 5: the Street is empty, so it passes."))
        game.gangster_pass(events)
        return events
    owned = Counter(card.rank for card in game.play_areas[1])
    assert game.gangster_level is not None  # a solo game (S3)
    for rank, wanted in enumerate(LEVELS[game.gangster_level].wants):
        if owned[rank] < wanted and _collect(game, events, rank, owned[rank], wanted):
            return events
    _most_valuable(game, events)
    return events


def _collect(game: Game, events: list[Event], rank: int, have: int, wanted: int) -> bool:
    """Steps 1–4 for ``rank``: the leftmost available card of that rank, refreshing (as R3.1
    allows, until one is available) when there is none; then the step's fallback.  Step 1's
    "if the Street has no 0, refresh" is the same test, since R3.1 allows a refresh only while
    the Street holds no 0.  Returns whether a card was taken."""
    step = rank + 1
    want = f"Step {step}: it has {have} of the {wanted} {_RANK_WORDS[rank]} it wants"
    position = _leftmost(game, lambda card: card.rank == rank)
    while position is None and game.can_refresh():
        _refresh(game, events, step, f"{want} and can take no {rank}")
        position = _leftmost(game, lambda card: card.rank == rank)
    if position is not None:
        _take(game, events, step, position, f"{want}: it takes the leftmost {rank}")
        return True
    fallback = _FALLBACKS[rank](game)
    why = _only_fresh(game, lambda card: card.rank == rank)
    if fallback is not None:
        position, words = fallback
        _take(game, events, step, position, f"{want} but can take no {rank}: it takes {words}",
              why)
        return True
    events.append(GangsterStep(step, f"{want} but can take no {rank} and nothing in its place: "
                                     f"it goes on to step {step + 1}.{why}"))
    return False


def _only_fresh(game: Game, better: Callable[[Card], bool]) -> str:
    """R3.1d in the caption: when a card the step would rather take lies in the Street but the
    fresh-cards rule keeps it out of reach, say so."""
    available = game.gangster_available()
    if game.fresh_cards_only and any(better(card) for i, card in enumerate(game.street)
                                     if i not in available):
        return " Only the cards it just drew may be taken."
    return ""


def _no_fallback(game: Game) -> tuple[int, str] | None:
    """Step 1 has no fallback."""
    return None


def _zero_fallback(game: Game) -> tuple[int, str] | None:
    """Step 2: the leftmost available red (La Famiglia) 0, failing that the leftmost 0."""
    position = _leftmost(game, lambda card: card.rank == 0 and card.family is Family.FAMIGLIA)
    if position is not None:
        return position, "the leftmost red 0 instead"
    position = _leftmost(game, lambda card: card.rank == 0)
    return None if position is None else (position, "the leftmost 0 instead")


def _lower_fallback(rank: int) -> Callable[[Game], tuple[int, str] | None]:
    """Steps 3 and 4: the available card of rank below ``rank`` with the most VP, leftmost on
    ties."""
    def fallback(game: Game) -> tuple[int, str] | None:
        lower = [i for i in game.gangster_available() if game.street[i].rank < rank]
        if not lower:
            return None
        return _most_vp(game, lower), f"the most valuable card below {rank} instead"
    return fallback


_FALLBACKS = (_no_fallback, _zero_fallback, _lower_fallback(2), _lower_fallback(3))


def _most_valuable(game: Game, events: list[Event]) -> None:
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
        _refresh(game, events, 5, f"Step 5: a card worth {in_pile} VP is still in the draw "
                                  f"pile, more than any it can take")
    available = game.gangster_available()
    if not available:
        events.append(GangsterStep(5, "Step 5: there is no card it may take, so it passes."))
        game.gangster_pass(events)
        return
    position = _most_vp(game, available)
    vp = game.street[position].vp
    _take(game, events, 5, position, "Step 5: it takes the most valuable card it can",
          _only_fresh(game, lambda card: card.vp > vp))


def _refresh(game: Game, events: list[Event], step: int, why: str) -> None:
    leftmost = _words(game.street[0])
    events.append(GangsterStep(step, f"{why}: it refreshes the Street with the leftmost card, "
                                     f"{leftmost}."))
    game.gangster_refresh(events)


def _take(game: Game, events: list[Event], step: int, position: int, what: str,
          why: str = "") -> None:
    events.append(GangsterStep(step, f"{what}, {_words(game.street[position])}.{why}"))
    game.gangster_take(position, events)


def _leftmost(game: Game, wanted: Callable[[Card], bool]) -> int | None:
    return next((i for i in game.gangster_available() if wanted(game.street[i])), None)


def _most_vp(game: Game, positions: list[int]) -> int:
    """The position with the most VP; ``max`` keeps the first (leftmost) of equals."""
    return max(positions, key=lambda i: game.street[i].vp)


def _words(card: Card) -> str:
    return f"{describe_code(card.code)} ({card.vp} VP)"
