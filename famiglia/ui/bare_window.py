"""The benchmarks' yardstick: a bare pygame-ce window that only fills and flips.

``python -m famiglia.ui.bare_window FRAMES WIDTH HEIGHT`` opens a window of that size as any
pygame-ce program would (SDL's defaults), fills and flips it FRAMES times at 60 frames per
second and prints one line of JSON: the time each frame took (ms), the process's peak memory
(MiB) and SDL's video driver.  ``famiglia --demo --bench`` runs it in a process of its own,
so that the memory is the window's alone.

``python -m famiglia.ui.bare_window --first-frame WIDTH HEIGHT`` opens the window as the game
opens its own (:func:`plain_framebuffer`), draws one frame and prints one line of JSON the
moment it is shown (:func:`first_frame_line`), then closes: ``famiglia --startup-bench``
times the game's first title frame against it.

This module imports nothing but pygame and the standard library.  It also holds the measures
the benchmarks share: percentiles and peak memory.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from pathlib import Path

import pygame

if sys.platform != "win32":  # getrusage is Unix's
    import resource

FPS = 60
MIB = 1024 * 1024


def percentile(sorted_values: list[float], share: float) -> float:
    """Nearest-rank percentile of already sorted values (``share`` from 0 to 1)."""
    rank = max(1, math.ceil(share * len(sorted_values)))
    return sorted_values[rank - 1]


def peak_memory_mib(pid: int | None = None) -> float | None:
    """The peak resident memory of process ``pid`` (None: this one) where the platform
    reports it.  Linux's ``/proc`` gives each process's own figure (``VmHWM``); elsewhere
    only this process's is known (``getrusage``).  (``getrusage``'s figure for child
    processes is no use: a child started by fork and exec inherits its parent's.)"""
    status = Path("/proc", "self" if pid is None else str(pid), "status")
    try:
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    if pid is not None or sys.platform == "win32":
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / MIB if sys.platform == "darwin" else peak / 1024


def without_display() -> bool:
    """Linux (or a BSD) with neither ``DISPLAY`` nor ``WAYLAND_DISPLAY``: the benchmarks then
    run on SDL's dummy video driver."""
    return (sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))
            and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"))


def plain_framebuffer() -> None:
    """On X11, SDL shows a window's surface through an OpenGL texture by default: each flip
    uploads the whole surface and draws it, and the GL driver alone takes about 100 MiB (with
    a software GL, as on a virtual machine or Xvfb, a flip then costs several milliseconds
    and its threads compete with the thinking worker).  X11's own shared-memory framebuffer
    shows the same pixels for the cost of a copy, so the game asks for it there, unless the
    environment already says which to use.  (Other platforms keep SDL's choice: on Wayland
    and macOS the texture is the only way.)  Call after ``pygame.display.init()`` and before
    the first ``get_surface()``."""
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def first_frame_line(driver: str) -> str:
    """What a process prints the moment its first frame is shown: the CPU time it has taken
    since it started (s) and the video driver, as one line of JSON."""
    return json.dumps({"first_frame_cpu": time.process_time(), "driver": driver})


def answers_input_line() -> str:
    """What the game's measured start prints once it would take the first input (after the
    first frame: what the main loop does before it waits for input): the CPU time by then."""
    return json.dumps({"answers_input_cpu": time.process_time()})


def first_frame(size: tuple[int, int]) -> None:
    """Open the window as the game does, show one frame, say so, close."""
    pygame.display.init()
    plain_framebuffer()
    window = pygame.Window("Famiglia bench: a bare window", size, resizable=True)
    window.get_surface().fill((34, 88, 60))
    window.flip()
    print(first_frame_line(pygame.display.get_driver()), flush=True)
    window.destroy()
    pygame.quit()


def fill_and_flip(frames: int, size: tuple[int, int]) -> tuple[list[float], str]:
    """The time (ms) each of ``frames`` fill-and-flip frames took, paced at :data:`FPS`, and
    the video driver."""
    pygame.display.init()
    driver = pygame.display.get_driver()
    window = pygame.Window("Famiglia bench: a bare window", size)
    surface = window.get_surface()
    times = []
    for index in range(frames):
        pygame.event.get()
        start = time.perf_counter()
        surface.fill((22, 64, 44) if index % 2 else (34, 88, 60))
        window.flip()
        spent = time.perf_counter() - start
        times.append(spent * 1000)
        time.sleep(max(0.0, 1 / FPS - spent))
    window.destroy()
    pygame.quit()
    return times, driver


def main(argv: list[str]) -> None:
    if argv[:1] == ["--first-frame"]:
        width, height = (int(value) for value in argv[1:])
        first_frame((width, height))
        return
    frames, width, height = (int(value) for value in argv)
    times, driver = fill_and_flip(frames, (width, height))
    print(json.dumps({"times": times, "peak_mib": peak_memory_mib(), "driver": driver}))


if __name__ == "__main__":
    main(sys.argv[1:])
