"""Past games: every finished game, newest first — date, mode, players, score and winner — read
from the records the store keeps.  Open one to watch it again (the replay viewer), export it to
a file or folder of your choice, or import a record someone sent you (it is replayed and checked
before it joins the list).

Keys: Up/Down, Page Up/Down, Home/End and the mouse wheel move through the list; O (or Enter
on the highlighted Open button, or a double click) opens; E exports, I imports (both in the file
browser, :mod:`.files`); Tab moves between the buttons; Esc goes back.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...i18n import _, lazy_pgettext, pgettext
from ...rules import EndReason
from ...store.records import ModeKind, RecordStore, Summary
from .. import keys, navigation
from .. import theme as t
from ..columns import shorten_lines
from ..labels import back_words, gangster_name, letter_key, mode_label
from ..listing import ListColumn, ListStyle, ListTable
from ..scene import Scene
from ..widgets import Button, DoubleClick, Menu, draw_dialog

if TYPE_CHECKING:
    from ..app import App

#: The columns (headings translated where drawn): the names and the winner may be cut with
#: "…" where the row is short (the date, the mode and the score never are; the longest mode
#: fits the smallest window's row).
COLUMNS = (ListColumn(lazy_pgettext("column", "Date")),
           ListColumn(lazy_pgettext("column", "Mode")),
           ListColumn(lazy_pgettext("column", "Players"), cut=True),
           ListColumn(lazy_pgettext("column", "Score")),
           ListColumn(lazy_pgettext("column", "Winner"), cut=True))
ROW = 34
TEXT = 21
#: Room between two columns' texts.
COLUMN_GAP = 12
STYLE = ListStyle(row=ROW, text=TEXT, heading=TEXT + 1, band=ROW,
                  inset=(COLUMN_GAP // 2, COLUMN_GAP // 2))
#: A notice (an import's or export's outcome) takes at most this many lines of NOTICE_TEXT.
NOTICE_LINES, NOTICE_TEXT = 4, 20


def score_text(scores: tuple[int, int] | None) -> str:
    """Both players' VP with their unit, as the game writes a score ("80 : 63 VP"), or "—"
    when there are none."""
    if scores is None:
        return "—"
    # Translators: a finished game's score, both players' victory points (80 : 63 SP).
    return pgettext("score", "{first} : {second} VP").format(first=scores[0], second=scores[1])


def cells(summary: Summary) -> tuple[str, ...]:
    """A past game's line: date, mode, players, score and winner in words (the Gangster by
    its name in the current language, whatever the record says; a game without a result was
    abandoned: a new game replaced it, and its score is the one it was left at)."""
    names = summary.names
    if summary.mode is not None and summary.mode.kind is ModeKind.SOLO:
        names = (names[0], gangster_name())
    if summary.scores is None:
        score, winner = score_text(summary.left_at), _("abandoned")
    else:
        score = score_text(summary.scores)
        winner = pgettext("result", "Draw") if summary.winner is None else names[summary.winner]
        if summary.reason == EndReason.RESIGNED and summary.winner is not None:
            winner = _("{winner} ({name} resigned)").format(winner=winner,
                                                             name=names[1 - summary.winner])
    if summary.assisted:
        winner = _("{winner} · game with a hint").format(winner=winner)
    mode = mode_label(summary.mode)
    return (i18n.date_time(summary.when), mode, f"{names[0]} – {names[1]}", score,
            winner)


class PastGamesScene(Scene):
    """The list of past games with Open, Export, Import and Back."""

    def __init__(self, app: App, *, store: RecordStore | None = None) -> None:
        super().__init__(app)
        self.store = store or RecordStore()
        self.games: list[Summary] = []
        self._notice: i18n.MessageLike | str | None = None
        self.listing = ListTable(COLUMNS, STYLE, lambda: _(
            "No finished games yet: every game you finish is kept here."), choosing=True)
        self.double_click = DoubleClick()
        self.open_button = Button("", self.open_selected)
        self.export_button = Button("", self.start_export)
        self.import_button = Button("", self.start_import)
        self.back_button = Button("", self.app.pop, hotkey=pygame.K_ESCAPE)
        self.menu = Menu([self.open_button, self.export_button, self.import_button,
                          self.back_button])
        self._label_buttons()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.reload()
        self.resize(app.size)

    def _label_buttons(self) -> None:
        labels = {
            self.open_button: (pgettext("button", "Open"),
                               _("Watch the selected game again, move by move.")),
            self.export_button: (pgettext("button", "Export…"),
                                 _("Save the selected game's record to a file or folder you "
                                   "choose.")),
            self.import_button: (pgettext("button", "Import…"),
                                 _("Add a game record from a file; it is checked move by "
                                   "move.")),
            self.back_button: back_words(),
        }
        for button, (label, tooltip) in labels.items():
            button.text, button.tooltip = label, tooltip
        # Translators: each button's shortcut, a letter of its label, different from the other
        # buttons' of the list of past games.
        self.open_button.hotkey = letter_key(pgettext("hotkey: Open", "O"))
        self.export_button.hotkey = letter_key(pgettext("hotkey: Export", "E"))
        self.import_button.hotkey = letter_key(pgettext("hotkey: Import", "I"))

    def language_changed(self) -> None:
        self._label_buttons()
        self.resize(self.app.size)

    # ------------------------------------------------------------------ data

    @property
    def notice(self) -> i18n.MessageLike | str | None:
        """What the last open, import or export said, shown above the buttons."""
        return self._notice

    @notice.setter
    def notice(self, notice: i18n.MessageLike | str | None) -> None:
        self._notice = notice
        if self.panel.width:
            self.resize(self.app.size)

    def notice_lines(self) -> tuple[str, ...]:
        """The notice wrapped inside the panel (a long file name broken after its folders),
        at most :data:`NOTICE_LINES` lines, the last cut with "…" when it says more."""
        if not self.notice:
            return ()
        return shorten_lines(self.app.theme, i18n.translate_message(self.notice), NOTICE_TEXT,
                         self.panel.width - 80, NOTICE_LINES, bold=True)

    @property
    def selected(self) -> int:
        """The game the list has chosen (Open and Export act on it)."""
        return self.listing.chosen or 0

    def reload(self) -> None:
        self.games = self.store.games()
        self.notice = self.store.take_notice() or self.notice
        self.listing.chosen = min(self.selected, max(0, len(self.games) - 1))
        has_games = bool(self.games)
        self.export_button.enabled = has_games
        self.open_button.enabled = has_games
        self._fill_list()

    def _fill_list(self) -> None:
        """The games' lines in the current language, each column as wide as its heading and
        its widest cell over all the games (scrolling moves none), a mode, names or a winner
        cut only where the row is short."""
        self.listing.rows = [cells(summary) for summary in self.games]
        self.listing.fit_columns(self.app.theme, self.listing.rows)
        self.listing.show_chosen()

    # ------------------------------------------------------------------ actions

    def open_selected(self) -> None:
        """Replay the selected game; a record that no longer replays is set aside and said."""
        if not self.games:
            return
        record = self.store.load(self.games[self.selected])
        if record is None:
            self.notice = self.store.take_notice()
            self.reload()
            return
        navigation.open_replay(self.app, record)

    def start_export(self) -> None:
        """The file browser on the documents folder, the record's file name offered."""
        if self.games:
            summary = self.games[self.selected]
            self.app.push(self.app.screens.file_browser(
                "export", lambda path: self._export(summary, path), name=summary.path.name))

    def start_import(self) -> None:
        self.app.push(self.app.screens.file_browser("import", self._import))

    def _export(self, summary: Summary, path: Path) -> i18n.MessageLike | str | None:
        """Export to ``path``: None when it worked (said here), else why not (said in the
        browser, which stays open)."""
        written = self.store.export(summary, path)
        notice = self.store.take_notice()
        if written is None:
            return notice
        self.notice = notice
        return None

    def _import(self, path: Path) -> i18n.MessageLike | str | None:
        """Import ``path``: None when it joined the list (chosen, said here), else why not
        (said in the browser, which stays open)."""
        imported = self.store.import_file(path)
        notice = self.store.take_notice()
        if imported is None:
            return notice
        self.notice = notice
        self.reload()
        self.listing.choose(next((i for i, game in enumerate(self.games)
                                  if game.path == imported.path), 0))
        return None

    # ------------------------------------------------------------------ layout and input

    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        self.panel = pygame.Rect(0, 0, min(1180, width - 40), height - 40)
        self.panel.center = (width // 2, height // 2)
        notice = max(2, len(self.notice_lines())) * (NOTICE_TEXT + 2) + 10
        bottom = self.panel.bottom - 24 - 48 - notice
        self.listing.place(pygame.Rect(self.panel.x + 28, self.panel.y + 86,
                                       self.panel.width - 56, bottom - self.panel.y - 86))
        count = len(self.menu.buttons)
        button_width = min(220, (self.panel.width - 56 - 16 * (count - 1)) // count)
        x = self.panel.centerx - (count * button_width + (count - 1) * 16) // 2
        for button in self.menu.buttons:
            button.rect = pygame.Rect(x, self.panel.bottom - 24 - 48, button_width, 48)
            x += button_width + 16
        self._fill_list()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.listing.handle_event(event) or keys.menu_key(self.app, event):
            return
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.listing.rect.collidepoint(event.pos)):
            index = self.listing.row_at(event.pos)
            if index is not None:
                self._click_row(index)
            return
        self.menu.handle_event(event)

    def _click_row(self, index: int) -> None:
        """A click chooses a game; a second on the same one soon after opens it (timed on the
        app's clock: the list has nothing that moves by itself, so the app rests under it)."""
        self.listing.choose(index)
        if self.double_click.click(index, self.app.time):
            self.open_selected()

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.fill(t.FELT_DARK)
        draw_dialog(surface, theme, self.panel, _("Past games"), 40)
        self.listing.draw(surface, theme)
        lines = self.notice_lines()
        if lines:
            area_bottom = self.menu.buttons[0].rect.top - 8
            y = area_bottom - (NOTICE_TEXT + 2) * len(lines)
            for line in lines:
                image = theme.text(line, NOTICE_TEXT, t.HIGHLIGHT, bold=True)
                surface.blit(image, image.get_rect(midtop=(self.panel.centerx, y)))
                y += NOTICE_TEXT + 2
        self.menu.draw(surface, theme)
        self.menu.draw_tooltip(surface, theme)
