"""The coach in the first games: the first time a situation arises for a player, one sentence
beside the table says what it allows and how to do it ("Your two Famiglia 1 can take Famiglia
2 (drag it into your hand)."), never which move is best, and the cards it means are ringed.
Each tip shows once per player and situation (the progress file remembers it) and goes with
the player's next move, can be switched off in Settings, and never blocks a move: it is only
drawn.

One tip is about playing well rather than a rule: a card that would make a pair in the hand
(a pair pays for the next rank), as the lesson "Pairs are your money" teaches.

Every situation is read from the core's own facts: its legal actions (what can be taken, and
with what; a refresh, an Accountant, a Brute), trying a Brute or a take on a copy of the
game, the seat's view (fresh cards, the reshuffle, the final round) and whether a pass would
end the game.  No rule is worked out here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import pygame

from ... import i18n
from ...i18n import N_, _, pgettext
from ...rules import PASS, Accountant, Action, Brute, Game, Refresh, SeatView, Take
from ...store.progress import ProgressStore
from .. import theme as t
from ..table.computer import position_key
from ..table.drag import pass_ends_game, refresh_pile
from ..table.places import Place
from ..table.views import PlayLook
from ..widgets import draw_panel
from .coach import COACH, PointerHost, Pointers
from .script import DISCARD, DRAW_PILE, NOTHING, PASS_BUTTON, Point, hand, play, street_card

if TYPE_CHECKING:
    from ..table.picture import TablePicture


@dataclass(frozen=True)
class Tip:
    """One situation's tip: its name in the progress file, its sentence (a msgid whose
    ``{placeholders}`` are cards), the cards it names and what it points at."""

    key: str
    text: str
    cards: Mapping[str, str] = field(default_factory=lambda: NOTHING)
    points: tuple[Point, ...] = ()

    def words(self, opponent: str) -> str:
        params = {name: i18n.describe_code(code) for name, code in self.cards.items()}
        return _(self.text).format(opponent=opponent, fresh=pgettext("badge", "fresh"),
                                   **params)


def _base(code: str) -> str:
    return code.rstrip("*")


def _takes(legal: list[Action]) -> list[Take]:
    return [action for action in legal if isinstance(action, Take)]


def opponent_passed(game: Game, view: SeatView, legal: list[Action]) -> Tip | None:
    """R5.2: a pass now would end the game (the core tries it on a copy)."""
    if pass_ends_game(game):
        return Tip("opponent_passed", N_("{opponent} passed: if you pass too, the game ends "
                                         "now."), points=(PASS_BUTTON,))
    return None


def final_round(game: Game, view: SeatView, legal: list[Action]) -> Tip | None:
    """R5.1: the draw pile ran out for the second time."""
    if view.last_turn is not None:
        return Tip("final_round", N_("Final round: the draw pile is used up, so nobody can "
                                     "refresh any more."),
                   points=(DRAW_PILE,))
    return None


def _can_refresh(legal: list[Action]) -> bool:
    return any(isinstance(action, Refresh) for action in legal)


def reshuffled(game: Game, view: SeatView, legal: list[Action]) -> Tip | None:
    """R4.2, R3.1a: after the reshuffle a refresh goes under the draw pile, once a turn (told
    when the core offers a refresh)."""
    if view.reshuffled and view.last_turn is None and _can_refresh(legal):
        return Tip("reshuffled", N_("The discard pile became the new draw pile: from now on "
                                    "you may refresh once per turn, and the card goes under "
                                    "the draw pile."), points=(DRAW_PILE,))
    return None


def fresh(game: Game, view: SeatView, legal: list[Action]) -> Tip | None:
    """R3.1d: after a refresh only the cards it drew may be taken."""
    new = [street_card(card.position) for card in view.street if card.fresh]
    if view.fresh_cards_rule and new:
        return Tip("fresh", N_("After a refresh you may only take one of the new cards, "
                               "marked “{fresh}”."), points=tuple(new))
    return None


def brute(game: Game, view: SeatView, legal: list[Action]) -> Tip | None:
    """R3.3: a Brute would make a Street card takeable that is not now (tried on a copy)."""
    takeable = {take.street for take in _takes(legal)}
    for action in legal:
        if not isinstance(action, Brute) or action.street in takeable:
            continue
        trial = game.copy()
        trial.apply(action)
        if any(take.street == action.street for take in _takes(trial.legal_actions())):
            target = view.street[action.street].card.code
            return Tip("brute", N_("Your {brute} can lower {card} so that you can take it "
                                   "(drag the Brute onto the card)."),
                       {"brute": _base(action.card), "card": target},
                       (hand(_base(action.card)), street_card(action.street)))
    return None


def accountant(game: Game, view: SeatView, legal: list[Action]) -> Tip | None:
    """R3.2: an Accountant can bring exhausted cards back from the play area."""
    own = view.play_areas[view.seat]
    played = next((action for action in legal if isinstance(action, Accountant)), None)
    if played is not None and own:
        code = _base(played.card)
        return Tip("accountant", N_("Your {acc} can bring an exhausted card back from your "
                                    "play area (drag the {acc} into your play area)."),
                   {"acc": code}, (hand(code), play()))
    return None


def _paid(game: Game, take: Take) -> tuple[str, str, str] | None:
    """A paid take as (target, genuine card, second card): the genuine card is the one the
    core says pays for the target (R3.4b), the second a Mercenary standing in when its code
    differs from it."""
    genuine = game.pays_with(take.street)
    if len(take.pay) != 2 or genuine is None:
        return None
    first, second = (_base(code) for code in take.pay)
    if first != genuine:
        first, second = second, first
    return game.street[take.street].code, first, second


def backs(game: Game, view: SeatView, legal: list[Action]) -> Tip | None:
    """R1.5: a move could spend either of two copies of a card with different backs (legal
    actions that differ only in the start-set mark); the table moves the copy that tells the
    opponent least, and Shift held at the drop lets the player choose."""
    moves: dict[str, set[str]] = {}
    for action in legal:
        notation = str(action)
        moves.setdefault(notation.replace("*", ""), set()).add(notation)
    for copies in moves.values():
        if len(copies) > 1:
            code = next(_base(word) for notation in sorted(copies)
                        for word in notation.replace("+", " ").split() if word.endswith("*"))
            return Tip("backs", N_("Your two {card} have different backs, and {opponent} sees "
                                   "the backs in your hand: a start-set back can only be one "
                                   "of your start set's 0s. Where either copy could pay, the "
                                   "table spends the one that tells them least (hold Shift as "
                                   "you drop to choose)."),
                       {"card": code}, (hand(code),))
    return None


def joker(game: Game, view: SeatView, legal: list[Action]) -> Tip | None:
    """R3.4b: a Mercenary stands in for the second card of a take."""
    for take in _takes(legal):
        paid = _paid(game, take)
        if paid is not None and paid[1] != paid[2]:
            target, genuine, merc = paid
            return Tip("joker", N_("Your {merc} can stand in: with your {genuine} it takes "
                                   "{card}."),
                       {"merc": merc, "genuine": genuine, "card": target},
                       (street_card(take.street), hand(genuine), hand(merc)))
    return None


def pair(game: Game, view: SeatView, legal: list[Action]) -> Tip | None:
    """R3.4b: two cards of the family, one rank lower, take a card."""
    for take in _takes(legal):
        paid = _paid(game, take)
        if paid is not None and paid[1] == paid[2]:
            target, genuine, _same = paid
            return Tip("pair", N_("Your two {pair} can take {card} (drag it into your hand)."),
                       {"pair": genuine, "card": target},
                       (street_card(take.street), hand(genuine)))
    return None


def zero(game: Game, view: SeatView, legal: list[Action]) -> Tip | None:
    """R3.4a: a card of rank 0 is taken for free; with several, the tip points at each and
    prefers none (which one serves best is the player's judgement, not a fact)."""
    free = [take.street for take in _takes(legal) if not take.pay]
    if len(free) == 1:
        return Tip("zero", N_("{card} has rank 0: you can take it for free."),
                   {"card": view.street[free[0]].card.code}, (street_card(free[0]),))
    if free:
        return Tip("zero", N_("These Street cards have rank 0: you can take one of them for "
                              "free."), points=tuple(street_card(index) for index in free))
    return None


def makes_pair(game: Game, view: SeatView, legal: list[Action]) -> Tip | None:
    """Playing well (R3.4b): a card the player can pay for would make a pair with the one
    copy of it in the hand (the take tried on a copy, its payment included), and a pair pays
    for the next rank: the cards in hand are money for later.  (A free 0 pairs with the start
    set's own at every turn: the tip waits for a card that costs something.)"""
    for take in _takes(legal):
        card = view.street[take.street].card
        if not take.pay or [held.code for held in view.hand].count(card.code) != 1:
            continue
        trial = game.copy()
        trial.apply(take)
        if [held.code for held in trial.view(view.seat).hand].count(card.code) == 2:
            return Tip("makes_pair", N_("{card} would join the {card} in your hand: that is a "
                                        "pair, and a pair pays for the next rank up."),
                       {"card": card.code}, (street_card(take.street), hand(card.code)))
    return None


def refresh(game: Game, view: SeatView, legal: list[Action]) -> Tip | None:
    """R3.1: no 0 in the Street, so the player may refresh it (the pile as the core says)."""
    if not _can_refresh(legal):
        return None
    if refresh_pile(game) is Place.DRAW_PILE:
        return Tip("refresh", N_("You may refresh the Street: a Street card dropped on the "
                                 "draw pile brings as many new cards as its rank."),
                   points=(DRAW_PILE,))
    return Tip("refresh", N_("There is no 0 in the Street, so you may refresh it: a Street card "
                             "dropped on the discard pile brings as many new cards as its "
                             "rank."), points=(DISCARD,))


def exhausted(game: Game, view: SeatView, legal: list[Action]) -> Tip | None:
    """R3.5: the play area's cards are exhausted, yet they score."""
    if view.play_areas[view.seat]:
        return Tip("exhausted", N_("Cards in your play area are exhausted: they cannot pay "
                                   "while they are there, but they count at the end."),
                   points=(play(),))
    return None


def nothing(game: Game, view: SeatView, legal: list[Action]) -> Tip | None:
    """R3.4d: a pass is all the player can do: it ends the turn."""
    if legal == [PASS]:
        return Tip("pass", N_("You can take no card now and cannot refresh: a pass (Space) "
                              "ends your turn."), points=(PASS_BUTTON,))
    return None


#: Every situation, the most pressing first: when several arise at once, the first whose tip
#: the player has not seen is shown.
SITUATIONS: tuple[Callable[[Game, SeatView, list[Action]], Tip | None], ...] = (
    opponent_passed, final_round, reshuffled, fresh, brute, accountant, backs, joker, pair,
    zero, makes_pair, refresh, exhausted, nothing)


def situations(game: Game, seat: int) -> list[Tip]:
    """The tips that hold for ``seat`` to move in ``game`` now, the most pressing first."""
    view = game.view(seat)
    legal = game.legal_actions()
    found = (situation(game, view, legal) for situation in SITUATIONS)
    return [tip for tip in found if tip is not None]


class TipsHost(PointerHost, PlayLook, Protocol):
    """What the coach's tips read of the table, besides the pointers' needs and the game:
    whether a person is to move and the hand-over still to come, whether the settings show
    tips, and where the log is (a tip covers its top); they tell the player when the
    progress file could not be read or written."""

    @property
    def human_to_move(self) -> bool: ...

    @property
    def awaiting_handover(self) -> bool: ...

    @property
    def tips_on(self) -> bool: ...

    @property
    def log_rect(self) -> pygame.Rect: ...

    def toast(self, message: i18n.MessageLike | str) -> None: ...


class CoachTips:
    """The tips of one table: drawn over the top of the log, which gives them room, while
    the person at the bottom is to move and the cards rest (an overlay of the renderer);
    they point at the cards of ``picture``."""

    def __init__(self, host: TipsHost, picture: TablePicture,
                 store: ProgressStore | None = None) -> None:
        self.host = host
        self.store = store or ProgressStore()
        self.loaded = False
        #: the position the tip was chosen for, and the tip shown there
        self.key: tuple[object, ...] | None = None
        self.tip: Tip | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: the tip's heading and its lines, as last placed
        self.heading = pygame.Surface((0, 0))
        self.lines: tuple[str, ...] = ()
        self.pointers = Pointers(host, picture)

    @property
    def active(self) -> bool:
        host = self.host
        return (host.tips_on and not host.game.is_terminal() and host.human_to_move
                and host.game.current == host.bottom and not host.awaiting_handover)

    def follow(self) -> Tip | None:
        """The tip for the position now: the first the player has not seen (remembered at
        once), shown until the player's next move, which has acted on it or changed what it
        speaks of."""
        host = self.host
        if not self.active:
            self.key, self.tip = None, None
            return None
        if host.busy:
            return self.tip
        key = (*position_key(host.game), host.bottom)
        if key == self.key:
            return self.tip
        self.key = key
        if not self.loaded:
            self.store.load()
            self.loaded = True
        player = host.names[host.bottom]
        seen = self.store.last.tips_seen(player)
        self.tip = next((tip for tip in situations(host.game, host.bottom)
                         if tip.key not in seen), None)
        if self.tip is not None:
            self.store.see_tip(player, self.tip.key)
        notice = self.store.take_notice()
        if notice:
            host.toast(notice)
        return self.tip

    def place(self) -> Tip | None:
        """The tip for the position now and where it shows: over the top of the log, as tall
        as its words need (:attr:`rect`, :attr:`lines`)."""
        tip = self.follow()
        host = self.host
        self.rect, self.lines = pygame.Rect(0, 0, 0, 0), ()
        if tip is None:
            return None
        frame = host.frame
        theme = host.theme
        log = host.log_rect
        size = frame.font(18)
        line = theme.font(size).get_linesize()
        self.heading = theme.fit(_("Coach's tip"), frame.font(16), log.width - 24, COACH,
                                 bold=True)
        self.lines = theme.wrap(tip.words(host.names[1 - host.bottom]), size, log.width - 24,
                                max_lines=max(1, (log.height - self.heading.get_height() - 20)
                                              // line))
        self.rect = pygame.Rect(log.left, log.top, log.width,
                                self.heading.get_height() + line * len(self.lines) + 20)
        return tip

    def log_room(self) -> int:
        """What the tip takes of the top of the log, with a gap under it (0: no tip)."""
        if self.place() is None:
            return 0
        return min(self.host.log_rect.height, self.rect.height + self.host.frame.gap)

    def draw(self, surface: pygame.Surface) -> None:
        tip = self.place()
        if tip is None:
            self.pointers.draw(surface, (), self.rect)
            return
        theme = self.host.theme
        size = self.host.frame.font(18)
        line = theme.font(size).get_linesize()
        draw_panel(surface, self.rect, alpha=255, edge=COACH)
        surface.blit(self.heading, (self.rect.x + 12, self.rect.y + 7))
        y = self.rect.y + 10 + self.heading.get_height()
        for text in self.lines:
            surface.blit(theme.text(text, size, t.INK), (self.rect.x + 12, y))
            y += line
        self.pointers.draw(surface, tip.points, self.rect)
