"""The analysis in words and colours, in the current language: a decision's move played and
the best move as sentences about the position before it, the chances it lost, and the colour
and size that mark each verdict on the graph and on the table."""

from __future__ import annotations

from ... import i18n
from ...analyse import summary_sentences, verdict_word
from ...i18n import _
from ...players.analysis import Decision, SeatSummary, Verdict
from ...rules import Game, Stage, parse_action
from .. import theme as t
from ..table.hints import HINT_COLOUR
from ..table.log import aimed_code
from ..table.phrases import action_sentence, advice
from ..theme import Colour

#: A decision's mark by its verdict: the worse, the warmer and the larger.
VERDICT_COLOURS: dict[Verdict | None, Colour] = {
    None: t.INK_DIM,
    Verdict.INACCURACY: (236, 206, 96),
    Verdict.MISTAKE: (240, 146, 60),
    Verdict.BLUNDER: (236, 76, 64),
}
#: The radius of a decision's mark on the graph (pixels at 800 pixels high).
VERDICT_RADII: dict[Verdict | None, int] = {None: 2, Verdict.INACCURACY: 4,
                                            Verdict.MISTAKE: 6, Verdict.BLUNDER: 8}
#: The best move glows on the table as a hint does.
BEST_COLOUR: Colour = HINT_COLOUR


def played_colour(decision: Decision) -> Colour:
    """The colour the move played is marked in: its verdict's, gold when it lost little."""
    return t.GOLD if decision.verdict is None else VERDICT_COLOURS[decision.verdict]


def points(loss: float) -> str:
    """Percentage points with one decimal, as the command line prints them."""
    return i18n.decimal(loss)


def heading(number: int, decision: Decision, name: str) -> str:
    """The decision's place in the game and whose it was."""
    return _("Move {number}, turn {turn}: {name}").format(number=number, turn=decision.turn,
                                                          name=name)


def _acted(game: Game) -> bool:
    return game.refreshed_this_turn or game.stage is not Stage.REFRESH


def played_words(game: Game, decision: Decision, name: str) -> str:
    """What was played, said of ``name`` in the position ``game`` before it."""
    action = parse_action(decision.played)
    target = aimed_code(action, [card.id for card in game.street])
    return action_sentence(action, name, target, acted=_acted(game))


def best_words(game: Game, decision: Decision) -> str:
    """The best move as advice, in the position ``game`` before the decision."""
    action = parse_action(decision.best)
    target = aimed_code(action, [card.id for card in game.street])
    # Translators: the analysis's better move; {advice} is a sentence such as "Take
    # Mercenary 3 with Famiglia 2."
    return _("Better: {advice}").format(advice=advice(action, target, acted=_acted(game)))


def loss_words(decision: Decision) -> str:
    """How much the move played cost, with its verdict."""
    if decision.best == decision.played:
        return _("The best move the analysis found.")
    if decision.verdict is None:
        return _("{points} points of the winning chances lost.").format(
            points=points(decision.loss))
    return _("{points} points of the winning chances lost: {verdict}.").format(
        points=points(decision.loss), verdict=verdict_word(decision.verdict))


def costly_label(number: int, decision: Decision) -> str:
    """A costliest decision's button: its move and what it lost."""
    if decision.verdict is None:
        return _("Move {number}: −{points}").format(number=number, points=points(decision.loss))
    return _("Move {number}: −{points} ({verdict})").format(
        number=number, points=points(decision.loss), verdict=verdict_word(decision.verdict))


def accuracy_line(summary: SeatSummary) -> str:
    """A seat's accuracy in a few words."""
    # Translators: a player's accuracy in a finished game: the winning chances given away per
    # decision on average, in percentage points (lower is better).
    return _("Lost per decision: {points} percentage points").format(
        points=points(summary.accuracy))


def accuracy_words(summary: SeatSummary, name: str) -> str:
    """A seat's accuracy in whole sentences (the summary's tooltip)."""
    return " ".join(summary_sentences(summary, name))
