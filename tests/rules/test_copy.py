"""``Game.copy`` (search and simulation, R5.4's re-deals start from it) copies every field of
the game state: a field added to ``GameState`` and forgotten in ``copy`` fails here."""

from __future__ import annotations

import random

from positions import game_at

from famiglia.players.random_players import no_pass_random
from famiglia.rules import Game
from famiglia.rules.state import GameState

#: Fields the copy shares on purpose: never changed in place, only replaced (the legal actions
#: of a state are handed out as copies; the setup is read-only).
SHARED = {"_legal", "_setup"}


def state_fields() -> set[str]:
    return {name for cls in GameState.__mro__ for name in getattr(cls, "__slots__", ())}


def busy_game() -> Game:
    """A game in the middle of a turn after the reshuffle, with cards known at the bottom of
    the draw pile, an undo step, a move stack and its legal actions listed."""
    game = game_at(hands=("A2 B2 F0 M1", ""), play_areas=("M2 B3", ""),
                   street="F2 A1 M4", draw_pile="B1 A3 M3 F1 A2 B2 M2 F2", reshuffled=True,
                   rest="play_areas", seed=5)
    game.apply("refresh 1")
    game.apply("accountant A2")
    game.legal_actions()
    return game


def test_copy_sets_every_field_of_the_state_equal_and_independent() -> None:
    game = busy_game()
    assert game._known_bottom and game._undo and game._stack and game._legal
    twin = game.copy()
    for name in sorted(state_fields()):
        original, copied = getattr(game, name), getattr(twin, name)
        if name == "_rng":
            assert copied is not original and copied.state == original.state
        elif isinstance(original, list) and name not in SHARED:
            assert copied == original and copied is not original, name
            for inner, inner_copy in zip(original, copied, strict=True):
                assert not isinstance(inner, list) or inner_copy is not inner, name
        else:
            assert copied == original, name


def test_a_copy_goes_on_alone() -> None:
    """R5.4: playing on a copy changes nothing in the original, and the same actions give the
    same game."""
    game = busy_game()
    twin, before = game.copy(), game.to_dict()
    rng = random.Random(3)
    while not twin.is_terminal():
        twin.push(no_pass_random(twin.legal_actions(), rng))
    assert game.to_dict() == before
    again, rng = game.copy(), random.Random(3)
    while not again.is_terminal():
        again.push(no_pass_random(again.legal_actions(), rng))
    assert again.to_dict() == twin.to_dict()
