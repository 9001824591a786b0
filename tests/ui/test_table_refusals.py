"""The table tells a refused move by the core's kind of refusal: a move the rules forbid shows
the rule's reason (R3.4b), a move when nobody at the table may act shows whose turn it is in
the table's words (S4: the Gangster's), and an action the core cannot read (which no gesture
builds) shows the core's words and is noted in the log as the table's fault."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pytest
from positions import game_at

from famiglia.i18n import translate_message
from famiglia.players.seats import Seat
from famiglia.rules import PASS, Action, Game, Opponent, Take
from famiglia.ui.app import App
from famiglia.ui.scenes.table import TableScene

if TYPE_CHECKING:
    from ui_driver import Driver

NAMES = ("Vito", "Carla")


def table_for(ui: Driver, game: Game, seats: tuple[Seat, Seat]) -> TableScene:
    table = TableScene(ui.app, game, NAMES, seats=seats)
    ui.app.push(table)
    return table


def test_a_forbidden_move_shows_the_rules_reason(app: App, ui: Driver) -> None:
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="F3 B0 M1 A1 F2 B3")
    table = table_for(ui, game, (Seat.human(), Seat.computer("easy", 1)))
    before = game.to_dict()
    assert not table.apply(Take(0))
    reason = game.explain(Take(0))
    assert table.gestures.refusal is not None and reason is not None
    assert table.gestures.refusal[0] == translate_message(reason)
    assert game.to_dict() == before


def test_a_move_in_the_gangsters_turn_shows_whose_turn_it_is(app: App, ui: Driver) -> None:
    game = Game.new(3, first_player=1, opponent=Opponent.GANGSTER)
    table = table_for(ui, game, (Seat.human(), Seat.gangster()))
    before = game.to_dict()
    assert not table.apply(PASS)
    assert table.gestures.refusal is not None
    said = table.gestures.refusal[0]
    assert said == table.wait_reason() and said != translate_message(game.explain(PASS))
    assert game.to_dict() == before


def test_an_unreadable_action_is_refused_and_logged(app: App, ui: Driver,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    game = Game.new(4)
    table = table_for(ui, game, (Seat.human(), Seat.computer("easy", 1)))
    with caplog.at_level(logging.ERROR):
        assert not table.apply(Action())
    assert table.gestures.refusal is not None
    assert "not an action the game can read" in table.gestures.refusal[0]
    assert any("cannot read" in record.getMessage() for record in caplog.records)
    assert game.ply() == 0
