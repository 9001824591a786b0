"""A core that no input can break: hand-built actions with wrong field types,
damaged or impossible saves and wrong argument types are refused with ``IllegalAction`` or
``ValueError`` and leave the game exactly as it was (R3, R3.1a–d, R3.2, R3.3, R5.1, R5.2)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import game_at

from famiglia.rules import (
    Accountant,
    Brute,
    Exchange,
    Game,
    IllegalAction,
    Refresh,
    Take,
)


def brute_game() -> Game:
    return game_at(hands=("B2 F0", ""), street="F2 A1 M3", draw_pile="B1 A3")


@pytest.mark.parametrize("action", [
    Brute("B2", 0.0, 1),  # type: ignore[arg-type]
    Brute("B2", 0, 1.0),  # type: ignore[arg-type]
    Brute("B2", True, 1),
    Refresh(0.0),  # type: ignore[arg-type]
    Refresh("0"),  # type: ignore[arg-type]
    Take(-7),
    Take(None),  # type: ignore[arg-type]
    Take(0, ("F1", "F1"), None),
    Take(0, "F1F1", "F1"),  # type: ignore[arg-type]
    Accountant(["A2"]),  # type: ignore[arg-type]
    Exchange("A1", 3),  # type: ignore[arg-type]
])
def test_hand_built_actions_with_wrong_types_are_refused_untouched(action: Any) -> None:
    """R3: an action whose fields have the wrong type (``Brute("B2", 0.0, 1)``, ``Brute("B2",
    0, 1.0)``, ``Refresh(0.0)`` ...) is not an action of the rules: refused, nothing moved,
    the save still loads."""
    game = brute_game()
    before = game.to_dict()
    reason = game.explain(action)
    assert reason and str(reason)[0].isupper()
    with pytest.raises(IllegalAction):
        game.apply(action)
    with pytest.raises(IllegalAction):
        game.push(action)
    assert game.to_dict() == before
    assert Game.from_dict(game.to_dict()).to_dict() == before


def test_an_unsorted_hand_built_payment_still_means_the_same_take() -> None:
    """R3.4b: the payment is a pair; its order does not matter."""
    game = game_at(hands=("F1 M3", ""), street="F2")
    game.apply(Take(0, ("M3", "F1"), "M3"))
    assert [c.code for c in game.hands[0]] == ["M3", "F2"]


@pytest.mark.parametrize("kwargs", [
    {"seed": "7"}, {"seed": 1.5}, {"first_player": 0.0}, {"first_player": "1"},
    {"fresh_cards_rule": "no"}, {"opponent": ["gangster"]},
    {"opponent": "gangster", "gangster_level": []}, {"opponent": "gangster",
                                                     "gangster_level": 2.0},
    {"deck": 52}, {"deck": "F1 F2"}, {"deck": [1] * 52},
])
def test_game_new_with_a_wrong_argument_type_raises_value_error(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Game.new(**kwargs)


def history_free(game: Game) -> dict[str, Any]:
    """A full save without its history (like a format-1 save), so that the state alone is
    checked rather than the replay of the moves."""
    data = game.to_dict()
    del data["setup"], data["moves"]
    return data


def mid_turn_saves() -> dict[str, dict[str, Any]]:
    refreshed = game_at(hands=("A2 B2 F0 M1", ""), play_areas=("M2 B3", ""),
                        street="F2 A1 M4", draw_pile="B1 A3 M3 F1", discard="A4")
    refreshed.apply("refresh 1")
    accountant = game_at(hands=("A2 B2 F0 M1", ""), play_areas=("M2 B3", ""),
                         street="F2 A1 M4", draw_pile="B1 A3 M3 F1")
    accountant.apply("accountant A2")
    brute = game_at(hands=("B2 F0", ""), street="F2 A1 M3", draw_pile="B1 A3")
    brute.apply("brute B2 0 -2")
    after_reshuffle = game_at(street="F2 A1", draw_pile="M1 M2 M3 B1", reshuffled=True,
                              rest="play_areas")
    after_reshuffle.apply("refresh 0")
    over = game_at(street="F1")
    over.apply("pass")
    over.apply("pass")
    return {name: history_free(game) for name, game in (
        ("start", Game.new(5)), ("refreshed", refreshed), ("accountant", accountant),
        ("brute", brute), ("after_reshuffle", after_reshuffle), ("over", over))}


def _set(path: str, value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        *parents, key = path.split(".")
        for parent in parents:
            data = data[parent]
        data[key] = value
    return change


IMPOSSIBLE = {
    # damaged values of the wrong type
    "scores not a list": ("refreshed", _set("scores", 5)),
    "gangster level unhashable": ("refreshed", lambda d: d.update(
        opponent="gangster", gangster_level=[])),
    "fresh holds a list": ("refreshed", _set("turn_state.fresh", [[1]])),
    "moved holds a dict": ("accountant", _set("turn_state.moved", [{}])),
    "stage unhashable": ("refreshed", _set("turn_state.stage", [])),
    "ids unhashable": ("refreshed", lambda d: d["ids"]["street"].__setitem__(0, [0])),
    "moves not a list": ("refreshed", _set("moves", 3)),
    "setup damaged": ("refreshed", _set("setup", {"seed": [], "position": None})),
    # states the rules cannot reach
    "exchanges without an Accountant played": ("refreshed", lambda d: d["turn_state"].update(
        stage=1, exchanges_left=2)),
    "Accountant not in the play area": ("accountant", lambda d: d["turn_state"].update(
        accountant=d["ids"]["street"][0])),
    "Accountant id out of range": ("accountant", _set("turn_state.accountant", 99)),
    "more exchanges left than its rank": ("accountant", _set("turn_state.exchanges_left", 3)),
    "refreshed with no fresh card (format 1)": ("refreshed", lambda d: d["turn_state"].update(
        refreshed=True, fresh=[])),
    "fresh cards without a refresh (format 1)": ("refreshed", _set("turn_state.refreshed",
                                                                   False)),
    "two refreshes after the reshuffle": ("after_reshuffle",
                                          _set("turn_state.refreshes_after_reshuffle", 2)),
    "a refresh after the reshuffle before it": ("refreshed",
                                                _set("turn_state.refreshes_after_reshuffle", 1)),
    "Brute stage without a lowered card": ("brute", _set("turn_state.lowered", [None, 0])),
    "lowered before the Brute": ("accountant", lambda d: d["turn_state"].update(
        lowered=[d["ids"]["street"][0], 1])),
    "double pass without a pass before": ("over", _set("passed_last_turn", False)),
    "final round that never came": ("over", lambda d: d["result"].update(reason="final_round")),
    "unknown reason": ("over", lambda d: d["result"].update(reason=["x"])),
    "a pass before the first turn": ("start", _set("passed_last_turn", True)),
    "known bottom before the reshuffle": ("refreshed", _set("known_bottom", 1)),
    "known bottom beyond the pile": ("after_reshuffle", _set("known_bottom", 40)),
}


@pytest.mark.parametrize("name", list(IMPOSSIBLE))
def test_damaged_or_impossible_saves_raise_value_error(name: str) -> None:
    """R3.1a–d, R3.2, R3.3, R5.1, R5.2: from_dict refuses what no game can reach, with a
    ValueError (never a TypeError), and the unchanged save loads."""
    which, damage = IMPOSSIBLE[name]
    data = mid_turn_saves()[which]
    Game.from_dict(copy.deepcopy(data))
    damage(data)
    with pytest.raises(ValueError) as caught:
        Game.from_dict(data)
    assert type(caught.value) is ValueError


# ------------------------------------------------------------------ property: garbage in

garbage = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 70) | st.floats(allow_nan=False)
    | st.text(max_size=6) | st.sampled_from(["F2", "A1", "B2", "M3", "refresh", "take 0"]),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["type", "street", "card", "by", "pay", "keep", "take",
                                       "give"]), children, max_size=4),
    max_leaves=8,
)
hand_built = st.one_of(
    st.builds(Refresh, garbage), st.builds(Take, garbage, garbage, garbage),
    st.builds(Brute, garbage, garbage, garbage), st.builds(Accountant, garbage),
    st.builds(Exchange, garbage, garbage),
    st.builds(Brute, st.sampled_from(["B2", "B3"]), st.integers(-1, 4) | st.floats(0, 3),
              st.integers(-1, 4) | st.floats(0, 3)),
    st.builds(Take, st.integers(-9, 9) | st.floats(0, 5) | st.none() | st.text(max_size=2)),
)


def sample_games() -> list[Game]:
    games = [brute_game()]
    for data in mid_turn_saves().values():
        games.append(Game.from_dict(data))
    return games


GAMES = sample_games()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(GAMES))), garbage | hand_built)
def test_garbage_actions_never_break_the_core(which: int, action: Any) -> None:
    """apply, explain and push take anything: a legal action is carried out, anything else is
    refused with IllegalAction and the game is exactly as before."""
    game = GAMES[which].copy()
    before = game.to_dict()
    legal = game.explain(action) is None
    for method in ("apply", "push"):
        trial = game.copy()
        try:
            getattr(trial, method)(action)
        except IllegalAction:
            assert not legal
            assert trial.to_dict() == before
        else:
            assert legal
            json.dumps(trial.to_dict())
            Game.from_dict(trial.to_dict())
    assert game.to_dict() == before


def damage(data: Any, path: list[Any], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def paths(data: Any, prefix: list[Any]) -> list[list[Any]]:
    found = []
    if isinstance(data, dict):
        items = list(data.items())
    elif isinstance(data, list):
        items = list(enumerate(data))
    else:
        return found
    for key, value in items:
        found.append([*prefix, key])
        found.extend(paths(value, [*prefix, key]))
    return found


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(GAMES))), st.booleans(), st.data(), garbage)
def test_damaged_dicts_never_break_from_dict(which: int, history: bool, data: st.DataObject,
                                             value: Any) -> None:
    """from_dict takes anything: a damaged save loads (if still consistent) or raises
    ValueError, never another exception."""
    saved = GAMES[which].to_dict()
    if not history:
        del saved["setup"], saved["moves"]
    path = data.draw(st.sampled_from(paths(saved, [])))
    damage(saved, path, value)
    try:
        loaded = Game.from_dict(saved)
    except ValueError:
        return
    assert Game.from_dict(loaded.to_dict()).to_dict() == loaded.to_dict()
