"""Command line: ``famiglia`` starts the game; ``famiglia --demo`` lets the computer play on
the animated table (``--bench N`` times N frames of it); ``famiglia bench`` measures the rules
core and the search player; ``famiglia simulate`` measures how hard each Gangster level is;
``famiglia arena A B`` measures two players against each other; ``famiglia replay FILE`` watches
a game record again; ``famiglia analyse FILE`` says where it was won and lost; ``famiglia
calibration`` checks the analysis's winning chances against play-outs; ``famiglia tutorial``
opens the lessons.  ``famiglia --smoke-test`` checks that this copy of the game works,
``--startup-bench`` times its start, ``--install-desktop`` puts it in the desktop's menu of
applications."""

from __future__ import annotations

import argparse
import logging
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from . import __version__
from .friend_options import FRIEND_COMMANDS, add_friend_commands
from .logs import details, start_logging

#: The bounds of the options: beyond them a run would never end or hold the machine.
MAX_SECONDS = 3600.0
MAX_GAMES = 1_000_000
MAX_JOBS = 256
MAX_FRAMES = 1_000_000
MAX_SEED = 2**63 - 1

#: Named under the ``famiglia`` logger (``__name__`` is ``__main__`` under ``python -m``), so
#: that what it logs reaches the log file.
log = logging.getLogger("famiglia.command_line")
#: pygame greets on the standard output when it is first imported; the command line's output
#: is its figures and nothing else.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

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


def parser() -> Parser:
    parser = Parser(prog="famiglia", description=__doc__)
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
    calibration.add_argument("--positions", type=whole(1, MAX_GAMES), default=200,
                             help="positions to check (default 200)")
    calibration.add_argument("--continuations", type=whole(1, MAX_GAMES), default=100,
                             help="continuations per position (default 100)")
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


def main(argv: list[str] | None = None) -> int:
    """Run the command line; the exit status (2 for a bad command line, 1 for a file that
    cannot be replayed or a game that stopped, 130 when interrupted)."""
    commands = parser()
    args = commands.parse_args(argv)
    try:
        return run(commands, args)
    except KeyboardInterrupt:
        print(f"{commands.prog}: interrupted", file=sys.stderr)
        return 130


def run(commands: Parser, args: argparse.Namespace) -> int:
    status = run_app_option(args)
    if status is not None:
        return status
    if args.command in FRIEND_COMMANDS:
        from .friend import run_friend_command

        return run_friend_command(args, commands.prog)
    if args.bench is not None:
        if not args.demo:
            commands.error("--bench N goes with --demo")
        from .ui.frame_bench import run_bench as run_frame_bench

        run_frame_bench(args.bench)
        return 0
    if args.demo:
        from .ui.demo import run_demo

        return windowed(run_demo)
    if args.command == "bench":
        from .bench import run_bench

        run_bench(args.seconds, args.seed)
        return 0
    if args.command == "simulate":
        from .simulate import run_simulation

        run_simulation(args.games, args.seed, fresh_cards_rule=not args.no_fresh_cards_rule)
        return 0
    if args.command == "tutorial":
        from .ui.launch import run_tutorial

        return windowed(run_tutorial)
    if args.command == "replay":
        from .ui.launch import run_replay

        return windowed(lambda: run_replay(Path(args.file)))
    if args.command == "analyse":
        from .analyse import run_analyse

        return run_analyse(Path(args.file), as_json=args.json, level=args.level,
                           seats=args.seats, seed=args.seed, jobs=args.jobs,
                           keep=not args.no_keep)
    if args.command == "calibration":
        from .calibration import run_calibration

        return run_calibration(positions=args.positions, continuations=args.continuations,
                               seed=args.seed, jobs=args.jobs, records=args.records,
                               cache=args.cache, diagram=args.diagram)
    if args.command == "arena":
        from .arena import parse_entrant, run_arena

        try:
            a, b = parse_entrant(args.a), parse_entrant(args.b)
        except ValueError as error:
            commands.error(str(error))
        if a.startswith("gangster:"):
            commands.error("the Gangster plays only as B, e.g. famiglia arena mcts gangster:3a")
        run_arena(a, b, args.games, jobs=args.jobs, seed=args.seed,
                  fresh_cards_rule=not args.no_fresh_cards_rule)
        return 0
    from .ui.launch import play

    return windowed(play)


# The app as a player installs it: its checks, its start-up and its place on the desktop.

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


def run_app_option(args: argparse.Namespace) -> int | None:
    """Run the app option given; None when none was."""
    if args.smoke_test:
        from .ui.smoke_test import run_smoke_test

        return run_smoke_test()
    if args.startup_bench is not None:
        from .ui.startup_bench import run_startup_bench

        run_startup_bench(args.startup_bench)
        return 0
    if args.first_frame:
        from .ui.launch import first_title_frame

        return windowed(first_title_frame)
    if args.install_desktop or args.uninstall_desktop:
        from .desktop import run_desktop

        return run_desktop(installing=args.install_desktop)
    return None


def windowed(run_window: Callable[[], int | None]) -> int:
    """Run the window with a log file; its exit status (0 unless it returns another); an
    error that stops it (no display …) is logged and said in one line, never a traceback."""
    start_logging()
    try:
        status = run_window()
    except Exception as error:
        log.exception("Famiglia stopped")
        print(stopped(error), file=sys.stderr)
        return 1
    return status or 0


def stopped(error: Exception) -> str:
    """The line that says the window stopped, in the player's language (``FAMIGLIA_LANG``, else
    the settings' or the system's: the window may have stopped before it chose one)."""
    from .i18n import gettext, set_language, startup_language, translate_message
    from .store.settings import SettingsStore

    set_language(startup_language(SettingsStore().load().language))
    # Translators: the one line on the terminal when the window could not go on; {error} is
    # Python's name of the error and its text, {details} says where the log file is.
    return gettext("famiglia: the game stopped ({error}). {details}").format(
        error=f"{type(error).__name__}: {error}", details=translate_message(details()))


if __name__ == "__main__":
    sys.exit(main())
