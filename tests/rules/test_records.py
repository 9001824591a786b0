"""Game records: a record holds the setup (R2, S1), every action in its notation
(the Gangster's too, S4) and the result (R5.3, S5); replaying it reproduces the final state
exactly, and a damaged record is refused with the move number and the reason."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import position

from famiglia.players import POLICIES, make_player, play_game
from famiglia.rules import Game
from famiglia.rules.records import FORMAT, read_record, write_record


def played(seed: int, *, policy: str = "no_pass_random", **options: Any) -> Game:
    """A whole game from ``seed`` (solo games play the Gangster's turns by its program)."""
    player = make_player(policy, seed=seed)
    return play_game(Game.new(seed, **options), (player, player))


def as_json(record: dict[str, Any]) -> dict[str, Any]:
    """The record as it comes back from a file."""
    return json.loads(json.dumps(record))  # type: ignore[no-any-return]


def replays(game: Game, **meta: Any) -> dict[str, Any]:
    record = as_json(write_record(game, **meta))
    assert read_record(record).to_dict() == game.to_dict()
    return record


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_every_random_two_player_game_replays_exactly(policy: str) -> None:
    """R1–R5: 150 games per policy, with and without the fresh-cards rule (R3.1d), either
    player starting (R2.3), reshuffles (R4.2) and final rounds (R5.1) included."""
    for seed in range(150):
        replays(played(seed, policy=policy, first_player=seed % 2,
                       fresh_cards_rule=seed % 3 != 0))


def test_every_random_solo_game_replays_exactly() -> None:
    """S1–S5: 160 solo games over all levels and both variants; the Gangster's actions are in
    the record and replay through its program."""
    for seed in range(160):
        game = played(seed, opponent="gangster", gangster_level=1 + seed % 4,
                      first_player=seed // 4 % 2)
        record = replays(game, names=("Anna", "The Gangster"), seats=("human", "gangster"))
        assert any(move["seat"] == 1 for move in record["moves"])


def test_the_record_holds_setup_players_moves_and_result() -> None:
    game = played(7, opponent="gangster", gangster_level=2, first_player=1)
    when = datetime(2026, 11, 23, 21, 5, tzinfo=timezone(timedelta(hours=1)))
    record = as_json(write_record(game, names=("Anna", "The Gangster"),
                                  seats=("human", "gangster"), when=when, assisted=True))
    assert record["format"] == FORMAT and record["version"] == 1
    assert record["setup"] == {"seed": 7, "first_player": 1, "fresh_cards_rule": True,
                               "opponent": "gangster", "gangster_level": 2, "deck": None,
                               "position": None}
    assert record["players"] == {"names": ["Anna", "The Gangster"],
                                 "seats": ["human", "gangster"]}
    assert record["date"] == "2026-11-23T21:05:00+01:00" and record["assisted"] is True
    assert [move["action"] for move in record["moves"]] == [
        str(played.action) for played in game.move_stack]
    assert record["moves"][0]["seat"] == 1, "variant b: the Gangster starts (S3)"
    assert game.result is not None and record["result"] == game.result.to_dict()


def test_a_game_dealt_from_a_deck_or_a_position_replays() -> None:
    """R2.2: a given deck order; a position (a game set up mid-way) too."""
    dealt = Game.new(3).to_dict()
    deck = list(reversed(dealt["street"] + dealt["draw_pile"]))
    game = Game.new(None, deck=deck)
    rng = random.Random(4)
    for _ in range(30):
        game.apply(POLICIES["no_pass_random"](game.legal_actions(), rng))
    replays(game)
    start = Game.from_dict(position(current=1, hands=("F0 A2 M0", "B0 B1 M3"),
                                    street="F1 A0 M2 B2 F0 A1", seed=5))
    for _ in range(12):
        if not start.is_terminal():
            start.apply(POLICIES["no_pass_random"](start.legal_actions(), rng))
    replays(start)


def test_a_resigned_game_replays_with_its_resignation() -> None:
    game = Game.new(12)
    rng = random.Random(12)
    for _ in range(20):
        game.apply(POLICIES["no_pass_random"](game.legal_actions(), rng))
    game.resign(game.current)
    record = replays(game)
    assert record["result"]["reason"] == "resigned"


def test_an_unfinished_game_replays_to_where_it_stands() -> None:
    game = Game.new(2)
    game.apply(game.legal_actions()[0])
    record = replays(game)
    assert record["result"] is None


# ---------------------------------------------------------------- damaged records


def good() -> dict[str, Any]:
    return as_json(write_record(played(21), names=("Anna", "Bruno")))


def solo() -> dict[str, Any]:
    return as_json(write_record(played(22, opponent="gangster"),
                                names=("Anna", "The Gangster"), seats=("human", "gangster")))


def refused(record: Any, *words: str) -> str:
    with pytest.raises(ValueError) as caught:
        read_record(record)
    message = str(caught.value)
    for word in words:
        assert word in message, message
    return message


def test_an_illegal_action_is_refused_with_its_move_number() -> None:
    """R3.4: taking a card that is not there; the message names the move and the reason."""
    record = good()
    record["moves"][4] = {"seat": record["moves"][4]["seat"], "action": "take 9"}
    refused(record, "move 5", "take 9", "not allowed")


def test_an_unreadable_action_is_refused() -> None:
    record = good()
    record["moves"][2]["action"] = "fly away"
    refused(record, "move 3", "cannot be read")
    record["moves"][2] = ["0", "pass"]
    refused(record, "move 3", "damaged")


def test_a_move_by_the_wrong_seat_is_refused() -> None:
    record = good()
    record["moves"][0]["seat"] = 1 - record["moves"][0]["seat"]
    refused(record, "move 1", "not seat")


def test_a_changed_gangster_move_is_refused() -> None:
    """S4: the Gangster's moves must be what its program plays."""
    record = solo()
    index = next(i for i, move in enumerate(record["moves"]) if move["seat"] == 1)
    record["moves"][index]["action"] = "pass"
    refused(record, f"move {index + 1}", "Gangster")


def test_moves_after_the_end_and_a_cut_record_are_refused() -> None:
    record = good()
    record["moves"].append({"seat": 0, "action": "pass"})
    refused(record, f"move {len(record['moves'])}", "after the end")
    cut = good()
    del cut["moves"][-3:]
    refused(cut, "result")


def test_a_changed_result_is_refused() -> None:
    """R5.3: the result follows from the cards."""
    record = good()
    record["result"]["scores"][0] += 1
    refused(record, "result does not match")


@pytest.mark.parametrize(("key", "value", "words"), [
    ("setup", {"seed": "abc"}, ("setup is damaged",)),
    ("setup", {"seed": None}, ("no seed, deck or position",)),
    ("setup", {"seed": 1, "deck": ["F0"] * 52}, ("setup is damaged",)),
    ("setup", {"seed": 1, "position": {"hands": 3}}, ("setup is damaged",)),
    ("format", "famiglia-save", ("not a Famiglia game record",)),
    ("version", 99, ("another version",)),
    ("date", "yesterday", ("date",)),
    ("players", {"names": ["A"], "seats": ["human", "human"]}, ("names",)),
    ("moves", "take 1", ("moves",)),
])
def test_a_damaged_header_or_setup_is_refused(key: str, value: Any,
                                              words: tuple[str, ...]) -> None:
    record = good()
    record[key] = value
    refused(record, *words)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 70) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner,
                                                                 max_size=5),
    max_leaves=15,
)
GOOD = good()


@settings(max_examples=200, deadline=None)
@given(garbage=JSON)
def test_garbage_is_refused_with_a_value_error(garbage: Any) -> None:
    with pytest.raises(ValueError):
        read_record(garbage)


@settings(max_examples=300, deadline=None)
@given(path=st.lists(st.sampled_from(["setup", "players", "moves", "result", "names", "seats",
                                      "seat", "action", "scores", "winner", 0, 3, 10, -1]),
                     min_size=1, max_size=3),
       value=JSON)
def test_any_damage_is_refused_or_replays(path: list[Any], value: Any) -> None:
    """Whatever is put anywhere in a record, reading it raises ValueError or gives a game."""
    record = copy.deepcopy(GOOD)
    node: Any = record
    for step in path[:-1]:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return
    try:
        node[path[-1]] = value
    except (IndexError, TypeError):
        return
    with contextlib.suppress(ValueError):
        read_record(record)
