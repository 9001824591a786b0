"""How fast two copies talk, on this machine's loopback only: prints figures, asserts nothing.

For each transport (in-process, LAN TCP on 127.0.0.1, magic-wormhole through a mailbox server
and transit relay started here on 127.0.0.1: its transit connection direct, and through the
relay alone) it times round trips of sessions: a heartbeat (ping and its pong)
and a move (a random legal action sent with its digest, checked and applied by the other copy,
which answers with the digest of its position, checked in turn).  Then the fair deal's costs:
a chain of commitments, a draw's reveal and check, and the verification of a whole game's
deal, and a dry run that counts the draws an action needs.  Last, whole networked games
(``famiglia.net.netgame``: the meeting, every joint draw, every move checked, both secrets
verified) between two computer players over TCP on loopback, counting the games whose two
copies did not end alike.  Goals: a move round trip within 50 ms on the LAN, within 250 ms
through a local mailbox server and relay; 0 divergences.

    nice python scripts/net_bench.py [--moves 200] [--pings 200] [--games 200]

Needs the test extra (``pip install -e ".[test]"``) for the local mailbox server and relay.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

from famiglia.net.autoplay import Autoplay
from famiglia.net.fairdeal import CHAIN_LENGTH, ChainCheck, HashChain, JointDraws, verify_deal
from famiglia.net.lan import LanHost, TcpTransport, connect
from famiglia.net.localserver import LocalMailbox, LocalRelay
from famiglia.net.moves import check_position, move_message, position_digest, receive_move
from famiglia.net.netgame import NetGame, Phase, joint_game
from famiglia.net.problems import NetProblem
from famiglia.net.protocol import Message, Move, Ping, Position, Table
from famiglia.net.rendezvous import WormholeTransport
from famiglia.net.session import Session
from famiglia.net.transport import Transport, memory_pair
from famiglia.players import make_player
from famiglia.rules import Game, Refresh

LOOPBACK = "127.0.0.1"
#: A benchmark gives up on an answer after this many seconds.
PATIENCE = 30.0


def receive(session: Session) -> Message:
    """The next message that is not a heartbeat (busy-polling, as a frame loop would)."""
    deadline = time.perf_counter() + PATIENCE
    while time.perf_counter() < deadline:
        for item in session.poll():
            if isinstance(item, NetProblem):
                raise SystemExit(f"the connection failed: {item}")
            return item
        time.sleep(0.0002)
    raise SystemExit("no answer")


def connected(one: Transport, two: Transport) -> tuple[Session, Session]:
    sessions = Session(one, timeout=PATIENCE), Session(two, timeout=PATIENCE)
    deadline = time.perf_counter() + PATIENCE
    while not all(session.connected for session in sessions):
        if time.perf_counter() > deadline:
            raise SystemExit("the transports did not connect")
        for session in sessions:
            session.poll()
        time.sleep(0.001)
    return sessions


@contextmanager
def lan_pair() -> Iterator[tuple[Transport, Transport]]:
    host = LanHost(LOOPBACK, 0)
    guest = connect((LOOPBACK, host.port))
    incoming: list[TcpTransport] = []
    while not incoming:
        incoming.extend(host.poll())
        time.sleep(0.001)
    yield incoming[0], guest
    host.close()


def wormhole_pair(*, direct: bool) -> Callable[[], AbstractContextManager[
        tuple[Transport, Transport]]]:
    """Two wormholes through a local mailbox server: their transit connection direct on
    loopback (``direct``), or through a local transit relay alone."""
    @contextmanager
    def pair() -> Iterator[tuple[Transport, Transport]]:
        mailbox, relay = LocalMailbox(), LocalRelay()
        hints = [LOOPBACK] if direct else []
        host = WormholeTransport(mailbox.url, relay=relay.url, hint_addresses=hints)
        while host.code is None:
            time.sleep(0.001)
        yield host, WormholeTransport(mailbox.url, code=host.code, relay=relay.url,
                                      hint_addresses=hints)
        mailbox.close()
        relay.close()
    return pair


@contextmanager
def memory() -> Iterator[tuple[Transport, Transport]]:
    yield memory_pair()


def ping_times(one: Session, two: Session, count: int) -> list[float]:
    times = []
    for nonce in range(1, count + 1):
        start = time.perf_counter()
        one.send(Ping(nonce))
        while True:  # the pong is answered inside the other session's poll, and not shown
            two.poll()
            if _pong_arrived(one):
                break
            time.sleep(0.0002)  # as a frame loop would, leaving the transport's threads room
        times.append(time.perf_counter() - start)
    return times


def _pong_arrived(session: Session) -> bool:
    """A pong is not shown by the session: its arrival shows in its count of messages."""
    before = session.received
    session.poll()
    return session.received > before


def move_times(one: Session, two: Session, count: int) -> list[float]:
    """Random games between the two copies; each move goes one way and its position's digest
    comes back."""
    times: list[float] = []
    rng = random.Random(26)
    sessions = (one, two)
    while len(times) < count:
        game = Game.new(rng.randrange(10**6))
        games = (game, game.copy())
        while not game.is_terminal() and len(times) < count:
            mover = game.current
            sender, receiver = sessions[mover], sessions[1 - mover]
            mine, theirs = games[mover], games[1 - mover]
            action = rng.choice(mine.legal_actions())
            start = time.perf_counter()
            mine.apply(action)
            sender.send(move_message(mine, str(action), draws=False))
            move = receive(receiver)
            assert isinstance(move, Move)
            receive_move(theirs, mover, move)
            receiver.send(Position(theirs.ply(), position_digest(theirs)))
            answer = receive(sender)
            assert isinstance(answer, Position)
            check_position(mine, answer)
            times.append(time.perf_counter() - start)
    return times


def describe(label: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    return (f"{label:<50} median {statistics.median(ms):8.3f} ms   "
            f"95% {ms[int(len(ms) * 0.95) - 1]:8.3f} ms   max {ms[-1]:8.3f} ms   (n={len(ms)})")


def deal_costs(rounds: int) -> list[str]:
    def timed(work: Callable[[], object], repeat: int) -> float:
        start = time.perf_counter()
        for _ in range(repeat):
            work()
        return (time.perf_counter() - start) / repeat * 1e6

    chain_us = timed(HashChain.fresh, rounds)
    host, guest = HashChain.fresh(), HashChain.fresh()
    draws_host = JointDraws(host, ChainCheck(guest.end), host=True)
    draws_guest = JointDraws(guest, ChainCheck(host.end), host=False)
    counts = [2, *range(52, 1, -1), *range(40, 1, -1)]
    start = time.perf_counter()
    for candidates in counts:
        sent = draws_guest.reveal(1)
        draws_host.receive(sent)
        draws_host.reveal(1)
        draws_host.next_index(candidates)
    draw_us = (time.perf_counter() - start) / len(counts) * 1e6
    record = draws_host.record(guest.secret)
    verify_us = timed(lambda: verify_deal(record), max(rounds // 10, 1))
    game, refresh = next((game, action) for step in range(1, 200)
                         for game in [joint_game(0, True, stepping(step))]
                         for action in game.legal_actions() if isinstance(action, Refresh))
    dry_us = timed(lambda: game.draw_choices(refresh), rounds)
    return [f"{'a chain of 128 links (commitment)':<40} {chain_us:10.1f} µs",
            f"{'dry run of a refresh (draws it needs)':<40} {dry_us:10.1f} µs",
            f"{'a draw: reveal, link check, index':<40} {draw_us:10.1f} µs",
            f"{f'verify a deal of {len(counts)} draws':<40} {verify_us:10.1f} µs"]


def stepping(step: int) -> Callable[[int], int]:
    """A chooser of fixed draws (a deal of the benchmark's)."""
    return lambda candidates: step % candidates


def networked_games(count: int) -> tuple[int, int, int, float]:
    """``count`` whole networked games of greedy against the Easy search player over TCP on
    loopback: how many ended alike on both copies with their deal verified, how many did
    not (divergences or failures), the moves played and the seconds per move."""
    alike = diverged = moves = 0
    start = time.perf_counter()
    for number in range(count):
        with lan_pair() as (one, two):
            host = NetGame(Session(one, timeout=PATIENCE), name="Anna", program="bench",
                           table=Table(True, CHAIN_LENGTH))
            guest = NetGame(Session(two, timeout=PATIENCE), name="Bruno", program="bench")
            sides = (Autoplay(host, make_player("greedy", seed=number)),
                     Autoplay(guest, make_player("mcts", seed=number, level="easy")))
            deadline = time.perf_counter() + PATIENCE * 10
            while not all(side.settled for side in sides) and time.perf_counter() < deadline:
                for side in sides:
                    side.step()
                time.sleep(0.0002)
            games = host.game, guest.game
            if (host.phase is Phase.OVER and guest.phase is Phase.OVER and games[0] is not None
                    and games[1] is not None and games[0].to_dict() == games[1].to_dict()
                    and host.deal == guest.deal):
                alike += 1
                moves += games[0].ply()
            else:
                diverged += 1
    seconds = time.perf_counter() - start
    return alike, diverged, moves, seconds / max(moves, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=200, help="move round trips per transport")
    parser.add_argument("--pings", type=int, default=200, help="heartbeats per transport")
    parser.add_argument("--games", type=int, default=200,
                        help="whole networked games on loopback (default 200)")
    args = parser.parse_args()
    print("round trips on loopback (127.0.0.1):")
    for label, make in (("in-process", memory), ("LAN (TCP)", lan_pair),
                        ("wormhole, direct transit", wormhole_pair(direct=True)),
                        ("wormhole, through the transit relay", wormhole_pair(direct=False))):
        with make() as (one_end, two_end):
            one, two = connected(one_end, two_end)
            print(describe(f"{label}: heartbeat", ping_times(one, two, args.pings)))
            print(describe(f"{label}: move + digest", move_times(one, two, args.moves)))
            one.close()
            two.close()
    print("the fair deal:")
    for line in deal_costs(100):
        print(line)
    alike, diverged, moves, per_move = networked_games(args.games)
    print(f"{args.games} networked games (greedy against mcts:easy, TCP on loopback): "
          f"{alike} ended alike with their deal verified, {diverged} diverged or failed; "
          f"{moves} moves, {per_move * 1000:.2f} ms per move including both players' thinking")


if __name__ == "__main__":
    main()
