"""The compiled catalogs kept in the user cache folder: a start reads the catalog compiled
from exactly its ``.po`` file, never an older one, and a damaged or unwritable cache costs only
the time of compiling again."""

from __future__ import annotations

import gettext
import io
import os
from pathlib import Path

import pytest

from famiglia import i18n, pofile

SOURCE = i18n.catalog_path("de").read_bytes()


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FAMIGLIA_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "catalogs"


def compiled_afresh(source: bytes) -> bytes:
    return pofile.compile_mo(pofile.parse(source.decode("utf-8")))


def refuse(text: str) -> list[pofile.Entry]:
    raise AssertionError("the catalog was compiled again")


def test_a_catalog_compiled_once_is_read_from_the_cache(cache: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    first = i18n.compiled("de", SOURCE)
    assert first == compiled_afresh(SOURCE)
    (kept,) = cache.iterdir()
    assert kept.name.startswith("de-") and kept.suffix == i18n.CACHED_SUFFIX
    with monkeypatch.context() as patch:
        patch.setattr(pofile, "parse", refuse)
        assert i18n.compiled("de", SOURCE) == first
    texts = gettext.GNUTranslations(io.BytesIO(i18n.compiled("de", SOURCE)))
    assert texts.pgettext("button", "Quit") == "Beenden"


def test_a_changed_catalog_is_compiled_afresh_in_place_of_the_old(cache: Path) -> None:
    i18n.compiled("de", SOURCE)
    changed = SOURCE.replace(b'msgstr "Beenden"', 'msgstr "Aufhören"'.encode())
    assert changed != SOURCE
    image = i18n.compiled("de", changed)
    assert gettext.GNUTranslations(io.BytesIO(image)).pgettext("button", "Quit") == "Aufhören"
    assert len(list(cache.iterdir())) == 1
    assert i18n.compiled("de", SOURCE) == compiled_afresh(SOURCE)


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
        assert i18n.compiled("de", SOURCE) == compiled_afresh(SOURCE)
    finally:
        cache.parent.chmod(0o700)
    assert "cannot be kept" in caplog.text


def test_a_cache_in_the_way_of_the_folder_costs_only_the_time(cache: Path) -> None:
    """A file where the cache folder should be (it cannot be written, even by root)."""
    cache.parent.mkdir(parents=True)
    cache.write_bytes(b"not a folder")
    assert i18n.compiled("de", SOURCE) == compiled_afresh(SOURCE)
