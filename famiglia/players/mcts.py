"""The search player: information-set Monte Carlo tree search (Cowling, Powley & Whitehouse
2012, "Information Set Monte Carlo Tree Search"; OpenSpiel's ``ismcts.py`` is the reference
design).

Honest knowledge (docs/rules.md R5.4): both seats know every card but the order of the draw pile,
so each iteration deals that order anew with ``game.resample`` (a *determinisation*) and plays
it down one tree shared by all re-deals.  A tree node is the sequence of actions from the root;
its children are keyed by what an action does to which card (a Street position means different
cards in different re-deals), and each child counts how often it was *available*, which stands
in for the parent's visits in the UCB formula (actions legal only in some re-deals).  A turn is
several decisions (refresh, Accountant and exchanges, Brute, take or pass, R3): each is a node,
and a node's value is seen from the seat that made its action.  Below the tree a greedy-ish
rollout (``greedy.rollout_action``) plays eight turns (measured: stronger for the time than
twice the iterations with four) and the position is valued by the VP margin, with a win worth
most (so the player also keeps scoring in a decided game) and, while the game runs, what the
hands can still buy.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace
from operator import attrgetter
from typing import Any

from ..rules import PASS, Action, Brute, Game, Refresh, Take
from .beginner import sensible_actions
from .ending import passing_wins, playing_on
from .greedy import rollout_action
from .seats import ComputerLevel

_RANK = attrgetter("rank")

@dataclass(frozen=True, slots=True)
class Level:
    """A strength: ``iterations`` per decision (the same on every machine for a seed), capped by
    ``seconds`` on a slow one; ``noise`` > 0 picks the move at random in proportion to its
    visits raised to ``1 / noise`` instead of the most visited one (a beginner's slips);
    ``beginner`` searches only the moves a beginner would consider
    (:func:`~famiglia.players.beginner.sensible_actions`); rollouts play ``rollout_turns``
    turns."""

    iterations: int
    seconds: float
    noise: float = 0.0
    beginner: bool = False
    rollout_turns: int = 8


#: The levels (weakest first), about four times the iterations each step up;
#: the easiest plays like a beginner: it never misses the obvious (``beginner.py``) but looks
#: only a little ahead and slips among the moves it considers (measured in the README: noise
#: 0.25 keeps it clearly above no-pass random and below greedy and Medium).  The caps keep
#: every decision within a second on a busy machine; on a quiet one the iteration counts are
#: reached long before (``famiglia arena`` reports how often a cap was reached).
LEVEL_SETTINGS: dict[ComputerLevel, Level] = {
    ComputerLevel.EASY: Level(30, 0.2, noise=0.25, beginner=True),
    ComputerLevel.MEDIUM: Level(50, 0.4),
    ComputerLevel.HARD: Level(200, 0.7),
    ComputerLevel.EXPERT: Level(800, 0.95),
}

#: How often (in iterations) a search checks whether its choice is already settled.
SETTLE_EVERY = 16
#: UCB exploration constant for values in [-1, 1].
EXPLORATION = 0.3
#: How often a rollout takes a random card instead of the most valuable one.
ROLLOUT_EXPLORE = 0.15
#: The value of a finished game: a win is worth ``WIN_WEIGHT``, the VP margin the rest.
WIN_WEIGHT = 0.75
#: VP margins are squashed with ``tanh(margin / scale)``.
MARGIN_SCALE = 20.0
#: A drawn game (R5.2 double pass, R5.3 identical cards) is worth ``-CONTEMPT`` to the searching
#: seat and ``+CONTEMPT`` to its opponent (a chess engine's contempt): the search expects the
#: opponent to settle for a draw whenever that is better than playing on, so it never offers one
#: by passing when the opponent's pass would end the game (R5.2), yet still prefers a draw to a
#: lost game.
CONTEMPT = 0.5
#: A running game's winning chances are guessed as ``tanh(margin / LEAD_SCALE)``.
LEAD_SCALE = 12.0
#: A running game's margin counts each rank point in a hand as ``HAND_POWER`` VP: a card in the
#: hand still pays for takes (R3.4b), one in the play area is exhausted (R3.5).  Measured: the
#: rollouts alone undervalue what a hand can still buy (200 iterations against greedy, 200 games
#: at ``--seed 1001``: 74.5 % without, 81.5 % at 0.5 VP, 79–86 % at 1 VP, 84 % at 2 VP; the
#: Expert against greedy went from 84.5 % to 89 % of 400 games, README).
HAND_POWER = 1.0
#: After the reshuffle (R4.2) that power fades with the cards left to take: it is the draw
#: pile's size over this many cards (the reshuffled pile holds far fewer, R4.2: only cards of
#: rank 1 or more are ever discarded).
HAND_POWER_FADE = 60


def hand_power(game: Game) -> float:
    """Seat 0's lead in buying power, in VP: rank points in the hand (R3.4b) times
    :data:`HAND_POWER`, fading after the reshuffle (R4.2) as the cards to take run out."""
    weight = HAND_POWER
    if game.reshuffled:
        weight *= len(game.draw_pile) / HAND_POWER_FADE
    hands = game.hands
    return weight * (sum(map(_RANK, hands[0])) - sum(map(_RANK, hands[1])))


def evaluate(game: Game) -> float:
    """The position's value for seat 0 in [-1, 1] (seat 1's is its negative): the win, and the
    VP margin with, in a running game, the buying power of the hands (:func:`hand_power`)."""
    score0, score1 = game.scores
    margin: float = score0 - score1
    result = game.result
    if result is None:
        margin += hand_power(game)
        win = math.tanh(margin / LEAD_SCALE)
    else:
        win = 0.0 if result.winner is None else (1.0 if result.winner == 0 else -1.0)
    return WIN_WEIGHT * win + (1.0 - WIN_WEIGHT) * math.tanh(margin / MARGIN_SCALE)


class Node:
    """Statistics of one action in the tree, from the view of the seat that made it."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 1


def action_key(game: Game, action: Action) -> Any:
    """What ``action`` does, independent of where the cards happen to lie in this re-deal:
    Street actions are keyed by the card's code (R1.3: same code, same card for the rules)."""
    kind = type(action)
    if kind is Take:
        take: Take = action  # type: ignore[assignment]
        return (game.street[take.street].code, take.pay, take.keep)
    if kind is Brute:
        brute: Brute = action  # type: ignore[assignment]
        return (brute.card, game.street[brute.street].code, brute.by)
    if kind is Refresh:
        return ("refresh", game.street[action.street].code)  # type: ignore[attr-defined]
    return action


@dataclass(frozen=True, slots=True)
class SearchResult:
    """A finished search: the chosen action, the root's children (key -> visits, mean value),
    how many iterations ran in how long (fewer than the level's when the choice was settled
    early), whether the time cap stopped it before its choice was settled (then the level
    played weaker than on a quiet machine) and the tree it grew (the advice reads the turns
    it expects from it)."""

    action: Action
    stats: dict[Any, tuple[int, float]]
    iterations: int
    seconds: float
    cut_short: bool = False
    tree: Node | None = None


class MctsPlayer:
    """The search player at a :data:`LEVEL_SETTINGS` level or a plain iteration count."""

    def __init__(self, *, level: ComputerLevel | str | None = None, iterations: int | None = None,
                 seconds: float | None = None, seed: int | None = None) -> None:
        if level is not None and iterations is not None:
            raise ValueError("give a level or an iteration count, not both")
        if iterations is not None:
            if iterations < 1:
                raise ValueError("iterations must be at least 1")
            settings = Level(iterations, seconds if seconds is not None else 60.0)
            self.name = f"mcts:{iterations}"
        else:
            level = ComputerLevel.of(level or ComputerLevel.EXPERT)
            settings = LEVEL_SETTINGS[level]
            if seconds is not None:
                settings = replace(settings, seconds=seconds)
            self.name = f"mcts:{level}"
        self.settings = settings
        self.seed = seed if seed is not None else random.randrange(2**63)

    def choose(self, game: Game) -> Action:
        return self.search(game).action

    def search(self, game: Game) -> SearchResult:
        """Run the search from ``game`` (its seat to move) and pick the move."""
        start = time.perf_counter()
        actions = game.legal_actions()
        if not actions:
            raise ValueError("no seat may act now: the game is over or it is the Gangster's turn")
        settings = self.settings
        actions = playing_on(game, actions)
        if settings.beginner:
            actions = sensible_actions(game, actions)
        if len(actions) == 1:
            return SearchResult(actions[0], {}, 0, time.perf_counter() - start)
        rng = random.Random(f"{self.seed}|{game.public_fingerprint()}")
        root = Node()
        root_actions = actions if settings.beginner else None
        deadline = start + settings.seconds
        done = 0
        cut_short = False
        while done < settings.iterations:
            _iterate(game.resample(rng.getrandbits(63)), root, rng, settings.rollout_turns,
                     game.current, root_actions)
            done += 1
            if time.perf_counter() > deadline:
                cut_short = done < settings.iterations
                break
            if done % SETTLE_EVERY == 0 and not settings.noise and _settled(
                    root, settings.iterations - done):
                break
        keyed = [(action_key(game, action), action) for action in actions]
        stats = {key: (child.visits, child.total / child.visits)
                 for key, child in root.children.items() if child.visits}
        action = self._pick(keyed, root, rng)
        return SearchResult(action, stats, done, time.perf_counter() - start, cut_short, root)

    def _pick(self, keyed: list[tuple[Any, Action]], root: Node, rng: random.Random) -> Action:
        """The most visited action (best mean value on ties), or with noise a visit-weighted
        draw."""
        scored = []
        for key, action in keyed:
            child = root.children.get(key)
            if child is not None and child.visits:
                scored.append((child.visits, child.total / child.visits, action))
        if not scored:
            return keyed[0][1]
        if self.settings.noise > 0:
            weights = [visits ** (1.0 / self.settings.noise) for visits, _, _ in scored]
            return rng.choices([action for _, _, action in scored], weights)[0]
        return max(scored, key=lambda entry: (entry[0], entry[1]))[2]


def _settled(root: Node, left: int) -> bool:
    """Whether the most visited action leads every other by more than the ``left`` iterations
    could add: the full search would pick it too, so the rest can be skipped without changing
    the choice (nor the level's strength), only its cost."""
    first = second = 0
    for child in root.children.values():
        visits = child.visits
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second > left


def _iterate(game: Game, root: Node, rng: random.Random, rollout_turns: int, me: int,
             root_actions: list[Action] | None = None,
             exploration: float = EXPLORATION) -> float:
    """One iteration on one re-deal: select with UCB down the tree, expand one action, roll out
    a few turns greedily, back the value up along the path (``me`` is the searching seat, whom
    a draw disappoints); returns that value, for seat 0.  ``root_actions``: the only actions
    tried at the root (a re-deal changes no legal action there: only the draw pile's order
    differs, R5.4)."""
    node = root
    path: list[tuple[Node, int]] = []
    log = math.log
    sqrt = math.sqrt
    while True:
        while game.is_gangster_turn():
            game.push_gangster_turn()
        if game.result is not None:
            break
        actions = (root_actions if root_actions is not None and node is root
                   else game.legal_actions())
        mover = game.current
        children = node.children
        unexpanded: list[tuple[Any, Action]] = []
        best: tuple[Node, Action] | None = None
        best_score = -math.inf
        for action in actions:
            key = action_key(game, action)
            child = children.get(key)
            if child is None:
                unexpanded.append((key, action))
                continue
            child.available += 1
            if unexpanded:
                continue
            score = (child.total / child.visits
                     + exploration * sqrt(log(child.available) / child.visits))
            if score > best_score:
                best, best_score = (child, action), score
        if unexpanded:
            key, action = unexpanded[rng.randrange(len(unexpanded))]
            child = children[key] = Node()
            path.append((child, mover))
            game.push(action)
            break
        assert best is not None
        node = best[0]
        path.append((node, mover))
        game.push(best[1])
    value = _rollout(game, rng, rollout_turns)
    if game.result is not None and game.result.winner is None:
        value = -CONTEMPT if me == 0 else CONTEMPT
    for child, mover in path:
        child.visits += 1
        child.total += value if mover == 0 else -value
    return value


def _rollout(game: Game, rng: random.Random, turns: int) -> float:
    """Play ``turns`` turns with the rollout policy and value the position for seat 0; a seat
    left to move after the opponent's pass that wins by passing ends the game (R5.2)."""
    last = game.turn + turns
    while game.result is None and game.turn < last:
        if game.is_gangster_turn():
            game.push_gangster_turn()
            continue
        game.push(rollout_action(game, game.legal_actions(), rng, ROLLOUT_EXPLORE))
    if game.result is None and passing_wins(game):
        game.push(PASS)
    return evaluate(game)
