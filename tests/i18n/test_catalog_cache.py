"""The compiled catalogs kept in the user cache folder: a start reads the catalog compiled
from exactly its ``.po`` file, never an older one, and a damaged or unwritable cache costs only
the time of compiling again.  The game looks each text up in the compiled catalog exactly as
gettext looks it up in the ``.mo`` image of the same catalog."""

from __future__ import annotations

import gettext
import io
import marshal
import os
from pathlib import Path
from typing import Any

import pytest

from famiglia import i18n, pofile

SOURCE = i18n.catalog_path("de").read_bytes()


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FAMIGLIA_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "catalogs"


def compiled_afresh(source: bytes) -> Any:
    """The table compiled from ``source`` (the images are compared by what they hold)."""
    return pofile.lookup_table(pofile.parse(source.decode("utf-8")))


def texts(image: bytes) -> i18n.Catalog:
    return i18n.Catalog.from_compiled(image)


def refuse(text: str) -> list[pofile.Entry]:
    raise AssertionError("the catalog was compiled again")


def test_a_catalog_compiled_once_is_read_from_the_cache(cache: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    first = i18n.compiled("de", SOURCE)
    assert marshal.loads(first) == compiled_afresh(SOURCE)
    (kept,) = cache.iterdir()
    assert kept.name.startswith("de-") and kept.suffix == i18n.CACHED_SUFFIX
    with monkeypatch.context() as patch:
        patch.setattr(pofile, "parse", refuse)
        assert i18n.compiled("de", SOURCE) == first
    assert texts(i18n.compiled("de", SOURCE)).pgettext("button", "Quit") == "Beenden"


def test_a_changed_catalog_is_compiled_afresh_in_place_of_the_old(cache: Path) -> None:
    i18n.compiled("de", SOURCE)
    changed = SOURCE.replace(b'msgstr "Beenden"', 'msgstr "Aufhören"'.encode())
    assert changed != SOURCE
    image = i18n.compiled("de", changed)
    assert texts(image).pgettext("button", "Quit") == "Aufhören"
    assert len(list(cache.iterdir())) == 1
    assert marshal.loads(i18n.compiled("de", SOURCE)) == compiled_afresh(SOURCE)


@pytest.mark.parametrize("damage", ["flipped", "cut", "empty"])
def test_a_damaged_cached_catalog_is_compiled_again_and_replaced(
        cache: Path, damage: str) -> None:
    image = i18n.compiled("de", SOURCE)
    (kept,) = cache.iterdir()
    content = bytearray(kept.read_bytes())
    if damage == "flipped":
        content[len(content) // 2] ^= 0xFF
    elif damage == "cut":
        del content[len(content) // 2:]
    else:
        content.clear()
    kept.write_bytes(bytes(content))
    assert i18n.compiled("de", SOURCE) == image
    assert kept.read_bytes() != bytes(content)


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0,
                    reason="a folder that cannot be written needs POSIX permissions and no root")
def test_a_cache_folder_that_cannot_be_written_costs_only_the_time(
        cache: Path, caplog: pytest.LogCaptureFixture) -> None:
    cache.parent.mkdir(parents=True)
    cache.parent.chmod(0o500)
    try:
        assert marshal.loads(i18n.compiled("de", SOURCE)) == compiled_afresh(SOURCE)
    finally:
        cache.parent.chmod(0o700)
    assert "cannot be kept" in caplog.text


def test_a_cache_in_the_way_of_the_folder_costs_only_the_time(cache: Path) -> None:
    """A file where the cache folder should be (it cannot be written, even by root)."""
    cache.parent.mkdir(parents=True)
    cache.write_bytes(b"not a folder")
    assert marshal.loads(i18n.compiled("de", SOURCE)) == compiled_afresh(SOURCE)


@pytest.mark.parametrize("code", i18n.available_languages())
def test_every_text_is_looked_up_as_gettext_looks_it_up_in_the_mo_image(code: str) -> None:
    entries = pofile.parse(i18n.catalog_path(code).read_text(encoding="utf-8"))
    for entry in entries:  # the waiting ones too, so that every kind of entry is compared
        entry.obsolete = False
    standard = gettext.GNUTranslations(io.BytesIO(pofile.compile_mo(entries)))
    ours = i18n.Catalog(*pofile.lookup_table(entries))
    assert ours.texts == standard._catalog  # type: ignore[attr-defined]
    for entry in entries:
        if entry.msgid_plural is None and entry.msgctxt is None:
            assert ours.gettext(entry.msgid) == standard.gettext(entry.msgid)
        elif entry.msgid_plural is None:
            assert (ours.pgettext(entry.msgctxt, entry.msgid)
                    == standard.pgettext(entry.msgctxt, entry.msgid))
        for n in (0, 1, 2, 7) if entry.msgid_plural is not None else ():
            if entry.msgctxt is None:
                assert (ours.ngettext(entry.msgid, entry.msgid_plural, n)
                        == standard.ngettext(entry.msgid, entry.msgid_plural, n))
            else:
                assert (ours.npgettext(entry.msgctxt, entry.msgid, entry.msgid_plural, n)
                        == standard.npgettext(entry.msgctxt, entry.msgid, entry.msgid_plural,
                                              n))
    assert ours.gettext("No such text") == "No such text"
    assert ours.ngettext("{n} cat", "{n} cats", 3) == "{n} cats"


def test_a_plural_other_than_one_and_many_is_read_as_gettext_reads_it() -> None:
    """A language with three forms (none of the game's yet): gettext's own reading."""
    polish = i18n.Catalog("(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
                          {("{n} card", 0): "{n} karta", ("{n} card", 1): "{n} karty",
                           ("{n} card", 2): "{n} kart"})
    assert [polish.ngettext("{n} card", "{n} cards", n) for n in (1, 3, 5, 22)] == [
        "{n} karta", "{n} karty", "{n} kart", "{n} karty"]
