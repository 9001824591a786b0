"""How the package's modules import one another: at the top of each module, in one direction.

No module imports inside a function (which would hide an import cycle until the function
runs), except where a command of the command line loads only what it runs; the imports at the
top of the modules form no cycle; and the commands that need no window load no pygame.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import famiglia

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
    ``TYPE_CHECKING``), the package's own modules only."""
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
