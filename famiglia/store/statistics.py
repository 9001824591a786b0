"""Statistics of the past games, computed from their records alone (one source of truth):
from the summaries :meth:`RecordStore.games() <famiglia.store.records.RecordStore.games>`
gives, whose scores, winners and ranking values come from replaying each record, so an edited
result is never counted (a record that does not replay is set aside instead).

One row per mode: hot-seat per player (each hot-seat game counts for both players), against
the computer per level, solo per level and variant (S3); always from the view of the person
the row is about.  Only finished games count (a resigned game is lost by whoever resigned).
Every average is over all the row's games, and the column labels say so; the best ranking
value (S5) exists only for won solo games.  Each row keeps its games in date order
(:attr:`Row.history`), for the statistics' charts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from .. import i18n
from .records import Mode, ModeKind, Summary


@dataclass(frozen=True)
class Played:
    """One finished game from the view of the person a row is about: their ``seat`` in the
    record at ``path``, their VP and the opponent's, the outcome (1 won, 0 draw, -1 lost)
    and the ranking value of a won solo game (S5)."""

    when: datetime
    path: Path
    seat: int
    own: int
    other: int
    outcome: int
    ranking: int | None

    @property
    def order(self) -> tuple[datetime, str]:
        return self.when, self.path.name

    @property
    def margin(self) -> int:
        return self.own - self.other


@dataclass(frozen=True)
class Row:
    mode: Mode
    player: str | None
    games: int
    wins: int
    draws: int
    mean_vp: float
    mean_margin: float
    best_ranking: int | None
    current_streak: int
    longest_streak: int
    #: the row's games, oldest first
    history: tuple[Played, ...] = ()

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def cells(self) -> tuple[str, ...]:
        """The row's figures as text, in the order of the statistics scene's columns."""
        return (str(self.games), str(self.wins), str(self.draws), i18n.percent(self.win_rate),
                i18n.decimal(self.mean_vp), i18n.decimal(self.mean_margin, sign=True),
                "—" if self.best_ranking is None else str(self.best_ranking),
                str(self.current_streak), str(self.longest_streak))


def _views(summary: Summary) -> list[tuple[tuple[Mode, str | None], str, Played]]:
    """The rows a finished game counts for: (row key, display name, the game in its view)."""
    if summary.mode is None or summary.scores is None:
        return []
    seats = (0, 1) if summary.mode.kind is ModeKind.HOT_SEAT else (summary.human,)
    views = []
    for seat in seats:
        if seat is None:
            continue
        outcome = 0 if summary.winner is None else (1 if summary.winner == seat else -1)
        ranking = (summary.ranking_value if summary.mode.kind is ModeKind.SOLO and outcome == 1
                   else None)
        game = Played(summary.when, summary.path, seat, summary.scores[seat],
                      summary.scores[1 - seat], outcome, ranking)
        name = summary.names[seat]
        player = (" ".join(name.split()).casefold() if summary.mode.kind is ModeKind.HOT_SEAT
                  else None)
        views.append(((summary.mode, player), name, game))
    return views


def _streaks(outcomes: list[int]) -> tuple[int, int]:
    current = longest = 0
    for outcome in outcomes:
        current = current + 1 if outcome == 1 else 0
        longest = max(longest, current)
    return current, longest


def compute(summaries: Iterable[Summary]) -> list[Row]:
    """The rows for these past games, hot-seat first, then the computer's levels from the
    easiest, then the solo challenges 1a … 4b."""
    groups: dict[tuple[Mode, str | None], list[Played]] = {}
    names: dict[tuple[Mode, str | None], tuple[tuple[datetime, str], str]] = {}
    for summary in summaries:
        for key, name, game in _views(summary):
            groups.setdefault(key, []).append(game)
            if key not in names or game.order >= names[key][0]:
                names[key] = (game.order, name)  # the latest spelling of a hot-seat name
    rows = []
    for key, games in groups.items():
        games.sort(key=lambda game: game.order)
        count = len(games)
        current, longest = _streaks([game.outcome for game in games])
        rankings = [game.ranking for game in games if game.ranking is not None]
        rows.append(Row(
            key[0], names[key][1] if key[1] is not None else None, count,
            sum(1 for game in games if game.outcome == 1),
            sum(1 for game in games if game.outcome == 0),
            sum(game.own for game in games) / count,
            sum(game.own - game.other for game in games) / count,
            max(rankings) if rankings else None, current, longest, tuple(games)))
    rows.sort(key=lambda row: (row.mode.order, (row.player or "").casefold()))
    return rows
