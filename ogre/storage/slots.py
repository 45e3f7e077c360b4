"""Five numbered slot files in one folder: slot1.json .. slot5.json.

Each slot is its own file, written atomically, so a failure in one slot never
touches another.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from .atomic import read_text_limited, write_text_atomic
from .errors import StorageError, write_failure

SLOTS = (1, 2, 3, 4, 5)


class SlotStatus(str, Enum):
    EMPTY = "empty"
    OK = "ok"
    UNREADABLE = "unreadable"


class SlotFolder:
    """The files behind five slots; `noun` names a slot in messages ("Field slot 3")."""

    def __init__(self, folder: Path, noun: str, limit: int) -> None:
        self.folder = Path(folder)
        self.noun = noun
        self.limit = limit

    def path(self, slot: int) -> Path:
        if isinstance(slot, bool) or slot not in SLOTS:
            raise ValueError(f"slot must be 1 to 5, not {slot!r}")
        return self.folder / f"slot{slot}.json"

    def where(self, slot: int) -> str:
        return f"{self.noun} {slot}"

    def read(self, slot: int) -> str | None:
        """The slot's text, None when the slot is empty; StorageError when it cannot be read."""
        try:
            return read_text_limited(self.path(slot), self.limit, self.where(slot))
        except FileNotFoundError:
            return None

    def read_existing(self, slot: int) -> str:
        text = self.read(slot)
        if text is None:
            raise StorageError(f"{self.where(slot)} is empty.", "empty")
        return text

    def write(self, slot: int, text: str) -> None:
        write_text_atomic(self.path(slot), text)

    def clear(self, slot: int) -> None:
        """Empty a slot (no error if it already is)."""
        try:
            self.path(slot).unlink(missing_ok=True)
        except OSError as exc:
            raise write_failure(exc, self.folder) from exc
