"""Play a friend's screens in English, German and Dutch, at the smallest window (1024×640) and
the default size: every text fits its box (``Theme.overflows`` stays empty, with every tooltip
and help line shown) and each button's label lies inside the button, the button inside the
window; in each state a player meets (hosting on the same network and across the internet, a
friend asking to join, the tables found, a code typed, the host's table offered and the
answer awaited, the table with the connection lost or the game stopped, the short messages,
the results).  The friend's computer is a peer in this process, on loopback only."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from friend_peers import HostPeer, Peer, dealt, run, secret
from test_fit_scenes import assert_fits
from ui_driver import Driver

from famiglia import i18n
from famiglia.net.lan import connect
from famiglia.net.link import HostLink, Way
from famiglia.net.localserver import LocalMailbox
from famiglia.net.netgame import NetGame
from famiglia.net.protocol import Move
from famiglia.net.session import Session
from famiglia.players.random_players import RandomPlayer, no_pass_random
from famiglia.store.settings import MIN_WINDOW
from famiglia.ui import navigation
from famiglia.ui.app import App
from famiglia.ui.friend.connection import BIND_VARIABLE
from famiglia.ui.friend.host import HostScene
from famiglia.ui.friend.join import JoinScene, Step
from famiglia.ui.friend.setup import FriendSetupScene, Role
from famiglia.ui.friend.table import FriendTable
from famiglia.ui.scene import Scene

LANGUAGES = ("en", "de", "nl")
SIZES = (MIN_WINDOW, (1280, 800))
LOOPBACK = "127.0.0.1"
#: Long names: what a player may type (the protocol takes up to 40 characters).
HOST, GUEST = "Annemarie-Louise", "Maximilian-Bruno"


@pytest.fixture(scope="module")
def mailbox() -> Iterator[LocalMailbox]:
    server = LocalMailbox()
    yield server
    server.close()


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BIND_VARIABLE, LOOPBACK)


Build = Callable[[App, LocalMailbox, list[HostLink]], Scene]


def setup(role: Role) -> Build:
    def build(app: App, _mailbox: LocalMailbox, _links: list[HostLink]) -> Scene:
        navigation.to_title(app)
        navigation.open_friend_setup(app)
        scene = app.top
        assert isinstance(scene, FriendSetupScene)
        scene.role.choose(role)
        return scene
    return build


def host_asked(app: App, _mailbox: LocalMailbox, _links: list[HostLink]) -> Scene:
    navigation.to_title(app)
    navigation.open_friend_host(app, HOST, Way.LAN, True)
    scene = app.top
    assert isinstance(scene, HostScene) and scene.link is not None
    peer = Peer(NetGame(Session(connect((LOOPBACK, scene.link.port or 0))), name=GUEST,
                        program="test", secret=secret(1, "peer")))
    run(app, peer, lambda: scene.asked, "the friend to ask")
    return scene


def host_code(app: App, mailbox: LocalMailbox, _links: list[HostLink]) -> Scene:
    app.settings = app.settings.with_changes(rendezvous=mailbox.url)
    navigation.to_title(app)
    navigation.open_friend_host(app, HOST, Way.INTERNET, False)
    scene = app.top
    assert isinstance(scene, HostScene)
    run(app, None, lambda: scene.link is not None and scene.link.code, "the code")
    return scene


def host_no_server(app: App, _mailbox: LocalMailbox, _links: list[HostLink]) -> Scene:
    navigation.to_title(app)
    navigation.open_friend_host(app, HOST, Way.INTERNET, False)
    scene = app.top
    assert isinstance(scene, HostScene)
    scene.note = scene.lines()[0].text  # what the host sees once the server did not answer
    return scene


def join_tables(app: App, _mailbox: LocalMailbox, links: list[HostLink]) -> Scene:
    links.append(HostLink(Way.LAN, HOST, rendezvous="", port=0, bind=LOOPBACK))
    navigation.to_title(app)
    navigation.open_friend_join(app, GUEST, Way.LAN)
    scene = app.top
    assert isinstance(scene, JoinScene)
    run(app, None, lambda: scene.found, "the table")
    scene.error = scene.tables.empty()
    return scene


def join_code(app: App, mailbox: LocalMailbox, _links: list[HostLink]) -> Scene:
    app.settings = app.settings.with_changes(rendezvous=mailbox.url)
    navigation.to_title(app)
    navigation.open_friend_join(app, GUEST, Way.INTERNET)
    scene = app.top
    assert isinstance(scene, JoinScene)
    scene.field.text = "17-gu"
    return scene


def join_at(step: Step) -> Build:
    def build(app: App, _mailbox: LocalMailbox, links: list[HostLink]) -> Scene:
        link = HostLink(Way.LAN, HOST, rendezvous="", port=0, bind=LOOPBACK)
        links.append(link)
        peer = HostPeer(link)
        peer.playing = False
        navigation.to_title(app)
        navigation.open_friend_join(app, GUEST, Way.LAN)
        scene = app.top
        assert isinstance(scene, JoinScene)
        scene.field.text = f"{LOOPBACK}:{link.port}"
        scene._join()
        run(app, peer, lambda: scene.step is Step.OFFERED, "the table offered")
        if step is Step.ASKED:
            scene._join()
        return scene
    return build


def table(state: str) -> Build:
    def build(app: App, _mailbox: LocalMailbox, _links: list[HostLink]) -> Scene:
        connection, peer, cable = dealt(app, host=True)
        connection.net.name, connection.net.peer_name = HOST, GUEST
        navigation.open_friend_table(app, connection)
        scene = app.top
        assert isinstance(scene, FriendTable)
        if state == "lost":
            cable.close()
            run(app, peer, lambda: scene.notice.shown, "the loss")
        elif state == "stopped":
            peer.playing = False
            mine = RandomPlayer(no_pass_random, 1)

            def friend_to_move() -> bool:
                if scene.can_act:
                    scene.apply(mine.choose(scene.game))
                return peer.net.my_turn

            run(app, peer, friend_to_move, "the friend's turn")
            assert peer.net.session is not None and peer.net.game is not None
            peer.net.session.send(Move(peer.net.game.ply() + 1, "take 9", None))
            run(app, peer, lambda: scene.notice.shown, "the refusal")
        elif state == "say":
            scene.open_say()
            return app.top  # type: ignore[return-value]
        return scene
    return build


STATES: dict[str, Build] = {
    "setup, host": setup(Role.HOST),
    "setup, join": setup(Role.JOIN),
    "host, a friend asks": host_asked,
    "host, internet code": host_code,
    "host, no server": host_no_server,
    "join, tables found": join_tables,
    "join, code": join_code,
    "join, offered": join_at(Step.OFFERED),
    "join, asked": join_at(Step.ASKED),
    "table, connection lost": table("lost"),
    "table, stopped": table("stopped"),
    "table, say": table("say"),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", STATES)
def test_every_text_fits_its_box(app: App, ui: Driver, mailbox: LocalMailbox, name: str,
                                 language: str, size: tuple[int, int]) -> None:
    i18n.set_language(language)
    ui.resize(size)
    links: list[HostLink] = []
    try:
        assert_fits(app, ui, STATES[name](app, mailbox, links), size)
    finally:
        for link in links:
            link.close()
