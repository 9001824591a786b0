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
from ...i18n import _, ngettext
from ...rules import (
    DECK,
    Action,
    ActionPlayed,
    ActionUndone,
    CardMoved,
    Event,
    FinalRound,
    GameOver,
    GangsterStep,
    Passed,
    RankLowered,
    Refresh,
    Reshuffled,
    SeatView,
    TurnStarted,
    Zone,
)
from .. import theme as t
from ..theme import Colour, Theme
from ..widgets import draw_panel
from .computer import Caption
from .history import TurnStart, moved_between
from .layout import TableFrame
from .log import LogPanel, describe_event, quiet_line, strike_undone, undone_line
from .phrases import Line, card, joined, verdict_words
from .picture import TablePicture
from .story import TurnStory

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
#: A refresh that continues a run of refreshes (the computer's or the Gangster's) is told in
#: the run's caption and holds the queue only this long, and its cards move at this pace.
HOLD_RUN_STEP = 0.2
HOLD_RUN_MOVE = 0.2
HOLD_RUN_DRAW = 0.1
HOLD_GAME_OVER = 2.2
#: The most lines a caption's words may take, and its tally of a refresh run.
CAPTION_LINES = 4
TALLY_LINES = 3
#: How much wider a caption is than its text (its margins, left and right).
CAPTION_PADDING = 48
#: How long a banner stays (seconds at speed 1).
BANNER_SECONDS = 2.0


class EventPlayback:
    """Turns events into log lines and animations on ``picture``."""

    def __init__(self, picture: TablePicture, log: LogPanel, theme: Theme,
                 names: Sequence[str], on_turn: Callable[[TurnStarted], None],
                 sound: Callable[[str], None], people: Sequence[bool],
                 on_over: Callable[[], None] | None = None) -> None:
        self.picture = picture
        #: plays a named sound effect (``app.sound.play``)
        self.sound = sound
        #: which seats a person plays (their turn comes round with a chime)
        self.people = tuple(people)
        self.log = log
        self.theme = theme
        self.names = names
        self.on_turn = on_turn
        #: told when the game's end plays, as its banner shows (the status says so too)
        self.on_over = on_over
        #: Street card id → its rank lowered by this turn's Brute (R3.3), until the turn ends
        self.lowered: dict[int, int] = {}
        self.banner: tuple[pygame.Surface, float] | None = None
        #: S4: what the Gangster's program is doing, shown while its turn plays out
        self.caption: pygame.Surface | None = None
        #: the banner's and the caption's words, worded again after a language switch
        self._banner_words: tuple[Callable[[], str], Colour] | None = None
        self._caption_words: tuple[Callable[[], str], Callable[[], str],
                                   Callable[[], str] | None] | None = None
        #: the codes of the Street cards this turn's refreshes put away, as they play: a run
        #: of refreshes is told in one caption with their tally
        self._refreshed: list[str] = []
        #: for each narrated Gangster step still to play: whether its action is a refresh
        self._refresh_steps: deque[bool] = deque()
        #: the refresh playing now continues a run (its cards move at the run's pace)
        self._in_run = False
        #: the cards the player handled for the next action, so that a twin the core moves
        #: starts from where the player's card was (R1.3)
        self.dropped: set[int] = set()
        #: the table chose which copy the next take spends (R1.5): its log line says so
        self.quiet_back = False
        self._matching: set[int] = set()
        #: the log line of each narrated event still to play, in order
        self._lines: deque[Line | None] = deque()
        #: the Street's card ids and the action as the narration has reached them
        self._street = list(picture.zones[Zone.STREET])
        self._action: Action | None = None
        #: the last finished turn in one sentence (the hand-over tells it)
        self.story = TurnStory(names)
        #: every log line narrated so far (what a save keeps)
        self.narrated: list[Line] = list(log.lines)
        #: the seat that played the last finished turn and the cards it moved (the table
        #: marks them until the person at the table acts)
        self.last_move: tuple[int, frozenset[int]] | None = None
        self._turn_start = self._zone_of_each_card()
        self._reword = False
        i18n.on_language_change(self.reword)

    @property
    def frame(self) -> TableFrame:
        return self.picture.frame

    def lowered_from(self, view: SeatView) -> None:
        """Take the ranks this turn's Brute lowered (R3.3) from ``view``'s Street, where no
        event tells them: a playback that starts on a turn in progress, an undo."""
        self.lowered = {shown.card.id: shown.rank for shown in view.street
                        if shown.rank != shown.card.rank}

    @property
    def caption_texts(self) -> tuple[str, str | None] | None:
        """The caption's words and its tally of a refresh run as shown now, or None."""
        if self.caption is None or self._caption_words is None:
            return None
        _heading, words, tally = self._caption_words
        return words(), tally() if tally is not None else None

    def narrate(self, events: Sequence[Event]) -> None:
        """Write the log lines of ``events`` (just returned by the core, in order) before
        they play: with the Street as it stands when each happens."""
        for index, event in enumerate(events):
            if isinstance(event, GangsterStep):
                action = next((later.action for later in events[index + 1:]
                               if isinstance(later, ActionPlayed)), None)
                self._refresh_steps.append(isinstance(action, Refresh))
            if isinstance(event, ActionPlayed):
                self._action = event.action
            self.story.add(event, self._street)
            line = describe_event(event, self.names, self._street, self._action)
            if isinstance(event, ActionUndone):
                strike_undone(self.narrated, event, self.names)
                line = undone_line(event, events[index + 1:], self.names)
            if line is not None and line.kind == "to_play" and self.quiet_back:
                self.quiet_back = False
                line = quiet_line(line, event, self.names)
            self._lines.append(line)
            if line is not None:
                self.narrated.append(line)
            if isinstance(event, CardMoved):
                if event.source is Zone.STREET:
                    self._street.pop(event.from_index)
                if event.target is Zone.STREET:
                    self._street.insert(event.to_index, event.card)

    def play(self, event: Event) -> float:
        """Start the animation of one event; return how long it holds the queue."""
        line = self._lines.popleft() if self._lines else None
        if line is not None:
            self.log.add(line)
        if isinstance(event, ActionPlayed):
            self._matching, self.dropped = self.dropped, set()
            if isinstance(event.action, Refresh):
                self._note_refresh(event.action)
        if isinstance(event, ActionUndone):
            self.log.strike(event, self.names)
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
            self.show_banner(lambda: _("Reshuffle: the discard pile becomes the draw pile"),
                             t.GOLD)
            return HOLD_RESHUFFLED
        if isinstance(event, FinalRound):
            name = self.names[event.last_seat]
            self.show_banner(lambda: _("Final round: {name} has the last turn").format(
                name=name), t.RED)
            return HOLD_FINAL_ROUND
        if isinstance(event, Passed):
            if self.people[event.seat] or self.caption is None:
                name = self.names[event.seat]
                self.show_banner(lambda: _("{name} passes").format(name=name), t.INK)
            return HOLD_PASSED
        if isinstance(event, GangsterStep):
            refresh = bool(self._refresh_steps) and self._refresh_steps.popleft()
            self._in_run = refresh and bool(self._refreshed) and self.caption is not None
            step = event.text
            if self._in_run:
                self._follow_run(lambda: i18n.translate_message(step))
                return HOLD_RUN_STEP
            self.show_caption(lambda: _("The Gangster's program"),
                              lambda: i18n.translate_message(step))
            return HOLD_GANGSTER_STEP
        if isinstance(event, Caption):
            self._in_run = event.refresh and bool(self._refreshed) and self.caption is not None
            caption = event
            if self._in_run:
                self._follow_run(lambda: caption.text)
                return HOLD_RUN_STEP
            self.show_caption(lambda: caption.heading, lambda: caption.text)
            return event.hold
        if isinstance(event, TurnStarted):
            self._note_last_move(1 - event.seat)
            self._refreshed = []
            self._in_run = False
            if event.seat != self.picture.gangster_seat:
                self.caption = self._caption_words = None
            self.lowered.clear()
            if self.people[event.seat]:
                self.sound("turn")
            self.on_turn(event)
            return HOLD_TURN
        if isinstance(event, GameOver):
            self.caption = self._caption_words = None
            result, names = event, self.names
            self.show_banner(lambda: _("Game over: {verdict}").format(
                verdict=verdict_words(result, names)), t.GOLD)
            if self.on_over is not None:
                self.on_over()
            return HOLD_GAME_OVER
        return 0.0

    def _follow_run(self, words: Callable[[], str]) -> None:
        """A refresh that continues a run: the caption's words become this step's (the card
        it refreshes with), under the run's tally, which its action brings up to date."""
        if self._caption_words is not None:
            heading, _words, tally = self._caption_words
            self._caption_words = (heading, words, tally)

    def _note_refresh(self, action: Refresh) -> None:
        """A refresh plays: from the second of a turn on, the caption shown (the computer's
        or the Gangster's) tells the run's tally."""
        street = self.picture.zones[Zone.STREET]
        if action.street >= len(street):
            return
        self._refreshed.append(DECK[street[action.street]].code)
        if len(self._refreshed) < 2 or self._caption_words is None:
            return
        codes = list(self._refreshed)
        heading, words, _tally = self._caption_words
        self.show_caption(heading, words, lambda: ngettext(
            "Refreshed {n} time this turn: {cards}.", "Refreshed {n} times this turn: {cards}.",
            len(codes)).format(n=len(codes), cards=joined([card(code) for code in codes])))

    def resume(self, starts: Sequence[TurnStart], acted: bool) -> None:
        """A game with a past comes to the table (Continue): ``starts`` are its last turns'
        starts (:func:`~famiglia.ui.table.history.turn_starts`), the one under way last.  The
        turn before it is the last move, marked as it was while that turn was played, unless
        the person to move has ``acted`` in this turn already (which took the marks off)."""
        if not starts:
            return
        now = starts[-1]
        self._turn_start = dict(now.zones)
        if len(starts) < 2 or acted:
            return
        previous = starts[-2]
        moved = moved_between(previous, now)
        self.last_move = (previous.seat, moved) if moved else None

    def _zone_of_each_card(self) -> dict[int, Zone]:
        return {card_id: zone for zone, ids in self.picture.zones.items() for card_id in ids}

    def _note_last_move(self, seat: int) -> None:
        """A turn of ``seat`` ended: the cards whose zone it changed (an undone move changes
        none) become the last move."""
        now = self._zone_of_each_card()
        moved = frozenset(card_id for card_id, zone in now.items()
                          if self._turn_start.get(card_id) != zone)
        self.last_move = (seat, moved) if moved else None
        self._turn_start = now

    def _card_moved(self, event: CardMoved) -> float:
        self._match_dropped(event)
        self.picture.move(event)
        if event.source is Zone.DRAW_PILE and event.target is Zone.STREET:
            self.sound("deal")
            return HOLD_RUN_DRAW if self._in_run else HOLD_DRAW
        if event.source is Zone.DISCARD:
            return HOLD_RESHUFFLE_CARD  # the reshuffle's own sound covers these
        self.sound("slide")
        return HOLD_RUN_MOVE if self._in_run else HOLD_MOVE

    def _match_dropped(self, event: CardMoved) -> None:
        """Cards of one code and back look alike (R1.3, R1.5): the core may move a twin of a
        card the player handled; the twin then takes that card's place on screen before it
        moves, so the card the player dragged is the card that flies."""
        matching = self._matching
        if event.card in matching:
            matching.discard(event.card)
            return
        moved = DECK[event.card]
        twin = next((card_id for card_id in matching
                     if DECK[card_id].code == moved.code and DECK[card_id].back == moved.back
                     and card_id in self.picture.zones[event.source]), None)
        if twin is not None:
            matching.discard(twin)
            self.picture.swap_places(twin, event.card)

    def update(self, dt: float) -> None:
        """Banners fade after their time (``dt`` scaled by the animation speed)."""
        if self._reword:
            self._reword_now()
        if self.banner is not None:
            surface, left = self.banner
            self.banner = (surface, left - dt) if left > dt else None
            if self.banner is None:
                self._banner_words = None

    def reword(self, language: str | None = None) -> None:
        """The language changed: the banner and the caption shown now are worded again at
        the next update."""
        self._reword = True

    def _reword_now(self) -> None:
        self._reword = False
        if self.banner is not None and self._banner_words is not None:
            left = self.banner[1]
            self.show_banner(*self._banner_words)
            self.banner = (self.banner[0], left) if self.banner else None
        if self.caption is not None and self._caption_words is not None:
            self.show_caption(*self._caption_words)

    def show_banner(self, words: Callable[[], str], colour: Colour) -> None:
        """A banner over the Street, one line as wide as the table allows."""
        self._banner_words = (words, colour)
        room = self.frame.street.union(self.frame.draw_pile).width - 48
        label = self.theme.fit(words(), self.frame.font(30), room, colour, bold=True)
        panel = pygame.Surface((label.get_width() + 48, label.get_height() + 26), pygame.SRCALPHA)
        draw_panel(panel, panel.get_rect(), alpha=230, edge=colour)
        panel.blit(label, (24, 13))
        self.banner = (panel, BANNER_SECONDS)

    def show_caption(self, heading_words: Callable[[], str], words: Callable[[], str],
                     tally_words: Callable[[], str] | None = None) -> None:
        """S4: a Gangster step's words (or a computer's action) in a caption over the table
        (never over the person's play area or hand: :mod:`.captions`), held long enough to
        read before the step's cards move; ``tally_words``: a run of refreshes so far, which
        then heads the caption.  :attr:`caption` is the caption as wide as the table allows;
        :meth:`caption_panel` words it narrower where that leaves the cards uncovered."""
        self._caption_words = (heading_words, words, tally_words)
        self.caption = self.caption_panel(self.caption_width())

    def caption_width(self) -> int:
        """The widest text a caption takes: the table's width less room on either side."""
        return self.frame.bottom_play.width - 80

    def caption_panel(self, width: int) -> pygame.Surface | None:
        """The caption shown now, its text at most ``width`` pixels wide: the heading (who
        acts), then the words; in a run of refreshes the run's tally is the headline (how
        many refreshes, which cards) and the words of its latest step follow, both in the
        smaller type, which keeps a long run's caption low enough for the opponent's row.
        None when no caption shows, or when a width narrower than :meth:`caption_width`
        needs more lines than a caption has."""
        if self._caption_words is None:
            return None
        heading_words, words, tally_words = self._caption_words
        theme, frame = self.theme, self.frame
        large, small = frame.font(24), frame.font(20)
        blocks = [(words(), large, t.INK, True, CAPTION_LINES)]
        if tally_words is not None:
            blocks = [(tally_words(), small, t.INK, True, TALLY_LINES),
                      (words(), small, t.GOLD, False, CAPTION_LINES)]
        widest = width >= self.caption_width()
        if not widest and any(len(theme.wrap(text, size, width, bold)) > most
                              for text, size, _colour, bold, most in blocks):
            return None
        heading = theme.fit(heading_words(), small, width, t.GOLD, bold=True)
        lines = [theme.text(line, size, colour, bold=bold)
                 for text, size, colour, bold, most in blocks
                 for line in theme.wrap(text, size, width, bold=bold, max_lines=most)]
        panel_width = max(image.get_width() for image in [heading, *lines]) + CAPTION_PADDING
        height = heading.get_height() + sum(image.get_height() + 2 for image in lines) + 22
        panel = pygame.Surface((panel_width, height), pygame.SRCALPHA)
        draw_panel(panel, panel.get_rect(), alpha=235, edge=t.GOLD)
        panel.blit(heading, (CAPTION_PADDING // 2, 8))
        y = 11 + heading.get_height()
        for image in lines:
            panel.blit(image, (CAPTION_PADDING // 2, y))
            y += image.get_height() + 2
        return panel
