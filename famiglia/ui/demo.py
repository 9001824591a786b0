"""The attract mode and the frame-time benchmark.

``famiglia --demo``: two computer seats (the search player at :data:`DEMO_LEVELS`, thinking
in the table's worker process) play each other on the animated table, each action announced
in a caption; the results stay up for a few seconds, then a new game is dealt; Esc opens the
pause menu as in any game.  ``famiglia --demo --bench N`` renders N frames of the same demo at
1280×800 with a fixed time step, paced at 60 frames per second so that the computer thinks in
real time beside them, as in play, and prints the median, 95th and 99th percentile frame time
(all frames, and those drawn while the computer thinks) and the peak memory.
"""

from __future__ import annotations

import math
import os
import random
import sys
import time
from collections.abc import Callable

import pygame

from ..players.seats import Seat
from ..rules import Game
from ..store.settings import Settings
from .app import App
from .scene import Scene
from .scenes.table import TableScene

DEMO_NAMES = ("Vito", "Carla")
#: The demo's computer seats: a strong game worth watching.
DEMO_LEVELS = ("hard", "expert")
#: How long the results of a demo game stay up before the next deal.
RESULTS_SECONDS = 8.0
BENCH_SIZE = (1280, 800)


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


def percentile(sorted_values: list[float], share: float) -> float:
    """Nearest-rank percentile of already sorted values (``share`` from 0 to 1)."""
    rank = max(1, math.ceil(share * len(sorted_values)))
    return sorted_values[rank - 1]


def peak_memory_mib(*, children: bool = False) -> float | None:
    """The process's peak resident memory (or its finished child processes' largest, the
    thinking worker's), where the platform reports it."""
    try:
        import resource
    except ImportError:
        return None
    who = resource.RUSAGE_CHILDREN if children else resource.RUSAGE_SELF
    peak = resource.getrusage(who).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def run_bench(frames: int, seed: int = 1) -> dict[str, float]:
    """Render ``frames`` frames of the demo at 1280×800 with the default settings and a fixed
    1/60 s step at 60 frames per second, timing every ``app.frame``; print and return the
    figures, those of the frames drawn while a computer seat was thinking too."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    app = App(size=BENCH_SIZE)
    app.settings = Settings()
    app.push(DemoTableScene(app, seed=seed))
    times: list[float] = []
    thinking: list[float] = []
    for _ in range(frames):
        events = pygame.event.get()
        table = app.top if isinstance(app.top, TableScene) else None
        start = time.perf_counter()
        app.frame(events, 1 / 60)
        spent = time.perf_counter() - start
        times.append(spent * 1000)
        if table is not None and table.thinker.busy:
            thinking.append(times[-1])
        if not app.running:
            break
        time.sleep(max(0.0, 1 / 60 - spent))
    for scene in app.scenes:
        if isinstance(scene, TableScene):
            scene.thinker.close()
    times.sort()
    thinking.sort()
    figures = {"p50": percentile(times, 0.5), "p95": percentile(times, 0.95),
               "p99": percentile(times, 0.99), "frames": float(len(times)),
               "thinking_frames": float(len(thinking))}
    line = (f"p50 {figures['p50']:.2f} ms  p95 {figures['p95']:.2f} ms  "
            f"p99 {figures['p99']:.2f} ms")
    if thinking:
        figures["thinking_p95"] = percentile(thinking, 0.95)
        line += (f"; while the computer thinks ({len(thinking)} frames) p95 "
                 f"{figures['thinking_p95']:.2f} ms")
    peak = peak_memory_mib()
    if peak is not None:
        figures["peak_mib"] = peak
        line += f"  peak memory {peak:.0f} MiB"
        worker = peak_memory_mib(children=True)
        if worker:
            line += f" (thinking worker {worker:.0f} MiB)"
    print(f"{len(times)} frames of the demo at {BENCH_SIZE[0]}×{BENCH_SIZE[1]}: {line}")
    pygame.quit()
    return figures
