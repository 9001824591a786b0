"""The notices about files, the log and the computer's thinking fit the smallest window
(1024×640) in English, German and Dutch: every line of a notice lies within its box
(``Theme.overflows`` stays empty) and the box within the window."""

from __future__ import annotations

import pytest
from ui_driver import Driver

from famiglia import i18n
from famiglia.rules.messages import Message, msg
from famiglia.store.files import reason
from famiglia.store.locking import LockTimeout
from famiglia.store.settings import LABELS, MIN_WINDOW, listing
from famiglia.ui.app import App
from famiglia.ui.scenes.title import TitleScene

LOG = "/home/giuseppe-verdi/.local/state/famiglia/log/famiglia.log"
DATA = "/home/giuseppe-verdi/.local/share/famiglia"
DETAILS = msg("The details are in {file}.", file=LOG)
SETTINGS = listing(list(LABELS)[:4])

NOTICES: dict[str, Message] = {
    "back to the title, game saved": msg(
        "Something went wrong, so Famiglia went back to the title screen. Your game was "
        "saved: Continue plays on where you were. {details}", details=DETAILS),
    "back to the title": msg("Something went wrong, so Famiglia went back to the title "
                             "screen. {details}",
                             details=msg("The details could not be written to a log file.")),
    "move retried": msg("The computer could not decide on its move and is thinking again."),
    "hint retried": msg("The computer could not work out a hint and is thinking again."),
    "move still failing": msg(
        "The computer still cannot decide on its move and keeps trying; your game is saved, "
        "so you can also leave it and continue later. {details}", details=DETAILS),
    "hint still failing": msg("The computer still cannot work out a hint and keeps trying. "
                              "{details}", details=DETAILS),
    "settings reset": msg(
        "{n} of your settings could not be read ({settings}), so it went back to its "
        "default; the others are kept. The file as it was is kept as {name} in {folder}.",
        plural="{n} of your settings could not be read ({settings}), so they went back to "
               "their defaults; the others are kept. The file as it was is kept as {name} in "
               "{folder}.", n=4, settings=SETTINGS, name="settings.json.corrupt-20261125-2130",
        folder="/home/giuseppe-verdi/.config/famiglia"),
    "record left": msg(
        "{n} past game's record could not be read ({problem}) nor set aside, since {reason}; "
        "it stays in {folder}: {files}.",
        plural="{n} past games' records could not be read ({problem}) nor set aside, since "
               "{reason}; they stay in {folder}: {files}.",
        n=3, problem=msg("it is far larger than any file the game writes"),
        reason=msg("Famiglia is not allowed to write there"), folder=f"{DATA}/records",
        files="20261101-201500-0a1b2c3d4e5f.json, 20261102-201500-0a1b2c3d4e5f.json, "
              "20261103-201500-0a1b2c3d4e5f.json"),
    "highscores locked": msg("The highscore list could not be saved: {reason} ({folder}). The "
                             "game goes on.", reason=reason(LockTimeout()), folder=DATA),
}


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_each_notice_fits_the_smallest_window(app: App, ui: Driver, language: str) -> None:
    app.push(TitleScene(app))
    ui.resize(MIN_WINDOW)
    i18n.set_language(language)
    for name, notice in NOTICES.items():
        app.theme.overflows.clear()
        app.notices.shown.clear()
        app.toast(notice)
        app.draw()
        (toast,) = app.notices.shown
        assert not app.theme.overflows, (name, app.theme.overflows)
        assert app.screen.get_rect().contains(toast.rect), name
        assert "{" not in toast.text, (name, toast.text)
