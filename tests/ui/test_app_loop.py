"""The app's loop as a player meets it: one press never does two things across a change of
screen (held keys, key repeat, a release whose press came before, presses in the grace period
after the change), idle frames are not drawn, a settings file's problem becomes a notice, the
sound plays or stays silent without ever failing, the window is shown through X11's own
framebuffer on X11, and the game is drawn for the size the window really got (F11 without a
window manager)."""

from __future__ import annotations

import os
from array import array
from pathlib import Path

import pygame
import pytest
from ui_driver import DT, Driver, hot_seat_table, toasts

from famiglia.store.settings import SettingsStore
from famiglia.ui.app import INPUT_GRACE, App, plain_framebuffer
from famiglia.ui.scene import Scene
from famiglia.ui.scenes.dialog import ConfirmScene
from famiglia.ui.scenes.handover import HandoverScene
from famiglia.ui.scenes.title import TitleScene
from famiglia.ui.sound import NAMES, Sound, pcm
from famiglia.ui.window_size import drawable, probe_for


class Recorder(Scene):
    """A scene that keeps the presses it gets and counts its draws; Space opens ``then``."""

    def __init__(self, app: App, then: Scene | None = None) -> None:
        super().__init__(app)
        self.then = then
        self.got: list[tuple[int, int]] = []
        self.drawn = 0
        self.moving = False

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.got.append((event.type, getattr(event, "key", getattr(event, "button", 0))))
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE
                and self.then is not None):
            self.app.push(self.then)
            self.then = None

    def animating(self) -> bool:
        return self.moving

    def draw(self, surface: pygame.Surface) -> None:
        self.drawn += 1


def wait(ui: Driver, seconds: float) -> None:
    ui.frames(round(seconds / DT) + 1)


# ---------------------------------------------------------------------- carried-over input


def test_a_held_key_does_not_act_on_the_next_screen(app: App, ui: Driver) -> None:
    """Key repeat of the Space that changed the screen goes nowhere until it is released."""
    second = Recorder(app)
    app.push(Recorder(app, then=second))
    ui.frames(1, [ui.key_down(pygame.K_SPACE)])
    assert app.top is second
    ui.frames(1, [ui.key_down(pygame.K_SPACE), ui.key_down(pygame.K_SPACE)])
    assert second.got == []
    ui.frames(1, [ui.key_up(pygame.K_SPACE)])
    ui.press(pygame.K_SPACE)
    assert second.got == [(pygame.KEYDOWN, pygame.K_SPACE)]


def test_a_release_whose_press_came_before_the_change_is_ignored(app: App, ui: Driver) -> None:
    second = Recorder(app)
    app.push(Recorder(app, then=second))
    ui.frames(1, [ui.mouse_down((10, 10)), ui.key_down(pygame.K_SPACE), ui.key_up(pygame.K_SPACE)])
    assert app.top is second
    ui.frames(1, [ui.mouse_up((10, 10))])
    assert second.got == []
    ui.click((10, 10))
    assert second.got == [(pygame.MOUSEBUTTONUP, 1)]


def test_presses_in_the_grace_period_after_a_change_are_ignored(app: App, ui: Driver) -> None:
    app.input_grace = INPUT_GRACE
    second = Recorder(app)
    app.push(Recorder(app, then=second))
    wait(ui, INPUT_GRACE)
    ui.press(pygame.K_SPACE)
    assert app.top is second
    ui.press(pygame.K_SPACE)
    ui.click((10, 10))
    assert second.got == [], "a quick second press belongs to the screen before"
    wait(ui, INPUT_GRACE)
    ui.press(pygame.K_SPACE)
    assert second.got == [(pygame.KEYDOWN, pygame.K_SPACE)]


def test_the_grace_period_counts_real_time_even_while_the_app_rests(app: App,
                                                                     ui: Driver) -> None:
    """At rest the app sleeps between frames: one long frame is as good as many short ones."""
    app.input_grace = INPUT_GRACE
    second = Recorder(app)
    app.push(Recorder(app, then=second))
    app.frame([], 1.0)
    app.frame([], 5.0)
    ui.press(pygame.K_SPACE)
    assert app.top is second
    app.frame([], 5.0)
    ui.press(pygame.K_SPACE)
    assert second.got == [(pygame.KEYDOWN, pygame.K_SPACE)]


def test_space_twice_on_the_hand_over_does_not_pass_the_next_turn(app: App,
                                                                  ui: Driver) -> None:
    """R5.4: the hand-over screen hides the hand until the next player is ready; the second
    Space of a hurried double press must not pass that player's turn unseen."""
    app.input_grace = INPUT_GRACE
    table = hot_seat_table(app, ("Vito", "Carla"), fresh_cards_rule=True, first_player=0)
    app.push(table)
    for _ in range(200):
        ui.frames()
        if isinstance(app.top, HandoverScene):
            break
    assert isinstance(app.top, HandoverScene)
    wait(ui, INPUT_GRACE)
    turn = table.game.turn
    ui.press(pygame.K_SPACE)
    assert app.top is table
    ui.press(pygame.K_SPACE)
    ui.frames(3)
    assert table.game.turn == turn, "the second Space passed nothing"
    wait(ui, INPUT_GRACE)
    ui.press(pygame.K_SPACE)
    assert table.game.turn == turn + 1, "a deliberate Space passes as always"


# ---------------------------------------------------------------------- idle


def test_a_frame_at_rest_draws_nothing(app: App, ui: Driver) -> None:
    scene = Recorder(app)
    app.push(scene)
    ui.frames()
    drawn = scene.drawn
    ui.frames(30)
    assert scene.drawn == drawn, "nothing changed: nothing drawn"
    assert not app.animating() and app.next_wakeup() is None
    ui.hover((40, 40))
    assert scene.drawn == drawn + 1, "input is drawn"
    app.request_redraw()
    ui.frames(3)
    assert scene.drawn == drawn + 2
    scene.moving = True
    ui.frames(5)
    assert scene.drawn == drawn + 7, "an animating scene gets every frame"


def test_a_scene_is_drawn_when_the_change_it_announced_is_due(app: App, ui: Driver) -> None:
    """A tooltip after a hover delay, a blinking cursor: no input, yet a frame is drawn."""

    class Timer(Recorder):
        def __init__(self, app: App) -> None:
            super().__init__(app)
            self.left = 0.5

        def update(self, dt: float) -> None:
            self.left -= dt

        def next_change(self) -> float | None:
            return self.left if self.left > 0 else None

    scene = Timer(app)
    app.push(scene)
    ui.frames()
    drawn = scene.drawn
    app.frame([], 0.2)
    assert scene.drawn == drawn
    app.frame([], 0.4)
    assert scene.drawn == drawn + 1, "due: drawn, with the whole rest counted"
    app.frame([], 0.4)
    assert scene.drawn == drawn + 1


def test_an_animation_starting_after_a_rest_starts_from_its_first_frame(app: App) -> None:
    steps: list[float] = []

    class Mover(Recorder):
        def update(self, dt: float) -> None:
            steps.append(dt)

    scene = Mover(app)
    app.push(scene)
    app.frame([], DT)
    app.frame([], 10.0)
    scene.moving = True
    app.frame([], 10.0)
    app.frame([], 10.0)
    assert steps[1:] == [10.0, pytest.approx(1 / 60), 0.1]


def test_a_scene_that_moves_without_saying_when_it_rests_gets_every_frame(
        app: App, ui: Driver) -> None:
    """Scenes written before the idle protocol keep their frames until they implement it."""

    class Ticking(Scene):
        def __init__(self, app: App) -> None:
            super().__init__(app)
            self.updates = 0

        def update(self, dt: float) -> None:
            self.updates += 1

    app.push(Ticking(app))
    assert app.animating()


def test_a_focused_text_field_blinks_for_a_while(app: App, ui: Driver) -> None:
    from famiglia.ui.scenes.new_game import NewGameScene

    app.push(NewGameScene(app))
    ui.frames()
    wakeup = app.next_wakeup()
    assert wakeup is not None and 0 < wakeup <= 0.5
    assert not app.animating()
    for _ in range(30):
        app.frame([], 0.5)
    assert app.next_wakeup() is None, "after a while without input the cursor stays lit"
    ui.type_text("V")
    assert app.next_wakeup() is not None, "typing makes it blink again"


# ---------------------------------------------------------------------- notices


def test_settings_store_notice_becomes_a_notice(tmp_path, monkeypatch) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text("{broken", encoding="utf-8")
    monkeypatch.setenv("FAMIGLIA_CONFIG_DIR", str(config))
    app = App(size=(1024, 640))
    try:
        app.frame([], 60.0)
        assert len(toasts(app)) == 1 and "defaults" in toasts(app)[0]
    finally:
        app.window.destroy()


# ---------------------------------------------------------------------- sound


def test_every_sound_plays_without_a_device_and_unknown_names_are_refused(app: App) -> None:
    for name in NAMES:
        app.sound.play(name)
    with pytest.raises(ValueError, match="no sound called"):
        app.sound.play("trumpet")


def test_sound_is_silent_when_the_mixer_cannot_start(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", refuse)
    sound = Sound(volume=1.0)
    assert not sound.available
    for name in NAMES:
        sound.play(name)


def test_the_sound_device_opens_once_the_first_frame_is_on_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The window and the title come first; the sound device (slow to open, slower still
    where there is none) opens right after the first frame, once."""
    opened: list[bool] = []
    drawn: list[bool] = []
    monkeypatch.setattr(pygame.mixer, "init", lambda *args, **kwargs: opened.append(bool(drawn)))
    app = App(size=(1280, 800), settings_store=SettingsStore(tmp_path / "settings.json"))
    app.push(TitleScene(app))
    assert opened == []

    def draw_once() -> None:
        drawn.append(True)
        app.running = False

    monkeypatch.setattr(app, "draw", draw_once)
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))
    app.run()
    assert opened == [True]


def test_effects_are_16_bit_pcm_below_full_scale() -> None:
    data = array("h")
    data.frombytes(pcm([0.0, 0.5, -1.0, 0.25], channels=2))
    assert len(data) == 8 and data[0] == data[1]
    assert max(abs(value) for value in data) < 32767


def test_volume_and_mute_are_remembered_and_applied(app: App, ui: Driver) -> None:
    from famiglia.ui.scenes.settings import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)
    ui.frames()
    ui.click(scene.volume.segments()[2].center)
    assert app.settings.volume == 0.5 and not app.settings.mute
    assert app.sound.volume == 0.5
    ui.click(scene.volume.segments()[0].center)
    assert app.settings.mute and app.sound.muted and app.settings.volume == 0.5
    again = SettingsStore().load()
    assert again.mute and again.volume == 0.5


def test_the_window_icon_is_one_of_our_cards(app: App) -> None:
    icon = app._icon()
    assert icon.get_size() == (64, 64)
    assert icon.get_at((32, 32)).a > 200 and icon.get_at((0, 0)).a == 0


# ---------------------------------------------------------------------- the window


@pytest.mark.usefixtures("app")
def test_on_x11_the_window_shows_through_x11_s_own_framebuffer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """On X11 the game asks SDL for X11's framebuffer instead of an OpenGL texture, unless the
    environment already chose; other drivers keep SDL's choice."""
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    plain_framebuffer()
    assert "SDL_FRAMEBUFFER_ACCELERATION" not in os.environ, "the dummy driver keeps SDL's"
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    plain_framebuffer()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "1")
    plain_framebuffer()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "1"


class Sized(Recorder):
    """A scene that keeps the sizes it was laid out for and the size it drew on."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.sizes: list[tuple[int, int]] = []
        self.drawn_on: tuple[int, int] | None = None

    def resize(self, size: tuple[int, int]) -> None:
        self.sizes.append(size)

    def draw(self, surface: pygame.Surface) -> None:
        self.drawn_on = surface.get_size()


class FakeProbe:
    """The window's real size as the display server would say it."""

    def __init__(self) -> None:
        self.size: tuple[int, int] | None = None

    def __call__(self) -> tuple[int, int] | None:
        return self.size

    def close(self) -> None:
        """Nothing to close."""


def test_f11_without_a_window_manager_draws_for_the_size_the_window_really_got(
        app: App, ui: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """SDL announces full screen, but no window manager grants it: the window keeps a
    smaller size, and the game is laid out and drawn for that size; once a window manager
    does grant it (the window is shown again at SDL's size), the game follows."""
    probe = FakeProbe()
    monkeypatch.setattr(app, "window_probe", probe)
    scene = Sized(app)
    app.push(scene)
    probe.size = (1000, 640)
    ui.press(pygame.K_F11)
    sdl_size = app.window.get_surface().get_size()
    assert app.fullscreen and sdl_size != (1000, 640)
    assert app.size == (1000, 640) and scene.sizes[-1] == (1000, 640)
    assert scene.drawn_on == (1000, 640)
    probe.size = sdl_size
    ui.frames(1, [pygame.event.Event(pygame.WINDOWEXPOSED)])
    assert app.size == sdl_size and scene.sizes[-1] == sdl_size
    laid_out = len(scene.sizes)
    ui.frames(1, [pygame.event.Event(pygame.WINDOWEXPOSED)])
    assert len(scene.sizes) == laid_out, "an expose at the size drawn for changes nothing"
    probe.size = None
    ui.press(pygame.K_F11)
    assert not app.fullscreen and app.size == app.window.get_surface().get_size()


def test_only_x11_is_asked_for_the_window_s_real_size(app: App) -> None:
    """Elsewhere SDL's size stands (the dummy driver here): the probe says nothing."""
    probe = probe_for(app.window)
    assert probe() is None
    probe.close()
    assert drawable(app.screen, None) is app.screen
    assert drawable(app.screen, (4000, 4000)) is app.screen
    assert drawable(app.screen, (600, 500)).get_size() == (600, 500)


def test_a_covered_scene_shows_no_tooltip_and_hovers_again_when_uncovered(app: App,
                                                                           ui: Driver) -> None:
    """A question over the title: the title's button under the pointer is not hovered while
    the question covers it (no tooltip of it under the dialog); once the question closes, the
    button under the pointer is hovered again without the pointer moving."""
    title = TitleScene(app)
    app.push(title)
    ui.frames(1)
    index, button = next((i, b) for i, b in enumerate(title.menu.buttons)
                         if b.tooltip and b.enabled)
    ui.hover(button.rect.center)
    assert title.menu.pointed == index
    app.push(ConfirmScene(app, "Sure?", "A question.", "Yes", lambda: None))
    assert title.menu.pointed is None
    app.pop()
    assert title.menu.pointed == index
