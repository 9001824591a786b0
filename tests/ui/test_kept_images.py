"""What the title keeps to open sooner: its fans of cards and its backdrop (the felt, the fans,
the wordmark and the small print) kept in the user cache folder as their pixels, read back
only under the digest of what they are drawn from (the cards' images, their words in the
language, the size, the versions) and never when damaged; and pygame-ce's own font opened by
its path with the very pixels ``Font(None, size)`` draws.  The cards are those of R1.2 (the
families) and R1.4 (their points), printed in the player's language."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from famiglia import i18n
from famiglia.ui import kept_images
from famiglia.ui.app import App
from famiglia.ui.assets import CardImages
from famiglia.ui.kept_images import KeptImages
from famiglia.ui.scenes import title
from famiglia.ui.scenes.title import TitleScene
from famiglia.ui.theme import Theme, default_font

FANS = [(0, 11.0), (20, 0.0), (40, -11.0)]
SIZE = (150, 210)


def pixels(images: list[pygame.Surface]) -> list[bytes]:
    return [pygame.image.tobytes(image, "RGBA") for image in images]


def kept_files(kind: str = "") -> list[Path]:
    return sorted(kept_images.images_folder().glob(f"{kind}*.pixels"))


def drawing_forbidden(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object) -> pygame.Surface:
        raise AssertionError("a kept card was drawn again")

    monkeypatch.setattr(CardImages, "face", refuse)


def test_the_title_s_fans_are_read_back_at_the_next_start_with_the_same_pixels(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = pixels([image for image, _ in TitleScene(app).fans])
    assert len(drawn) == 6 and len(kept_files("title-fans-")) == 1
    app.cards = CardImages()
    drawing_forbidden(monkeypatch)
    again = TitleScene(app)
    assert pixels([image for image, _ in again.fans]) == drawn
    assert "printer" not in vars(app.cards)  # nor is a word printed


def test_kept_cards_are_used_only_under_their_own_key(app: App) -> None:
    """Another size or another language's words draw the cards afresh, and the new file takes
    the place of the old one."""
    first = CardImages().turned_faces("fans", FANS, SIZE)
    (old,) = kept_files()
    larger = CardImages().turned_faces("fans", FANS, (SIZE[0] + 10, SIZE[1] + 14))
    (new,) = kept_files()
    assert new != old and larger[0].get_size() != first[0].get_size()
    i18n.set_language("de")
    german = CardImages().turned_faces("fans", FANS, SIZE)
    (newest,) = kept_files()
    assert newest not in (old, new)
    assert pixels(german) != pixels(first)


@pytest.mark.parametrize("damage", ["garbage", "cut short", "a changed byte", "empty"])
def test_a_damaged_kept_file_is_drawn_again_and_written_anew(
        app: App, damage: str, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = pixels(CardImages().turned_faces("fans", FANS, SIZE))
    (path,) = kept_files()
    data = path.read_bytes()
    path.write_bytes({"garbage": b"\x00not pixels" * 100, "cut short": data[:len(data) // 2],
                      "a changed byte": data[:-7] + bytes([data[-7] ^ 1]) + data[-6:],
                      "empty": b""}[damage])
    assert pixels(CardImages().turned_faces("fans", FANS, SIZE)) == drawn
    assert path.read_bytes() == data
    drawing_forbidden(monkeypatch)
    assert pixels(CardImages().turned_faces("fans", FANS, SIZE)) == drawn


def test_a_cache_folder_that_cannot_be_written_costs_only_the_time(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("FAMIGLIA_CACHE_DIR", str(blocker))
    assert len(CardImages().turned_faces("fans", FANS, SIZE)) == 3
    assert len(CardImages().turned_faces("fans", FANS, SIZE)) == 3


def test_only_the_first_cards_of_a_kind_in_a_run_are_kept(app: App) -> None:
    """A window resized or a language switched draws the fans without writing a file each
    time: what is kept is what a start opens with."""
    cards = CardImages()
    cards.turned_faces("fans", FANS, SIZE)
    cards.turned_faces("fans", FANS, (SIZE[0] + 10, SIZE[1] + 14))
    assert len(kept_files()) == 1


def next_start(app: App) -> None:
    """What a new run of the game starts without: the images it kept, its fonts and texts."""
    app.kept = KeptImages()
    app.cards = CardImages()
    app.theme = Theme()


def title_frame(app: App, scene: TitleScene) -> bytes:
    app.scenes = [scene]
    app.request_redraw()
    app.frame([], 0.0)
    return pygame.image.tobytes(app.screen, "RGB")


def backdrop_drawing_forbidden(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object) -> pygame.Surface:
        raise AssertionError("a kept backdrop was drawn again")

    monkeypatch.setattr(title, "_vignette", refuse)
    monkeypatch.setattr(TitleScene, "_draw_backdrop", refuse)
    # nor are its fans turned or read back
    monkeypatch.setattr(CardImages, "turned_faces", refuse)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (1920, 1080), (800, 500)])
def test_the_title_s_backdrop_is_read_back_at_the_next_start_with_the_same_pixels(
        app: App, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole title: the menu drawn over the backdrop, which holds the version and the keys
    at the bottom (the menu always ends above them, even in a screen under the window's
    least size)."""
    app.screen = pygame.Surface(size)
    scene = TitleScene(app)
    drawn = title_frame(app, scene)
    assert len(kept_files("title-backdrop-")) == 1
    small_print_top = size[1] - 10 - app.theme.font(title.SMALL_PRINT).get_height()
    assert max(button.rect.bottom for button in [*scene.menu.buttons, scene.level]) < (
        small_print_top)
    next_start(app)
    backdrop_drawing_forbidden(monkeypatch)
    assert title_frame(app, TitleScene(app)) == drawn


def test_a_kept_backdrop_is_used_only_under_its_own_key(app: App) -> None:
    """Another window size or another language draws the backdrop afresh (at the next start,
    the one kept in place of the old one), in the words of that language."""
    english = pygame.image.tobytes(TitleScene(app).backdrop, "RGB")
    (old,) = kept_files("title-backdrop-")
    next_start(app)
    app.screen = pygame.Surface((1500, 900))
    assert TitleScene(app).backdrop.get_size() == (1500, 900)
    (new,) = kept_files("title-backdrop-")
    assert new != old
    next_start(app)
    app.screen = pygame.Surface((1280, 800))
    i18n.set_language("de")
    german = TitleScene(app).backdrop
    (newest,) = kept_files("title-backdrop-")
    assert newest not in (old, new)
    assert pygame.image.tobytes(german, "RGB") != english


def test_a_kept_backdrop_is_drawn_again_once_the_code_that_draws_it_changes(
        app: App, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A working copy whose title code was edited shows the edit at its next start, not the
    backdrop kept by the code before (the version is the same)."""
    code = tmp_path / "title.py"
    code.write_text(Path(title.__file__).read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(title, "__file__", str(code))
    TitleScene(app)
    (old,) = kept_files("title-backdrop-")
    next_start(app)
    with code.open("a", encoding="utf-8") as file:
        file.write("# an edit\n")
    drawn: list[tuple[int, int]] = []
    draw = TitleScene._draw_backdrop

    def counted(scene: TitleScene, size: tuple[int, int]) -> pygame.Surface:
        drawn.append(size)
        return draw(scene, size)

    monkeypatch.setattr(TitleScene, "_draw_backdrop", counted)
    TitleScene(app)
    assert drawn == [app.screen.get_size()]
    (new,) = kept_files("title-backdrop-")
    assert new != old


@pytest.mark.parametrize("damage", ["garbage", "cut short", "a changed byte", "empty",
                                    "the fans' pixels"])
def test_a_damaged_kept_backdrop_is_drawn_again_and_written_anew(
        app: App, damage: str, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = pygame.image.tobytes(TitleScene(app).backdrop, "RGB")
    (path,) = kept_files("title-backdrop-")
    data = path.read_bytes()
    (fans,) = kept_files("title-fans-")
    path.write_bytes({"garbage": b"\x00not pixels" * 100, "cut short": data[:len(data) // 2],
                      "a changed byte": data[:-7] + bytes([data[-7] ^ 1]) + data[-6:],
                      "empty": b"", "the fans' pixels": fans.read_bytes()}[damage])
    next_start(app)
    assert pygame.image.tobytes(TitleScene(app).backdrop, "RGB") == drawn
    assert path.read_bytes() == data
    next_start(app)
    backdrop_drawing_forbidden(monkeypatch)
    assert pygame.image.tobytes(TitleScene(app).backdrop, "RGB") == drawn


def test_at_the_game_s_start_the_drawn_images_are_kept_once_the_first_frame_is_on_screen(
        app: App) -> None:
    start = App(size=(1280, 800), title_first=True)
    try:
        start.push(TitleScene(start))
        start.frame([], 0.0)
        assert not kept_files(), "nothing is written before the first frame"
        start.settle()
        assert [path.name.rsplit("-", 1)[0] for path in kept_files()] == ["title-backdrop",
                                                                          "title-fans"]
    finally:
        start.close()


@pytest.mark.parametrize("bold", [False, True])
def test_the_default_font_by_its_path_draws_the_pixels_of_pygame_s_own(bold: bool) -> None:
    pygame.font.init()
    for size in (9, 14, 18, 22, 26, 40, 64, 190):
        ours, theirs = default_font(size), pygame.font.Font(None, size)
        ours.bold = theirs.bold = bold
        assert ours.get_height() == theirs.get_height()
        text = "FAMIGLIA · Söldner 3 ‹ Medium ›"
        assert (pygame.image.tobytes(ours.render(text, True, (240, 232, 214)), "RGBA")
                == pygame.image.tobytes(theirs.render(text, True, (240, 232, 214)), "RGBA"))
