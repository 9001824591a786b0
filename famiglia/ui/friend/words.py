"""What a game with a friend on another computer says in words: why it stopped or could not
start (each :class:`~famiglia.net.problems.Cause`, with the other player's name), the short
messages players send each other, and the two ways to connect."""

from __future__ import annotations

from collections.abc import Callable

from ...i18n import _, pgettext
from ...net.link import Way
from ...net.problems import Cause
from ...net.protocol import Phrase


def phrase_text(phrase: Phrase) -> str:
    """A short message, in the reader's language."""
    texts = {
        Phrase.GOOD_GAME: _("Good game!"),
        # Translators: a short message one player sends the other.
        Phrase.YOUR_TURN: pgettext("message", "Your turn"),
        # Translators: a short message one player sends the other: please wait.
        Phrase.ONE_MOMENT: _("One moment"),
    }
    return texts[phrase]


def code_problem() -> str:
    """What a code looks like, for one typed wrong."""
    return _("A code is a number and two whole words, like 7-guitarist-revenge: Tab "
             "completes them.")


def completed(typed: str, options: list[str]) -> str | None:
    """Tab: what ``typed`` becomes when it goes on as far as every one of ``options`` agrees,
    or ``None`` when that adds nothing."""
    if not options:
        return None
    common = options[0]
    for option in options[1:]:
        while not option.startswith(common):
            common = common[:-1]
    return common if len(common) > len(typed.strip()) else None


def way_label(way: Way) -> str:
    return {Way.LAN: _("Same network"), Way.INTERNET: _("Internet")}[way]


#: Each cause in words: the other player's ``name`` is formatted in.
_CAUSES: dict[Cause, Callable[[], str]] = {
    Cause.MALFORMED: lambda: _("{name}'s computer sent something that is not a message of "
                               "this game."),
    Cause.TOO_LARGE: lambda: _("{name}'s computer sent a message far larger than any this "
                               "game sends."),
    Cause.TOO_DEEP: lambda: _("{name}'s computer sent a message built unlike any this game "
                              "sends."),
    Cause.UNKNOWN_KIND: lambda: _("{name}'s computer sent a kind of message this version of "
                                  "Famiglia does not know."),
    Cause.VERSION: lambda: _("{name} plays another version of Famiglia, which this one cannot "
                             "play with. Both of you need the same version."),
    Cause.OUT_OF_SEQUENCE: lambda: _("A message from {name}'s computer came out of order."),
    Cause.UNEXPECTED: lambda: _("{name}'s computer sent a message that makes no sense at this "
                                "point of the game."),
    Cause.FORGED_LINK: lambda: _("{name}'s computer tried to change how a card is drawn: its "
                                 "share of the draw is not the one it promised at the start."),
    Cause.BAD_DEAL: lambda: _("The cards were not drawn fairly: {name}'s secret does not match "
                              "what it promised at the start."),
    Cause.ILLEGAL_MOVE: lambda: _("{name}'s computer sent a move the rules do not allow."),
    Cause.DIVERGED: lambda: _("{name}'s computer no longer shows the same cards as this one."),
    Cause.TIMEOUT: lambda: _("Nothing was heard from {name}'s computer for a while."),
    Cause.WITHHELD: lambda: _("{name}'s computer stopped answering while a card was being "
                              "drawn."),
    Cause.CONNECTION: lambda: _("The connection to {name}'s computer was lost."),
    Cause.WRONG_CODE: lambda: _("That code is not the one {name}'s table has: check it with "
                                "{name}."),
    Cause.DECLINED: lambda: _("{name} declined."),
}


def cause_text(cause: Cause, name: str) -> str:
    """Why the game stopped or could not start, with the other player's ``name``."""
    return _CAUSES[cause]().format(name=name)


def reach_text(cause: Cause) -> str:
    """Why a table could not be reached before anyone answered (no name known yet)."""
    if cause is Cause.WRONG_CODE:
        return _("That code matches no table: check it with your friend.")
    if cause is Cause.VERSION:
        return _("Your friend plays another version of Famiglia, which this one cannot play "
                 "with. Both of you need the same version.")
    return _("The table could not be reached: check the address or code, and that your "
             "friend is still waiting.")
