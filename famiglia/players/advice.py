"""Advice: the one procedure behind both a hint and the analysis's better move.

A hint at the table and the analysis of a finished game ask the same question of a position —
which turn is best here, and why — and get their answer here, with the same effort and no time
cap, so they never contradict each other: a move played on a hint is the analysis's best move
at that position (the same searches on the same re-deals, seeded from the same seed and the
public position), and the analysis never calls it a mistake.

1. Searches at the advice level propose moves (their most visited ones).
2. The turns the proposals begin — and, in the analysis, the move played — are measured with
   equal effort on the same re-deals of the draw pile (:mod:`.measure`): each gets its
   winning chances.
3. The best is the one of the highest chances, unless it is within the noise of the
   measurement (:data:`~famiglia.players.report.EQUAL`) of the move the searches liked most:
   then that move stands (it also weighs VP, which decide between moves of equal chances,
   and it never passes where a card could be taken for nothing but noise).
4. Its *turn* is the move and what the search expects to do after it in the same turn, up to
   the next card drawn: a refresh ends it, since what is best after it depends on the cards
   it brings (:func:`turn_line`).  A reason (:mod:`.reasons`) says why it is better than the move it
   is set against (the move played, or for a hint the runner-up), when it is better by more
   than the noise.

Everything here sees only what the seat to move could know (R5.4).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..rules import Action, Game, Refresh
from .ending import playing_on
from .mcts import LEVEL_SETTINGS, MctsPlayer, Node, action_key
from .measure import measure
from .reasons import Reason, playout_reason, reason_for
from .report import EQUAL
from .seats import ComputerLevel

#: The seed of every hint and, unless told otherwise, of every analysis: the same position
#: gets the same advice from both.
SEED = 1
#: The level whose searches propose moves unless another is asked for.
DEFAULT_LEVEL = ComputerLevel.EXPERT

@dataclass(frozen=True, slots=True)
class Effort:
    """How hard a position is looked at: ``searches`` independent searches of ``search``
    iterations propose their ``proposals`` most visited moves each; the turns they begin (and
    the move played) are measured with ``measure`` play-outs each."""

    search: int
    searches: int
    proposals: int
    measure: int

    @property
    def iterations(self) -> int:
        """The play-outs per turn measured (the figure the command line reports)."""
        return self.measure


#: The effort per level (``--level``): the level proposes the moves; the stronger the level,
#: the longer the measurement, so the steadier the chances.
EFFORTS: dict[ComputerLevel, Effort] = {
    ComputerLevel.EASY: Effort(LEVEL_SETTINGS[ComputerLevel.EASY].iterations, 1, 2, 150),
    ComputerLevel.MEDIUM: Effort(LEVEL_SETTINGS[ComputerLevel.MEDIUM].iterations, 1, 2, 250),
    ComputerLevel.HARD: Effort(LEVEL_SETTINGS[ComputerLevel.HARD].iterations, 1, 2, 400),
    ComputerLevel.EXPERT: Effort(LEVEL_SETTINGS[ComputerLevel.EXPERT].iterations, 1, 2, 600),
}

#: A step belongs to the line only when the search tried it at least this often.
LINE_VISITS = 8


@dataclass(frozen=True, slots=True)
class Option:
    """A measured turn: its steps in notation (the first is the move itself), the seat's
    winning chances after it in percent, the search's value in [-1, 1] and the mean VP margin
    its play-outs ended with."""

    line: tuple[str, ...]
    chances: float
    value: float
    margin: float

    @property
    def move(self) -> str:
        return self.line[0]


@dataclass(frozen=True, slots=True)
class Advice:
    """The answer for one position: the best turn, the move played (the analysis) or the
    runner-up (a hint) as ``other``, and why the best is better than ``other``."""

    best: Option
    other: Option | None
    reason: Reason | None


def backless(notation: str) -> str:
    """A move's notation without the start-set marks (R1.5): the same move for the advice."""
    return notation.replace("*", "")


def proposals(game: Game, actions: Sequence[Action], effort: Effort,
              seed: int) -> tuple[list[Action], list[Node]]:
    """The moves the advice searches propose, most visited first (as many as the searches
    propose, or every action when there are no more), and the searches' trees (the turns they
    expect)."""
    if len(actions) < 2:
        return list(actions), []
    visits: dict[Any, int] = {}
    trees = []
    for index in range(effort.searches):
        player = MctsPlayer(iterations=effort.search, seconds=math.inf,
                            seed=seed * 1000 + index)
        result = player.search(game)
        assert result.tree is not None
        trees.append(result.tree)
        ranked = sorted(result.stats.items(), key=lambda item: -item[1][0])
        for key, (count, _mean) in ranked[:effort.proposals]:
            visits[key] = visits.get(key, 0) + count
    ordered = sorted(actions, key=lambda action: -visits.get(action_key(game, action), 0))
    wanted = max(len(visits), min(len(actions), effort.searches * effort.proposals))
    return ordered[:wanted], trees


def advise(game: Game, *, effort: Effort, seed: int = SEED,
           played: Action | None = None) -> Advice:
    """The best turn for the seat to move in ``game`` and why (see the module docstring);
    ``played``: the move the analysis judges, measured beside the proposals (it is the best
    when no proposal has higher chances)."""
    actions = game.legal_actions()
    if not actions:
        raise ValueError("no seat may act now: the game is over or it is the Gangster's turn")
    candidates, trees = proposals(game, playing_on(game, actions), effort, seed)
    unique: dict[str, Action] = {}
    if played is not None:
        unique[backless(str(played))] = played
    for action in candidates:
        unique.setdefault(backless(str(action)), action)
    lines = [turn_line(game, action, _subtree(game, action, trees), seed)
             for action in unique.values()]
    measured = measure(game, lines, iterations=effort.measure, seed=seed,
                       rollout_turns=LEVEL_SETTINGS[DEFAULT_LEVEL].rollout_turns)
    options = [Option(tuple(str(step) for step in entry.line), round(100.0 * entry.chance, 1),
                      entry.value, entry.margin) for entry in measured]
    order = sorted(range(len(options)), key=lambda i: (-options[i].chances, -options[i].value))
    best = order[0]
    keys = list(unique)
    favoured = keys.index(backless(str(candidates[0]))) if candidates else best
    if options[best].chances - options[favoured].chances < EQUAL:
        best = favoured  # within the noise, the searches' own choice stands
    other = 0 if played is not None else next((i for i in order if i != best), None)
    if other == best:
        other = None
    reason = None
    if other is not None and options[best].chances - options[other].chances >= EQUAL:
        reason = (reason_for(game, options[best].line, options[other].line, seed)
                  or playout_reason(options[best].line,
                                    options[best].margin - options[other].margin))
    return Advice(options[best], None if other is None else options[other], reason)


def _subtree(game: Game, action: Action, trees: Sequence[Node]) -> Node | None:
    """The search below ``action`` in the proposing searches: the one that tried it most."""
    key = action_key(game, action)
    found = [tree.children[key] for tree in trees if key in tree.children]
    return max(found, key=lambda node: node.visits) if found else None


def turn_line(game: Game, action: Action, tree: Node | None, seed: int) -> list[tuple[Action, Any]]:
    """``action`` and the steps the search expects to follow it in the same turn (its most
    visited path in ``tree``, the search below ``action``), up to the next card drawn: a line
    ends with its refresh (R3.1), since what is best after it depends on the cards it brings.
    Each step comes with what it does (``action_key``)."""
    line = [(action, action_key(game, action))]
    if tree is None or isinstance(action, Refresh):
        return line
    after = game.resample(random.Random(f"{seed}|line|{game.public_fingerprint()}")
                          .getrandbits(63))
    after.push(action)
    mover = game.current
    node = tree
    while after.result is None and after.current == mover and node.children:
        key, child = max(node.children.items(), key=lambda item: item[1].visits)
        if child.visits < LINE_VISITS:
            break
        step = next((step for step in after.legal_actions() if action_key(after, step) == key),
                    None)
        if step is None:
            break
        after.push(step)
        line.append((step, key))
        node = child
        if isinstance(step, Refresh):
            break
    return line
