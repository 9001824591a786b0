"""The computer seat at the table: the search player answers each action (R5.4: it
never peeks), the person's hand is the only one face up and no hand-over screen comes, each
action is announced in words before its cards move, the game runs to the results, and Save
and Continue keep the computer's kind, level and seed.  The thinking worker is a real spawned
process in its own test; the other tests think in-process (conftest.quick_thinking).
No test asserts a timing."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame
import pytest
from positions import game_at
from test_table import NAMES, settle

from famiglia.players.seats import Seat, SeatKind
from famiglia.rules import Action, Brute, Event, Game, Pass, Refresh, Take, parse_action
from famiglia.store.savegame import SaveGameStore
from famiglia.ui.app import App
from famiglia.ui.chooser import ChooserScene
from famiglia.ui.scenes.dialog import ConfirmScene
from famiglia.ui.scenes.handover import HandoverScene
from famiglia.ui.scenes.results import ResultsScene
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.session import resume_table, start_table
from famiglia.ui.table.computer import Caption, action_line
from famiglia.ui.table.log import aimed_code
from famiglia.ui.table.phrases import advice
from famiglia.ui.table.thinker import Thinker

if TYPE_CHECKING:
    from ui_driver import Driver

COMPUTER = Seat.computer("medium", 11)


def person_plays(ui: Driver, table: TableScene) -> None:
    """The person's turn with the keyboard, as a new player would: T selects the first Street
    card they can take, T again takes it (Enter accepts each chooser's default); else Space
    passes (R3.4d), and when the computer passed last turn that pass ends the game (R5.2):
    the table asks first, and the person clicks "Pass"."""
    if table.takeable:
        ui.press(pygame.K_t, "t")
        ui.press(pygame.K_t, "t")
        for _ in range(3):
            if not isinstance(ui.app.top, ChooserScene):
                break
            ui.press(pygame.K_RETURN)
    else:
        ends_the_game = table.game.passed_last_turn
        ui.press(pygame.K_SPACE, " ")
        question = ui.app.top
        assert isinstance(question, ConfirmScene) == ends_the_game
        if isinstance(question, ConfirmScene):
            ui.click(question.buttons[0].rect.center)


def record_captions(table: TableScene) -> list[Caption]:
    """The captions of the computer's actions, collected as the table plays them."""
    captions: list[Caption] = []
    after_apply = table.after_apply

    def seen(events: list[Event]) -> None:
        captions.extend(event for event in events if isinstance(event, Caption))
        after_apply(events)

    table.after_apply = seen  # type: ignore[method-assign]
    return captions


def test_a_whole_game_against_the_computer_reaches_the_results(app: App, ui: Driver) -> None:
    """R3–R5 against the computer through the UI: the person moves with keys, the computer
    answers with captions; its hand is only ever drawn as backs (R5.4), no hand-over screen
    appears, and the results follow the end of the game."""
    game = Game.new(21)
    table = start_table(app, game, NAMES, (Seat.human(), COMPUTER))
    app.push(table)
    captions = record_captions(table)
    for _ in range(3000):
        if not isinstance(app.top, TableScene):
            break
        assert not isinstance(app.top, HandoverScene)
        if table.can_act:
            person_plays(ui, table)
        table.finish_animations()
        ui.frames(1)
        hidden = set(table.picture.zones["hand:1"])
        table.draw(app.screen)  # the idle loop may skip a frame's drawing
        assert hidden and not hidden & table.renderer.drawn_faces
        app.frame([], 1.0)
    assert game.is_terminal() and isinstance(app.top, ResultsScene)
    assert table.bottom == 0 and captions
    assert all(caption.text.startswith("The computer ") for caption in captions)
    assert any(played.seat == 1 for played in game.move_stack)


def test_the_computer_announces_its_action_before_the_cards_move(app: App, ui: Driver) -> None:
    """Each computer action is queued behind a caption in plain words (who does what, with
    which cards), and the log gets the action's line."""
    game = game_at(hands=("F0 A0 B0 M0", "A0 B0 M0"), street="B0 F1 M1 A1 F2 B3",
                   current=1)
    table = TableScene(app, game, NAMES, seats=(Seat.human(), COMPUTER))
    app.push(table)
    street = list(table.picture.zones["street"])
    for _ in range(600):
        app.frame([], 1 / 60)
        if table.animator.queue:
            break
    first = table.animator.queue[0]
    assert isinstance(first, Caption)
    played = game.move_stack[0]
    assert played.seat == 1
    assert first.text.startswith("The computer ") and first.text.endswith(".")
    ui.frames(3)
    assert table.playback.caption is not None
    assert table.picture.zones["street"] == street  # the cards wait for the words
    settle(ui)
    assert any(text.startswith("Carla ") for text, _ in table.log.entries)


def test_action_words_say_each_action_in_plain_words() -> None:
    """Captions, the log and hints say an action in one wording, naming the cards (R3.1
    refresh, R3.3 Brute, R3.4 take, R3.4d pass)."""
    game = game_at(hands=("B2 F2 M3 F0", "A0"), street="F4 F3 B1 M1 A1 F2", fresh_cards_rule=False)

    def caption(action: Action) -> str:
        return action_line(game, action, "Vito", computer=True).text()

    def hint(action: Action) -> str:
        return advice(action, aimed_code(action, [card.id for card in game.street]))

    assert caption(Refresh(0)) == "The computer refreshes the Street with Famiglia 4."
    assert caption(Brute("B2", 0, 2)) == (
        "The computer plays Brute 2 on Famiglia 4, lowering it by 2.")
    take = parse_action("take 1 F2+M3 keep M3")
    assert isinstance(take, Take)
    words = caption(take)
    assert words == ("The computer takes Famiglia 3 with Famiglia 2 and Mercenary 3, keeping "
                     "Mercenary 3 in the hand.")
    assert hint(take) == ("Take Famiglia 3 with Famiglia 2 and Mercenary 3, keeping "
                          "Mercenary 3 in the hand.")
    assert action_line(game, take, "Vito").text() == words.replace("The computer", "Vito")
    assert caption(Pass()) == "The computer passes."
    assert hint(Pass()) == "Pass."
    assert "(R" not in words


def test_save_and_continue_against_the_computer(app: App, ui: Driver) -> None:
    """The save keeps the computer seat's kind, level and seed; Continue puts the same seats
    at the table with no hand-over, the person's hand at the bottom."""
    game = Game.new(5, first_player=0)
    store = SaveGameStore()
    table = start_table(app, game, NAMES, (Seat.human(), Seat.computer("hard")), store)
    app.push(table)
    seed = table.seats[1].seed
    assert isinstance(seed, int)
    ui.press(pygame.K_SPACE, " ")
    settle(ui)
    saved = store.load()
    assert saved is not None
    assert saved.seats == (Seat.human(), Seat.computer("hard", seed))

    resumed = resume_table(app, SaveGameStore())
    assert resumed is not None
    app.reset(resumed)
    ui.frames(2)
    assert not isinstance(app.top, HandoverScene)
    assert resumed.seats[1].kind is SeatKind.COMPUTER
    assert resumed.seats[1].level == "hard" and resumed.seats[1].seed == seed
    assert resumed.bottom == 0
    assert resumed.game.to_dict() == game.to_dict()


def test_the_worker_process_answers_and_ends_cleanly() -> None:
    """The real worker (a spawned process) answers a legal action's notation while the
    caller goes on; a newer question replaces an older one; close ends the process."""
    game = Game.new(8)
    thinker = Thinker(in_process=False)
    try:
        thinker.ask(game, {"iterations": 30, "seed": 1})
        ident = thinker.ask(game, {"iterations": 20, "seed": 2})
        assert ident == 2 and thinker.busy
        notation = None
        for _ in range(1200):
            notation = thinker.poll()
            if notation is not None:
                break
            time.sleep(0.05)
        assert notation is not None
        assert parse_action(notation) in game.legal_actions()
        assert not thinker.busy
        process = thinker._process
        assert process is not None and process.is_alive()
    finally:
        thinker.close()
    assert not process.is_alive()


@pytest.mark.parametrize("level", ["easy", "expert"])
def test_a_computer_seat_without_a_seed_gets_one(app: App, level: str) -> None:
    """The seed is settled when the table is laid, so the save and the record keep it."""
    table = TableScene(app, Game.new(3), NAMES, seats=("human", Seat.computer(level)))
    assert table.seats[1].level == level and isinstance(table.seats[1].seed, int)
    assert table.flow.controllers[1] is not None and table.flow.controllers[0] is None
    assert not table.flow.hot_seat
