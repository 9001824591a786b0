"""The core's player-visible texts as values, not finished sentences (docs/i18n.md).

The rules stay free of gettext and files: a refusal, a hint about undo, a caption of the
Gangster's program or a family's ability is a :class:`Message`, an English template with named
``{fields}`` and the values to fill in.  ``str(message)`` is the English text (tests, the
command line, logs); the UI shows it through ``famiglia.i18n.translate_message``, which looks
the template up in the player's language and fills in each value in that language too: cards
given as :class:`CardName` (or a ``Card``), families as ``Family``, a sub-reason as a nested
:class:`Message`, numbers and player names as they are.  Nothing language-bound is ever saved:
records, saves and the notation hold actions, never messages.

``scripts/i18n.py extract`` reads every ``msg("…", plural="…")`` call with literal strings, so
each template must be written out whole at the call (one sentence per case, never glued phrases).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True, slots=True)
class CardName:
    """A card in words: ``str()`` is ``"Mercenary 3"``; ``"B0*"`` (R1.5) is the start-set copy.

    ``as_typed``: the player named the card by its code in the notation (``take 2 F1+M3 keep
    M3``): ``str()`` (the command line's English) repeats the code as written; the UI's
    translation names the card in words in every language, English included."""

    code: str
    as_typed: bool = False

    def __str__(self) -> str:
        if self.as_typed:
            return self.code
        plain = self.code.rstrip("*")
        words = f"{_CARD_WORDS[plain[0]]} {plain[1:]}"
        return f"{words} with your start-set back" if plain != self.code else words


#: A card of each family in words, by the family letter of its code (R1.2, R1.3).
_CARD_WORDS = {"F": "Famiglia", "A": "Accountant", "B": "Brute", "M": "Mercenary"}


@dataclass(frozen=True, slots=True)
class Message:
    """An English ``template`` with named fields and its ``params``; with a ``plural``, the
    parameter ``n`` chooses between the two (the template is the singular, for ``n == 1``)."""

    template: str
    params: tuple[tuple[str, object], ...] = ()
    plural: str | None = None

    def __str__(self) -> str:
        values = dict(self.params)
        template = self.template
        if self.plural is not None and values.get("n") != 1:
            template = self.plural
        return one_full_stop(
            template.format(**{name: english(value) for name, value in values.items()}))


def one_full_stop(text: str) -> str:
    """A message filled in: a whole sentence nested in brackets at the end of another gives
    up its full stop to the outer one ("(… at position 9).", never "(… at position 9.).")."""
    return text.replace(".).", ").")


def msg(template: str, /, *, plural: str | None = None, **params: object) -> Message:
    """A :class:`Message`: ``msg("You have no {card} in your hand.", card=CardName("A2"))``.

    Write the template as a literal string at the call, so the translators' tool finds it.
    """
    return Message(template, tuple(params.items()), plural)


def english(value: object) -> str:
    """A parameter in English: a family by its name, a card (anything with a card ``code`` and
    a ``family``) in words, anything else as ``str()`` gives it."""
    if isinstance(value, Enum) and hasattr(value, "display_name"):
        return str(value.display_name)
    code, family = getattr(value, "code", None), getattr(value, "family", None)
    if isinstance(code, str) and isinstance(family, Enum):
        return str(CardName(code))
    return str(value)
