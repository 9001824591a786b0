"""The attract mode and the frame-time benchmark.

``famiglia --demo``: the computer players of :mod:`famiglia.players` (the search player at
its easiest level) play both seats on the animated table, the results stay up for a few
seconds, then a new game is dealt; Esc opens the pause
menu as in any game.  ``famiglia --demo --bench N`` renders N frames of the same demo at
1280×800 with a fixed time step (no waiting for the clock) and prints the median, 95th and
99th percentile frame time and the peak memory.
"""

from __future__ import annotations

import math
import os
import random
import sys
import time
from collections.abc import Callable

import pygame

from ..players import Player, make_player
from ..rules import Event, Game
from ..store.settings import Settings
from .app import App
from .scene import Scene
from .scenes.table import TableScene

DEMO_NAMES = ("Vito", "Carla")
#: The demo's players think briefly, so that the game moves along.
DEMO_LEVEL = "easy"
#: How long the results of a demo game stay up before the next deal.
RESULTS_SECONDS = 8.0
BENCH_SIZE = (1280, 800)


class PlayerSeat:
    """A seat of the table played by one of :mod:`famiglia.players`' players."""

    def __init__(self, player: Player) -> None:
        self.player = player

    def play(self, game: Game) -> list[Event]:
        return game.apply(self.player.choose(game))


class DemoTableScene(TableScene):
    """A table where the computer plays both seats; ``seed`` makes the demo repeatable (the
    deal and every move), each following game taking the next seed."""

    def __init__(self, app: App, *, seed: int | None = None) -> None:
        self.seed = seed if seed is not None else random.randrange(2**31)
        game = Game.new(self.seed, first_player=self.seed % 2,
                        fresh_cards_rule=app.settings.fresh_cards_rule)
        super().__init__(app, game, DEMO_NAMES, seats=("random", "random"))
        self.flow.controllers = tuple(
            PlayerSeat(make_player("mcts", level=DEMO_LEVEL, seed=self.seed + seat))
            for seat in (0, 1))

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


def run_demo(seed: int | None = None) -> None:
    """Open the window and play demo games until the player quits."""
    app = App()
    app.push(DemoTableScene(app, seed=seed))
    app.run()


def percentile(sorted_values: list[float], share: float) -> float:
    """Nearest-rank percentile of already sorted values (``share`` from 0 to 1)."""
    rank = max(1, math.ceil(share * len(sorted_values)))
    return sorted_values[rank - 1]


def peak_memory_mib() -> float | None:
    """The process's peak resident memory, where the platform reports it."""
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def run_bench(frames: int, seed: int = 1) -> dict[str, float]:
    """Render ``frames`` frames of the demo at 1280×800 with the default settings and a fixed
    1/60 s step, timing every ``app.frame``; print and return the figures."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    app = App(size=BENCH_SIZE)
    app.settings = Settings()
    app.push(DemoTableScene(app, seed=seed))
    times: list[float] = []
    for _ in range(frames):
        events = pygame.event.get()
        start = time.perf_counter()
        app.frame(events, 1 / 60)
        times.append((time.perf_counter() - start) * 1000)
        if not app.running:
            break
    times.sort()
    figures = {"p50": percentile(times, 0.5), "p95": percentile(times, 0.95),
               "p99": percentile(times, 0.99), "frames": float(len(times))}
    line = (f"p50 {figures['p50']:.2f} ms  p95 {figures['p95']:.2f} ms  "
            f"p99 {figures['p99']:.2f} ms")
    peak = peak_memory_mib()
    if peak is not None:
        figures["peak_mib"] = peak
        line += f"  peak memory {peak:.0f} MiB"
    print(f"{len(times)} frames of the demo at {BENCH_SIZE[0]}×{BENCH_SIZE[1]}: {line}")
    pygame.quit()
    return figures
