"""The turn under way (R3) is one ``TurnState`` whose fields are listed once: it is changed,
saved and loaded by their names, so a save holds each field under its name and loads back
equal, and a change names the fields it changes."""

from __future__ import annotations

import copy

import pytest
from positions import game_at

from famiglia.rules import Game, Stage, TurnState
from famiglia.rules.state import TURN_START, replacing


def busy_turn(*, brute: bool = True) -> Game:
    """A turn after the reshuffle that refreshed, played an Accountant with one of its two
    exchanges and, with ``brute``, a Brute (which ends the exchanges, R3's order)."""
    game = game_at(hands=("A2 B2 F0 M1", ""), play_areas=("M2 B3", ""),
                   street="F2 A1 M4", draw_pile="B1 A3 M3 F1 A2 B2 M2 F2", reshuffled=True,
                   rest="play_areas", seed=5)
    game.apply("refresh 1")
    game.apply("accountant A2")
    game.apply("exchange M2 F0")
    if brute:
        game.apply(next(a for a in game.legal_actions() if str(a).startswith("brute")))
    return game


def test_between_them_the_busy_turns_set_every_field() -> None:
    states = (busy_turn(brute=False).turn_state, busy_turn().turn_state)
    for index, start in enumerate(TURN_START):
        assert any(state[index] != start for state in states), TurnState._fields[index]


@pytest.mark.parametrize("brute", [False, True])
def test_a_save_holds_every_field_by_its_name_and_loads_back_equal(brute: bool) -> None:
    """R3: the saved turn state names each field (the Brute's amount beside its target) and a
    save without history loads the same state."""
    game = busy_turn(brute=brute)
    saved = game.turn_state.to_dict()
    assert set(saved) == set(TurnState._fields) - {"lowered_by"}
    assert saved["lowered"] == [game.turn_state.lowered, game.turn_state.lowered_by]
    assert saved["stage"] == (Stage.BRUTE if brute else Stage.ACCOUNTANT).value
    assert saved["moved"] == sorted(game.turn_state.moved)
    data = game.to_dict()
    del data["setup"], data["moves"]
    assert Game.from_dict(copy.deepcopy(data)).turn_state == game.turn_state


@pytest.mark.parametrize("name", [name for name in TurnState._fields if name != "lowered_by"])
def test_a_save_missing_a_field_is_refused_naming_it(name: str) -> None:
    data = busy_turn().to_dict()
    del data["setup"], data["moves"], data["turn_state"][name]
    with pytest.raises(ValueError, match=name):
        Game.from_dict(data)


def test_replacing_changes_the_named_fields_only() -> None:
    change = replacing("exchanges_left", "fresh")
    state = TurnState(stage=Stage.ACCOUNTANT, fresh=frozenset({1}), accountant=7,
                      exchanges_left=2, moved=frozenset({7}))
    changed = change(state, 1, frozenset({2}))
    assert type(changed) is TurnState
    assert changed == state._replace(exchanges_left=1, fresh=frozenset({2}))


@pytest.mark.parametrize("names", [("stage", "stage"), ("turn",)])
def test_replacing_refuses_a_field_twice_or_one_it_does_not_have(names: tuple[str, ...]) -> None:
    with pytest.raises(ValueError, match="TurnState has the fields"):
        replacing(*names)
