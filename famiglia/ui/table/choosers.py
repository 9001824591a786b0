"""The choices a move may still need after its gesture, as labelled options for a chooser:
which two cards pay for a take (R3.4b), which of them returns to the hand (R3.4c), and by how
much a Brute lowers its target (R3.3); and where the chooser goes so that it never covers the
card it asks about.

The options are the core's legal actions; what each does (the card that goes to the play
area, the rank after a Brute) is read from the core by trying the action on a copy of the
game, never worked out here.
"""

from __future__ import annotations

import pygame

from ...i18n import _
from ...rules import Action, Brute, CardMoved, Game, Take
from .drag import brute_choices
from .phrases import card


def payment_options(actions: tuple[Action, ...]) -> list[tuple[str, tuple[str, ...]]]:
    """R3.4b: the distinct payments among legal takes of one Street card, in offered order."""
    seen: list[tuple[str, ...]] = []
    for action in actions:
        if isinstance(action, Take) and action.pay not in seen:
            seen.append(action.pay)
    return [(_("{first} + {second}").format(first=card(pay[0]), second=card(pay[1]))
             if len(pay) == 2 else card(pay[0]), pay) for pay in seen]


def spent_card(game: Game, take: Take) -> str | None:
    """The code of the paying card that goes to the play area (R3.4c), as the core moves it
    when ``take`` is tried on a copy."""
    trial = game.copy()
    for event in trial.apply(take):
        if (isinstance(event, CardMoved) and event.source.startswith("hand:")
                and event.target.startswith("play:")):
            return event.code
    return None


def keep_options(game: Game, actions: tuple[Action, ...],
                 pay: tuple[str, ...]) -> list[tuple[str, Take]]:
    """R3.4c: the legal takes with payment ``pay``, one per card that may return to the hand;
    the higher-ranked card first (it is usually the one worth keeping)."""
    takes = [a for a in actions if isinstance(a, Take) and a.pay == pay]
    takes.sort(key=lambda a: -int(a.keep.rstrip("*")[1:]) if a.keep else 0)
    options = []
    for take in takes:
        spent = spent_card(game, take)
        if spent is not None:
            label = _("Keep {card} in hand, {other} to play area").format(
                card=card(take.keep or ""), other=card(spent))
        else:
            label = _("Keep {card} in hand").format(card=card(take.keep or ""))
        options.append((label, take))
    return options


def amount_options(game: Game, actions: tuple[Action, ...]) -> tuple[list[tuple[str, Brute]], int]:
    """R3.3: one option per legal amount, with the target's rank after it and whether it can
    then be taken; and the index of the default (the most useful amount)."""
    choices, default = brute_choices(game, actions)
    options = [(_("−{by}: rank {rank}  (you can take it then)").format(by=brute.by, rank=rank)
                if takeable else _("−{by}: rank {rank}").format(by=brute.by, rank=rank), brute)
               for brute, rank, takeable in choices]
    return options, default


def beside(panel: pygame.Rect, card: pygame.Rect, screen: pygame.Rect,
           gap: int = 12) -> tuple[int, int]:
    """The centre for a chooser ``panel`` next to ``card`` that keeps the card in view: above
    it, below it, right or left of it (the first that fits the screen), else the screen's
    corner furthest from the card."""
    room = card.inflate(2 * gap, 2 * gap)
    for centre in ((card.centerx, room.top - panel.height // 2),
                   (card.centerx, room.bottom + panel.height // 2),
                   (room.right + panel.width // 2, card.centery),
                   (room.left - panel.width // 2, card.centery)):
        spot = panel.copy()
        spot.center = centre
        spot.clamp_ip(screen)
        if not spot.colliderect(card):
            return spot.center
    corners = (screen.topleft, screen.topright, screen.bottomleft, screen.bottomright)
    far = max(corners, key=lambda c: (c[0] - card.centerx) ** 2 + (c[1] - card.centery) ** 2)
    spot = panel.copy()
    spot.center = far
    spot.clamp_ip(screen)
    return spot.center
