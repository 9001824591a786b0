"""The replay viewer: a finished game's record (``famiglia.rules.records``) on the table, from
its setup (R2, S1) move by move, forward with the animations, the captions and the log, back
with the cards sliding home; both hands face up (it is a record) or the top one hidden.

From any move, "Play on from here" starts a new game from that position: the draw pile's
order, which the record told, is dealt anew (R5.4), and the game is a position game, never a
solo highscore run (S5).  Analyse (A) shows where the game was won and lost above the table
(:mod:`famiglia.ui.analysis`), and can play a better turn than the record's on the table
(:meth:`ReplayScene.try_turn`): "Play on from here" then starts from that turn; any step of
the replay goes back to the record.  ``famiglia replay FILE`` opens a record file directly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import _, pgettext
from ...players.seats import Seat, SeatKind
from ...rules import Action, ActionPlayed, EndReason, Event, Game, Opponent, msg, read_record
from ...store import files
from ...store.records import read_record_file
from .. import navigation
from .. import theme as t
from ..analysis.view import AnalysisView
from ..labels import seat_names
from ..session import start_table
from ..table.animator import Animator
from ..table.computer import Caption, action_line
from ..table.flow import TableFlow
from ..table.layout import TableFrame, table_frame_below
from ..table.log import LogPanel
from ..table.phrases import Line
from ..table.picture import ZONES
from ..table.playback import EventPlayback
from ..widgets import Button
from .table import TableScene

if TYPE_CHECKING:
    from ..app import App


@dataclass(frozen=True)
class Step:
    """One step of a replay: a person's or computer's action, a whole Gangster turn (S4) or
    a resignation (which is no action: the record's result says it); ``moves``: the step's
    moves of the record."""

    seat: int
    moves: tuple[ActionPlayed, ...] = ()
    gangster: bool = False
    resign: bool = False

    @property
    def action(self) -> ActionPlayed | None:
        """The person's or computer's action (``None``: a Gangster's turn, a resignation)."""
        return None if self.gangster or self.resign else self.moves[0]

    def play(self, game: Game) -> list[Event]:
        """Play the step on ``game`` and return its events."""
        if self.resign:
            return game.resign(self.seat)
        step = next(game.replay_moves(self.moves, events=True))
        assert step.events is not None
        return step.events


def steps_of(record: dict[str, Any]) -> tuple[Game, list[Step], list[Game]]:
    """The record's start, its steps and the game after each step (``ValueError`` for a
    record the rules refuse, naming the move)."""
    final = read_record(record)
    start = Game.from_setup(final.setup)
    game = start.copy()
    steps: list[Step] = []
    after: list[Game] = [start.copy()]
    for step in game.replay_moves(final.move_stack):
        moves = tuple(ActionPlayed(step.seat, action) for action in step.actions)
        steps.append(Step(step.seat, moves, gangster=step.gangster))
        after.append(game.copy())
    result = final.result
    if result is not None and result.reason == EndReason.RESIGNED and not game.is_terminal():
        steps.append(Step(1 - (result.winner or 0), resign=True))
        game.resign(steps[-1].seat)
        after.append(game.copy())
    return start, steps, after


class ReplayFlow(TableFlow):
    """A replay plays no seat by itself and shows no hand-over."""

    @property
    def human_to_move(self) -> bool:
        return False

    @property
    def pending(self) -> bool:
        return False

    def maybe_handover(self) -> None:
        """A record hides nothing from anyone."""

    def rest(self, dt: float) -> None:
        """Moves come from the step buttons only."""


class ReplayScene(TableScene):
    """The table showing a record, stepped with the buttons, the arrow keys, Home and End;
    ``analyse``: its analysis starts at once."""

    def __init__(self, app: App, record: dict[str, Any], *,
                 on_close: Callable[[], None] | None = None, analyse: bool = False) -> None:
        start, self.steps, self.after = steps_of(record)
        players = record["players"]
        try:
            self.record_seats = (Seat.from_dict(players["seats"][0]),
                                 Seat.from_dict(players["seats"][1]))
        except ValueError:
            self.record_seats = (Seat.human(), Seat.human())
        gangster = start.opponent is Opponent.GANGSTER
        shown = (Seat.human(), Seat.gangster() if gangster else Seat.human())
        names = seat_names(players["names"], shown)
        self.analysis = AnalysisView(app, record, self.after,
                                     [step.action is not None for step in self.steps], names,
                                     analyse=analyse)
        super().__init__(app, start, names, seats=shown)
        self.analysis.attach(self)
        self.record = record
        self.on_close = on_close
        self.flow = ReplayFlow(self, self.game, self.seats, [None, None])
        self.assist.shown = False
        self.renderer.overlays.remove(self.assist.hints)
        self.at = 0
        #: the table shows a turn tried instead of the record's (:meth:`try_turn`)
        self.trying = False
        #: the log's lines after each step, narrated once from the whole record
        self.lines_at = self._narrate_all(start)
        self.picture.open_hands = True
        #: a solo record's Gangster has no hand (S2): nothing to show or hide
        self.hand_to_hide = not gangster
        self._buttons()
        self.picture.turn_to(self._bottom_seat())
        self._show(0, animate=False)

    def _bottom_seat(self) -> int:
        humans = [seat for seat in (0, 1) if self.record_seats[seat].is_human]
        return humans[0] if humans else 0

    def _narrate_all(self, start: Game) -> list[list[Line]]:
        playback = EventPlayback(self.picture, LogPanel(self.app.theme), self.app.theme,
                                 self.names, lambda event: None, lambda sound: None,
                                 (False, False))
        setup = start.setup
        playback.narrated.append(Line.of("replay", first=self.names[0], second=self.names[1],
                                         deal=setup.seed if setup.dealt_by_seed else None))
        lines = [list(playback.narrated)]
        game = start.copy()
        for step in self.steps:
            playback.narrate(step.play(game))
            lines.append(list(playback.narrated))
        return lines

    # ------------------------------------------------------------------ buttons and keys

    def _buttons(self) -> None:
        self.start_button = Button("", lambda: self.jump(0), size=18)
        self.back_button = Button("", self.back, size=18)
        self.next_button = Button("", self.forward, size=18)
        self.end_button = Button("", lambda: self.jump(len(self.steps)), size=18)
        self.play_on_button = Button("", self.play_on, size=18)
        self.close_button = Button("", self.close, size=18)
        self.hands_button = Button("", self.toggle_hands, size=18)
        self.buttons = [self.start_button, self.back_button, self.next_button,
                        self.end_button, self.play_on_button, self.close_button,
                        self.analysis.toggle_button]
        if self.hand_to_hide:
            self.buttons.append(self.hands_button)
        self._word_buttons()
        self.resize(self.app.size)

    def _word_buttons(self) -> None:
        """The replay's buttons and their tooltips in the current language."""
        # Translators: the replay's step buttons: to the game's start, one move back, the
        # next move, to the game's end.
        self.start_button.text = pgettext("replay", "Start")
        self.start_button.tooltip = _("The start of the game (Home).")
        self.back_button.text = pgettext("replay", "Back")
        self.back_button.tooltip = _("One move back (Left arrow).")
        self.next_button.text = pgettext("replay", "Next")
        self.next_button.tooltip = _("The next move, with its animation (Right arrow).")
        self.end_button.text = pgettext("replay", "End")
        self.end_button.tooltip = _("The end of the game (End).")
        self.play_on_button.text = pgettext("button", "Play on from here")
        self.close_button.text = pgettext("button", "Close  Esc")
        self.hands_button.text = (pgettext("button", "Top hand: shown  V")
                                  if self.picture.open_hands
                                  else pgettext("button", "Top hand: hidden  V"))
        self.hands_button.tooltip = _("Show or hide the top player's hand (V).")

    def language_changed(self) -> None:
        super().language_changed()
        if hasattr(self, "hands_button"):
            self._word_buttons()
            self.analysis.reword()

    def layout(self, size: tuple[int, int], street: int) -> TableFrame:
        """The table makes room above it for the analysis, when there is one to show."""
        return table_frame_below(size, self.analysis.band_height(size), street)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if not hasattr(self, "hands_button"):
            return
        frame = self.frame
        gap = frame.gap
        row = frame.pass_button
        width = (row.width - 3 * gap) // 4
        for index, button in enumerate((self.start_button, self.back_button,
                                        self.next_button, self.end_button)):
            button.rect = pygame.Rect(row.left + index * (width + gap), row.top, width,
                                      row.height)
        self.play_on_button.rect = frame.menu_button.union(frame.help_button)
        self.play_on_button.rect.width = frame.menu_button.width + frame.help_button.width // 3
        self.close_button.rect = pygame.Rect(self.play_on_button.rect.right + gap,
                                             frame.menu_button.top,
                                             frame.help_button.right
                                             - self.play_on_button.rect.right - gap,
                                             frame.menu_button.height)
        self.hands_button.rect = (pygame.Rect(frame.log.left, frame.log.top, frame.log.width,
                                              frame.menu_button.height)
                                  if self.hand_to_hide else pygame.Rect(frame.log.topleft, (0, 0)))
        top = self.hands_button.rect.bottom + frame.gap if self.hand_to_hide else frame.log.top
        self.analysis.toggle_button.rect = pygame.Rect(frame.log.left, top, frame.log.width,
                                                       frame.menu_button.height)
        for button in self.buttons:
            button.size = frame.font(18)
        self.analysis.place(frame)
        self.place_log()

    def place_log(self) -> None:
        """The log takes the side panel under the buttons and the analysis's note."""
        frame = self.frame
        log = frame.log.copy()
        log.top = self.analysis.toggle_button.rect.bottom + frame.gap
        log.height = frame.log.bottom - log.top
        note = self.analysis.place_note(log)
        if note:
            log.top += note + frame.gap
            log.height -= note + frame.gap
        self.log.place(log, frame.font(17))

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.analysis.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_RIGHT: self.forward, pygame.K_LEFT: self.back,
                pygame.K_HOME: lambda: self.jump(0),
                pygame.K_END: lambda: self.jump(len(self.steps)),
                pygame.K_ESCAPE: self.close, pygame.K_v: self.toggle_hands,
                pygame.K_p: self.play_on}
            if event.key in keys:
                keys[event.key]()
                return
        super().handle_event(event)

    def person_to_move(self) -> bool:
        """The record's seat to move is a person's (the replay shows every seat as one)."""
        return self.record_seats[self.game.current].is_human

    def status_takeable(self) -> int:
        """R3.4: the Street cards the player to move at this point of the record could take
        (the core's answer for the position shown)."""
        return 0 if self.game.is_terminal() else len(self.game.takeable_positions())

    def _word_status(self) -> None:
        """The status of the position shown; its steps are the record's, so they offer no
        hover help on how to play them."""
        super()._word_status()
        self.step_rects = []

    def wait_reason(self) -> str | None:
        return _("A replay is watched, not played: Left and Right step through it.")

    def update(self, dt: float) -> None:
        super().update(dt)
        self.analysis.update()
        self.start_button.enabled = self.back_button.enabled = self.at > 0
        self.next_button.enabled = self.end_button.enabled = self.at < len(self.steps)
        self.play_on_button.enabled = not self.game.is_terminal()
        self.play_on_button.tooltip = (
            _("The game is over at this move.") if self.game.is_terminal() else
            _("Start a new game from this position (P); the draw pile is shuffled anew."))

    # ------------------------------------------------------------------ stepping

    @property
    def position_text(self) -> str:
        """How many moves are behind the table, so that the next one (the one a caption, the
        hint or the analysis speaks of) is the move after that number."""
        if self.trying:
            return _("A better turn instead of move {number}").format(number=self.at + 1)
        return _("{number} of {count} moves played").format(number=self.at,
                                                            count=len(self.steps))

    def forward(self) -> None:
        """The next step, animated: its caption, its cards, its log lines (from a tried turn,
        back to the record's position first)."""
        if self.trying:
            self.jump(self.at)
            return
        if self.at >= len(self.steps):
            return
        if self.busy:
            self.finish_animations()
        step = self.steps[self.at]
        events = step.play(self.game)
        if step.action is not None:
            name = self.names[step.seat]
            line = action_line(self.after[self.at], step.action.action, name)
            events = [Caption(name, line, hold=0.6), *events]
        self.at += 1
        self.after_apply(events)

    def back(self) -> None:
        if self.trying:
            self.jump(self.at)
        elif self.at > 0:
            self.jump(self.at - 1)

    def jump(self, step: int) -> None:
        """Show the game after ``step`` steps: the cards slide to their places."""
        if step == self.at and not self.busy and not self.trying:
            return
        self.finish_animations()
        self._show(step, animate=True)

    def try_turn(self, actions: list[Action]) -> None:
        """Play ``actions`` (a turn legal from the position shown) on the table instead of
        the record's next step, animated with their captions."""
        if self.busy:
            self.finish_animations()
        self.trying = True
        events: list[Event] = []
        game = self.game
        for action in actions:
            if action not in game.legal_actions():
                break
            name = self.names[game.current]
            events += [Caption(name, action_line(game.copy(), action, name), hold=0.6),
                       *game.apply(action)]
        self.after_apply(events)

    def _show(self, step: int, *, animate: bool) -> None:
        self.at = step
        self.trying = False
        self.game = self.after[step].copy()
        self.flow.game = self.game
        picture = self.picture
        for zone in ZONES:
            picture.zones[zone] = list(self.game.zone_ids(zone))
        picture.reshuffled = self.game.reshuffled
        picture.version += 1
        picture.layout_all("animate" if animate else "snap")
        self.log = LogPanel(self.app.theme)
        for line in self.lines_at[step]:
            self.log.add(line)
        # no seat's turn chimes in a replay: nobody plays it
        self.playback = EventPlayback(picture, self.log, self.app.theme, self.names,
                                      self._turn_started, self.app.sound.play, (False, False))
        self.playback.lowered_from(self.game.view(self.bottom))
        self.animator = Animator(self.playback.play)
        self.gestures.reset()
        self.place_log()
        self.status_dirty = True

    def toggle_hands(self) -> None:
        if not self.hand_to_hide:
            return
        picture = self.picture
        picture.open_hands = not picture.open_hands
        picture.version += 1
        picture.layout_all("snap")
        self._word_buttons()

    # ------------------------------------------------------------------ leaving

    def show_results(self) -> None:
        """A replay's end is its last move: no results screen over it."""

    def play_on(self) -> None:
        """A new game from this position, with the record's seats (a person at the seat of
        the record's person, else at the seat to move) and a fresh draw-pile order; its log
        opens with what the turn under way has done so far (a refresh made, R3.1d).  A
        running game it would replace is replaced only when the player agrees."""
        if self.game.is_terminal():
            return
        position = self.game.resample(random.randrange(2**31)).position_dict()
        game = Game.from_dict(position)
        seats: list[Seat] = list(self.record_seats)
        if not any(seat.is_human for seat in seats):
            seats[game.current] = Seat.human()
        if game.opponent is Opponent.GANGSTER:
            seats = [Seat.human(), Seat.gangster()]
        elif any(seat.kind is SeatKind.GANGSTER for seat in seats):
            seats = [Seat.human(), Seat.human()]
        opening = Line.of("opening", first=self.names[0], second=self.names[1],
                          turn=game.turn + 1, name=self.names[game.current])
        log = [line.encode() for line in (opening, *turn_so_far(self.lines_at[self.at]))]
        navigation.replace_running_game(
            self.app,
            lambda: self.app.replace(start_table(self.app, game, self.names, seats, log=log)))

    def next_change(self) -> float | None:
        """The table's timers, and a running analysis polled a few times a second."""
        times = [time for time in (super().next_change(), self.analysis.next_change())
                 if time is not None]
        return min(times) if times else None

    def leave(self) -> None:
        super().leave()
        if self not in self.app.scenes:
            self.analysis.close()

    def close(self) -> None:
        if self.on_close is not None:
            self.on_close()
        else:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        frame = self.frame
        theme = self.app.theme
        label = theme.fit(self.position_text, frame.font(18), frame.status.width // 2, t.GOLD,
                          bold=True)
        rect = label.get_rect(bottomright=(frame.status.right - 12, frame.status.bottom - 8))
        surface.blit(label, rect)
        if self.on_top:
            self.analysis.draw_tooltip(surface)


def turn_so_far(lines: list[Line]) -> list[Line]:
    """The log's lines of the turn under way: those after the last turn's heading (after the
    replay's first line in the first turn)."""
    starts = [index for index, line in enumerate(lines) if line.kind == "turn"]
    return lines[starts[-1] + 1 if starts else 1:]


def load_record(path: Path) -> dict[str, Any]:
    """A record file's content, read within the store's bounds, or ``ValueError`` with a
    message in plain words (a file cut short is damaged, not "no record")."""
    try:
        return read_record_file(path)
    except OSError as error:
        raise ValueError(msg("{path} cannot be read: {reason}", path=str(path),
                             reason=files.reason(error, reading=True))) from None
    except ValueError as problem:
        raise ValueError(msg("{path} cannot be opened as a game record: {problem}",
                             path=str(path), problem=files.problem_of(problem))) from None
