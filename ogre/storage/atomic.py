"""Atomic writes and size-limited reads of small text files.

A save writes a temporary file in the same folder, flushes and fsyncs it, then
renames it over the old one with `os.replace`, which is atomic on POSIX and on
Windows. A crash or a full disk at any point leaves either the old file or the
new one, never half of one; the temporary file is removed on failure.
"""

from __future__ import annotations

import os
import stat
import tempfile
import time
from contextlib import suppress
from pathlib import Path

from .errors import StorageError, read_failure, write_failure

TEMP_SUFFIX = ".tmp"
STALE_SECONDS = 3600     # a temporary file this old was left by a crash: tidy it away


def write_text_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` (UTF-8) all at once, creating its folder if needed.

    Raises StorageError ("unwritable", "disk_full" or "io") and leaves any old file intact.
    """
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Replace `path` with `data` all at once (a report's picture, X9), as write_text_atomic."""
    path = Path(path)
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=folder)
    except OSError as exc:
        raise write_failure(exc, folder) from exc
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        with suppress(OSError):
            os.unlink(tmp)
        if path.is_dir():       # a folder where the file belongs: the folder itself is fine
            raise StorageError(f"{path} is a folder, not a file, so nothing was saved there; "
                               "move or rename that folder to save in this slot.",
                               "unwritable") from exc
        raise write_failure(exc, folder) from exc
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(folder)
    _remove_stale_temps(path)


def _remove_stale_temps(path: Path) -> None:
    """Best effort: delete temporary files an earlier crash left beside `path`."""
    cutoff = time.time() - STALE_SECONDS
    with suppress(OSError):
        for old in path.parent.glob(f".{path.name}.*{TEMP_SUFFIX}"):
            with suppress(OSError):
                if old.stat().st_mtime < cutoff:
                    old.unlink()


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (not on Windows)."""
    if os.name != "posix":
        return
    with suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def read_text_limited(path: Path, limit: int, where: str) -> str:
    """The text of `path`, refusing anything over `limit` bytes or that is not a regular file.

    Every file OGRE reads comes through here. A named pipe, a device or a folder in a file's
    place is refused before it is opened (opening a pipe waits for a writer for ever), and the
    file is opened without waiting in case one is swapped in between the check and the open.
    FileNotFoundError propagates (the caller decides what a missing file means);
    every other failure is a StorageError naming `where`: "unreadable", "too_large",
    "damaged" (not UTF-8) or "truncated" (UTF-8 cut in the middle of a character).
    """
    try:
        _regular(os.stat(path).st_mode, where)
        fd = os.open(path, os.O_RDONLY | _NO_WAIT)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise read_failure(exc, where) from exc
    try:
        info = os.fstat(fd)
        _regular(info.st_mode, where)
        if info.st_size > limit:
            raise StorageError(f"{where} is too large to be an OGRE file.", "too_large")
        data = _read_at_most(fd, limit + 1)
    except OSError as exc:
        raise read_failure(exc, where) from exc
    finally:
        os.close(fd)
    if len(data) > limit:
        raise StorageError(f"{where} is too large to be an OGRE file.", "too_large")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data":
            raise StorageError(f"{where} is incomplete: the file was cut off, perhaps by a "
                               "crash while saving.", "truncated") from None
        raise StorageError(f"{where} is damaged: it is not a text file.", "damaged") from None


# Open without waiting (a pipe), without becoming a terminal's reader, in binary on Windows.
_NO_WAIT = (getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
            | getattr(os, "O_BINARY", 0))
_NOT_FILES = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"),
              (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def _regular(mode: int, where: str) -> None:
    if stat.S_ISREG(mode):
        return
    what = next((name for test, name in _NOT_FILES if test(mode)), "something else")
    raise StorageError(f"{where} cannot be read (it is {what}, not a file).", "unreadable")


def _read_at_most(fd: int, size: int) -> bytes:
    chunks, left = [], size
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)
