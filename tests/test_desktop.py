"""The game on a Linux desktop (``famiglia --install-desktop``): a launcher and the icon at
every size in the user's XDG data folder, taken out again by ``--uninstall-desktop``; the icon
drawn from the card art and kept up to date; ``famiglia --version``; a folder shown in the
desktop's file manager."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import configparser
import importlib.util
import shutil
import struct
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from famiglia import __version__, desktop
from famiglia.desktop import ICON_SIZES, desktop_entry, exec_argument

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "assets" / "icons"


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def famiglia(*arguments: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, XDG_DATA_HOME=str(home), PATH="")
    return subprocess.run([sys.executable, "-m", "famiglia", *arguments], capture_output=True,
                          text=True, env=env, timeout=120, check=False)


def read_entry(path: Path) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment, method-assign]
    parser.read_string(path.read_text(encoding="utf-8"))
    assert parser.sections() == ["Desktop Entry"]
    return dict(parser["Desktop Entry"])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a freedesktop.org desktop")
def test_install_writes_the_launcher_and_every_icon_and_uninstall_removes_them(
        tmp_path: Path) -> None:
    home = tmp_path / "share"
    (home / "applications").mkdir(parents=True)
    (home / "applications" / "other.desktop").write_text("[Desktop Entry]\n")
    done = famiglia("--install-desktop", home=home)
    assert done.returncode == 0, done.stderr
    entry = read_entry(home / "applications" / "famiglia.desktop")
    assert entry["Type"] == "Application" and entry["Name"] == "Famiglia"
    assert entry["Icon"] == "famiglia" and entry["StartupWMClass"] == desktop.WINDOW_CLASS
    assert entry["Categories"] == "Game;CardGame;" and entry["Terminal"] == "false"
    assert entry["Comment"] == "A card game of gangsters for two, by Friedemann Friese"
    assert entry["Comment[de]"] != entry["Comment"] and entry["Comment[nl]"] != entry["Comment"]
    program = entry["Exec"].split()[0].strip('"')
    assert Path(program).is_absolute() and os.access(program, os.X_OK), "it starts this copy"
    for size in ICON_SIZES:
        icon = home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "famiglia.png"
        assert png_size(icon.read_bytes()) == (size, size)
    assert str(home / "applications" / "famiglia.desktop") in done.stdout
    validate = shutil.which("desktop-file-validate")
    if validate:
        checked = subprocess.run([validate, str(home / "applications" / "famiglia.desktop")],
                                 capture_output=True, text=True, check=False)
        assert checked.returncode == 0, checked.stdout + checked.stderr

    done = famiglia("--uninstall-desktop", home=home)
    assert done.returncode == 0, done.stderr
    assert not (home / "applications" / "famiglia.desktop").exists()
    assert not list((home / "icons").rglob("*.png"))
    assert (home / "applications" / "other.desktop").exists(), "nothing else is removed"
    again = famiglia("--uninstall-desktop", home=home)
    assert again.returncode == 0 and "was not in the desktop's applications" in again.stdout


def test_a_folder_that_cannot_be_written_is_reported(tmp_path: Path) -> None:
    blocked = tmp_path / "share"
    blocked.write_text("a file where the folder should be")
    done = famiglia("--install-desktop", home=blocked)
    assert done.returncode == 1
    assert "cannot be written" in done.stderr and "Traceback" not in done.stderr


def test_exec_arguments_are_quoted_as_the_specification_asks() -> None:
    assert exec_argument("/opt/famiglia/famiglia") == "/opt/famiglia/famiglia"
    assert exec_argument("/home/anna/My Games/famiglia") == '"/home/anna/My Games/famiglia"'
    assert exec_argument('/a "b"/$c') == '"/a \\"b\\"/\\$c"'
    assert exec_argument("/100%/x") == "/100%%/x"
    entry = desktop_entry(["/home/anna/My Games/famiglia"])
    assert 'Exec="/home/anna/My Games/famiglia"\n' in entry


def test_the_bundle_s_launcher_starts_the_bundle(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    program = tmp_path / "famiglia"
    program.write_text("")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(program))
    assert desktop.launcher_command() == [str(program)]


def test_the_xdg_data_folder_follows_the_environment(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert desktop.data_home() == tmp_path
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    assert desktop.data_home() == Path.home() / ".local" / "share"


def test_every_icon_size_is_shipped_square() -> None:
    for size in ICON_SIZES:
        assert png_size((ICONS / desktop.icon_name(size)).read_bytes()) == (size, size)


def load_builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_icons",
                                                  ROOT / "scripts" / "build_icons.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_committed_icons_are_what_the_card_art_draws_now(tmp_path: Path) -> None:
    builder = load_builder()
    pygame.display.init()
    for path in builder.build(tmp_path):
        fresh = pygame.image.load(str(path))
        committed = pygame.image.load(str(ICONS / path.name))
        assert (pygame.image.tobytes(fresh, "RGBA") == pygame.image.tobytes(committed, "RGBA")
                ), f"{path.name} is out of date: python scripts/build_icons.py"


def test_version_prints_the_package_s_version(tmp_path: Path) -> None:
    done = famiglia("--version", home=tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == f"famiglia {__version__}"


# ---------------------------------------------------------------------- the file manager


def test_a_folder_is_shown_by_the_desktops_file_manager(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """``xdg-open`` (``open`` on macOS) is started without waiting for it; a folder that is
    not there, or no file manager at all, is a False the caller says in words."""
    started: list[list[str]] = []

    def popen(args: list[str], **_options: object) -> None:
        started.append(args)

    monkeypatch.setattr(subprocess, "Popen", popen)
    monkeypatch.setattr(sys, "platform", "linux")
    assert desktop.open_folder(tmp_path)
    assert started == [["xdg-open", str(tmp_path)]]
    monkeypatch.setattr(sys, "platform", "darwin")
    assert desktop.open_folder(tmp_path) and started[-1] == ["open", str(tmp_path)]
    assert not desktop.open_folder(tmp_path / "gone")

    def missing(args: list[str], **_options: object) -> None:
        raise FileNotFoundError(2, "No such file or directory", args[0])

    monkeypatch.setattr(subprocess, "Popen", missing)
    assert not desktop.open_folder(tmp_path)
