"""Play a friend on another computer from the command line: ``famiglia host``, ``famiglia
join`` and ``famiglia verify`` (their options: :mod:`famiglia.friend_options`).

``host --headless --player KIND`` waits for a guest (on the same network: it prints the address
and port, and announces its table by zeroconf on the interface it listens on; with
``--internet``: it prints the magic-wormhole code) and plays the whole game with a computer
player ``famiglia arena`` knows; ``join ADDRESS|CODE --headless --player KIND`` is the guest.
Each prints the result and writes the game's record (with its fair deal) to the records
folder, where Past games lists it.  A dropped connection is picked up again
(:class:`~famiglia.net.link.Rejoin`): on the same network the guest connects anew and the host
takes the next connection; across the internet the host prints a new code.  ``verify FILE``
checks a record's fair deal and replays it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from . import __version__
from .arena import build_player, parse_entrant
from .net.autoplay import Autoplay
from .net.fairdeal import CHAIN_LENGTH
from .net.lan import connect, parse_address
from .net.link import HostLink, Rejoin, Way, hint_addresses
from .net.meeting import Declined
from .net.netgame import ConnectionLost, Failed, Finished, NetGame, Phase, Resumed
from .net.protocol import Table
from .net.rendezvous import PUBLIC_RENDEZVOUS, WormholeTransport, check_code
from .net.session import Session
from .net.verify import net_record, verify_record
from .store.files import atomic_write_json, data_dir, read_json

#: Seconds between two looks at the network in the headless loop (the loop never waits on it).
TICK = 0.005
#: How long a lost connection is waited for before the headless game gives up (kept).
GIVE_UP = 120.0


def run_friend_command(args: argparse.Namespace, prog: str) -> int:
    """Run ``host``, ``join`` or ``verify``: the exit status."""
    if args.command == "verify":
        return run_verify(Path(args.file))
    if not args.headless:
        print(f"{prog} {args.command}: without --headless, start {prog} and choose Play a "
              "friend on the title", file=sys.stderr)
        return 2
    try:
        player = build_player(parse_entrant(args.player), seed=int(time.time()))
    except ValueError as error:
        print(f"{prog} {args.command}: {error}", file=sys.stderr)
        return 2
    if args.command == "host":
        return _host(args, player)
    return _join(args, player)


def run_verify(path: Path) -> int:
    try:
        record = read_json(path, 4_000_000)
    except (OSError, ValueError) as error:
        print(f"{path}: cannot be read ({error})")
        return 1
    try:
        game = verify_record(record)
    except ValueError as error:
        print(f"{path}: NOT verified: {error}")
        return 1
    print(f"{path}: verified: both secrets lead to their commitments, every draw is the one "
          f"both players' links decided, and the {game.ply()} moves replay to the recorded "
          "result")
    return 0


# ---------------------------------------------------------------------------- playing


def _host(args: argparse.Namespace, player: Any) -> int:
    table = Table(not args.no_fresh_cards_rule, CHAIN_LENGTH)
    way = Way.INTERNET if args.internet else Way.LAN
    link = HostLink(way, args.name, rendezvous=args.rendezvous or PUBLIC_RENDEZVOUS,
                    relay=args.relay, port=args.port, bind=args.bind)
    try:
        if way is Way.INTERNET:
            if not _print_code(link):
                print("The rendezvous server could not be reached.")
                return 1
        else:
            print(f"Waiting at {link.addresses[0]}:{link.port}", flush=True)
        transport = _next_connection(link)
        return _play(transport, player, name=args.name, table=table, host=link)
    finally:
        link.close()


def _print_code(link: HostLink) -> bool:
    """Wait for the wormhole's code and print it; False when the server cannot be reached."""
    while link.code is None and not link.failed:
        time.sleep(TICK)
    if link.code is not None:
        print(f"Code: {link.code}", flush=True)
    return link.code is not None


def _join(args: argparse.Namespace, player: Any) -> int:
    rendezvous = args.rendezvous or PUBLIC_RENDEZVOUS
    try:
        code = check_code(args.where)
    except ValueError:
        code = None
    if code is not None:
        transport: Any = WormholeTransport(rendezvous, code=code, relay=args.relay,
                                           hint_addresses=hint_addresses(args.bind))
        return _play(transport, player, name=args.name, table=None, rendezvous=rendezvous)
    try:
        address = parse_address(args.where)
    except ValueError as error:
        print(f"famiglia join: {error}", file=sys.stderr)
        return 2
    return _play(connect(address), player, name=args.name, table=None, address=address)


def _next_connection(link: HostLink) -> Any:
    while True:
        found = link.poll()
        if found:
            return found[0]
        time.sleep(TICK)


def _play(transport: Any, player: Any, *, name: str, table: Any,
          host: HostLink | None = None, address: tuple[str, int] | None = None,
          rendezvous: str | None = None) -> int:
    """Play the whole game over ``transport``; after a lost connection pick it up again
    (:class:`~famiglia.net.link.Rejoin`: on the same network by itself, across the internet
    the host prints a new code, which a headless guest cannot type); print the result and
    keep the record."""
    net = NetGame(Session(transport), name=name, program=f"Famiglia {__version__}", table=table)
    side = Autoplay(net, player)
    rejoin = Rejoin(net, host=host, address=address, rendezvous=rendezvous)
    lost_at: float | None = None
    code = None if host is None else host.code
    while True:
        for event in side.step():
            if isinstance(event, Finished):
                return _finish(net)
            if isinstance(event, Declined):
                print("The host declined.")
                return 1
            if isinstance(event, Failed):
                print(f"The game stopped: {event.problem}")
                _keep_record(net)
                return 1
            if isinstance(event, ConnectionLost):
                print(f"The connection was lost ({event.problem.detail}): waiting",
                      flush=True)
                lost_at = time.monotonic()
            if isinstance(event, Resumed):
                lost_at = None
        if lost_at is not None and (time.monotonic() - lost_at > GIVE_UP or rejoin.needs_code):
            print("The other player did not come back; the game so far is kept.")
            _keep_record(net)
            return 1
        rejoin.step()
        if host is not None and host.code != code and net.phase is not Phase.PLAYING:
            code = host.code
            if code is not None:
                print(f"New code: {code}", flush=True)
        time.sleep(TICK)


def _finish(net: Any) -> int:
    game = net.game
    scores = game.result.scores
    winner = game.result.winner
    names = (net.name, net.peer_name) if net.host else (net.peer_name, net.name)
    outcome = "a draw" if winner is None else f"{names[winner]} wins"
    print(f"Game over: {names[0]} {scores[0]}, {names[1]} {scores[1]} — {outcome}; the deal "
          "is verified")
    _keep_record(net)
    return 0


def _keep_record(net: Any) -> None:
    if net.game is None:
        return
    record = net_record(net)
    folder = data_dir() / "records"
    path = folder / f"{record['date'][:19].replace(':', '').replace('-', '')}-net-{net.seat}.json"
    try:
        atomic_write_json(path, record)
    except OSError as error:
        print(f"The record could not be written: {error}")
        return
    print(f"Record: {path}")
