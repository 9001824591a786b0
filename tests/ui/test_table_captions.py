"""Where the Gangster's and the computer's captions go: over the table's top and middle, never
over the person's play area or hand, nor over the card the opponent's play area received last
(what the caption is telling about, S4), nor over any card of its step (the card taken or
refreshed, the cards drawn, the piles) or a zone's heading, in the opponent's own row where it
has room; a run of refreshes is headed by its tally; a banner and a caption never overlap; in
every language (German captions are long) at 1280×800 and 1024×640.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pytest
from positions import game_at
from test_table import COMPUTER, settle, start_table, texts_rendered
from test_table_in_play import long_street
from ui_driver import record_returns

from famiglia import i18n
from famiglia.players.seats import Seat
from famiglia.rules import CardMoved, Event, Game, Refresh, Zone
from famiglia.store.settings import MIN_WINDOW
from famiglia.ui.app import App
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.table import flow, render
from famiglia.ui.table.captions import banner_place, caption_room, newest_card
from famiglia.ui.table.computer import Caption, action_line
from famiglia.ui.table.layout import TableFrame, table_frame

if TYPE_CHECKING:
    from ui_driver import Driver

LANGUAGES = ("en", "de", "nl")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def crowded(current: int = 1) -> Game:
    """The Gangster (or, ``current`` 0, the person) to move, with a Gangster's play area
    (S2) that takes the whole top row."""
    pool = long_street(28).split()
    return game_at(opponent="gangster", current=current, hands=("F0 A0 B0 M0 F1", ""),
                   play_areas=("A1 B1", " ".join(sorted(pool[9:21], key=lambda c: c[1]))),
                   street=" ".join(pool[:9]))


@pytest.mark.parametrize("seed", [3, 8, 21, None])
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
def test_the_gangster_s_caption_keeps_off_its_newest_card_and_the_person_s_cards(
        request: pytest.FixtureRequest, size: tuple[int, int], language: str,
        seed: int | None) -> None:
    """The Gangster's first turns of a few deals, and a turn with a play area (S2) across the
    whole top row: the captions of its program's steps (S4) never cover the card it took
    last, nor the person's play area or hand."""
    turn = gangster_turn(request, size, language, seed)
    assert any(newest is not None for _, newest in turn.shown), "a card joined the Gangster's"
    clear_of_the_person_and_the_newest_card(turn.frame, turn.shown)


@pytest.mark.parametrize("seed", [2, 5])
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
def test_the_computer_s_caption_keeps_off_its_newest_card_and_the_person_s_cards(
        request: pytest.FixtureRequest, size: tuple[int, int], language: str,
        seed: int) -> None:
    """The computer's first turn: its captions never cover the card its play area received
    last, nor the person's play area or hand."""
    turn = computer_turn(request, size, language, seed)
    assert turn.shown, "the computer's caption showed"
    clear_of_the_person_and_the_newest_card(turn.frame, turn.shown)


@pytest.mark.parametrize("seed", [3, 8, 21, None])
@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
def test_a_caption_stays_where_it_first_showed(request: pytest.FixtureRequest,
                                               size: tuple[int, int],
                                               seed: int | None) -> None:
    """Each caption of the Gangster's program (S4) is placed once, knowing the card its step
    lands in the Gangster's play area: it never moves while it shows, even when that card
    lands or the play area goes into two rows."""
    turn = gangster_turn(request, size, "en", seed)
    placed_once(turn)
    assert any(newest is not None for _, newest in turn.shown)


@pytest.mark.parametrize("seed", [2, 5])
@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
def test_the_computer_s_caption_stays_where_it_first_showed(
        request: pytest.FixtureRequest, size: tuple[int, int], seed: int) -> None:
    placed_once(computer_turn(request, size, "en", seed))


def placed_once(turn: Turn) -> None:
    """The opponent's turn played: each caption showed in one place only, clear of the
    person's cards and of the opponent's newest card."""
    assert turn.shown, "a caption showed"
    places: dict[str, set[tuple[int, int]]] = {}
    for (caption, _newest), text in zip(turn.shown, turn.words, strict=True):
        places.setdefault(text, set()).add(caption.topleft)
    assert all(len(spots) == 1 for spots in places.values()), places
    clear_of_the_person_and_the_newest_card(turn.frame, turn.shown)


def clear_of_the_person_and_the_newest_card(
        frame: TableFrame, shown: list[tuple[pygame.Rect, pygame.Rect | None]]) -> None:
    for caption, newest in shown:
        assert frame.table.contains(caption)
        assert newest is None or not caption.colliderect(newest)
        for zone in (frame.bottom_play, frame.bottom_hand):
            assert not caption.colliderect(zone.inflate(frame.gap, frame.gap))


# ---------------------------------------------------------------------- what a step is about


class Watched:
    """The other side's turn played frame by frame: for each frame that shows a caption, where
    it is drawn, its words and where the newest card of the opponent's play area rests; for
    each card a caption's step moved, the caption drawn then, and where the card rested before
    and rests after the move (a pile: the pile); every caption's place and every banner's."""

    def __init__(self, table: TableScene, monkeypatch: pytest.MonkeyPatch) -> None:
        self.table = table
        #: where each frame drew a banner
        self.banners = record_returns(monkeypatch, render, "banner_place")
        self.shown: list[tuple[pygame.Rect, pygame.Rect | None]] = []
        self.words: list[str] = []
        self.moves: list[tuple[pygame.Rect, pygame.Rect, pygame.Rect]] = []
        self.captions: list[pygame.Rect] = []
        self.together: list[tuple[pygame.Rect, pygame.Rect]] = []
        self._pending: list[tuple[str | None, pygame.Rect, int, Zone]] = []
        real = table.animator.play

        def play(event: Event) -> float:
            picture = table.picture
            if isinstance(event, CardMoved):
                words = table.playback.caption_texts
                before = pile_or_slot(table, event.source, event.card)
                hold = real(event)
                self._pending.append((words[0] if words else None, before, event.card,
                                      event.target))
                return hold
            del picture
            return real(event)

        table.animator.play = play  # type: ignore[method-assign]

    def frame(self, app: App) -> None:
        self.banners.clear()
        app.frame([], 0.05)
        table = self.table
        picture = table.picture
        caption = table.renderer.shown_caption.rect
        words = table.playback.caption_texts
        if words is not None and caption is not None:
            newest = newest_card(picture, Zone.play_area(1 - picture.bottom))
            self.shown.append((caption, None if newest is None else picture.slot_of[newest]))
            self.words.append(words[0])
            self.captions.append(caption)
            for said, before, card, target in self._pending:
                if said == words[0]:
                    self.moves.append((caption, before, pile_or_slot(table, target, card)))
            if self.banners:
                self.together.append((caption, self.banners[-1]))
        self._pending.clear()


def pile_or_slot(table: TableScene, zone: Zone, card_id: int) -> pygame.Rect:
    """Where ``card_id`` of ``zone`` rests: its slot, or the pile it lies in."""
    frame = table.frame
    if zone is Zone.DRAW_PILE:
        return frame.draw_pile
    if zone is Zone.DISCARD:
        return frame.discard
    return pygame.Rect(table.picture.slot_of[card_id])


@dataclass(frozen=True)
class Turn:
    """What the opponent's turn showed (:class:`Watched`), with the table's frame, its
    headings and the cards each caption's place covers once the person may act."""

    shown: list[tuple[pygame.Rect, pygame.Rect | None]]
    words: list[str]
    moves: list[tuple[pygame.Rect, pygame.Rect, pygame.Rect]]
    captions: list[pygame.Rect]
    frame: TableFrame
    headings: list[pygame.Rect]
    covered: list[list[int]]


#: The opponents' turns watched so far in this process, by opponent, deal, language and
#: window size: each turn is played once, and every test of it reads what it showed.
TURNS: dict[tuple[str, int | None, str, tuple[int, int]], Turn] = {}


def watch_turn(app: App, table: TableScene, monkeypatch: pytest.MonkeyPatch) -> Turn:
    """Play frame by frame until the person may act."""
    watched = Watched(table, monkeypatch)
    for _ in range(3000):
        watched.frame(app)
        if table.can_act:
            break
    assert table.can_act
    return Turn(watched.shown, watched.words, watched.moves, watched.captions, table.frame,
                [*table.picture.headings, table.frame.street_heading],
                [covered_cards(table, caption) for caption in watched.captions])


def opponent_turn(request: pytest.FixtureRequest, key: tuple[str, int | None, str,
                                                             tuple[int, int]],
                  table: Callable[[App], TableScene]) -> Turn:
    """The turn of ``key`` (opponent, deal, language, size), played in this test's app the
    first time it is asked for."""
    if key not in TURNS:
        app: App = request.getfixturevalue("app")
        ui: Driver = request.getfixturevalue("ui")
        _opponent, _seed, language, size = key
        i18n.set_language(language)
        ui.resize(size)
        scene = table(app)
        app.push(scene)
        TURNS[key] = watch_turn(app, scene, request.getfixturevalue("monkeypatch"))
    return TURNS[key]


def gangster_turn(request: pytest.FixtureRequest, size: tuple[int, int], language: str,
                  seed: int | None) -> Turn:
    """The Gangster's first turn of deal ``seed`` (at level 3 on deal 1, where it refreshes
    a run, else 4), or with its play area across the whole top row (``None``)."""
    def table(app: App) -> TableScene:
        game = crowded() if seed is None else Game.new(seed, opponent="gangster",
                                                       gangster_level=3 if seed == 1 else 4,
                                                       first_player=1)
        return TableScene(app, game, ("Vito", "Gangster"), seats=("human", "gangster"))
    return opponent_turn(request, ("gangster", seed, language, size), table)


def computer_turn(request: pytest.FixtureRequest, size: tuple[int, int], language: str,
                  seed: int) -> Turn:
    """The computer's first turn of deal ``seed``, where it moves first."""
    def table(app: App) -> TableScene:
        return TableScene(app, Game.new(seed, first_player=0), ("Computer", "Vito"),
                          seats=(Seat.computer("easy", 1), Seat.human()))
    return opponent_turn(request, ("computer", seed, language, size), table)


def assert_clear_of_its_steps(turn: Turn) -> None:
    assert turn.moves, "a caption's step moved cards"
    for caption, before, after in turn.moves:
        assert not caption.colliderect(before), ("where a card of its step was", caption,
                                                 before)
        assert not caption.colliderect(after), ("where a card of its step went", caption,
                                                after)
    for caption in turn.captions:
        assert caption.collidelist(turn.headings) < 0, ("a heading", caption, turn.headings)
    clear_of_the_person_and_the_newest_card(turn.frame, [(caption, None)
                                                         for caption in turn.captions])


@pytest.mark.parametrize("seed", [1, 3, 8, 21, None])
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
def test_the_gangster_s_caption_covers_none_of_its_step_s_cards_nor_a_heading(
        request: pytest.FixtureRequest, size: tuple[int, int], language: str,
        seed: int | None) -> None:
    """S4: every step of the Gangster's program (a run of refreshes on deal 1, a full play
    area on the last): its caption never covers the card taken or refreshed, the cards
    drawn, the piles they come from and go to, where they land, nor a zone's heading."""
    assert_clear_of_its_steps(gangster_turn(request, size, language, seed))


@pytest.mark.parametrize("seed", [2, 3, 7])
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
def test_the_computer_s_caption_covers_no_card_in_its_first_turn(
        request: pytest.FixtureRequest, size: tuple[int, int], language: str,
        seed: int) -> None:
    """The computer's row is mostly felt at the start: its captions go there, covering no
    card at all (nor a heading)."""
    turn = computer_turn(request, size, language, seed)
    assert_clear_of_its_steps(turn)
    for caption, covered in zip(turn.captions, turn.covered, strict=True):
        assert not covered, caption


def covered_cards(table: TableScene, caption: pygame.Rect) -> list[int]:
    picture = table.picture
    return [card_id for zone, ids in picture.zones.items() for card_id in ids
            if zone is not Zone.DRAW_PILE and card_id in picture.visible
            and (zone is not Zone.DISCARD or card_id == ids[-1])
            and caption.colliderect(picture.visible[card_id])]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
def test_a_run_of_refreshes_is_headed_by_its_tally_and_covers_no_card(
        app: App, ui: Driver, size: tuple[int, int], language: str) -> None:
    """R3.1: the computer refreshes ten times in its turn: its one caption is headed by the
    run's tally (how many refreshes, which cards), the latest refresh's words under it (the
    card it refreshes with), and it covers no card while the run grows (the Street going into
    two rows too)."""
    i18n.set_language(language)
    ui.resize(size)
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="F1 B1 M1 A1 F2 B3",
                   draw_pile="A2 B2 M2 F3 A3 B1 M1 F2 A1 B2 M3 F1 A2 B3 M2 F3 A1 B1 M1 F1",
                   current=1, turn=1, first_player=0, fresh_cards_rule=False)
    table = start_table(ui, game, seats=("human", COMPUTER))
    table.flow.computer_wait = 1e9  # the seat's own moves are made by hand here
    frame = table.frame
    for count in range(1, 11):
        refresh = Refresh(0)
        line = action_line(game, refresh, "Carla", computer=True)
        table.after_apply([Caption("Carla", line, "easy", refresh=True), *game.apply(refresh)])
        for _ in range(200):
            app.frame([], 0.05)
            caption = table.renderer.shown_caption.rect
            assert caption is not None
            assert not covered_cards(table, caption), (count, caption)
            assert caption.collidelist([*table.picture.headings, frame.street_heading]) < 0
            if not table.busy:
                break
        words, tally = table.playback.caption_texts or ("", None)
        if count < 2:
            assert tally is None
            continue
        assert tally is not None
        assert words == line.text(), "the words name this refresh's card, not the first's"
        if language == "en":
            assert tally.startswith(f"Refreshed {count} times")
        with texts_rendered(app.theme) as rendered:
            assert table.playback.caption_panel(table.playback.caption_width()) is not None
        lines = [text for text, _size in rendered if not text.startswith("Carla")]
        assert lines and tally.startswith(lines[0]), (lines, tally)
        assert words.startswith(lines[-1].split()[0]) and words not in lines[0], lines


@pytest.mark.parametrize("crowd", [False, True])
@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
def test_the_pass_banner_and_the_gangster_s_caption_never_overlap(
        app: App, ui: Driver, size: tuple[int, int], crowd: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The person passes; the Gangster's turn starts while "Vito passes" still shows: the
    banner and the captions of its program's steps are on the table at once, apart (also
    where its play area fills its row and its captions go over the Street)."""
    ui.resize(size)
    # the Gangster plays at once, without the moment it waits while a pass can be taken
    # back, so that its captions come while the banner still shows
    monkeypatch.setattr(flow, "UNDO_GRACE", 0.0)
    game = crowded(current=0) if crowd else Game.new(4, opponent="gangster",
                                                     gangster_level=4, first_player=0)
    table = TableScene(app, game, ("Vito", "Gangster"), seats=("human", "gangster"))
    app.push(table)
    settle(ui)
    ui.press(pygame.K_SPACE, " ")
    watched = Watched(table, monkeypatch)
    for _ in range(3000):
        watched.frame(app)
        if table.can_act:
            break
    assert watched.together, "the banner and a caption showed at once"
    for caption, banner in watched.together:
        assert not caption.colliderect(banner), (caption, banner)


@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
def test_a_banner_keeps_clear_of_a_caption_wherever_the_caption_is(size: tuple[int, int]
                                                                   ) -> None:
    """Wherever a caption shows in its room (over the Street's middle too), a banner as
    wide as the Street goes where it does not touch it, inside the table."""
    frame = table_frame(size)
    room = caption_room(frame)
    banner = (frame.street.union(frame.draw_pile).width - 40, frame.font(30) + 26)
    for caption_size in ((frame.table.width - 40, 90), (420, 120), (300, 60)):
        for y in range(room.top, room.bottom - caption_size[1], 20):
            caption = pygame.Rect((room.centerx - caption_size[0] // 2, y), caption_size)
            place = banner_place(frame, banner, caption)
            assert frame.table.contains(place)
            assert not place.colliderect(caption), (caption, place)
