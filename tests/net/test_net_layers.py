"""The networking package keeps to its layer: no pygame and no UI, and the parts the table
reads each frame load no Twisted (only the wormhole transport does)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

NO_TWISTED = ("famiglia.net", "famiglia.net.protocol", "famiglia.net.fairdeal",
              "famiglia.net.moves", "famiglia.net.session", "famiglia.net.lan",
              "famiglia.net.discovery", "famiglia.rules.draws")


def loaded_after_importing(modules: tuple[str, ...], prefixes: tuple[str, ...]) -> list[str]:
    script = (f"import importlib, json, sys\nfor name in {modules!r}:\n"
              "    importlib.import_module(name)\n"
              f"print(json.dumps(sorted(n for n in sys.modules "
              f"if n.split('.')[0] in {prefixes!r})))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    return list(json.loads(done.stdout))


@pytest.mark.parametrize("modules", [NO_TWISTED, (*NO_TWISTED, "famiglia.net.rendezvous")])
def test_the_net_package_loads_no_pygame_nor_the_ui(modules: tuple[str, ...]) -> None:
    loaded = loaded_after_importing(modules, ("pygame", "famiglia"))
    assert not [name for name in loaded if name.startswith(("pygame", "famiglia.ui"))]


def test_the_protocol_and_the_lan_load_no_twisted() -> None:
    assert loaded_after_importing(NO_TWISTED, ("twisted", "wormhole")) == []
