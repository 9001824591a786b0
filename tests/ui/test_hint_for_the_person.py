"""A hint is the search's move for the person's own seat in the position on the table, and
Enter plays exactly that move (R5.4: the search sees only what the person knows)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from test_table import settle
from ui_driver import Driver

from famiglia.players.seats import Seat
from famiglia.rules import Game
from famiglia.ui.app import App
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.table import thinker


@pytest.mark.parametrize("person", [0, 1])
def test_the_hint_is_asked_for_the_person_seat_and_enter_plays_it(
        app: App, ui: Driver, monkeypatch: pytest.MonkeyPatch, person: int) -> None:
    asked: list[dict[str, Any]] = []
    answer = thinker.answer

    def recording(game: dict[str, Any], options: dict[str, Any]) -> str:
        asked.append(game)
        return answer(game, options)

    monkeypatch.setattr(thinker, "answer", recording)
    seats = [Seat.computer("easy", 3), Seat.computer("easy", 3)]
    seats[person] = Seat.human()
    table = TableScene(app, Game.new(5), ("Anna", "Easy"), seats=(seats[0], seats[1]))
    app.push(table)
    for _ in range(40):
        settle(ui)
        if table.can_act:
            break
    assert table.can_act and table.bottom == person and table.game.current == person
    before = table.game.to_dict()
    asked.clear()
    ui.app.frame([ui.key_down(pygame.K_SLASH, "?", pygame.KMOD_SHIFT)], 1 / 60)
    ui.frames(2)
    action = table.assist.hints.action
    assert asked == [before]
    assert action is not None and action in table.game.legal_actions()
    moves = len(table.game.move_stack)
    ui.app.frame([ui.key_down(pygame.K_RETURN, "\r")], 1 / 60)
    assert table.game.move_stack[moves].action == action
