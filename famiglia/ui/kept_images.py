"""Images drawn at every start, kept in the user cache folder as their pixels so that the next
start reads them instead of drawing them: the title's fans of cards (decoding six card
images, printing their words, scaling and turning them takes about 20 ms of CPU; reading
them back about 2).

A kept file is named by the digest of everything its images are drawn from (the caller's
key: for the fans, the card images' bytes, the language and its catalog, their size and
angles, the game's and pygame-ce's versions), so a change to any of them draws the images
afresh.  It is written atomically in place of the older files of its kind and carries a
checksum of its pixels: a file that is damaged, cut short or cannot be read is drawn again
and written anew, never shown, and a folder that cannot be written costs only the time.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Final

import pygame

from ..lazy import lazy_module
from ..logs import logger
from ..store.folders import cache_digest, cache_dir

#: A kept file begins with this line, then the checksum (CRC-32) of the rest: the count of
#: images, each one's width and height, then each one's pixels, RGBA.
MAGIC = b"famiglia kept images 1\n"
SUFFIX = ".pixels"
_CHECK = struct.Struct("<I")
_COUNT = struct.Struct("<I")
_SIZE = struct.Struct("<II")
PIXEL_FORMAT: Final = "RGBA"

log = logger(__name__)

if TYPE_CHECKING:
    from ..store import files
else:
    # the writing of files is loaded when the images are not in the cache
    files = lazy_module("famiglia.store.files")

Key = Iterable[bytes | str]


def images_folder() -> Path:
    return cache_dir() / "images"


def key_digest(key: Key) -> str:
    """The digest that names the file of the images drawn from ``key`` (each part counted
    with its length, so no two keys run together into the same bytes)."""
    return cache_digest(part.encode("utf-8") if isinstance(part, str) else part for part in key)


def kept_path(kind: str, key: Key) -> Path:
    return images_folder() / f"{kind}-{key_digest(key)}{SUFFIX}"


def kept_images(kind: str, key: Key, draw: Callable[[], list[pygame.Surface]]
                ) -> list[pygame.Surface]:
    """The images of ``kind`` (a file name's start, ``title-fans``) drawn from ``key``: from
    the cache folder when it holds them, else ``draw()``'s, kept there for the next start in
    place of the older ones of the kind.  Call it with the window open (the images read back
    are converted to the screen's pixel format, as drawn images are)."""
    path = kept_path(kind, key)
    images = read_images(path)
    if images is not None:
        return images
    images = draw()
    try:
        files.atomic_write_bytes(path, pack(images))
        for older in path.parent.glob(f"{kind}-*{SUFFIX}"):
            if older != path:
                older.unlink()
    except OSError as error:
        log.info("The drawn %s cannot be kept in %s (%s)", kind, path.parent, error)
    return images


def read_images(path: Path) -> list[pygame.Surface] | None:
    """The images kept in ``path``, or ``None`` when there is no such file or it cannot be
    read or is damaged (then logged: it is drawn again and written anew)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as error:
        log.info("The kept images %s cannot be read (%s); drawing them", path, error)
        return None
    try:
        return unpack(data)
    except (ValueError, struct.error, pygame.error) as error:
        log.info("The kept images %s are damaged (%s); drawing them again", path, error)
        return None


def pack(images: list[pygame.Surface]) -> bytes:
    """The bytes of a kept file holding ``images``."""
    body = b"".join([_COUNT.pack(len(images)),
                     *(_SIZE.pack(*image.get_size()) for image in images),
                     *(pygame.image.tobytes(image, PIXEL_FORMAT) for image in images)])
    return MAGIC + _CHECK.pack(zlib.crc32(body)) + body


def unpack(data: bytes) -> list[pygame.Surface]:
    """The images of a kept file's bytes; ``ValueError`` for bytes that are not one whole and
    undamaged."""
    if not data.startswith(MAGIC):
        raise ValueError("not a file of kept images")
    (check,) = _CHECK.unpack_from(data, len(MAGIC))
    body = memoryview(data)[len(MAGIC) + _CHECK.size:]
    if zlib.crc32(body) != check:
        raise ValueError("its checksum does not match")
    (count,) = _COUNT.unpack_from(body)
    sizes = [_SIZE.unpack_from(body, _COUNT.size + index * _SIZE.size) for index in range(count)]
    offset = _COUNT.size + count * _SIZE.size
    images = []
    for width, height in sizes:
        end = offset + width * height * len(PIXEL_FORMAT)
        if end > len(body):
            raise ValueError("it is cut short")
        image = pygame.image.frombytes(bytes(body[offset:end]), (width, height), PIXEL_FORMAT)
        images.append(image.convert_alpha())
        offset = end
    if offset != len(body):
        raise ValueError("it holds more than its images")
    return images
