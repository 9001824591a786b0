"""The frame-time and memory benchmark: ``famiglia --demo --bench [N]``.

It first runs the yardstick, a bare pygame-ce window of the same size that only fills and
flips (:mod:`.bare_window`, in a process of its own; on X11 a second time with X11's own
framebuffer, as the game opens its window: see :func:`.app.plain_framebuffer`), then renders
N frames of the demo (:mod:`.demo`) at 1280×800 with the default settings and a fixed 1/60 s
step, paced at 60 frames per second so that the computer thinks in real time beside them, as
in play.  It prints both: the median, 95th and 99th percentile frame time (and the demo's
while the computer thinks), the peak memory of each (and of the thinking worker, its own
process), and the demo's figures as multiples of the bare window's (of each bare window's, on
X11).

Without a display (Linux with neither ``DISPLAY`` nor ``WAYLAND_DISPLAY``) both run on SDL's
dummy video driver.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import time
from dataclasses import dataclass

import pygame

from ..store.settings import Settings
from .app import App
from .bare_window import FPS, peak_memory_mib, percentile, without_display
from .demo import DemoTableScene
from .scenes.table import TableScene

BENCH_SIZE = (1280, 800)
#: How often (frames) the thinking worker's peak memory is read while the demo runs.
WORKER_SAMPLE = 30


@dataclass(frozen=True)
class Figures:
    """One loop's frame times (ms, sorted), peak memory (MiB, None where unknown) and video
    driver."""

    times: list[float]
    peak_mib: float | None
    driver: str = ""

    def p(self, share: float) -> float:
        return percentile(self.times, share)

    def line(self) -> str:
        return (f"p50 {self.p(0.5):.2f} ms  p95 {self.p(0.95):.2f} ms  "
                f"p99 {self.p(0.99):.2f} ms")


def bare_window(frames: int, **variables: str) -> Figures:
    """The yardstick, in a fresh process that imports only pygame, with the environment
    ``variables`` added."""
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", **variables)
    done = subprocess.run(
        [sys.executable, "-m", "famiglia.ui.bare_window", str(frames), *map(str, BENCH_SIZE)],
        capture_output=True, text=True, env=env, check=True)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return Figures(sorted(result["times"]), result["peak_mib"], result["driver"])


def _worker_peak(seen: dict[int, float]) -> None:
    """Note the peak memory of every thinking worker alive now (by process id)."""
    for child in multiprocessing.active_children():
        if child.pid is not None:
            peak = peak_memory_mib(child.pid)
            if peak is not None:
                seen[child.pid] = max(peak, seen.get(child.pid, 0.0))


@dataclass(frozen=True)
class DemoFigures:
    """The demo's frames (all, and those drawn while a computer seat was thinking) and the
    thinking worker's peak memory."""

    frames: Figures
    thinking: Figures
    worker_mib: float | None


def demo_frames(frames: int, seed: int) -> DemoFigures:
    app = App(size=BENCH_SIZE)
    driver = pygame.display.get_driver()
    app.settings = Settings()
    app.push(DemoTableScene(app, seed=seed))
    times: list[float] = []
    thinking: list[float] = []
    workers: dict[int, float] = {}
    for index in range(frames):
        events = pygame.event.get()
        table = app.top if isinstance(app.top, TableScene) else None
        start = time.perf_counter()
        app.frame(events, 1 / FPS)
        spent = time.perf_counter() - start
        times.append(spent * 1000)
        if table is not None and table.thinker.busy:
            thinking.append(times[-1])
        if index % WORKER_SAMPLE == 0:
            _worker_peak(workers)
        if not app.running:
            break
        time.sleep(max(0.0, 1 / FPS - spent))
    _worker_peak(workers)
    for scene in app.scenes:
        if isinstance(scene, TableScene):
            scene.thinker.close()
    peak = peak_memory_mib()
    app.close()
    pygame.quit()
    return DemoFigures(Figures(sorted(times), peak, driver), Figures(sorted(thinking), None),
                       max(workers.values()) if workers else None)


def _mib(value: float | None) -> str:
    return "unknown" if value is None else f"{value:.0f} MiB"


def run_bench(frames: int, seed: int = 1) -> dict[str, float]:
    """Run both loops, print their figures and return the demo's (ms and MiB)."""
    if without_display():
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    bare = bare_window(frames)
    plain = (bare_window(frames, SDL_FRAMEBUFFER_ACCELERATION="0")
             if bare.driver == "x11" and "SDL_FRAMEBUFFER_ACCELERATION" not in os.environ
             else None)
    run = demo_frames(frames, seed)
    demo, thinking, worker = run.frames, run.thinking, run.worker_mib
    width, height = BENCH_SIZE
    print(f"{len(bare.times)} frames of a bare pygame-ce window at {width}×{height} that only "
          f"fills and flips: {bare.line()}  peak memory {_mib(bare.peak_mib)}")
    if plain is not None:
        print(f"the same with X11's own framebuffer, as the game opens its window: "
              f"{plain.line()}  peak memory {_mib(plain.peak_mib)}")
    line = f"{len(demo.times)} frames of the demo at {width}×{height}: {demo.line()}"
    if thinking.times:
        line += (f"; while the computer thinks ({len(thinking.times)} frames) "
                 f"p95 {thinking.p(0.95):.2f} ms")
    print(f"{line}  peak memory {_mib(demo.peak_mib)} (thinking worker {_mib(worker)})")
    figures = {"p50": demo.p(0.5), "p95": demo.p(0.95), "p99": demo.p(0.99),
               "frames": float(len(demo.times)), "thinking_frames": float(len(thinking.times)),
               "bare_p95": bare.p(0.95), "p95_ratio": demo.p(0.95) / bare.p(0.95)}
    ratios = f"the demo against the bare window: p95 {figures['p95_ratio']:.2f}×"
    if thinking.times:
        figures["thinking_p95"] = thinking.p(0.95)
    if demo.peak_mib is not None:
        figures["peak_mib"] = demo.peak_mib
    if demo.peak_mib is not None and bare.peak_mib:
        figures["memory_ratio"] = demo.peak_mib / bare.peak_mib
        ratios += f", peak memory {figures['memory_ratio']:.2f}×"
    if worker is not None:
        figures["worker_mib"] = worker
    print(f"{ratios} (video driver: {demo.driver})")
    if plain is not None:
        figures["plain_p95_ratio"] = demo.p(0.95) / plain.p(0.95)
        line = (f"the demo against the bare window with X11's own framebuffer: "
                f"p95 {figures['plain_p95_ratio']:.2f}×")
        if demo.peak_mib is not None and plain.peak_mib:
            figures["plain_memory_ratio"] = demo.peak_mib / plain.peak_mib
            line += f", peak memory {figures['plain_memory_ratio']:.2f}×"
        print(line)
    return figures
