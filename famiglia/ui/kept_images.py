"""Images drawn at every start, kept in the user cache folder as their pixels so that the next
start reads them instead of drawing them: the title's fans of cards (decoding six card
images, printing their words, scaling and turning them takes about 20 ms of CPU; reading
them back about 2) and its backdrop (the felt, the fans, the wordmark and the lines of small
print, which take longer to draw than to read back).

A kept file is named by the digest of everything its images are drawn from (the caller's
key: for the fans, the card images' bytes, the language and its catalog, their size and
angles, the game's and pygame-ce's versions), so a change to any of them draws the images
afresh.  It is written atomically in place of the older files of its kind and carries a
checksum of its pixels: a file that is damaged, cut short or cannot be read is drawn again
and written anew, never shown, and a folder that cannot be written costs only the time.  Only
the first images of a kind in a run are kept (:class:`KeptImages`): those the window opens
with, not those of every size a window is resized to; at the game's start they are written
once the title's first frame is on screen.
"""

from __future__ import annotations

import os
import struct
import sys
import zlib
from collections.abc import Callable, Iterable
from io import BufferedReader
from pathlib import Path
from typing import TYPE_CHECKING, Final, Literal

import pygame

from ..lazy import lazy_module
from ..logs import logger
from ..store.folders import cache_digest, cache_dir

#: A kept file begins with this line, then the checksum (CRC-32) of the rest: the pixel
#: format, the count of images, each one's width and height, then each one's pixels.
MAGIC = b"famiglia kept images 2\n"
SUFFIX = ".pixels"
_CHECK = struct.Struct("<I")
_FORMAT = struct.Struct("4s")
_COUNT = struct.Struct("<I")
_SIZE = struct.Struct("<II")
#: Images with their own transparency are kept as RGBA; opaque ones (a backdrop) in the byte
#: order of the screen's pixels, which read back into the screen's format at a copy's cost.
PIXEL_FORMATS: Final[dict[bool, Literal["RGBA", "BGRA"]]] = {False: "RGBA", True: "BGRA"}

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


class KeptImages:
    """What one run keeps: the first images of each kind it asks for, read back from the
    cache folder when it holds them; later ones of the same kind (a new window size, another
    language) are drawn, and nothing is written for them.  ``later``: the drawn images are
    written when :meth:`write_waiting` is called (the app's, once its first frame is on
    screen), not as they are drawn."""

    def __init__(self, *, later: bool = False) -> None:
        self._kinds: set[str] = set()
        self._later = later
        self._waiting: list[tuple[str, Path, list[pygame.Surface], bool]] = []

    def images(self, kind: str, key: Key, draw: Callable[[], list[pygame.Surface]], *,
               opaque: bool = False) -> list[pygame.Surface]:
        """The images of ``kind`` (a file name's start, ``title-fans``) drawn from ``key``:
        from the cache folder when it holds them, else ``draw()``'s, kept there for the next
        start in place of the older ones of the kind.  Call it with the window open (the
        images read back are converted to the screen's pixel format, as drawn images are;
        ``opaque`` ones without an alpha channel)."""
        if kind in self._kinds:
            return draw()
        self._kinds.add(kind)
        path = kept_path(kind, key)
        images = read_images(path, opaque=opaque)
        if images is None:
            images = draw()
            self._waiting.append((kind, path, images, opaque))
            if not self._later:
                self.write_waiting()
        return images

    def write_waiting(self) -> None:
        """Write the images drawn and not yet kept, each in place of the older files of its
        kind; a folder that cannot be written is logged."""
        waiting, self._waiting = self._waiting, []
        for kind, path, images, opaque in waiting:
            try:
                files.atomic_write_bytes(path, pack(images, opaque=opaque))
                for older in path.parent.glob(f"{kind}-*{SUFFIX}"):
                    if older != path:
                        older.unlink()
            except OSError as error:
                log.info("The drawn %s cannot be kept in %s (%s)", kind, path.parent, error)


def read_images(path: Path, *, opaque: bool = False) -> list[pygame.Surface] | None:
    """The images kept in ``path``, or ``None`` when there is no such file or it cannot be
    read or is damaged (then logged: it is drawn again and written anew)."""
    try:
        with path.open("rb") as file:
            return unpack(file, os.fstat(file.fileno()).st_size, opaque=opaque)
    except FileNotFoundError:
        return None
    except (ValueError, struct.error, pygame.error) as error:
        log.info("The kept images %s are damaged (%s); drawing them again", path, error)
        return None
    except OSError as error:
        log.info("The kept images %s cannot be read (%s); drawing them", path, error)
        return None


def pack(images: list[pygame.Surface], *, opaque: bool = False) -> bytes:
    """The bytes of a kept file holding ``images``."""
    pixel_format = PIXEL_FORMATS[opaque]
    body = b"".join([_FORMAT.pack(pixel_format.encode("ascii")), _COUNT.pack(len(images)),
                     *(_SIZE.pack(*image.get_size()) for image in images),
                     *(pygame.image.tobytes(image, pixel_format) for image in images)])
    return MAGIC + _CHECK.pack(zlib.crc32(body)) + body


def unpack(file: BufferedReader, length: int, *, opaque: bool = False) -> list[pygame.Surface]:
    """The images of a kept file of ``length`` bytes; ``ValueError`` for one that is not
    whole and undamaged, or not kept as ``opaque`` says.  Each image's pixels are read
    straight into its surface (a start reads megabytes: each copy of them would cost as much
    again in fresh memory)."""
    head = file.read(len(MAGIC) + _CHECK.size + _FORMAT.size + _COUNT.size)
    if not head.startswith(MAGIC):
        raise ValueError("not a file of kept images")
    (check,) = _CHECK.unpack_from(head, len(MAGIC))
    (kept_format, count) = struct.unpack_from(f"<{_FORMAT.format}{_COUNT.format[1:]}", head,
                                              len(MAGIC) + _CHECK.size)
    pixel_format = PIXEL_FORMATS[opaque]
    if kept_format != pixel_format.encode("ascii"):
        raise ValueError(f"its pixels are not {pixel_format}")
    sizes_data = file.read(count * _SIZE.size)
    sizes = list(_SIZE.iter_unpack(sizes_data))
    if len(head) + len(sizes_data) + sum(width * height * len(pixel_format)
                                         for width, height in sizes) != length:
        raise ValueError("it is cut short or holds more than its images")
    crc = zlib.crc32(sizes_data, zlib.crc32(head[len(MAGIC) + _CHECK.size:]))
    images = []
    for size in sizes:
        image = pygame.Surface(size, 0 if opaque else pygame.SRCALPHA, 32,
                               _masks(pixel_format, opaque))
        # (pygame-ce's stubs give its views of pixels the buffer protocol from Python 3.12)
        with memoryview(image.get_view("0")) as pixels:  # type: ignore[arg-type]
            if file.readinto(pixels) != pixels.nbytes:
                raise ValueError("it is cut short")
            crc = zlib.crc32(pixels, crc)
        images.append(image if opaque else image.convert_alpha())
    if crc != check:
        raise ValueError("its checksum does not match")
    return images


def _masks(pixel_format: str, opaque: bool) -> tuple[int, int, int, int]:
    """The masks of 32-bit pixels whose bytes lie in memory as ``pixel_format`` names them
    (an opaque surface's fourth byte is unused)."""
    shift = {channel: 8 * (index if sys.byteorder == "little" else 3 - index)
             for index, channel in enumerate(pixel_format)}
    red, green, blue, alpha = (0xFF << shift[channel] for channel in "RGBA")
    return red, green, blue, 0 if opaque else alpha
