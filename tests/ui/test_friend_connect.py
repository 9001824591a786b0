"""Sitting down at a friend's table, from the title (the friend's computer is a peer in this
process, on loopback only: TCP on 127.0.0.1, zeroconf bound to the loopback interface, and a
magic-wormhole mailbox server this test starts): the title's Play a friend and its setup; the
host sees who asks and lets them in or declines; the guest finds "Anna's table", sees its
fresh-cards rule (R3.1d) before joining, or types the address; across the internet the host
shows a code and the guest types it, completed with Tab."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest
from friend_peers import HostPeer, Peer, run, secret
from ui_driver import Driver

from famiglia.net.lan import connect
from famiglia.net.link import HostLink, Way
from famiglia.net.localserver import LocalMailbox
from famiglia.net.meeting import Declined
from famiglia.net.netgame import NetGame
from famiglia.net.rendezvous import WormholeTransport
from famiglia.net.session import Session
from famiglia.ui import navigation
from famiglia.ui.app import App
from famiglia.ui.friend.connection import BIND_VARIABLE
from famiglia.ui.friend.host import HostScene
from famiglia.ui.friend.join import JoinScene, Step
from famiglia.ui.friend.setup import FriendSetupScene, Role
from famiglia.ui.friend.table import FriendTable
from famiglia.ui.scenes.title import TitleScene

LOOPBACK = "127.0.0.1"


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window listens, announces and looks for tables on the loopback interface only."""
    monkeypatch.setenv(BIND_VARIABLE, LOOPBACK)


@pytest.fixture(scope="module")
def mailbox() -> Iterator[LocalMailbox]:
    server = LocalMailbox()
    yield server
    server.close()


def type_text(ui: Driver, text: str) -> None:
    ui.frames(1, [pygame.event.Event(pygame.TEXTINPUT, text=text)])


def test_the_title_offers_a_friend_on_another_computer_host_or_join(app: App,
                                                                     ui: Driver) -> None:
    navigation.to_title(app)
    title = app.top
    assert isinstance(title, TitleScene)
    button = next(button for button in title.menu.buttons
                  if button.text == "Play a friend (on another computer)")
    ui.click(button.rect.center)
    setup = app.top
    assert isinstance(setup, FriendSetupScene)
    assert [caption for caption, _widgets in setup.rows][-1] == "Fresh-cards rule"
    setup.role.choose(Role.JOIN)
    assert "Fresh-cards rule" not in [caption for caption, _widgets in setup.rows]


def host_scene(app: App, fresh_cards_rule: bool = True) -> HostScene:
    navigation.to_title(app)
    navigation.open_friend_host(app, "Anna", Way.LAN, fresh_cards_rule)
    scene = app.top
    assert isinstance(scene, HostScene) and scene.link is not None
    return scene


def guest(port: int | None, seed: int = 1) -> Peer:
    return Peer(NetGame(Session(connect((LOOPBACK, port or 0))), name="Bruno", program="test",
                        secret=secret(seed, "peer")), seed=seed)


def test_the_host_sees_who_asks_and_lets_them_in(app: App, ui: Driver) -> None:
    scene = host_scene(app)
    assert scene.link is not None
    address = f"{LOOPBACK}:{scene.link.port}"
    assert address in [line.text for line in scene.lines()]
    peer = guest(scene.link.port)
    run(app, peer, lambda: scene.asked, "Bruno to ask")
    assert "Bruno asks to join your table." in [line.text for line in scene.lines()]
    app.draw()
    ui.click(scene.accept.rect.center)
    run(app, peer, lambda: isinstance(app.top, FriendTable), "the table")
    table = app.top
    assert isinstance(table, FriendTable) and table.seat == 0 == table.bottom
    assert peer.net.table is not None and peer.net.table.fresh_cards_rule


def test_the_host_declines_and_the_table_stays_open_for_another(app: App, ui: Driver) -> None:
    scene = host_scene(app)
    assert scene.link is not None
    first = guest(scene.link.port)
    run(app, first, lambda: scene.asked, "Bruno to ask")
    app.draw()
    ui.click(scene.decline.rect.center)
    run(app, first, lambda: any(isinstance(event, Declined) for event in first.side.events),
        "Bruno to hear it")
    assert scene.connection is None and scene.note == "You declined Bruno."
    second = guest(scene.link.port, seed=2)
    run(app, second, lambda: scene.asked, "the next friend to ask")


def test_a_guest_finds_the_table_and_sees_its_rule_before_joining_r3_1d(
        app: App, ui: Driver) -> None:
    link = HostLink(Way.LAN, "Anna", rendezvous="", port=0, bind=LOOPBACK)
    peer = HostPeer(link, fresh_cards_rule=False)
    try:
        navigation.to_title(app)
        navigation.open_friend_join(app, "Bruno", Way.LAN)
        scene = app.top
        assert isinstance(scene, JoinScene)
        # a table closed a moment ago may still be listed: zeroconf forgets it soon
        row = ["Anna's table", f"{LOOPBACK}:{link.port}"]
        run(app, peer, lambda: row in scene.tables.rows, "Anna's table")
        scene.tables.choose(list(scene.tables.rows).index(row))
        ui.press(pygame.K_RETURN)
        run(app, peer, lambda: scene.step is Step.OFFERED, "Anna's table to answer")
        texts = [line.text for line in scene._lines()]
        assert texts[:2] == ["Anna's table", "Fresh-cards rule: Off"]
        app.draw()
        ui.click(scene.join.rect.center)
        run(app, peer, lambda: isinstance(app.top, FriendTable), "the table")
        table = app.top
        assert isinstance(table, FriendTable) and table.seat == 1 == table.bottom
        assert not table.game.fresh_cards_rule
    finally:
        link.close()


def test_a_typed_address_nobody_answers_is_said_in_words(app: App, ui: Driver) -> None:
    navigation.to_title(app)
    navigation.open_friend_join(app, "Bruno", Way.LAN)
    scene = app.top
    assert isinstance(scene, JoinScene)
    ui.press(pygame.K_TAB)
    type_text(ui, "no address")
    ui.press(pygame.K_RETURN)
    assert scene.error is not None and scene.error.startswith("An address is")
    scene.field.text = ""
    type_text(ui, f"{LOOPBACK}:1")
    ui.press(pygame.K_RETURN)
    run(app, None, lambda: scene.step is Step.SEARCH and scene.error, "the refusal")
    assert scene.error == ("The table could not be reached: check the address or code, and "
                           "that your friend is still waiting.")


def hosting_across_the_internet(app: App, mailbox: LocalMailbox) -> tuple[HostScene, str]:
    """Anna's host screen across the internet through the local mailbox, and its code."""
    app.save_settings(app.settings.with_changes(rendezvous=mailbox.url))
    navigation.to_title(app)
    navigation.open_friend_host(app, "Anna", Way.INTERNET, True)
    scene = app.top
    assert isinstance(scene, HostScene)
    run(app, None, lambda: scene.link is not None and scene.link.code, "the code")
    assert scene.link is not None and scene.link.code is not None
    return scene, scene.link.code


def test_across_the_internet_the_host_shows_a_code_the_guest_types(
        app: App, ui: Driver, mailbox: LocalMailbox) -> None:
    scene, code = hosting_across_the_internet(app, mailbox)
    assert code in [line.text for line in scene.lines()]
    peer = Peer(NetGame(Session(WormholeTransport(mailbox.url, code=code, relay="",
                                                  hint_addresses=[LOOPBACK])),
                        name="Bruno", program="test", secret=secret(3, "peer")), seed=3)
    run(app, peer, lambda: scene.asked, "Bruno to ask")
    scene._answer(True)
    run(app, peer, lambda: isinstance(app.top, FriendTable), "the table")


@contextmanager
def joining_across_the_internet(app: App, mailbox: LocalMailbox
                                ) -> Iterator[tuple[JoinScene, HostPeer, str]]:
    """Bruno's join screen across the internet through the local mailbox, Anna's table
    hosted there by a peer, and its code; the host's link closed afterwards."""
    app.save_settings(app.settings.with_changes(rendezvous=mailbox.url))
    link = HostLink(Way.INTERNET, "Anna", rendezvous=mailbox.url, relay="", bind=LOOPBACK)
    peer = HostPeer(link)
    try:
        run(app, None, lambda: link.code, "the host's code")
        assert link.code is not None
        navigation.to_title(app)
        navigation.open_friend_join(app, "Bruno", Way.INTERNET)
        scene = app.top
        assert isinstance(scene, JoinScene)
        yield scene, peer, link.code
    finally:
        link.close()


def test_the_guest_types_the_code_completed_with_tab(app: App, ui: Driver,
                                                     mailbox: LocalMailbox) -> None:
    with joining_across_the_internet(app, mailbox) as (scene, peer, code):
        number, first, _second = code.split("-")
        type_text(ui, number[:1])
        run(app, peer, lambda: f"{number}-" in scene.completions(), "the open numbers")
        scene.field.text = f"{number}-{first[:3]}"
        ui.press(pygame.K_TAB)
        assert scene.field.text.startswith(f"{number}-{first[:3]}")
        scene.field.text = code
        ui.press(pygame.K_RETURN)
        run(app, peer, lambda: scene.step is Step.OFFERED, "Anna's table")
        scene._join()
        run(app, peer, lambda: isinstance(app.top, FriendTable), "the table")


def test_a_wrong_code_is_said_to_the_host_who_gets_a_new_one(app: App,
                                                              mailbox: LocalMailbox) -> None:
    scene, code = hosting_across_the_internet(app, mailbox)
    wrong = WormholeTransport(mailbox.url, code=f"{code.split('-')[0]}-adroitness-aardvark",
                              relay="", hint_addresses=[LOOPBACK])
    run(app, None, lambda: scene.note, "the wrong code to be seen")
    wrong.close()
    assert scene.note == ("Someone typed a code that was not this one: your table has a new "
                          "code.")
    run(app, None, lambda: scene.link is not None and scene.link.code not in (None, code),
        "a new code")


def test_a_guest_who_types_a_wrong_code_is_told_so(app: App, ui: Driver,
                                                    mailbox: LocalMailbox) -> None:
    with joining_across_the_internet(app, mailbox) as (scene, peer, code):
        scene.field.text = f"{code.split('-')[0]}-adroitness-aardvark"
        ui.press(pygame.K_RETURN)
        run(app, peer, lambda: scene.error, "the refusal")
        assert scene.error == "That code matches no table: check it with your friend."
