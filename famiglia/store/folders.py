"""The folders of the user files, and the names of the files the title looks at before its
first frame: platformdirs' user data, config and cache folders, which ``FAMIGLIA_DATA_DIR``,
``FAMIGLIA_CONFIG_DIR`` and ``FAMIGLIA_CACHE_DIR`` override (the tests point them at temporary
folders).

Light on purpose (the standard library and platformdirs only): the title's first frame finds
its settings, its saved games and its cache through this module without loading the stores
(:mod:`.glance`), and names what it keeps in the cache folder by :func:`cache_digest`."""

from __future__ import annotations

import os
import zlib
from collections.abc import Iterable
from pathlib import Path

import platformdirs

APP_NAME = "famiglia"
SETTINGS_FILE = "settings.json"
SAVED_GAME_FILE = "savegame.json"
NET_GAME_FILE = "netgame.json"


def data_dir() -> Path:
    """Highscores and the saved game."""
    override = os.environ.get("FAMIGLIA_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, False))


def config_dir() -> Path:
    """Settings."""
    override = os.environ.get("FAMIGLIA_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME, False))


def cache_dir() -> Path:
    """What the game makes from its own files to start sooner (the compiled language
    catalogs): deleting it loses nothing."""
    override = os.environ.get("FAMIGLIA_CACHE_DIR")
    return Path(override) if override else Path(platformdirs.user_cache_dir(APP_NAME, False))


def cache_digest(parts: Iterable[bytes]) -> str:
    """The name of what the cache folder keeps made of ``parts`` (each counted with its
    length, so no two lists of parts run together into the same bytes): their CRC-32 and
    Adler-32, 64 bits that tell apart the versions of the game's own files a cache meets.
    (zlib is loaded at every start anyway; a cryptographic digest would load OpenSSL for
    nothing: the cache guards against damage and change, not against a forger.)"""
    crc, adler = 0, 1
    for part in parts:
        for data in (len(part).to_bytes(8, "little"), part):
            crc, adler = zlib.crc32(data, crc), zlib.adler32(data, adler)
    return f"{crc:08x}{adler:08x}"
