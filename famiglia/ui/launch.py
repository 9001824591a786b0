"""Opening the window: on the title (the lessons offered at the very first start), on the
lessons (``famiglia tutorial``) or on a record's replay (``famiglia replay FILE``).  Only the
title's modules are loaded before its first frame: the replay's when a record is opened."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from .. import i18n
from ..i18n import _
from ..lazy import lazy_module
from .app import App
from .bare_window import answers_input_line, first_frame_line
from .scenes.title import TitleScene

if TYPE_CHECKING:
    from .. import rules
    from ..store import records as stored_records
    from ..store import settings as stored_settings
    from . import navigation
    from .scenes import replay as replay_scene
else:
    replay_scene = lazy_module("famiglia.ui.scenes.replay")
    stored_records = lazy_module("famiglia.store.records")
    stored_settings = lazy_module("famiglia.store.settings")
    navigation = lazy_module("famiglia.ui.navigation")
    rules = lazy_module("famiglia.rules")


def title_app() -> App:
    """The app of the game's start, on the title (drawn before the app settles,
    :class:`.App`'s ``title_first``), the lessons offered once it is settled at the very
    first start."""
    app = App(title_first=True)
    app.push(TitleScene(app))
    app.when_settled(lambda: navigation.offer_lessons(app))
    return app


def play() -> None:
    """Open the window on the title screen and run the game until the player quits."""
    title_app().run()


def first_title_frame() -> None:
    """``famiglia --startup-bench``'s measured start (the hidden ``--first-frame``, whose log
    file starts right after the first frame as ``famiglia``'s does): open the window as
    :func:`play` does, draw the title's first frame, say so the moment it is shown
    (:func:`.bare_window.first_frame_line`); then do what the main loop does before it takes
    the first input (:meth:`.App.run`: settle, open the sound device, a frame with the input
    that came meanwhile), say so (:func:`.bare_window.answers_input_line`) and close."""
    app = title_app()
    app.frame([], 0.0)
    print(first_frame_line(pygame.display.get_driver()), flush=True)
    app.settle()
    app.sound.start()
    app.frame(pygame.event.get(), 0.0)
    print(answers_input_line(), flush=True)
    app.close()
    pygame.quit()


def run_tutorial() -> None:
    """``famiglia tutorial``: the window opens on the lesson list (Back: the title)."""
    app = App()
    app.push(TitleScene(app))
    navigation.open_lessons(app)
    app.run()


def run_replay(path: Path) -> int:
    """``famiglia replay FILE``: the window on the replay of ``path``; Close goes to the
    title.  Returns the exit status (1 with a message, in the player's language, for a file
    that is not a record, or a record the rules refuse, named with the move where it
    breaks; the log has the core's inner detail too)."""
    try:
        record = replay_scene.load_record(path)
        stored_records.check_record(record)
    except ValueError as problem:
        stored_records.refused(path, problem)
        i18n.set_language(i18n.startup_language(
            stored_settings.SettingsStore().load().language))
        if isinstance(problem, rules.DamagedRecord):
            words = i18n.translate_message(stored_records.damaged_record(path, problem))
        else:
            reason = problem.args[0] if problem.args else str(problem)
            words = i18n.translate_message(reason)
        print(_("famiglia replay: {problem}").format(problem=words), file=sys.stderr)
        return 1
    app = App()
    app.push(app.screens.replay(record, on_close=lambda: navigation.to_title(app)))
    app.run()
    return 0
