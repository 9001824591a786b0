"""Walking through one lesson on the real table: which step is current, whether a move the
player makes is the one the lesson asks for (the table's gate), and the opponent's scripted
moves (a seat controller, like the computer's).

The runner follows the game's move stack: every :class:`~.script.Do` and
:class:`~.script.Reply` step is done when its move has been played, so nothing the table does
(a refused drop, a cancelled chooser) can put the lesson out of step.  Legality stays the
core's: a move the rules refuse never reaches the gate, and the table gives the core's reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...i18n import N_
from ...rules import Action, Event, Game
from ..table.computer import Caption, action_line
from .script import NOTHING, Do, Lesson, Reply, Say, Step, resolve

#: What a move gets while the coach is still speaking, and after the lesson.
READ_FIRST = N_("Read the coach's words first, then click Next (or press Enter).")
LESSON_DONE = N_("This lesson is done: go on to the next one, or back to the lessons.")
#: What Ctrl+Z gets in a lesson (it steps through a script, so there is nothing to undo).
NO_UNDO = N_("A lesson has no Undo: it takes back at once every move it does not ask for.")
#: What the coach says while the opponent moves.
WATCH = N_("Watch {opponent}'s move.")

Words = Callable[[str, Mapping[str, str]], str]


def _aim(action: Action) -> tuple[object, ...]:
    """The kind of a move and the card it aims at, without its payment, keep or amount."""
    return (type(action), getattr(action, "street", None), getattr(action, "card", None),
            getattr(action, "take", None))


def _plain(action: Action) -> str:
    """A move's notation without the start-set marks (R1.5): either copy does for a lesson."""
    return str(action).replace("*", "")


class LessonRunner:
    """One lesson played on ``game``; ``words`` turns a step's text into the player's
    language (the table fills in the names and scores)."""

    def __init__(self, lesson: Lesson, game: Game, words: Words) -> None:
        self.lesson = lesson
        self.game = game
        self.words = words
        self.index = 0
        #: the moves played before the lesson's first step
        self.base = len(game.move_stack)
        #: the text and cards of the last refusal, worded when shown (a language switch
        #: rewords it)
        self.refused: tuple[str, Mapping[str, str]] | None = None

    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def sync(self) -> bool:
        """Move past every move step whose move the game has played; True when it moved."""
        played = len(self.game.move_stack) - self.base
        done = sum(isinstance(step, Do | Reply) for step in self.lesson.steps[:self.index])
        moved = False
        while isinstance(self.step, Do | Reply) and played > done:
            self.refused = None
            self.index += 1
            done += 1
            moved = True
        return moved

    def next(self) -> bool:
        """Next on a :class:`Say` step: on to the following step."""
        if isinstance(self.step, Say):
            self.index += 1
            self.refused = None
            return True
        return False

    def expected(self) -> list[Action]:
        step = self.step
        if not isinstance(step, Do):
            return []
        return [resolve(notation, self.game) for notation in step.expect]

    def gate(self, action: Action) -> str | None:
        """The table's gate: ``None`` lets a move through (the expected one, or one the
        rules refuse, which the core explains), else the lesson's sentence why not."""
        if _plain(action) not in {_plain(legal) for legal in self.game.legal_actions()}:
            return None
        step = self.step
        expected = self.expected()
        if isinstance(step, Do):
            if _plain(action) in {_plain(move) for move in expected}:
                self.refused = None
                return None
            near = step.almost is not None and any(_aim(action) == _aim(move)
                                                   for move in expected)
            self.refused = (step.almost if near and step.almost else step.why, step.cards)
        else:
            self.refused = (LESSON_DONE if self.finished else READ_FIRST, NOTHING)
        return self.refusal()

    def refuse_undo(self) -> str | None:
        """Ctrl+Z: the lesson's sentence why there is no Undo."""
        self.refused = (NO_UNDO, NOTHING)
        return self.refusal()

    def refusal(self) -> str | None:
        """The last refusal in the current language, or None."""
        if self.refused is None:
            return None
        text, cards = self.refused
        return self.words(text, cards)

    def reply(self) -> Action | None:
        """The opponent's scripted move, when it is the step now."""
        step = self.step
        if isinstance(step, Reply):
            return resolve(step.action, self.game)
        return None


class ScriptedSeat:
    """A :class:`~famiglia.ui.table.flow.SeatController` for the lesson's opponent: it plays
    the lesson's :class:`Reply` steps, each announced in a caption like the computer's."""

    #: the script answers at once
    waiting = False

    def __init__(self, runner: LessonRunner, name: str) -> None:
        self.runner = runner
        self.name = name

    def think(self, game: Game) -> None:
        """The script needs no thinking."""

    def play(self, game: Game) -> list[Event] | None:
        action = self.runner.reply()
        if action is None:
            return None
        caption = Caption(self.name, action_line(game, action, self.name))
        return [caption, *game.apply(action)]
