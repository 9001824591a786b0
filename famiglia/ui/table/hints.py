"""Hints: the analysis's own advice (:func:`~famiglia.players.advice.advise`, the same effort
and seed as the analysis of a finished game, so a hint followed is never called a mistake
there) works out the person's best turn in the table's thinker (away from the frame loop, like
the computer's own moves; "thinking…" shows until it is done, however long a busy machine
takes), and the table shows it: the first step's card and target glow, and a panel says the
whole turn up to the next card drawn ("Play Accountant 1 … Then: exchange …, take Famiglia 2
…") and why it is better than the next best ("It takes Famiglia 2 this turn: 6 VP more.").
Enter plays the first step; while the turn goes on (after a refresh too, once its cards are
seen), the next step's hint is asked at once.  A game in which a hint was asked is *assisted*
(S5: its highscore entry and its record say so).

The hint belongs to the position it was asked for: any move, undo or turn change drops it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from ... import i18n
from ...i18n import _, pgettext
from ...players.advice import Advice
from ...rules import (
    DECK,
    Accountant,
    Action,
    Back,
    Brute,
    Game,
    Pass,
    Refresh,
    Stage,
    Take,
    Zone,
    parse_action,
)
from .. import theme as t
from ..widgets import draw_panel
from .computer import position_key
from .drag import refresh_pile, trial_moves
from .log import aimed_code
from .phrases import advice
from .phrases import card as card_words
from .places import Place
from .render import zone_outline
from .thinker import advice_options
from .views import PassLook, PlayLook, TableLook

if TYPE_CHECKING:
    from .picture import TablePicture
    from .sprites import CardArt
    from .thinker import Thinker

#: The hint's glow: a cool blue, unlike the gold selection and the green legal targets.
HINT_COLOUR = (120, 200, 255)


class HintHost(TableLook, PassLook, PlayLook, Protocol):
    """What the hints ask of the table, besides the game and where the Pass button is: they
    play the hinted move as the person would, mark the game as assisted, and ask for a
    frame when the answer is in."""

    def apply(self, action: Action) -> bool: ...

    def pass_turn(self) -> None: ...

    def note_assisted(self) -> None:
        """A hint was asked: the game is assisted (S5), and its save says so at once."""
        ...

    def request_redraw(self) -> None: ...


def _kept(picture: TablePicture, code: str, exclude: set[int], seat: int) -> int | None:
    """The id of the card of ``seat``'s hand a take keeps (R3.4c): ``X0*`` names the
    start-set copy, a plain code a neutral one where the hand holds one (R1.5)."""
    plain = code.rstrip("*")
    ids = [i for i in picture.zones[Zone.hand(seat)]
           if DECK[i].code == plain and i not in exclude]
    start = code.endswith("*")
    preferred = [i for i in ids if (DECK[i].back is not Back.NEUTRAL) == start]
    chosen = preferred or ids
    return chosen[0] if chosen else None


def _acted(game: Game) -> bool:
    return game.refreshed_this_turn or game.stage is not Stage.REFRESH


def turn_advice(game: Game, line: tuple[str, ...] | list[str]) -> list[str]:
    """A turn (its steps in notation, legal one after the other from ``game``; only the last
    may draw cards) as advice, a sentence per step in the current language (an Accountant
    that its exchanges follow needs no word about how many it allows)."""
    trial = game.copy()
    words = []
    for index, notation in enumerate(line):
        action = parse_action(notation)
        target = aimed_code(action, [card.id for card in trial.street])
        if isinstance(action, Accountant) and index + 1 < len(line):
            # Translators: an Accountant followed in a hint or the analysis by its exchanges.
            words.append(_("Play {card}.").format(card=card_words(action.card)))
        else:
            words.append(advice(action, target, acted=_acted(trial)))
        if action not in trial.legal_actions():
            break
        trial.push(action)
    return words


def marks_for(game: Game, picture: TablePicture, action: Action,
              seat: int | None = None) -> tuple[set[int], set[Place], bool]:
    """What the hint lights on ``picture`` (the table of ``game``): card ids (the very copies
    the core moves, tried on a copy of the game, R1.5), places (``seat``'s hand or play
    area, a pile) and whether the Pass button is meant.  ``seat``: whose action it is
    (default the person at the bottom)."""
    bottom = picture.bottom
    seat = bottom if seat is None else seat
    street = picture.zones[Zone.STREET]
    cards: set[int] = set()
    zones: set[Place] = set()
    if isinstance(action, Pass):
        return cards, zones, True
    own = (Zone.hand(seat), Zone.play_area(seat))
    cards.update(event.card for event in trial_moves(game, action) if event.source in own)
    if isinstance(action, Refresh):
        cards.add(street[action.street])
        zones.add(refresh_pile(game) or Place.DISCARD)
    elif isinstance(action, Accountant):
        zones.add(Place.of(Zone.play_area(seat), bottom))
    elif isinstance(action, Brute):
        cards.add(street[action.street])
    elif isinstance(action, Take):
        cards.add(street[action.street])
        if action.keep is not None:
            kept = _kept(picture, action.keep, cards, seat)
            if kept is not None:
                cards.add(kept)
        zones.add(Place.of(Zone.hand(seat), bottom))
    return cards, zones, False


class Hints:
    """One table's hints: asked with :meth:`ask` (the ``?`` key or the Hint button) of
    ``thinker``, shown by :meth:`draw` over the cards of ``picture`` until the position
    changes."""

    def __init__(self, host: HintHost, picture: TablePicture, thinker: Thinker,
                 art: CardArt) -> None:
        self.host = host
        self.picture = picture
        self.thinker = thinker
        self.art = art
        #: the position the hint (asked or shown) is about
        self.key: tuple[int, str] | None = None
        self.waiting = False
        self.action: Action | None = None
        #: the advice shown (the whole turn and why)
        self.advice: Advice | None = None
        #: the turn's steps in words, and why it is better
        self.words: list[str] = []
        self.reason = ""
        #: after Enter played a hinted step: the seat and the position (its ply) whose hint is
        #: asked as soon as the cards have landed, if the turn goes on
        self.follow_up: tuple[int, int] | None = None
        #: the Street card the hinted action is about and whether the turn has begun
        self._about: tuple[str | None, bool] = (None, False)
        self.cards: set[int] = set()
        self.zones: set[Place] = set()
        self.pass_meant = False
        self._line: pygame.Surface | None = None
        #: the width the line was fitted to
        self._room = 0

    @property
    def can_ask(self) -> bool:
        return self.host.can_act and not self.waiting

    def ask(self) -> None:
        """Ask for the person's best action now (marks the game as assisted)."""
        game = self.host.game
        if not self.can_ask:
            return
        if self.action is not None and self.key == position_key(game):
            return  # already shown
        self.clear()
        self.key = position_key(game)
        self.waiting = True
        self.thinker.ask(game, advice_options(), hint=True)
        self.host.note_assisted()

    def carry_out(self) -> None:
        """Play the hinted action (Enter), as the person would by hand: a pass that would end
        the game asks first (R5.2), as the Pass button does."""
        host = self.host
        action = self.action
        if action is None or not host.can_act or self.key != position_key(host.game):
            return
        seat = host.game.current
        if isinstance(action, Pass):
            host.pass_turn()
        else:
            host.apply(action)
        self.follow_up = (seat, host.game.ply())

    def clear(self) -> None:
        if self.waiting:
            self.thinker.cancel()
        if self.key is not None:
            self.host.request_redraw()
        self.key, self.waiting, self.action = None, False, None
        self.advice, self.words, self.reason = None, [], ""
        self.cards, self.zones, self.pass_meant = set(), set(), False
        self._line = None

    def update(self) -> None:
        """Take the answer when it is in; drop the hint when the position moved on; ask for
        the next step of a turn being played from a hint."""
        game = self.host.game
        if self.follow_up is not None and self.key is None and self.host.can_act:
            seat, ply = self.follow_up
            self.follow_up = None
            if not game.is_terminal() and game.current == seat and game.ply() == ply:
                self.ask()
        if self.key is None:
            return
        if self.key != position_key(game) or game.is_terminal():
            self.clear()
            return
        if not self.waiting:
            return
        found = self.thinker.poll_advice()
        if found is None:
            return
        self.waiting = False
        self.advice = found
        self.action = parse_action(found.best.move)
        self.words = turn_advice(game, found.best.line)
        self.reason = ("" if found.reason is None
                       else i18n.translate_message(found.reason.message()))
        self._about = (aimed_code(self.action, [card.id for card in game.street]),
                       game.refreshed_this_turn or game.stage != Stage.REFRESH)
        self.cards, self.zones, self.pass_meant = marks_for(game, self.picture, self.action)
        self._line = None
        self.host.request_redraw()  # the idle loop stops drawing once nothing is awaited

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """An overlay of the table's renderer: the glowing cards and zones, the line."""
        if self.key is None:
            return
        frame = self.host.frame
        if self.action is not None:
            for card_id in self.cards:
                self.art.draw_glow(surface, self.picture.sprites[card_id], HINT_COLOUR)
            for zone in self.zones:
                rect = zone_outline(frame, zone)
                if rect is not None:
                    pygame.draw.rect(surface, HINT_COLOUR, rect, width=3, border_radius=10)
            if self.pass_meant:
                pygame.draw.rect(surface, HINT_COLOUR, self.host.pass_rect.inflate(8, 8),
                                 width=3, border_radius=10)
        line, rect = self.line_place()
        surface.blit(line, rect)

    def line_place(self) -> tuple[pygame.Surface, pygame.Rect]:
        """The hint's line and where it goes: above the own play area, centred where it can
        be, else starting right of the play area's heading, which it never covers (the
        heading's score grows as the game goes on, so the room is measured each time)."""
        frame = self.host.frame
        bottom = frame.bottom_play.top - 4
        left = frame.bottom_play.left
        for heading in self.picture.headings:
            if (heading.top < bottom and heading.bottom > bottom - 2 * frame.font(20)
                    and heading.centerx < frame.bottom_play.centerx):
                left = max(left, heading.right + frame.margin)
        room = min(frame.side.left - 2 * frame.margin, frame.bottom_play.right - left)
        if self._line is None or self._room != room:
            self._line, self._room = self._render_line(room), room
        rect = self._line.get_rect(midbottom=(frame.bottom_play.centerx, bottom))
        rect.left = max(rect.left, left)
        return self._line, rect

    @property
    def text(self) -> str:
        """The hint's first step as advice, in the current language ("" while it is worked
        out)."""
        if self.action is None:
            return ""
        target, acted = self._about
        return advice(self.action, target, acted=acted)

    def relayout(self) -> None:
        """A new window size or language: the words and the panel anew."""
        self._line = None
        if self.advice is not None:
            self.words = turn_advice(self.host.game, self.advice.best.line)
            reason = self.advice.reason
            self.reason = "" if reason is None else i18n.translate_message(reason.message())

    def _render_line(self, width: int) -> pygame.Surface:
        """The panel, at most ``width`` wide: the first step in bold with its key, the rest
        of the turn and why, each wrapped to at most two lines."""
        theme = self.host.theme
        frame = self.host.frame
        room = width - 32
        if self.action is None:
            rows = [theme.fit(_("Looking for the best turn…"), frame.font(20), room, t.INK,
                              bold=True)]
            key = None
        else:
            # Translators: after a hint's words: the Enter key plays the hinted action.
            key = theme.text(pgettext("key", "Enter: play it"), frame.font(17), HINT_COLOUR,
                             bold=True)
            first = _("Hint: {advice}").format(advice=self.words[0] if self.words
                                               else self.text)
            rows = [theme.fit(first, frame.font(20), room - key.get_width() - 16, t.INK,
                              bold=True)]
            small = frame.font(17)
            if len(self.words) > 1:
                # Translators: a hint's turn after its first step; {steps} are sentences.
                then = _("Then: {steps}").format(steps=" ".join(self.words[1:]))
                rows += [theme.text(line, small, t.INK)
                         for line in theme.wrap(then, small, room, max_lines=2)]
            if self.reason:
                # Translators: why the hinted turn is better; {reason} is a sentence.
                why = _("Why: {reason}").format(reason=self.reason)
                rows += [theme.text(line, small, t.INK_DIM)
                         for line in theme.wrap(why, small, room, max_lines=2)]
        extra = key.get_width() + 16 if key is not None else 0
        width = max([rows[0].get_width() + extra, *(row.get_width() for row in rows[1:])])
        height = sum(row.get_height() for row in rows) + 14
        panel = pygame.Surface((width + 32, height), pygame.SRCALPHA)
        draw_panel(panel, panel.get_rect(), alpha=235, edge=HINT_COLOUR)
        y = 7
        for row in rows:
            panel.blit(row, (16, y))
            y += row.get_height()
        if key is not None:
            panel.blit(key, key.get_rect(midright=(panel.get_width() - 16,
                                                   7 + rows[0].get_height() // 2)))
        return panel
