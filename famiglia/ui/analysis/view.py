"""The analysis on the replay's table: a band above the table proper (the table makes room for
it, so it covers no card) shows the job's progress with a Cancel button, or why it stopped, or
the graph of the chosen seat's winning chances with the summary beside it; a note in the side
panel (:mod:`.note`) says, at each analysed decision, what was played, the better turn and why,
and after cards were drawn what luck they brought; the table lights the move played and the
better one (:mod:`.marks`), and "Try the better turn" plays that turn on the table (where
"Play on from here" can start a game from it).

Keys: A analyses, then shows or hides the analysis; Esc cancels a running analysis; Up and
Down go to the chosen seat's previous and next costly decision (one with a verdict); B plays
the better turn.  A mark of the graph (a decision, or cards drawn) or a costly decision of
the summary is a click away from its position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import _, ngettext, pgettext, translate_message
from ...players.analysis import Analysis, Decision, Luck, Point, Step, default_seats
from ...rules import Game, parse_action
from .. import theme as t
from ..table.layout import TableFrame
from ..widgets import Button, draw_panel, draw_tooltip
from .graph import ChancesGraph
from .marks import Marks, draw_marks, marks_of
from .note import AnalysisNote
from .runner import POLL_SECONDS, AnalysisRunner
from .summary import SummaryPanel
from .words import (
    best_words,
    end_words,
    heading,
    loss_words,
    luck_words,
    played_words,
    reason_words,
)

if TYPE_CHECKING:
    from ..app import App
    from ..scenes.replay import ReplayScene


#: The band's height: this share of the window's, within these bounds (pixels); at the least,
#: the table below it keeps piles wide enough for their labels.
BAND_SHARE, BAND_LEAST, BAND_MOST = 0.18, 116, 190
#: The summary's width beside the graph: this share of the band's, within these bounds.
SUMMARY_SHARE, SUMMARY_LEAST, SUMMARY_MOST = 0.36, 220, 340
PADDING = 8


class AnalysisView:
    """The analysis of the replay's ``record`` (see the module docstring).  ``after``: the
    game after each step of the replay, ``steps``' seats and whether each is a person's or
    computer's action, to find a decision's step; ``analyse``: start at once (the results'
    Analyse).  :meth:`attach` joins it to the replay once its table exists."""

    def __init__(self, app: App, record: dict[str, Any], after: Sequence[Game],
                 actions: Sequence[bool], names: Sequence[str], *, analyse: bool) -> None:
        self.app = app
        self.after = after
        self.names = names
        self.runner = AnalysisRunner(record, notify=app.toast)
        #: the player hid the analysis (A)
        self.hidden = False
        self.seat = default_seats(record)[0]
        theme = app.theme
        self.graph = ChancesGraph(theme)
        self.summary = SummaryPanel(theme, on_seat=self.choose_seat, on_jump=self.jump_to,
                                    number=self.number, describe=self.describe)
        self.cancel_button = Button("", self.cancel, size=18)
        self.toggle_button = Button("", self.toggle, size=18)
        self.note = AnalysisNote(theme, names, on_try=self.try_better, number=self.number,
                                 game_of=self.game_of)
        self.band = pygame.Rect(0, 0, 0, 0)
        self.replay: ReplayScene | None = None
        #: the moves played before each step, and the step of each move a person or computer
        #: decided (the Gangster's turns are one step of several moves)
        self.moves_before = [len(game.move_stack) for game in after]
        self.step_of = {self.moves_before[step]: step
                        for step, action in enumerate(actions) if action}
        self.turns = self._turn_starts()
        self.font: Callable[[int], int] = lambda size: size
        #: the analysis the graph and the summary show
        self.shown: Analysis | None = None
        #: the step the note and the marks are about (and whether a better turn is tried
        #: there), the moves lit
        self.at: int | None = None
        self.trying = False
        self.marks: list[Marks] = []
        self.mouse = (-1, -1)
        if analyse:
            self.runner.start()
        self._word()
        self._show_analysis()

    def attach(self, replay: ReplayScene) -> None:
        self.replay = replay
        replay.renderer.overlays.append(self)

    def _turn_starts(self) -> list[tuple[int, int]]:
        starts: list[tuple[int, int]] = []
        for moves, game in zip(self.moves_before, self.after, strict=True):
            if not starts or starts[-1][1] != game.turn + 1:
                starts.append((moves, game.turn + 1))
        return starts

    # ------------------------------------------------------------------ state

    @property
    def analysis(self) -> Analysis | None:
        """The analysis on show (None while it is hidden, running or not made)."""
        return None if self.hidden else self.runner.analysis

    @property
    def visible(self) -> bool:
        """Whether the band above the table is there."""
        runner = self.runner
        return runner.running or runner.problem is not None or self.analysis is not None

    def band_height(self, size: tuple[int, int]) -> int:
        if not self.visible:
            return 0
        return round(max(BAND_LEAST, min(BAND_MOST, size[1] * BAND_SHARE)))

    def number(self, decision: Decision) -> int:
        """A decision's move number, as the replay counts its moves."""
        return self.step_of.get(decision.ply, 0) + 1

    def decision_at(self, step: int) -> Decision | None:
        """The analysed decision the replay's position ``step`` is about to make, if any."""
        analysis = self.analysis
        if analysis is None or self.step_of.get(self.moves_before[step]) != step:
            return None
        return analysis.at(self.moves_before[step])

    def game_of(self, decision: Decision) -> Game:
        """The game as it stood when ``decision`` was made."""
        return self.after[self.step_of.get(decision.ply, 0)]

    def describe(self, point: Decision | Point) -> str:
        """A decision in sentences (whose, what was played, the better turn and why, what it
        cost), or what the cards drawn at a point of the graph did."""
        if isinstance(point, Point):
            if point.step is Step.END:
                return end_words(point, self.seat, self.names)
            if point.decision is None:
                return "" if point.luck is None else luck_words(point.luck, self.seat,
                                                               self.names)
            point = point.decision
        decision = point
        game = self.game_of(decision)
        lines = [heading(self.number(decision), decision, str(self.names[decision.seat])),
                 played_words(game, decision, str(self.names[decision.seat]))]
        if not decision.best_played:
            lines.append(best_words(game, decision))
        lines += [line for line in (reason_words(decision), loss_words(decision)) if line]
        return "\n".join(lines)

    def step_after(self, ply: int) -> int:
        """The replay's position right after the move ``ply`` (cards drawn show there)."""
        return next((step for step, moves in enumerate(self.moves_before) if moves > ply),
                    len(self.moves_before) - 1)

    def lucks_before(self, step: int) -> list[Luck]:
        """The luck of the cards drawn by the step that led to the replay's ``step``."""
        analysis = self.analysis
        if analysis is None or step == 0:
            return []
        low, high = self.moves_before[step - 1], self.moves_before[step]
        return [point.luck for point in analysis.chain()
                if point.step is Step.LUCK and point.luck is not None
                and any(low <= draw.ply < high for draw in point.luck.draws)]

    # ------------------------------------------------------------------ actions

    def toggle(self) -> None:
        """A: analyse (or resume), or show and hide the analysis made."""
        runner = self.runner
        if runner.running:
            return
        if runner.analysis is not None:
            self.hidden = not self.hidden
        else:
            self.hidden = False
            runner.start()
        self._changed()

    def cancel(self) -> None:
        """Stop the analysis (Esc, Cancel); A resumes it where it stopped."""
        if not self.runner.running:
            return
        self.runner.cancel()
        self.app.toast(_("The analysis was stopped; Analyse (A) picks it up where it stopped."))
        self._changed()

    def close(self) -> None:
        """The replay is gone: so is its analysis job."""
        self.runner.cancel()

    def choose_seat(self, seat: int) -> None:
        self.seat = seat
        self._show_analysis()

    def jump_to(self, point: Decision | Point) -> None:
        """The replay goes to the position of a decision (before its move), or of cards drawn
        (right after them)."""
        if self.replay is None:
            return
        if isinstance(point, Point):
            if point.decision is None:
                if point.luck is not None:
                    self.replay.jump(self.step_after(point.luck.draws[-1].ply))
                return
            point = point.decision
        step = self.step_of.get(point.ply)
        if step is not None:
            self.replay.jump(step)

    def try_better(self) -> None:
        """B: the better turn of the decision shown, played on the table."""
        replay = self.replay
        decision = None if replay is None else self.decision_at(replay.at)
        if replay is None or decision is None or not decision.cost or replay.trying:
            return
        replay.try_turn([parse_action(step) for step in decision.better])
        self._moved()

    def step_costly(self, direction: int) -> None:
        """To the chosen seat's next (``direction`` 1) or previous (-1) costly decision."""
        analysis, replay = self.analysis, self.replay
        if analysis is None or replay is None:
            return
        steps = sorted(self.step_of[d.ply] for d in analysis.everything()
                       if d.seat == self.seat and d.verdict is not None and d.ply in self.step_of)
        ahead = [s for s in steps if s > replay.at] if direction > 0 else \
            [s for s in reversed(steps) if s < replay.at]
        if ahead:
            replay.jump(ahead[0])

    # ------------------------------------------------------------------ the loop

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Input for the analysis; True when it was used."""
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.graph.hovered = (self.graph.hit(event.pos) if self.analysis is not None
                                  else None)
        if self.runner.running and self.cancel_button.handle_event(event):
            return True
        if self.note.handle_event(event):
            return True
        if self.analysis is not None:
            if self.summary.handle_event(event):
                return True
            if (event.type == pygame.MOUSEBUTTONUP and event.button == 1
                    and self.graph.hit(event.pos) is not None):
                point = self.graph.hit(event.pos)
                assert point is not None
                self.jump_to(point)
                return True
        return (event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
                and self.visible and self.band.collidepoint(event.pos))

    def _key(self, key: int) -> bool:
        if key == pygame.K_a:
            self.toggle()
            return True
        if key == pygame.K_ESCAPE and self.runner.running:
            self.cancel()
            return True
        if key in (pygame.K_UP, pygame.K_DOWN) and self.analysis is not None:
            self.step_costly(1 if key == pygame.K_DOWN else -1)
            return True
        if key == pygame.K_b and self.analysis is not None:
            self.try_better()
            return True
        return False

    def update(self) -> None:
        """Poll a running job; follow the replay's position once its cards rest."""
        if self.runner.poll():
            self._changed()
        replay = self.replay
        if (replay is not None and (replay.at, replay.trying) != (self.at, self.trying)
                and not replay.busy):
            self._moved()

    def next_change(self) -> float | None:
        """While a job runs, the screen looks again a few times a second."""
        return POLL_SECONDS if self.runner.running else None

    def _changed(self) -> None:
        """The analysis's state changed: words, the band, the table's room for it."""
        self._word()
        if self.runner.analysis is not self.shown:
            self._show_analysis()
        replay = self.replay
        if replay is not None:
            street = len(replay.game.street)
            if replay.frame.table.top != replay.layout(replay.frame.size, street).table.top:
                replay.resize(self.app.size)
            self._moved()
        self.app.request_redraw()

    def _show_analysis(self) -> None:
        analysis = self.shown = self.runner.analysis
        if analysis is None:
            return
        if self.seat not in analysis.seats:
            self.seat = analysis.seats[0]
        self.graph.show(analysis, self.seat, self._graph_title(), self.moves_before[-1],
                        self.turns)
        self.summary.show(analysis, self.seat, self.names)
        self.app.request_redraw()

    def _graph_title(self) -> str:
        # Translators: above the analysis graph; {name} is a player's name.
        return _("Winning chances of {name}").format(name=self.names[self.seat])

    def _moved(self) -> None:
        """The replay stands at another position: its note and its marks."""
        replay = self.replay
        if replay is None:
            return
        self.at, self.trying = replay.at, replay.trying
        decision = None if replay.trying else self.decision_at(replay.at)
        self.marks = marks_of(replay.game, replay.picture, decision)
        self._word_note(decision)
        replay.place_log()
        self.app.request_redraw()

    # ------------------------------------------------------------------ words

    def _word(self) -> None:
        """The buttons' words for the analysis's state, in the current language."""
        runner, button = self.runner, self.toggle_button
        self.cancel_button.text = pgettext("button", "Cancel  Esc")
        self.cancel_button.tooltip = _("Stop the analysis; Analyse (A) picks it up where it "
                                       "stopped.")
        button.enabled = not runner.running
        if runner.running:
            button.text = pgettext("button", "Analysing…")
            button.tooltip = _("Esc or Cancel stops the analysis.")
        elif runner.analysis is None:
            button.text = pgettext("button", "Analyse  A")
            button.tooltip = _("Where was this game won and where was it lost? The winning "
                               "chances after every decision and the better moves (A).")
        else:
            button.text = (pgettext("button", "Analysis: shown  A") if not self.hidden
                           else pgettext("button", "Analysis: hidden  A"))
            button.tooltip = _("Show or hide the analysis above the table (A).")

    def reword(self) -> None:
        """A new language: every text anew."""
        self._word()
        if self.shown is not None:
            self._show_analysis()
        if self.replay is not None:
            self._word_note(None if self.replay.trying else self.decision_at(self.replay.at))
            self.replay.place_log()

    def _word_note(self, decision: Decision | None) -> None:
        """The note for the position shown: the luck of the cards the last step drew, the
        decision about to be made."""
        replay = self.replay
        if self.analysis is None or replay is None:
            self.note.clear()
        elif replay.trying:
            self.note.tell_trying()
        else:
            self.note.tell(decision, self.lucks_before(replay.at), self.seat)

    # ------------------------------------------------------------------ layout

    def place(self, frame: TableFrame) -> None:
        """The band above the table proper and its parts, for the replay's ``frame``."""
        self.font = frame.font
        self.band = pygame.Rect(frame.table.left, frame.margin, frame.table.width,
                                max(0, frame.table.top - frame.margin - frame.gap))
        inner = self.band.inflate(-2 * PADDING, -2 * PADDING)
        summary_width = round(max(SUMMARY_LEAST, min(SUMMARY_MOST,
                                                     inner.width * SUMMARY_SHARE)))
        graph = pygame.Rect(inner.left, inner.top, inner.width - summary_width - 2 * PADDING,
                            inner.height)
        self.graph.place(graph, frame.font)
        self.summary.place(pygame.Rect(graph.right + 2 * PADDING, inner.top, summary_width,
                                       inner.height), frame.font)
        button_width = max(frame.font(18) * 7, self.app.theme.font(frame.font(18), True).size(
            self.cancel_button.text)[0] + 24)
        self.cancel_button.rect = pygame.Rect(0, 0, button_width, frame.font(18) * 2)
        self.cancel_button.rect.midright = (inner.right, inner.centery)
        self.cancel_button.size = frame.font(18)

    def place_note(self, rect: pygame.Rect) -> int:
        """The note at the top of ``rect`` (the side panel's room for the log); the height it
        takes."""
        return self.note.place(rect, self.font)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """An overlay of the table: the marks over the cards, the band, the note."""
        if self.analysis is not None:
            self._draw_marks(surface)
        if self.visible:
            draw_panel(surface, self.band, alpha=225)
            if self.runner.running:
                self._draw_progress(surface)
            elif self.runner.problem is not None:
                self._draw_problem(surface)
            elif self.replay is not None:
                self.graph.draw(surface, len(self.replay.game.move_stack))
                self.summary.draw(surface)
        self.note.draw(surface)

    def _draw_marks(self, surface: pygame.Surface) -> None:
        replay = self.replay
        if replay is not None and not replay.busy:
            draw_marks(surface, replay.frame, replay.picture, replay.art, self.marks)

    def _draw_progress(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        done, total = self.runner.progress
        inner = self.band.inflate(-2 * PADDING, -2 * PADDING)
        room = self.cancel_button.rect.left - inner.left - 2 * PADDING
        title = theme.fit(ngettext("Analysing the game: {done} of {n} decision",
                                   "Analysing the game: {done} of {n} decisions",
                                   total).format(done=done, n=total),
                          self.font(20), room, t.GOLD, bold=True)
        bar = pygame.Rect(inner.left, 0, room, max(10, self.font(14)))
        bar.centery = inner.centery
        surface.blit(title, title.get_rect(bottomleft=(inner.left, bar.top - 6)))
        pygame.draw.rect(surface, t.FELT_DARK, bar, border_radius=bar.height // 2)
        if total:
            filled = bar.copy()
            filled.width = max(bar.height, round(bar.width * done / total))
            pygame.draw.rect(surface, t.GOLD, filled, border_radius=bar.height // 2)
        pygame.draw.rect(surface, t.PANEL_EDGE, bar, width=1, border_radius=bar.height // 2)
        words = theme.fit(_("The strongest level looks at every decision; you can step "
                            "through the game meanwhile."), self.font(16), room, t.INK_DIM)
        surface.blit(words, (inner.left, bar.bottom + 6))
        self.cancel_button.draw(surface, theme)

    def _draw_problem(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        problem = self.runner.problem
        assert problem is not None
        inner = self.band.inflate(-2 * PADDING, -2 * PADDING)
        size = self.font(17)
        line = theme.font(size).get_linesize()
        text = f"{translate_message(problem)} {_('Analyse (A) tries again.')}"
        lines = theme.wrap(text, size, inner.width, max_lines=max(1, inner.height // line))
        y = inner.top
        for index, words in enumerate(lines):
            image = theme.text(words, size, t.HIGHLIGHT if index == 0 else t.INK)
            surface.blit(image, (inner.left, y))
            y += line

    def draw_tooltip(self, surface: pygame.Surface) -> bool:
        """The tooltip of what the pointer is on in the band; whether one was drawn."""
        if self.runner.running:
            if self.cancel_button.hovered and self.cancel_button.tooltip:
                self.cancel_button.draw_tooltip(surface, self.app.theme)
                return True
            return False
        if self.analysis is None:
            return False
        if self.graph.hovered is not None:
            draw_tooltip(surface, self.app.theme, self.describe(self.graph.hovered), self.mouse)
            return True
        return self.note.draw_tooltip(surface) or self.summary.draw_tooltip(surface)

