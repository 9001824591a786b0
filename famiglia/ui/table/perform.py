"""Carrying out a legal gesture (:mod:`.gestures`): the first half of an exchange is kept
(R3.2), a take asks which payment and which card goes to the play area where there is a
choice (R3.4b/c), a Brute how far (R3.3), else the one action is applied.

R1.5: where a payment could spend either copy of a code (the start-set back or the neutral
one), the table moves the copy the core finds tells the opponent least
(``Game.least_telling``) and the log says so; Shift held at the drop (or at the click or key
that aims the card) asks instead, each copy an option.  A lesson's gate that refuses every
action a gesture may mean says so at once, before a chooser asks anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ...rules import Action, Brute, Take, Zone
from .choosers import Option, amount_options, keep_options, payment_options
from .drag import Intent, Spot
from .log import card_words
from .places import Place

if TYPE_CHECKING:
    from .gestures import Gestures


def asking_for_backs() -> bool:
    """Shift is held: the player chooses which copy moves (R1.5)."""
    return bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)


class Moves:
    """Carries out the legal gestures of one table's ``gestures``."""

    def __init__(self, gestures: Gestures) -> None:
        self.gestures = gestures
        self.host = gestures.host

    def perform(self, source: Spot, meaning: Intent, target: Spot | None) -> None:
        """Carry out a legal gesture: record an exchange half, ask which payment, keep or
        amount where there is a choice, or apply the one action."""
        gestures, host = self.gestures, self.host
        if meaning.half is not None:
            gestures.half = meaning.half
            gestures.snap_back(source)
            gestures.lit = []
            host.status_changed()
            gestures.update_lifts()
            return
        actions = meaning.actions
        # the cards the player moved: the source, and an exchange's partner (R3.2)
        handled = {source.card.id} if source.card else set()
        if gestures.half is not None:
            handled.add(gestures.half.card.id)
        if (target is not None and target.card is not None and source.zone is not Place.STREET
                and target.zone in (Place.HAND, Place.PLAY)):
            handled.add(target.card.id)
        host.note_dropped(handled)
        first = actions[0]
        if len(actions) > 1 and host.refuses_all(actions):
            return
        if isinstance(first, Take) and len(actions) > 1:
            self._choose_payment(source, actions)
        elif isinstance(first, Brute) and len(actions) > 1:
            self._choose_amount(actions)
        else:
            host.apply(first)

    def _choose_payment(self, source: Spot, actions: tuple[Action, ...]) -> None:
        """R3.4b/c: which two cards pay, then which of them goes to the play area (R1.5: the
        copy that tells the opponent least, or the very copy where the player asks); a choice
        that changes nothing the player can see is not asked."""
        host = self.host
        game = host.game
        card = card_words(source.card.id) if source.card else _("the card")
        about = source.card.id if source.card else None
        first = actions[0]
        backs = asking_for_backs()
        if source.card and isinstance(first, Take):
            rank = game.effective_rank(first.street)
            if rank != source.card.rank:
                # Translators: a Street card a Brute lowered this turn, in a chooser's title.
                card = _("{card} (lowered to rank {rank})").format(card=card, rank=rank)

        def keep_for(takes: tuple[Take, ...]) -> None:
            options = keep_options(host.game, takes, backs=backs)

            def take(chosen: Take) -> None:
                self._take(next(option for option in options if option.value is chosen))

            if len(options) == 1:
                take(options[0].value)
                return
            host.choose(_("Pay for {card}: which card goes to your play area?").format(
                card=card), options, take, about=about)

        pays = payment_options(game, actions)
        if len(pays) == 1:
            keep_for(pays[0].value)
            return
        host.choose(_("Pay for {card} with…").format(card=card), pays, keep_for, about=about)

    def _take(self, option: Option[Take]) -> None:
        """Apply the take of ``option``; where the table chose the copy that moved (R1.5),
        the log says so."""
        if option.quiet:
            self.host.note_quiet_back()
        self.host.apply(option.value)

    def _choose_amount(self, actions: tuple[Action, ...]) -> None:
        """R3.3: by how much the Brute lowers its target; the most useful amount is the
        default."""
        host = self.host
        options, default = amount_options(host.game, actions)
        target_id = self.gestures.picture.zones[Zone.STREET][options[0].value.street]
        host.choose(_("Lower {card} by…").format(card=card_words(target_id)), options,
                    host.apply, about=target_id, default=default)
