"""The game's languages: English, German and Dutch, the languages of the game's editions.

Every player-visible text goes through this module's gettext functions (``_``, ``ngettext``,
``pgettext``), which always answer in the *current* language; :func:`set_language` switches the
whole game at once, no restart, and tells the scenes through :func:`on_language_change` so they
can lay themselves out again.  Module-level constants are marked with :func:`N_` (or made
:func:`lazy_pgettext` values) and translated where they are shown, so they follow a switch too.

The catalogs are the ``.po`` files in ``famiglia/locale/<lang>/LC_MESSAGES/famiglia.po``,
compiled when a language is first used (:mod:`famiglia.pofile` explains why no Babel and no
``.mo`` files) and kept compiled in the user cache folder under the digest of the ``.po`` they
were compiled from (:func:`compiled`), so a start reads a catalog instead of compiling it, and
a changed ``.po`` is compiled afresh.  A missing or broken catalog never stops the game: it is
logged and the English texts are shown.  Message ids are the English texts with named
``{placeholders}`` (``str.format`` style); see ``docs/i18n.md``.

Which language a run starts in: ``FAMIGLIA_LANG`` (en, de or nl) for that run, else the
language the player chose in the settings, else the system's language when it is one of the
three, else English (:func:`startup_language`).
"""

from __future__ import annotations

import contextlib
import marshal
import os
import re
import struct
import sys
import weakref
import zlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from .lazy import lazy_module
from .logs import logger
from .rules.messages import one_full_stop
from .store.folders import cache_digest, cache_dir

if TYPE_CHECKING:
    import gettext as standard_gettext
    import locale
    from datetime import datetime

    from . import pofile
    from .rules import zones
    from .rules.zones import Zone
    from .store import files
else:
    # the system's locale is asked for only when the environment does not say the language;
    # gettext's parser of plural forms only for a catalog whose plural is not "n != 1"
    locale = lazy_module("locale")
    standard_gettext = lazy_module("gettext")
    # the zones are named on the table only
    zones = lazy_module("famiglia.rules.zones")
    # the catalogs' compiler, and the writing of files, are loaded when a catalog is not in
    # the cache
    pofile = lazy_module("famiglia.pofile")
    files = lazy_module("famiglia.store.files")

DOMAIN = "famiglia"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DEFAULT = "en"
#: The languages, each named in its own words (as the language setting offers them).
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "nl": "Nederlands"}
#: System locale names that are not ISO codes (Windows reports e.g. ``German_Germany``).
_LOCALE_WORDS = {"english": "en", "german": "de", "deutsch": "de", "dutch": "nl",
                 "nederlands": "nl", "flemish": "nl"}
#: The environment variables gettext reads, in its order of precedence.
_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

#: A compiled catalog in the cache folder: the checksum (CRC-32) of its image, then the image
#: (:func:`compiled`).
CACHED_SUFFIX = ".catalog"
_CHECK = struct.Struct("<I")

log = logger(__name__)

Listener = Callable[[str], object]


def available_languages() -> tuple[str, ...]:
    """The language codes the game has catalogs for, English first."""
    return tuple(LANGUAGES)


def language_name(code: str) -> str:
    """A language's name in that language (``"Deutsch"``), for the language setting."""
    return LANGUAGES[code]


def catalog_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def _language_of(name: str) -> str | None:
    """One of ours for a locale name such as ``de_DE.UTF-8``, ``nl-BE``, ``Dutch_Belgium``."""
    base = name.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    if base in LANGUAGES:
        return base
    return _LOCALE_WORDS.get(base)


def _system_locale() -> str | None:
    try:
        return locale.getlocale()[0]
    except ValueError:
        return None


def detect_language(environ: Mapping[str, str] = os.environ, *,
                    system: Callable[[], str | None] = _system_locale) -> str:
    """The language to use without a saved choice: ``FAMIGLIA_LANG``, then the system's.

    The system language is read as gettext does (``LANGUAGE``, a colon-separated list of
    preferences, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), falling back to Python's view of
    the locale (``locale.getlocale()``, which is how Windows and macOS report it).  A system
    language the game lacks means English.
    """
    chosen = environ.get("FAMIGLIA_LANG", "").strip().lower()
    if chosen in LANGUAGES:
        return chosen
    if chosen:
        log.warning("FAMIGLIA_LANG=%s is not one of %s; ignored", chosen, ", ".join(LANGUAGES))
    for variable in _LOCALE_VARIABLES:
        value = environ.get(variable, "").strip()
        if not value or value in ("C", "POSIX") or value.startswith("C."):
            continue
        names = value.split(":") if variable == "LANGUAGE" else [value]
        for name in names:
            code = _language_of(name)
            if code:
                return code
        if variable != "LANGUAGE":
            return DEFAULT
    system_name = system()
    return (_language_of(system_name) if system_name else None) or DEFAULT


def startup_language(saved: str | None, environ: Mapping[str, str] = os.environ) -> str:
    """The language a run starts in: ``FAMIGLIA_LANG``, else the saved choice, else the system's.

    ``saved`` is the settings' language (``None`` until the player picks one, so the game keeps
    following the system).  ``FAMIGLIA_LANG`` only overrides this run; it is never saved.
    """
    if environ.get("FAMIGLIA_LANG", "").strip().lower() in LANGUAGES:
        return detect_language(environ)
    if saved in LANGUAGES:
        return saved
    return detect_language(environ)


def _one_or_many(n: int) -> int:
    """The plural forms of English, German and Dutch: one, and any other number."""
    return int(n != 1)


class Catalog:
    """One language's texts, looked up as :class:`gettext.GNUTranslations` looks them up in
    the ``.mo`` image of the same catalog (a text it lacks is the English one), from the
    table :func:`famiglia.pofile.lookup_table` makes, which loads in a fraction of the time
    of parsing the image; an empty table is English."""

    def __init__(self, plural: str = "n != 1",
                 texts: dict[str | tuple[str, int], str] | None = None) -> None:
        self.texts = texts or {}
        self.plural: Callable[[int], int] = (
            _one_or_many if plural.replace(" ", "").strip("()") == "n!=1"
            else standard_gettext.c2py(plural))

    @classmethod
    def from_compiled(cls, image: bytes) -> Catalog:
        """The catalog of a :func:`compiled` image; ``ValueError`` for one that is not."""
        try:
            plural, texts = marshal.loads(image)
        except (EOFError, TypeError, ValueError) as error:
            raise ValueError(f"the compiled catalog cannot be read ({error})") from None
        if not isinstance(plural, str) or not isinstance(texts, dict):
            raise ValueError("the compiled catalog is not a catalog")
        return cls(plural, texts)

    def gettext(self, message: str) -> str:
        return self.texts.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        text = self.texts.get((singular, self.plural(n)))
        return text if text is not None else singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return self.texts.get(f"{context}\x04{message}", message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        text = self.texts.get((f"{context}\x04{singular}", self.plural(n)))
        return text if text is not None else singular if n == 1 else plural


class Translations(Protocol):
    """What a language's texts are looked up in: a :class:`Catalog` (or gettext's own
    translations, which the tests use for catalogs they make)."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...

    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str: ...


def load_translations(code: str) -> Catalog:
    """The compiled catalog of one language; English texts (logged) if it cannot be read."""
    try:
        source = catalog_path(code).read_bytes()
        _state.digests[code] = source_digest(source)
        return Catalog.from_compiled(compiled(code, source))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        log.warning("The %s texts cannot be read (%s); showing English", code, error)
        return Catalog()


def source_digest(source: bytes) -> str:
    """The digest of a catalog's ``.po`` bytes, which names what is made of them."""
    return cache_digest([source])


def compiled(code: str, source: bytes) -> bytes:
    """The compiled image of language ``code``'s catalog ``source`` (its ``.po`` file's bytes):
    its lookup table (:func:`famiglia.pofile.lookup_table`) as :mod:`marshal` writes it, which
    Python reads back at once (so it is kept per Python version).  From the cache when it
    holds the image compiled from exactly these bytes (the file is named by their digest and
    starts with the checksum of the image, so a damaged file is told apart), else compiled
    and kept there for the next start, written atomically in place of the language's older
    images.  A cache that cannot be read or written costs only the time."""
    folder = cache_dir() / "catalogs"
    path = folder / (f"{code}-{source_digest(source)}-{sys.implementation.cache_tag}"
                     f"{CACHED_SUFFIX}")
    with contextlib.suppress(OSError, struct.error):
        kept = path.read_bytes()
        (check,), image = _CHECK.unpack_from(kept), kept[_CHECK.size:]
        if zlib.crc32(image) == check:
            return image
    image = marshal.dumps(pofile.lookup_table(pofile.parse(source.decode("utf-8"))))
    try:
        files.atomic_write_bytes(path, _CHECK.pack(zlib.crc32(image)) + image)
        for older in folder.glob(f"{code}-*{CACHED_SUFFIX}"):
            if older != path:
                older.unlink()
    except OSError as error:
        log.info("The compiled %s texts cannot be kept in %s (%s)", code, folder, error)
    return image


class _State:
    """The one current language, its catalog, the cache of compiled catalogs and the listeners."""

    def __init__(self) -> None:
        self.code = DEFAULT
        self.catalogs: dict[str, Translations] = {}
        #: the digest of each language's catalog as read (:func:`catalog_digest`)
        self.digests: dict[str, str] = {}
        self.translations: Translations = Catalog()
        self.listeners: list[Callable[[], Listener | None]] = []

    def catalog(self, code: str) -> Translations:
        if code not in self.catalogs:
            self.catalogs[code] = load_translations(code)
        return self.catalogs[code]


_state = _State()


def translations(code: str) -> Translations:
    """The compiled catalog of language ``code``, compiled once per run."""
    return _state.catalog(code)


def current_language() -> str:
    return _state.code


def catalog_digest(code: str) -> str:
    """The digest of language ``code``'s catalog as this run reads it (``""`` when it cannot
    be read), for what is drawn from its texts and kept: it changes with any of them."""
    _state.catalog(code)
    return _state.digests.get(code, "")


def set_language(code: str) -> None:
    """Switch every text of the game to ``code`` now; listeners hear of it if it changed.

    Raises ``ValueError`` for a code that is not in :func:`available_languages`.
    """
    if code not in LANGUAGES:
        raise ValueError(f"{code!r} is not one of the game's languages ({', '.join(LANGUAGES)})")
    changed = code != _state.code
    _state.translations = _state.catalog(code)
    _state.code = code
    if changed:
        for listener in [ref() for ref in _state.listeners]:
            if listener is not None:
                listener(code)
        _state.listeners = [ref for ref in _state.listeners if ref() is not None]


def on_language_change(callback: Listener) -> Callable[[], None]:
    """Call ``callback(code)`` after every switch; returns a function that unsubscribes.

    A bound method is held weakly, so a scene that is closed and dropped stops hearing (and
    is not kept alive) without unsubscribing; a plain function is held until unsubscribed.
    """
    ref: Callable[[], Listener | None]
    if hasattr(callback, "__self__") and hasattr(callback, "__func__"):
        ref = weakref.WeakMethod(callback)  # type: ignore[arg-type]
    else:
        def ref() -> Listener:
            return callback
    _state.listeners.append(ref)

    def unsubscribe() -> None:
        if ref in _state.listeners:
            _state.listeners.remove(ref)

    return unsubscribe


# ------------------------------------------------------------------ translating


#: Where a name opens a sentence: the text's start (after an indent or a "+ " mark), or after
#: the end of a sentence, a colon, a line break or a "·" between parts.
_OPENS = re.compile(r"(?:^[\s+]*|[.!?:·]\s+|\n\s*)$")
#: The mark a name with an inner form holds in a text while it is being filled in.
_MARK = re.compile("\ue000(\\d+)\ue001")


class Text(str):
    """A translated text (what this module's gettext functions answer).  Its :meth:`format`
    fills in a name that has a form for the middle of a sentence (a value with an ``inner``
    text: a role named with its article, "Der Gangster" alone or opening a sentence, "Vito
    und der Gangster" inside one) in that form, except where the name opens a sentence,
    which the translator's word order decides."""

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:  # type: ignore[override]
        names: list[tuple[str, str]] = []

        def mark(value: object) -> object:
            inner = getattr(value, "inner", None)
            if not isinstance(inner, str):
                return value
            names.append((str(value), inner))
            return f"\ue000{len(names) - 1}\ue001"

        text = str.format(self, *map(mark, args), **{key: mark(value)
                                                     for key, value in kwargs.items()})
        if not names:
            return text

        def word(match: re.Match[str]) -> str:
            alone, inner = names[int(match.group(1))]
            return alone if _OPENS.search(text, 0, match.start()) else inner

        return _MARK.sub(word, text)


def gettext(message: str) -> str:
    """``message`` (an English text) in the current language."""
    return Text(_state.translations.gettext(message))


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted text that fits ``n`` in the current language (format ``n`` in)."""
    return Text(_state.translations.ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """``message`` in a context, for texts one English word serves twice (``"button"`` …)."""
    return Text(_state.translations.pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return Text(_state.translations.npgettext(context, singular, plural, n))


def N_(message: str) -> str:
    """Mark a constant for extraction without translating it: translate it where it is shown."""
    return message


@dataclass(frozen=True)
class LazyText:
    """A text in a context translated each time it is turned into a ``str``, for
    module-level constants."""

    message: str
    context: str

    def __str__(self) -> str:
        return pgettext(self.context, self.message)


def lazy_pgettext(context: str, message: str) -> LazyText:
    return LazyText(message, context)


# ------------------------------------------------------------------ the game's vocabulary

#: The families as the editions name them (docs/rules.md R1.2), by code letter.
# Translators: the family names of your edition (Die Buchhalter, De boekhouders …).
_FAMILIES = {"F": N_("La Famiglia"), "A": N_("The Accountants"), "B": N_("The Brutes"),
             "M": N_("The Mercenaries")}


def family_name(family: object) -> str:
    """A family's name (``Family.BRUTE``, ``"B"`` or a card code like ``"B3"``): Die Brutalen."""
    letter = str(getattr(family, "value", family))[:1].upper()
    return gettext(_FAMILIES[letter])


def describe_code(code: str) -> str:
    """A card code in words, ``"M3"`` → Mercenary 3 / Söldner 3 / Huurling 3 (R1.3)."""
    family, rank = code[:1].upper(), int(code[1:2])
    # Translators: a card named by family and rank, as the rulebook's examples do (Söldner 3).
    words = {"F": pgettext("card", "Famiglia {rank}"),
             "A": pgettext("card", "Accountant {rank}"),
             "B": pgettext("card", "Brute {rank}"),
             "M": pgettext("card", "Mercenary {rank}")}
    return words[family].format(rank=rank)


def level_name(level: str) -> str:
    """A computer level's name (``players.seats.ComputerLevel``, a ``str``): Easy, Mittel,
    Moeilijk …"""
    names = {"easy": pgettext("level", "Easy"), "medium": pgettext("level", "Medium"),
             "hard": pgettext("level", "Hard"), "expert": pgettext("level", "Expert")}
    return names[level]


def vp_text(n: int) -> str:
    """``n`` victory points: 1 VP, 1 SP, 1 punt."""
    # Translators: victory points, short (a score on the table).
    return ngettext("{n} VP", "{n} VP", n).format(n=n)


def decimal(value: float, places: int = 1, *, sign: bool = False) -> str:
    """``value`` with ``places`` decimals as the language writes it (1.5, 1,5), a negative one
    with a minus sign (−1.5); ``sign``: a positive one with its plus sign too."""
    text = f"{value:+.{places}f}" if sign else f"{value:.{places}f}"
    # Translators: the decimal separator, as in 1.5 (German and Dutch write a comma: 1,5).
    return text.replace(".", pgettext("number", ".")).replace("-", "\u2212")


def date_time(when: datetime) -> str:
    """A date and time as the language writes them (2026-11-27 11:36, 27.11.2026 11:36)."""
    # Translators: a date and time in the order and with the marks your language uses.
    return pgettext("date", "{year}-{month:02}-{day:02} {hour:02}:{minute:02}").format(
        year=when.year, month=when.month, day=when.day, hour=when.hour, minute=when.minute)


def percent(share: float) -> str:
    """``share`` (0 to 1) as a whole percentage, as the language writes it (6%, 6 %)."""
    # Translators: a percentage; German writes a space before the sign (6 %).
    return pgettext("number", "{n}%").format(n=round(share * 100))


def zone_name(zone: Zone) -> str:
    """A zone's name: Auslage, speelgebied (each seat's hand and play area alike)."""
    if zone.is_hand:
        zone = zones.Zone.HAND_0
    elif zone.is_play_area:
        zone = zones.Zone.PLAY_0
    # Translators: the zones of the table, as your rulebook names them.
    names = {zones.Zone.STREET: N_("Street"), zones.Zone.PLAY_0: N_("Play area"),
             zones.Zone.HAND_0: N_("Hand"), zones.Zone.DRAW_PILE: N_("Draw pile"),
             zones.Zone.DISCARD: N_("Discard pile")}
    return gettext(names[zone])


# ------------------------------------------------------------------ the core's messages


class MessageLike(Protocol):
    """What the core returns instead of finished English sentences (docs/i18n.md): a template
    with ``{named}`` fields, its parameters, and a plural template when it counts ``n``."""

    @property
    def template(self) -> str: ...

    @property
    def params(self) -> Mapping[str, object] | Iterable[tuple[str, object]]: ...

    @property
    def plural(self) -> str | None: ...


def _card_words(code: str) -> str | None:
    """A card code (``"M3"``, or ``"B0*"`` for the start-set copy, R1.5) in words, or ``None``
    when ``code`` is no card code."""
    plain = code.removesuffix("*")
    if len(plain) != 2 or plain[0] not in _FAMILIES or not plain[1].isdigit():
        return None
    if plain == code:
        return describe_code(code)
    # Translators: a rank-0 card of the player's own start set, told apart by its back.
    return gettext("{card} with your start-set back").format(card=describe_code(plain))


def _localise(value: object) -> str:
    if hasattr(value, "template") and hasattr(value, "params"):
        return translate_message(value)  # type: ignore[arg-type]
    code = getattr(value, "code", None)
    words = _card_words(code) if isinstance(code, str) else None
    if words is not None:
        return words
    if isinstance(value, Enum) and value.value in _FAMILIES:
        return family_name(value)
    return str(value)


def translate_message(message: MessageLike | str) -> str:
    """A core message in the current language: the template translated (``ngettext`` by its
    ``n`` when it has a plural), then filled with its parameters in the same language: card
    references (``famiglia.rules.messages.CardName``, a ``Card``: anything with a card
    ``code``) as card words, in English too (a player never reads a card code), families
    (``Family``) by name, nested messages translated too, numbers, player names and notation
    as they are (:func:`~famiglia.rules.messages.one_full_stop`).  A plain ``str`` is looked up
    as it is.
    """
    if isinstance(message, str):
        return gettext(message)
    params = dict(message.params)
    if message.plural is not None:
        template = ngettext(message.template, message.plural, int(str(params["n"])))
    else:
        template = gettext(message.template)
    return one_full_stop(
        template.format(**{name: _localise(value) for name, value in params.items()}))
