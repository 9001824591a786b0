"""The options of ``famiglia host``, ``famiglia join`` and ``famiglia verify`` (play a friend on
another computer, :mod:`famiglia.friend`): only argparse here, so that every command's start
stays light; the command line loads :mod:`famiglia.friend` when one of them runs."""

from __future__ import annotations

from typing import Any

#: The commands of this module.
FRIEND_COMMANDS = ("host", "join", "verify")


def add_friend_commands(commands: Any) -> None:
    """The ``host``, ``join`` and ``verify`` subcommands."""
    host = commands.add_parser("host", help="play a friend on another computer: wait for them")
    host.add_argument("--headless", action="store_true",
                      help="no window: a computer player plays this seat")
    host.add_argument("--player", default="greedy",
                      help="the computer player (any kind famiglia arena knows; default greedy)")
    host.add_argument("--name", default="Host", help="this player's name (default Host)")
    host.add_argument("--port", type=int, default=None,
                      help="the port to listen on (default 47326; 0: any free one)")
    host.add_argument("--bind", default="",
                      help="the address to listen on, or to offer for a direct connection "
                           "across the internet (default: every interface)")
    host.add_argument("--no-fresh-cards-rule", action="store_true",
                      help="play without the fresh-cards rule (R3.1d)")
    host.add_argument("--internet", action="store_true",
                      help="across the internet: print a magic-wormhole code")
    host.add_argument("--rendezvous", default=None,
                      help="the magic-wormhole rendezvous server's URL (default: the public one)")
    host.add_argument("--relay", default=None,
                      help="the magic-wormhole transit relay, tcp:HOST:PORT (default: the one "
                           "that goes with the rendezvous server)")
    join = commands.add_parser("join", help="play a friend on another computer: join their "
                                            "table")
    join.add_argument("where", metavar="ADDRESS|CODE",
                      help="host:port on the same network, or the host's code")
    join.add_argument("--headless", action="store_true",
                      help="no window: a computer player plays this seat")
    join.add_argument("--player", default="greedy", help="the computer player (default greedy)")
    join.add_argument("--name", default="Guest", help="this player's name (default Guest)")
    join.add_argument("--rendezvous", default=None,
                      help="the magic-wormhole rendezvous server's URL (default: the public one)")
    join.add_argument("--relay", default=None,
                      help="the magic-wormhole transit relay, tcp:HOST:PORT (default: the one "
                           "that goes with the rendezvous server)")
    join.add_argument("--bind", default="",
                      help="the one address to offer for a direct connection across the "
                           "internet (default: every interface)")
    verify = commands.add_parser("verify", help="check a networked game's record: its fair "
                                                "deal and every move")
    verify.add_argument("file", help="a record file")
