"""StorageError: every failure to read or write a field, a game or the preferences.

The message is one sentence a player can read in a dialog box; `code` says which
kind of failure it was, for tests and for the UI to pick an icon or a remedy.

>>> str(StorageError("Field slot 2 is empty.", code="empty"))
'Field slot 2 is empty.'
"""

from __future__ import annotations

import errno

from .screen_text import sentence_for_screen

CODES = frozenset({
    "empty",        # nothing saved in that slot
    "damaged",      # not JSON, not text
    "truncated",    # JSON that stops part way (a crash while writing, a copy cut short)
    "too_large",    # bigger than any file OGRE writes
    "foreign",      # JSON, but not this kind of OGRE file
    "future",       # written by a newer version of OGRE
    "old",          # an old version no migration reads any more
    "invalid",      # the right kind of file, but its contents break the schema
    "unreadable",   # the operating system refused to read it
    "unwritable",   # the folder cannot be written
    "disk_full",    # no space left (ENOSPC, EDQUOT)
    "io",           # any other operating-system failure
})


class StorageError(Exception):
    """A load or save that failed; `message` is the one-sentence explanation for the player."""

    def __init__(self, message: str, code: str = "io") -> None:
        message = sentence_for_screen(message)      # it may quote a file's contents or name
        super().__init__(message)
        self.message = message
        self.code = code

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"StorageError({self.message!r}, code={self.code!r})"


_DISK_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_NOT_WRITABLE = {errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOTDIR, errno.EEXIST,
                 errno.EISDIR, errno.ENOENT}


def write_failure(exc: OSError, folder: object) -> StorageError:
    """The player-facing error for an OSError raised while saving into `folder`."""
    if exc.errno in _DISK_FULL:
        return StorageError("The disk is full, so nothing was saved and the old file is unchanged.",
                            "disk_full")
    if isinstance(exc, (PermissionError, NotADirectoryError, FileExistsError, IsADirectoryError,
                        FileNotFoundError)) or exc.errno in _NOT_WRITABLE:
        return StorageError(f"The folder {folder} cannot be written to, so nothing was saved.",
                            "unwritable")
    reason = (exc.strerror or str(exc) or "unknown error").rstrip(".").lower()
    return StorageError(f"Saving failed ({reason}), so nothing was saved and the old file is "
                        "unchanged.", "io")


def read_failure(exc: OSError, where: str) -> StorageError:
    """The player-facing error for an OSError raised while reading `where`."""
    reason = (exc.strerror or str(exc) or "unknown error").rstrip(".").lower()
    return StorageError(f"{where} cannot be read ({reason}).", "unreadable")
