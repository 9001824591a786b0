"""Helpers of the networking tests: waiting for another thread without timing anything, and
two copies playing a whole game through two sessions of any transport."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from famiglia.net.fairdeal import CHAIN_LENGTH
from famiglia.net.meeting import GUEST_SEAT, HOST_SEAT, JoinAsked, Meeting, PeerArrived, Started
from famiglia.net.moves import move_message, receive_move
from famiglia.net.problems import NetProblem
from famiglia.net.protocol import Goodbye, Message, Move, Secret, Table
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


def meet(host: Session, guest: Session) -> tuple[Started, Started]:
    """Host and guest meet (``famiglia.net.meeting``): hellos, the table, join, accept,
    commitments and who starts."""
    table = Table(True, CHAIN_LENGTH)
    sides = {id(host): Meeting(host, name="Anna", program="Famiglia test", table=table),
             id(guest): Meeting(guest, name="Bruno", program="Famiglia test")}
    started: dict[int, Started] = {}

    def step() -> bool:
        for session in (host, guest):
            meeting = sides[id(session)]
            for item in session.poll():
                assert not isinstance(item, NetProblem), item
                for event in meeting.receive(item):
                    if isinstance(event, PeerArrived) and not meeting.host:
                        assert event == PeerArrived("Anna", "Famiglia test", table)
                        meeting.join()
                    elif isinstance(event, JoinAsked):
                        assert meeting.peer_name == "Bruno"
                        meeting.answer(True)
                    elif isinstance(event, Started):
                        started[id(session)] = event
        return len(started) == 2

    wait_for(step, "the meeting")
    return started[id(host)], started[id(guest)]


def play_game(host: Session, guest: Session, seed: int) -> tuple[Game, Game]:
    """Host and guest meet, play a game with random legal moves (both deal ``seed``: the core
    draws through the joint source in phase 2), reveal their secrets and check each other's
    deal; both games are returned."""
    boxes: dict[int, list[Message]] = {id(host): [], id(guest): []}

    def read(session: Session) -> Message:
        return next_message(session, boxes[id(session)])

    hosted, joined = meet(host, guest)
    assert hosted.first_player == joined.first_player
    games = {id(host): Game.new(seed, first_player=hosted.first_player),
             id(guest): Game.new(seed, first_player=joined.first_player)}
    seats = {id(host): HOST_SEAT, id(guest): GUEST_SEAT}
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
    for side, session in ((hosted, host), (joined, guest)):
        session.send(Secret(side.draws.own.secret.hex()))
    records = []
    for side, session in ((hosted, host), (joined, guest)):
        secret = read(session)
        assert isinstance(secret, Secret)
        records.append(side.draws.record(bytes.fromhex(secret.secret)))
    assert records[0] == records[1]
    host.close()
    assert read(guest) == Goodbye(None)
    return games[id(host)], games[id(guest)]
