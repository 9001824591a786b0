"""The headless rules core of Famiglia (docs/rules.md R1–R5, S1–S5): no pygame, no files.

Public API: :class:`Game` (``new``, ``from_setup``, ``from_dict``, ``legal_actions``,
``apply``, ``push``, ``explain``, ``undo``, ``resample``, ``resign``, ``view``, ``zone_ids``,
``replay_moves``, ``to_dict``), its :class:`Setup`, its records (:func:`write_record`,
:func:`read_record`, like chess's PGN), the action and event types, the fixed vocabularies as
``StrEnum`` (:class:`Zone`, :class:`Stage`, :class:`EndReason`, :class:`DecidedBy`,
:class:`Opponent`), the texts as values (:class:`Message`, :class:`CardName`) and the errors by
cause (:class:`IllegalAction` and its kinds, ``errors.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

if TYPE_CHECKING:
    from .actions import (
        PASS,
        Accountant,
        Action,
        Brute,
        Exchange,
        Pass,
        Refresh,
        Take,
        action_from_dict,
        parse_action,
        to_action,
    )
    from .cards import DECK, Back, Card, Family
    from .errors import DamagedRecord, ForbiddenAction, IllegalAction, OutOfTurn, UnreadableAction
    from .events import (
        ActionPlayed,
        ActionUndone,
        CardMoved,
        EndReason,
        Event,
        FinalRound,
        GameOver,
        GangsterStep,
        Passed,
        RankLowered,
        Reshuffled,
        TurnStarted,
    )
    from .game import Game, SeatView, StreetCard
    from .history import Step
    from .messages import CardName, Message, msg
    from .records import read_record, write_record
    from .scoring import DecidedBy
    from .setup import Opponent, Setup
    from .state import Stage, TurnState
    from .zones import Zone
else:
    # each name's module is loaded when the name is first used (the title needs the cards and
    # their words, not the game)
    __getattr__, __dir__ = lazy_exports(__name__, {
        "actions": (
            "PASS", "Accountant", "Action", "Brute", "Exchange", "Pass", "Refresh", "Take",
            "action_from_dict", "parse_action", "to_action"),
        "cards": ("DECK", "Back", "Card", "Family"),
        "errors": (
            "DamagedRecord", "ForbiddenAction", "IllegalAction", "OutOfTurn", "UnreadableAction"),
        "events": (
            "ActionPlayed", "ActionUndone", "CardMoved", "EndReason", "Event", "FinalRound",
            "GameOver", "GangsterStep", "Passed", "RankLowered", "Reshuffled", "TurnStarted"),
        "game": ("Game", "SeatView", "StreetCard"),
        "history": ("Step",),
        "messages": ("CardName", "Message", "msg"),
        "records": ("read_record", "write_record"),
        "scoring": ("DecidedBy",),
        "setup": ("Opponent", "Setup"),
        "state": ("Stage", "TurnState"),
        "zones": ("Zone",),
    })

__all__ = [
    "DECK",
    "PASS",
    "Accountant",
    "Action",
    "ActionPlayed",
    "ActionUndone",
    "Back",
    "Brute",
    "Card",
    "CardMoved",
    "CardName",
    "DamagedRecord",
    "DecidedBy",
    "EndReason",
    "Event",
    "Exchange",
    "Family",
    "FinalRound",
    "ForbiddenAction",
    "Game",
    "GameOver",
    "GangsterStep",
    "IllegalAction",
    "Message",
    "Opponent",
    "OutOfTurn",
    "Pass",
    "Passed",
    "RankLowered",
    "Refresh",
    "Reshuffled",
    "SeatView",
    "Setup",
    "Stage",
    "Step",
    "StreetCard",
    "Take",
    "TurnStarted",
    "TurnState",
    "UnreadableAction",
    "Zone",
    "action_from_dict",
    "msg",
    "parse_action",
    "read_record",
    "to_action",
    "write_record",
]
