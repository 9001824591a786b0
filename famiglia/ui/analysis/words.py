"""The analysis in words and colours, in the current language: a decision's move played and
the better turn as sentences about the position before it, why that turn is better, the
chances the move lost (or that it was about as good), the luck of the cards drawn, a seat's
summary and performance, and the colour and size that mark each verdict and each draw on the
graph and on the table."""

from __future__ import annotations

from collections.abc import Sequence

from ... import i18n
from ...analyse import summary_sentences, verdict_word
from ...i18n import _, level_name, ngettext
from ...players.analysis import Decision, DrawKind, Luck, Point, SeatSummary, Verdict
from ...players.report import level_like
from ...rules import Game, Stage, parse_action
from .. import theme as t
from ..table.hints import HINT_COLOUR, turn_advice
from ..table.log import aimed_code
from ..table.phrases import action_sentence, card
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


def costly_heading(number: int, decision: Decision, name: str) -> str:
    """The decision's place, whose it was and what it cost, with its verdict."""
    if decision.verdict is None:
        return _("Move {number}, turn {turn}: {name}, −{points}").format(
            number=number, turn=decision.turn, name=name, points=points(decision.loss))
    return _("Move {number}, turn {turn}: {name}, −{points} ({verdict})").format(
        number=number, turn=decision.turn, name=name, points=points(decision.loss),
        verdict=verdict_word(decision.verdict))


def _acted(game: Game) -> bool:
    return game.refreshed_this_turn or game.stage is not Stage.REFRESH


def played_words(game: Game, decision: Decision, name: str) -> str:
    """What was played, said of ``name`` in the position ``game`` before it."""
    action = parse_action(decision.played)
    target = aimed_code(action, [card.id for card in game.street])
    return action_sentence(action, name, target, acted=_acted(game))


def best_words(game: Game, decision: Decision) -> str:
    """The better turn as advice, in the position ``game`` before the decision: the best
    move and what follows it up to the next card drawn (for a move about as good, the
    analysis's own choice)."""
    turn = " ".join(turn_advice(game, decision.better))
    if decision.about_equal:
        # Translators: a move about as good as the analysis's choice; {advice} is one or
        # more sentences such as "Take Mercenary 3 with Famiglia 2."
        return _("As good as the analysis's choice: {advice}").format(advice=turn)
    # Translators: the analysis's better turn; {advice} is one or more sentences such as
    # "Take Mercenary 3 with Famiglia 2."
    return _("Better: {advice}").format(advice=turn)


def reason_words(decision: Decision) -> str:
    """Why the better turn is better, or "" when the analysis has no reason to give (or the
    move played was about as good)."""
    if decision.reason is None or decision.best_played or decision.about_equal:
        return ""
    # Translators: why the analysis's better turn is better; {reason} is a sentence.
    return _("Why: {reason}").format(reason=i18n.translate_message(decision.reason.message()))


def loss_words(decision: Decision) -> str:
    """How much the move played cost, with its verdict, or that it was about as good."""
    if decision.best_played:
        return _("The best move the analysis found.")
    if decision.about_equal:
        return _("{points} points apart: within the noise, so it costs nothing.").format(
            points=points(decision.loss))
    if decision.verdict is None:
        return _("{points} points of the chances lost.").format(points=points(decision.loss))
    return _("{points} points of the chances lost: {verdict}.").format(
        points=points(decision.loss), verdict=verdict_word(decision.verdict))


def costly_label(number: int, decision: Decision) -> str:
    """A costliest decision's button: its move and what it lost."""
    if decision.verdict is None:
        return _("Move {number}: −{points}").format(number=number, points=points(decision.loss))
    return _("Move {number}: −{points} ({verdict})").format(
        number=number, points=points(decision.loss), verdict=verdict_word(decision.verdict))


def accuracy_line(summary: SeatSummary) -> str:
    """What a seat's decisions cost and what the draws gave or took, in a few words."""
    # Translators: a player's game in a few words: the winning chances lost to decisions
    # and won (+) or lost (−) through the cards drawn, in percentage points.
    return _("Decisions −{cost} · draws {luck}").format(
        cost=points(summary.cost), luck=i18n.decimal(summary.luck, sign=True))


def performance_line(summary: SeatSummary) -> str:
    """A seat's performance figure and the computer level it is like."""
    like = level_like(summary.performance)
    if like is None:
        # Translators: a player's performance: points lost per decision; the Easy level's
        # name as the table writes it.
        return _("Performance {points} (below Easy)").format(
            points=points(summary.performance))
    # Translators: a player's performance, like two of the computer's levels ("Hard or
    # Expert").
    return _("Performance {points} (like {first} or {second})").format(
        points=points(summary.performance), first=level_name(like[0]),
        second=level_name(like[1]))


def accuracy_words(summary: SeatSummary, name: str) -> str:
    """A seat's game in whole sentences (the summary's tooltip)."""
    return " ".join(sentence.strip() for sentence in summary_sentences(summary, name))


def luck_words(luck: Luck, seat: int, names: Sequence[str]) -> str:
    """What the cards drawn did for ``seat``: whose refresh or refill brought which cards,
    and the points of the winning chances they gave or took."""
    draw = luck.draws[-1]
    cards = ", ".join(card(code) for draw in luck.draws for code in draw.cards)
    name = names[draw.seat]
    gained = luck.for_seat(seat)
    if draw.kind is DrawKind.REFRESH:
        brought = _("{name}'s refresh brought {cards}.").format(name=name, cards=cards)
    else:
        brought = _("The Street was filled after {name}'s turn: {cards}.").format(
            name=name, cards=cards)
    if gained >= 0:
        said = ngettext("Lucky for {name}: {points} point of the winning chances.",
                        "Lucky for {name}: {points} points of the winning chances.",
                        round(abs(gained)))
    else:
        said = ngettext("Unlucky for {name}: {points} point of the winning chances.",
                        "Unlucky for {name}: {points} points of the winning chances.",
                        round(abs(gained)))
    return f"{brought} {said.format(name=names[seat], points=i18n.decimal(gained, sign=True))}"


def end_words(point: Point, seat: int, names: Sequence[str]) -> str:
    """The end of the game on the graph: the result for ``seat`` and what it settled that was
    still open since the last cards came (the last draws' luck)."""
    won = point.chances if seat == 0 else 100.0 - point.chances
    ended = (_("The game ended: {name} won.") if won == 100.0 else
             _("The game ended: {name} lost.") if won == 0.0 else _("The game ended in a draw."))
    said = ended.format(name=names[seat])
    if point.luck is None or not point.luck.points:
        return said
    return " ".join((said, _("It settled what was still open when the last cards came: "
                             "{points} points for {name}.").format(
        points=i18n.decimal(point.luck.for_seat(seat), sign=True), name=names[seat])))
