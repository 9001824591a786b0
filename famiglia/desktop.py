"""Famiglia on a Linux desktop: ``famiglia --install-desktop`` puts it in the menu of
applications with its icon, ``famiglia --uninstall-desktop`` takes it out again.

Following the freedesktop.org specifications, it writes into the user's XDG data folder
(``$XDG_DATA_HOME``, by default ``~/.local/share``), nothing else and nothing system-wide:

* ``applications/famiglia.desktop``: the launcher (:func:`desktop_entry`), starting the very
  copy it was installed from (the bundle's program, or the ``famiglia`` command of the Python
  environment the package is installed in);
* ``icons/hicolor/<n>x<n>/apps/famiglia.png``: the icon at every size of :data:`ICON_SIZES`,
  drawn from the card art by ``scripts/build_icons.py`` and shipped in the package.

The window says it is ``famiglia`` (its X11 class and Wayland app id, :data:`WINDOW_CLASS`),
so the desktop shows it under the launcher's name and icon.  :func:`open_folder` shows a folder
in the desktop's file manager (the log's, from the settings).  This module loads no pygame.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from . import i18n
from .lazy import lazy_module
from .shipped import asset_folder

if TYPE_CHECKING:
    import subprocess
else:
    # loaded when the desktop's tools are run, not when the window takes its class and icon
    subprocess = lazy_module("subprocess")

APP_ID = "famiglia"
#: The window's X11 class and Wayland app id: the launcher's ``StartupWMClass``.
WINDOW_CLASS = APP_ID
#: The sizes of the hicolor icon theme that desktops look for.
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
#: The card the icon shows (Mischa Kalinin, a Mercenary 2).
ICON_CARD = 41
#: The launcher's line under the name: the title's tagline, in each language of the game.
TAGLINE = "a card game of gangsters for two, by Friedemann Friese"


def icon_name(size: int) -> str:
    return f"{APP_ID}-{size}.png"


def data_home() -> Path:
    """The XDG data folder: ``$XDG_DATA_HOME`` when it is an absolute path, else
    ``~/.local/share``."""
    configured = os.environ.get("XDG_DATA_HOME", "")
    if configured and Path(configured).is_absolute():
        return Path(configured)
    return Path.home() / ".local" / "share"


def launcher_command() -> list[str]:
    """What starts this copy of the game: the bundle's program, the ``famiglia`` command
    beside this Python (a virtual environment's, pipx's), else this Python with the
    package."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).resolve())]
    script = Path(sys.executable).parent / APP_ID
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script)]
    return [str(Path(sys.executable)), "-m", APP_ID]


def exec_argument(argument: str) -> str:
    """One argument of a launcher's ``Exec`` line, quoted as the Desktop Entry
    Specification asks (a reserved character in double quotes, ``"`$\\`` escaped in them,
    ``%`` doubled)."""
    argument = argument.replace("%", "%%")
    if not any(character in argument for character in " \t\n\"'\\><~|&;$*?#()`="):
        return argument
    escaped = "".join("\\" + character if character in '"`$\\' else character
                      for character in argument)
    return f'"{escaped}"'


def desktop_entry(command: list[str]) -> str:
    """The launcher's text for ``command``, its comment in each language of the game."""
    def sentence(text: str) -> str:
        return text[:1].upper() + text[1:]

    lines = ["[Desktop Entry]", "Type=Application", "Version=1.4", "Name=Famiglia",
             f"Comment={sentence(TAGLINE)}"]
    for code in i18n.available_languages():
        if code != i18n.DEFAULT:
            lines.append(f"Comment[{code}]={sentence(i18n.translations(code).gettext(TAGLINE))}")
    lines += [f"Exec={' '.join(exec_argument(part) for part in command)}",
              f"Icon={APP_ID}", "Terminal=false", "Categories=Game;CardGame;",
              f"StartupWMClass={WINDOW_CLASS}"]
    return "\n".join(lines) + "\n"


def entry_path(home: Path) -> Path:
    return home / "applications" / f"{APP_ID}.desktop"


def icon_paths(home: Path) -> dict[int, Path]:
    """Where each size of the icon goes in the hicolor theme."""
    return {size: home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
            for size in ICON_SIZES}


def install(home: Path, command: list[str]) -> list[Path]:
    """Write the launcher for ``command`` and the icons under ``home``; the files written.
    ``OSError`` when a folder cannot be written."""
    icons = asset_folder("icons")
    written = []
    for size, path in icon_paths(home).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(icons.joinpath(icon_name(size)).read_bytes())
        written.append(path)
    entry = entry_path(home)
    entry.parent.mkdir(parents=True, exist_ok=True)
    temporary = entry.with_name(f".{entry.name}.new")
    temporary.write_text(desktop_entry(command), encoding="utf-8")
    temporary.replace(entry)
    written.append(entry)
    refresh(home)
    return written


def uninstall(home: Path) -> list[Path]:
    """Remove the launcher and the icons under ``home``; the files removed."""
    removed = []
    for path in [entry_path(home), *icon_paths(home).values()]:
        if path.exists():
            path.unlink()
            removed.append(path)
    refresh(home)
    return removed


def refresh(home: Path) -> None:
    """Tell the desktop's caches, where their tools are installed (a desktop without them
    reads the folders themselves)."""
    for tool, *arguments in (("update-desktop-database", str(home / "applications")),
                             ("gtk-update-icon-cache", "--quiet", "--ignore-theme-index",
                              str(home / "icons" / "hicolor"))):
        found = shutil.which(tool)
        if found and Path(arguments[-1]).is_dir():
            subprocess.run([found, *arguments], check=False, capture_output=True, timeout=60)


def run_desktop(*, installing: bool) -> int:
    """``--install-desktop`` (``installing``) or ``--uninstall-desktop``: the exit status (1
    where there is no freedesktop.org desktop, or a folder cannot be written)."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        print("famiglia: --install-desktop is for Linux desktops; on Windows and macOS start "
              "Famiglia from its folder (pin it to the taskbar or keep it in the Dock).",
              file=sys.stderr)
        return 1
    home = data_home()
    try:
        if installing:
            command = launcher_command()
            written = install(home, command)
            print(f"Famiglia is in the desktop's applications, starting {' '.join(command)}:")
            print("\n".join(f"  {path}" for path in written))
            print(f"{' '.join(command)} --uninstall-desktop removes them.")
        else:
            removed = uninstall(home)
            print("Removed:\n" + "\n".join(f"  {path}" for path in removed) if removed
                  else f"Famiglia was not in the desktop's applications ({entry_path(home)}).")
    except OSError as error:
        print(f"famiglia: {error.filename or home} cannot be written: {error.strerror}",
              file=sys.stderr)
        return 1
    return 0


def open_folder(folder: Path) -> bool:
    """Show ``folder`` in the desktop's file manager (``os.startfile`` on Windows, ``open`` on
    macOS, ``xdg-open`` elsewhere), without waiting for it; False when it cannot be started
    (no file manager, a folder gone)."""
    if not folder.is_dir():
        return False
    try:
        if sys.platform == "win32":
            os.startfile(folder)
        else:
            opener = "open" if sys.platform == "darwin" else "xdg-open"
            subprocess.Popen([opener, str(folder)], stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
    except OSError:
        return False
    return True
