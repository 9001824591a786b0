"""``famiglia calibration``: are the analysis's winning chances what they say?

A thin wrapper over :mod:`famiglia.players.calibration`: it gathers positions (every few
decisions of game records, or of games it plays between the computer's levels), checks each
(the analysis's chances against the win rate of many continuations with the draw pile dealt
anew) on every core, keeps each checked position in a cache file as it goes (so a stopped run
goes on where it stopped), then prints the mean and the largest gap with a table per tenth of
the chances, and draws the reliability diagram as a PNG.  Like ``famiglia bench`` and
``famiglia arena`` it measures the program and speaks English.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from itertools import islice
from pathlib import Path

from .players.calibration import (
    PLAY_OUT,
    Checked,
    Sample,
    check,
    played_games,
    record_games,
    report,
    samples_of,
)
from .players.seats import ComputerLevel
from .rules import Game
from .rules.jsontext import loads
from .ui.analysis.reliability import save_diagram

#: Every how many decisions a game gives a position.
EVERY = 6


def _check(task: tuple[Sample, int, int, str]) -> Checked:
    sample, continuations, seed, player = task
    return check(sample, continuations, seed, player=player)


def run_calibration(*, positions: int, continuations: int, seed: int, jobs: int | None,
                    records: list[Path], cache: Path | None, diagram: Path | None,
                    level: str | None = None) -> int:
    """Check ``positions`` positions (see the module docstring), the continuations played by
    the play-out player or, given a ``level``, both seats at that computer level; the exit
    status."""
    try:
        player = PLAY_OUT if level is None else ComputerLevel.of(level).value
    except ValueError as error:
        print(f"--level: {error}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    games: Iterable[tuple[Game, str]] = (
        record_games([loads(path.read_bytes()) for path in records]) if records
        else played_games(positions, seed))
    samples = list(islice(samples_of(games, EVERY), positions))
    done: dict[str, Checked] = {}
    if cache is not None and cache.exists():
        for line in cache.read_text(encoding="utf-8").splitlines():
            if line.strip():
                item = Checked.from_dict(json.loads(line))
                if item.continuations == continuations and item.player == player:
                    done[item.source] = item
    todo = [(sample, continuations, seed, player) for sample in samples
            if sample.source not in done]
    workers = jobs or os.cpu_count() or 1
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_check, task) for task in todo]
        for future in as_completed(futures):
            item = future.result()
            done[item.source] = item
            if cache is not None:
                with cache.open("a", encoding="utf-8") as file:
                    file.write(json.dumps(item.to_dict()) + "\n")
            print(f"\r  {len(done)}/{len(samples)} positions, "
                  f"{time.perf_counter() - start:.0f} s", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    checked = [done[sample.source] for sample in samples if sample.source in done]
    found = report(checked)
    who = ("the play-out player" if player == PLAY_OUT
           else f"the {player.capitalize()} level")
    print(f"{found.positions} positions, {continuations} continuations each "
          f"(both seats as {who}, the draw pile dealt anew)")
    print(f"  mean gap {found.mean_gap:.1f} points, largest {found.largest_gap:.1f}, "
          f"{found.over_15} over 15")
    print(f"  noise floor: the win rates' own standard error is {found.mean_error:.1f} points "
          f"on average, which alone makes a mean gap of {found.noise_floor:.1f}")
    tenths = found.bin_gaps
    print(f"  per tenth of the chances: mean gap {tenths[0]:.1f} points, largest {tenths[1]:.1f}")
    print("  chances   won   positions")
    for chances, rate, count in found.bins:
        print(f"  {chances:5.1f} %  {rate:5.1f} %  {count:5d}")
    worst = sorted(checked, key=lambda item: -item.gap)[:5]
    print("  largest gaps: " + "; ".join(f"{item.source}: {item.chances:.1f} % against "
                                         f"{item.rate:.1f} %" for item in worst))
    if diagram is not None:
        save_diagram(found, checked, diagram,
                     f"{found.positions} positions: mean gap {found.mean_gap:.1f}, "
                     f"largest {found.largest_gap:.1f} points")
        print(f"  reliability diagram: {diagram}")
    return 0
