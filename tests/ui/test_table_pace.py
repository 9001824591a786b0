"""The other side's turns: a run of refreshes (R3.1) by the Gangster (S4) or the computer is
one readable step (one caption that keeps its words and counts the refreshes, its later
refreshes held only briefly), Space or a click hurries the rest of the other side's turn up to
the person's turn, and the computer's level and a quiet "thinking" sign show beside its name.
No test asserts a timing: they look at what is shown and at the hurry's state."""

from __future__ import annotations

from itertools import groupby
from typing import TYPE_CHECKING

import pygame
import pytest
from positions import game_at
from test_fit_scenes import drawn_texts
from test_table import COMPUTER, settle, start_table
from ui_driver import DT, toasts

from famiglia.rules import PASS, Game, GangsterStep, Passed, Refresh
from famiglia.ui.app import App
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.table.animator import HURRY
from famiglia.ui.table.computer import Caption, action_line
from famiglia.ui.table.keyboard import HURRY_ECHO, SPACE_BURST
from famiglia.ui.table.playback import HOLD_RUN_STEP

if TYPE_CHECKING:
    from ui_driver import Driver

#: A deal on which the level-3 Gangster, starting, refreshes five times in its first turn.
RUN_SEED = 1


def gangster_first(ui: Driver) -> tuple[TableScene, Game]:
    game = Game.new(RUN_SEED, opponent="gangster", gangster_level=3, first_player=1)
    refreshes = [event for event in game.copy().play_gangster_turn()
                 if getattr(event, "action", None).__class__ is Refresh]
    assert len(refreshes) == 5
    table = TableScene(ui.app, game, ("Vito", "The Gangster"), seats=("human", "gangster"))
    ui.app.push(table)
    return table, game


def captions_of_the_turn(ui: Driver, table: TableScene) -> list[tuple[str, str | None]]:
    """Play the other side's turn frame by frame; each caption shown, as (words, tally)."""
    shown: list[tuple[str, str | None]] = []
    for _ in range(3000):
        ui.frames(1)
        words = table.playback.caption_texts
        if words is not None and (not shown or shown[-1] != words):
            shown.append(words)
        if table.can_act:
            break
    assert table.can_act
    return shown


def test_a_gangster_run_of_refreshes_is_one_caption_with_a_tally(app: App, ui: Driver) -> None:
    """S4, R3.1: five refreshes in a row are told in one caption, each by its step's words,
    with a tally that grows from the second refresh on; the take that ends the turn has its
    own caption."""
    table, game = gangster_first(ui)
    said = [str(event.text) for event in game.copy().play_gangster_turn()
            if isinstance(event, GangsterStep)]
    shown = captions_of_the_turn(ui, table)
    steps = [words for words, _tally in shown]
    assert [words for words, _ in groupby(steps)] == [words for words, _ in groupby(said)], \
        "each step's own words, the card each refresh refreshes with"
    tallies = [tally for _words, tally in shown if tally is not None]
    assert [tally.split(":")[0] for tally in dict.fromkeys(tallies)] == [
        f"Refreshed {n} times this turn" for n in range(2, 6)]
    assert "refreshes the Street" in steps[0] and "takes" in steps[-1]


def test_a_computer_run_of_refreshes_is_one_caption_with_a_tally(app: App, ui: Driver) -> None:
    """R3.1: the computer's second refresh in a turn keeps the first one's caption, words it
    for the card it refreshes with now, counts it, and holds the queue only briefly."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="F1 B1 M1 A1 F2 B3",
                   draw_pile="A2 B2 M2 F3 A3 B1", current=1, turn=1, first_player=0,
                   fresh_cards_rule=False)
    table = start_table(ui, game, seats=("human", COMPUTER))
    table.flow.computer_wait = 1e9  # the seat's own moves are made by hand here
    holds = []
    real = table.playback.play

    def play(event: object) -> float:
        hold = real(event)  # type: ignore[arg-type]
        if isinstance(event, Caption):
            holds.append(hold)
        return hold

    table.animator.play = play  # type: ignore[method-assign]
    captions = []
    for _ in range(2):
        refresh = Refresh(0)
        line = action_line(game, refresh, "Carla", computer=True)
        table.after_apply([Caption("Carla", line, "easy", refresh=True), *game.apply(refresh)])
        captions.append(table.playback.caption)
        settle(ui)
        words, tally = table.playback.caption_texts or ("", None)
        assert words == line.text()
    assert tally is not None and tally.startswith("Refreshed 2 times this turn")
    assert holds[1] == HOLD_RUN_STEP < holds[0]


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_space_hurries_the_rest_of_the_other_sides_turn(app: App, ui: Driver,
                                                        size: tuple[int, int]) -> None:
    """One Space during the Gangster's turn: every event of the rest of its turn plays at the
    hurried pace, between its steps too, and the person's turn comes at the normal pace; the
    next Space says that the turn is the person's (a notice, in its own place, covering neither
    Pass nor the log), the one after a pause passes."""
    ui.resize(size)
    table, _game = gangster_first(ui)
    ui.frames(2)
    ui.press(pygame.K_SPACE, " ")
    assert table.hurry_turn
    factors = []
    for _ in range(3000):
        ui.frames(1)
        if table.can_act:
            break
        factors.append(table.animator.factor(1.0))
    assert table.can_act and factors and set(factors) == {HURRY}
    assert not table.hurry_turn and table.animator.factor(1.0) == 1.0
    ui.press(pygame.K_SPACE, " ")
    assert table.game.current == 0 and table.can_act, "the hurrying Space does not pass"
    assert toasts(app)[-1] == "Your turn now: press Space again to pass."
    app.draw()
    note = app.notices.shown[-1].rect
    assert not note.colliderect(table.frame.pass_button), "the note covers Pass"
    assert not note.colliderect(table.log.shown), "the note covers the log"
    ui.frames(round(SPACE_BURST / DT))
    ui.press(pygame.K_SPACE, " ")
    last = table.game.move_stack[-1]
    assert last.seat == 0 and last.action == PASS, "at the person's turn Space passes again"


def test_space_pressed_again_and_again_to_hurry_never_passes(app: App, ui: Driver) -> None:
    """R3.4d: Space pressed four times a second from the Gangster's turn on, for three seconds
    into the person's turn, only hurries: the burst never passes the person's turn; the first
    Space after a pause does."""
    table, _game = gangster_first(ui)
    ui.frames(2)
    every = round(0.25 / DT)
    mine = 0.0
    while mine < 3.0:
        ui.press(pygame.K_SPACE, " ")
        ui.frames(every - 1)
        if table.can_act:
            mine += every * DT
    assert table.game.current == 0 and table.can_act
    assert all(move.seat == 1 for move in table.game.move_stack), "no pass of the person's"
    ui.frames(round(SPACE_BURST / DT))
    ui.press(pygame.K_SPACE, " ")
    last = table.game.move_stack[-1]
    assert last.seat == 0 and last.action == PASS


def test_a_space_long_after_the_hurried_turn_passes_at_once(app: App, ui: Driver) -> None:
    """R3.4d: once the person's turn has shown for a moment, Space is the pass again."""
    table, _game = gangster_first(ui)
    ui.frames(2)
    ui.press(pygame.K_SPACE, " ")
    for _ in range(3000):
        ui.frames(1)
        if table.can_act:
            break
    ui.frames(round(2 * HURRY_ECHO / DT))
    ui.press(pygame.K_SPACE, " ")
    last = table.game.move_stack[-1]
    assert last.seat == 0 and last.action == PASS


def test_a_click_hurries_the_computer_turn_while_it_thinks(app: App, ui: Driver) -> None:
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3",
                   current=1, turn=1, first_player=0)
    table = start_table(ui, game, seats=("human", COMPUTER))
    table.flow.computer_wait = 1e9
    assert table.other_side_playing and not table.busy
    ui.click((table.frame.table.centerx, table.frame.top_play.centery))
    assert table.hurry_turn and table.animator.factor(1.0) == HURRY


def texts_drawn(app: App, table: TableScene) -> set[str]:
    """Every text the table renders in one frame, its cached layer drawn anew."""
    table.renderer.invalidate()
    return drawn_texts(app)


def test_the_computers_level_is_beside_its_name_and_a_sign_shows_while_it_thinks(
        app: App, ui: Driver) -> None:
    """The computer's name carries its level on the table and in the scores; while it works
    out its move a quiet "Carla is thinking" shows beside its label, and not once the person
    plays."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3",
                   current=1, turn=1, first_player=0)
    table = start_table(ui, game, seats=("human", COMPUTER))
    table.flow.computer_wait = 1e9
    ui.frames(2)
    assert table.seat_title(1) == "Carla · Easy" and table.seat_title(0) == "Vito"
    assert table.thinking_seat == 1
    drawn = texts_drawn(app, table)
    assert any(text.startswith("Carla · Easy") for text in drawn)
    assert any(text.startswith("Carla is thinking.") for text in drawn)
    table.flow.computer_wait = 0.0
    for _ in range(600):
        settle(ui)
        if table.can_act:
            break
    assert table.can_act and table.thinking_seat is None
    assert not any("thinking" in text for text in texts_drawn(app, table))


def test_the_gangster_shows_no_level_and_no_thinking(app: App, ui: Driver) -> None:
    table, _game = gangster_first(ui)
    ui.frames(1)
    assert table.seat_title(1) == "The Gangster" and table.thinking_seat is None


def test_a_computer_pass_is_told_once(app: App, ui: Driver) -> None:
    """R3.4d: the computer's pass is its caption's words; no banner over the Street says it a
    second time.  A person's pass, which has no caption, gets the banner."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3",
                   current=1, turn=1, first_player=0)
    table = start_table(ui, game, seats=("human", COMPUTER))
    playback = table.playback
    playback.play(Caption("Computer", action_line(game, PASS, "Computer", computer=True)))
    playback.play(Passed(seat=1))
    assert playback.caption_texts == ("The computer passes.", None)
    assert playback.banner is None
    playback.caption = None
    playback.play(Passed(seat=0))
    assert playback.banner is not None
