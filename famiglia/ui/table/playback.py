"""Playing the core's events on the table, one after another: each event becomes a log line,
an animation (a card's flight, a lowered-rank badge, a banner, the Gangster's caption) and a
sound (a card dealt or sliding, the reshuffle, a person's turn coming round), and holds the
queue for a moment before the next one starts.

:class:`EventPlayback` is the :class:`~famiglia.ui.table.animator.Animator`'s callback.  It
changes the picture only through ``card_moved`` events, keeps what is shown on top of the
cards (banner, caption, lowered ranks), and tells the scene when a turn starts.  The log lines
of a move are written (:meth:`EventPlayback.narrate`) as soon as the core accepts it, so a
save made at that moment carries them, and each is shown when its event plays.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

import pygame

from ... import i18n
from ...rules import (
    DECK,
    Action,
    ActionPlayed,
    CardMoved,
    Event,
    FinalRound,
    GameOver,
    GangsterStep,
    Passed,
    RankLowered,
    Reshuffled,
    TurnStarted,
)
from .. import theme as t
from ..theme import Theme
from ..widgets import draw_panel
from .computer import Caption
from .layout import TableFrame
from .log import Colour, LogPanel, describe_event
from .picture import TablePicture
from .story import TurnStory
from .texts import winner_words

#: How long each kind of event holds the queue before the next one plays (seconds at speed 1).
HOLD_DRAW = 0.14
HOLD_RESHUFFLE_CARD = 0.035
HOLD_MOVE = 0.3
HOLD_LOWERED = 0.5
HOLD_RESHUFFLED = 0.6
HOLD_FINAL_ROUND = 1.0
HOLD_PASSED = 0.7
HOLD_TURN = 0.25
#: S4 captions stay long enough to read (at speed 1; Space or a click hurries them)
HOLD_GANGSTER_STEP = 1.6
HOLD_GAME_OVER = 2.2
#: How long a banner stays (seconds at speed 1).
BANNER_SECONDS = 2.0


class EventPlayback:
    """Turns events into log lines and animations on ``picture``."""

    def __init__(self, picture: TablePicture, log: LogPanel, theme: Theme,
                 names: Sequence[str], on_turn: Callable[[TurnStarted], None],
                 sound: Callable[[str], None], people: Sequence[bool]) -> None:
        self.picture = picture
        #: plays a named sound effect (``app.sound.play``)
        self.sound = sound
        #: which seats a person plays (their turn comes round with a chime)
        self.people = tuple(people)
        self.log = log
        self.theme = theme
        self.names = names
        self.on_turn = on_turn
        #: Street card id → its rank lowered by this turn's Brute (R3.3), until the turn ends
        self.lowered: dict[int, int] = {}
        self.banner: tuple[pygame.Surface, float] | None = None
        #: S4: what the Gangster's program is doing, shown while its turn plays out
        self.caption: pygame.Surface | None = None
        #: the card the player let go, so that a twin the core moves starts from there
        self.dropped: int | None = None
        #: the log line of each narrated event still to play, in order
        self._lines: deque[tuple[str, Colour] | None] = deque()
        #: the Street's card ids and the action as the narration has reached them
        self._street = list(picture.zones["street"])
        self._action: Action | None = None
        #: the last finished turn in one sentence (the hand-over tells it)
        self.story = TurnStory(names)
        #: every log line narrated so far (what a save keeps)
        self.narrated: list[str] = [text for text, _ in log.entries]

    @property
    def frame(self) -> TableFrame:
        return self.picture.frame

    def narrate(self, events: Sequence[Event]) -> None:
        """Write the log lines of ``events`` (just returned by the core, in order) before
        they play: with the Street as it stands when each happens."""
        for event in events:
            if isinstance(event, ActionPlayed):
                self._action = event.action
            self.story.add(event, self._street)
            line = describe_event(event, self.names, self._street, self._action)
            self._lines.append(line)
            if line is not None:
                self.narrated.append(line[0])
            if isinstance(event, CardMoved):
                if event.source == "street":
                    self._street.pop(event.from_index)
                if event.target == "street":
                    self._street.insert(event.to_index, event.card)

    def play(self, event: Event) -> float:
        """Start the animation of one event; return how long it holds the queue."""
        line = self._lines.popleft() if self._lines else None
        if line is not None:
            self.log.add(*line)
        if isinstance(event, CardMoved):
            return self._card_moved(event)
        if isinstance(event, RankLowered):
            if event.rank == DECK[event.card].rank:
                self.lowered.pop(event.card, None)  # an undone Brute gives the rank back
            else:
                self.lowered[event.card] = event.rank
            return HOLD_LOWERED
        if isinstance(event, Reshuffled):
            self.picture.reshuffled = True
            self.sound("shuffle")
            self.show_banner("Reshuffle: the discard pile becomes the draw pile", t.GOLD)
            return HOLD_RESHUFFLED
        if isinstance(event, FinalRound):
            self.show_banner(f"Final round: {self.names[event.last_seat]} has the last turn",
                             t.RED)
            return HOLD_FINAL_ROUND
        if isinstance(event, Passed):
            self.show_banner(f"{self.names[event.seat]} passes", t.INK)
            return HOLD_PASSED
        if isinstance(event, GangsterStep):
            self.show_caption("The Gangster's program", i18n.translate_message(event.text))
            return HOLD_GANGSTER_STEP
        if isinstance(event, Caption):
            self.show_caption(event.heading, event.text)
            return event.hold
        if isinstance(event, TurnStarted):
            if event.seat != self.picture.gangster_seat:
                self.caption = None
            self.lowered.clear()
            if self.people[event.seat]:
                self.sound("turn")
            self.on_turn(event)
            return HOLD_TURN
        if isinstance(event, GameOver):
            self.caption = None
            self.show_banner(f"Game over: {winner_words(event, self.names)}", t.GOLD)
            return HOLD_GAME_OVER
        return 0.0

    def _card_moved(self, event: CardMoved) -> float:
        self.picture.move(event)
        self._match_dropped(event)
        if event.source == "draw_pile" and event.target == "street":
            self.sound("deal")
            return HOLD_DRAW
        if event.source == "discard":
            return HOLD_RESHUFFLE_CARD  # the reshuffle's own sound covers these
        self.sound("slide")
        return HOLD_MOVE

    def _match_dropped(self, event: CardMoved) -> None:
        """Cards of one code are alike (R1.3): the core may move a twin of the card the
        player dropped; the twin then takes the dropped card's place on screen, so the flight
        starts where the player let go."""
        dropped, self.dropped = self.dropped, None
        if dropped is None or dropped == event.card or DECK[dropped].code != event.code:
            return
        self.picture.swap_places(dropped, event.card)

    def update(self, dt: float) -> None:
        """Banners fade after their time (``dt`` scaled by the animation speed)."""
        if self.banner is not None:
            surface, left = self.banner
            self.banner = (surface, left - dt) if left > dt else None

    def show_banner(self, text: str, colour: tuple[int, int, int]) -> None:
        label = self.theme.text(text, self.frame.font(30), colour, bold=True)
        panel = pygame.Surface((label.get_width() + 48, label.get_height() + 26), pygame.SRCALPHA)
        draw_panel(panel, panel.get_rect(), alpha=230, edge=colour)
        panel.blit(label, (24, 13))
        self.banner = (panel, BANNER_SECONDS)

    def show_caption(self, heading_text: str, text: str) -> None:
        """S4: a Gangster step's words (or a computer's action) in a caption over the
        player's play area (the Gangster never touches it), held long enough to read before
        the step's cards move."""
        theme = self.theme
        area = self.frame.bottom_play
        size = self.frame.font(24)
        heading = theme.text(heading_text, self.frame.font(20), t.GOLD, bold=True)
        lines = [theme.text(line, size, t.INK, bold=True)
                 for line in theme.wrap(text, size, area.width - 80, bold=True)]
        width = max(image.get_width() for image in [heading, *lines]) + 48
        height = heading.get_height() + sum(image.get_height() + 2 for image in lines) + 30
        panel = pygame.Surface((width, height), pygame.SRCALPHA)
        draw_panel(panel, panel.get_rect(), alpha=235, edge=t.GOLD)
        panel.blit(heading, (24, 10))
        y = 14 + heading.get_height()
        for image in lines:
            panel.blit(image, (24, y))
            y += image.get_height() + 2
        self.caption = panel
