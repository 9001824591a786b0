"""The bundle for people without Python (``scripts/build_app.py``): built with PyInstaller,
packed as an archive named with the version and the system, holding a README for players
and the licence texts, and started from outside the source tree, where its smoke test passes
on SDL's dummy drivers, whose start runs only the runtime hooks it needs while it still serves
multiprocessing (Linux), whose desktop launcher (Linux) starts the bundle itself, and where two
copies of the unpacked bundle (Linux) play a friend on loopback, on the same network and through a
mailbox server on this machine (R5.4: the fair deal verified by both).

Marked ``bundle`` (about a minute): it needs PyInstaller, the ``app`` extra, and is skipped,
saying so, where that is not installed; ``.ci/run`` installs it and runs this test with
``FAMIGLIA_REQUIRE_BUNDLE=1``, which turns the skip into a failure.
"""

from __future__ import annotations

import configparser
import importlib.util
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from command_pair import play_pair

from famiglia import __version__
from famiglia.net.localserver import LocalMailbox, LocalRelay

ROOT = Path(__file__).resolve().parent.parent
EXPECTED = ("README.txt", "licences/README.txt", "licences/Python.txt",
            "licences/platformdirs.txt", "licences/PyInstaller-bootloader.txt",
            "licences/LGPL-2.1.txt", "licences/SDL2.txt")

pytestmark = pytest.mark.bundle


def require_pyinstaller() -> None:
    if importlib.util.find_spec("PyInstaller") is not None:
        return
    message = ('PyInstaller is not installed here, so the bundle cannot be built: '
               'pip install -e ".[app]" (CI does, and runs this test)')
    if os.environ.get("FAMIGLIA_REQUIRE_BUNDLE"):
        pytest.fail(message)
    pytest.skip(message)


def names(archive: Path) -> list[str]:
    if archive.name.endswith(".tar.gz"):
        with tarfile.open(archive) as packed:
            return packed.getnames()
    with zipfile.ZipFile(archive) as packed:
        return packed.namelist()


def test_the_bundle_is_built_packed_passes_its_smoke_test_and_plays_a_friend_outside_the_tree(
        tmp_path: Path) -> None:
    require_pyinstaller()
    out = tmp_path / "out"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_app.py"), "--out",
                           str(out), "--smoke-test"], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=1200, check=False)
    print(done.stdout[-3000:])
    assert done.returncode == 0, done.stderr[-5000:]
    (archive,) = out.iterdir()
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")
    assert archive.name.startswith(f"famiglia-{__version__}-{system}-")
    top = archive.name.removesuffix(".tar.gz").removesuffix(".zip")
    held = set(names(archive))
    for name in EXPECTED:
        assert f"{top}/{name}" in held, f"{name} is in the archive"
    assert not any("/numpy/" in name or "/pytest" in name or "/hypothesis/" in name
                   for name in held)
    if sys.platform.startswith("linux"):
        # what the network's libraries only try is left out; what they need ships licensed
        assert not any(part in name for name in held
                       for part in ("libreadline", "libtinfo", "libuuid", "/cbor2/"))
        for name in ("OpenSSL.txt", "cryptography-Rust-crates.txt", "cryptography.txt",
                     "cffi.txt", "magic-wormhole.txt", "Twisted.txt", "zeroconf.txt"):
            assert f"{top}/licences/{name}" in held, f"{name} is in the archive"
        with tarfile.open(archive) as packed:
            sodium = packed.extractfile(f"{top}/licences/PyNaCl.txt")
            assert sodium is not None and b"ISC License" in sodium.read()  # libsodium's
    assert "the smoke test passed (8 checks)" in done.stdout
    assert "the bundle's smoke test passed" in done.stdout
    if sys.platform.startswith("linux"):
        starts_light_and_serves_multiprocessing(ROOT / "build" / "app" / top / "famiglia")
        launcher_starts_the_bundle(ROOT / "build" / "app" / top, tmp_path / "share")
        unpacked_bundles_play_a_friend(archive, tmp_path / "friends")


def starts_light_and_serves_multiprocessing(program: Path) -> None:
    """The program runs none of PyInstaller's runtime hooks that the game does without at its
    start (they would load inspect, zipfile, pkgutil and multiprocessing at every start), and
    still serves the resource tracker that multiprocessing starts as this program (with the
    flags of the bundle's Python and ``-c``): it runs the tracker, which ends at the end of its
    input, instead of the game."""
    spec = importlib.util.spec_from_file_location("build_app", ROOT / "scripts" / "build_app.py")
    assert spec is not None and spec.loader is not None
    build_app = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_app)
    scripts = build_app.start_scripts(program)
    assert scripts[0] == "pyiboot01_bootstrap" and scripts[-1] == "bundle_main"
    assert not {"pyi_rth_inspect", "pyi_rth_pkgutil", "pyi_rth_multiprocessing"} & set(scripts)
    tracker = subprocess.run([str(program), "-B", "-S", "-I", "-c",
                              "from multiprocessing.resource_tracker import main;main(0)"],
                             stdin=subprocess.DEVNULL, capture_output=True, text=True,
                             timeout=120, check=False)
    assert (tracker.returncode, tracker.stdout, tracker.stderr) == (0, "", "")


def launcher_starts_the_bundle(folder: Path, home: Path) -> None:
    """Installed from the bundle, the desktop's launcher starts that bundle's program."""
    done = subprocess.run([str(folder / "famiglia"), "--install-desktop"], capture_output=True,
                          text=True, env=dict(os.environ, XDG_DATA_HOME=str(home), PATH=""),
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    parser = configparser.ConfigParser(interpolation=None)
    parser.read(home / "applications" / "famiglia.desktop", encoding="utf-8")
    assert parser["Desktop Entry"]["Exec"] == str((folder / "famiglia").resolve())
    assert (home / "icons" / "hicolor" / "512x512" / "apps" / "famiglia.png").is_file()


def unpacked_bundles_play_a_friend(archive: Path, tmp_path: Path) -> None:
    """Two copies of the unpacked bundle play a whole game on loopback each way: on the same
    network (the host's address given) and the internet way (a code, through a mailbox server
    and transit relay this test runs on loopback)."""
    with tarfile.open(archive) as packed:
        packed.extractall(tmp_path / "app", filter="data")
    (top,) = (tmp_path / "app").iterdir()
    command = [str(top / "famiglia")]
    lan = play_pair(command, tmp_path / "lan", ["--player", "greedy", "--port", "0", "--bind",
                                                "127.0.0.1"], ["--player", "greedy"])
    assert lan[0]["moves"] == lan[1]["moves"] and lan[0]["fair_deal"] == lan[1]["fair_deal"]
    mailbox, relay = LocalMailbox(), LocalRelay()
    local = ["--rendezvous", mailbox.url, "--relay", relay.url, "--bind", "127.0.0.1"]
    try:
        internet = play_pair(command, tmp_path / "internet",
                             ["--player", "greedy", "--internet", *local],
                             ["--player", "greedy", *local])
    finally:
        mailbox.close()
        relay.close()
    assert internet[0]["moves"] == internet[1]["moves"]
    assert internet[0]["fair_deal"] == internet[1]["fair_deal"]
