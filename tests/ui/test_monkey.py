"""A monkey test: thousands of seeded random mouse, wheel, key, text and resize events through
every scene (title, new-game dialog, table, hand-over, results, pause, settings, rules, a
chooser) must never raise, and after every frame the app is in a sound state: a non-empty
stack with no scene on it twice, a top scene that draws, and no quitting unless a Quit was
chosen.  Wherever the monkey's clicks lead (another scene, a new game, the title again) it
keeps going; settings it changes are written to the test's temporary folder.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest
from test_menus import finished_game
from ui_driver import hot_seat_table

from famiglia.ui.app import App
from famiglia.ui.chooser import ChooserScene
from famiglia.ui.scenes.handover import HandoverScene
from famiglia.ui.scenes.new_game import NewGameScene
from famiglia.ui.scenes.pause import PauseScene
from famiglia.ui.scenes.results import ResultsScene
from famiglia.ui.scenes.rules_help import RulesScene
from famiglia.ui.scenes.settings import SettingsScene
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.scenes.title import TitleScene

FRAMES = 240
KEYS = [pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB,
        pygame.K_BACKSPACE, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END, pygame.K_F11,
        *range(pygame.K_0, pygame.K_9 + 1), *range(pygame.K_a, pygame.K_z + 1)]
TEXT = "abcxyzVito Carla 0123 ÄéÜ-_.!?"


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    """One plausible input event, weighted towards the mouse."""
    pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    kind = rng.random()
    if kind < 0.35:
        buttons = (1, 0, 0) if rng.random() < 0.3 else (0, 0, 0)
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)
    if kind < 0.5:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 3)))
    if kind < 0.65:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=rng.choice((1, 1, 3)))
    if kind < 0.7:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)),
                                  flipped=False)
    if kind < 0.88:
        key = rng.choice(KEYS)
        kind_of_key = pygame.KEYDOWN if rng.random() < 0.7 else pygame.KEYUP
        return pygame.event.Event(kind_of_key, key=key, mod=0, unicode="", scancode=0)
    if kind < 0.98:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXT))
    width = rng.randrange(1024, 1700)
    height = rng.randrange(640, 1100)
    return pygame.event.Event(pygame.WINDOWSIZECHANGED, x=width, y=height)


def results(app: App) -> ResultsScene:
    names = ("Vito", "Carla")

    def play_again() -> None:
        app.replace(hot_seat_table(app, names, fresh_cards_rule=True))

    return ResultsScene(app, finished_game(11), names, play_again=play_again)


STARTS: dict[str, Callable[[App], object]] = {
    "title": lambda app: None,
    "new game": lambda app: app.push(NewGameScene(app)),
    "table": lambda app: app.push(hot_seat_table(app, ("Vito", "Carla"),
                                                 fresh_cards_rule=True)),
    "hand-over": lambda app: app.push(HandoverScene(app, "Vito")),
    "results": lambda app: app.push(results(app)),
    "pause": lambda app: app.push(PauseScene(app)),
    "settings": lambda app: app.push(SettingsScene(app)),
    "rules": lambda app: app.push(RulesScene(app)),
    "chooser": lambda app: app.push(ChooserScene(app, "Pay with", [("F2", 1), ("M3", 2)],
                                                 lambda value: None)),
}


def tables_match_the_core(app: App) -> bool:
    """The table's invariant: whenever its animations rest, its picture of the zones is
    exactly the core's layout (R3-R5: the events reproduce it)."""
    return all(scene.picture.zones == {zone: list(scene.game.zone_ids(zone))
                                       for zone in scene.picture.zones}
               for scene in app.scenes if isinstance(scene, TableScene) and not scene.busy)


def check_invariants(app: App) -> None:
    """What must hold after any input: a screen to show, each scene once on the stack, the
    title at the bottom of a menu stack, and a top scene that draws without error."""
    assert app.scenes, "the stack never runs empty while the app runs"
    assert len({id(scene) for scene in app.scenes}) == len(app.scenes), "no scene twice"
    assert app.running, "the monkey never asks to quit"
    top = app.scenes[-1]
    top.draw(app.screen)
    assert not any(isinstance(scene, TitleScene) for scene in app.scenes[1:]), \
        "the title is only ever the root"


def is_quit(event: pygame.event.Event, app: App) -> bool:
    """The inputs that close the game on purpose: the Quit buttons and their Q hotkey."""
    if event.type == pygame.KEYDOWN and event.key == pygame.K_q:
        return True
    if event.type != pygame.MOUSEBUTTONUP:
        return False
    menu = getattr(app.top, "menu", None)
    return any(button.text == "Quit" and button.rect.collidepoint(event.pos)
               for button in getattr(menu, "buttons", []))


@pytest.mark.parametrize("start", STARTS)
def test_monkey(app: App, start: str) -> None:
    rng = random.Random(f"monkey {start}")
    app.reset(TitleScene(app))
    STARTS[start](app)
    visited: set[str] = set()
    for _ in range(FRAMES):
        events = []
        for _ in range(rng.randrange(1, 9)):
            event = random_event(rng, app.size)
            if event.type == pygame.WINDOWSIZECHANGED:
                app.window.size = (event.x, event.y)
            events.append(event)
        asked_to_quit = any(is_quit(event, app) for event in events)
        app.frame(events, rng.choice((0.0, 1 / 60, 1 / 30, 0.1)))
        if not app.running:
            assert asked_to_quit, "the app quit without being asked"
            app.running = True
        check_invariants(app)
        visited.add(type(app.top).__name__)
        assert tables_match_the_core(app)
    assert len(visited) > 1, "the monkey got somewhere"
