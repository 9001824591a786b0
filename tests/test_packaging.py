"""Packaging: the card images (and the language catalogs and rules pages) ship inside the
package, so a non-editable install (``pip install .``, a built wheel, ``pipx install``) starts
from any folder.

The slow test builds the wheel with pip, installs it with the same pip into a fresh virtual
environment (one without a pip of its own) and starts the game headless from another folder (a
title frame, the demo, the smoke test); it is marked ``packaging`` and is never skipped (CI runs
it too).  pygame-ce comes from the running environment through a ``.pth`` file so nothing is
downloaded again, but the famiglia package itself must come from the wheel.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import textwrap
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

from famiglia.desktop import ICON_SIZES, icon_name

ROOT = Path(__file__).resolve().parent.parent
CARD_FILES = 63  # 60 faces and 3 backs (R1.1, R1.5)

#: Run inside the installed environment: the title with its card fans, one frame drawn.
TITLE = textwrap.dedent(
    """
    import famiglia
    from famiglia import i18n, rulespage
    from famiglia.rules import Family
    from famiglia.ui import assets
    from famiglia.ui.app import App
    from famiglia.ui.scenes.title import TitleScene

    app = App(size=(1280, 800))
    title = TitleScene(app)
    app.push(title)
    app.frame([], 1 / 60)
    assert title.fans, "the title shows its card fans"
    i18n.set_language("de")
    assert i18n.family_name(Family.BRUTE) == "Die Brutalen", "the catalogs are installed"
    assert rulespage.rules_page(), "so are the rules pages"
    print(famiglia.__file__)
    print(assets.cards_folder())
    """
)


def test_every_package_is_listed_in_pyproject() -> None:
    """pyproject.toml lists the packages by hand (to map assets/ into the package); a new
    folder of modules must not be left out of the wheel."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {".".join(folder.relative_to(ROOT).parts)
             for folder in (ROOT / "famiglia").rglob("*")
             if folder.is_dir() and any(folder.glob("*.py"))}
    found.add("famiglia")
    assert listed == found | {"famiglia.assets"}
    assert config["tool"]["setuptools"]["package-dir"] == {"famiglia.assets": "assets"}


@pytest.mark.packaging
def test_the_built_wheel_installs_and_starts_from_another_folder(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
                    "--wheel-dir", str(wheels), str(ROOT)], check=True, cwd=tmp_path,
                   timeout=300)
    (wheel,) = wheels.glob("famiglia-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        cards = [name for name in archive.namelist()
                 if name.startswith("famiglia/assets/cards/") and name.endswith(".png")]
        catalogs = [name for name in archive.namelist() if name.startswith("famiglia/locale/")]
        icons = [name for name in archive.namelist() if name.startswith("famiglia/assets/icons/")]
    assert len(cards) == CARD_FILES
    assert sorted(icons) == sorted(f"famiglia/assets/icons/{icon_name(size)}"
                                   for size in ICON_SIZES), "the desktop's icons are in the wheel"
    source = [path.relative_to(ROOT).as_posix()
              for path in (ROOT / "famiglia" / "locale").rglob("*") if path.is_file()]
    assert sorted(catalogs) == sorted(source), "every catalog and rules page is in the wheel"

    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)  # the running pip installs into it (``--python``)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_path("
                              "'purelib'))"], check=True, capture_output=True, text=True,
                             timeout=60).stdout.strip()
    here = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    Path(purelib, "running_environment.pth").write_text("\n".join(sorted(here)) + "\n",
                                                       encoding="utf-8")
    # the source tree on PYTHONPATH (with the build's famiglia.egg-info) would look installed
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                    "--quiet", str(wheel)], check=True, timeout=300, env=env)

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               FAMIGLIA_DATA_DIR=str(tmp_path / "data"),
               FAMIGLIA_CONFIG_DIR=str(tmp_path / "config"))
    title = subprocess.run([python, "-c", TITLE], cwd=elsewhere, env=env, capture_output=True,
                           text=True, timeout=120)
    assert title.returncode == 0, title.stderr
    package, folder = title.stdout.split()[-2:]
    assert Path(package).is_relative_to(env_dir), "famiglia came from the wheel"
    assert Path(folder).is_relative_to(env_dir), "the card images came from the wheel"

    script = env_dir / ("Scripts/famiglia.exe" if os.name == "nt" else "bin/famiglia")
    demo = subprocess.run([script, "--demo", "--bench", "5"], cwd=elsewhere, env=env,
                          capture_output=True, text=True, timeout=120)
    assert demo.returncode == 0, demo.stderr
    smoke = subprocess.run([script, "--smoke-test"], cwd=elsewhere, env=env,
                           capture_output=True, text=True, timeout=300)
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    assert "the smoke test passed" in smoke.stdout
