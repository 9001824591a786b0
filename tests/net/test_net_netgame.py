"""A networked game driven from both sides in one process (famiglia.net.netgame): whole games
end the same on both sides with every draw verified (R2.2, R2.4, R4.2, R5.4); resignation from
either side (R5); chat; a lost connection or a copy killed and started again from its save
goes on from the last move both have, no move lost or played twice; a hostile peer's illegal
move, forged link, move out of sequence, diverging digest or withheld reveal stops the game
with its cause, the game so far kept, nothing raised."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from netplay import drive, play_game, players, sides, wait_for

from famiglia.net.autoplay import Autoplay
from famiglia.net.fairdeal import verify_deal
from famiglia.net.meeting import JoinAsked, PeerArrived
from famiglia.net.netgame import (
    ChatReceived,
    ConnectionLost,
    Failed,
    Moved,
    NetGame,
    Phase,
    Resigned,
    Resumed,
)
from famiglia.net.problems import Cause, NetProblem
from famiglia.net.protocol import Move, Phrase, Position, Reveal
from famiglia.net.session import Session
from famiglia.net.transport import Closed, MemoryTransport, memory_pair
from famiglia.rules import PASS
from famiglia.rules.draws import OutsideDraws


def connected(seed: int, saves: dict[str, list[dict]] | None = None
              ) -> tuple[NetGame, NetGame, MemoryTransport, MemoryTransport]:
    one, two = memory_pair()
    anna, bruno = sides(Session(one), Session(two), seed, saves=saves)
    return anna, bruno, one, two


def autoplays(anna: NetGame, bruno: NetGame, seed: int) -> tuple[Autoplay, Autoplay]:
    first, second = players(seed)
    return Autoplay(anna, first), Autoplay(bruno, second)


@pytest.mark.parametrize("seed", range(6))
def test_whole_games_end_the_same_on_both_sides_with_every_draw_verified_r5_4(
        seed: int) -> None:
    one, two = memory_pair()
    hosted, joined = play_game(Session(one), Session(two), seed)
    assert hosted.to_dict() == joined.to_dict() and hosted.is_terminal()


def test_the_same_secrets_and_players_play_the_same_game() -> None:
    games = []
    for _ in range(2):
        one, two = memory_pair()
        games.append(play_game(Session(one), Session(two), 7)[0])
    assert games[0].to_dict() == games[1].to_dict()


def test_the_deal_verified_at_the_end_is_both_sides_and_names_every_draw() -> None:
    anna, bruno, _, _ = connected(3)
    drive(autoplays(anna, bruno, 3))
    assert anna.deal == bruno.deal and anna.deal is not None
    verify_deal(anna.deal)
    # draw 1 decides who starts (R2.3), six more the Street (R2.4), the rest the game's draws
    assert anna.deal.draws[0][0] == 2 and [c for c, _ in anna.deal.draws[1:7]] == list(
        range(52, 46, -1))


def first_to_move(seed: int) -> tuple[NetGame, NetGame]:
    """A dealt game and its sides, the one whose player is to move first."""
    anna, bruno, _, _ = connected(seed)
    drive(autoplays(anna, bruno, seed), until=lambda: anna.my_turn or bruno.my_turn)
    return (anna, bruno) if anna.my_turn else (bruno, anna)


def test_a_player_who_refreshes_waits_for_the_other_copys_links_r3_1() -> None:
    for seed in range(11, 51):
        mover, other = first_to_move(seed)
        assert mover.game is not None
        refreshes = [a for a in mover.game.legal_actions() if mover.game.draw_choices(a)]
        if refreshes:
            break
    else:
        raise AssertionError("no deal with a refresh that draws (R3.1)")
    ply = mover.game.ply()
    assert mover.play(refreshes[0]) == [] and mover.waiting_for_draw
    other.poll()
    moved = mover.poll()
    assert [type(event) for event in moved] == [Moved] and mover.game.ply() == ply + 1
    assert other.game is not None and other.game.ply() == ply + 1
    other.poll()  # the mover's position
    assert other.game.to_dict() == mover.game.to_dict()


@pytest.mark.parametrize("loser", ["host", "guest"])
def test_either_side_can_resign_and_both_see_it_r5(loser: str) -> None:
    anna, bruno, _, _ = connected(5)
    sides_ = autoplays(anna, bruno, 5)
    drive(sides_, until=lambda: bool(anna.game and anna.game.ply() >= 10))
    quitter, other = (anna, bruno) if loser == "host" else (bruno, anna)
    quitter.resign()
    assert not quitter.my_turn
    drive(sides_)
    assert quitter.phase is Phase.OVER and other.phase is Phase.OVER
    assert other.game is not None and other.game.winner == other.seat
    for side in sides_:
        assert [e.seat for e in side.events if isinstance(e, Resigned)] == [quitter.seat]
    assert anna.game is not None and bruno.game is not None
    assert anna.game.to_dict() == bruno.game.to_dict() and anna.deal == bruno.deal


def test_a_phrase_arrives_as_its_kind() -> None:
    anna, bruno, _, _ = connected(1)
    drive(autoplays(anna, bruno, 1), until=lambda: anna.phase is Phase.PLAYING)
    bruno.chat(Phrase.GOOD_GAME)
    assert ChatReceived(Phrase.GOOD_GAME) in anna.poll()


def test_there_is_no_undo_in_a_networked_game() -> None:
    assert not hasattr(NetGame, "undo")


# ---------------------------------------------------------------------------- resuming


def cut(one: MemoryTransport) -> None:
    """The network between the two copies breaks: each side's transport reports it."""
    two = one.other
    assert two is not None
    for side in (one, two):
        side.closed = True
        side._push(Closed(NetProblem(Cause.CONNECTION, "the network broke")))


def reconnect(anna: NetGame, bruno: NetGame) -> tuple[MemoryTransport, MemoryTransport]:
    one, two = memory_pair()
    anna.resume(Session(one))
    bruno.resume(Session(two))
    return one, two


@pytest.mark.parametrize("ply", [0, 3, 17, 40])
def test_a_dropped_connection_resumes_from_the_last_move_both_have(ply: int) -> None:
    anna, bruno, one, _ = connected(21)
    both = autoplays(anna, bruno, 21)
    drive(both, until=lambda: bool(anna.game and anna.game.ply() >= ply))
    cut(one)
    drive(both)
    assert anna.phase is Phase.LOST and bruno.phase is Phase.LOST
    assert any(isinstance(e, ConnectionLost) for e in both[1].events)
    reconnect(anna, bruno)
    drive(both)
    assert anna.phase is Phase.OVER and bruno.phase is Phase.OVER, (anna.problem, bruno.problem)
    assert any(isinstance(e, Resumed) for e in both[0].events)
    assert anna.game is not None and bruno.game is not None
    assert anna.game.to_dict() == bruno.game.to_dict() and anna.deal == bruno.deal


def saves_of_a_whole_game(seed: int) -> dict[str, list[dict]]:
    saves: dict[str, list[dict]] = {}
    anna, bruno, _, _ = connected(seed, saves)
    drive(autoplays(anna, bruno, seed))
    return saves


@pytest.mark.parametrize("killed", ["host", "guest"])
@pytest.mark.parametrize("share", [0.0, 0.05, 0.3, 0.55, 0.8, 0.97, 1.0])
def test_a_copy_killed_and_started_again_from_its_save_goes_on(killed: str,
                                                               share: float) -> None:
    """kill -9 right after any save (nothing it would have sent next goes out): the copy
    comes back from the last state it kept, the other copy from wherever it was; the copy
    ahead sends what the other lacks (moves and links), and the game ends the same on both
    sides, no move lost or played twice, its deal verified."""
    seed = 33
    whole = saves_of_a_whole_game(seed)
    target = round(share * (len(whole[killed]) - 1))
    saves: dict[str, list[dict]] = {}
    one, two = memory_pair()
    transport = one if killed == "host" else two

    def keep(side: str) -> Callable[[dict], None]:
        def save(data: dict) -> None:
            if side == killed and transport.closed:
                return  # the copy is dead: it keeps nothing more
            saves.setdefault(side, []).append(data)
            if side == killed and len(saves[side]) == target + 1:
                cut(transport)  # killed before it sends what follows this save
        return save

    anna, bruno = sides(Session(one), Session(two), seed)
    anna.keeper, bruno.keeper = keep("host"), keep("guest")
    both = list(autoplays(anna, bruno, seed))
    drive(both, until=lambda: transport.closed)
    survivor = bruno if killed == "host" else anna
    drive([both[1] if killed == "host" else both[0]],
          until=lambda: survivor.phase in (Phase.LOST, Phase.OVER))
    kept = saves[killed][-1]
    reborn = NetGame.from_dict(kept, save=saves[killed].append)
    first, second = players(seed)
    if killed == "host":
        anna, both[0] = reborn, Autoplay(reborn, first)
    else:
        bruno, both[1] = reborn, Autoplay(reborn, second)
    if survivor.phase is Phase.LOST or reborn.phase is Phase.LOST:
        reconnect(anna, bruno)
        drive(both)
    assert anna.phase is Phase.OVER and bruno.phase is Phase.OVER, (anna.problem, bruno.problem)
    assert anna.game is not None and bruno.game is not None
    assert anna.game.to_dict() == bruno.game.to_dict() and anna.deal == bruno.deal
    played = [str(m.action) for m in anna.game.move_stack]
    assert played[:len(kept["moves"])] == kept["moves"]


def test_a_save_replays_into_the_same_game() -> None:
    saves: dict[str, list[dict]] = {}
    anna, bruno, _, _ = connected(8, saves)
    drive(autoplays(anna, bruno, 8))
    again = NetGame.from_dict(saves["guest"][-1])
    assert again.phase is Phase.OVER and again.deal == bruno.deal
    assert again.game is not None and bruno.game is not None
    assert again.game.to_dict() == bruno.game.to_dict()


@pytest.mark.parametrize("damage", [
    lambda d: d.update(format="famiglia-record"),
    lambda d: d.update(version=2),
    lambda d: d.update(moves=["take 99"]),
    lambda d: d.update(peer_links=["0" * 64]),
    lambda d: d.update(secret="zz"),
    lambda d: d.pop("sent"),
    lambda d: d.update(first_player=3),
])
def test_a_damaged_save_is_refused_in_words(damage) -> None:  # type: ignore[no-untyped-def]
    saves: dict[str, list[dict]] = {}
    anna, bruno, _, _ = connected(8, saves)
    drive(autoplays(anna, bruno, 8), until=lambda: len(saves.get("host", [])) > 12)
    data = dict(saves["host"][-1])
    damage(data)
    with pytest.raises(ValueError):
        NetGame.from_dict(data)


# ---------------------------------------------------------------------------- hostile peers


def dealt(seed: int) -> tuple[NetGame, NetGame, Session]:
    """Anna (host) and Bruno dealt; Bruno's session, through which the tests send forged
    messages in his name."""
    one, two = memory_pair()
    bruno_session = Session(two)
    anna, bruno = sides(Session(one), bruno_session, seed)
    meet_only(anna, bruno)
    return anna, bruno, bruno_session


def meet_only(anna: NetGame, bruno: NetGame) -> None:
    """Both sides meet and deal; nobody moves."""
    def step() -> bool:
        for side in (anna, bruno):
            for event in side.poll():
                if isinstance(event, PeerArrived) and not side.host:
                    side.join()
                elif isinstance(event, JoinAsked):
                    side.answer(True)
        return anna.my_turn or bruno.my_turn

    wait_for(step, "the deal")


def bruno_to_move(seed: int) -> tuple[NetGame, NetGame, Session]:
    """A deal where Bruno (the guest) moves first."""
    for attempt in range(seed, seed + 40):
        anna, bruno, session = dealt(attempt)
        if bruno.my_turn:
            return anna, bruno, session
    raise AssertionError("no deal with the guest to start")


def refused(anna: NetGame, cause: Cause) -> None:
    assert anna.game is not None
    ply = anna.game.ply()
    events = anna.poll()
    assert events == [Failed(anna.problem)] and anna.problem is not None  # type: ignore[arg-type]
    assert anna.problem.cause is cause and anna.phase is Phase.FAILED
    assert anna.game.ply() == ply and anna.to_dict()["moves"] == [
        str(m.action) for m in anna.game.move_stack]
    assert anna.poll() == []


def test_an_illegal_move_is_refused_and_the_game_kept() -> None:
    anna, _bruno, session = bruno_to_move(1)
    session.send(Move(1, "take 1 F3+F3 keep F3", None))
    refused(anna, Cause.ILLEGAL_MOVE)


def test_a_move_for_the_wrong_ply_is_out_of_sequence() -> None:
    anna, _bruno, session = bruno_to_move(1)
    session.send(Move(5, "pass", None))
    refused(anna, Cause.OUT_OF_SEQUENCE)


def test_a_move_whose_position_differs_is_caught_at_that_move() -> None:
    anna, _bruno, session = bruno_to_move(1)
    session.send(Move(1, str(PASS), "0" * 64))
    refused(anna, Cause.DIVERGED)


def test_a_move_that_claims_no_draws_for_a_refresh_diverges() -> None:
    for seed in range(1, 41):
        anna, bruno, session = bruno_to_move(seed)
        assert bruno.game is not None
        refresh = next((a for a in bruno.game.legal_actions() if bruno.game.draw_choices(a)),
                       None)
        if refresh is not None:
            break
    else:
        raise AssertionError("no deal with a refresh for the guest (R3.1)")
    session.send(Move(1, str(refresh), "0" * 64))
    refused(anna, Cause.DIVERGED)


def test_a_forged_link_is_refused() -> None:
    anna, _bruno, session = bruno_to_move(1)
    assert anna.draws is not None
    session.send(Reveal(len(anna.draws.peer.links) + 1, ("ab" * 32,)))
    refused(anna, Cause.FORGED_LINK)


def test_a_position_not_due_is_out_of_sequence() -> None:
    anna, _bruno, session = bruno_to_move(1)
    session.send(Position(3, "0" * 64))
    refused(anna, Cause.OUT_OF_SEQUENCE)


def test_a_peer_that_withholds_its_reveal_is_reported_r5_4() -> None:
    """Anna refreshes and reveals; Bruno's copy never answers: after the reveal deadline the
    game stops with the cause and is kept as it was before the refresh."""
    clock = [0.0]
    for seed in range(40):
        one, two = memory_pair()
        anna, bruno = sides(Session(one, clock=lambda: clock[0]), Session(two), seed)
        meet_only(anna, bruno)
        assert anna.game is not None
        refresh = next((a for a in anna.game.legal_actions() if anna.game.draw_choices(a)),
                       None)
        if anna.my_turn and refresh is not None:
            break
    else:
        raise AssertionError("no deal where the host can refresh first")
    assert anna.play(refresh) == []
    clock[0] += 1000
    events = anna.poll()
    assert isinstance(events[-1], (Failed, ConnectionLost)) and anna.problem is not None
    assert anna.problem.cause in (Cause.WITHHELD, Cause.TIMEOUT)
    assert anna.game.ply() == 0


def test_a_guest_seat_cannot_be_moved_for_by_the_host() -> None:
    anna, bruno, session = dealt(2)
    if bruno.my_turn:
        anna, bruno, session = dealt(3)
    if not anna.my_turn:
        pytest.skip("the guest starts in both deals")
    session.send(Move(1, "pass", None))
    refused(anna, Cause.UNEXPECTED)


def test_the_outside_draws_are_the_only_draws_of_a_networked_game() -> None:
    anna, _, _ = dealt(4)
    assert anna.game is not None
    assert isinstance(anna.game._draws, OutsideDraws)


@pytest.mark.parametrize("seed", range(8))
def test_a_stream_of_hostile_messages_never_crashes_nor_plays_an_illegal_move(
        seed: int) -> None:
    """Malformed bytes, moves with wrong notations, plies or digests, forged links, positions
    and secrets out of place, in random order: the game stops with a cause or goes on, never
    raises, and every move it holds is one its own rules accepted (it replays)."""
    from famiglia.net.protocol import Chat, Hello, Resign, Secret

    rng = random.Random(seed)
    anna, bruno, session = bruno_to_move(seed)
    assert anna.game is not None and bruno.game is not None
    notations = [str(a) for a in bruno.game.legal_actions()] + [
        "take 9", "refresh 0", "pass", "accountant A9", "exchange F0 F0", "brute B3 1 -3", "x"]
    hexes = ["0" * 64, "ab" * 32, bruno.draws.own.link(8).hex() if bruno.draws else "1" * 64]
    garbage = [b"", b"{", b'{"v":1}', b"\xff" * 10, b'{"v":1,"seq":1,"kind":"move"}',
               b"[" * 50 + b"]" * 50]
    for _ in range(60):
        roll = rng.random()
        if roll < 0.15:
            session.transport.send(rng.choice(garbage))
        elif roll < 0.6:
            session.send(Move(rng.choice([1, 2, anna.game.ply() + 1]), rng.choice(notations),
                              rng.choice([None, *hexes])))
        elif roll < 0.7:
            session.send(Reveal(rng.randint(1, 12), (rng.choice(hexes),)))
        elif roll < 0.8:
            session.send(Position(rng.randint(0, 3), rng.choice(hexes)))
        else:
            session.send(rng.choice([Secret(rng.choice(hexes)), Resign(), Chat(Phrase.YOUR_TURN),
                                     Hello("Mallory", "x")]))
        anna.poll()
        if anna.phase is Phase.FAILED:
            assert anna.problem is not None
            break
    if anna.game.ply():  # what is kept replays through the rules, every move checked again
        assert NetGame.from_dict(anna.to_dict()).to_dict() == anna.to_dict()


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_table_at_rest_after_the_deal_is_not_taken_for_a_withheld_draw() -> None:
    """Each side reads the other's commitment and its first link in one poll (as on any real
    connection): the deadline of the reveal is kept by what the game took in, not by what was
    read, so a game at rest for minutes after the deal waits on, its heartbeat going."""
    clock = Clock()
    one, two = memory_pair()
    anna, bruno = sides(Session(one, clock=clock), Session(two, clock=clock), 12)
    for _ in range(20):
        for side in (anna, bruno):
            for event in side.poll():
                if isinstance(event, PeerArrived) and not side.host:
                    side.join()
                elif isinstance(event, JoinAsked):
                    side.answer(True)
    assert anna.game is not None and bruno.game is not None
    for _ in range(60):  # two minutes with nobody moving
        clock.now += 2
        assert anna.poll() == [] and bruno.poll() == []
    assert anna.phase is Phase.PLAYING and bruno.phase is Phase.PLAYING
