"""The bundle's program (``scripts/build_app.py`` freezes it with PyInstaller): the
``famiglia`` command, as a player starts it.

``multiprocessing.freeze_support()`` comes first: the computer's worker process is this same
program started again, and it must serve the worker instead of opening a window.
``--bare-window`` runs the start-up benchmark's yardstick (``famiglia.ui.bare_window``) without
loading the game, as ``python -m famiglia.ui.bare_window`` does for an installed package.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    if sys.argv[1:2] == ["--bare-window"]:
        from famiglia.ui import bare_window

        bare_window.main(sys.argv[2:])
    else:
        from famiglia.__main__ import main

        sys.exit(main())
