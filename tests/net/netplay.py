"""Helpers of the networking tests: waiting for another thread without timing anything, and
two copies playing a whole networked game through two sessions of any transport."""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable, Sequence

from famiglia.net.autoplay import Autoplay
from famiglia.net.fairdeal import CHAIN_LENGTH
from famiglia.net.meeting import JoinAsked, Meeting, PeerArrived, Started
from famiglia.net.netgame import Finished, NetGame, Phase
from famiglia.net.problems import NetProblem
from famiglia.net.protocol import Message, Table
from famiglia.net.session import Session
from famiglia.players.random_players import RandomPlayer, no_pass_random
from famiglia.rules import Game

#: How long a test waits for another thread before it fails (never a measured time).
PATIENCE = 20.0


def wait_for(condition: Callable[[], object], what: str) -> None:
    """Poll ``condition`` until it holds; fail after :data:`PATIENCE` seconds."""
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.002)


def unique_name(name: str) -> str:
    """A player's name no other test on this machine announces at the same time (tests of
    other runs share the loopback interface, where a browser sees every table)."""
    return f"{name} {secrets.token_hex(3)}"


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


def secret(seed: int, side: str) -> bytes:
    """A chain's secret fixed by the test's seed, so that its game is the same every run."""
    return hashlib.sha256(f"{side} {seed}".encode()).digest()


def sides(host: Session, guest: Session, seed: int, *, fresh_cards_rule: bool = True,
          saves: dict[str, list[dict]] | None = None) -> tuple[NetGame, NetGame]:
    """Anna hosts, Bruno joins; their chains' secrets follow ``seed``; ``saves`` collects what
    each side keeps."""
    def keeper(side: str) -> Callable[[dict], None] | None:
        return None if saves is None else saves.setdefault(side, []).append

    return (NetGame(host, name="Anna", program="Famiglia test",
                    table=Table(fresh_cards_rule, CHAIN_LENGTH), save=keeper("host"),
                    secret=secret(seed, "host")),
            NetGame(guest, name="Bruno", program="Famiglia test", save=keeper("guest"),
                    secret=secret(seed, "guest")))


def players(seed: int) -> tuple[RandomPlayer, RandomPlayer]:
    return RandomPlayer(no_pass_random, seed), RandomPlayer(no_pass_random, seed + 1)


def drive(autoplays: Sequence[Autoplay], until: Callable[[], bool] | None = None) -> None:
    """Step every side until all are settled (or ``until`` holds)."""
    def done() -> bool:
        for side in autoplays:
            side.step()
        if until is not None:
            return until()
        return all(side.settled for side in autoplays)

    wait_for(done, "the networked game")


def play_game(host: Session, guest: Session, seed: int) -> tuple[Game, Game]:
    """Host and guest meet, play a whole game with random legal moves, reveal their secrets
    and verify each other's deal; both games are returned (each side's deal checked the
    same)."""
    anna, bruno = sides(host, guest, seed)
    first, second = players(seed)
    autoplays = (Autoplay(anna, first), Autoplay(bruno, second))
    drive(autoplays)
    assert anna.phase is Phase.OVER and bruno.phase is Phase.OVER, (anna.problem, bruno.problem)
    finished = [[e for e in side.events if isinstance(e, Finished)] for side in autoplays]
    assert finished[0] == finished[1] and len(finished[0]) == 1
    assert anna.game is not None and bruno.game is not None
    return anna.game, bruno.game
