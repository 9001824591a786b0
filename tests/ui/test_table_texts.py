"""What the table says in words: hover help — hovering a step of the turn that is greyed out
says why it is not possible now, in the core's words where the core has them (R3.1–R3.4) — and
the game log, whose action lines carry the action notation."""

from __future__ import annotations

import pytest
from positions import game_at
from test_table import tooltips_shown
from ui_driver import Driver

from famiglia.players.seats import Seat
from famiglia.rules import Accountant, Brute
from famiglia.ui.app import App
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.table import tooltips as tooltips_module


def hovered_step_help(app: App, ui: Driver, monkeypatch: pytest.MonkeyPatch, table: TableScene,
                      step: int) -> str:
    shown = tooltips_shown(monkeypatch)
    ui.hover(table.step_rects[step].center)
    ui.frames(2)
    assert shown, "a tooltip is drawn over the step"
    return shown[-1]


def solo_table(app: App, ui: Driver, **position: object) -> TableScene:
    game = game_at(opponent="gangster", **position)
    table = TableScene(app, game, ("Anna", "The Gangster"), seats=("human", "gangster"))
    app.reset(table)
    table.finish_animations()
    ui.frames(3)
    return table


def test_greyed_refresh_tells_the_core_reason(app: App, ui: Driver,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """R3.1: no refresh while the Street holds a rank-0 card."""
    table = solo_table(app, ui, hands=("F0 A0", ""), play_areas=("", "F0 A0 B0 M0"),
                       street="F0 A1 B2 M3 F1 A2")
    text = hovered_step_help(app, ui, monkeypatch, table, 0)
    assert text == ("Refresh not possible: You can refresh the Street only while it holds no "
                    "rank-0 card.")


def test_greyed_accountant_and_brute_say_what_is_missing(app: App, ui: Driver,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """R3.2/R3.3: an ability needs a card of that family of rank 1 or more in the hand; the
    reason is the core's, asked about the held card."""
    table = solo_table(app, ui, hands=("F0 A0 B0", ""), play_areas=("", "F0 A0 B0 M0"),
                       street="F1 A1 B2 M3 F2 A2")
    game = table.game
    assert hovered_step_help(app, ui, monkeypatch, table, 1) == (
        f"Accountant not possible: {game.explain(Accountant('A0'))}")
    assert "not an Accountant of rank 1 or more" in str(game.explain(Accountant("A0")))
    assert hovered_step_help(app, ui, monkeypatch, table, 2) == (
        f"Brute not possible: {game.explain(Brute('B0', 0, 1))}")
    assert "not a Brute of rank 1 or more" in str(game.explain(Brute("B0", 0, 1)))


def test_possible_refresh_explains_the_gesture(app: App, ui: Driver,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    table = solo_table(app, ui, hands=("F0 A0", ""), play_areas=("", "F0 A0 B0 M0"),
                       street="F1 A1 B2 M3 F2 A2")
    assert hovered_step_help(app, ui, monkeypatch, table, 0).startswith(
        "Refresh: drag a Street card onto the discard pile")


def test_step_help_is_asked_of_the_core_once_while_hovered(
        app: App, ui: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """The help asks the core for legal actions: not again every frame the tooltip shows."""
    table = solo_table(app, ui, hands=("F0 A0", ""), play_areas=("", "F0 A0 B0 M0"),
                       street="F1 A1 B2 M3 F2 A2")
    calls: list[int] = []
    real = tooltips_module.step_help

    def counting(game, step, takeable):  # type: ignore[no-untyped-def]
        calls.append(step)
        return real(game, step, takeable)

    monkeypatch.setattr(tooltips_module, "step_help", counting)
    ui.hover(table.step_rects[0].center)
    ui.frames(5)
    assert calls == [0]


def test_game_log_lines_keep_the_action_notation_and_show_only_words(app: App,
                                                                     ui: Driver) -> None:
    """A log line keeps the action's notation as data, which round-trips through apply; the
    line shown is the sentence alone, without the notation's card codes."""
    game = game_at(hands=("F0 A0 A1 A1", "F0 A0 B0 M0"), street="A2 F1 B2 M3 F2 A3")
    table = TableScene(app, game, ("Anna", "Bruno"), seats=("human", "human"))
    app.reset(table)
    ui.frames()
    copy = game.copy()
    assert table.apply(game.legal_actions()[-2])
    table.finish_animations()
    line = next(line for line in table.log.lines if line.kind == "action")
    notation = dict(line.params)["action"]
    assert notation not in line.text() and line.text().endswith(".")
    copy.apply(notation)
    assert copy.to_dict() == game.to_dict()


@pytest.mark.parametrize(("street", "takeable"), [("F1 A1 B2 M3 F2 A2", False),
                                                  ("F1 A0 B2 M3 F2 A2", True)])
def test_the_take_step_says_a_pass_would_end_the_game(app: App, ui: Driver,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      street: str, takeable: bool) -> None:
    """R5.2: after the opponent's pass, the fourth step's help says a pass ends the game now,
    not that it ends the turn."""
    game = game_at(current=1, hands=("F0 A0", "B0 M0"), play_areas=("B0 M0", "F0 A0"),
                   street=street)
    game.apply("pass")
    table = TableScene(app, game, ("Anna", "Bruno"), seats=("human", Seat.computer("easy")))
    app.reset(table)
    table.finish_animations()
    ui.frames(3)
    assert bool(game.takeable_positions()) is takeable
    text = hovered_step_help(app, ui, monkeypatch, table, 3)
    assert "ends the game now" in text and "end the turn" not in text
