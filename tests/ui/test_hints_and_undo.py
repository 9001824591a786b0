"""Hints and undo at the table.

A hint (``?`` or the Hint button) asks the strongest level for the person's next action: it is
a legal action of the core, shown on the table and in one line of words, and it marks the game
as assisted (S5) in the save.  Undo (Ctrl+Z or the button) takes back the person's own actions
of the turn in progress that revealed nothing (the core decides), with the cards going home
and the save rewritten; a greyed button says why.  No test asserts a timing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pytest
from positions import game_at
from test_table import COMPUTER, NAMES, settle, start_table

from famiglia import i18n
from famiglia.i18n import translate_message
from famiglia.players.seats import Seat
from famiglia.rules import Accountant, Brute, Game
from famiglia.store.savegame import SaveGameStore
from famiglia.store.settings import MIN_WINDOW
from famiglia.ui.app import App
from famiglia.ui.session import start_table as start_saved_table
from famiglia.ui.table.hints import HINT_COLOUR
from famiglia.ui.table.picture import ZONES

if TYPE_CHECKING:
    from ui_driver import Driver



def test_a_hint_shows_a_legal_action_and_marks_the_solo_game_assisted(
        app: App, ui: Driver) -> None:
    """S5: ``?`` in a solo game shows a legal action (its card and target glow, one line in
    words), the save says the game is assisted, and the hint goes once a move is made."""
    game = Game.new(17, opponent="gangster")
    table = start_saved_table(app, game, (NAMES[0], "The Gangster"),
                              (Seat.human(), Seat.gangster()))
    app.push(table)
    settle(ui)
    assert not table.assisted and table.assist.hint_button.enabled
    ui.app.frame([ui.key_down(pygame.K_SLASH, "?", pygame.KMOD_SHIFT)], 1 / 60)
    ui.frames(2)
    hints = table.assist.hints
    assert hints.action is not None and hints.action in game.legal_actions()
    verbs = {"Refresh", "Play", "Exchange", "Take", "Pass", "End"}
    assert hints.text.split()[0].rstrip(".") in verbs
    assert "(R" not in hints.text
    assert hints.cards or hints.pass_meant
    if hints.cards:
        assert hints.cards <= {card_id for zone in ZONES for card_id in list(game.zone_ids(zone))}
    assert table.assisted
    saved = SaveGameStore().load()
    assert saved is not None and saved.assisted

    ui.frames(1)
    assert hints.pass_meant or _blue_glow_around(app.screen, table, min(hints.cards))

    table.apply(hints.action)
    settle(ui)
    assert hints.action is None and hints.key is None


def _blue_glow_around(screen: pygame.Surface, table: object, card_id: int) -> bool:
    """The hint's blue glow shows on the frame just outside the card."""
    rect = table.picture.sprites[card_id].rect  # type: ignore[attr-defined]
    ring = pygame.Rect(round(rect.x) - 6, round(rect.y) - 40, round(rect.w) + 12, 44)
    ring = ring.clip(screen.get_rect())
    blue = HINT_COLOUR
    for x in range(ring.left, ring.right, 2):
        for y in range(ring.top, ring.bottom, 2):
            r, _, b, *_ = screen.get_at((x, y))
            if b > r + 60 and b > 150 and abs(r - blue[0]) < 90:
                return True
    return False


def test_no_hint_or_undo_while_the_computer_plays(app: App, ui: Driver) -> None:
    """The buttons are greyed during the computer's turn and their tooltips say whose turn it
    is; ``?`` and Ctrl+Z then change nothing."""
    game = game_at(hands=("F0 A0 B0 M0", "A0 B0 M0"), street="B0 F1 M1 A1 F2 B3", current=1)
    table = start_table(ui, game, seats=(Seat.human(), Seat.computer("easy", 4)))
    table.update(0.0)
    assert not table.assist.hint_button.enabled and not table.assist.undo_button.enabled
    assert table.assist.undo_button.tooltip == "It is Carla's turn."
    before = game.to_dict()
    ui.app.frame([ui.key_down(pygame.K_z, "z", pygame.KMOD_CTRL)], 0.0)
    assert not table.assisted and table.assist.hints.key is None
    assert game.to_dict()["moves"][:len(before["moves"])] == before["moves"]


def test_the_demo_has_no_hint_or_undo(app: App) -> None:
    from famiglia.ui.demo import DemoTableScene

    table = DemoTableScene(app, seed=2)
    assert not table.assist.shown
    assert table.log.rect.top == table.frame.log.top


def test_undo_takes_back_the_brute_and_the_picture_follows(app: App, ui: Driver) -> None:
    """R3.3 undone: Ctrl+Z puts the Brute back in the hand, the Street's rank back, the table
    picture equal to the core's zones, and the save rewritten; then nothing is left to take
    back and the greyed button says why."""
    game = game_at(hands=("A2 B2 F1 F1 M3 F0", "F0 A0 B0 M0"), play_areas=("F2", ""),
                   street="F2 B1 M1 A1 F3 B3", draw_pile="A1 M2", fresh_cards_rule=False)
    store = SaveGameStore()
    table = start_saved_table(app, game, NAMES, (Seat.human(), Seat.computer("easy", 3)),
                              store)
    app.push(table)
    settle(ui)
    before = game.to_dict()
    assert not table.assist.undo_button.enabled
    blocker = game.pop_blocker
    assert blocker is not None and table.assist.undo_button.tooltip == translate_message(blocker)
    assert table.apply(Brute("B2", 4, 2))
    settle(ui)
    assert table.assist.undo_button.enabled
    ui.app.frame([ui.key_down(pygame.K_z, "z", pygame.KMOD_CTRL)], 1 / 60)
    settle(ui)
    assert game.to_dict() == before
    for zone in ZONES:
        assert table.picture.zones[zone] == list(game.zone_ids(zone))
    assert not table.playback.lowered
    assert any("takes back" in text and "Brute 2" in text for text, _ in table.log.entries)
    saved = store.load()
    assert saved is not None and saved.game.to_dict() == before
    assert not table.assist.undo_button.enabled


def test_undo_button_in_hot_seat_and_solo(app: App, ui: Driver) -> None:
    """Clicking Undo takes back an Accountant (R3.2) the same in hot-seat and in the solo game
    (S4: never the Gangster's turn); the table picture follows the core."""
    for seats, extra in (((Seat.human(), Seat.human()), {}),
                         ((Seat.human(), Seat.gangster()),
                          {"opponent": "gangster", "gangster_level": 3})):
        solo = bool(extra)
        game = game_at(hands=("A2 B2 F1 F1 M3 F0", "" if solo else "F0 A0 B0 M0"),
                       play_areas=("F2", "F0 A0 B0 M0" if solo else ""),
                       street="F2 B1 M1 A1 F3 B3", draw_pile="A1 M2", fresh_cards_rule=False,
                       **extra)
        table = start_table(ui, game, seats=seats)
        before = game.to_dict()
        assert table.apply(Accountant("A2"))
        settle(ui)
        ui.click(table.assist.undo_button.rect.center)
        settle(ui)
        assert game.to_dict() == before
        for zone in ZONES:
            assert table.picture.zones[zone] == list(game.zone_ids(zone))
        app.pop()


def won_solo_game(*, position: bool = False) -> Game:
    """A solo game won by seat 0 (S5: it earns a ranking value)."""
    from famiglia.players import make_player, play_game

    game = Game.new(0, opponent="gangster", gangster_level=1)
    if position:
        game = Game.from_dict(game.position_dict())
    play_game(game, [make_player("greedy"), None])
    assert game.result is not None and game.result.winner == 0
    return game


def test_an_assisted_solo_win_enters_the_highscores_marked(app: App, ui: Driver) -> None:
    """S5: the results say a hint was used and the highscore entry carries the mark."""
    from famiglia.store.highscores import HighscoreStore
    from famiglia.ui.scenes.results import ResultsScene

    game = won_solo_game()
    results = ResultsScene(app, game, ("Anna", "The Gangster"), play_again=lambda: None,
                           humans=frozenset({0}), assisted=True)
    app.push(results)
    assert results.name is not None and "hint" in results.solo_text
    results._enter_highscores()
    entries = [entry for lists in HighscoreStore().load().values() for entry in lists]
    assert len(entries) == 1 and entries[0].assisted


def test_a_position_game_never_enters_the_highscores(app: App) -> None:
    """S5: a solo game played on from a position (the replay's Play on) earns no place."""
    from famiglia.ui.scenes.results import ResultsScene

    results = ResultsScene(app, won_solo_game(position=True), ("Anna", "The Gangster"),
                           play_again=lambda: None, humans=frozenset({0}))
    assert results.name is None and "position" in results.solo_text


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_the_hint_line_covers_no_heading_at_the_smallest_window(app: App, ui: Driver,
                                                                 language: str) -> None:
    """The hint's line goes above the own play area: beside its heading (whose score grows
    to two digits), within the table, never over a heading."""
    i18n.set_language(language)
    ui.resize(MIN_WINDOW)
    game = game_at(hands=("F0 A0 B0 M0 F1 F1 A2 M2", "F0 A0 B0 M0"),
                   play_areas=("F3 F3 A4 B4 M4 F4 A3", "F2 B3"),
                   street="F2 B3 A1 M3 F1 A3", first_player=0)
    table = start_table(ui, game, seats=("human", COMPUTER))
    ui.app.frame([ui.key_down(pygame.K_SLASH, "?", pygame.KMOD_SHIFT)], 1 / 60)
    ui.frames(2)
    hints = table.assist.hints
    assert hints.action is not None
    line, rect = hints.line_place()
    assert rect.collidelist(table.picture.headings) < 0, (rect, table.picture.headings)
    assert table.frame.table.contains(rect) and rect.right <= table.frame.side.left
    assert hints.text and line.get_width() == rect.width
