"""Build Famiglia for people without Python: a one-folder PyInstaller bundle in an archive.

Usage (PyInstaller comes with the ``app`` extra)::

    pip install -e ".[app]"
    python scripts/build_app.py [--out DIR] [--smoke-test]

1. The package is installed from this checkout, as a wheel would install it, into a
   scratch folder (``build/app/site``), so the bundle holds exactly what a wheel holds, laid
   out the same way (``famiglia/assets``, ``famiglia/locale``): the game finds its cards,
   catalogs and rules pages in the bundle as in an installed package.
2. PyInstaller freezes ``packaging/bundle_main.py`` with that package into one folder, as
   ``packaging/famiglia.spec`` and :func:`recipe` say: modules the game never imports are left
   out (:data:`EXCLUDED`), and so is what would slow every start (:func:`recipe`). The bundle
   is checked: no test tool, no numpy, no Tk (:data:`FORBIDDEN`); every card, icon, catalog
   and rules page present; none of :data:`UNNEEDED_HOOKS` run at its start.
3. The folder gets a README for players (``packaging/README-players.txt``: how to start it,
   where the game keeps its files on this system, how to remove it) and the licence texts
   of everything it ships (``packaging/licences/`` and the texts installed with Python,
   platformdirs and PyInstaller's bootloader).
4. It is packed as ``famiglia-<version>-<system>-<machine>`` (``.tar.gz`` on Linux, ``.zip``
   elsewhere) in ``--out`` (default ``dist/``).

``--smoke-test`` then unpacks the archive into a temporary folder outside the source tree and
runs the bundle's ``--version`` and ``--smoke-test`` there (SDL's dummy drivers without a
display), as CI does.  It prints the archive's path, its size and the bundle's size.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import textwrap
import time
import zipfile
from importlib import metadata
from pathlib import Path, PurePosixPath
from typing import Any

import platformdirs

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
WORK = ROOT / "build" / "app"
NAME = "famiglia"
#: What the game never imports, left out even where a hook or an optional import would pull
#: it in (pygame's surfarray would take numpy; the standard library's test and GUI parts;
#: OpenSSL, which hashlib and hmac do without: the save's SHA-256 is Python's own). The
#: network's libraries try these and do without them: readline (with libreadline and
#: libtinfo) for magic-wormhole's typed-code completion and pdb's prompt, which the game never
#: shows; _uuid (with libuuid), where the uuid module makes the same random identifiers in
#: Python; autobahn's WAMP serializers and command-line helpers (cbor2, msgpack, ujson,
#: qrcode, click), where magic-wormhole speaks JSON over a plain WebSocket; and autobahn's
#: compiled WebSocket helpers (NVX), which read their C source at import, so that autobahn
#: takes its Python ones, and with them cffi's C parser (PyNaCl's compiled module needs only
#: the _cffi_backend).
EXCLUDED = ("numpy", "tkinter", "_tkinter", "unittest", "pydoc", "doctest", "pytest",
            "hypothesis", "mypy", "ruff", "setuptools", "pip", "distutils", "lib2to3",
            "sqlite3", "xmlrpc", "ssl", "_ssl", "_hashlib", "http.server", "curses",
            "IPython", "readline", "_uuid", "cbor2", "msgpack", "ujson", "qrcode", "click",
            "autobahn.nvx", "_nvx_utf8validator", "_nvx_xormasker", "cffi", "pycparser")
#: PyInstaller's support of ``multiprocessing`` in a frozen program, a runtime hook: its
#: ``freeze_support`` serves the worker and the resource tracker that the spawn start method
#: starts as this program.  It loads ``multiprocessing`` with ``pickle``, ``socket`` and
#: ``subprocess``, which the title does not use, so it is frozen as a module that
#: ``packaging/bundle_main.py`` imports only in a process ``multiprocessing`` started.
MULTIPROCESSING_HOOK = "pyi_rth_multiprocessing"
#: PyInstaller's runtime hooks left out of the bundle's start, besides
#: :data:`MULTIPROCESSING_HOOK`: ``pyi_rth_inspect`` (it loads ``inspect`` and ``zipfile`` and
#: reads the standard library's archive so that ``inspect`` finds the source files of frozen
#: code, which the bundle does not ship) and ``pyi_rth_pkgutil`` (``pkgutil`` listing the
#: modules in PyInstaller's archive, which the bundle does not have: its modules are files,
#: which Python's own finder lists).
UNNEEDED_HOOKS = ("pyi_rth_inspect", "pyi_rth_pkgutil", MULTIPROCESSING_HOOK)
#: What must not be in a bundle (the top-level name of a module or a folder).
FORBIDDEN = ("numpy", "pytest", "_pytest", "hypothesis", "mypy", "ruff", "setuptools", "pip",
             "tkinter", "_tkinter", "unittest")
#: The package's own files a bundle must hold (R1.1, R1.5: 60 faces and 3 backs).
CARD_FILES = 63
#: The licence text (in packaging/licences) of each Python package that installs none.
PACKAGE_LICENCES = {"pygame-ce": "LGPL-2.1.txt"}
#: The licence text of each shared library a Linux bundle ships, by the start of its file's
#: name (the first that matches); packaging/licences/README.txt lists them for the players.
LIBRARY_LICENCES = (
    ("libSDL2_image", "SDL2_image.txt"), ("libSDL2_mixer", "SDL2_mixer.txt"),
    ("libSDL2_ttf", "SDL2_ttf.txt"), ("libSDL2", "SDL2.txt"), ("libFLAC", "FLAC.txt"),
    ("libfluidsynth", "FluidSynth.txt"), ("libmpg123", "mpg123.txt"), ("libogg", "libogg.txt"),
    ("libopusfile", "opusfile.txt"), ("libopus", "Opus.txt"), ("libsndfile", "libsndfile.txt"),
    ("libvorbis", "libvorbis.txt"), ("libwavpack", "WavPack.txt"), ("libxmp", "libxmp.txt"),
    ("libX11", "libX11.txt"), ("libXau", "libXau.txt"), ("libXdmcp", "libXdmcp.txt"),
    ("libbsd", "libbsd.txt"), ("libmd.", "libmd.txt"), ("libstdc++", "GCC-runtime.txt"),
    ("libgcc_s", "GCC-runtime.txt"), ("libbrotli", "Brotli.txt"), ("libbz2", "bzip2.txt"),
    ("libffi", "libffi.txt"), ("libfreetype", "FreeType.txt"),
    ("libharfbuzz", "HarfBuzz.txt"), ("libjpeg", "libjpeg-turbo.txt"), ("liblzma", "xz.txt"),
    ("libpng", "libpng.txt"), ("libtiff", "libtiff.txt"), ("libwebp", "libwebp.txt"),
    ("libsharpyuv", "libwebp.txt"), ("libz.", "zlib.txt"), ("libpython", "Python.txt"))
#: The licence texts of a Python package's compiled module that holds other libraries linked
#: into it, by the start of its file's name: the package's own text (``<package>.txt``, from
#: its installed copy) and those of what it holds. cryptography's Rust module holds OpenSSL
#: and the Rust crates it is built from; PyNaCl's holds libsodium, whose licence PyNaCl
#: installs beside its own.
COMPILED_LICENCES = {
    "_rust.abi3": ("cryptography.txt", "OpenSSL.txt", "cryptography-Rust-crates.txt"),
    "_sodium.abi3": ("PyNaCl.txt",)}


def fail(message: str) -> None:
    raise SystemExit(f"build_app: {message}")


def version() -> str:
    text = (ROOT / NAME / "__init__.py").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line.startswith("__version__"):
            return str(ast.literal_eval(line.split("=", 1)[1].strip()))
    fail("famiglia/__init__.py names no __version__")
    return ""


def platform_tag() -> str:
    """``linux-x86_64``, ``windows-x86_64``, ``macos-arm64`` …"""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    system = "linux" if system.startswith("linux") else system
    machine = platform.machine().lower()
    machine = {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)
    return f"{system}-{machine}"


def run(command: list[str], **options: object) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True, **options)  # type: ignore[call-overload]


def install_package(site: Path) -> None:
    """The package as a wheel installs it, into ``site``."""
    shutil.rmtree(site, ignore_errors=True)
    run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile",
         "--target", str(site), str(ROOT)])


def freeze(site: Path, dist: Path) -> Path:
    """Run PyInstaller on ``packaging/famiglia.spec`` (:func:`recipe`); the bundle's folder."""
    try:
        pyinstaller = importlib.import_module("PyInstaller.__main__")
    except ImportError:
        fail('PyInstaller is not installed: pip install -e ".[app]"')
    pyinstaller.run([str(PACKAGING / f"{NAME}.spec"), "--noconfirm", "--clean", "--log-level",
                     "WARN", "--distpath", str(dist), "--workpath", str(WORK / "pyinstaller"),
                     "--", str(site)])
    return dist / NAME


def recipe(site: Path, analysis: Any, archive: Any, executable: Any, collect: Any,
           app: Any) -> None:
    """PyInstaller's steps for the bundle, given its ``Analysis``, ``PYZ``, ``EXE``,
    ``COLLECT`` and ``BUNDLE`` (macOS's ``.app``) by ``packaging/famiglia.spec``.

    The start is kept as light as the installed package's (README, "How fast it opens"): the
    modules are files beside the program (``noarchive``), which Python's own finder finds
    (``packaging/bundle_main.py`` takes PyInstaller's finder, written in Python, out of the
    import system), rather than one archive read by PyInstaller's importer; the runtime hooks
    of :data:`UNNEEDED_HOOKS` are left out; no library is UPX-compressed (PyInstaller's default
    where UPX is installed: each start would unpack them).
    """
    package = site / NAME
    folders = {path.relative_to(package).parts[0] for path in data_files(package)}
    hooks = Path(str(importlib.import_module("PyInstaller").__file__)).parent / "hooks" / "rthooks"
    # the package's data as the wheel installed it (PyInstaller's hooks would look the package
    # up through the editable install, in the checkout, where the cards are not inside it)
    found = analysis([str(PACKAGING / "bundle_main.py")], pathex=[str(site), str(hooks)],
                     datas=[(str(package / folder), f"{NAME}/{folder}")
                            for folder in sorted(folders)],
                     hiddenimports=[MULTIPROCESSING_HOOK], excludes=list(EXCLUDED),
                     noarchive=True)
    found.scripts = [entry for entry in found.scripts if entry[0] not in UNNEEDED_HOOKS]
    strip = sys.platform != "win32"  # the libraries' symbols: a third of the bundle
    windowed = sys.platform in ("win32", "darwin")
    icon = str(package / "assets" / "icons" / f"{NAME}-256.png") if windowed else None
    program = executable(archive(found.pure), found.scripts, [], exclude_binaries=True,
                         name=NAME, strip=strip, upx=False, console=not windowed, icon=icon)
    folder = collect(program, found.binaries, found.datas, strip=strip, upx=False, name=NAME)
    if sys.platform == "darwin":
        app(folder, name=f"{NAME}.app", icon=icon, bundle_identifier=None)


def data_files(package: Path) -> list[Path]:
    """The package's files that are not code: cards, icons, catalogs, rules pages."""
    return [path for path in package.rglob("*") if path.is_file()
            and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts]


def frozen_modules(bundle: Path) -> set[PurePosixPath]:
    """The modules frozen into the bundle: its byte-code files and compiled modules, each as
    its path from the folder that holds the package (``_internal`` beside the program; in a
    macOS ``.app`` each folder that does) without the suffix (``famiglia/__init__``,
    ``cryptography/hazmat/bindings/_rust.abi3``; the standard library's compiled modules
    without ``python3.x/lib-dynload``)."""
    tops = {package.parent.parent for package in bundle.rglob(f"{NAME}/__init__.pyc")}
    if not tops:
        fail(f"the bundle holds no {NAME} package")
    found = set()
    for top in tops:
        for path in top.rglob("*"):
            if path.suffix in (".pyc", ".so", ".pyd") and path.is_file():
                parts = path.relative_to(top).parts
                if len(parts) > 2 and parts[1] == "lib-dynload":
                    parts = parts[2:]
                found.add(PurePosixPath(*parts).with_suffix(""))
    return found


def bundled_modules(bundle: Path) -> set[str]:
    """The top-level names of the modules frozen into the bundle."""
    return {path.parts[0].split(".")[0] for path in frozen_modules(bundle)}


def check(bundle: Path, site: Path) -> None:
    """What must be in the bundle is, and what must not be is not."""
    modules = bundled_modules(bundle)
    if NAME not in modules or "pygame" not in modules or "platformdirs" not in modules:
        fail(f"the game's modules are missing from the bundle: {sorted(modules)}")
    files = {path.relative_to(bundle).parts[0].lower() for path in bundle.rglob("*")}
    internal = bundle / "_internal"
    if internal.is_dir():
        files |= {path.name.split(".")[0].lower() for path in internal.iterdir()}
    found = sorted(name for name in FORBIDDEN if name in modules or name.lower() in files)
    if found:
        fail(f"the bundle holds what the game does not use: {', '.join(found)}")
    package = next((path for path in bundle.rglob(NAME) if path.is_dir()
                    and (path / "locale").is_dir()), None)
    if package is None:
        fail("the bundle holds no famiglia/locale folder")
    assert package is not None
    expected = sorted(path.relative_to(site / NAME).as_posix()
                      for path in data_files(site / NAME))
    held = sorted(path.relative_to(package).as_posix() for path in package.rglob("*")
                  if path.is_file())
    missing = sorted(set(expected) - set(held))
    if missing:
        fail(f"files of the package are missing from the bundle: {', '.join(missing[:10])}")
    cards = [name for name in held if name.startswith("assets/cards/")]
    if len(cards) != CARD_FILES:
        fail(f"the bundle holds {len(cards)} card images, not {CARD_FILES}")
    scripts = start_scripts(bundle / (f"{NAME}.exe" if sys.platform == "win32" else NAME))
    unneeded = sorted(set(scripts) & set(UNNEEDED_HOOKS))
    if unneeded or scripts[-1:] != ["bundle_main"]:
        fail(f"the bundle's program runs {', '.join(scripts)} at its start, with "
             f"{', '.join(unneeded) or 'bundle_main not last'}")


def start_scripts(executable: Path) -> list[str]:
    """The scripts the bundle's program runs at every start, in order (PyInstaller's bootstrap,
    the runtime hooks, then ``packaging/bundle_main.py``), read from the archive in it."""
    readers = importlib.import_module("PyInstaller.archive.readers")
    toc = readers.CArchiveReader(str(executable)).toc
    return [name for name, entry in toc.items() if entry[-1] == "s"]


def unlicensed_libraries(folder: Path) -> list[str]:
    """The shared libraries in a Linux bundle that no licence text of
    :data:`LIBRARY_LICENCES` or :data:`COMPILED_LICENCES` covers (Python's and pygame-ce's
    own modules are Python's and pygame-ce's)."""
    licences = folder / "licences"
    missing = []
    for path in sorted(folder.rglob("*.so*")):
        if ".cpython-" in path.name or "pygame" in path.relative_to(folder).parts[1:2]:
            continue
        texts = licence_texts(path.name)
        if not texts or not all((licences / text).is_file() for text in texts):
            missing.append(path.name)
    return missing


def licence_texts(name: str) -> tuple[str, ...]:
    """The licence texts that cover the shared library ``name`` (none where it is unknown)."""
    for start, texts in COMPILED_LICENCES.items():
        if name.startswith(start):
            return texts
    return next(((text,) for start, text in LIBRARY_LICENCES if name.startswith(start)), ())


def program(top: Path) -> Path:
    """The program in the archive's top folder ``top``."""
    if sys.platform == "win32":
        return top / f"{NAME}.exe"
    if (top / f"{NAME}.app").is_dir():
        return top / f"{NAME}.app" / "Contents" / "MacOS" / NAME
    return top / NAME


def python_licence() -> Path:
    """The licence text installed with the Python that is frozen into the bundle."""
    places = [Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt",
              Path(sys.base_prefix) / "LICENSE.txt",
              Path(sys.base_prefix) / "share" / "doc" / f"python{sys.version_info[0]}."
              f"{sys.version_info[1]}" / "LICENSE"]
    for place in places:
        if place.is_file():
            return place
    fail(f"no licence text of this Python was found ({', '.join(map(str, places))})")
    return places[0]


def installed_licences(found: metadata.Distribution) -> list[Path]:
    """The licence files a distribution installed (its dist-info's ``licenses`` folder, its
    ``LICENSE``, ``COPYING`` or ``NOTICE`` files)."""
    files = [Path(str(found.locate_file(entry))) for entry in found.files or ()
             if any(word in entry.name.lower() for word in ("licen", "copying", "notice"))]
    return [path for path in files if path.is_file() and path.suffix not in (".py", ".pyc")]


def shipped_distributions(bundle: Path) -> dict[str, metadata.Distribution]:
    """The installed distributions whose modules PyInstaller froze into the bundle, by name
    (each of :func:`frozen_modules` looked up in the distributions' records: a compiled module
    such as cffi's _cffi_backend counts as much as Python code), the game's own apart."""
    owners: dict[PurePosixPath, metadata.Distribution] = {}
    for found in metadata.distributions():
        for entry in found.files or ():
            if entry.suffix in (".py", ".so", ".pyd"):
                owners[PurePosixPath(entry).with_suffix("")] = found
    shipped = {}
    for module in frozen_modules(bundle):
        owner = owners.get(module)
        if owner is not None and owner.metadata["Name"] != NAME:
            shipped[owner.metadata["Name"]] = owner
    return shipped


def write_licence(texts: list[Path], path: Path) -> None:
    with path.open("w", encoding="utf-8") as out:
        for text in texts:
            out.write(text.read_text(encoding="utf-8", errors="replace"))
            out.write("\n")


def add_documents(folder: Path, version_text: str) -> None:
    """The players' README and the licence texts: ``packaging/licences`` (the libraries),
    Python's, PyInstaller's bootloader's and one per Python package frozen into the bundle,
    copied from the installed copy (or named in :data:`PACKAGE_LICENCES` where it installs
    none)."""
    readme = (PACKAGING / "README-players.txt").read_text(encoding="utf-8")
    (folder / "README.txt").write_text(readme.format(**readme_fields(version_text)),
                                       encoding="utf-8", newline="\r\n"
                                       if sys.platform == "win32" else "\n")
    licences = folder / "licences"
    shutil.copytree(PACKAGING / "licences", licences)
    shutil.copyfile(python_licence(), licences / "Python.txt")
    bootloader = installed_licences(metadata.distribution("pyinstaller"))
    if not bootloader:
        fail("PyInstaller installed no licence text")
    write_licence(bootloader, licences / "PyInstaller-bootloader.txt")
    unlicensed = []
    shipped = shipped_distributions(folder)
    for name, found in sorted(shipped.items()):
        texts = installed_licences(found)
        if texts:
            write_licence(texts, licences / f"{name}.txt")
        elif name not in PACKAGE_LICENCES:
            unlicensed.append(name)
    if unlicensed:
        fail(f"no licence text for {', '.join(unlicensed)}: add it to packaging/licences and "
             "PACKAGE_LICENCES")
    if "cryptography" in shipped:
        check_rust_crates(shipped["cryptography"])


def check_rust_crates(cryptography: metadata.Distribution) -> None:
    """Every Rust crate that the installed cryptography's bill of materials lists is named in
    ``cryptography-Rust-crates.txt`` with the licence it is used under, so a new crate in a
    new cryptography cannot ship unlicensed."""
    boms = [Path(str(cryptography.locate_file(entry))) for entry in cryptography.files or ()
            if entry.name.endswith(".cyclonedx.json")]
    if not boms:
        print("build_app: cryptography installed no bill of materials of its Rust crates; "
              "check packaging/licences/cryptography-Rust-crates.txt against its sources")
        return
    text = (PACKAGING / "licences" / "cryptography-Rust-crates.txt").read_text(encoding="utf-8")
    crates = {str(component["name"]) for bom in boms
              for component in json.loads(bom.read_text(encoding="utf-8"))["components"]}
    unnamed = sorted(crate for crate in crates
                     if not re.search(rf"(?<![\w-]){re.escape(crate)}(?![\w-])", text))
    if unnamed:
        fail(f"cryptography's Rust crates {', '.join(unnamed)} are not in packaging/licences/"
             "cryptography-Rust-crates.txt: add each with its licence")


def readme_fields(version_text: str) -> dict[str, str]:
    """What the players' README says of this system: how to start the game and where its
    files are (platformdirs' folders, as the game uses them)."""
    home = str(Path.home())

    def short(path: str) -> str:
        return "~" + path[len(home):] if path.startswith(home) else path

    start = {
        "win32": "Double-click famiglia.exe in this folder. Windows may warn that the app is "
                 "from an unknown publisher: choose \"More info\", then \"Run anyway\".",
        "darwin": "Open famiglia.app. The first time, macOS may refuse an app from an "
                  "unidentified developer: right-click it, choose Open, then Open again.",
    }.get(sys.platform, "Double-click famiglia in this folder, or run ./famiglia in a "
                        "terminal. To have Famiglia in your desktop's applications with its "
                        "icon, run ./famiglia --install-desktop once (and ./famiglia "
                        "--uninstall-desktop before you remove the folder).")
    return {"version": version_text, "system": platform_tag(),
            "start": textwrap.fill(start, 94),
            "config": short(platformdirs.user_config_dir(NAME, False)),
            "data": short(platformdirs.user_data_dir(NAME, False)),
            "log": short(platformdirs.user_log_dir(NAME, False))}


def pack(folder: Path, out: Path) -> Path:
    """``folder`` as one archive in ``out``, its top folder named as ``folder``."""
    out.mkdir(parents=True, exist_ok=True)
    if sys.platform.startswith("linux"):
        archive = out / f"{folder.name}.tar.gz"
        with tarfile.open(archive, "w:gz") as packed:
            packed.add(folder, arcname=folder.name)
        return archive
    archive = out / f"{folder.name}.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as packed:
        for path in sorted(folder.rglob("*")):
            packed.write(path, path.relative_to(folder.parent).as_posix())
    return archive


def unpack(archive: Path, into: Path) -> Path:
    """The archive's top folder, unpacked into ``into``."""
    if archive.name.endswith(".tar.gz"):
        with tarfile.open(archive) as packed:
            packed.extractall(into, filter="data")
    else:
        with zipfile.ZipFile(archive) as packed:
            packed.extractall(into)
            for info in packed.infolist():  # zip keeps no execute bits
                mode = info.external_attr >> 16
                if mode:
                    (into / info.filename).chmod(mode)
    (top,) = into.iterdir()
    return top


def smoke_test(archive: Path, version_text: str) -> None:
    """Unpack the archive outside the source tree and run the bundle's checks there."""
    with tempfile.TemporaryDirectory(prefix="famiglia-bundle-") as scratch:
        executable = program(unpack(archive, Path(scratch)))
        env = {key: value for key, value in os.environ.items()
               if key not in ("PYTHONPATH", "PYTHONHOME")}
        if sys.platform.startswith("linux") and not env.get("DISPLAY") and not env.get(
                "WAYLAND_DISPLAY"):
            env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
        shown = subprocess.run([str(executable), "--version"], capture_output=True, text=True,
                               env=env, cwd=scratch, timeout=120, check=False)
        if sys.platform != "win32" and shown.stdout.strip() != f"{NAME} {version_text}":
            fail(f"the bundle's --version said {shown.stdout.strip()!r} "
                 f"(exit status {shown.returncode}): {shown.stderr.strip()}")
        begun = time.perf_counter()
        done = subprocess.run([str(executable), "--smoke-test"], env=env, cwd=scratch,
                              timeout=600, check=False)
        if done.returncode != 0:
            fail(f"the bundle's smoke test failed (exit status {done.returncode})")
        print(f"the bundle's smoke test passed in {time.perf_counter() - begun:.1f} s, "
              f"run from {scratch}")


def folder_size(folder: Path) -> int:
    """The bytes of ``folder``'s files (a link to a library counted once, as the library)."""
    return sum(path.stat().st_size for path in folder.rglob("*")
               if path.is_file() and not path.is_symlink())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist",
                        help="where the archive goes (default dist/)")
    parser.add_argument("--smoke-test", action="store_true",
                        help="unpack the archive outside the source tree and run the bundle's "
                             "smoke test there")
    args = parser.parse_args(argv)
    begun = time.perf_counter()
    version_text = version()
    site = WORK / "site"
    install_package(site)
    frozen = freeze(site, WORK / "dist")
    check(frozen, site)
    folder = WORK / f"{NAME}-{version_text}-{platform_tag()}"
    shutil.rmtree(folder, ignore_errors=True)
    if sys.platform == "darwin" and (frozen.parent / f"{NAME}.app").is_dir():
        folder.mkdir()
        shutil.move(str(frozen.parent / f"{NAME}.app"), folder / f"{NAME}.app")
        shutil.rmtree(frozen)
    else:
        shutil.move(str(frozen), folder)
    add_documents(folder, version_text)
    if sys.platform.startswith("linux"):
        missing = unlicensed_libraries(folder)
        if missing:
            fail(f"no licence text in packaging/licences for {', '.join(missing)}")
    archive = pack(folder, args.out.resolve())
    print(f"{archive}: {archive.stat().st_size / 2**20:.1f} MiB packed, the bundle "
          f"{folder_size(folder) / 2**20:.1f} MiB unpacked, built in "
          f"{time.perf_counter() - begun:.0f} s")
    if args.smoke_test:
        smoke_test(archive, version_text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
