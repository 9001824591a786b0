"""The attract mode.

``famiglia --demo``: two computer seats (the search player at :data:`DEMO_LEVELS`, thinking
in the table's worker process) play each other on the animated table, each action announced
in a caption; the results stay up for a few seconds, then a new game is dealt; Esc opens the
pause menu as in any game.  ``famiglia --demo --bench`` times it (:mod:`.frame_bench`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from ..players.seats import ComputerLevel, Seat
from ..rules import Game
from .app import App
from .scene import Scene
from .scenes.table import TableScene

DEMO_NAMES = ("Vito", "Carla")
#: The demo's computer seats: a strong game worth watching.
DEMO_LEVELS = (ComputerLevel.HARD, ComputerLevel.EXPERT)
#: How long the results of a demo game stay up before the next deal.
RESULTS_SECONDS = 8.0


class DemoTableScene(TableScene):
    """A table where the computer plays both seats; ``seed`` makes the deal and the players'
    seeds repeatable, each following game taking the next seed."""

    def __init__(self, app: App, *, seed: int | None = None) -> None:
        self.seed = seed if seed is not None else random.randrange(2**31)
        game = Game.new(self.seed, first_player=self.seed % 2,
                        fresh_cards_rule=app.settings.fresh_cards_rule)
        seats = (Seat.computer(DEMO_LEVELS[0], self.seed), Seat.computer(DEMO_LEVELS[1],
                                                                          self.seed + 1))
        super().__init__(app, game, DEMO_NAMES, seats=seats)

    def results_scene(self) -> Scene:
        return AttractResults(self.app, super().results_scene(), self.play_again)

    def play_again(self) -> None:
        self.app.replace(DemoTableScene(self.app, seed=self.seed + 1))


class AttractResults(Scene):
    """The results scene of a demo game, which deals the next game by itself after
    :data:`RESULTS_SECONDS`; until then its own buttons work as usual."""

    def __init__(self, app: App, results: Scene, next_game: Callable[[], None]) -> None:
        super().__init__(app)
        self.results = results
        self.next_game = next_game
        self.left = RESULTS_SECONDS

    def enter(self) -> None:
        self.results.enter()

    def leave(self) -> None:
        self.results.leave()

    def handle_event(self, event: pygame.event.Event) -> None:
        self.results.handle_event(event)

    def update(self, dt: float) -> None:
        self.results.update(dt)
        self.left -= dt
        if self.left <= 0 and self.app.top is self:
            self.next_game()

    def animating(self) -> bool:
        return self.results.animating()

    def next_change(self) -> float | None:
        """The next deal is due when the countdown ends."""
        soon = self.results.next_change()
        return self.left if soon is None else min(soon, self.left)

    def draw(self, surface: pygame.Surface) -> None:
        self.results.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        self.results.resize(size)

    def language_changed(self) -> None:
        self.results.language_changed()


def run_demo(seed: int | None = None) -> None:
    """Open the window and play demo games until the player quits."""
    app = App()
    app.push(DemoTableScene(app, seed=seed))
    app.run()
