"""Helpers of the networking tests: waiting for another thread without timing anything, and
two copies playing a whole game through two sessions of any transport."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from famiglia.net.fairdeal import CHAIN_LENGTH, ChainCheck, HashChain, JointDraws
from famiglia.net.moves import move_message, receive_move
from famiglia.net.problems import NetProblem
from famiglia.net.protocol import (
    Accept,
    Commit,
    Goodbye,
    Hello,
    Join,
    Message,
    Move,
    Reveal,
    Secret,
    Table,
)
from famiglia.net.session import Session
from famiglia.rules import Game

#: How long a test waits for another thread before it fails (never a measured time).
PATIENCE = 20.0


def wait_for(condition: Callable[[], object], what: str) -> None:
    """Poll ``condition`` until it holds; fail after :data:`PATIENCE` seconds."""
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.005)


def next_message(session: Session, inbox: list[Message]) -> Message:
    """The next message of ``session`` (problems fail the test)."""
    def arrived() -> bool:
        for item in session.poll():
            assert not isinstance(item, NetProblem), item
            inbox.append(item)
        return bool(inbox)

    wait_for(arrived, "a message")
    return inbox.pop(0)


def play_game(host: Session, guest: Session, seed: int) -> tuple[Game, Game]:
    """Host and guest meet, commit, draw who starts jointly, play a game with random legal
    moves (both deal ``seed``: the core draws through the joint source in phase 2), reveal
    their secrets and check each other's deal; both games are returned."""
    boxes: dict[int, list[Message]] = {id(host): [], id(guest): []}

    def read(session: Session) -> Message:
        return next_message(session, boxes[id(session)])

    host.send(Hello("Anna", "Famiglia test"))
    guest.send(Hello("Bruno", "Famiglia test"))
    assert read(guest) == Hello("Anna", "Famiglia test")
    assert read(host) == Hello("Bruno", "Famiglia test")
    host.send(Table(True, CHAIN_LENGTH))
    assert read(guest) == Table(True, CHAIN_LENGTH)
    guest.send(Join())
    assert read(host) == Join()
    host.send(Accept())
    assert read(guest) == Accept()
    chains = {id(host): HashChain.fresh(), id(guest): HashChain.fresh()}
    for session in (host, guest):
        session.send(Commit(chains[id(session)].end.hex()))
    joints = {}
    for session, is_host in ((host, True), (guest, False)):
        commit = read(session)
        assert isinstance(commit, Commit)
        joints[id(session)] = JointDraws(chains[id(session)],
                                         ChainCheck(bytes.fromhex(commit.chain_end)),
                                         host=is_host)
    for session in (host, guest):
        session.send(joints[id(session)].reveal(1))
    for session in (host, guest):
        reveal = read(session)
        assert isinstance(reveal, Reveal)
        joints[id(session)].receive(reveal)
    first = joints[id(host)].next_index(2)
    assert joints[id(guest)].next_index(2) == first
    games = {id(host): Game.new(seed, first_player=first),
             id(guest): Game.new(seed, first_player=first)}
    seats = {id(host): 0, id(guest): 1}
    rng = random.Random(seed)
    while not games[id(host)].is_terminal():
        mover = host if games[id(host)].current == seats[id(host)] else guest
        other = guest if mover is host else host
        game = games[id(mover)]
        action = rng.choice(game.legal_actions())
        game.apply(action)
        mover.send(move_message(game, str(action), draws=False))
        move = read(other)
        assert isinstance(move, Move)
        receive_move(games[id(other)], seats[id(mover)], move)
    for session in (host, guest):
        session.send(Secret(chains[id(session)].secret.hex()))
    records = []
    for session in (host, guest):
        secret = read(session)
        assert isinstance(secret, Secret)
        records.append(joints[id(session)].record(bytes.fromhex(secret.secret)))
    assert records[0] == records[1]
    host.close()
    assert read(guest) == Goodbye(None)
    return games[id(host)], games[id(guest)]
