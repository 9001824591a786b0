"""The running game with a friend on another computer, saved after every move and before
anything that depends on it is sent (``famiglia.net.netgame``), so that Continue picks it up
again, also after the program was killed.

The file holds the networked game's own state as it hands it over (its ``to_dict``: the
moves, this copy's secret and the other's links; it is read back by ``NetGame.from_dict``,
which replays and checks all of it), how the two copies connect (:class:`Connection`), the
table's log lines, and a SHA-256 digest of that content: a file that does not parse or fails
the digest is set aside and reported, never loaded half.  Writes are atomic.  Its secret
stays on this machine: the file is never sent anywhere.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..rules.messages import Message, msg
from .files import StoreFile
from .glance import modified, net_game_path

FORMAT = "famiglia-netsave/1"
#: No save the game writes comes near this size.
MAX_BYTES = 2_000_000
#: The log kept with a save.
LOG_LIMIT = 2000


@dataclass(frozen=True)
class Connection:
    """How this copy reaches the other again: ``way`` ("lan" or "internet"); the host on
    the same network listens on ``port``, the guest connects to ``address`` ("host:port")."""

    way: str
    port: int | None = None
    address: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"way": self.way, "port": self.port, "address": self.address}

    @classmethod
    def from_dict(cls, data: Any) -> Connection:
        if (not isinstance(data, dict) or data.get("way") not in ("lan", "internet")
                or not (data.get("port") is None or type(data.get("port")) is int)
                or not (data.get("address") is None or isinstance(data.get("address"), str))):
            raise ValueError(msg("it does not say how to reach the other computer"))
        return cls(data["way"], data.get("port"), data.get("address"))


@dataclass(frozen=True)
class SavedNetGame:
    """The networked game's own state (``NetGame.to_dict``), its connection and log."""

    net: dict[str, Any]
    connection: Connection
    log: tuple[str, ...] = ()

    @property
    def peer_name(self) -> str:
        name = self.net.get("peer_name")
        return name if isinstance(name, str) else "?"


def _digest(content: dict[str, Any]) -> str:
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


class NetSaveStore(StoreFile):
    """One saved networked game at ``data_dir()/netgame.json``."""

    max_bytes = MAX_BYTES

    def __init__(self, path: Path | None = None) -> None:
        super().__init__(path or net_game_path())

    def unwritable_notice(self, why: Message | str, removing: bool) -> Message:
        if removing:
            return msg("The saved game with your friend could not be removed: {reason} "
                       "({folder}).", reason=why, folder=str(self.path.parent))
        return msg("The game with your friend could not be saved: {reason} ({folder}). The "
                   "game goes on.", reason=why, folder=str(self.path.parent))

    def unreadable_notice(self, why: Message | str) -> Message:
        return msg("The saved game with your friend could not be read: {reason}.", reason=why)

    def kept_notice(self, problem: Message | str, moved: Path) -> Message:
        return msg("The saved game with your friend could not be read ({problem}); the file "
                   "was kept as {name} in {folder}.", problem=problem, name=moved.name,
                   folder=str(moved.parent))

    def left_notice(self, problem: Message | str, why: Message | str) -> Message:
        return msg("The saved game with your friend could not be read ({problem}); the file "
                   "was left as it is, since {reason}.", problem=problem, reason=why)

    def exists(self) -> bool:
        return self.path.exists()

    def modified(self) -> float:
        """When the save was last written (seconds since the epoch; 0 when there is none)."""
        return modified(self.path)

    def save(self, net: dict[str, Any], connection: Connection, *,
             log: Sequence[str] = ()) -> bool:
        """Save the game as it stands; ``False`` (and a notice, once) when it could not be
        written — the previous save, if any, is then unchanged."""
        content = {"net": net, "connection": connection.to_dict(),
                   "log": list(log)[-LOG_LIMIT:]}
        return self.write_json({"format": FORMAT, "content": content,
                                "sha256": _digest(content)})

    def clear(self) -> None:
        """The game is over and kept among the past games: nothing to continue."""
        if not self.path.exists():
            return
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError as error:
            self.cannot_write(error, removing=True)

    def load(self) -> SavedNetGame | None:
        """The saved game, or ``None`` when there is none or it had to be set aside."""
        return self.load_content(self._parse, lambda: None, locked=False)

    @staticmethod
    def _parse(data: Any) -> SavedNetGame:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(msg("it is not a Famiglia game with a friend"))
        content = data.get("content")
        if not isinstance(content, dict) or data.get("sha256") != _digest(content):
            raise ValueError(msg("it was damaged or edited by hand"))
        net = content.get("net")
        if not isinstance(net, dict):
            raise ValueError(msg("it does not hold a game"))
        log = content.get("log", [])
        if not isinstance(log, list) or not all(isinstance(line, str) for line in log):
            raise ValueError(msg("its game log is damaged"))
        return SavedNetGame(net, Connection.from_dict(content.get("connection")), tuple(log))
