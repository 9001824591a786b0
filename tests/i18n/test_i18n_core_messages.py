"""The core's and the store's texts in German and Dutch (docs/i18n.md "The core's messages"):
every refusal (docs/rules.md R3–R5), undo's reason, the Gangster's captions (S4), the families'
abilities (R3.2–R3.4b), the levels (S3) and the store's notices are ``Message`` values whose
English is ``str()`` and whose templates the catalogs translate.
"""

from __future__ import annotations

import json
import pickle
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from test_illegal_actions import (
    after_brute,
    after_refresh,
    at_start,
    final_round,
    finished,
    in_exchange,
    reshuffled_once,
)
from test_illegal_actions import candidates as illegal_candidates

from famiglia import i18n, pofile
from famiglia.rules import DECK, Family, Game, GangsterStep, IllegalAction
from famiglia.rules.gangster import LEVELS
from famiglia.rules.messages import CardName, Message, msg
from famiglia.rules.records import write_record
from famiglia.store.highscores import HighscoreStore
from famiglia.store.records import RecordStore
from famiglia.store.savegame import SaveGameStore
from famiglia.store.settings import SettingsStore

LANGUAGES = ("de", "nl")
CODES = sorted({card.code for card in DECK})


def catalog_ids(language: str) -> set[str]:
    entries = pofile.parse(i18n.catalog_path(language).read_text(encoding="utf-8"))
    return {entry.msgid for entry in entries
            if entry.msgid and not entry.obsolete and not entry.fuzzy and all(entry.msgstr)}


CATALOGS = {language: catalog_ids(language) for language in LANGUAGES}


def templates(message: Message) -> Iterator[str]:
    """The message's template and those of the messages nested in it."""
    yield message.template
    for _, value in message.params:
        if isinstance(value, Message):
            yield from templates(value)


def in_words(message: Message) -> Message:
    """``message`` with every card the player typed by its code (``CardName.as_typed``) named
    in words, as the UI shows it in every language."""
    def word(value: object) -> object:
        if isinstance(value, Message):
            return in_words(value)
        if isinstance(value, CardName):
            return CardName(value.code)
        return value
    return Message(message.template, tuple((key, word(value)) for key, value in message.params),
                   message.plural)


def assert_translated(message: Message) -> None:
    """In German and Dutch: every template is translated in the catalog, the text differs from
    the English and no ``{field}`` is left unfilled; no rule code shows (the brief); in English
    the UI says what ``str()`` says, with every card in words."""
    english = str(message)
    assert not re.search(r"\((R|S)\d", english), english
    for language in LANGUAGES:
        missing = [t for t in templates(message) if t not in CATALOGS[language]]
        assert not missing, f"{language}: not in the catalog: {missing}"
        i18n.set_language(language)
        text = i18n.translate_message(message)
        assert text != english, f"{language}: still English: {text}"
        assert "{" not in text and "}" not in text, text
    i18n.set_language("en")
    assert i18n.translate_message(message) == str(in_words(message))


# ------------------------------------------------------------------ the Message value


def test_a_message_is_its_english_text() -> None:
    """``str(message)`` is the English text the core always gave; cards are words (R1.3),
    R1.5's starred code the start-set copy, families by name, sub-reasons nested."""
    need = msg("Taking {card} needs two {genuine}.", card=CardName("F3"), genuine=CardName("F2"))
    assert str(need) == "Taking Famiglia 3 needs two Famiglia 2."
    assert need.params == (("card", CardName("F3")), ("genuine", CardName("F2")))
    assert str(CardName("B0*")) == "Brute 0 with your start-set back"
    assert str(msg("{family} first.", family=Family.BRUTE)) == "The Brutes first."
    assert str(msg("{card}!", card=DECK[59])) == "Mercenary 4!"
    assert str(msg("No: {need}", need=need)) == "No: Taking Famiglia 3 needs two Famiglia 2."
    counted = msg("{n} exchange left", plural="{n} exchanges left", n=1)
    assert str(counted) == "1 exchange left"
    assert str(msg("{n} exchange left", plural="{n} exchanges left", n=3)) == "3 exchanges left"
    assert msg("The Street is empty.") == msg("The Street is empty.")


def test_translate_message_fills_in_each_value_in_the_language() -> None:
    """Cards, families, counts and nested messages follow the language (R1.2, R1.3)."""
    i18n.set_language("de")
    assert i18n.translate_message(msg("You have no {card} in your hand.", card=CardName("M3"))) \
        == "Söldner 3 hast du nicht auf der Hand."
    assert i18n.translate_message(msg("There is no {card} in your hand.",
                                      card=CardName("B0*"))) == \
        "Brutaler 0 mit der Rückseite deines Startsatzes hast du nicht auf der Hand."
    i18n.set_language("nl")
    assert i18n.translate_message(msg("{n} past game's record could not be read ({problem}) "
                                      "and was set aside in {folder}: {files}.",
                                      plural="{n} past games' records could not be read "
                                             "({problem}) and were set aside in {folder}: "
                                             "{files}.",
                                      n=2, problem=msg("it was damaged"), folder="/x",
                                      files="a, b")) == (
        "2 verslagen van gespeelde partijen konden niet worden gelezen (het bestand was "
        "beschadigd) en zijn apart gezet in /x: a, b.")


def test_illegal_action_keeps_english_and_carries_its_message() -> None:
    """R3.1: the refusal's ``str()`` is English, ``message`` the value; a copy sent to another
    process (the computer player's thinker) keeps both."""
    game = Game.new(1)
    with pytest.raises(IllegalAction) as caught:
        game.apply("take 9")
    error = caught.value
    assert isinstance(error.message, Message)
    assert str(error) == str(error.message) == "There is no Street card at position 9."
    copy = pickle.loads(pickle.dumps(error))
    assert copy.message == error.message and str(copy) == str(error)


# ------------------------------------------------------------------ the core's texts


def candidates(game: Game, rng: random.Random) -> list[str]:
    """Actions of every kind, mostly illegal: wrong cards, positions, amounts and payments,
    half of the cards named from the player's own hand and play area."""
    street = rng.randrange(8)
    own = [card.code for card in game.owned(game.current)] or CODES
    code, other = rng.choice(own + CODES), rng.choice(own + CODES)
    star = rng.choice([c for c in CODES if c[1] == "0"]) + "*"
    return [
        f"refresh {street}", f"accountant {code}", f"exchange {code} {other}",
        f"exchange {star} {other}", f"exchange {code} {star}",
        f"brute {code} {street} -{rng.randrange(1, 5)}", f"take {street}",
        f"take {street} {code}+{other} keep {code}", f"take {street} {star}+{other} keep {star}",
        "pass", rng.choice(["steal 3", "take", "brute B2", "refresh x"]),
    ]


def illegal_actions(seed: int, wanted: int) -> Iterator[IllegalAction]:
    """Refusals from random positions of two-player and solo games (R3–R5, S4)."""
    rng = random.Random(seed)
    found = 0
    while found < wanted:
        solo = rng.random() < 0.4
        game = Game.new(rng.randrange(10**6), opponent="gangster" if solo else None,
                        first_player=rng.randrange(2))
        while not game.is_terminal() and found < wanted:
            if game.is_gangster_turn():
                for probe in ("pass", "take 0"):
                    try:
                        game.apply(probe)
                    except IllegalAction as error:
                        found += 1
                        yield error
                game.play_gangster_turn()
                continue
            for text in candidates(game, rng):
                try:
                    game.copy().apply(text)
                except IllegalAction as error:
                    found += 1
                    yield error
            try:
                game.undo()
            except IllegalAction as error:
                found += 1
                yield error
            legal = game.legal_actions()
            within = [action for action in legal if action.type in ("accountant", "exchange",
                                                                    "brute", "refresh")]
            game.apply(rng.choice(within if within and rng.random() < 0.7 else legal))
        if game.is_terminal():
            for action in ("pass", "refresh 0"):
                with pytest.raises(IllegalAction) as caught:
                    game.apply(action)
                found += 1
                yield caught.value
            with pytest.raises(IllegalAction) as caught:
                game.resign(0)
            found += 1
            yield caught.value


def test_every_refusal_is_translated() -> None:
    """A few hundred refusals from random positions (R3–R5, S4) all carry a
    Message whose templates the German and Dutch catalogs translate, with no field left
    unfilled and no rule code."""
    seen: set[str] = set()
    for error in illegal_actions(seed=12, wanted=800):
        assert str(error) == str(error.message)
        assert_translated(error.message)
        seen.update(templates(error.message))
    assert len(seen) >= 25, sorted(seen)


@pytest.mark.parametrize("make", [at_start, after_refresh, in_exchange, after_brute,
                                  reshuffled_once, final_round, finished])
def test_every_reason_explain_gives_is_translated(make: Callable[[], Game]) -> None:
    """R3.1–R3.4, R4, R5: the rules tests' positions, asked about a wide net of actions: each
    distinct reason ``explain`` gives (the table's tooltips) is translated."""
    game = make()
    reasons = {game.explain(text) for text in illegal_candidates(game)} - {None}
    assert reasons
    for reason in reasons:
        assert reason is not None
        assert_translated(reason)


def test_explain_and_undo_blocker_are_translated() -> None:
    """R3.1–R3.4 refusals through ``explain`` (the tooltips), and why undo cannot act."""
    game = Game.new(5)
    reason = game.explain("brute B2 0 -1")
    assert reason is not None
    assert_translated(reason)
    blocker = game.undo_blocker
    assert blocker is not None
    assert_translated(blocker)
    assert game.can_refresh()
    game.apply("refresh 0")
    assert game.undo_blocker is not None
    assert_translated(game.undo_blocker)
    solo = Game.new(3, opponent="gangster", first_player=1)
    assert solo.undo_blocker is not None
    assert_translated(solo.undo_blocker)


def test_every_gangster_caption_is_translated() -> None:
    """S4: each step's caption, in whole sentences per case, at every level (S3)."""
    captions: dict[str, Message] = {}
    for seed in range(40):
        game = Game.new(seed, opponent="gangster", first_player=seed % 2,
                        gangster_level=1 + seed % 4, fresh_cards_rule=seed % 3 != 0)
        rng = random.Random(seed)
        while not game.is_terminal():
            if game.is_gangster_turn():
                for event in game.play_gangster_turn():
                    if isinstance(event, GangsterStep):
                        captions.setdefault(str(event.text.template)
                                            + str(dict(event.text.params).get("caption", "")),
                                            event.text)
            else:
                game.apply(rng.choice(game.legal_actions()))
    assert len(captions) >= 15
    for caption in captions.values():
        assert caption.template.startswith(("Step", "{caption}"))
        assert_translated(caption)


def test_a_gangster_caption_says_a_cards_points_in_the_singular_or_the_plural() -> None:
    """S4: the card a step names carries its points with their unit, one point or several
    (Dutch 1 punt, 3 punten), never a bare number."""
    captions: dict[bool, Message] = {}
    for seed in range(40):
        game = Game.new(seed, opponent="gangster", gangster_level=1 + seed % 4)
        rng = random.Random(seed)
        while not game.is_terminal() and len(captions) < 2:
            if not game.is_gangster_turn():
                game.apply(rng.choice(game.legal_actions()))
                continue
            for event in game.play_gangster_turn():
                vp = dict(event.text.params).get("vp") if isinstance(event, GangsterStep) else None
                if isinstance(vp, Message):
                    captions.setdefault(dict(vp.params)["n"] == 1, event.text)
    assert set(captions) == {True, False}
    i18n.set_language("nl")
    assert "(1 punt)" in i18n.translate_message(captions[True])
    assert re.search(r"\(\d+ punten\)", i18n.translate_message(captions[False]))


def test_abilities_and_levels_are_translated() -> None:
    """R3.2–R3.4b: what each family does; S3: the Gangster's levels."""
    for family in Family:
        assert_translated(family.ability)
    for level in LEVELS.values():
        assert_translated(level.description)
        if level.number != 3:  # "Standard" is the German word too, but capitalised
            assert_translated(level.name)


# ------------------------------------------------------------------ the store's notices


def test_store_notices_are_translated(tmp_path: Path) -> None:
    """A corrupt file (a save, the settings, the highscores) is set aside and reported in the
    player's language; so is a refused import."""
    saves = SaveGameStore(tmp_path / "savegame.json")
    saves.path.write_text("{", encoding="utf-8")
    assert saves.load() is None
    notice = saves.take_notice()
    assert isinstance(notice, Message)
    assert_translated(notice)
    i18n.set_language("de")
    assert i18n.translate_message(notice).startswith(
        "Der Spielstand konnte nicht gelesen werden (die Datei war beschädigt)")

    settings = SettingsStore(tmp_path / "settings.json")
    settings.path.write_text("[", encoding="utf-8")
    settings.load()
    notice = settings.take_notice()
    assert isinstance(notice, Message)
    assert_translated(notice)

    scores = HighscoreStore(tmp_path / "highscores.json")
    scores.path.write_text('{"format": "famiglia-highscores/2", "lists": 3}', encoding="utf-8")
    scores.load()
    notice = scores.take_notice()
    assert isinstance(notice, Message)
    assert_translated(notice)

    records = RecordStore(tmp_path / "records")
    junk = tmp_path / "junk.json"
    junk.write_text("not json", encoding="utf-8")
    assert records.import_file(junk) is None
    notice = records.take_notice()
    assert notice is not None
    assert_translated(notice)
    assert records.import_file(tmp_path / "missing.json") is None
    notice = records.take_notice()
    assert notice is not None
    assert_translated(notice)



def test_a_refused_record_says_why_in_the_language(tmp_path: Path) -> None:
    """R3.4: a record whose move is illegal is refused on import, and the notice names the
    move and the core's own reason, both translated; the reason's full stop gives way to the
    notice's own after the bracket."""
    game = Game.new(7)
    game.apply(game.legal_actions()[0])
    record = write_record(game, names=("Anna", "Bruno"))
    record["moves"].append({"seat": game.current, "action": "take 9"})
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(record), encoding="utf-8")
    store = RecordStore(tmp_path / "records")
    assert store.import_file(source) is None
    notice = store.take_notice()
    assert notice is not None
    assert i18n.translate_message(notice) == (
        "bad.json could not be imported (move 2 (take 9) is not allowed: There is no Street "
        "card at position 9).")
    assert_translated(notice)
    i18n.set_language("de")
    assert i18n.translate_message(notice) == (
        "bad.json konnte nicht importiert werden (Aktion 2 (take 9) ist nicht erlaubt: In der "
        "Straße liegt keine Karte an Position 9).")
