"""The solo challenge's highscore list (docs/rules.md S3, S5): a top 10 per level and variant.

One JSON file in the user data folder holds the eight lists "1a" … "4b", each sorted by ranking
value (S5: 2 × own VP − Gangster VP), best first; on equal values the earlier entry stays first.
Every read checks the whole file (JSON, types, possible values, order); a bad file is set aside
under a timestamped name, ``notice`` tells the player where, and a fresh list begins.  Adding
an entry re-reads and merges under the operating system's lock (:mod:`.locking`) before writing
atomically, so two game instances that finish at the same moment both keep their entries; when
the lock cannot be had within its wait, the entry is reported as not saved and nothing is
written.  An entry says whether a hint was used
(``assisted``), which the list marks.  A data folder that cannot be written is reported through
``notice``, never raised.  Format ``famiglia-highscores/2``; version 1 files (no ``assisted``)
load.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..rules.cards import TOTAL_VP
from ..rules.gangster import CHALLENGES, LEVELS, SoloVariant
from ..rules.messages import Message, msg
from .files import StoreFile, data_dir
from .locking import file_lock
from .names import typed_name_problem

if TYPE_CHECKING:
    from ..rules import Game

FORMAT = "famiglia-highscores/2"
OLD_FORMATS = ("famiglia-highscores/1",)
#: One list per level and variant (S3).
KEYS = CHALLENGES
TOP = 10
#: No highscore file the game writes comes near this size (80 entries of a few hundred bytes).
MAX_BYTES = 256_000

Highscores = dict[str, tuple["Entry", ...]]


@dataclass(frozen=True, slots=True)
class Entry:
    """One won solo game.  ``when`` is an ISO 8601 date and time with its UTC offset.

    Creating an entry checks it (``ValueError`` with the reason): a name as a person types
    it (:func:`.names.typed_name_problem`); VP that 60 cards can give (R1.4: 175 in all) with
    the human ahead or level on VP (only a won game, S5, which the R5.3 tie-break may decide);
    the ranking value S5 gives.
    """

    name: str
    when: str
    own_vp: int
    gangster_vp: int
    ranking_value: int
    level: int
    variant: SoloVariant
    fresh_cards_rule: bool
    #: A hint was used during the game.
    assisted: bool = False

    def __post_init__(self) -> None:
        problem = _entry_problem(self)
        if problem:
            raise ValueError(problem)
        object.__setattr__(self, "variant", SoloVariant(self.variant))

    @property
    def key(self) -> str:
        """The list this entry belongs to, e.g. ``"3b"``."""
        return f"{self.level}{self.variant}"

    @classmethod
    def from_game(cls, game: Game, name: str, when: datetime | None = None, *,
                  assisted: bool = False) -> Entry:
        """The entry for a finished solo game the human (seat 0) won (S5); the name's spaces
        are tidied."""
        result = game.result
        if result is None or result.ranking_value is None:  # set only for a won solo game
            raise ValueError("only a solo game the human won enters the highscore list (S5)")
        moment = when or datetime.now()
        if moment.tzinfo is None:
            moment = moment.astimezone()
        return cls(" ".join(name.split()), moment.isoformat(timespec="seconds"),
                   result.scores[0], result.scores[1], result.ranking_value,
                   game.gangster_level or 0, SoloVariant.of(game.first_player),
                   game.fresh_cards_rule, assisted)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Entry:
        """Read one entry from the file, or raise ``ValueError`` saying what is wrong (an
        entry written before ``assisted`` existed was made without hints)."""
        names = [field.name for field in fields(cls)]
        if isinstance(data, dict) and "assisted" not in data:
            data = {**data, "assisted": False}
        if not isinstance(data, dict) or sorted(data) != sorted(names):
            raise ValueError(f"an entry must have exactly the fields {', '.join(names)}")
        return cls(**data)

    def order(self) -> tuple[int, datetime]:
        """Sort key: higher ranking value first, then the earlier game."""
        return -self.ranking_value, datetime.fromisoformat(self.when)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _entry_problem(entry: Entry) -> str | None:
    if not isinstance(entry.name, str):
        return "the name must be text, not empty"
    problem = typed_name_problem(entry.name)
    if problem:
        return problem
    try:
        moment = datetime.fromisoformat(entry.when) if isinstance(entry.when, str) else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        return f"{entry.when!r} is not an ISO date and time with its UTC offset"
    if not all(_whole(v) for v in (entry.own_vp, entry.gangster_vp, entry.ranking_value)):
        return "VP and ranking value must be whole numbers"
    if not (0 <= entry.gangster_vp <= entry.own_vp and entry.own_vp + entry.gangster_vp
            <= TOTAL_VP):
        return (f"{entry.own_vp} : {entry.gangster_vp} VP is not a won game: all 60 cards "
                f"are worth {TOTAL_VP} VP (R1.4)")
    if entry.ranking_value != 2 * entry.own_vp - entry.gangster_vp:
        return "the ranking value must be 2 × own VP − Gangster VP (S5)"
    if not _whole(entry.level) or entry.level not in LEVELS:
        return "the level must be 1, 2, 3 or 4 (S3)"
    if not isinstance(entry.variant, str) or entry.variant not in set(SoloVariant):
        return "the variant must be 'a' or 'b' (S3)"
    if not isinstance(entry.fresh_cards_rule, bool):
        return "fresh_cards_rule must be true or false"
    if not isinstance(entry.assisted, bool):
        return "assisted must be true or false"
    return None


def empty() -> Highscores:
    return dict.fromkeys(KEYS, ())


def _parse(data: Any) -> Highscores:
    """The whole file's lists, or ``ValueError`` for anything a real game cannot have left."""
    if not isinstance(data, dict) or data.get("format") not in (FORMAT, *OLD_FORMATS):
        raise ValueError(f"not a {FORMAT} file")
    lists = data.get("lists")
    if not isinstance(lists, dict) or not set(lists) <= set(KEYS):
        raise ValueError(f"'lists' must map some of {', '.join(KEYS)} to lists")
    board = empty()
    for key, raw in lists.items():
        if not isinstance(raw, list) or len(raw) > TOP:
            raise ValueError(f"list {key} must be a list of at most {TOP} entries")
        entries = tuple(Entry.from_dict(item) for item in raw)
        if any(entry.key != key for entry in entries):
            raise ValueError(f"an entry in list {key} belongs to another level or variant")
        orders = [entry.order() for entry in entries]
        if orders != sorted(orders):
            raise ValueError(f"list {key} is not in ranking order")
        board[key] = entries
    return board


class HighscoreStore(StoreFile):
    """The highscore file at ``path`` (default ``data_dir()/highscores.json``).

    ``notice`` is set, in words for the player, when a bad file was set aside, could not be
    read or could not be written; the UI shows it (``take_notice``).
    """

    max_bytes = MAX_BYTES

    def __init__(self, path: Path | None = None) -> None:
        super().__init__(path or data_dir() / "highscores.json")

    def unwritable_notice(self, why: Message | str, removing: bool) -> Message:
        return msg("The highscore list could not be saved: {reason} ({folder}). The game goes "
                   "on.", reason=why, folder=str(self.path.parent))

    def unreadable_notice(self, why: Message | str) -> Message:
        return msg("The highscore list could not be read: {reason}.", reason=why)

    def kept_notice(self, problem: Message | str, moved: Path) -> Message:
        return msg("The highscore list could not be read ({problem}), so a new list begins; "
                   "the file was kept as {name} in {folder}.", problem=problem, name=moved.name,
                   folder=str(moved.parent))

    def left_notice(self, problem: Message | str, why: Message | str) -> Message:
        return msg("The highscore list could not be read ({problem}), so a new list begins; "
                   "the file was left as it is, since {reason}.", problem=problem, reason=why)

    def load(self) -> Highscores:
        """All eight lists; a missing, bad or unreadable file gives empty lists, never an
        exception (:meth:`~.files.StoreFile.load_content`)."""
        return self.load_content(_parse, empty)

    def would_enter(self, key: str, ranking_value: int) -> bool:
        """Would a game with this ranking value enter list ``key`` now (ties go after)?"""
        if key not in KEYS:
            raise ValueError(f"no highscore list {key!r}; the lists are {', '.join(KEYS)}")
        entries = self.load()[key]
        return len(entries) < TOP or ranking_value > entries[-1].ranking_value

    def add(self, entry: Entry) -> int | None:
        """Merge ``entry`` into the list on disk under the lock; return its place (0 = best)
        in the top 10, or ``None`` if it did not enter or could not be written (then
        ``write_failed`` is set, ``notice`` says why and the file is unchanged).  Without the
        lock (another instance holding it for the whole wait, a folder where no lock can be
        made) nothing is written."""
        try:
            with file_lock(self.path):
                board = self.read_content(_parse, empty)
                merged = sorted([*board[entry.key], entry], key=Entry.order)[:TOP]
                place = next((i for i, kept in enumerate(merged) if kept is entry), None)
                if place is None:
                    self.write_failed = False
                    return None
                board[entry.key] = tuple(merged)
                written = self.write_json({
                    "format": FORMAT,
                    "lists": {key: [item.to_dict() for item in board[key]] for key in KEYS},
                })
                return place if written else None
        except OSError as error:  # no lock (another instance kept it, or none can be made),
            self.cannot_write(error)  # or a file that cannot be read
            return None

