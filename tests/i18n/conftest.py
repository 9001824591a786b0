"""Shared fixtures for the language tests: the game's language and listeners are put back after
every test (they are process-wide), and the translators' tool is importable as ``tool``.  The
rules tests' positions (``tests/rules``) are importable too, to ask the core for its refusals.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from famiglia import i18n

TOOL_PATH = Path(__file__).resolve().parents[2] / "scripts" / "i18n.py"
RULES_TESTS = str(Path(__file__).resolve().parents[1] / "rules")
if RULES_TESTS not in sys.path:
    sys.path.append(RULES_TESTS)


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("famiglia_i18n_tool", TOOL_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def tool() -> ModuleType:
    return _load_tool()


@pytest.fixture(autouse=True)
def restore_language() -> Iterator[None]:
    before = i18n.current_language()
    listeners = list(i18n._state.listeners)
    yield
    i18n._state.listeners = []
    i18n.set_language(before)
    i18n._state.listeners = listeners
