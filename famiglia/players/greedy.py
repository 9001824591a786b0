"""The greedy seat policy, and the cheaper greedy-ish policy of the play-outs: the search
player's rollouts and the analysis's play-outs, whose self-play the winning chances stand for.

Greedy: take the most valuable card it can pay for this turn (R3.4), playing a Brute first
when that makes a more valuable card affordable (R3.3); with nothing to take, refresh the
Street if allowed (R3.1), else pass.  It never looks at hidden cards and needs no randomness.
"""

from __future__ import annotations

import random

from ..rules import PASS, Action, Brute, Exchange, Game, Refresh, Take
from .ending import passing_wins
from .kinds import PlayerKind


def best_take(game: Game, actions: list[Action]) -> Take | None:
    """The take of the most valuable Street card (leftmost on ties), keeping the higher-ranked
    of the two played cards in the hand for later turns (R3.4c)."""
    takes = [action for action in actions if isinstance(action, Take)]
    if not takes:
        return None
    street = game.street
    return max(takes, key=lambda take: (street[take.street].vp, -take.street,
                                         int(take.keep[1]) if take.keep else 0))


def greedy_action(game: Game) -> Action:
    """Take the most valuable affordable card, with a Brute's help when that buys a better one;
    otherwise refresh with the highest-ranked Street card (it draws the most), else pass."""
    actions = game.legal_actions()
    take = best_take(game, actions)
    best_vp = game.street[take.street].vp if take else -1
    brute_choice: Brute | None = None
    for action in actions:
        if isinstance(action, Brute) and game.street[action.street].vp > best_vp:
            trial = game.copy()
            trial.push(action)
            after = best_take(trial, trial.legal_actions())
            if after is not None and trial.street[after.street].vp > best_vp:
                best_vp, brute_choice = trial.street[after.street].vp, action
    if brute_choice is not None:
        return brute_choice
    if take is not None:
        return take
    refreshes = [action for action in actions if isinstance(action, Refresh)]
    if refreshes:
        return max(refreshes, key=lambda refresh: (game.street[refresh.street].rank,
                                                   -refresh.street))
    return PASS


def enabling_step(game: Game, actions: list[Action]) -> Action | None:
    """A Brute (R3.3) or an exchange (R3.2) after which a card can be taken this turn (R3.4):
    the one that leads to the most valuable take, or ``None``.  An Accountant is not tried:
    it needs an exchange after it to help, and trying every exchange it allows costs as much
    as the rest of a play-out."""
    best: Action | None = None
    best_vp = -1
    for action in actions:
        if not isinstance(action, Brute | Exchange):
            continue
        trial = game.copy()
        trial.push(action)
        vp = _best_take_vp(trial, trial.legal_actions())
        if vp is not None and vp > best_vp:
            best, best_vp = action, vp
    return best


def _best_take_vp(game: Game, actions: list[Action]) -> int | None:
    take = best_take(game, actions)
    return None if take is None else game.street[take.street].vp


class GreedyPlayer:
    """:func:`greedy_action` as a seat; deterministic, so it takes no seed."""

    name: str = PlayerKind.GREEDY

    def choose(self, game: Game) -> Action:
        return greedy_action(game)


def rollout_action(game: Game, actions: list[Action], rng: random.Random,
                   explore: float) -> Action:
    """The play-out policy of the search player's rollouts and of the analysis: greedy at a
    fraction of the cost.  The Brute's look-ahead is replaced by a rule of thumb: a Brute that
    lowers a card to 0 (R3.3) makes it free (R3.4a), so play it when that card is worth more
    than any take.  With probability ``explore`` a random take instead of the best, so that
    play-outs from one position differ; nothing to take: refresh with the highest-ranked Street
    card when allowed, else pass.  Accountants are left to the tree.  After the opponent's pass
    (R5.2) a seat that is ahead passes and wins; one that is behind with nothing to take first
    plays a Brute or an exchange that makes a take possible (:func:`enabling_step`), before a
    refresh (which, under the fresh-cards rule, R3.1d, would leave only the cards it brings to
    take), and passes into the loss only when it can do none of these: so the play-outs play
    on there as every level does at its own move (``ending.playing_on``)."""
    if game.passed_last_turn:
        if passing_wins(game):
            return PASS
        if not any(type(action) is Take for action in actions):
            step = enabling_step(game, actions)
            if step is not None:
                return step
    street = game.street
    best: Take | None = None
    best_key = (-1, 0)
    takes: list[Take] = []
    refresh: Refresh | None = None
    brute: Brute | None = None
    brute_vp = -1
    for action in actions:
        kind = type(action)
        if kind is Take:
            take: Take = action  # type: ignore[assignment]
            takes.append(take)
            key = (street[take.street].vp, int(take.keep[1]) if take.keep else 0)
            if key > best_key:
                best, best_key = take, key
        elif kind is Brute:
            lower: Brute = action  # type: ignore[assignment]
            target = street[lower.street]
            if lower.by == target.rank and target.vp > brute_vp and (
                    not game.fresh_cards_only or game.is_fresh(target)):
                brute, brute_vp = lower, target.vp
        elif kind is Refresh:
            candidate: Refresh = action  # type: ignore[assignment]
            if refresh is None or street[candidate.street].rank > street[refresh.street].rank:
                refresh = candidate
    if brute is not None and brute_vp > best_key[0]:
        return brute
    if best is not None:
        if len(takes) > 1 and rng.random() < explore:
            return rng.choice(takes)
        return best
    return refresh if refresh is not None else PASS
