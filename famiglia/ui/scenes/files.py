"""Choosing a file in the game's own style, for Export (a folder and a file name) and Import (a
game record): the places on the left (the home, documents, desktop and downloads folders, as
platformdirs names them), the folders and the record files of the folder shown, the file name
(or a whole path, typed as before) below them.

Export opens on the documents folder with the record's own file name ready to be kept or typed
over; Import opens there too, on its folders and ``.json`` files.  Up/Down (Page Up/Down, the
wheel) move through the list, Enter opens a folder or takes the file chosen, or the path typed
in the field once something was typed; Backspace in an empty field or Alt+Up goes to the folder
above, Esc cancels.  A click selects, a double click opens; an existing file is replaced only
after a question.  What the caller does with the file (``choose``) comes back as ``None`` (done:
the browser closes) or as a problem said in the browser, which stays open for another choice.
A folder that cannot be read is said so and the browser stays where it was.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import platformdirs
import pygame

from ... import i18n
from ...i18n import N_, _, pgettext
from ...rules import msg
from ...store import files
from .. import theme as t
from ..columns import shorten, shorten_lines
from ..scene import Scene
from ..textfield import TextField
from ..widgets import Button, DoubleClick, draw_dialog

if TYPE_CHECKING:
    from ..app import App

Mode = Literal["export", "import"]
#: What the caller does with the chosen file: ``None`` when done, else the problem to say.
Choose = Callable[[Path], i18n.MessageLike | str | None]
#: A record file's ending.
SUFFIX = ".json"
ROW, TEXT = 32, 20
#: The places' column, and the room between the parts of the browser.
PLACES_WIDTH, GAP = 190, 14
PATH_LIMIT = 1000
#: The lines under the list for a problem (or the keys), and their height.
FOOT_LINES, FOOT_LINE = 2, 22


@dataclass(frozen=True)
class Entry:
    """One line of the list: a folder, or a file with the time it was last changed."""

    path: Path
    folder: bool
    changed: float = 0.0


def places() -> list[tuple[str, Path]]:
    """The places beside the list (their names to translate where drawn): the home, documents,
    desktop and downloads folders that exist on this computer, each once."""
    found: list[tuple[str, Path]] = []
    for name, path in ((N_("Home"), Path.home()),
                       (N_("Documents"), Path(platformdirs.user_documents_dir())),
                       (N_("Desktop"), Path(platformdirs.user_desktop_dir())),
                       (N_("Downloads"), Path(platformdirs.user_downloads_dir()))):
        if path.is_dir() and all(path != seen for _name, seen in found):
            found.append((name, path))
    return found


def start_folder() -> Path:
    """Where the browser opens: the documents folder, else the home."""
    documents = Path(platformdirs.user_documents_dir())
    return documents if documents.is_dir() else Path.home()


def list_folder(folder: Path) -> list[Entry]:
    """The folders of ``folder`` by name, then its record files, newest first; hidden ones
    left out.  ``OSError`` when the folder cannot be read."""
    folders: list[Entry] = []
    records: list[Entry] = []
    with os.scandir(folder) as found:
        for item in found:
            if item.name.startswith("."):
                continue
            try:
                if item.is_dir():
                    folders.append(Entry(Path(item.path), True))
                elif item.name.lower().endswith(SUFFIX):
                    records.append(Entry(Path(item.path), False, item.stat().st_mtime))
            except OSError:
                continue  # a broken link, a file gone meanwhile: not offered
    folders.sort(key=lambda entry: entry.path.name.casefold())
    records.sort(key=lambda entry: -entry.changed)
    return folders + records


def typed_path(text: str, folder: Path) -> Path:
    """A path typed into the field: ``~`` is the home, a relative path starts in ``folder``."""
    path = Path(text.strip()).expanduser()
    return path if path.is_absolute() else folder / path


class FileBrowserScene(Scene):
    """The browser for ``mode``: ``choose`` does the export or import of the file chosen;
    ``name``: the file name Export offers."""

    def __init__(self, app: App, mode: Mode, choose: Choose, *, name: str = "",
                 folder: Path | None = None) -> None:
        super().__init__(app)
        self.mode = mode
        self.choose = choose
        self.name = name
        self.folder = folder or start_folder()
        self.entries: list[Entry] = []
        self.selected = 0
        self.first = 0
        self.notice: i18n.MessageLike | str | None = None
        #: Enter acts on what was typed (else on the list's selection)
        self.typing = mode == "export"
        self.field = TextField(name, max_length=PATH_LIMIT, size=TEXT + 1, keep_end=True)
        self.field.focused = True
        self.double_click = DoubleClick()
        #: the places beside the list, looked up once
        self.places = places()
        self.place_buttons = [Button("", partial(self.go, path), size=20)
                              for _name, path in self.places]
        self.up_button = Button("", self.up, size=20)
        self.action_button = Button("", self.act, size=22)
        self.cancel_button = Button("", self.app.pop, size=22)
        self._label_buttons()
        self.panel = self.list_area = self.path_rect = pygame.Rect(0, 0, 0, 0)
        self.go(self.folder)
        self.resize(app.size)

    @property
    def buttons(self) -> list[Button]:
        return [*self.place_buttons, self.up_button, self.action_button, self.cancel_button]

    def _label_buttons(self) -> None:
        for button, (name, path) in zip(self.place_buttons, self.places, strict=True):
            button.text, button.tooltip = _(name), str(path)
        self.up_button.text = pgettext("button", "Folder above")
        self.up_button.tooltip = _("The folder this one is in (Backspace in an empty field, "
                                   "or Alt+Up).")
        if self.mode == "export":
            self.action_button.text = pgettext("button", "Export here")
            self.action_button.tooltip = _("Save the game's record in this folder under the "
                                           "name below (Enter).")
        else:
            self.action_button.text = pgettext("button", "Import")
            self.action_button.tooltip = _("Add the chosen game record to your past games "
                                           "(Enter).")
        self.cancel_button.text = pgettext("button", "Cancel")
        self.cancel_button.tooltip = _("Back to the past games, nothing copied (Esc).")

    def language_changed(self) -> None:
        self._label_buttons()

    # ------------------------------------------------------------------ moving around

    def go(self, folder: Path) -> bool:
        """Show ``folder``; one that cannot be read is said so, and the browser stays."""
        try:
            entries = list_folder(folder)
        except OSError as error:
            self.notice = msg("This folder cannot be opened: {reason}.",
                              reason=files.reason(error, reading=True))
            return False
        self.folder, self.entries = folder, entries
        self.selected = self.first = 0
        self.notice = None
        # a folder reached is where Export saves next; Import chooses from its list
        self.typing = self.mode == "export"
        return True

    def up(self) -> None:
        if self.folder.parent != self.folder:
            here = self.folder
            if self.go(self.folder.parent):
                self.select(next((index for index, entry in enumerate(self.entries)
                                  if entry.path == here), 0))

    def select(self, index: int) -> None:
        if not self.entries:
            return
        self.selected = max(0, min(len(self.entries) - 1, index))
        self.typing = False
        entry = self.entries[self.selected]
        if self.mode == "export" and not entry.folder:
            self.field.text = entry.path.name  # chosen to be replaced (after a question)
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + self.visible_rows:
            self.first = self.selected - self.visible_rows + 1

    @property
    def visible_rows(self) -> int:
        return max(1, self.list_area.height // ROW)

    def scroll(self, rows: int) -> None:
        most = max(0, len(self.entries) - self.visible_rows)
        self.first = max(0, min(most, self.first + rows))

    # ------------------------------------------------------------------ choosing

    def confirm(self) -> None:
        """Enter or the action button: what was typed (Export: the name in this folder, as
        offered or typed over; a folder's path opens it), else the entry selected (a folder
        opens, a file is taken)."""
        text = self.field.text.strip()
        if self.typing and text:
            target = typed_path(text, self.folder)
            if not target.is_dir():
                self.take(target)
            elif self.go(target):
                self.field.text = self.name if self.mode == "export" else ""
            return
        if self.entries:
            entry = self.entries[self.selected]
            if entry.folder:
                self.go(entry.path)
            else:
                self.take(entry.path)

    def act(self) -> None:
        """The action button: Export saves under the name in the field whatever the list
        has selected; Import takes what Enter would take."""
        if self.mode == "export":
            self.typing = True
        self.confirm()

    def take(self, path: Path) -> None:
        """Export to ``path`` (a record's ending added where it has none; an existing file
        only after a question), or import it."""
        if self.mode == "import":
            self._done(path)
            return
        if path.suffix.lower() != SUFFIX:
            path = path.with_name(path.name + SUFFIX)
        if path.exists():
            self.app.push(self.app.screens.confirm(
                _("Replace the file?"),
                _("{file} is already in this folder. Replace it with this game's record?"
                  ).format(file=path.name),
                pgettext("button", "Replace"), lambda: self._done(path)))
            return
        self._done(path)

    def _done(self, path: Path) -> None:
        problem = self.choose(path)
        if problem is None:
            self.app.pop()
            return
        self.notice = problem
        self.go_keeping_notice()

    def go_keeping_notice(self) -> None:
        """The folder read again (an export may have written into it), the notice kept."""
        notice = self.notice
        selected = self.selected
        if self.go(self.folder):
            self.notice = notice
            self.selected = min(selected, max(0, len(self.entries) - 1))

    # ------------------------------------------------------------------ input

    def update(self, dt: float) -> None:
        self.field.update(dt)

    def animating(self) -> bool:
        """Nothing moves by itself: the app rests, waking for the cursor's blink."""
        return False

    def next_change(self) -> float | None:
        return self.field.next_change()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
            return
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.list_area.collidepoint(event.pos)):
            self._click_row(event.pos)
            return
        if any(button.handle_event(event) for button in self.buttons):
            return
        if event.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
            before = self.field.text
            self.field.handle_event(event)
            if self.field.text != before:
                self.typing = True
                self.notice = None

    def _key(self, event: pygame.event.Event) -> bool:
        """The browser's own keys; True when ``event`` was one of them."""
        key = event.key
        moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible_rows,
                 pygame.K_PAGEDOWN: self.visible_rows}
        if key == pygame.K_ESCAPE:
            self.app.pop()
        elif key == pygame.K_UP and event.mod & pygame.KMOD_ALT:
            self.up()
        elif key in moves:
            self.select(self.selected + moves[key])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        elif key == pygame.K_BACKSPACE and not self.field.text:
            self.up()
        else:
            return False
        return True

    def _click_row(self, pos: tuple[int, int]) -> None:
        index = self.first + (pos[1] - self.list_area.y) // ROW
        if index >= len(self.entries):
            return
        self.select(index)
        if self.double_click.click(index, self.app.time):
            self.confirm()

    # ------------------------------------------------------------------ layout and drawing

    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        self.panel = pygame.Rect(0, 0, min(1100, width - 40), height - 20)
        self.panel.center = (width // 2, height // 2)
        inside = self.panel.inflate(-2 * 24, 0)
        top = self.panel.y + 78
        for index, button in enumerate(self.place_buttons):
            button.rect = pygame.Rect(inside.x, top + 40 + index * 48, PLACES_WIDTH, 40)
        left = inside.x + PLACES_WIDTH + GAP
        self.up_button.rect = pygame.Rect(left, top, 190, 34)
        self.path_rect = pygame.Rect(self.up_button.rect.right + GAP, top,
                                     inside.right - self.up_button.rect.right - GAP, 34)
        bottom = self.panel.bottom - 22
        buttons_top = bottom - 46
        self.action_button.rect = pygame.Rect(0, buttons_top, 220, 46)
        self.cancel_button.rect = pygame.Rect(0, buttons_top, 180, 46)
        self.cancel_button.rect.right = inside.right
        self.action_button.rect.right = self.cancel_button.rect.left - GAP
        self.field.rect = pygame.Rect(left, buttons_top - 12 - 44, inside.right - left, 44)
        #: the problem said, or the keys: FOOT_LINES lines between the list and the field
        foot = FOOT_LINES * FOOT_LINE + 8
        list_top = top + 44
        self.list_area = pygame.Rect(left, list_top, inside.right - left,
                                     self.field.rect.y - 26 - foot - list_top)
        self.scroll(0)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.fill(t.FELT_DARK)
        title = (_("Export the game to a file") if self.mode == "export"
                 else _("Import a game record"))
        draw_dialog(surface, theme, self.panel, title, 36)
        heading = theme.fit(_("Places"), 20, PLACES_WIDTH, t.GOLD, bold=True)
        surface.blit(heading, (self.place_buttons[0].rect.x if self.place_buttons
                               else self.panel.x + 24, self.panel.y + 86))
        folder = shorten(theme, str(self.folder), TEXT, self.path_rect.width - 12, tail=True,
                     bold=True)
        image = theme.text(folder, TEXT, t.GOLD, bold=True)
        surface.blit(image, image.get_rect(midleft=(self.path_rect.x + 6,
                                                    self.path_rect.centery)))
        self._draw_list(surface)
        label = (_("File name (or a whole path):") if self.mode == "export"
                 else _("File (or type its path):"))
        caption = theme.fit(label, 18, self.field.rect.width, t.INK_DIM)
        surface.blit(caption, (self.field.rect.x, self.field.rect.y - 24))
        self.field.draw(surface, theme)
        self._draw_foot(surface)
        for button in self.buttons:
            button.draw(surface, theme)
        for button, (_name, path) in zip(self.place_buttons, self.places, strict=True):
            if path == self.folder:  # the place shown now
                pygame.draw.rect(surface, t.HIGHLIGHT, button.rect.inflate(6, 6), width=2,
                                 border_radius=10)
        for button in self.buttons:
            button.draw_tooltip(surface, theme)

    def _draw_list(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        area = self.list_area
        pygame.draw.rect(surface, t.PANEL, area.inflate(8, 8), border_radius=6)
        if not self.entries:
            empty = theme.fit(_("No folders or game records here."), 20, area.width - 20,
                              t.INK_DIM)
            surface.blit(empty, empty.get_rect(midtop=(area.centerx, area.y + 20)))
            return
        date_width = theme.font(TEXT).size(i18n.date_time(datetime(2026, 12, 28, 23, 59)))[0]
        for offset, entry in enumerate(self.entries[self.first:self.first + self.visible_rows]):
            index = self.first + offset
            row = pygame.Rect(area.x, area.y + offset * ROW, area.width - 12, ROW - 3)
            if index == self.selected and not self.typing:
                pygame.draw.rect(surface, t.GOLD_DARK, row, border_radius=5)
                pygame.draw.rect(surface, t.HIGHLIGHT, row, width=2, border_radius=5)
            elif index == self.selected:  # Enter takes what was typed: the row only marked
                pygame.draw.rect(surface, t.PANEL_EDGE, row, width=2, border_radius=5)
            icon = pygame.Rect(row.x + 8, row.centery - 8, 22, 16)
            draw_icon(surface, icon, entry.folder)
            room = row.width - 48 - (0 if entry.folder else date_width + 20)
            name = shorten(theme, entry.path.name, TEXT, room)
            image = theme.text(name, TEXT, t.INK)
            surface.blit(image, image.get_rect(midleft=(icon.right + 10, row.centery)))
            if not entry.folder:
                when = theme.text(i18n.date_time(datetime.fromtimestamp(entry.changed)), TEXT,
                                  t.INK_DIM)
                surface.blit(when, when.get_rect(midright=(row.right - 10, row.centery)))
        self._draw_scrollbar(surface)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        total, visible = len(self.entries), self.visible_rows
        if total <= visible:
            return
        track = pygame.Rect(self.list_area.right - 6, self.list_area.y, 6,
                            visible * ROW - 3)
        pygame.draw.rect(surface, t.FELT, track, border_radius=3)
        height = max(20, track.height * visible // total)
        y = track.y + (track.height - height) * self.first // (total - visible)
        pygame.draw.rect(surface, t.GOLD, (track.x, y, track.width, height), border_radius=3)

    def _draw_foot(self, surface: pygame.Surface) -> None:
        """The problem to say, or the keys, in the line between the list and the field."""
        theme = self.app.theme
        y = self.list_area.bottom + 10
        if self.notice:
            for line in shorten_lines(theme, i18n.translate_message(self.notice), 18,
                                  self.list_area.width, FOOT_LINES, bold=True):
                image = theme.text(line, 18, t.RED, bold=True)
                surface.blit(image, (self.list_area.x, y))
                y += FOOT_LINE
            return
        keys = theme.fit(_("Up/Down: choose  ·  Enter: open or take it  ·  Backspace: folder "
                           "above  ·  Esc: cancel"), 18, self.list_area.width, t.INK_DIM)
        surface.blit(keys, (self.list_area.x, y))


def draw_icon(surface: pygame.Surface, rect: pygame.Rect, folder: bool) -> None:
    """A folder (a tab on a box) or a card-like sheet for a record file."""
    if folder:
        tab = pygame.Rect(rect.x, rect.y - 3, rect.width // 2, 5)
        pygame.draw.rect(surface, t.GOLD_DARK, tab, border_radius=2)
        pygame.draw.rect(surface, t.GOLD, rect, border_radius=3)
        return
    sheet = pygame.Rect(0, 0, rect.height * 3 // 4, rect.height + 2)
    sheet.center = rect.center
    pygame.draw.rect(surface, t.INK, sheet, border_radius=2)
    pygame.draw.rect(surface, t.FAMILY_COLOURS["F"], sheet.inflate(-6, -8), border_radius=1)
