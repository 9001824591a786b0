"""The start-up benchmark: ``famiglia --startup-bench [N]``.

How long a player waits from starting the game until the title is on screen, beside how long
a bare pygame-ce window takes to show its first frame when it is opened the same way, in the
same run.  Each is started N times as a new process, in turn (bare, title, bare, …), after one
warm-up run of each that is not counted (it fills the disk cache, writes the bytecode and
keeps the compiled catalog in the game's cache folder, as an installed game has them after its
first start).  A run's time is the wall time from starting the process to the
line it prints the moment its first frame is shown (:func:`.bare_window.first_frame_line`);
its CPU time is what the process had used by then.  The title's start also says when it would
answer input (:func:`.bare_window.answers_input_line`: what the app loads and checks right
after the first frame, and the sound device, are done); the bare window answers input with
its first frame.

* the title: this program again (the bundle's, or ``python -m famiglia``) with the hidden
  option ``--first-frame``, which starts as ``famiglia`` does, draws the title and goes on
  until it would answer input (:func:`.launch.first_title_frame`);
* the bare window: :mod:`.bare_window` (``python -m famiglia.ui.bare_window``, or the
  bundle's program with ``--bare-window``, which loads nothing of the game), at the window
  size the game opens at, with the same framebuffer.

Both run with the game's files in a temporary folder (default settings, no saved game, as
at a first start), never the player's.  Without a display (Linux with neither ``DISPLAY`` nor
``WAYLAND_DISPLAY``) both run on SDL's dummy drivers.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

from ..store.settings import Settings
from .bare_window import without_display

RUNS = 5
#: A start that takes longer than this has hung.
TIMEOUT = 120.0


def own_command() -> list[str]:
    """How to start this game again in a new process: the bundle's program, or this Python
    with the package."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    return [sys.executable, "-m", "famiglia"]


def bare_command(size: tuple[int, int]) -> list[str]:
    """How to start the bare window in a new process, loading nothing of the game."""
    arguments = ["--first-frame", *(str(value) for value in size)]
    if getattr(sys, "frozen", False):
        return [sys.executable, "--bare-window", *arguments]
    return [sys.executable, "-m", "famiglia.ui.bare_window", *arguments]


@dataclass(frozen=True)
class Start:
    """One start: the wall time to the first frame and the CPU time used by then (s), the
    same to the moment it answers input, and the video driver it ran on."""

    wall: float
    cpu: float
    driver: str
    input_wall: float
    input_cpu: float


def start(command: list[str], env: dict[str, str]) -> Start:
    """Start ``command``, wait for its first-frame line (and its answers-input line, if it
    prints one) and let it close; ``RuntimeError`` with its error output when it prints no
    first frame or fails."""
    begun = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=env)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        shown = time.perf_counter()
        answer = process.stdout.readline()
        answered = time.perf_counter()
        _, errors = process.communicate(timeout=TIMEOUT)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    if process.returncode != 0 or not line.strip():
        raise RuntimeError(f"{' '.join(command)} failed (exit status {process.returncode}): "
                           f"{errors.strip() or 'no first frame'}")
    result = json.loads(line)
    first = Start(shown - begun, float(result["first_frame_cpu"]), str(result["driver"]),
                  shown - begun, float(result["first_frame_cpu"]))
    if not answer.strip():
        return first
    return replace(first, input_wall=answered - begun,
                   input_cpu=float(json.loads(answer)["answers_input_cpu"]))


def environment(folder: Path) -> dict[str, str]:
    """The children's environment: the game's files in ``folder``; bytecode written as an
    installed package has it; the dummy drivers without a display."""
    env = {key: value for key, value in os.environ.items()
           if key != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYGAME_HIDE_SUPPORT_PROMPT="1", FAMIGLIA_DATA_DIR=str(folder / "data"),
               FAMIGLIA_CONFIG_DIR=str(folder / "config"), FAMIGLIA_CACHE_DIR=str(folder / "cache"),
               FAMIGLIA_LOG_DIR=str(folder / "log"))
    if without_display():
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
    return env


def run_startup_bench(runs: int = RUNS) -> dict[str, float]:
    """Time ``runs`` starts of each, print the figures and return the medians (s) and the
    ratios (the median of the runs' title/bare ratios, each run with the bare window's run
    before it)."""
    size = Settings().window_size
    with tempfile.TemporaryDirectory(prefix="famiglia-startup-") as folder:
        env = environment(Path(folder))
        title = [*own_command(), "--first-frame"]
        bare = bare_command(size)
        start(bare, env)
        start(title, env)
        pairs = [(start(bare, env), start(title, env)) for _ in range(runs)]
    bares = [pair[0] for pair in pairs]
    titles = [pair[1] for pair in pairs]
    figures = {
        "bare_wall": statistics.median(run.wall for run in bares),
        "bare_cpu": statistics.median(run.cpu for run in bares),
        "title_wall": statistics.median(run.wall for run in titles),
        "title_cpu": statistics.median(run.cpu for run in titles),
        "wall_ratio": statistics.median(shown.wall / yardstick.wall
                                        for yardstick, shown in pairs),
        "cpu_ratio": statistics.median(shown.cpu / yardstick.cpu for yardstick, shown in pairs),
        "input_wall": statistics.median(run.input_wall for run in titles),
        "input_cpu": statistics.median(run.input_cpu for run in titles),
        "input_wall_ratio": statistics.median(shown.input_wall / yardstick.wall
                                              for yardstick, shown in pairs),
        "input_cpu_ratio": statistics.median(shown.input_cpu / yardstick.cpu
                                             for yardstick, shown in pairs),
        "input_wait_wall": statistics.median(run.input_wall - run.wall for run in titles),
        "input_wait_cpu": statistics.median(run.input_cpu - run.cpu for run in titles),
    }
    width, height = size
    where = "the bundle" if getattr(sys, "frozen", False) else "the installed package"
    print(f"From start to the first frame shown, {where}, window {width}×{height}, video "
          f"driver {titles[0].driver}; median (min–max) of {runs} runs each, in turn:")
    for name, measured in (("a bare pygame-ce window", bares), ("Famiglia's title", titles)):
        walls = [run.wall for run in measured]
        cpus = [run.cpu for run in measured]
        print(f"  {name:<24} {statistics.median(walls):.3f} s ({min(walls):.3f}–"
              f"{max(walls):.3f}), CPU {statistics.median(cpus):.3f} s")
    print(f"  the title against the bare window: {figures['wall_ratio']:.2f}× the time, "
          f"{figures['cpu_ratio']:.2f}× the CPU")
    print(f"The title answers input {figures['input_wait_wall']:.3f} s (CPU "
          f"{figures['input_wait_cpu']:.3f} s) after its first frame: at "
          f"{figures['input_wall']:.3f} s, CPU {figures['input_cpu']:.3f} s, "
          f"{figures['input_wall_ratio']:.2f}× the bare window's time, "
          f"{figures['input_cpu_ratio']:.2f}× its CPU")
    return figures
