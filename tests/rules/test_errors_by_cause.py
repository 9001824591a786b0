"""What the core refuses, by cause (modelled on python-chess's InvalidMoveError,
IllegalMoveError and AmbiguousMoveError): each kind is an ``IllegalAction`` and so a
``ValueError``, carries the reason as a ``Message`` and leaves the game exactly as it was.

Unreadable input, a move the rules forbid (R3), nobody's turn to act so (R5, S4) and a damaged
record or save (naming the move) are told apart."""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest
from positions import game_at, snapshot

from famiglia.players import make_player, play_game
from famiglia.rules import (
    Action,
    DamagedRecord,
    ForbiddenAction,
    Game,
    IllegalAction,
    Message,
    Opponent,
    OutOfTurn,
    Take,
    UnreadableAction,
    msg,
    read_record,
    write_record,
)

KINDS = (UnreadableAction, ForbiddenAction, OutOfTurn, DamagedRecord)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_an_illegal_action_and_a_value_error(kind: type[IllegalAction]) -> None:
    error = kind(Message("why"))
    assert isinstance(error, IllegalAction) and isinstance(error, ValueError)
    assert str(error) == "why" and error.args == (Message("why"),)


@pytest.mark.parametrize("action", ["frobnicate 3", "take", {"type": "take"}, 7, Action(),
                                    Take(None)])  # type: ignore[arg-type]
def test_what_names_no_action_is_unreadable(action: Any) -> None:
    """A bare ``Action()``, garbage and malformed notation or JSON: an UnreadableAction from
    ``apply`` and ``push`` (never a TypeError), the same reason from ``explain``, and the game
    untouched."""
    game = Game.new(3)
    before = snapshot(game)
    for act in (game.apply, game.push):
        with pytest.raises(UnreadableAction) as caught:
            act(action)
        assert str(caught.value).startswith("That is not an action the game can read")
    assert game.explain(action) == caught.value.message
    assert snapshot(game) == before


def test_a_move_the_rules_forbid_carries_the_rules_reason() -> None:
    """R3.4b: taking a card of rank 1 without paying is forbidden, with the rule's reason."""
    game = game_at(hands=("F0 A0 B0 M0", ""), street="F1 A1", draw_pile="B1 M1")
    before = snapshot(game)
    with pytest.raises(ForbiddenAction) as caught:
        game.apply("take 0")
    assert caught.value.message == game.explain("take 0")
    assert str(caught.value) == ("Taking Famiglia 1 needs two Famiglia 0, or one Famiglia 0 "
                                 "and a Mercenary of rank 1 or more.")
    assert snapshot(game) == before


def test_in_the_gangsters_turn_nobody_else_may_act() -> None:
    """S4: the Gangster's turn is its program's: any action then is out of turn."""
    game = Game.new(4, first_player=1, opponent=Opponent.GANGSTER)
    before = snapshot(game)
    for attempt in (lambda: game.apply("pass"), lambda: game.push("take 0"), game.undo):
        with pytest.raises(OutOfTurn) as caught:
            attempt()
        assert "Gangster" in str(caught.value)
    assert snapshot(game) == before
    game.play_gangster_turn()
    with pytest.raises(OutOfTurn, match="not the Gangster's turn"):
        game.play_gangster_turn()
    with pytest.raises(OutOfTurn):
        game.push_gangster_turn()


def test_after_the_end_nothing_is_played_and_nobody_resigns() -> None:
    """R5.2: after a double pass every action, undo and resignation is out of turn."""
    game = Game.new(5)
    game.apply("pass")
    game.apply("pass")
    before = snapshot(game)
    for attempt in (lambda: game.apply("pass"), game.undo, lambda: game.resign(0)):
        with pytest.raises(OutOfTurn, match=r"The game is over\."):
            attempt()
    assert snapshot(game) == before


def test_undo_and_resignation_are_refused_by_cause() -> None:
    """Nothing to take back is forbidden (a finished turn, R3); a seat that is no seat cannot
    be read; the Gangster never resigns (S4)."""
    game = Game.new(6)
    with pytest.raises(ForbiddenAction, match="Nothing has been played"):
        game.undo()
    with pytest.raises(UnreadableAction):
        game.resign(2)
    solo = Game.new(6, opponent=Opponent.GANGSTER)
    with pytest.raises(ForbiddenAction, match="does not resign"):
        solo.resign(1)


def _record(seed: int = 31, **options: Any) -> dict[str, Any]:
    player = make_player("no_pass_random", seed=seed)
    game = play_game(Game.new(seed, **options), (player, player))
    record = write_record(game, names=("Anna", None if options else "Bruno"),
                          seats=("human", "gangster" if options else "human"))
    return json.loads(json.dumps(record))  # type: ignore[no-any-return]


def test_a_record_without_setup_is_damaged_not_a_key_error() -> None:
    """The audit's record without ``setup``: a DamagedRecord the callers report."""
    record = _record()
    del record["setup"]
    with pytest.raises(DamagedRecord, match="the setup is missing") as caught:
        read_record(record)
    assert caught.value.move is None


@pytest.mark.parametrize(("setup", "detail"), [
    ("F0 F1", "setup must be a dict"),
    ({"seed": "x"}, "setup.seed"),
    ({"seed": 1, "first_player": 2}, "setup.first_player"),
])
def test_a_damaged_setup_tells_the_player_what_and_the_log_the_detail(setup: Any,
                                                                      detail: str) -> None:
    """R2: the player's sentence names the damaged part only (a message the UI translates,
    with no English inside it); the core's own words on the field go to ``detail``, which
    ``str(error)``, the log's text, ends with."""
    record = _record()
    record["setup"] = setup
    with pytest.raises(DamagedRecord) as caught:
        read_record(record)
    assert caught.value.message == Message("the setup is damaged")
    assert caught.value.detail is not None and detail in caught.value.detail
    assert str(caught.value) == f"the setup is damaged ({caught.value.detail})"


def test_an_unreadable_move_names_its_number_and_keeps_the_notation_error_for_the_log(
        ) -> None:
    record = _record()
    record["moves"][2]["action"] = "juggle 3"
    with pytest.raises(DamagedRecord) as caught:
        read_record(record)
    assert caught.value.message == msg("move {number} cannot be read", number=3)
    assert caught.value.move == 3 and "juggle" in str(caught.value)


def test_a_damaged_record_names_the_move_where_it_breaks() -> None:
    """R3: a changed move is refused with its number, which the error also carries."""
    record = _record()
    record["moves"][6]["action"] = "take 9"
    with pytest.raises(DamagedRecord, match=r"^move 7 \(take 9\) is not allowed") as caught:
        read_record(record)
    assert caught.value.move == 7


def test_a_save_whose_moves_break_names_the_move() -> None:
    """A save's history is replayed like a record's: a move the Gangster's program does not
    play (S4) is a DamagedRecord naming it."""
    record = _record(32, opponent="gangster")
    game = read_record(record)
    data = game.to_dict()
    gangster = next(index for index, (seat, _) in enumerate(data["moves"]) if seat == 1)
    data["moves"][gangster][1] = "pass"
    with pytest.raises(DamagedRecord) as caught:
        Game.from_dict(data)
    assert caught.value.move == gangster + 1
    assert "Gangster's program" in str(caught.value)


@pytest.mark.parametrize("error", [ForbiddenAction(Message("no")), OutOfTurn(Message("wait")),
                                   DamagedRecord(Message("broken"), 12),
                                   DamagedRecord(Message("broken"), detail="seed: 'x'")])
def test_an_error_sent_to_another_process_keeps_its_kind_and_reason(error: Exception) -> None:
    copied = pickle.loads(pickle.dumps(error))
    assert type(copied) is type(error) and copied.args == error.args
    assert getattr(copied, "move", None) == getattr(error, "move", None)
    assert getattr(copied, "detail", None) == getattr(error, "detail", None)
    assert str(copied) == str(error)
