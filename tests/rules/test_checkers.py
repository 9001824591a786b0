"""Each rule of the turn has one checker with two faces: the legal actions it lists and the
reason it gives for refusing one (R3.1–R3.4, R1.5).  Both faces are held against an independent
reading of R3 (tests/rules/reference.py): an action is listed, and given no reason, exactly when
that reading allows it; every refusal is the rule's own reason, never a catch-all, and ``apply``
refuses with that same reason."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from reference import TurnModel

from famiglia.players.random_players import no_pass_random
from famiglia.rules import (
    PASS,
    Accountant,
    Action,
    Brute,
    Exchange,
    Game,
    IllegalAction,
    Refresh,
    Take,
)
from famiglia.rules.actions import STARRED_CODES
from famiglia.rules.cards import ALL_CODES

CODES = sorted(ALL_CODES | STARRED_CODES)
PLAIN = sorted(ALL_CODES)
CATCH_ALL = "'{action}' is not allowed now."


def candidates(game: Game, rng: random.Random) -> list[Action]:
    """Actions of every kind, most of them illegal now, near the legal ones."""
    street = len(game.street) + 1
    actions: list[Action] = [Refresh(rng.randrange(street)), Take(rng.randrange(street)), PASS]
    for _ in range(3):
        pay = tuple(sorted(rng.sample(CODES, 2)))
        actions += [
            Take(rng.randrange(street), pay, rng.choice(pay)),  # type: ignore[arg-type]
            Brute(rng.choice(PLAIN), rng.randrange(street), rng.randrange(1, 5)),
            Accountant(rng.choice(PLAIN)),
            Exchange(rng.choice(CODES), rng.choice(CODES)),
        ]
    return actions


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), solo=st.booleans())
def test_listed_exactly_when_no_reason_is_given(seed: int, solo: bool) -> None:
    """Along a random game, for every listed action and for many near it: the reference
    allows it ⟺ it is listed ⟺ explain gives no reason ⟺ apply accepts it; a refusal is
    always a rule's own reason."""
    rng = random.Random(seed)
    game = Game.new(seed, first_player=seed % 2, fresh_cards_rule=seed % 3 != 0,
                    opponent="gangster" if solo else None)
    model = TurnModel(game)
    while not game.is_terminal():
        if game.is_gangster_turn():
            game.play_gangster_turn()
            model.start_turn(game)
            continue
        legal = game.legal_actions()
        allowed = model.legal(game)
        assert {str(action) for action in legal} == allowed
        for action in legal + candidates(game, rng):
            reason = game.explain(action)
            assert (reason is None) == (str(action) in allowed), (action, reason)
            if reason is not None:
                assert reason.template != CATCH_ALL, action
                try:
                    game.copy().apply(action)
                except IllegalAction as error:
                    assert error.message == reason
                else:
                    raise AssertionError(f"{action} was applied despite: {reason}")
        action = no_pass_random(legal, rng)
        model.observe(game, action, game.apply(action))
