"""Learn to play, as a new player goes through it: the lesson list, every lesson played to its
end on the real table with the player's own gestures (drags, clicks, keys), the scripted
opponent, the coach's words and pointers, a wrong but legal move taken back with the lesson's
sentence, an illegal one with the table's usual reason (the core's), the ticks kept in the
progress file, leaving a lesson midway, the first start's welcome and "Play your first game".
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from test_table import (
    empty_hand_point,
    empty_play_point,
    gesture,
    own_card_point,
    picture_matches_core,
    settle,
    street_point,
    texts_rendered,
    tooltips_shown,
)
from ui_driver import Driver, toasts

from famiglia import i18n
from famiglia.__main__ import main
from famiglia.i18n import translate_message
from famiglia.rules import PASS, Accountant, Action, Brute, Exchange, Game, Refresh, Take, Zone
from famiglia.store.progress import ProgressStore
from famiglia.store.savegame import SaveGameStore
from famiglia.ui import navigation
from famiglia.ui import theme as t
from famiglia.ui.app import App
from famiglia.ui.chooser import ChooserScene
from famiglia.ui.scenes.dialog import ConfirmScene
from famiglia.ui.scenes.lessons import LessonsScene, WelcomeScene
from famiglia.ui.scenes.pause import PauseScene
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.scenes.title import TitleScene
from famiglia.ui.session import start_table
from famiglia.ui.table.drag import refresh_pile
from famiglia.ui.table.keyboard import DIGITS
from famiglia.ui.table.places import Place
from famiglia.ui.tutorial.coach import (
    Pointers,
    badge_rects,
    card_ids,
    card_rects,
    draw_arrow,
    heading_rect,
    shown_badges,
    shown_rect,
)
from famiglia.ui.tutorial.lessons import LESSONS
from famiglia.ui.tutorial.script import Do, Point, Reply, Say
from famiglia.ui.tutorial.table import LessonTable

DIGIT_KEYS = {index: key for key, index in DIGITS.items()}


# ---------------------------------------------------------------------- gestures


def answer_choosers(ui: Driver, action: Action, method: str) -> None:
    """Pick the chooser options that make ``action`` (payment, keep, amount)."""
    while isinstance(ui.app.top, ChooserScene):
        chooser = ui.app.top
        values = [value for _label, value in chooser.options]
        wanted = action.pay if isinstance(action, Take) and action.pay in values else action
        index = values.index(wanted)
        if method == "keys":
            ui.press(pygame.K_1 + index, str(index + 1))
        else:
            ui.click(chooser.menu.buttons[index].rect.center)


def select(ui: Driver, table: TableScene, zone: str, code: str) -> None:
    """Tab (Shift+Tab for the play area) until the card with ``code`` is selected."""
    mod = pygame.KMOD_SHIFT if zone == "play" else 0
    for _ in range(20):
        chosen = table.gestures.selected
        if chosen is not None and chosen.card is not None and chosen.card.code == code \
                and chosen.zone == zone:
            return
        ui.press(pygame.K_TAB, mod=mod)
    raise AssertionError(f"Tab never selected {code} in the {zone}")


def pile_point(table: TableScene, pile: Place) -> tuple[int, int]:
    return table.frame.region(pile).center


def perform(ui: Driver, table: TableScene, action: Action, method: str) -> None:
    """Make ``action`` with the player's own gesture: a drag, two clicks, or keys."""
    game = table.game
    if action == PASS:
        ui.press(pygame.K_SPACE, " ")
        if isinstance(ui.app.top, ConfirmScene):
            ui.click(ui.app.top.buttons[0].rect.center)
    elif isinstance(action, Refresh):
        if method == "keys":
            ui.press(DIGIT_KEYS[action.street])
            ui.press(pygame.K_d, "d")
        else:
            pile = refresh_pile(game) or Place.DISCARD
            gesture(ui, method, street_point(table, action.street), pile_point(table, pile))
    elif isinstance(action, Take):
        if method == "keys":
            ui.press(DIGIT_KEYS[action.street])
            ui.press(pygame.K_t, "t")
        else:
            gesture(ui, method, street_point(table, action.street), empty_hand_point(table))
    elif isinstance(action, Accountant):
        if method == "keys":
            select(ui, table, "hand", action.card)
            ui.press(pygame.K_RETURN)
        else:
            gesture(ui, method, own_card_point(table, "hand", action.card),
                    empty_play_point(table))
    elif isinstance(action, Exchange):
        if method == "keys":
            select(ui, table, "play", action.take)
            ui.press(pygame.K_RETURN)
            select(ui, table, "hand", action.give)
            ui.press(pygame.K_RETURN)
        else:
            gesture(ui, method, own_card_point(table, "play", action.take),
                    own_card_point(table, "hand", action.give))
    elif isinstance(action, Brute):
        if method == "keys":
            select(ui, table, "hand", action.card)
            ui.press(DIGIT_KEYS[action.street])
        else:
            gesture(ui, method, own_card_point(table, "hand", action.card),
                    street_point(table, action.street))
    answer_choosers(ui, action, method)


# ---------------------------------------------------------------------- helpers


def open_list(ui: Driver) -> LessonsScene:
    ui.app.push(TitleScene(ui.app))
    navigation.open_lessons(ui.app)
    ui.frames(1)
    assert isinstance(ui.app.top, LessonsScene)
    return ui.app.top


def open_lesson(ui: Driver, row: int) -> LessonTable:
    """Lesson ``row`` opened from the list, its cards at rest."""
    lessons = open_list(ui)
    ui.click(lessons.rows[row].center)
    table = lesson_on_top(ui)
    settle(ui)
    return table


def lesson_on_top(ui: Driver) -> LessonTable:
    assert isinstance(ui.app.top, LessonTable), ui.app.top
    return ui.app.top


def wait_for_reply(ui: Driver, table: LessonTable) -> None:
    """The scripted opponent moves after its thinking pause, like the computer."""
    before = len(table.game.move_stack)
    for _ in range(300):
        ui.frames(1)
        if len(table.game.move_stack) > before:
            settle(ui)
            return
    raise AssertionError("the scripted opponent never moved")


def check_pointers(ui: Driver, table: LessonTable, points: tuple[Point, ...]) -> None:
    """The coach rings every card it names (as the table shows it), and neither its panel nor
    its arrows cover any card or the badges under the Street cards ("take", "fresh"), nor its
    rings a badge the Street shows."""
    panel = table.panel
    cards = card_rects(table.picture)
    wanted = 0
    for point in points:
        if point.code is not None and point.place != "pass":
            found = [i for i in table.picture.display_order(point.place.zone(table.bottom))
                     if table.picture.sprites[i].card.code == point.code]
            assert found, f"{point.code} is not where the coach points ({point.place})"
            wanted += 1 if point.place is Place.STREET else len(found)
    assert len(panel.pointers.rings) == wanted
    assert panel.rect.collidelist(cards) < 0, "the coach's panel covers a card"
    for arrow in panel.pointers.arrows:
        assert arrow.collidelist(cards) < 0, "an arrow covers a card"
        assert arrow.collidelist(badge_rects(table.picture)) < 0, "an arrow covers a badge"
    for pieces in panel.pointers.ring_pieces:
        for piece in pieces:
            assert piece.collidelist(shown_badges(table, table.picture)) < 0, \
                "a ring covers a badge"


@pytest.mark.parametrize("heading", ["down", "up", "left", "right"])
def test_an_arrow_is_drawn_inside_its_place(heading: str) -> None:
    """The places of arrows are kept clear of the Street's heading and of each other: what is
    drawn stays in the place, to its last pixel."""
    surface = pygame.Surface((60, 60), pygame.SRCALPHA)
    place = pygame.Rect(20, 17, 22, 26)
    draw_arrow(surface, place, heading)
    assert place.contains(surface.get_bounding_rect())


def space_between(arrow: pygame.Rect, card: pygame.Rect) -> pygame.Rect | None:
    """The room between an arrow and the card it points at (above or below the card, within
    its columns; left or right of it, at its middle), or None when it points elsewhere."""
    if card.left <= arrow.centerx <= card.right:
        if arrow.bottom <= card.top:
            return pygame.Rect(arrow.left, arrow.bottom, arrow.width, card.top - arrow.bottom)
        if arrow.top >= card.bottom:
            return pygame.Rect(arrow.left, card.bottom, arrow.width, arrow.top - card.bottom)
    if card.top <= arrow.centery <= card.bottom:
        if arrow.right <= card.left:
            return pygame.Rect(arrow.right, arrow.top, card.left - arrow.right, arrow.height)
        if arrow.left >= card.right:
            return pygame.Rect(card.right, arrow.top, arrow.left - card.right, arrow.height)
    return None


def street_arrows_hold(table: TableScene, pointers: Pointers, points: tuple[Point, ...]
                       ) -> None:
    """Every Street card the coach rings has an arrow of its own: in its uncovered columns
    above or below it, from outside the row, or beside it at its rows' middle, with nothing
    but the card's own badges between; no arrow and no ring covers the Street's heading."""
    heading = heading_rect(table)
    slots = table.picture.street_slots
    street = table.picture.zones[Zone.STREET]
    for point in points:
        if point.place is not Place.STREET or (point.code is None and point.position is None):
            continue
        for card_id in card_ids(table.picture, point):
            strip = shown_rect(table.picture, card_id)
            slot = slots[street.index(card_id)]
            between = [space_between(arrow, strip) for arrow in pointers.arrows]
            found = [space for space in between if space is not None]
            assert found, f"no arrow points at the Street card {point}"
            others = [rect for rect in [*card_rects(table.picture), *badge_rects(table.picture)]
                      if rect not in (slot.take, slot.fresh) and rect != slot.rect]
            assert any(space.collidelist(others) < 0 for space in found), (
                "something else lies between the arrow and the card")
    assert all(not arrow.colliderect(heading) for arrow in pointers.arrows)
    assert all(not piece.colliderect(heading) for pieces in pointers.ring_pieces
               for piece in pieces)


def play_lesson(ui: Driver, table: LessonTable, method: str,
                look: Callable[[LessonTable, Say | Do], None] | None = None) -> None:
    """Every step as the coach asks: Next on its words, the move it wants, the opponent's;
    ``look`` sees each step the coach shows before the player acts on it."""
    while not table.panel.done:
        settle(ui)
        step = table.runner.step
        if isinstance(step, Reply):
            wait_for_reply(ui, table)
            continue
        assert step is not None
        words, refusal, points = table.panel.words()
        assert words == table.say(step.text, step.cards) and refusal is None
        check_pointers(ui, table, points)
        if look is not None:
            look(table, step)
        index = table.runner.index
        if isinstance(step, Say):
            if method == "keys":
                ui.press(pygame.K_RETURN)
            else:
                ui.click(table.panel.primary.rect.center)
        else:
            assert isinstance(step, Do)
            perform(ui, table, table.runner.expected()[0], method)
        settle(ui)
        assert table.runner.index == index + 1, f"{table.lesson.key}: stuck at {step}"
        assert picture_matches_core(table)


# ---------------------------------------------------------------------- the lessons


@pytest.mark.parametrize("method", ["drag", "click", "keys"])
def test_every_lesson_is_played_to_its_end_from_the_list(app: App, ui: Driver,
                                                         method: str) -> None:
    """All nine lessons in a row, each on its scripted deal, through the player's own
    gestures; each ends with its summary, is ticked, and Next lesson goes on; the last one
    offers the first game."""
    lessons = open_list(ui)
    ui.click(lessons.rows[0].center)
    for number, lesson in enumerate(LESSONS):
        table = lesson_on_top(ui)
        assert table.lesson is lesson and table.number == number
        play_lesson(ui, table, method)
        assert table.panel.words()[0] == lesson.summary
        assert lesson.key in ProgressStore().load().lessons
        if number < len(LESSONS) - 1:
            if method == "keys":
                ui.press(pygame.K_RETURN)
            else:
                ui.click(table.panel.primary.rect.center)
    assert table.panel.primary.text == "Play your first game"
    assert ProgressStore().load().lessons == {lesson.key for lesson in LESSONS}


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_every_street_card_the_coach_means_gets_its_arrow(app: App, ui: Driver,
                                                          size: tuple[int, int]) -> None:
    """Overlapping Street cards and their badges leave little of a ring (lesson 8's nine
    cards, a "take" badge under the card, "fresh" badges over it): each Street card the coach
    names gets an arrow from outside the row, clear of the Street's heading."""
    ui.resize(size)

    def look(table: LessonTable, step: Say | Do) -> None:
        street_arrows_hold(table, table.panel.pointers, step.points)

    for number in range(len(LESSONS)):
        table = LessonTable(app, number)
        app.reset(table)
        play_lesson(ui, table, "keys", look)


def test_the_status_says_game_over_while_the_game_over_banner_shows(app: App,
                                                                    ui: Driver) -> None:
    """R5.1: lesson 8 ends with the opponent's last turn; from the moment the banner says the
    game is over, the status panel says so too (not whose turn it was)."""
    table = LessonTable(app, 7)
    app.reset(table)
    settle(ui)
    while not isinstance(table.runner.step, Reply) or table.runner.index < 5:
        step = table.runner.step
        if isinstance(step, Say):
            ui.press(pygame.K_RETURN)
        elif isinstance(step, Do):
            perform(ui, table, table.runner.expected()[0], "keys")
        settle(ui)
    shown = 0
    for _ in range(600):
        ui.frames(1)
        words = table.playback._banner_words
        if words is not None and words[0]().startswith("Game over"):
            shown += 1
            status = table._status_shown
            assert status is not None and status.game.is_terminal(), "the status still tells a turn"
        elif shown:
            break
    assert shown and table.game.is_terminal()


def test_no_greyed_pass_button_tooltip_after_the_game_of_a_lesson_ends(
        app: App, ui: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lesson on passing ends with the game (R5.2): its Pass button goes, so a pointer
    resting where it was shows no stray "The game is over." over the table."""
    table = open_lesson(ui, [lesson.key for lesson in LESSONS].index("the_end"))
    play_lesson(ui, table, "click")
    assert table.game.is_terminal() and table.pass_button not in table.buttons
    shown = tooltips_shown(monkeypatch)
    ui.hover(table.pass_button.rect.center)
    ui.frames(2)
    app.frame([], 2.0)
    assert "The game is over." not in shown


def test_a_wrong_legal_move_is_taken_back_with_the_lessons_sentence(app: App,
                                                                    ui: Driver) -> None:
    """R3.4a: taking the Brute 0 is legal, but the lesson wants the Famiglia 0: the card goes
    back, the game is untouched, and the lesson's sentence shows in the coach's panel, not over
    the cards."""
    lessons = open_list(ui)
    ui.click(lessons.rows[1].center)
    table = lesson_on_top(ui)
    settle(ui)
    before = table.game.to_dict()
    gesture(ui, "drag", street_point(table, 1), empty_hand_point(table))
    settle(ui)
    sentence = "Take Famiglia 0: it is free and worth 1 VP, while Brute 0 is worth 0 VP."
    assert table.game.to_dict() == before and picture_matches_core(table)
    assert table.gestures.refusal is None, "the sentence covers the hand the coach names"
    assert table.panel.words()[1] == sentence
    gesture(ui, "click", street_point(table, 3), empty_hand_point(table))
    settle(ui)
    assert table.runner.index == 1 and table.panel.words()[1] is None


def test_the_wrong_keep_gets_the_lessons_near_miss_sentence(app: App, ui: Driver) -> None:
    """R3.4c: the right take, keeping the Brute 1 instead of the Mercenary: the lesson says
    why it wants the Mercenary kept."""
    lessons = open_list(ui)
    ui.click(lessons.rows[3].center)
    table = lesson_on_top(ui)
    settle(ui)
    wrong = Take(1, ("B1", "M2"), "B1")
    assert wrong in table.game.legal_actions()
    perform(ui, table, wrong, "drag")
    settle(ui)
    assert len(table.game.move_stack) == 0
    assert table.panel.words()[1] == ("Keep Mercenary 2 in your hand: a Mercenary can stand "
                                      "in again, for any family.")


def test_the_brutes_other_moves_are_taken_back_with_the_reason(app: App, ui: Driver) -> None:
    """R3.3: lowering Famiglia 3 by 1 leaves it at rank 2, which the player's cards cannot pay
    for; lowering another card leaves the Famiglia 3 (10 VP) out of reach: each is taken
    back with a sentence saying why, not the instruction again."""
    table = open_lesson(ui, 6)
    by_one, elsewhere = Brute("B2", 0, 1), Brute("B2", 1, 1)
    for action, sentence in (
            (by_one, "Lowered by 1, Famiglia 3 would still be rank 2, too high for your cards: "
                     "lower it by 2, to rank 1, so that Famiglia 0 and Mercenary 1 can take it."),
            (elsewhere, "Famiglia 3 is worth 10 VP, but at rank 3 your cards cannot pay for it: "
                        "drag Brute 2 onto it and lower it by 2, then you can take it.")):
        assert action in table.game.legal_actions()
        perform(ui, table, action, "drag")
        settle(ui)
        assert len(table.game.move_stack) == 0
        assert table.panel.words()[1] == sentence


def test_an_illegal_move_gets_the_tables_usual_reason(app: App, ui: Driver) -> None:
    """R3.4b: the Brute 3 cannot be paid for; the refusal is the core's reason, not the
    lesson's."""
    lessons = open_list(ui)
    ui.click(lessons.rows[2].center)
    table = lesson_on_top(ui)
    settle(ui)
    gesture(ui, "drag", street_point(table, 5), empty_hand_point(table))
    settle(ui)
    reason = translate_message(table.game.explain(Take(5)))  # type: ignore[arg-type]
    assert table.gestures.refusal is not None and table.gestures.refusal[0] == reason
    assert table.panel.words()[1] is None and len(table.game.move_stack) == 0


def test_undo_in_a_lesson_says_why_there_is_none(app: App, ui: Driver) -> None:
    """Ctrl+Z after the lesson's move: the move stays, and the coach says in one sentence why
    a lesson has no Undo."""
    table = open_lesson(ui, 1)
    perform(ui, table, table.runner.expected()[0], "drag")
    settle(ui)
    played = len(table.game.move_stack)
    ui.press(pygame.K_z, "z", mod=pygame.KMOD_CTRL)
    assert len(table.game.move_stack) == played == 1
    assert table.panel.words()[1] == ("A lesson has no Undo: it takes back at once every move "
                                      "it does not ask for.")


def test_a_number_key_pressed_twice_keeps_the_card_selected_over_the_coachs_ring(
        app: App, ui: Driver) -> None:
    """R3.1: the refresh lesson rings the Brute 2 the coach wants discarded; its key, pressed
    twice, keeps it selected, and the selection's gold frame shows over the coach's ring."""
    table = open_lesson(ui, 4)
    while not isinstance(table.runner.step, Do):
        ui.press(pygame.K_RETURN)
    settle(ui)
    street = table.runner.expected()[0].street  # type: ignore[attr-defined]
    for _ in range(2):
        ui.press(DIGIT_KEYS[street])
        settle(ui)
    chosen = table.gestures.selected
    assert chosen is not None and chosen.card is not None
    assert chosen.card.id == table.picture.zones["street"][street]
    ring = next(ring for ring in table.panel.pointers.rings
                if ring.contains(table.picture.sprites[chosen.card.id].rect))
    frame = ui.app.screen.get_at((ring.centerx, ring.top + 1))
    assert tuple(frame)[:3] == t.HIGHLIGHT[:3]


@pytest.mark.parametrize("language", ["en", "de", "nl"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_lesson_heading_is_readable(app: App, ui: Driver, language: str,
                                        size: tuple[int, int]) -> None:
    """"Lesson 2 of 9" is as tall as the table's small words, its spaces kept."""
    i18n.set_language(language)
    try:
        ui.resize(size)
        table = open_lesson(ui, 1)
        heading = table.panel.heading
        assert heading is not None
        assert heading.get_height() >= app.theme.font(15, True).get_height()
        words = i18n._("Lesson {number} of {count}").format(number=2, count=len(LESSONS))
        joined = app.theme.fine(words.replace(" ", ""), table.frame.font(20), bold=True)
        assert heading.get_width() - joined.get_width() >= 3 * words.count(" ")
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_every_lesson_title_keeps_the_titles_size_at_the_smallest_window(
        app: App, ui: Driver, language: str) -> None:
    """A long title (German lesson 11 at 1024×640) takes a second line rather than a
    smaller size than the other lessons' titles; every word of it is shown."""
    i18n.set_language(language)
    try:
        ui.resize((1024, 640))
        table = open_lesson(ui, 0)
        size = table.frame.font(22)
        for lesson in LESSONS:
            table.panel.runner.lesson = lesson
            with texts_rendered(app.theme) as rendered:
                table.panel.draw(app.screen)
            title = i18n._(lesson.title)
            lines = app.theme.wrap(title, size, table.panel.rect.width - 24, bold=True)
            assert len(lines) <= 2 and " ".join(lines) == title, lines
            assert all((line, size) in rendered for line in lines), (lines, rendered)
            assert not [text for text, drawn in rendered if text == title and drawn < size]
    finally:
        i18n.set_language("en")


def test_moves_wait_while_the_coach_speaks(app: App, ui: Driver) -> None:
    """On the coach's words a move is taken back: Next (Enter) first."""
    lessons = open_list(ui)
    ui.click(lessons.rows[0].center)
    table = lesson_on_top(ui)
    settle(ui)
    ui.press(pygame.K_1, "1")
    ui.press(pygame.K_t, "t")
    assert table.game.move_stack == () or len(table.game.move_stack) == 0
    ui.press(pygame.K_ESCAPE)  # drops the selection
    ui.press(pygame.K_RETURN)
    assert table.runner.index == 1


def test_leaving_a_lesson_midway_loses_nothing(app: App, ui: Driver) -> None:
    """Esc opens the pause menu with the lesson's own entries instead of Resign; Leave lesson
    goes back to the list, the saved game and the
    ticks untouched; Start again deals the lesson anew."""
    saves = SaveGameStore()
    ui.app.push(TitleScene(ui.app))
    start_table(app, Game.new(5), ("Vito", "Carla"), ("human", "human"), saves)
    saved = saves.path.read_text(encoding="utf-8")
    lessons = open_list(ui)
    ui.click(lessons.rows[2].center)
    table = lesson_on_top(ui)
    settle(ui)
    perform(ui, table, table.runner.expected()[0], "drag")
    settle(ui)
    ui.press(pygame.K_ESCAPE)
    pause = ui.app.top
    assert isinstance(pause, PauseScene) and pause.lesson is table
    assert pause.resign not in pause.menu.buttons
    ui.click(pause.again.rect.center)
    again = lesson_on_top(ui)
    assert again is not table and len(again.game.move_stack) == 0
    ui.press(pygame.K_ESCAPE)
    ui.click(ui.app.top.back_to_lessons.rect.center)  # type: ignore[union-attr]
    assert ui.app.top is lessons
    assert saves.path.read_text(encoding="utf-8") == saved
    assert "pair" not in ProgressStore().load().lessons
    ui.press(pygame.K_ESCAPE)
    assert isinstance(ui.app.top, TitleScene)


def test_the_title_and_the_rules_offer_the_lessons(app: App, ui: Driver) -> None:
    title = TitleScene(app)
    app.push(title)
    button = next(b for b in title.menu.buttons if b.text == "Learn to play")
    ui.click(button.rect.center)
    assert isinstance(app.top, LessonsScene)
    ui.press(pygame.K_ESCAPE)
    navigation.open_pause(app)
    ui.click(app.top.rules.rect.center)  # type: ignore[union-attr]
    ui.click(app.top.learn.rect.center)  # type: ignore[union-attr]
    assert isinstance(app.top, LessonsScene)


def test_the_very_first_start_offers_the_lessons_once(app: App, ui: Driver) -> None:
    app.push(TitleScene(app))
    navigation.offer_lessons(app)
    assert isinstance(app.top, WelcomeScene)
    ui.press(pygame.K_RETURN)
    assert isinstance(app.top, LessonsScene)
    ui.press(pygame.K_ESCAPE)
    navigation.offer_lessons(app)
    assert isinstance(app.top, TitleScene)


def test_not_now_goes_to_the_title_and_is_not_asked_again(app: App, ui: Driver) -> None:
    app.push(TitleScene(app))
    navigation.offer_lessons(app)
    ui.press(pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
    navigation.offer_lessons(app)
    assert isinstance(app.top, TitleScene)


def test_progress_survives_a_restart(app: App, ui: Driver, tmp_path: Path) -> None:
    """The ticks are in the data folder: a new app shows them."""
    lessons = open_list(ui)
    ui.click(lessons.rows[0].center)
    play_lesson(ui, lesson_on_top(ui), "keys")
    ui.click(lesson_on_top(ui).panel.secondary.rect.center)
    assert ui.app.top is lessons and "goal" in lessons.progress.lessons
    data = json.loads((tmp_path / "data" / "progress.json").read_text(encoding="utf-8"))
    assert data["lessons"] == ["goal"]
    again = App(size=(1280, 800))
    try:
        scene = LessonsScene(again)
        assert scene.progress.lessons == {"goal"} and scene.selected == 1
    finally:
        again.close()


def test_a_damaged_progress_file_is_set_aside_and_reported(app: App, ui: Driver,
                                                           tmp_path: Path) -> None:
    path = tmp_path / "data" / "progress.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    scene = open_list(ui)
    assert scene.progress.lessons == frozenset()
    kept = list(path.parent.glob("progress.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{not json"
    assert any("could not be read" in toast and kept[0].name in toast for toast in toasts(app))


def test_play_your_first_game_starts_against_easy(app: App, ui: Driver) -> None:
    """From the list: a real game against the computer at Easy, the player starting, saved
    like any game; a saved game is replaced only after asking."""
    lessons = open_list(ui)
    ui.click(lessons.first.rect.center)
    table = ui.app.top
    assert isinstance(table, TableScene) and not isinstance(table, LessonTable)
    assert table.seats[1].level == "easy" and table.game.first_player == 0
    assert isinstance(ui.app.scenes[0], TitleScene) and len(ui.app.scenes) == 2
    assert SaveGameStore().exists()
    navigation.open_lessons(app)
    ui.click(app.top.first.rect.center)  # type: ignore[union-attr]
    assert isinstance(app.top, ConfirmScene)
    ui.press(pygame.K_ESCAPE)
    assert isinstance(app.top, LessonsScene)


def test_famiglia_tutorial_opens_the_lessons(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """``famiglia tutorial``: the window opens on the lesson list, the title under it."""
    shown: list[list[type]] = []

    def run(self: App) -> None:
        shown.append([type(scene) for scene in self.scenes])
        self.close()

    monkeypatch.setattr(App, "run", run)
    assert main(["tutorial"]) == 0
    assert shown == [[TitleScene, LessonsScene]]


def test_famiglia_offers_the_lessons_at_the_very_first_start(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[list[type]] = []

    def run(self: App) -> None:
        self.frame([], 0.0)
        shown.append([type(scene) for scene in self.scenes])  # the first frame: the title
        self.settle()
        shown.append([type(scene) for scene in self.scenes])
        self.close()

    monkeypatch.setattr(App, "run", run)
    assert main([]) == 0
    assert main([]) == 0
    assert shown == [[TitleScene], [TitleScene, WelcomeScene], [TitleScene], [TitleScene]]


@pytest.mark.parametrize("size", [(1024, 640), (1600, 1000)])
def test_the_coach_stays_beside_the_table_at_any_size(app: App, ui: Driver,
                                                      size: tuple[int, int]) -> None:
    """A resize mid-lesson lays the panel and its pointers out again from the new rects."""
    lessons = open_list(ui)
    ui.click(lessons.rows[5].center)
    table = lesson_on_top(ui)
    settle(ui)
    ui.resize(size)
    settle(ui)
    assert table.frame.side.contains(table.panel.rect)
    step = table.runner.step
    assert isinstance(step, Do)
    check_pointers(ui, table, step.points)
    assert table.panel.pointers.arrows or table.panel.pointers.rings


def test_a_lesson_opened_from_a_running_games_pause_menu_comes_back_to_that_game(
        app: App, ui: Driver) -> None:
    """Pause → Rules → Learn to play → a lesson, left midway: Esc goes back step by step
    through the list, the rules page and the pause menu to the same table, its game and its
    save untouched."""
    saves = SaveGameStore()
    app.push(TitleScene(app))
    table = start_table(app, Game.new(5), ("Vito", "Carla"), ("human", "human"), saves)
    app.push(table)
    ui.press(pygame.K_RETURN)  # the hand-over to the first player
    assert app.top is table
    settle(ui)
    before = table.game.to_dict()
    saved = saves.path.read_text(encoding="utf-8")
    ui.press(pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    ui.click(pause.rules.rect.center)
    rules = app.top
    ui.click(rules.learn.rect.center)  # type: ignore[attr-defined]
    lessons = app.top
    assert isinstance(lessons, LessonsScene)
    ui.click(lessons.rows[1].center)
    lesson = lesson_on_top(ui)
    settle(ui)
    perform(ui, lesson, lesson.runner.expected()[0], "click")
    settle(ui)
    ui.press(pygame.K_ESCAPE)
    ui.click(app.top.back_to_lessons.rect.center)  # type: ignore[union-attr]
    assert app.top is lessons
    for scene in (rules, pause, table):
        ui.press(pygame.K_ESCAPE)
        assert app.top is scene
    assert table.game.to_dict() == before
    assert saves.path.read_text(encoding="utf-8") == saved
