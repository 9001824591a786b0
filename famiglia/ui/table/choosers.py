"""The choices a move may still need after its gesture, as labelled options for a chooser:
which two cards pay for a take (R3.4b), which of them goes to the play area and which returns
to the hand (R3.4c), and by how much a Brute lowers its target (R3.3); and where the chooser
goes so that it never covers the card it asks about or the cards its options move.

The options are the core's legal actions; what each does (the very card that goes to the play
area, the rank after a Brute) is read from the core by trying the action on a copy of the
game, never worked out here.  R1.5: where the hand holds a rank-0 code with both backs, the
core's least telling copy moves (``Game.least_telling``), or, where the player asks to
choose, the options name the copy that moves ("Famiglia 0 with your start-set back"); options
whose outcome looks the same to the player are offered once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

import pygame

from ... import i18n
from ...i18n import _
from ...rules import DECK, Action, Back, Brute, Card, Game, Take
from ..chooser import ChooserScene
from .drag import base_code, brute_choices, trial_moves
from .phrases import card

if TYPE_CHECKING:
    from ..app import App
    from .picture import TablePicture

T = TypeVar("T")


@dataclass(frozen=True)
class Option(Generic[T]):
    """One option of a chooser: its ``label`` (a second line after a line break), the
    ``value`` chosen, and the ``cards`` it moves from the hand, lit while it is hovered;
    ``quiet``: the table chose which copy of a code moves, the one that tells the opponent
    least (R1.5)."""

    label: str
    value: T
    cards: tuple[int, ...] = ()
    quiet: bool = False


def copy_words(hand: Sequence[Card], card_id: int) -> str:
    """A hand card in words; R1.5: with its back named when the hand holds the same code with
    the other back too ("Famiglia 0 with your start-set back")."""
    own = DECK[card_id]
    words = i18n.describe_code(own.code)
    if not any(other.code == own.code and other.back != own.back for other in hand):
        return words
    if own.back is Back.NEUTRAL:
        # Translators: a rank-0 card with the neutral back, told apart from the start-set copy.
        return _("{card} with the neutral back").format(card=words)
    # Translators: a rank-0 card of the player's own start set, told apart by its back.
    return _("{card} with your start-set back").format(card=words)


def spent_card(game: Game, take: Take) -> int | None:
    """The id of the paying card that goes to the play area (R3.4c), as the core moves it
    when ``take`` is tried on a copy."""
    return next((event.card for event in trial_moves(game, take)
                 if event.source.is_hand and event.target.is_play_area),
                None)


def _pair(take: Take) -> tuple[str, ...]:
    return tuple(sorted(base_code(code) for code in take.pay))


def payment_options(game: Game, actions: Sequence[Action]) -> list[Option[tuple[Take, ...]]]:
    """R3.4b: the distinct pairs of cards that may pay for a take of one Street card, in
    offered order; each value holds the legal takes with that pair (the copies and the card
    that returns are chosen next), its cards the hand cards the pair may spend."""
    groups: dict[tuple[str, ...], list[Take]] = {}
    for action in actions:
        if isinstance(action, Take) and action.pay:
            groups.setdefault(_pair(action), []).append(action)
    options = []
    for pair, takes in groups.items():
        spent = [spent_card(game, take) for take in takes]
        cards = tuple(dict.fromkeys(card_id for card_id in spent if card_id is not None))
        label = (_("{first} + {second}").format(first=card(pair[0]), second=card(pair[1]))
                 if len(pair) == 2 else card(pair[0]))
        options.append(Option(label, tuple(takes), cards))
    return options


def keep_options(game: Game, takes: Sequence[Take], *, backs: bool = False
                 ) -> list[Option[Take]]:
    """R3.4c: one option per outcome the player can tell apart: which card goes to the play
    area and which stays in the hand; the outcome that keeps the higher-ranked card first (it
    is usually worth keeping).  R1.5: where the hand holds a code with both backs, the copy
    that moves is the one the core finds tells the opponent least
    (``Game.least_telling``), unless ``backs``: then each copy is an option of its own,
    named by its back."""
    hand = game.hands[game.current]
    ordered = sorted(takes, key=lambda take: -int(base_code(take.keep or "X0")[1:]))
    outcomes: dict[tuple[str, ...], list[tuple[Take, int]]] = {}
    for take in ordered:
        spent = spent_card(game, take)
        if spent is None:
            continue
        outcome: tuple[str, ...] = (DECK[spent].code, base_code(take.keep or ""))
        if backs:
            outcome += (DECK[spent].back.value,)
        outcomes.setdefault(outcome, []).append((take, spent))
    options: list[Option[Take]] = []
    for outcome, found in outcomes.items():
        take, spent = found[0]
        chosen = len({DECK[card_id].back for _, card_id in found}) > 1
        if chosen:
            quiet = game.least_telling(candidate for candidate, _ in found)
            take, spent = next(pair for pair in found if pair[0] == quiet)
        words = copy_words(hand, spent) if backs else card(outcome[0])
        moves = _("{card} goes to your play area.").format(card=words)
        kept = outcome[1]
        if kept == DECK[spent].code:
            stays = _("The other {card} stays in your hand.").format(card=card(kept))
        else:
            stays = _("{card} stays in your hand.").format(card=card(kept))
        options.append(Option(f"{moves}\n{stays}", take, (spent,), quiet=chosen))
    return options


def amount_options(game: Game, actions: tuple[Action, ...]) -> tuple[list[Option[Brute]], int]:
    """R3.3: one option per legal amount, with the target's rank after it and whether it can
    then be taken, its cards the hand card it plays (as the core moves it on a copy); and
    the index of the default (the most useful amount)."""
    choices, default = brute_choices(game, actions)
    options = [Option(_("−{by}: rank {rank}  (you can take it then)").format(by=brute.by,
                                                                             rank=rank)
                      if takeable else _("−{by}: rank {rank}").format(by=brute.by, rank=rank),
                      brute, played(game, brute))
               for brute, rank, takeable in choices]
    return options, default


def played(game: Game, action: Action) -> tuple[int, ...]:
    """The ids of the hand cards ``action`` moves, as the core moves them when it is tried
    on a copy of the game."""
    return tuple(event.card for event in trial_moves(game, action) if event.source.is_hand)


def beside(panel: pygame.Rect, card: pygame.Rect, screen: pygame.Rect, gap: int = 12, *,
           avoid: Sequence[pygame.Rect] = (),
           keep_clear: Sequence[pygame.Rect] = ()) -> tuple[int, int]:
    """The centre for a chooser ``panel`` that never covers ``card``: above it, below it,
    right or left of it, or at the screen's side level with it; of those, one that covers none
    of the cards in ``avoid`` and as little of the regions in ``keep_clear`` (the player's
    hand) as it can, else the screen's corner furthest from the card."""
    room = card.inflate(2 * gap, 2 * gap)
    spots = []
    for centre in ((card.centerx, room.top - panel.height // 2),
                   (card.centerx, room.bottom + panel.height // 2),
                   (room.right + panel.width // 2, card.centery),
                   (room.left - panel.width // 2, card.centery),
                   (screen.right - panel.width // 2, card.centery),
                   (screen.left + panel.width // 2, card.centery),
                   (screen.right - panel.width // 2, screen.top + panel.height // 2)):
        spot = panel.copy()
        spot.center = centre
        spot.clamp_ip(screen)
        if not spot.colliderect(card):
            spots.append(spot)
    if spots:
        def cost(spot: pygame.Rect) -> tuple[int, int]:
            covered = sum(1 for rect in avoid if spot.colliderect(rect))
            overlap = sum(spot.clip(rect).width * spot.clip(rect).height for rect in keep_clear)
            return covered, overlap
        return min(spots, key=cost).center
    corners = (screen.topleft, screen.topright, screen.bottomleft, screen.bottomright)
    far = max(corners, key=lambda c: (c[0] - card.centerx) ** 2 + (c[1] - card.centery) ** 2)
    spot = panel.copy()
    spot.center = far
    spot.clamp_ip(screen)
    return spot.center


#: How much narrower each next try of a chooser's panel is (pixels).
NARROWER = 60


def place_beside(chooser: ChooserScene[T], card: pygame.Rect, screen: pygame.Rect, *,
                 avoid: Sequence[pygame.Rect] = (),
                 keep_clear: Sequence[pygame.Rect] = ()) -> None:
    """Put ``chooser`` :func:`beside` ``card``; where no place at its width keeps clear of
    ``card`` and of ``avoid`` (a small window), narrower panels are tried, their options
    wrapped to more lines, down to the width of its title."""
    size = screen.size
    chooser.width_limit = None
    chooser.anchor = None
    chooser.resize(size)
    widths = [chooser.panel.width, *range(chooser.panel.width - NARROWER,
                                          chooser.least_width() - 1, -NARROWER)]
    first: tuple[int, int] | None = None
    for width in widths:
        chooser.width_limit = width
        chooser.resize(size)
        centre = beside(chooser.panel, card, screen, avoid=avoid, keep_clear=keep_clear)
        first = first or centre
        spot = chooser.panel.copy()
        spot.center = centre
        if not spot.colliderect(card) and spot.collidelist(list(avoid)) < 0:
            chooser.anchor = centre
            chooser.resize(size)
            return
    chooser.width_limit = None
    chooser.anchor = first
    chooser.resize(size)


class CardLighter(Protocol):
    """What a table's chooser draws over its shade (the renderer): the card it asks about in
    its place, and the cards the option in focus moves."""

    def draw_asked_card(self, surface: pygame.Surface, card_id: int) -> None: ...

    def draw_lit_cards(self, surface: pygame.Surface, ids: tuple[int, ...]) -> None: ...


def open_chooser(app: App, lighter: CardLighter, picture: TablePicture, title: str,
                 options: Sequence[Option[T]], on_choose: Callable[[T], object], *,
                 about: int | None, default: int, on_cancel: Callable[[], None],
                 keep_clear: Sequence[pygame.Rect]) -> None:
    """A chooser of ``options`` beside the card ``about``, never over it nor over the cards
    its options move (nor, where it can, over ``keep_clear``: the player's hand); ``about``
    shows lit in its place, and the option in focus lights up the very cards it moves
    (R1.5)."""
    lit = {index: option.cards for index, option in enumerate(options)}

    def chosen(value: T) -> None:
        on_choose(value)

    def decorate(surface: pygame.Surface, value: T) -> None:
        index = next(i for i, option in enumerate(options) if option.value == value)
        if about is not None:
            lighter.draw_asked_card(surface, about)
        lighter.draw_lit_cards(surface, lit[index])

    chooser = ChooserScene(app, title, [(option.label, option.value) for option in options],
                           chosen, on_cancel=on_cancel, default=default, decorate=decorate)
    if about is not None:
        card = pygame.Rect(picture.sprites[about].rect)
        avoid = [pygame.Rect(picture.sprites[card_id].rect).inflate(0, 60)
                 for option in options for card_id in option.cards]
        place_beside(chooser, card, pygame.Rect(0, 0, *app.size), avoid=avoid,
                     keep_clear=keep_clear)
    app.push(chooser)
