"""The window fits the desktop it opens on: never larger than it (with room for its title bar
and the desktop's panels), never left of it or above it, on the first start, after full screen
(F11 twice, Settings → fullscreen off) and whatever size the settings remember; a desktop too
small for the smallest window with its frame is used in full screen, and F11 gives the window
back on the desktop."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver

from famiglia.store.settings import MIN_WINDOW, SettingsStore
from famiglia.ui.app import App
from famiglia.ui.scenes.settings import SettingsScene
from famiglia.ui.scenes.title import TitleScene
from famiglia.ui.window_fit import FRAME_ROOM, fit, off_desktop

DESKTOPS = [(1024, 640), (1024, 768), (1280, 720), (1280, 800), (1366, 768), (1600, 1000),
            (1920, 1080), (2560, 1440), (800, 600)]
WANTED = [MIN_WINDOW, (1280, 800), (1600, 1000), (2000, 1200), (3000, 2000)]


@pytest.mark.parametrize("desktop", DESKTOPS, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("wanted", WANTED, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_window_is_never_larger_than_the_desktop_nor_beyond_it(
        wanted: tuple[int, int], desktop: tuple[int, int]) -> None:
    placement = fit(wanted, desktop)
    assert not off_desktop(placement.position, placement.size, desktop)
    assert placement.minimum[0] <= placement.size[0] and placement.minimum[1] <= placement.size[1]
    if placement.fullscreen:
        return
    assert placement.size[1] <= desktop[1] - FRAME_ROOM[1], "room for the title bar and panels"
    assert placement.size[0] >= MIN_WINDOW[0] and placement.size[1] >= MIN_WINDOW[1]
    assert placement.size[0] <= wanted[0] or placement.size[0] == MIN_WINDOW[0]


def test_the_window_keeps_the_size_wanted_where_the_desktop_holds_it() -> None:
    placement = fit((1280, 800), (1920, 1080))
    assert placement == fit((1280, 800), (1920, 1080))
    assert placement.size == (1280, 800) and placement.position == (320, 140)
    assert not placement.fullscreen


def test_a_larger_window_shrinks_to_the_desktop_and_is_centred() -> None:
    placement = fit((2000, 1200), (1600, 1000))
    assert placement.size == (1600, 1000 - FRAME_ROOM[1])
    assert placement.position == (0, FRAME_ROOM[1] // 2)
    laptop = fit((1280, 800), (1366, 768))
    assert laptop.size == (1280, 768 - FRAME_ROOM[1]) and laptop.position == (43, 40)


def test_a_desktop_of_the_smallest_window_is_used_in_full_screen() -> None:
    """1024×640 holds the smallest window only without its title bar: the game opens in full
    screen there, and the window it gives back (F11) is the desktop's size at its corner."""
    placement = fit((1280, 800), (1024, 640))
    assert placement.fullscreen
    assert placement.size == (1024, 640) and placement.position == (0, 0)


def test_a_desktop_smaller_than_the_smallest_window_gets_a_window_of_its_size() -> None:
    placement = fit((1280, 800), (800, 600))
    assert placement.fullscreen and placement.size == placement.minimum == (800, 600)
    assert placement.position == (0, 0)


# ---------------------------------------------------------------------- the real window


@pytest.fixture
def desktop(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The desktops the video driver reports, one of 1024×768 unless a test says otherwise
    (SDL's dummy driver has one of that size: its full screen is that large)."""
    reported = [(1024, 768)]
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: list(reported))
    return reported


@pytest.fixture
def opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
           desktop: list[tuple[int, int]]) -> Iterator[list[App]]:
    """Apps opened as ``famiglia`` opens its window (no size given), closed afterwards."""
    monkeypatch.setenv("FAMIGLIA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("FAMIGLIA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("FAMIGLIA_LANG", raising=False)
    monkeypatch.setenv("LANGUAGE", "en")
    apps: list[App] = []
    yield apps
    for app in apps:
        app.close()
    pygame.quit()


def open_app(opened: list[App], window_size: tuple[int, int] | None = None,
             fullscreen: bool = False) -> App:
    store = SettingsStore()
    settings = store.load()
    if window_size is not None:
        settings = settings.with_changes(window_size=window_size)
    store.save(settings.with_changes(fullscreen=fullscreen))
    app = App()
    app.input_grace = 0.0
    app.push(TitleScene(app))
    opened.append(app)
    return app


def on_the_desktop(app: App, desktop: tuple[int, int]) -> bool:
    return not off_desktop(app.window.position, app.window.size, desktop)


def test_the_first_start_opens_a_window_on_the_desktop(opened: list[App],
                                                       desktop: list[tuple[int, int]]) -> None:
    desktop[:] = [(1280, 720)]
    assert SettingsStore().load().window_size == (1280, 800), "the default asks for more"
    app = open_app(opened)
    assert app.window.size == (1280, 640) and app.window.position == (0, 40)
    assert not app.fullscreen and app.size == (1280, 640)
    assert app.settings.window_size == (1280, 640), "the size it got is the one remembered"


def test_the_first_start_on_a_desktop_of_the_smallest_window_is_full_screen(
        opened: list[App], desktop: list[tuple[int, int]]) -> None:
    desktop[:] = [(1024, 640)]
    app = open_app(opened)
    assert app.fullscreen
    assert not app.settings.fullscreen, "the desktop's need is not remembered as a choice"
    ui = Driver(app)
    ui.press(pygame.K_F11)
    assert not app.fullscreen
    assert app.window.size == (1024, 640) and app.window.position == (0, 0)
    ui.press(pygame.K_F11)
    assert app.fullscreen


def test_a_remembered_size_larger_than_the_desktop_is_fitted(
        opened: list[App], desktop: list[tuple[int, int]]) -> None:
    desktop[:] = [(1024, 768)]
    app = open_app(opened, window_size=(1600, 1000))
    assert app.window.size == (1024, 688) and app.window.position == (0, 40)


@pytest.mark.parametrize("way", ["F11", "settings"])
def test_leaving_full_screen_puts_the_window_back_on_the_desktop(
        opened: list[App], desktop: list[tuple[int, int]], way: str) -> None:
    """Whatever put the window beyond the desktop (a window manager, a second display
    unplugged), leaving full screen brings it back: F11 always recovers."""
    app = open_app(opened, fullscreen=True)
    assert app.fullscreen
    app.window.position = (-128, -80)
    ui = Driver(app)
    if way == "F11":
        ui.press(pygame.K_F11)
    else:
        scene = SettingsScene(app)
        app.push(scene)
        ui.click(scene.fullscreen.segments()[1].center)
    assert not app.fullscreen and not app.settings.fullscreen
    assert on_the_desktop(app, desktop[0])
    assert app.window.position[0] >= 0 and app.window.position[1] >= 0
    assert app.size == app.window.get_surface().get_size()


def test_a_window_on_the_desktop_keeps_its_place_after_full_screen(
        opened: list[App], desktop: list[tuple[int, int]]) -> None:
    app = open_app(opened, window_size=MIN_WINDOW)
    app.window.position = (0, 100)
    ui = Driver(app)
    ui.press(pygame.K_F11)
    ui.press(pygame.K_F11)
    assert not app.fullscreen
    assert app.window.position == (0, 100) and app.window.size == MIN_WINDOW

