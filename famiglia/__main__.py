"""Command line: ``famiglia`` starts the game; ``famiglia --demo`` lets the computer play on
the animated table (``--bench N`` times N frames of it); ``famiglia bench`` measures the rules
core and the search player; ``famiglia simulate`` measures how hard each Gangster level is;
``famiglia arena A B`` measures two players against each other; ``famiglia replay FILE`` watches
a game record again; ``famiglia analyse FILE`` says where it was won and lost."""

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
    bench = commands.add_parser("bench", help="benchmark the rules core with random games "
                                              "and the search player's speed")
    bench.add_argument("--seconds", type=float, default=3.0,
                       help="how long to play each policy (default 3)")
    bench.add_argument("--seed", type=int, default=1, help="first game seed")
    simulate = commands.add_parser("simulate", help="measure each Gangster level's difficulty")
    simulate.add_argument("--games", type=int, default=300,
                          help="games per level, variant and policy (default 300)")
    simulate.add_argument("--seed", type=int, default=1, help="first game seed")
    simulate.add_argument("--no-fresh-cards-rule", action="store_true",
                          help="play without the fresh-cards rule (R3.1d)")
    replay = commands.add_parser("replay", help="watch a game record again, move by move")
    replay.add_argument("file", help="a record file (past games export them)")
    arena = commands.add_parser(
        "arena", help="play two players against each other on the same deals, seats swapped",
        description="Players: random, no_pass_random, balanced, greedy, mcts (the strongest "
                    "level), mcts:<level> (easy, medium, hard, expert), mcts:<iterations>; "
                    "B may also be the Gangster, gangster:<level 1-4><variant a/b>.")
    arena.add_argument("a", help="the player measured, e.g. mcts:expert")
    arena.add_argument("b", help="its opponent, e.g. greedy or gangster:3a")
    arena.add_argument("--games", type=int, default=200, help="games in all (default 200)")
    arena.add_argument("--jobs", type=int, default=None,
                       help="processes to play on (default: one per core)")
    arena.add_argument("--seed", type=int, default=1, help="first deal's seed")
    arena.add_argument("--no-fresh-cards-rule", action="store_true",
                       help="play without the fresh-cards rule (R3.1d)")
    analyse = commands.add_parser(
        "analyse", help="analyse a game record: the chances each decision gave away",
        description="For every decision of the analysed seats: the move played, the best "
                    "move, the winning chances lost (percentage points) and a verdict.")
    analyse.add_argument("file", help="a record file (past games export them)")
    analyse.add_argument("--json", action="store_true",
                         help="print one JSON list, one object per decision")
    analyse.add_argument("--level", default="expert",
                         help="the level whose search proposes the best moves (default expert)")
    analyse.add_argument("--seats", help="0, 1 or 0,1 (default: the people's seats)")
    analyse.add_argument("--seed", type=int, default=1,
                         help="the searches' seed (default 1)")
    analyse.add_argument("--jobs", type=int, default=None,
                         help="processes to analyse on (default: one per core; 0: none)")
    analyse.add_argument("--no-keep", action="store_true",
                         help="neither use nor keep an analysis kept in the data folder")
    args = parser.parse_args(argv)
    if args.bench is not None:
        if not args.demo or args.bench < 1:
            parser.error("--bench N goes with --demo, N at least 1")
        from .ui.demo import run_bench as run_frame_bench

        run_frame_bench(args.bench)
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
    if args.command == "replay":
        from pathlib import Path

        from .ui.scenes.replay import run_replay

        return run_replay(Path(args.file))
    if args.command == "analyse":
        from pathlib import Path

        from .analyse import run_analyse

        return run_analyse(Path(args.file), as_json=args.json, level=args.level,
                           seats=args.seats, seed=args.seed, jobs=args.jobs,
                           keep=not args.no_keep)
    if args.command == "arena":
        from .arena import parse_entrant, run_arena

        if args.games < 1 or (args.jobs is not None and args.jobs < 1):
            parser.error("--games and --jobs must be at least 1")
        try:
            a, b = parse_entrant(args.a), parse_entrant(args.b)
        except ValueError as error:
            parser.error(str(error))
        if a.startswith("gangster:"):
            parser.error("the Gangster plays only as B, e.g. famiglia arena mcts gangster:3a")
        run_arena(a, b, args.games, jobs=args.jobs, seed=args.seed,
                  fresh_cards_rule=not args.no_fresh_cards_rule)
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
