"""The history and search API: setup and move stack (kept in full saves), ``push``,
``resample`` (R5.4: a computer player never peeks), ``resign``, ``zone_ids``."""

from __future__ import annotations

import json
import random

import pytest
from positions import game_at, layout

from famiglia.rules import (
    DECK,
    PASS,
    ActionPlayed,
    Game,
    GameOver,
    IllegalAction,
    Refresh,
    Setup,
)

DECK_CODES = [card.code for card in DECK if card.back.value == "neutral"]


def play_random(game: Game, rng: random.Random, actions: int) -> None:
    """No-pass random actions (the Gangster by its program) until ``actions`` or the end."""
    for _ in range(actions):
        if game.is_terminal():
            return
        if game.is_gangster_turn():
            game.play_gangster_turn()
            continue
        legal = game.legal_actions()
        game.apply(rng.choice([a for a in legal if a is not PASS] or legal))


def test_setup_deals_the_same_game_again() -> None:
    """R2: seed, start player, options and deck are enough to deal the game again."""
    for game in (Game.new(3, first_player=1, fresh_cards_rule=False),
                 Game.new(4, opponent="gangster", gangster_level=2, first_player=1),
                 Game.new(5, deck=random.Random(9).sample(DECK_CODES, 52))):
        assert isinstance(game.setup, Setup)
        assert Game.from_setup(game.setup).to_dict() == game.to_dict()


def test_move_stack_lists_every_action_including_the_gangsters() -> None:
    """S4: the Gangster's refreshes and take are in the move stack, by seat, in order; replaying
    the stack from the setup gives the same game."""
    game = Game.new(11, opponent="gangster", first_player=1)
    play_random(game, random.Random(2), 60)
    stack = game.move_stack
    assert stack and all(isinstance(m, ActionPlayed) for m in stack)
    assert {m.seat for m in stack} == {0, 1}
    again = Game.from_setup(game.setup)
    for move in stack:
        if again.is_gangster_turn():
            again.play_gangster_turn()
        elif move.seat == again.current:
            again.apply(move.action)
    assert again.move_stack == stack
    assert again.to_dict() == game.to_dict()


def test_a_full_save_keeps_setup_and_move_stack() -> None:
    """A record can be written after Continue: setup and moves survive the JSON round trip."""
    game = Game.new(8)
    play_random(game, random.Random(8), 25)
    restored = Game.from_json(game.to_json())
    assert restored.setup == game.setup
    assert restored.move_stack == game.move_stack
    assert restored.to_dict() == game.to_dict()


def test_a_save_whose_moves_do_not_lead_to_its_state_is_refused() -> None:
    """The history must agree with the state, or the save is damaged."""
    game = Game.new(8)
    play_random(game, random.Random(8), 6)
    data = game.to_dict()
    data["moves"] = data["moves"][:-1]
    with pytest.raises(ValueError):
        Game.from_dict(data)
    data = game.to_dict()
    data["moves"][0][1] = "take 99"
    with pytest.raises(ValueError):
        Game.from_dict(data)


def test_a_position_is_its_own_setup() -> None:
    """A game set up from a position starts its history there."""
    game = game_at(street="F0 A1", draw_pile="M1 M2")
    assert game.move_stack == ()
    assert game.setup.position is not None
    game.apply("take 0")
    assert Game.from_setup(game.setup).to_dict() == game_at(street="F0 A1",
                                                            draw_pile="M1 M2").to_dict()
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()


def test_format_1_saves_without_history_load() -> None:
    """Format 1 saves have no setup or moves: their history starts where they were saved."""
    game = Game.new(12)
    play_random(game, random.Random(12), 5)
    old = game.to_dict()
    for key in ("setup", "moves", "known_bottom"):
        del old[key]
    old["format"] = "famiglia-game/1"
    loaded = Game.from_dict(old)
    assert loaded.move_stack == ()
    assert loaded.legal_actions() == game.legal_actions()


def test_push_changes_the_state_like_apply() -> None:
    """push: same checks and same change of state as apply, no events."""
    a, b = Game.new(31), Game.new(31)
    rng = random.Random(31)
    while not a.is_terminal():
        legal = a.legal_actions()
        action = rng.choice([x for x in legal if x is not PASS] or legal)
        a.apply(action)
        assert b.push(action) is None  # type: ignore[func-returns-value]
        assert a.to_dict() == b.to_dict()


def test_push_refuses_an_illegal_action_and_changes_nothing() -> None:
    game = game_at(street="F0 A1")
    before = game.to_dict()
    with pytest.raises(IllegalAction):
        game.push("refresh 0")
    with pytest.raises(IllegalAction):
        game.push("take 7")
    assert game.to_dict() == before


def test_resign_ends_the_game_for_the_other_seat() -> None:
    """The resigning seat loses at once; the scores are still the cards' VP (R5.3)."""
    game = Game.new(5)
    events = game.resign(0)
    assert game.is_terminal() and game.winner == 1
    assert isinstance(events[0], GameOver) and events[0].reason == "resigned"
    assert events[0].scores == game.scores
    assert game.legal_actions() == []
    restored = Game.from_dict(json.loads(game.to_json()))
    assert restored.result == game.result and restored.to_dict() == game.to_dict()
    with pytest.raises(IllegalAction):
        game.resign(1)


def test_the_gangster_does_not_resign() -> None:
    game = Game.new(5, opponent="gangster")
    with pytest.raises(IllegalAction):
        game.resign(1)
    assert game.resign(0)[0].winner == 1


def test_zone_ids_in_event_index_order() -> None:
    """CardMoved indices count the draw pile from the top: zone_ids lists it that way."""
    game = Game.new(6)
    ids = game.to_dict()["ids"]
    assert list(game.zone_ids("draw_pile")) == ids["draw_pile"]
    assert list(game.zone_ids("street")) == ids["street"]
    assert list(game.zone_ids("hand:1")) == ids["hands"][1]
    assert list(game.zone_ids("play:0")) == ids["play_areas"][0]
    assert game.zone_ids("draw_pile")[0] == game.draw_pile[-1].id
    with pytest.raises(ValueError):
        game.zone_ids("attic")


def test_resample_does_not_depend_on_the_hidden_order() -> None:
    """R5.4: two games that differ only in the order of the draw pile (and the generator) give
    identical resampled copies for the same seed."""
    a = game_at(street="F1 A2", draw_pile="M1 M2 M3 B1 B2 B3 F2", seed=1)
    data = a.to_dict()
    data["draw_pile"].reverse()
    data["ids"]["draw_pile"].reverse()
    data["rng"] = 12345
    del data["setup"], data["moves"]
    b = Game.from_dict(data)
    assert a.to_dict()["draw_pile"] != b.to_dict()["draw_pile"]
    for seed in range(5):
        assert a.resample(seed).to_dict() == b.resample(seed).to_dict()
    assert a.resample(0).to_dict() != a.resample(1).to_dict()


def test_resample_keeps_the_composition_and_the_open_zones() -> None:
    """R5.4: only the order of the draw pile is dealt anew; the original is untouched."""
    game = Game.new(40)
    play_random(game, random.Random(40), 30)
    before = game.to_dict()
    copy = game.resample(7)
    assert game.to_dict() == before
    mine, theirs = layout(game), layout(copy)
    assert sorted(mine["draw_pile"]) == sorted(theirs["draw_pile"])
    assert {z: v for z, v in mine.items() if z != "draw_pile"} == \
        {z: v for z, v in theirs.items() if z != "draw_pile"}
    assert copy.legal_actions() == game.legal_actions()
    copy.apply(copy.legal_actions()[0])
    assert game.to_dict() == before


def test_resample_keeps_the_known_bottom_cards() -> None:
    """R3.1a: a card returned under the draw pile after the reshuffle lies there face down in
    known order; resampling keeps it at the bottom, and the knowledge is saved."""
    game = game_at(street="F2 A1", draw_pile="M1 M2 M3 B1 B2 B3", reshuffled=True,
                   rest="play_areas")
    game.apply(Refresh(0))
    bottom = game.zone_ids("draw_pile")[-1]
    assert game.street[0].code == "A1" and game.to_dict()["known_bottom"] == 1
    for seed in range(20):
        assert game.resample(seed).zone_ids("draw_pile")[-1] == bottom
    assert Game.from_dict(game.to_dict()).to_dict()["known_bottom"] == 1
    shuffled = {game.resample(seed).zone_ids("draw_pile")[:-1] for seed in range(20)}
    assert len(shuffled) > 1


def test_a_drawn_known_card_is_no_longer_counted() -> None:
    """R3.1a: drawing can bring the returned card back; then nothing at the bottom is known."""
    game = game_at(street="F3 A1", draw_pile="M1", reshuffled=True, rest="play_areas")
    game.apply(Refresh(0))
    assert game.to_dict()["known_bottom"] == 0
