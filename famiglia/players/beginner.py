"""What a beginner sees at once and never gets wrong: the Easy level's habits.

A new player takes what is free and obvious and misses the deeper plays.  So the Easy level
keeps only the moves a beginner would consider, then picks among them with a shallow, noisy
search (``mcts.LEVEL_SETTINGS[ComputerLevel.EASY]``): its slips are in how far it looks ahead,
never in the obvious.  A beginner

- never passes while it can take a card (R3.4d): one that is free (R3.4a: rank 0, or lowered
  to 0 by a Brute) or one its hand can pay for (R3.4b);
- never refreshes the Street away with a rank-4 card (R3.1: it is a family's most valuable
  card, and the refresh would throw it on the discard pile);
- never plays a Brute unless it can then take the card it lowered (R3.3: the lowering lasts
  for this turn only, so a Brute whose card is not taken is lost for nothing).

Only the rules core's public API is used: the legal actions and a copy to try a Brute on.
"""

from __future__ import annotations

from ..rules import Action, Brute, Game, Pass, Refresh, Take

#: A refresh never discards a card of this rank (R1.1: each family's single best card).
KEPT_RANK = 4


def brute_enables_take(game: Game, brute: Brute) -> bool:
    """Whether the card ``brute`` lowers can be taken afterwards (R3.3, R3.4)."""
    trial = game.copy()
    trial.push(brute)
    return any(isinstance(action, Take) and action.street == brute.street
               for action in trial.legal_actions())


def sensible_actions(game: Game, actions: list[Action]) -> list[Action]:
    """The actions among ``actions`` (the legal ones of ``game``) that a beginner would
    consider: no pass while a take is legal, no refresh with a rank-4 card, no Brute that
    enables no take.  Never empty: when every action is one of those, all are kept."""
    can_take = any(isinstance(action, Take) for action in actions)
    street = game.street
    kept = []
    for action in actions:
        if isinstance(action, Pass) and can_take:
            continue
        if isinstance(action, Refresh) and street[action.street].rank >= KEPT_RANK:
            continue
        if isinstance(action, Brute) and not brute_enables_take(game, action):
            continue
        kept.append(action)
    return kept or list(actions)
