"""Learn to play: lessons on the real table, each on a scripted deal with a scripted opponent
and a coach that says what to do and why (:mod:`.lessons`, :mod:`.runner`, :mod:`.table`), and
the coach's tips in the first games (:mod:`.tips`).  The lesson list is
:mod:`famiglia.ui.scenes.lessons`; what the player has learnt is kept by
:mod:`famiglia.store.progress`.

The functions here open the lessons; they import what they open when they run, so importing
this package loads nothing else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..app import App


def open_lessons(app: App) -> None:
    """The lesson list over the current screen (Back returns to it)."""
    from ..scenes.lessons import LessonsScene

    app.push(LessonsScene(app))


def offer_on_first_start(app: App) -> None:
    """At the very first start, offer the lessons over the title (once: the progress file
    remembers that they were offered)."""
    from ...store.progress import ProgressStore
    from ..scenes.lessons import WelcomeScene

    store = ProgressStore()
    if store.load().welcomed:
        return
    store.welcome()
    notice = store.take_notice()
    if notice:
        app.toast(notice)
    app.push(WelcomeScene(app))


def run_tutorial() -> None:
    """``famiglia tutorial``: the window opens on the lesson list (Back: the title)."""
    from ..app import App
    from ..scenes.title import TitleScene

    app = App()
    app.push(TitleScene(app))
    open_lessons(app)
    app.run()
