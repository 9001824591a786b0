"""Modules loaded when first used: the screens a player has not opened yet cost nothing at
start, so the title is drawn sooner.

:func:`lazy_module` hands out a module whose code runs at its first attribute access
(``importlib.util.LazyLoader``).  A module that uses it names the same modules in an
``if TYPE_CHECKING:`` import, so that mypy checks every use as if it were an ordinary import::

    if TYPE_CHECKING:
        from .scenes import settings
    else:
        settings = lazy_module("famiglia.ui.scenes.settings")

The lazy module is the one in ``sys.modules``: an ordinary import of it elsewhere gets the
same module and loads it on its first use there.  ``tests/test_imports.py`` counts these
modules among the ones that import them, so the check for import cycles sees them.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
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
