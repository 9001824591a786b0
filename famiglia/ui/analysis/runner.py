"""A game's analysis for a screen: the kept one (:class:`~famiglia.store.analyses.AnalysisFile`),
or one worked out by an :class:`~famiglia.players.analysis.AnalysisJob` in worker processes
at a lower priority than the window, never in the frame loop.  The screen polls the runner a
few times a second while a job runs (:data:`POLL_SECONDS`) and sleeps as usual otherwise.

A cancelled job's decisions are remembered for the rest of the run (a few games' worth), so
that analysing the same game again resumes where it stopped; a finished analysis is kept in the
user's data folder and found there next time without a new job.  A job whose worker dies or
raises is logged with its traceback and said in plain words (:attr:`AnalysisRunner.problem`);
the screen goes on.
"""

from __future__ import annotations

import logging
import os
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...logs import details
from ...players.analysis import Analysis, AnalysisJob, Decision, Effort
from ...rules.messages import Message, msg
from ...store.analyses import AnalysisFile

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RunnerSettings:
    """How the window analyses: ``jobs`` worker processes (``None``: one per core; ``0``: in
    this process, one decision per poll, as the tests do) and the search ``effort``
    (``None``: the level's; tests make it tiny)."""

    jobs: int | None = None
    effort: Effort | None = None


#: The window's analyses; tests swap it for a quick in-process one.
SETTINGS = RunnerSettings()
#: The workers run at a lower priority than the window, so that drawing never waits for them.
NICENESS = 10
#: How often a screen polls a running job (seconds).
POLL_SECONDS = 0.25
#: How many cancelled jobs' decisions are remembered for a resume.
RESUMABLE = 4

_cancelled: OrderedDict[tuple[Any, ...], tuple[Decision, ...]] = OrderedDict()


class AnalysisRunner:
    """The analysis of ``record`` (a record the rules accepted) for one screen: ``analysis``
    once it is known, ``job`` while it is worked out, ``problem`` when it could not be.
    ``notify`` shows the player what the store has to say (a damaged file set aside, a folder
    that cannot be written)."""

    def __init__(self, record: Mapping[str, Any], *,
                 notify: Callable[[Message | str], None]) -> None:
        self.record = record
        self.notify = notify
        self.kept = AnalysisFile(record)
        self.job: AnalysisJob | None = None
        self.problem: Message | None = None
        self.analysis: Analysis | None = self._load()

    @property
    def running(self) -> bool:
        return self.job is not None

    @property
    def progress(self) -> tuple[int, int]:
        """How many decisions are analysed, of how many."""
        return (0, 0) if self.job is None else (self.job.done, self.job.total)

    def _key(self) -> tuple[Any, ...]:
        return self.kept.key, SETTINGS.effort

    def _load(self) -> Analysis | None:
        """The kept analysis, if there is a file for this game (no file is made for a game
        never analysed)."""
        if not self.kept.path.exists():
            return None
        analysis = self.kept.load()
        self._report()
        return analysis

    def _report(self) -> None:
        notice = self.kept.take_notice()
        if notice is not None:
            self.notify(notice)

    def start(self) -> None:
        """Find the kept analysis, else start a job (resuming a cancelled one)."""
        if self.analysis is not None or self.job is not None:
            return
        self.problem = None
        self.analysis = self._load()
        if self.analysis is not None:
            return
        jobs = SETTINGS.jobs if SETTINGS.jobs is not None else (os.cpu_count() or 1)
        try:
            self.job = AnalysisJob(self.record, effort=SETTINGS.effort, jobs=jobs,
                                   niceness=NICENESS, known=_cancelled.get(self._key(), ()))
        except ValueError as error:
            reason = error.args[0] if error.args else str(error)
            self.problem = msg("This game cannot be analysed: {reason}.", reason=reason)
        except Exception:
            log.exception("The analysis of a game could not be started")
            self.problem = msg("The analysis could not be started. {details}",
                               details=details())

    def poll(self) -> bool:
        """Take what the job has finished; whether anything changed on screen (progress, the
        end, a failure)."""
        job = self.job
        if job is None:
            return False
        done = job.done
        try:
            analysis = job.poll()
        except Exception:
            log.exception("The analysis of a game failed")
            self.cancel()
            self.problem = msg("The analysis stopped because one of its processes failed. "
                               "{details}", details=details())
            return True
        if analysis is None:
            return job.done != done
        self.job = None
        _cancelled.pop(self._key(), None)
        self.analysis = analysis
        self.kept.save(analysis)
        self._report()
        return True

    def cancel(self) -> None:
        """Stop the job; what it found is remembered for a resume."""
        job, self.job = self.job, None
        if job is None:
            return
        job.cancel()
        if job.found:
            _cancelled[self._key()] = job.found
            _cancelled.move_to_end(self._key())
            while len(_cancelled) > RESUMABLE:
                _cancelled.popitem(last=False)
