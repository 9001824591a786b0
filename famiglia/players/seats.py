"""Who sits at each seat of a table: a person, the computer at a level, the Gangster (S1), or
a person at another computer (a networked game, ``famiglia.net``).

One definition of the seat kinds and of the computer's levels for the table, the save game,
the records, the settings and the command line, kept as small immutable values with a JSON
form (each enum's value is the word the files hold).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class ComputerLevel(StrEnum):
    """The search player's levels, weakest first (``players.mcts.LEVEL_SETTINGS``)."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"

    @classmethod
    def of(cls, value: object) -> ComputerLevel:
        """The level a file or a command line names, or ``ValueError`` saying the levels."""
        if isinstance(value, str) and value in set(cls):
            return cls(value)
        raise ValueError(f"a level is one of {', '.join(cls)}, not {value!r}")


class SeatKind(StrEnum):
    HUMAN = "human"
    COMPUTER = "computer"
    #: S1: the solo program; only seat 1 of a solo game.
    GANGSTER = "gangster"
    #: A person playing on another computer, whose moves arrive over the network.
    REMOTE = "remote"


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat's occupant; a computer seat has a level and the seed its player searches with."""

    kind: SeatKind
    level: ComputerLevel | None = None
    seed: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, SeatKind):
            raise ValueError(f"a seat kind is one of {', '.join(SeatKind)}, not {self.kind!r}")
        if (self.kind is SeatKind.COMPUTER) != (self.level is not None):
            raise ValueError("a computer seat, and only a computer seat, has a level")
        if self.level is not None:
            object.__setattr__(self, "level", ComputerLevel.of(self.level))
        if self.seed is not None and (isinstance(self.seed, bool)
                                      or not isinstance(self.seed, int)):
            raise ValueError(f"a seat's seed is a whole number, not {self.seed!r}")

    @classmethod
    def human(cls) -> Seat:
        return cls(SeatKind.HUMAN)

    @classmethod
    def computer(cls, level: ComputerLevel | str, seed: int | None = None) -> Seat:
        return cls(SeatKind.COMPUTER, ComputerLevel.of(level), seed)

    @classmethod
    def gangster(cls) -> Seat:
        return cls(SeatKind.GANGSTER)

    @classmethod
    def remote(cls) -> Seat:
        return cls(SeatKind.REMOTE)

    @property
    def is_human(self) -> bool:
        return self.kind is SeatKind.HUMAN

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind.value}
        if self.level is not None:
            data["level"] = self.level
        if self.seed is not None:
            data["seed"] = self.seed
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Seat:
        """The seat of a JSON dict, or of a plain kind ("human", "gangster") as older saves
        hold it."""
        if isinstance(data, str):
            data = {"kind": data}
        if not isinstance(data, dict):
            raise ValueError(f"a seat is a dict with a 'kind', not {data!r}")
        try:
            kind = SeatKind(str(data.get("kind")))
        except ValueError:
            raise ValueError(f"unknown seat kind {data.get('kind')!r}") from None
        return cls(kind, data.get("level"), data.get("seed"))
