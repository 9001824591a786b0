"""Modules loaded when first used: what a player has not opened yet costs nothing at start, so
the title is drawn sooner.

:func:`lazy_module` hands out a module whose code runs at its first attribute access
(``importlib.util.LazyLoader``).  A module that uses it names the same modules in an
``if TYPE_CHECKING:`` import, so that mypy checks every use as if it were an ordinary import::

    if TYPE_CHECKING:
        from .scenes import settings
    else:
        settings = lazy_module("famiglia.ui.scenes.settings")

The lazy module is the one in ``sys.modules``: an ordinary import of it elsewhere gets the
same module and loads it on its first use there.

:func:`lazy_exports` does the same for a package's public names (PEP 562): ``from
famiglia.rules import Game`` loads the module that defines ``Game`` and those it needs, and no
other, so the title's words and cards are drawn without loading the whole rules core.  The
package names the same names in an ``if TYPE_CHECKING:`` import for mypy::

    if TYPE_CHECKING:
        from .game import Game
    else:
        __getattr__, __dir__ = lazy_exports(__name__, {"game": ("Game",)})

``tests/test_imports.py`` counts the modules named either way among the ones that the naming
module imports, so the check for import cycles sees them.

This module imports nothing of the game and nothing beyond the standard library, so that any
layer may use it.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable, Mapping
from types import ModuleType


def lazy_module(name: str) -> ModuleType:
    """Module ``name`` (absolute), loaded at its first attribute access; the module itself
    when it is loaded already.  ``ModuleNotFoundError`` at once for a module that does not
    exist."""
    loaded = sys.modules.get(name)
    if loaded is not None:
        return loaded
    parent_name, _, child = name.rpartition(".")
    parent = importlib.import_module(parent_name) if parent_name else None
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    if parent is not None:
        setattr(parent, child, module)
    return module


def lazy_exports(package: str, exports: Mapping[str, tuple[str, ...]]
                 ) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package`` whose public names are defined in
    its modules (``exports``: each module's name within the package and the names it
    exports).  A name's module is imported when the name is first asked for; the name is then
    kept in the package, so it is looked up once."""
    home = {name: module for module, names in exports.items() for name in names}

    def __getattr__(name: str) -> object:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *home})

    return __getattr__, __dir__
