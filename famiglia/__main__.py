"""Command line: ``famiglia`` starts the game; ``famiglia --demo`` lets the computer play on
the animated table (``--bench N`` times N frames of it); ``famiglia bench`` measures the rules
core; ``famiglia simulate`` measures how hard each Gangster level is."""

from __future__ import annotations

import argparse
import sys

from . import __version__


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="famiglia", description=__doc__)
    parser.add_argument("--version", action="version", version=f"famiglia {__version__}")
    parser.add_argument("--demo", action="store_true",
                        help="attract mode: the computer plays both seats on the animated table")
    parser.add_argument("--bench", type=int, metavar="N",
                        help="with --demo: render N frames at 1280×800 and print the frame "
                             "times (p50, p95, p99) and the peak memory")
    commands = parser.add_subparsers(dest="command")
    bench = commands.add_parser("bench", help="benchmark the rules core with random games")
    bench.add_argument("--seconds", type=float, default=3.0,
                       help="how long to play each policy (default 3)")
    bench.add_argument("--seed", type=int, default=1, help="first game seed")
    simulate = commands.add_parser("simulate", help="measure each Gangster level's difficulty")
    simulate.add_argument("--games", type=int, default=300,
                          help="games per level, variant and policy (default 300)")
    simulate.add_argument("--seed", type=int, default=1, help="first game seed")
    simulate.add_argument("--no-fresh-cards-rule", action="store_true",
                          help="play without the fresh-cards rule (R3.1d)")
    args = parser.parse_args(argv)
    if args.bench is not None:
        if not args.demo or args.bench < 1:
            parser.error("--bench N goes with --demo, N at least 1")
        from .ui.demo import run_bench

        run_bench(args.bench)
        return 0
    if args.demo:
        from .ui.demo import run_demo

        run_demo()
        return 0
    if args.command == "bench":
        from .bench import run_bench

        run_bench(args.seconds, args.seed)
        return 0
    if args.command == "simulate":
        from .simulate import run_simulation

        if args.games < 1:
            parser.error("--games must be at least 1")
        run_simulation(args.games, args.seed, fresh_cards_rule=not args.no_fresh_cards_rule)
        return 0
    play()
    return 0


def play() -> None:
    """Open the window on the title screen and run the game until the player quits."""
    from .ui.app import App
    from .ui.scenes.title import TitleScene

    app = App()
    app.push(TitleScene(app))
    app.run()


if __name__ == "__main__":
    sys.exit(main())
