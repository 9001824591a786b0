"""Play a friend on another computer from the command line: ``famiglia host``, ``famiglia
join`` and ``famiglia verify`` (their options: :mod:`famiglia.friend_options`).

``host --headless --player KIND`` waits for a guest (on the same network: it prints the address
and port, and announces its table by zeroconf on the interface it listens on; with
``--internet``: it prints the magic-wormhole code) and plays the whole game with a computer
player ``famiglia arena`` knows; ``join ADDRESS|CODE --headless --player KIND`` is the guest.
Each prints the result and writes the game's record (with its fair deal) to the records
folder, where Past games lists it.  A dropped connection on the same network is picked up
again: the guest connects anew, the host takes the next connection.  ``verify FILE`` checks a
record's fair deal and replays it.
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
from .net.discovery import Advertisement, InterfaceChoice, local_addresses
from .net.fairdeal import CHAIN_LENGTH
from .net.lan import DEFAULT_PORT, LanHost, connect, parse_address
from .net.meeting import Declined
from .net.netgame import ConnectionLost, Failed, Finished, NetGame
from .net.protocol import Table
from .net.rendezvous import PUBLIC_RENDEZVOUS, WormholeTransport, check_code
from .net.session import Session
from .net.verify import net_record, verify_record
from .store.files import atomic_write_json, data_dir, read_json

#: Seconds between two looks at the network in the headless loop (the loop never waits on it).
TICK = 0.005
#: Seconds between a guest's tries to reach a host whose connection was lost.
RETRY = 1.0
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
    if args.internet:
        wormhole = WormholeTransport(args.rendezvous or PUBLIC_RENDEZVOUS)
        while wormhole.code is None and not wormhole.closed:
            time.sleep(TICK)
        print(f"Code: {wormhole.code}", flush=True)
        return _play(wormhole, player, name=args.name, table=table, listener=None)
    listener = LanHost(args.bind, DEFAULT_PORT if args.port is None else args.port)
    addresses = [args.bind] if args.bind else local_addresses() or ["127.0.0.1"]
    interfaces = [args.bind] if args.bind else InterfaceChoice.All
    announcement = Advertisement(args.name, listener.port, addresses=addresses,
                                 interfaces=interfaces)
    print(f"Waiting at {addresses[0]}:{listener.port}", flush=True)
    try:
        transport = _next_connection(listener)
        return _play(transport, player, name=args.name, table=table, listener=listener)
    finally:
        announcement.close()
        listener.close()


def _join(args: argparse.Namespace, player: Any) -> int:
    try:
        code = check_code(args.where)
    except ValueError:
        code = None
    if code is not None:
        transport: Any = WormholeTransport(args.rendezvous or PUBLIC_RENDEZVOUS, code=code)
        return _play(transport, player, name=args.name, table=None, listener=None)
    try:
        address = parse_address(args.where)
    except ValueError as error:
        print(f"famiglia join: {error}", file=sys.stderr)
        return 2
    return _play(connect(address), player, name=args.name, table=None, listener=None,
                 address=address)


def _next_connection(listener: Any) -> Any:
    while True:
        found = listener.poll()
        if found:
            return found[0]
        time.sleep(TICK)


def _play(transport: Any, player: Any, *, name: str, table: Any, listener: Any,
          address: tuple[str, int] | None = None) -> int:
    """Play the whole game over ``transport``; resume over a new connection when it breaks
    on the same network; print the result and keep the record."""
    net = NetGame(Session(transport), name=name, program=f"Famiglia {__version__}", table=table)
    side = Autoplay(net, player)
    lost_at: float | None = None
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
        if lost_at is not None:
            if time.monotonic() - lost_at > GIVE_UP or (listener is None and address is None):
                print("The other player did not come back; the game so far is kept.")
                _keep_record(net)
                return 1
            fresh = listener.poll() if listener is not None else []
            if address is not None and time.monotonic() - lost_at > RETRY:
                fresh = [connect(address)]
            if fresh:
                net.resume(Session(fresh[0]))
                lost_at = None
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
    record = net_record(net, seats=("human", "human"))
    folder = data_dir() / "records"
    path = folder / f"{record['date'][:19].replace(':', '').replace('-', '')}-net-{net.seat}.json"
    try:
        atomic_write_json(path, record)
    except OSError as error:
        print(f"The record could not be written: {error}")
        return
    print(f"Record: {path}")
