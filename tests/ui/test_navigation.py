"""Navigation has one home: the scenes open other screens only through
``famiglia.ui.navigation`` (which asks the app's ``Screens`` for them), never by importing
another scene, and every UI module imports first on its own, in a fresh interpreter."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import famiglia

PACKAGE = Path(famiglia.__file__).resolve().parent
SCENES = PACKAGE / "ui" / "scenes"
#: Every scene module.
ALL_SCENES = sorted(path.stem for path in SCENES.glob("*.py") if path.stem != "__init__")
#: What a scene may import of another scene module: a base or a helper it shares, never a
#: screen to open: the base of the setup dialogs and the questions, the table the replay
#: is, and the past games' cutting of texts that the statistics use too.
SHARED = {"dialog", "table", "past_games"}


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


@pytest.mark.parametrize("name", ALL_SCENES)
def test_scenes_open_screens_only_through_navigation(name: str) -> None:
    assert scene_imports(SCENES / f"{name}.py") <= SHARED


def test_every_ui_module_imports_first_on_its_own() -> None:
    modules = [".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts
                        ).removesuffix(".__init__")
               for path in sorted((PACKAGE / "ui").rglob("*.py"))]
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
