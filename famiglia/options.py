"""The command line's options and commands (``famiglia --help`` lists them).

Loaded only for a command line with words in it: ``famiglia`` alone opens the title without
building this parser (:func:`famiglia.__main__.main`), which with ``argparse`` and the help
texts of every command takes a few milliseconds of the title's start.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from . import __version__
from .friend_options import add_friend_commands

#: The bounds of the options: beyond them a run would never end or hold the machine.
MAX_SECONDS = 3600.0
MAX_GAMES = 1_000_000
MAX_JOBS = 256
MAX_FRAMES = 1_000_000
MAX_SEED = 2**63 - 1

#: ``--demo --bench`` without a number: half a minute of frames.
BENCH_FRAMES = 1800
#: ``--startup-bench`` without a number: starts of each.
STARTUP_RUNS = 5


class Parser(argparse.ArgumentParser):
    """A bad command line is one line on the standard error stream (and exit status 2),
    never a usage block or a traceback."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def whole(low: int, high: int) -> Callable[[str], int]:
    """An option's whole number from ``low`` to ``high``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}, not {value}")
        return value
    return parse


def seconds(text: str) -> float:
    """An option's time: more than 0 and at most :data:`MAX_SECONDS` seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (math.isfinite(value) and 0 < value <= MAX_SECONDS):
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most "
                                         f"{MAX_SECONDS:.0f} seconds, not {text}")
    return value


SEED = whole(-MAX_SEED, MAX_SEED)

#: What ``famiglia --help`` says first: plain words for whoever reads it in a terminal.
DESCRIPTION = ("Famiglia, Friedemann Friese's card game for two. Without a command it opens "
               "the game; the commands below open the lessons or a game record, measure and "
               "analyse games, or play a friend on another computer.")


def parser() -> Parser:
    parser = Parser(prog="famiglia", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"famiglia {__version__}")
    parser.add_argument("--demo", action="store_true",
                        help="attract mode: the computer plays both seats on the animated table")
    parser.add_argument("--bench", type=whole(1, MAX_FRAMES), metavar="N", nargs="?",
                        const=BENCH_FRAMES,
                        help="with --demo: render N frames (default %(const)s) at 1280×800 "
                             "and print the frame times (p50, p95, p99) and the peak memory, "
                             "beside those of a bare window that only fills and flips")
    add_app_options(parser)
    commands = parser.add_subparsers(dest="command")
    add_friend_commands(commands)
    bench = commands.add_parser("bench", help="benchmark the rules core with random games "
                                              "and the search player's speed")
    bench.add_argument("--seconds", type=seconds, default=3.0,
                       help="how long to play each policy (default 3, at most 3600)")
    bench.add_argument("--seed", type=SEED, default=1, help="first game seed")
    simulate = commands.add_parser("simulate", help="measure each Gangster level's difficulty")
    simulate.add_argument("--games", type=whole(1, MAX_GAMES), default=300,
                          help="games per level, variant and policy (default 300)")
    simulate.add_argument("--seed", type=SEED, default=1, help="first game seed")
    simulate.add_argument("--no-fresh-cards-rule", action="store_true",
                          help="play without the fresh-cards rule (R3.1d)")
    commands.add_parser("tutorial", help="learn to play: short lessons on the real table")
    replay = commands.add_parser("replay", help="watch a game record again, move by move")
    replay.add_argument("file", help="a record file (past games export them)")
    arena = commands.add_parser(
        "arena", help="play two players against each other on the same deals, seats swapped",
        description="Players: random, no_pass_random, balanced, greedy, mcts (the strongest "
                    "level), mcts:<level> (easy, medium, hard, expert), mcts:<iterations>; "
                    "B may also be the Gangster, gangster:<level 1-4><variant a/b>.  Each "
                    "deal is played twice, A in seat 0 and then in seat 1; an odd number of "
                    "games plays its last deal once, with A in seat 0.")
    arena.add_argument("a", help="the player measured, e.g. mcts:expert")
    arena.add_argument("b", help="its opponent, e.g. greedy or gangster:3a")
    arena.add_argument("--games", type=whole(1, MAX_GAMES), default=200,
                       help="games in all (default 200)")
    arena.add_argument("--jobs", type=whole(1, MAX_JOBS), default=None,
                       help="processes to play on (default: one per core)")
    arena.add_argument("--seed", type=SEED, default=1, help="first deal's seed")
    arena.add_argument("--no-fresh-cards-rule", action="store_true",
                       help="play without the fresh-cards rule (R3.1d)")
    analyse = commands.add_parser(
        "analyse", help="analyse a game record: the chances each decision gave away",
        description="For every decision of the analysed seats: the move played, the best "
                    "move, the winning chances lost (percentage points) and a verdict.")
    analyse.add_argument("file", help="a record file (past games export them)")
    analyse.add_argument("--json", action="store_true",
                         help="print one JSON list, one object per decision")
    analyse.add_argument("--level",
                         help="the level whose search proposes the best moves (default expert)")
    analyse.add_argument("--seats", help="0, 1 or 0,1 (default: the people's seats)")
    analyse.add_argument("--seed", type=SEED, default=1,
                         help="the searches' seed (default 1)")
    analyse.add_argument("--jobs", type=whole(0, MAX_JOBS), default=None,
                         help="processes to analyse on (default: one per core; 0: none)")
    analyse.add_argument("--no-keep", action="store_true",
                         help="neither use nor keep an analysis kept in the data folder")
    calibration = commands.add_parser(
        "calibration", help="check the analysis's winning chances against play-outs",
        description="For positions of game records (or of games between the computer's "
                    "levels): the analysis's winning chances against the win rate of many "
                    "continuations with the draw pile dealt anew; prints the mean and the "
                    "largest gap and draws a reliability diagram.")
    calibration.add_argument("--positions", type=whole(1, MAX_GAMES), default=300,
                             help="positions to check (default 300)")
    calibration.add_argument("--continuations", type=whole(1, MAX_GAMES), default=400,
                             help="continuations per position (default 400)")
    calibration.add_argument("--level",
                             help="play the continuations with both seats at this computer "
                                  "level (slow) instead of the analysis's play-out player")
    calibration.add_argument("--seed", type=SEED, default=1, help="first deal's seed")
    calibration.add_argument("--jobs", type=whole(1, MAX_JOBS), default=None,
                             help="processes to check on (default: one per core)")
    calibration.add_argument("--records", type=Path, nargs="+", default=[],
                             help="game records to take the positions from")
    calibration.add_argument("--cache", type=Path,
                             help="a file that keeps each position checked (a stopped run "
                                  "goes on where it stopped)")
    calibration.add_argument("--diagram", type=Path, help="save the reliability diagram "
                                                           "here (PNG)")
    return parser



def add_app_options(parser: Parser) -> None:
    app = parser.add_argument_group("the app")
    app.add_argument("--smoke-test", action="store_true",
                     help="check that this copy of the game works (the window, the cards, the "
                          "languages, the rules, a save, the computer's worker process) in a "
                          "temporary folder; prints each check, exit status 1 at the first "
                          "that fails")
    app.add_argument("--startup-bench", type=whole(1, 100), metavar="N", nargs="?",
                     const=STARTUP_RUNS,
                     help="time N starts (default %(const)s) from start to the title shown, "
                          "beside a bare pygame-ce window opened the same way")
    desktop = app.add_mutually_exclusive_group()
    desktop.add_argument("--install-desktop", action="store_true",
                         help="Linux: add Famiglia to the desktop's applications, with its "
                              "icon, starting this copy")
    desktop.add_argument("--uninstall-desktop", action="store_true",
                         help="Linux: remove what --install-desktop added")
    app.add_argument("--first-frame", action="store_true", help=argparse.SUPPRESS)
