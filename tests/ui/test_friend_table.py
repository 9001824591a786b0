"""The table of a game with a friend on another computer (the friend's computer is a peer in
this process over in-memory transports): the friend's moves play like the computer's, with
their captions and outlines, and the table rests while the friend thinks; a whole game ends in
the results (no Play again) and in the past games with its fair deal verified; no Undo, but
the short messages both ways; resignation from either side (R5); a lost connection said and
picked up again; a broken peer said in plain words with the game so far kept; Continue picks a
saved game up again; a turn that comes round while the window is not in front asks for
attention."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pygame
import pytest
from friend_peers import Peer, dealt, run
from ui_driver import Driver

from famiglia.i18n import pgettext
from famiglia.net.netgame import ChatReceived, Phase
from famiglia.net.protocol import Move, Phrase
from famiglia.net.session import Session
from famiglia.net.transport import memory_pair
from famiglia.net.verify import verify_record
from famiglia.players.analysis import default_seats
from famiglia.players.random_players import RandomPlayer, no_pass_random
from famiglia.rules import Event, Refresh
from famiglia.store.netsave import NetSaveStore
from famiglia.store.records import RecordStore, read_record_file
from famiglia.ui import navigation
from famiglia.ui.app import App
from famiglia.ui.chooser import ChooserScene
from famiglia.ui.friend.connection import BIND_VARIABLE
from famiglia.ui.friend.table import FriendTable
from famiglia.ui.scenes.results import ResultsScene
from famiglia.ui.table.computer import Caption
from famiglia.ui.table.help import UNDO, TableHelpScene


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game picked up again listens on the loopback interface only."""
    monkeypatch.setenv(BIND_VARIABLE, "127.0.0.1")


def table_of(app: App, *, host: bool = True, seed: int = 1) -> tuple[FriendTable, Peer, Any]:
    connection, peer, cable = dealt(app, host=host, seed=seed)
    navigation.open_friend_table(app, connection)
    assert isinstance(app.top, FriendTable)
    return app.top, peer, cable


def play_mine(table: FriendTable, player: RandomPlayer) -> None:
    if table.on_top and table.can_act:
        table.apply(player.choose(table.game))


def playing(table: FriendTable, player: RandomPlayer,
            until: Callable[[], bool]) -> Callable[[], bool]:
    """The window's player moves whenever it may, until ``until`` holds."""
    def step() -> bool:
        play_mine(table, player)
        return until()

    return step


def records(app: App) -> list[dict[str, Any]]:
    store = RecordStore()
    return [read_record_file(path) for path in sorted(store.folder.glob("*.json"))]


@pytest.mark.parametrize("host", [True, False], ids=["host", "guest"])
def test_a_whole_game_ends_in_the_results_and_the_past_games_with_its_deal_verified(
        app: App, host: bool) -> None:
    """R5: the game runs to its end on both computers; the results offer no Play again; the
    record carries the fair deal, verified, with this player and the friend at their seats."""
    table, peer, _cable = table_of(app, host=host, seed=3)
    assert table.bottom == table.seat == (0 if host else 1)
    mine = RandomPlayer(no_pass_random, 9)

    def step() -> bool:
        if table.on_top:
            table.finish_animations()  # the captions and flights have tests of their own
        play_mine(table, mine)
        return isinstance(app.top, ResultsScene) and peer.net.phase is Phase.OVER

    run(app, peer, step, "the end of the game")
    run(app, peer, lambda: not NetSaveStore().exists(), "the save to go")
    results = app.top
    assert isinstance(results, ResultsScene)
    assert results.again_button not in results.menu.buttons
    assert table.game.to_dict() == peer.net.game.to_dict()  # type: ignore[union-attr]
    (record,) = records(app)
    assert verify_record(record).result == table.game.result
    kinds = [seat["kind"] for seat in record["players"]["seats"]]
    assert kinds == (["human", "remote"] if host else ["remote", "human"])
    assert default_seats(record) == (table.seat,)  # the analysis: this player's own seat


def test_the_friends_moves_play_with_captions_and_outlines_and_the_table_rests_meanwhile(
        app: App) -> None:
    """While the friend thinks, the table asks for no frames (the app sleeps) and says they
    are thinking; their move plays as the computer's does: a caption, the cards moving, the
    outlines of their last move."""
    table, peer, _cable = table_of(app, host=True, seed=5)
    mine = RandomPlayer(no_pass_random, 2)
    peer.playing = False

    run(app, peer, playing(table, mine, lambda: table.game.current == peer.net.seat
                           and not table.connection.events and not table.animating()),
        "the friend's turn, the table at rest")
    assert table.thinking_seat == peer.net.seat and table.next_change() is None
    captions: list[Caption] = []
    push = table.animator.push

    def noted(events: Iterable[Event]) -> None:
        events = list(events)
        captions.extend(event for event in events if isinstance(event, Caption))
        push(events)

    table.animator.push = noted  # type: ignore[method-assign]
    peer.playing = True
    run(app, peer, lambda: captions and not table.busy and table.game.current == table.seat,
        "the friend's move")
    assert captions[0].name == "Bruno" and captions[0].level is None
    assert table.last_move_marks


def test_nothing_is_taken_back_and_short_messages_go_both_ways(app: App, ui: Driver) -> None:
    table, peer, _cable = table_of(app, host=True, seed=7)
    assert table.assist.undo_button not in table.buttons
    assert table.say_button in table.assist.buttons
    before = table.game.to_dict()
    ui.press(pygame.K_z, "z", pygame.KMOD_CTRL)
    assert table.game.to_dict() == before
    ui.click(table.say_button.rect.center)
    assert isinstance(app.top, ChooserScene)
    ui.press(pygame.K_1, "1")
    run(app, peer, lambda: any(isinstance(event, ChatReceived) for event in peer.side.events),
        "the message to arrive")
    assert ChatReceived(Phrase.GOOD_GAME) in peer.side.events
    peer.net.chat(Phrase.ONE_MOMENT)
    run(app, peer, lambda: any("Bruno: One moment" in str(notice.message)
                               for notice in app.notices.shown), "the friend's message")


def test_the_help_at_a_friends_table_names_no_undo(app: App, ui: Driver) -> None:
    """The help lists what this table offers: no Ctrl+Z where nothing is taken back."""
    table_of(app, host=True, seed=7)
    ui.press(pygame.K_h, "h")
    help_scene = app.top
    assert isinstance(help_scene, TableHelpScene)
    assert UNDO not in help_scene.shortcuts


@pytest.mark.parametrize(("language", "said"), [("de", "Anna: Gute Partie!"),
                                                ("nl", "Anna: Goede partij!")])
def test_a_short_message_arrives_in_the_readers_language(app: App, language: str,
                                                         said: str) -> None:
    """The message travels as its kind, never as words: each side reads it in its own
    language."""
    table, peer, _cable = table_of(app, host=False, seed=8)
    app.set_language(language)
    peer.net.chat(Phrase.GOOD_GAME)
    run(app, peer, lambda: any(said in str(notice.message) for notice in app.notices.shown),
        "the friend's message")
    assert table.say_button.text == pgettext("button", "Say…") != "Say…"


def test_hints_are_for_this_players_own_seat(app: App) -> None:
    """A hint is offered on this player's turn, for their own move; none while the friend
    chooses."""
    table, peer, _cable = table_of(app, host=True, seed=9)
    peer.playing = False
    run(app, peer, lambda: table.can_act and not table.busy, "this player's turn")
    table.assist.update()
    assert table.assist.hint_button.enabled
    table.assist.hints.ask()
    run(app, peer, lambda: table.assist.hints.action is not None, "the hint")
    assert table.assist.hints.action in table.game.legal_actions()
    assert table.apply(table.assist.hints.action)
    run(app, peer, lambda: table.game.current == peer.net.seat and not table.busy,
        "the friend's turn")
    table.assist.update()
    assert not table.assist.hint_button.enabled and not table.assist.hints.can_ask


@pytest.mark.parametrize("quitter", ["window", "friend"])
def test_either_side_resigns_and_both_see_the_results_r5(app: App, quitter: str) -> None:
    table, peer, _cable = table_of(app, host=False, seed=11)
    if quitter == "window":
        table.resign()
    else:
        peer.net.resign()
    run(app, peer, lambda: isinstance(app.top, ResultsScene), "the results")
    winner = peer.net.seat if quitter == "window" else table.seat
    assert table.game.result is not None and table.game.result.winner == winner
    run(app, peer, lambda: peer.net.phase is Phase.OVER, "the friend's copy to end")
    assert peer.net.game is not None and peer.net.game.result == table.game.result


def test_a_lost_connection_is_said_over_the_table_and_picked_up_again(app: App) -> None:
    table, peer, cable = table_of(app, host=True, seed=13)
    cable.close()
    run(app, peer, lambda: table.notice.shown, "the loss to be seen")
    app.draw()
    title, _lines = table.notice._texts()
    assert title == "Bruno's connection was lost" and not table.can_act
    mine, theirs = memory_pair()
    table.connection.net.resume(Session(mine))
    peer.net.resume(Session(theirs))
    run(app, peer, lambda: not table.notice.shown, "the game to go on")


def test_a_friend_whose_connection_is_lost_is_not_said_to_be_thinking(app: App) -> None:
    table, peer, cable = table_of(app, host=True, seed=14)
    peer.playing = False
    mine = RandomPlayer(no_pass_random, 3)
    run(app, peer, playing(table, mine, lambda: peer.net.my_turn and not table.busy
                           and not table.connection.events), "the friend's turn")
    assert table.thinking_seat == peer.net.seat
    cable.close()
    run(app, peer, lambda: table.notice.shown, "the loss to be seen")
    assert table.thinking_seat is None
    mine_end, theirs = memory_pair()
    table.connection.net.resume(Session(mine_end))
    peer.net.resume(Session(theirs))
    run(app, peer, lambda: not table.notice.shown, "the game to go on")
    assert table.thinking_seat == peer.net.seat


def test_a_guest_across_the_internet_types_the_new_code_over_the_table_with_tab(
        app: App, ui: Driver) -> None:
    table, _peer, cable = table_of(app, host=False, seed=15)
    cable.close()
    run(app, None, lambda: table.notice.asks_code, "the table to ask for the new code")
    ui.frames(1, [pygame.event.Event(pygame.TEXTINPUT, text="5-congr")])
    ui.press(pygame.K_TAB)
    assert table.notice.field.text == "5-congregate-"
    ui.frames(1, [pygame.event.Event(pygame.TEXTINPUT, text="pea")])
    ui.press(pygame.K_TAB)
    assert table.notice.field.text == "5-congregate-peachy"


def test_a_peer_that_breaks_the_rules_is_said_in_words_and_the_game_so_far_kept(
        app: App) -> None:
    table, peer, _cable = table_of(app, host=False, seed=17)
    assert peer.net.session is not None
    peer.playing = False
    mine = RandomPlayer(no_pass_random, 6)
    run(app, peer, playing(table, mine, lambda: peer.net.my_turn), "the friend's turn")
    peer.net.session.send(Move(peer.net.game.ply() + 1, "take 9",  # type: ignore[union-attr]
                               None))
    run(app, peer, lambda: table.connection.failed, "the refusal")
    app.draw()
    title, lines = table.notice._texts()
    assert title == "The game stopped"
    assert lines[0].text == "Anna's computer sent a move the rules do not allow."
    (record,) = records(app)
    assert record["result"] is None and record["moves"] == [
        {"seat": move.seat, "action": str(move.action)} for move in table.game.move_stack]
    assert not NetSaveStore().exists()


def test_continue_picks_a_saved_game_up_again(app: App, ui: Driver) -> None:
    """The game is saved as it goes; leaving for the title closes the connection; Continue
    deals it again from the save, waits for the friend and plays on."""
    table, peer, _cable = table_of(app, host=True, seed=19)
    mine = RandomPlayer(no_pass_random, 4)
    run(app, peer, playing(table, mine, lambda: table.game.ply() >= 6), "some moves")
    run(app, peer, lambda: not table.busy and not table.connection.events, "the table to rest")
    moves = table.game.ply()
    navigation.to_title(app)
    assert NetSaveStore().exists()
    run(app, peer, lambda: peer.net.phase is Phase.LOST, "the friend to see it")
    assert navigation.continue_friend_game(app)
    again = app.top
    assert isinstance(again, FriendTable) and again is not table
    assert again.game.ply() == moves and again.notice.shown
    mine_end, theirs = memory_pair()
    again.connection.net.resume(Session(mine_end))
    peer.net.resume(Session(theirs))
    run(app, peer, lambda: not again.notice.shown, "the friend to come back")


class Unfocused:
    """The window as a player sees it with another window in front: not focused; a flash
    asked for is noted."""

    def __init__(self, window: pygame.Window) -> None:
        self._window = window
        self.flashes: list[int] = []

    focused = False

    def flash(self, operation: int) -> None:
        self.flashes.append(operation)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._window, name)


def test_a_turn_that_comes_while_the_window_is_not_in_front_asks_for_attention(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The window flashes and the turn's soft chime plays (which the sound setting mutes
    with every other sound)."""
    played: list[str] = []
    monkeypatch.setattr(app.sound, "play", played.append)
    table, peer, _cable = table_of(app, host=False, seed=23)
    window = Unfocused(app.window)
    monkeypatch.setattr(app, "window", window)
    run(app, peer, lambda: table.game.current == table.seat and not table.busy
        and table.game.ply() > 0, "this player's turn")
    assert window.flashes == [pygame.FLASH_UNTIL_FOCUSED]
    assert "turn" in played


def someone_to_move(table: FriendTable, peer: Peer) -> Callable[[], bool]:
    return lambda: table.can_act or peer.net.my_turn


def test_a_move_that_draws_waits_for_both_shares_of_the_draw_r3_1(app: App) -> None:
    """A refresh is shown once the friend's computer gave its share of each draw."""
    for seed in range(29, 60):
        table, peer, _cable = table_of(app, host=True, seed=seed)
        run(app, peer, someone_to_move(table, peer), "a turn")
        refresh = next((action for action in table.game.legal_actions()
                        if isinstance(action, Refresh) and table.game.draw_choices(action)),
                       None)
        if table.can_act and refresh is not None:
            break
        table.connection.close()
    else:
        raise AssertionError("no deal with a refresh for the window's player")
    ply = table.game.ply()
    assert table.apply(refresh)
    assert table.game.ply() == ply and not table.can_act  # the draw waits for the friend
    run(app, peer, lambda: table.game.ply() == ply + 1, "the draw")


def test_the_hosts_new_code_is_drawn_as_soon_as_it_comes(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Across the internet the host's table asks for a new code when the friend is lost; the
    table at rest draws it when it arrives (nothing else would wake the picture)."""
    table, _peer, _cable = table_of(app, host=True, seed=31)

    class Link:
        code: str | None = None

    link = Link()
    table.connection.host_link = link  # type: ignore[assignment]
    redraws: list[bool] = []
    monkeypatch.setattr(app, "request_redraw", lambda: redraws.append(True))
    table.connection.poll()
    redraws.clear()
    table.connection.poll()
    assert not redraws  # nothing new: the table rests
    link.code = "5-congregate-peachy"
    table.connection.poll()
    assert redraws
