"""The player's actions (docs/rules.md R3) as immutable values with a JSON form and a text notation.

Street positions are 0-based, left to right; hand and play-area cards are named by code (R1.3),
since cards with the same code are interchangeable for the rules.

Text notation (one line, case-insensitive, round-trips through :func:`parse_action`)::

    refresh 2                 R3.1   discard Street card 2 and draw
    accountant A2             R3.2   play an Accountant
    exchange M2 B0            R3.2   take M2 from the play area, give B0 from the hand
    brute B2 3 -2             R3.3   play Brute B2, lower Street card 3 by 2
    take 4                    R3.4a  take a rank-0 (or lowered to 0) Street card
    take 4 F2+M3 keep M3      R3.4b  pay F2 and M3, keep M3 in the hand
    pass                      R3.4d

R1.5: where a hand or play area holds a rank-0 card with the start-set back and one with the
neutral back, ``B0*`` (in an exchange or a payment) names the start-set copy and plain ``B0``
the neutral one: ``exchange M2 B0*``, ``take 1 B0+B0* keep B0`` (the start-set B0 is spent).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any, ClassVar

from .cards import ALL_CODES, parse_code
from .jsontext import brief

#: R1.5: a rank-0 code ending in ``*`` names the start-set copy (its own back); a plain code
#: names a neutral-back copy where the zone holds one.  Only card movements by code use it.
START_COPY = "*"
STARRED_CODES = frozenset(code + START_COPY for code in ALL_CODES if code[1] == "0")


def _code(value: Any, *, starred: bool = False) -> str:
    text = value.strip().upper() if isinstance(value, str) else ""
    if starred and text in STARRED_CODES:
        return text
    parse_code(value)
    return text


def _index(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            if not isinstance(value, str):
                raise ValueError
            value = int(value)
        except ValueError:
            raise ValueError(f"{what} must be a whole number, not {brief(value)}") from None
    if value < 0:
        raise ValueError(f"{what} must not be negative")
    return value


class Action:
    """Base of all actions: ``to_dict()`` gives the JSON form, ``str()`` the notation."""

    __slots__ = ()
    type: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Refresh(Action):
    """R3.1: discard the Street card at ``street`` and draw as many cards as its rank."""

    street: int
    type: ClassVar[str] = "refresh"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "refresh", "street": self.street}

    def __str__(self) -> str:
        return f"refresh {self.street}"


@dataclass(frozen=True, slots=True)
class Accountant(Action):
    """R3.2: play an Accountant of rank r >= 1; up to r :class:`Exchange` actions may follow."""

    card: str
    type: ClassVar[str] = "accountant"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "accountant", "card": self.card}

    def __str__(self) -> str:
        return f"accountant {self.card}"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """R3.2: move ``take`` from the own play area to the hand and ``give`` the other way."""

    take: str
    give: str
    type: ClassVar[str] = "exchange"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "exchange", "take": self.take, "give": self.give}

    def __str__(self) -> str:
        return f"exchange {self.take} {self.give}"


@dataclass(frozen=True, slots=True)
class Brute(Action):
    """R3.3: play a Brute and lower the Street card at ``street`` by ``by`` for this turn."""

    card: str
    street: int
    by: int
    type: ClassVar[str] = "brute"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "brute", "card": self.card, "street": self.street, "by": self.by}

    def __str__(self) -> str:
        return f"brute {self.card} {self.street} -{self.by}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """R3.4: take the Street card at ``street``; ``pay`` is empty for a rank-0 card.

    ``pay`` is kept sorted so that equal payments compare equal; ``keep`` is the played card
    that returns to the hand (R3.4c), the other goes to the play area.
    """

    street: int
    pay: tuple[str, ...] = ()
    keep: str | None = None
    type: ClassVar[str] = "take"

    def to_dict(self) -> dict[str, Any]:
        if not self.pay:
            return {"type": "take", "street": self.street}
        return {"type": "take", "street": self.street, "pay": list(self.pay), "keep": self.keep}

    def __str__(self) -> str:
        if not self.pay:
            return f"take {self.street}"
        return f"take {self.street} {'+'.join(self.pay)} keep {self.keep}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """R3.4d: end the turn without taking a card."""

    type: ClassVar[str] = "pass"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "pass"}

    def __str__(self) -> str:
        return "pass"


PASS = Pass()


def make_take(street: int | str, pay: list[str] | tuple[str, ...] = (),
              keep: str | None = None) -> Take:
    """Build a :class:`Take` with its payment in canonical (sorted) order."""
    pay_codes = tuple(sorted(_code(c, starred=True) for c in pay))
    if pay_codes and len(pay_codes) != 2:
        raise ValueError("a payment is exactly two cards")
    if pay_codes:
        if keep is None:
            raise ValueError("say which of the two played cards returns to the hand ('keep')")
        keep = _code(keep, starred=True)
        if keep not in pay_codes:
            raise ValueError(f"the kept card {keep} must be one of the two played cards")
    elif keep is not None:
        raise ValueError("'keep' only goes with a payment")
    return Take(_index(street, "street"), pay_codes, keep)


def action_from_dict(data: dict[str, Any]) -> Action:
    """The action of a JSON dict (see the module docstring); raises ``ValueError``."""
    if not isinstance(data, dict):
        raise ValueError(f"an action is a dict with a 'type', not {brief(data)}")
    kind = data.get("type")
    try:
        if kind == "refresh":
            return Refresh(_index(data["street"], "street"))
        if kind == "accountant":
            return Accountant(_code(data["card"]))
        if kind == "exchange":
            return Exchange(_code(data["take"], starred=True), _code(data["give"], starred=True))
        if kind == "brute":
            return Brute(_code(data["card"]), _index(data["street"], "street"),
                         _index(data["by"], "by"))
        if kind == "take":
            pay = data.get("pay") or ()
            if not isinstance(pay, list | tuple):
                raise ValueError("'pay' is a list of two card codes")
            return make_take(data["street"], pay, data.get("keep"))
        if kind == "pass":
            return PASS
    except KeyError as missing:
        raise ValueError(f"a {kind} action needs {missing}") from None
    raise ValueError(f"unknown action type {brief(kind)}")


_TAKE_PAY = re.compile(r"^([A-Za-z]\d\*?)\+([A-Za-z]\d\*?)$")


def parse_action(text: str) -> Action:
    """The action of a line of notation (see the module docstring); raises ``ValueError``."""
    if not isinstance(text, str):
        raise ValueError(f"an action in the notation is text, not {brief(text)}")
    words = text.split()
    if not words:
        raise ValueError("empty action")
    verb, args = words[0].lower(), words[1:]
    try:
        if verb == "refresh" and len(args) == 1:
            return Refresh(_index(args[0], "street"))
        if verb == "accountant" and len(args) == 1:
            return Accountant(_code(args[0]))
        if verb == "exchange" and len(args) == 2:
            return Exchange(_code(args[0], starred=True), _code(args[1], starred=True))
        if verb == "brute" and len(args) == 3 and args[2].startswith("-"):
            return Brute(_code(args[0]), _index(args[1], "street"), _index(args[2][1:], "by"))
        if verb == "take" and len(args) == 1:
            return make_take(args[0])
        if verb == "take" and len(args) == 4 and args[2].lower() == "keep":
            pay = _TAKE_PAY.match(args[1])
            if pay:
                return make_take(args[0], pay.groups(), args[3])
        if verb == "pass" and not args:
            return PASS
    except ValueError as error:
        raise ValueError(f"cannot read {brief(text)}: {error}") from None
    raise ValueError(
        f"cannot read {brief(text)}; write e.g. 'refresh 2', 'accountant A2', 'exchange M2 B0', "
        "'brute B2 3 -2', 'take 4', 'take 4 F2+M3 keep M3' or 'pass'"
    )


def _is_index(value: Any) -> bool:
    return type(value) is int and value >= 0


def _is_code(value: Any) -> bool:
    return type(value) is str and value in ALL_CODES


def _is_moved_code(value: Any) -> bool:
    """A code naming a card to move, which may name the start-set copy (R1.5)."""
    return type(value) is str and (value in ALL_CODES or value in STARRED_CODES)


def _checked(action: Action) -> Action:
    """An action object built by hand, with its fields checked: a wrong type (``Refresh(0.0)``,
    ``Take(None)``, ``Brute("B2", 0, 1.0)``) would compare equal to a legal action or break the
    rules code later.  A :class:`Take` with its payment unsorted is put in canonical form, as it
    means the same action."""
    kind = type(action)
    if kind is Refresh:
        assert isinstance(action, Refresh)
        good = _is_index(action.street)
    elif kind is Accountant:
        assert isinstance(action, Accountant)
        good = _is_code(action.card)
    elif kind is Exchange:
        assert isinstance(action, Exchange)
        good = _is_moved_code(action.take) and _is_moved_code(action.give)
    elif kind is Brute:
        assert isinstance(action, Brute)
        good = _is_code(action.card) and _is_index(action.street) and _is_index(action.by)
    elif kind is Take:
        assert isinstance(action, Take)
        pay, keep = action.pay, action.keep
        if not _is_index(action.street) or not isinstance(pay, tuple | list):
            good = False
        elif not pay:
            good = keep is None
        else:
            good = len(pay) == 2 and all(_is_moved_code(c) for c in pay) and keep in pay
            if good and (type(pay) is not tuple or pay[0] > pay[1]):
                return make_take(action.street, pay, keep)
    else:
        good = kind is Pass
    if not good:
        raise ValueError(f"{_describe(action)} is not a well-formed action")
    return action


def _describe(action: Action) -> str:
    """A hand-built action as an error message quotes it: its ``repr`` with each field
    shortened (:func:`~famiglia.rules.jsontext.brief`); the bare base ``Action()`` and other
    objects that are no action's dataclass have no fields to show."""
    shown: tuple[dataclasses.Field[Any], ...] = (
        dataclasses.fields(action) if dataclasses.is_dataclass(action) else ())
    fields = ", ".join(f"{field.name}={brief(getattr(action, field.name))}" for field in shown)
    return f"{type(action).__name__}({fields})"


def to_action(value: Action | dict[str, Any] | str) -> Action:
    """Accept an action object (its fields checked), its JSON dict or its notation."""
    if isinstance(value, Action):
        return _checked(value)
    if isinstance(value, dict):
        return action_from_dict(value)
    if isinstance(value, str):
        return parse_action(value)
    raise ValueError(f"not an action: {brief(value)}")
