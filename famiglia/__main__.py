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

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from .friend_options import FRIEND_COMMANDS
from .logs import details, logger, start_logging, start_logging_later

if TYPE_CHECKING:
    import argparse

    from .options import Parser

#: Named under the ``famiglia`` logger (``__name__`` is ``__main__`` under ``python -m``), so
#: that what it logs reaches the log file.
log = logger("famiglia.command_line")
#: pygame greets on the standard output when it is first imported; the command line's output
#: is its figures and nothing else.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

#: The command lines that open the title, the commonest start: run without building the
#: option parser (:mod:`famiglia.options`).
PLAY: tuple[list[str], ...] = ([], ["--first-frame"])


def main(argv: list[str] | None = None) -> int:
    """Run the command line; the exit status (2 for a bad command line, 1 for a file that
    cannot be replayed or a game that stopped, 130 when interrupted)."""
    words = sys.argv[1:] if argv is None else argv
    try:
        if words in PLAY:
            return open_title(first_frame=bool(words))
        from .options import parser

        commands = parser()
        return run(commands, commands.parse_args(words))
    except KeyboardInterrupt:
        print("famiglia: interrupted", file=sys.stderr)
        return 130


def open_title(*, first_frame: bool) -> int:
    """``famiglia``: the window on the title; ``famiglia --first-frame``, the start-up
    benchmark's measured start: the same start up to the title's first frame, then close."""
    if first_frame:
        from .ui.launch import first_title_frame

        return windowed(first_title_frame, log_later=True)
    from .ui.launch import play

    return windowed(play, log_later=True)


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
                               cache=args.cache, diagram=args.diagram, level=args.level)
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
    return open_title(first_frame=False)


# The app as a player installs it: its checks, its start-up and its place on the desktop.

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
        return open_title(first_frame=True)
    if args.install_desktop or args.uninstall_desktop:
        from .desktop import run_desktop

        return run_desktop(installing=args.install_desktop)
    return None


def windowed(run_window: Callable[[], int | None], *, log_later: bool = False) -> int:
    """Run the window with a log file; its exit status (0 unless it returns another); an
    error that stops it (no display …) is logged and said in one line, never a traceback.
    ``log_later``: the title's start, whose app starts the log file after its first frame
    (or with the first record before it, :func:`famiglia.logs.start_logging_later`)."""
    if log_later:
        start_logging_later()
    else:
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
