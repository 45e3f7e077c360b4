"""Export the Log's answer (X3): where the log went, and the command that replays it on one line
of its own, with a Copy button that puts the command on the clipboard.

The clipboard is SDL's (pygame.scrap.put_text). Where there is none to reach - no video
driver, a driver without one - Copy says so in the dialog and nothing fails; the command stays
written out above it.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable
from enum import Enum
from pathlib import Path

import pygame

from ogre.ui.toolkit import ink, keymap, theme
from ogre.ui.toolkit.widgets import Dialog

TITLE = "Export the Log"
COPIED = "Copied: paste it into a terminal."
NO_CLIPBOARD = "The clipboard cannot be reached here; the command is written above."
WIDTH = 680
SIZES = range(20, 12, -1)     # the command's sizes, largest first, until it fits one line
NOTE_SIZE = 18


class Exported(Enum):
    OK = "ok"
    COPY = "copy"


def replay_command(path: Path) -> str:
    """The command line that replays the log, the path quoted where the shell would split it."""
    words = str(path)
    if os.name == "nt":
        return f'ogre --replay "{words}"' if any(c.isspace() for c in words) else \
            f"ogre --replay {words}"
    return f"ogre --replay {shlex.quote(words)}"


def copy_text(text: str) -> bool:
    """Put text on the clipboard; whether it could (never raises: no clipboard is no error)."""
    try:
        if not pygame.display.get_init():
            return False
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, NotImplementedError, OSError):
        return False
    return True


def command_lines(command: str, width: int) -> tuple[int, list[str]]:
    """The command at the largest size that sets it on one line; a path too long for any
    breaks inside itself at the smallest."""
    for size in SIZES:
        if theme.font(size).size(command)[0] <= width:
            return size, [command]
    size = SIZES[-1]
    return size, theme.wrap(command, size, width)


class ExportedLog(Dialog[Exported]):
    """The log's place, the replay command set apart on its line, OK and Copy (Copy leaves
    the dialog open and says whether the command reached the clipboard)."""

    def __init__(self, path: Path, copy: Callable[[str], bool] = copy_text) -> None:
        self.command = replay_command(path)
        self.copy = copy
        self.note = ""
        intro = f"The battle log is in {path}. Replay it with this command:"
        inner = WIDTH - 40 - 16
        self.size, self.command_lines = command_lines(self.command, inner)
        self.line_h = theme.line_height(self.size)
        body = 4 + 12 + self.line_h * len(self.command_lines) + 8 + theme.line_height(NOTE_SIZE) + 4
        super().__init__(TITLE, intro, [("OK", Exported.OK), ("Copy", Exported.COPY)],
                         width=WIDTH, body_height=body)
        self.message = f"{intro} {self.command}"      # its words in full, as the player reads

    def close(self, value: Exported) -> None:
        if value is Exported.COPY:
            self.note = COPIED if self.copy(self.command) else NO_CLIPBOARD
            return
        super().close(value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and keymap.command(event) == "cancel":
            self.close(Exported.OK)         # Esc closes, as in every dialog: it never copies
            return True
        return super().handle_event(event)

    def command_rect(self) -> pygame.Rect:
        h = 12 + self.line_h * len(self.command_lines)
        return pygame.Rect(self.rect.left + 20, self.body_top + 4, self.rect.width - 40, h)

    def note_rect(self) -> pygame.Rect:
        r = self.command_rect()
        return pygame.Rect(r.left, r.bottom + 8, r.width, theme.line_height(NOTE_SIZE) + 4)

    def draw_body(self, surface: ink.Target) -> None:
        box = self.command_rect()
        ink.rect(surface, theme.BG, box, border_radius=6)
        y = box.top + 6
        for line in self.command_lines:
            theme.text(surface, line, (box.left + 8, y), self.size)
            y += self.line_h
        if self.note:
            theme.draw_in_box(surface, self.note, self.note_rect(), NOTE_SIZE, theme.ACCENT,
                              smallest=12)
