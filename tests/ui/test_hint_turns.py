"""A hint is the analysis's own advice: the same effort and seed, no time cap (a busy machine
only makes "thinking…" show longer), a whole turn up to the next card drawn with the reason
it is better (R3: Accountant and exchanges, Brute, take or pass), and Enter plays it step by
step, each step's hint asked for its own position."""

from __future__ import annotations

import pygame
import pytest
from positions import game_at
from test_table import settle
from ui_driver import Driver

from famiglia.players.advice import EFFORTS, SEED
from famiglia.players.analysis import DEFAULT_LEVEL, DEFAULT_SEED
from famiglia.players.seats import Seat
from famiglia.rules import Accountant, Exchange, Take, parse_action
from famiglia.ui.app import App
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.table import thinker

#: R3.2, R3.4b: the Accountant brings the exhausted Famiglia 1 back from the play area, and
#: two Famiglia 1 then take Famiglia 2 (6 VP); the Street's Accountant 0 rules out a refresh
#: (R3.1).
ACCOUNTANT_TURN = {"current": 0, "first_player": 0, "hands": ("F0 A0 B0 M0 A1 F1", "F0 A0 B0 M0"),
                   "play_areas": ("F1", ""), "street": "F2 B3 A3 M3 B2 A0"}


def test_a_hint_asks_what_the_analysis_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint's question is the analysis's: its level's effort and its seed, and no time
    cap among the options."""
    monkeypatch.setattr(thinker, "SETTINGS", thinker.ThinkingSettings())
    assert thinker.advice_options() == {"advice": EFFORTS[DEFAULT_LEVEL], "seed": SEED}
    assert SEED == DEFAULT_SEED


def test_the_hint_shows_the_whole_turn_and_why_and_enter_plays_it_step_by_step(
        app: App, ui: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thinker, "SETTINGS", thinker.ThinkingSettings(in_process=True,
                                                                       iterations=300))
    table = TableScene(app, game_at(**ACCOUNTANT_TURN), ("Anna", "Bruno"),
                       seats=(Seat.human(), Seat.computer("easy", 3)))
    app.push(table)
    settle(ui)
    assert table.can_act
    hints = table.assist.hints
    ui.app.frame([ui.key_down(pygame.K_SLASH, "?", pygame.KMOD_SHIFT)], 1 / 60)
    ui.frames(2)
    assert hints.advice is not None and not hints.waiting
    line = [parse_action(step) for step in hints.advice.best.line]
    assert isinstance(line[0], Accountant) and isinstance(line[-1], Take)
    assert len(hints.words) == len(line) >= 3
    assert hints.words[0] == "Play Accountant 1."
    assert hints.words[-1].startswith("Take Famiglia 2 with two Famiglia 1")
    assert hints.reason == "It takes Famiglia 2 this turn: 6 VP more."
    assert hints.action == line[0]
    ui.app.frame([ui.key_down(pygame.K_RETURN, "\r")], 1 / 60)
    settle(ui)
    ui.frames(2)
    assert table.game.move_stack[-1].action == line[0]
    assert hints.advice is not None, "the rest of the turn is hinted at once"
    assert isinstance(hints.action, Exchange) and hints.action.take == "F1"
    ui.app.frame([ui.key_down(pygame.K_RETURN, "\r")], 1 / 60)
    settle(ui)
    ui.frames(2)
    assert isinstance(hints.action, Take)
    ui.app.frame([ui.key_down(pygame.K_RETURN, "\r")], 1 / 60)
    settle(ui)
    taken = table.game.move_stack[-1].action
    assert isinstance(taken, Take) and taken.pay == ("F1", "F1")
    assert table.assisted
