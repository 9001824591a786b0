"""Navigation has one home (issue 10): the menu scenes open other screens only through
``famiglia.ui.navigation``, never by importing another scene, and every UI module imports on
its own, first, in a fresh interpreter (no import cycle to trip over)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import famiglia

PACKAGE = Path(famiglia.__file__).resolve().parent
SCENES = PACKAGE / "ui" / "scenes"
#: The menu scenes; the table's own modules follow the same rule on their branch.
MENU_SCENES = ("title", "new_game", "solo_setup", "results", "pause", "settings", "rules_help",
               "dialog")
#: The shared base of the setup dialogs, imported like a widget.
SHARED = {"dialog"}


def scene_imports(path: Path) -> set[str]:
    """The sibling scene modules ``path`` imports outside ``if TYPE_CHECKING:``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(node) for block in ast.walk(tree) if isinstance(block, ast.If)
                   and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
                   for node in ast.walk(block)}
    siblings = {module.stem for module in SCENES.glob("*.py")}
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and id(node) not in typing_only:
            module = node.module or ""
            if node.level == 1 and module in siblings:
                found.add(module)
            if node.level == 1 and not module:
                found |= {alias.name for alias in node.names} & siblings
    return found


@pytest.mark.parametrize("name", MENU_SCENES)
def test_menu_scenes_open_screens_only_through_navigation(name: str) -> None:
    assert scene_imports(SCENES / f"{name}.py") <= SHARED


def test_every_ui_module_imports_first_on_its_own() -> None:
    modules = ["famiglia.ui.navigation", "famiglia.ui.app", "famiglia.ui.demo",
               *(f"famiglia.ui.scenes.{path.stem}" for path in sorted(SCENES.glob("*.py"))
                 if path.stem != "__init__")]
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    for loaded in [key for key in sys.modules if key.startswith('famiglia')]:\n"
        "        del sys.modules[loaded]\n"
        "    importlib.import_module(name)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=PACKAGE.parent, env={"SDL_VIDEODRIVER": "dummy",
                                                   "SDL_AUDIODRIVER": "dummy",
                                                   "PATH": ""}, check=False)
    assert done.returncode == 0, done.stderr
