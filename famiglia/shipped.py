"""The files shipped inside the package, found the same way in every copy of the game: a
checkout, an installed wheel (``pip``, ``pipx``) and the bundle, which lays its files out as
the wheel does.

The repository's top-level ``assets/`` (card images, icons, drawn by ``scripts/``) is
shipped as ``famiglia/assets/`` (see pyproject.toml); the language catalogs and the rules
pages live in ``famiglia/locale/`` everywhere (:mod:`famiglia.i18n`, :mod:`famiglia.rulespage`).
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path


def asset_folder(name: str) -> Traversable:
    """``assets/<name>``: inside the installed package or the bundle, else the checkout's.
    A package laid out as files (pip's, the bundle's) is read as such, without
    ``importlib.resources``, whose file reader loads ``zipfile`` at every start."""
    package = Path(__file__).parent
    beside = package / "assets" / name
    if beside.is_dir():
        return beside
    packaged = resources.files("famiglia").joinpath("assets", name)
    if packaged.is_dir():
        return packaged
    return package.resolve().parent / "assets" / name
