"""Turning gestures into the core's actions.

A gesture goes from a **source** (a Street card, a card of the own hand or play area) to a
**target** (a pile, the own hand or play area, a single card).  :func:`intent` maps the pair to
the legal actions it may mean, asking only ``game.legal_actions()``; when none is legal it
returns the core's reason (``game.explain``) for the tooltip; a gesture that means no action
at all (a card dropped on a place no move of it goes to) says in a sentence where that card
can go.  The same mapping serves drags
and clicks (click the card, then the target), and :func:`targets` uses it to light the legal
targets.  The UI decides no rule itself.

The Accountant's exchanges (R3.2) take two halves: a play-area card onto the hand and a hand
card onto the play area, in either order; a :class:`Half` holds the first until the second
comes (or a card is dropped straight onto a card of the other zone).
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import i18n
from ...i18n import N_, _
from ...rules import (
    PASS,
    Accountant,
    Action,
    Brute,
    Card,
    CardMoved,
    EndReason,
    Exchange,
    Game,
    Refresh,
    Stage,
    Take,
)
from .places import PILES, Place

SOURCES = (Place.STREET, Place.HAND, Place.PLAY)
#: A refresh dropped on the pile its card does not go to.
WRONG_PILE = {
    Place.DISCARD: N_("A refresh puts its Street card on the discard pile: drop it there."),
    Place.DRAW_PILE: N_("Nothing is discarded after the reshuffle: a refresh puts its Street "
                        "card under the draw pile. Drop it on the draw pile."),
}
#: Where a Street card can be dropped, by the pile a refresh puts it on at this moment
#: (None: no refresh is possible).
STREET_CARD_GOES = {
    Place.DISCARD: N_("A Street card goes into your hand to be taken, or onto the discard "
                      "pile to refresh the Street."),
    Place.DRAW_PILE: N_("A Street card goes into your hand to be taken, or onto the draw pile "
                        "to refresh the Street."),
    None: N_("A Street card goes into your hand to be taken."),
}
#: Where a card of the own hand or play area can be dropped.
HAND_CARD_GOES = N_("A card from your hand goes onto your play area; a Brute can also go "
                    "onto a Street card.")
PLAY_CARD_GOES = N_("A card of your play area can only go back into your hand, in an "
                    "exchange.")


@dataclass(frozen=True)
class Spot:
    """A place a gesture starts from or ends on: the own hand or play area (the player to
    move's), the Street, a pile or the other side's; ``card`` and ``index`` when it is one
    card."""

    zone: Place
    card: Card | None = None
    index: int | None = None


@dataclass(frozen=True)
class Half:
    """The first half of an exchange: ``take`` (play area → hand) or ``give`` (hand → play
    area), with the card the player moved."""

    take: str | None
    give: str | None
    card: Card


@dataclass(frozen=True)
class Intent:
    """What a gesture means: legal ``actions`` (several when the player must still choose a
    payment or an amount), the first ``half`` of an exchange, or the ``reason`` it is not
    allowed.  All empty: the gesture means nothing (the card just goes back)."""

    actions: tuple[Action, ...] = ()
    half: Half | None = None
    reason: str | None = None

    @property
    def legal(self) -> bool:
        return bool(self.actions) or self.half is not None


NOTHING = Intent()


def _refused(game: Game, probe: Action) -> Intent:
    reason = game.explain(probe)
    if reason:
        return Intent(reason=i18n.translate_message(reason))
    return Intent(reason=_("This move is not allowed now."))


def _matching(game: Game, kind: type[Action], **fields: object) -> tuple[Action, ...]:
    return tuple(action for action in game.legal_actions()
                 if isinstance(action, kind)
                 and all(getattr(action, name) == value for name, value in fields.items()))


def base_code(code: str) -> str:
    """A card code without the start-set mark (``B0*`` names the start-set Brute 0, R1.5)."""
    return code.rstrip("*")


def trial_moves(game: Game, action: Action) -> list[CardMoved]:
    """The cards ``action`` moves, as the core moves them when it is tried on a copy of the
    game (R1.5: which physical copy of a code goes where)."""
    return [event for event in game.copy().apply(action) if isinstance(event, CardMoved)]


def moving(game: Game, actions: tuple[Action, ...], ids: set[int]) -> tuple[Action, ...]:
    """R1.5: of ``actions`` naming the same codes, those that move the very cards ``ids`` the
    player handled (tried on a copy of the game: the core says which physical card moves);
    all of them when none does."""
    if len(actions) < 2:
        return actions
    chosen = []
    for action in actions:
        moved = {event.card for event in trial_moves(game, action)}
        if ids <= moved:
            chosen.append(action)
    return tuple(chosen) or actions


def _exchange(game: Game, take: str | None, give: str | None, card: Card,
              partner: Card | None) -> Intent:
    """One half (or both) of an exchange; ``partner`` the other half's card, if known."""
    actions = tuple(a for a in game.legal_actions() if isinstance(a, Exchange)
                    and (take is None or base_code(a.take) == take)
                    and (give is None or base_code(a.give) == give))
    if take and give:
        if not actions:
            return _refused(game, Exchange(take, give))
        ids = {card.id} | ({partner.id} if partner is not None else set())
        return Intent(actions=moving(game, actions, ids)[:1])
    if actions:
        return Intent(half=Half(take, give, card))
    # name a partner the core would accept, so that its reason is about the moved card
    partners = [a.give if take else a.take for a in _matching(game, Exchange)
                if isinstance(a, Exchange)]
    hand, play = _own(game)
    other = hand if take else play
    named = partners[0] if partners else (other[0].code if other else card.code)
    probe = Exchange(take, named) if take else Exchange(named, give or card.code)
    return _refused(game, probe)


def _own(game: Game) -> tuple[list[Card], list[Card]]:
    return game.hands[game.current], game.play_areas[game.current]


def nowhere(game: Game, source: Spot, target: Spot) -> Intent:
    """A card dropped on a place where no move of it goes: nothing, where it is its own
    place (the player put it back); else a sentence saying where such a card goes."""
    if target.zone is source.zone:
        return NOTHING
    if source.zone is Place.STREET:
        return Intent(reason=_(STREET_CARD_GOES[refresh_pile(game)]))
    if source.zone is Place.HAND:
        return Intent(reason=_(HAND_CARD_GOES))
    return Intent(reason=_(PLAY_CARD_GOES))


def intent(game: Game, source: Spot, target: Spot, half: Half | None = None) -> Intent:
    """The meaning of moving ``source`` onto ``target`` (with an exchange ``half`` pending)."""
    card = source.card
    if card is None or source.zone not in SOURCES:
        return NOTHING
    if source.zone is Place.STREET:
        position = source.index if source.index is not None else 0
        if target.zone in PILES:
            actions = _matching(game, Refresh, street=position)
            if not actions:
                return _refused(game, Refresh(position))
            pile = refresh_pile(game)
            if pile is not None and target.zone != pile:
                return Intent(reason=_(WRONG_PILE[pile]))
            return Intent(actions=actions)
        if target.zone is Place.HAND:
            actions = _matching(game, Take, street=position)
            return Intent(actions=actions) if actions else _refused(game, Take(position))
        return nowhere(game, source, target)
    if source.zone is Place.HAND:
        if target.zone is Place.STREET and target.index is not None:
            actions = _matching(game, Brute, card=card.code, street=target.index)
            if actions:
                return Intent(actions=actions)
            return _refused(game, Brute(card.code, target.index, 1))
        if target.zone is Place.PLAY:
            if game.stage == Stage.ACCOUNTANT:
                take = target.card.code if target.card else (half.take if half else None)
                partner = target.card or (half.card if half else None)
                return _exchange(game, take, card.code, card, partner)
            actions = _matching(game, Accountant, card=card.code)
            return Intent(actions=actions) if actions else _refused(game, Accountant(card.code))
        return nowhere(game, source, target)
    # a card of the own play area: only an exchange moves it back (R3.2, R3.5)
    if target.zone is Place.HAND:
        give = target.card.code if target.card else (half.give if half else None)
        partner = target.card or (half.card if half else None)
        return _exchange(game, card.code, give, card, partner)
    return nowhere(game, source, target)


def candidate_targets(game: Game, source: Spot) -> list[Spot]:
    """Every spot a card from ``source`` could be dropped on (legal or not)."""
    hand, play = _own(game)
    spots = [Spot(Place.DRAW_PILE), Spot(Place.DISCARD), Spot(Place.HAND), Spot(Place.PLAY)]
    if source.zone is Place.HAND:
        spots += [Spot(Place.STREET, c, i) for i, c in enumerate(game.street)]
        spots += [Spot(Place.PLAY, c) for c in play]
    elif source.zone is Place.PLAY:
        spots += [Spot(Place.HAND, c) for c in hand]
    return spots


def refresh_pile(game: Game) -> Place | None:
    """The pile a refresh sends its Street card to now (the discard pile, or the draw pile
    after the reshuffle: R3.1a), as the core says (``refresh_zone``); None when no refresh
    is legal."""
    if not any(isinstance(action, Refresh) for action in game.legal_actions()):
        return None
    return Place.of(game.refresh_zone, game.current)


def pass_ends_game(game: Game) -> bool:
    """Would a pass end the game at once because both players passed in a row (R5.2)?  The
    core answers: the pass is tried on a copy of the game."""
    if PASS not in game.legal_actions():
        return False
    trial = game.copy()
    trial.apply(PASS)
    return trial.result is not None and trial.result.reason == EndReason.DOUBLE_PASS


def targets(game: Game, source: Spot, half: Half | None = None) -> list[Spot]:
    """The spots where dropping ``source`` would be legal: they glow while it is dragged or
    selected.  A refresh goes on the pile its card goes to (the discard pile, or the draw
    pile after the reshuffle: R3.1a)."""
    lit: list[Spot] = []
    meanings: dict[Place, Intent] = {}
    for spot in candidate_targets(game, source):
        meaning = intent(game, source, spot, half)
        if not meaning.legal:
            continue
        if spot.card is None:
            meanings[spot.zone] = meaning
        elif meanings.get(spot.zone) == meaning:
            continue  # a card that means just what its zone means: the zone's glow says it
        lit.append(spot)
    return lit


def brute_choices(game: Game,
                  actions: tuple[Action, ...]) -> tuple[list[tuple[Brute, int, bool]], int]:
    """R3.3: the legal amounts for one Brute and target, smallest first, each tried on a copy
    of the game: the target's rank after it (the core's ``effective_rank``) and whether the
    card could then be taken with the current hand; and the index of the most useful: the
    largest amount that makes it takeable, else the largest."""
    brutes = sorted((a for a in actions if isinstance(a, Brute)), key=lambda a: a.by)
    choices = []
    for brute in brutes:
        trial = game.copy()
        trial.apply(brute)
        choices.append((brute, trial.effective_rank(brute.street),
                        brute.street in trial.takeable_positions()))
    useful = [i for i, (_, _, takeable) in enumerate(choices) if takeable]
    return choices, (useful[-1] if useful else len(choices) - 1)
