"""``famiglia --smoke-test``: does this copy of the game work?  Run it after installing or
building the game (CI runs it on the bundle it builds, from outside the source tree).

It goes through what a first game needs, in order, and stops at the first thing that fails:
the window on whatever video driver SDL finds (SDL's dummy driver without a display), the
title, a table with a dealt game, a card of every family and every back at every size the
title and the table draw them, the rules page and the title in each language (so the
catalogs and the rules pages are found), a save written and read back, and a short game of
the computer against itself through the computer's worker process (so a bundle's
``multiprocessing`` works), and Play a friend's networking (zeroconf loaded; magic-wormhole
on Twisted's thread answering that no rendezvous server listens on a free port of 127.0.0.1:
nothing leaves this machine).  It prints one line per check and exits 0; a failure is one line
naming the check and the error, then its traceback, and exit status 1.

The game's files go to a temporary folder that is removed afterwards: the player's settings,
saves and logs are never read nor written.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import socket
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

import pygame

from .. import __version__, i18n, rulespage
from ..net import discovery
from ..net.problems import Cause
from ..net.rendezvous import WormholeTransport
from ..net.transport import Closed
from ..players.seats import Seat
from ..rules import DECK, Back, Family, Game
from ..store.savegame import SaveGameStore
from .app import App
from .scenes.rules_help import RulesScene
from .scenes.table import TableScene
from .scenes.title import TitleScene
from .table.thinker import Thinker

SIZE = (1280, 800)
#: The computer's game: a quick search per move, and a bound on the whole game.
SEARCH = {"iterations": 16}
GAME_SECONDS = 120.0
#: The worker's process name (:meth:`.table.thinker.Thinker.start`).
WORKER = "famiglia-thinker"
SEED = 27
#: How long the wormhole may take to find that no rendezvous server answers.
RENDEZVOUS_SECONDS = 20.0
#: The folders the game's files go to (:mod:`famiglia.store.files`, :mod:`famiglia.logs`).
FOLDERS = {"FAMIGLIA_DATA_DIR": "data", "FAMIGLIA_CONFIG_DIR": "config",
           "FAMIGLIA_CACHE_DIR": "cache", "FAMIGLIA_LOG_DIR": "log"}


class SmokeTestFailure(RuntimeError):
    """A check found something wrong (the message says what)."""


@contextlib.contextmanager
def user_folders(folder: Path) -> Iterator[None]:
    """The game's files in ``folder`` for the time being; the environment as it was after."""
    before = {name: os.environ.get(name) for name in FOLDERS}
    os.environ.update({name: str(folder / sub) for name, sub in FOLDERS.items()})
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def drawn(surface: pygame.Surface) -> bool:
    """Whether something was drawn: a grid of samples over ``surface`` finds several colours."""
    width, height = surface.get_size()
    colours = {tuple(surface.get_at((x * (width - 1) // 15, y * (height - 1) // 15)))
               for x in range(16) for y in range(16)}
    return len(colours) > 4


def expect(condition: bool, problem: str) -> None:
    if not condition:
        raise SmokeTestFailure(problem)


@dataclass
class Run:
    """What the checks share: the temporary folder and the window."""

    folder: Path
    app: App | None = None
    language: str = field(default_factory=i18n.current_language)

    @property
    def window(self) -> App:
        if self.app is None:
            raise SmokeTestFailure("the window is not open")
        return self.app

    def show(self, what: str) -> None:
        """Draw the top scene now; it must show something."""
        app = self.window
        app.request_redraw()
        app.frame([], 1 / 60)
        expect(drawn(app.screen), f"{what} drew nothing")

    def close(self) -> None:
        i18n.set_language(self.language)
        if self.app is not None:
            self.app.close()
            self.app = None
        pygame.quit()


def open_window(run: Run) -> str:
    run.app = App(size=SIZE)
    width, height = run.app.size
    return f"{width}×{height} on the {pygame.display.get_driver()} video driver"


def title(run: Run) -> str:
    app = run.window
    scene = TitleScene(app)
    app.push(scene)
    run.show("the title")
    expect(bool(scene.fans), "the title shows no cards")
    return f"the menu and {len(scene.fans)} cards"


def table(run: Run) -> str:
    app = run.window
    game = Game.new(SEED, first_player=0, fresh_cards_rule=True)
    scene = TableScene(app, game, ("Anna", "Bruno"), seats=(Seat.human(), Seat.human()))
    app.push(scene)
    run.show("the table")
    street = len(game.view(0).street)
    expect(street > 0, "the dealt game has no Street")
    app.pop()
    return f"a dealt game, {street} cards on the Street"


def cards(run: Run) -> str:
    app = run.window
    sizes = sorted(app.cards.kept_sizes())
    expect(len(sizes) >= 2, f"the title and the table drew cards at {len(sizes)} size(s)")
    firsts = [next(card for card in DECK if card.family is family) for family in Family]
    for size in sizes:
        images = [app.cards.face(card.id, size) for card in firsts]
        images += [app.cards.back(back, size) for back in Back]
        for image in images:
            expect(image.get_size() == size, f"a card came out {image.get_size()}, not {size}")
            expect(drawn(image) or min(size) < 16, f"a card at {size} is blank")
    listed = ", ".join(f"{width}×{height}" for width, height in sizes)
    return f"{len(Family)} families and {len(Back)} backs at {listed}"


def languages(run: Run) -> str:
    app = run.window
    words = []
    for code in i18n.available_languages():
        i18n.set_language(code)
        page = rulespage.rules_page(code)
        expect(bool(page), f"the rules page in {i18n.language_name(code)} is empty")
        word = i18n.pgettext("button", "Rules")
        expect(code == i18n.DEFAULT or word != "Rules",
               f"the {i18n.language_name(code)} texts are missing (Rules reads {word!r})")
        run.show(f"the title in {i18n.language_name(code)}")
        app.push(RulesScene(app))
        run.show(f"the rules page in {i18n.language_name(code)}")
        app.pop()
        words.append(f"{i18n.language_name(code)} ({len(page)} blocks)")
    i18n.set_language(run.language)
    return "the title and the rules page in " + ", ".join(words)


def save(run: Run) -> str:
    game = Game.new(SEED + 1, first_player=1, fresh_cards_rule=True)
    game.apply(game.legal_actions()[0])
    store = SaveGameStore()
    expect(store.path.is_relative_to(run.folder), f"the save would go to {store.path}")
    seats = (Seat.human(), Seat.computer("easy", SEED))
    expect(store.save(game, ("Anna", "Computer"), seats),
           f"the save could not be written: {store.take_notice()}")
    reading = SaveGameStore()
    loaded = reading.load()
    expect(loaded is not None, f"the save could not be read back: {reading.take_notice()}")
    assert loaded is not None
    expect(loaded.game.to_dict() == game.to_dict() and loaded.seats == seats,
           "the save read back differs from the game saved")
    return f"{store.path.name} written and read back ({store.path.stat().st_size} bytes)"


def computer_game(run: Run) -> str:
    """Both seats played by the search player in the worker process, to the end."""
    thinker = Thinker(in_process=False)
    game = Game.new(SEED + 2, first_player=0, fresh_cards_rule=True)
    deadline = time.monotonic() + GAME_SECONDS
    moves = 0
    try:
        thinker.start()
        workers = [child.pid for child in multiprocessing.active_children()
                   if child.name == WORKER]
        expect(bool(workers) and os.getpid() not in workers,
               "the computer's worker process did not start")
        while not game.is_terminal():
            thinker.ask(game, {**SEARCH, "seed": SEED + moves})
            notation = thinker.poll()
            while notation is None:
                expect(thinker.failures == 0, "the computer's worker could not decide (the "
                                              "error is above)")
                expect(time.monotonic() < deadline,
                       f"the computer's game took more than {GAME_SECONDS:.0f} s")
                time.sleep(0.002)
                notation = thinker.poll()
            game.apply(notation)
            moves += 1
    finally:
        thinker.close()
    first, second = game.scores
    return f"{moves} moves from worker process {workers[0]}, {first} : {second} VP"


def friend(run: Run) -> str:
    """Play a friend's parts load and answer: a wormhole to a free port of loopback, where no
    rendezvous server listens, says so as a connection problem."""
    expect(discovery.SERVICE.startswith("_famiglia."), "zeroconf's part did not load")
    with socket.socket() as spare:
        spare.bind(("127.0.0.1", 0))
        port = spare.getsockname()[1]
    transport = WormholeTransport(f"ws://127.0.0.1:{port}/v1", relay="", hint_addresses=[],
                                  welcome_timeout=2.0)
    deadline = time.monotonic() + RENDEZVOUS_SECONDS
    try:
        while True:
            closed = [event for event in transport.poll() if isinstance(event, Closed)]
            if closed:
                break
            expect(time.monotonic() < deadline, "the wormhole did not answer")
            time.sleep(0.01)
    finally:
        transport.close()
    problem = closed[0].problem
    expect(problem is not None and problem.cause is Cause.CONNECTION,
           f"the wormhole answered {problem}")
    return f"magic-wormhole on Twisted found no rendezvous server at 127.0.0.1:{port}"


CHECKS: tuple[tuple[str, Callable[[Run], str]], ...] = (
    ("window", open_window), ("title", title), ("table", table), ("cards", cards),
    ("languages", languages), ("save", save), ("computer game", computer_game),
    ("play a friend", friend))


def run_smoke_test(out: TextIO | None = None, errors: TextIO | None = None) -> int:
    """Run every check (see the module's docstring); the exit status."""
    out = out or sys.stdout
    errors = errors or sys.stderr
    with tempfile.TemporaryDirectory(prefix="famiglia-smoke-") as folder, \
            user_folders(Path(folder)):
        run = Run(Path(folder))
        try:
            for name, check in CHECKS:
                try:
                    detail = check(run)
                except Exception as error:
                    problem = (str(error) if isinstance(error, SmokeTestFailure)
                               else f"{type(error).__name__}: {error}")
                    print(f"FAILED {name}: {problem}", file=errors, flush=True)
                    traceback.print_exc(file=errors)
                    return 1
                print(f"ok  {name}: {detail}", file=out, flush=True)
        finally:
            run.close()
    print(f"famiglia {__version__}: the smoke test passed ({len(CHECKS)} checks)", file=out)
    return 0
