"""How the package's modules import one another: at the top of each module, in one direction.

No module imports inside a function (which would hide an import cycle until the function
runs), except where a command of the command line loads only what it runs; the imports at the
top of the modules form no cycle; and the commands that need no window load no pygame.

A module may also name a module to be loaded at its first use, at its top
(``lazy_module("famiglia.ui.scenes.table")``, :mod:`famiglia.lazy`): the screens do, so that
the title is drawn before the other scenes are loaded.  Such a module is counted as imported
by the module that names it, so a cycle through it is found like any other, and the title's
first frame is checked to load none of them.
"""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import famiglia
from famiglia.lazy import lazy_module

PACKAGE = Path(famiglia.__file__).resolve().parent
ROOT = PACKAGE.parent

#: The one module that imports inside functions, for a reason other than a cycle: the command
#: line loads only the package's modules of the command it runs, so ``famiglia bench``,
#: ``simulate`` and ``arena`` never load pygame nor the window's screens, and each window
#: command loads only its own.
COMMAND_LINE = "famiglia.__main__"
#: Commands and layers that need no window: importing them must not load pygame.
WITHOUT_A_WINDOW = ("famiglia.__main__", "famiglia.bench", "famiglia.simulate",
                    "famiglia.arena", "famiglia.rules", "famiglia.players", "famiglia.store")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported(node: ast.Import | ast.ImportFrom, name: str, path: Path,
             known: dict[str, Path]) -> Iterator[str]:
    """The package's modules that ``node`` in module ``name`` (file ``path``) loads."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names if alias.name in known)
        return
    if node.level:
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1])
        target = f"{base}.{node.module}" if node.module else base
    else:
        target = node.module or ""
    if target not in known:
        return
    yield target
    for alias in node.names:
        if f"{target}.{alias.name}" in known:
            yield f"{target}.{alias.name}"


def named_lazily(tree: ast.Module, name: str, known: dict[str, Path]) -> set[str]:
    """The package's modules named by ``lazy_module("...")`` calls in ``tree`` (module
    ``name``), and by the tables of ``lazy_exports(__name__, {...})`` calls (a package's
    modules, by their names within it)."""
    named = set()
    for call in ast.walk(tree):
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.args):
            continue
        if call.func.id == "lazy_module" and isinstance(call.args[0], ast.Constant):
            named.add(call.args[0].value)
        if call.func.id == "lazy_exports" and isinstance(call.args[-1], ast.Dict):
            named |= {f"{name}.{key.value}" for key in call.args[-1].keys
                      if isinstance(key, ast.Constant)}
    return named & known.keys()


def typing_only(tree: ast.Module) -> set[int]:
    """The import nodes under ``if TYPE_CHECKING:`` (never run)."""
    return {id(node) for block in ast.walk(tree) if isinstance(block, ast.If)
            and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
            for node in ast.walk(block)}


def imports_in_functions() -> set[tuple[str, str]]:
    known = modules()
    found = set()
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    targets = set(imported(node, name, path, known))
                    found |= {(name, target) for target in targets} or {(name, ast.unparse(node))}
    return found


def top_level_imports() -> dict[str, set[str]]:
    """Each module's imports that run when it is loaded (outside functions and
    ``TYPE_CHECKING``) and the modules it names to be loaded at their first use, the package's
    own modules only."""
    known = modules()
    graph = {}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = typing_only(tree)
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                skipped |= {id(node) for node in ast.walk(function)}
        graph[name] = {target for node in ast.walk(tree)
                       if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in skipped
                       for target in imported(node, name, path, known) if target != name}
        graph[name] |= named_lazily(tree, name, known)
    return graph


def a_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph``, or None."""
    done: set[str] = set()
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        if name in path:
            return [*path[path.index(name):], name]
        if name in done:
            return None
        path.append(name)
        for target in sorted(graph.get(name, ())):
            cycle = visit(target)
            if cycle:
                return cycle
        path.pop()
        done.add(name)
        return None

    for name in sorted(graph):
        cycle = visit(name)
        if cycle:
            return cycle
    return None


def test_no_module_imports_inside_a_function_but_the_command_line() -> None:
    found = imports_in_functions()
    assert {(name, target) for name, target in found
            if name != COMMAND_LINE or not target.startswith("famiglia.")} == set()
    assert (COMMAND_LINE, "famiglia.bench") in found


def test_the_imports_at_the_top_of_the_modules_form_no_cycle() -> None:
    assert a_cycle(top_level_imports()) is None


def test_the_screens_name_their_scenes_to_be_loaded_at_first_use() -> None:
    graph = top_level_imports()
    assert {"famiglia.ui.scenes.table", "famiglia.ui.scenes.replay",
            "famiglia.ui.scenes.settings"} <= graph["famiglia.ui.screens"]


def test_the_title_s_first_frame_loads_no_other_scene_nor_the_computer_s_worker(
        tmp_path: Path) -> None:
    """The title is drawn with only its own modules loaded; every other screen, the analysis,
    the lessons and the worker's multiprocessing are loaded when first opened."""
    script = ("import sys, types\n"
              "from famiglia.ui.app import App\n"
              "from famiglia.ui.launch import first_title_frame\n"
              "settle = App.settle\n"
              "def first_frame_shown(app):\n"
              "    if not app.settled:\n"
              "        print(sorted(name for name, module in sys.modules.items()\n"
              "                     if type(module) is types.ModuleType))\n"
              "    settle(app)\n"
              "App.settle = first_frame_shown\n"
              "first_title_frame()\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               FAMIGLIA_DATA_DIR=str(tmp_path / "data"),
               FAMIGLIA_CONFIG_DIR=str(tmp_path / "config"))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, env=env, check=True)
    (listed,) = [line for line in done.stdout.splitlines() if line.startswith("[")]
    loaded = set(ast.literal_eval(listed))
    scenes = {name for name in loaded if name.startswith("famiglia.ui.scenes.")}
    assert scenes == {"famiglia.ui.scenes.title"}
    assert not {name for name in loaded if name.startswith(("famiglia.ui.analysis.",
                                                            "famiglia.ui.tutorial.",
                                                            "multiprocessing"))}
    assert "famiglia.ui.table.thinker" not in loaded
    # of the rules core only the cards, their words and the solo levels the menus name; none
    # of the computer players
    assert not {"famiglia.rules.game", "famiglia.rules.records", "famiglia.rules.legal",
                "famiglia.players.base", "famiglia.players.mcts"} & loaded


def test_a_module_named_lazily_loads_at_its_first_use() -> None:
    script = ("import sys\n"
              "from famiglia.lazy import lazy_module\n"
              "module = lazy_module('famiglia.ui.scenes.settings')\n"
              "before = 'SettingsScene' in object.__getattribute__(module, '__dict__')\n"
              "scene = module.SettingsScene\n"
              "import famiglia.ui.scenes.settings as same\n"
              "print(before, scene.__name__, same is module,\n"
              "      lazy_module('famiglia.ui.scenes.settings') is module)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, env=dict(os.environ, SDL_VIDEODRIVER="dummy"), check=True)
    assert done.stdout.splitlines()[-1].split() == ["False", "SettingsScene", "True", "True"]


@pytest.mark.parametrize("package", ["famiglia.rules", "famiglia.players"])
def test_a_package_s_names_loaded_at_first_use_are_its_public_names(package: str) -> None:
    """Each public name (``__all__``) is the one its module defines, and the package's
    ``if TYPE_CHECKING:`` imports, which mypy checks its users against, name the same."""
    module = importlib.import_module(package)
    tree = ast.parse(modules()[package].read_text(encoding="utf-8"))
    typed = {alias.asname or alias.name for node in ast.walk(tree)
             if isinstance(node, ast.ImportFrom) and id(node) in typing_only(tree)
             for alias in node.names}
    assert typed == set(module.__all__)
    for name in module.__all__:
        value = getattr(module, name)
        home = getattr(value, "__module__", None)
        if home is not None and home.startswith(package):
            assert getattr(importlib.import_module(home), name) is value
    assert set(module.__all__) <= set(dir(module))
    assert not hasattr(module, "no_such_name")


def test_a_module_that_does_not_exist_is_refused_at_once() -> None:
    with pytest.raises(ModuleNotFoundError):
        lazy_module("famiglia.ui.scenes.no_such_scene")


def test_a_cycle_is_found() -> None:
    assert a_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert a_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_the_commands_without_a_window_load_no_pygame() -> None:
    script = (f"import importlib, sys\nfor name in {WITHOUT_A_WINDOW!r}:\n"
              "    importlib.import_module(name)\n"
              "print(sorted(name for name in sys.modules if name.split('.')[0] == 'pygame'))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"
