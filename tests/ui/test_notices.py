"""Nothing covers the table.  Notices (toasts) as a player meets them: they close by themselves
(a long one later), a click closes one at once and goes no further, the pointer resting on one
keeps it, the same notice is never shown twice at once, they never pile up, and they stack in a
corner that covers no hand, play area, pile or button of the table or the replay at 1280×800
and 1024×640, the game log, the coach's tip and a lesson's panel ending above them.  The
computer's and the Gangster's captions keep off the person's play area and
hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pytest
from test_fit_table import long_street
from test_replay import finished_record
from test_table import NAMES, settle, start_table
from test_tutorial import open_lesson
from ui_driver import DT, toasts

from famiglia.players.seats import Seat
from famiglia.rules import Game
from famiglia.rules.messages import msg
from famiglia.store.settings import MIN_WINDOW
from famiglia.ui.app import App
from famiglia.ui.notices import LONGEST, MOST, SHORTEST, reading_time
from famiglia.ui.scene import Scene
from famiglia.ui.scenes.replay import ReplayScene
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.table import captions
from famiglia.ui.table.layout import TableFrame
from famiglia.ui.table.picture import TablePicture

if TYPE_CHECKING:
    from ui_driver import Driver

SHORT = "Saved."
LONG = ("Your settings file could not be read, so the game started with the default "
        "settings; the damaged file was set aside as settings.json.broken beside it.")


class Clicks(Scene):
    """A scene that keeps the clicks it gets."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.got: list[pygame.event.Event] = []

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.got.append(event)


def wait(ui: Driver, seconds: float) -> None:
    ui.frames(round(seconds / DT) + 1)


def test_notices_close_by_themselves_a_long_one_later(app: App, ui: Driver) -> None:
    app.push(Clicks(app))
    app.toast(SHORT)
    app.toast(LONG)
    ui.frames()
    assert SHORTEST <= reading_time(SHORT) < reading_time(LONG) <= LONGEST
    assert app.next_wakeup() == pytest.approx(reading_time(SHORT) - DT, abs=0.02)
    wait(ui, reading_time(SHORT))
    assert toasts(app) == [LONG]
    wait(ui, reading_time(LONG) - reading_time(SHORT))
    assert toasts(app) == []
    assert app.next_wakeup() is None


def test_a_click_closes_a_notice_and_goes_no_further(app: App, ui: Driver) -> None:
    scene = Clicks(app)
    app.push(scene)
    app.toast(LONG)
    ui.frames()
    ui.click(app.notices.shown[0].rect.center)
    assert toasts(app) == [] and scene.got == []


def test_a_notice_under_the_pointer_stays_while_it_is_read(app: App, ui: Driver) -> None:
    app.push(Clicks(app))
    app.toast(SHORT)
    ui.frames()
    ui.hover(app.notices.shown[0].rect.center)
    wait(ui, LONGEST * 2)
    assert toasts(app) == [SHORT]
    ui.hover((5, 5))
    wait(ui, reading_time(SHORT))
    assert toasts(app) == []


def test_the_same_notice_is_not_repeated_while_shown(app: App, ui: Driver) -> None:
    """Said again (the same text or the same message), a notice shows once and starts its
    time afresh."""
    app.push(Clicks(app))
    message = msg("The game could not be saved: {reason}", reason="disk full")
    for _ in range(3):
        app.toast(LONG)
        app.toast(message)
        app.toast(msg("The game could not be saved: {reason}", reason="disk full"))
        wait(ui, SHORTEST - 1)
    assert toasts(app) == [LONG, "The game could not be saved: disk full"]


def test_notices_never_pile_up(app: App, ui: Driver) -> None:
    app.push(Clicks(app))
    for index in range(MOST + 3):
        app.toast(f"{LONG} ({index})")
    ui.frames()
    assert toasts(app) == [f"{LONG} ({index})" for index in range(3, MOST + 3)]
    corner = app.notices.shown[-1].rect.unionall([n.rect for n in app.notices.shown])
    assert pygame.Rect((0, 0), app.size).contains(corner)


def covered(frame: TableFrame, table: TableScene) -> list[str]:
    """The table's places (zones, piles, status, resting cards, buttons) a notice covers."""
    places = {name: getattr(frame, name) for name in (
        "top_hand", "top_play", "top_area", "street_area", "draw_pile", "discard",
        "bottom_play", "bottom_hand", "status")}
    places |= {f"button {button.text!r}": button.rect for button in table.buttons
               if button.rect.width > 0 and button.rect.x >= 0}
    places |= {f"card {card_id}": pygame.Rect(sprite.rect)
               for card_id, sprite in table.picture.sprites.items()
               if card_id not in table.picture.zones["draw_pile"]}
    notices = table.app.notices.shown
    return [f"{name} under {notice.text[:20]!r}" for name, rect in places.items()
            for notice in notices if rect.colliderect(notice.rect)]


def notices_over(ui: Driver) -> None:
    for index in range(MOST):
        ui.app.toast(f"{LONG} ({index})")
    ui.frames()
    assert len(ui.app.notices.shown) >= 2


@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
def test_notices_cover_nothing_of_the_table(app: App, ui: Driver,
                                            size: tuple[int, int]) -> None:
    """Against the computer (Hint and Undo shown), hot-seat, and in the replay viewer."""
    ui.resize(size)
    table = TableScene(app, long_street(), NAMES, seats=(Seat.human(), Seat.computer("easy", 1)))
    app.push(table)
    settle(ui)
    notices_over(ui)
    assert covered(table.frame, table) == []
    hot_seat = start_table(ui, long_street())
    settle(ui)
    notices_over(ui)
    assert covered(hot_seat.frame, hot_seat) == []
    replay = ReplayScene(app, finished_record(6))
    app.push(replay)
    ui.frames(2)
    notices_over(ui)
    assert covered(replay.frame, replay) == []


@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
@pytest.mark.parametrize("solo", [False, True])
def test_captions_never_cover_the_person_s_play_area_or_hand(
        app: App, ui: Driver, size: tuple[int, int], solo: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer's captions, and the Gangster's steps' (S4), are placed over the table's
    top and middle, never over the person's play area or hand, and inside the table."""
    placed: list[pygame.Rect] = []
    place = captions.caption_place

    def recording(picture: TablePicture, caption: tuple[int, int],
                  avoid: captions.Avoided) -> pygame.Rect:
        rect = place(picture, caption, avoid)
        placed.append(rect)
        return rect

    monkeypatch.setattr(captions, "caption_place", recording)
    ui.resize(size)
    if solo:
        game = Game.new(8, opponent="gangster", gangster_level=4, first_player=1)
        table = TableScene(app, game, NAMES, seats=(Seat.human(), Seat.gangster()))
    else:
        table = TableScene(app, long_street(), NAMES,
                           seats=(Seat.computer("easy", 1), Seat.human()))
    app.push(table)
    for _ in range(900):
        ui.frames(1)
        if table.human_to_move and not table.busy:
            break
    assert placed, "a caption was shown"
    frame = table.frame
    for rect in placed:
        assert frame.table.contains(rect)
        for zone in (frame.bottom_play, frame.bottom_hand):
            assert not rect.colliderect(zone.inflate(frame.gap, frame.gap))


@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
def test_notices_cover_neither_the_log_nor_the_coachs_tip(app: App, ui: Driver,
                                                          size: tuple[int, int]) -> None:
    """The table's log and the coach's tip over its top end above the notices shown, and
    take their room back once the notices have gone."""
    ui.resize(size)
    table = start_table(ui, Game.new(3), seats=(Seat.human(), Seat.computer("easy", 1)))
    log = table.log.shown.copy()
    app.toast(LONG)
    app.toast(SHORT)
    ui.frames(2)
    notices = [notice.rect for notice in app.notices.shown]
    assert len(notices) == 2
    assert not any(rect.colliderect(table.log.shown) for rect in notices)
    tips = next((overlay for overlay in table.renderer.overlays
                 if hasattr(overlay, "log_room")), None)
    if tips is not None and tips.rect.height:
        assert not any(rect.colliderect(tips.rect) for rect in notices)
    while app.notices.shown:
        ui.click(app.notices.shown[-1].rect.center)  # a click closes a notice
    ui.frames(2)
    assert table.log.shown == log


def test_notices_cover_nothing_of_a_lessons_panel(app: App, ui: Driver) -> None:
    """In a lesson the coach's panel, where the log was, ends above the notices."""
    ui.resize(MIN_WINDOW)
    table = open_lesson(ui, 1)
    whole = table.panel.rect.copy()
    app.toast(LONG)
    ui.frames(2)
    notice = app.notices.shown[-1].rect
    assert not notice.colliderect(table.panel.rect)
    assert table.panel.rect.top == whole.top and table.panel.rect.bottom < whole.bottom
    for button in table.panel.buttons:
        assert not notice.colliderect(button.rect)
