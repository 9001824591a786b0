"""The bundle's program (``scripts/build_app.py`` freezes it with PyInstaller): the
``famiglia`` command, as a player starts it.

The bundle's modules are files beside the program (``build_app.recipe``), so PyInstaller's
finder, which looks each import up in its archive of modules (empty here) in Python before it
hands the import on to Python's own finder, is taken out of the import system first: every
import is then found by Python's own finder alone.

A process that ``multiprocessing`` starts from this program (the computer's worker, with
``--multiprocessing-fork``; the resource tracker, with ``-c``) must serve ``multiprocessing``
instead of opening a window: it loads PyInstaller's ``multiprocessing`` support
(``pyi_rth_multiprocessing``, frozen as a module, not run at every start) and calls its
``freeze_support``.  Any other start loads nothing of ``multiprocessing`` (nor its ``pickle``,
``socket`` and ``subprocess``) before the title, as the installed package's start does not.
``--bare-window`` runs the start-up benchmark's yardstick (``famiglia.ui.bare_window``) without
loading the game, as ``python -m famiglia.ui.bare_window`` does for an installed package.
"""

import sys

import pyimod02_importers  # PyInstaller's importers, loaded by its bootstrap

if __name__ == "__main__":
    sys.path_hooks.remove(pyimod02_importers.PyiFrozenFinder.path_hook)
    sys.path_importer_cache.clear()
    if sys.argv[1:2] == ["--multiprocessing-fork"] or "-c" in sys.argv[1:]:
        import multiprocessing

        import pyi_rth_multiprocessing  # noqa: F401  (PyInstaller's: its freeze_support)

        multiprocessing.freeze_support()
    if sys.argv[1:2] == ["--bare-window"]:
        from famiglia.ui import bare_window

        bare_window.main(sys.argv[2:])
    else:
        from famiglia.__main__ import main

        sys.exit(main())
