"""The OSI menu's dialogs: About Ogre, Preferences (G7), and the keyboard list (S4)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ogre.storage.preferences import Preferences

from . import theme
from .widgets import Dialog

ABOUT = (
    "OGRE, rebuilt: a recreation of the 1986 computer game, made from scratch in Python.\n"
    "OGRE was designed as a board game by Steve Jackson (Steve Jackson Games); this "
    "project recreates the 1986 computer version's play and rules. It is a fan recreation, "
    "with its own art, sounds and text."
)

KEYS = [
    ("Arrow keys", "a hex on the map (Shift: 3); sidebar: button to button"),
    ("Ctrl+arrows", "a few pixels (for the editor's hexsides)"),
    ("Space", "click where the pointer is"),
    ("Z", "pick up / drop: drag with the keyboard"),
    ("R  D", "Range, Done"),
    ("U", "Undo (move phases) or Clear (fire phases)"),
    ("G  F", "Group/Split, Fire"),
    ("Tab", "whole map / half map"),
    ("PgUp PgDn", "scroll one row;  Home End: top or bottom half"),
    ("M  O", "open the Menu / OSI menus; arrows choose, Enter runs"),
    ("P", "Play a Game (from the Field Editor)"),
    ("Enter  Esc", "OK, Cancel in dialogs"),
    ("F1", "the rules at hand; while open, 1 to 7 turn its pages"),
    ("A", "advice: what the computer would do for you now; A again hides it"),
    ("F11  Alt+Enter", "full screen, or back to the window"),
    ("K", "this list"),
]

LEVELS = ("Low", "Med", "Hi")
ROW_H = 32


class PreferencesDialog(Dialog):
    """Six options, each clicked through its values; speed and the computer's skills dimmed in
    two-player games. The Ogre and the defence each have their own skill (issue 30)."""

    OPTIONS = (
        ("sound", "Sound Effects"),
        ("reminders", "Reminders"),
        ("skip_empty", "Skip Empty Turns"),
        ("message_speed", "Ogre Message Speed"),
        ("skill", "Ogre Skill Level"),
        ("defense_skill", "Defense Skill Level"),
    )

    def __init__(self, prefs: Preferences, one_player: bool,
                 on_close: Callable[[str, Preferences], object]) -> None:
        self.values = prefs.model_dump()
        self.base = prefs
        self.one_player = one_player
        super().__init__("Preferences", "Click an option to change it.", ("OK", "Cancel"),
                         lambda b: on_close(b, self.base.model_copy(update=self._updates())),
                         width=420, body_height=len(self.OPTIONS) * ROW_H)

    def _updates(self) -> dict:
        return {name: self.values[name] for name, _ in self.OPTIONS}

    def live(self, name: str) -> bool:
        return self.one_player or name not in ("message_speed", "skill", "defense_skill")

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.rect.left + 20, self.body_top + i * ROW_H, self.rect.width - 40,
                           ROW_H - 4)

    def cycle(self, name: str) -> None:
        v = self.values[name]
        if isinstance(v, bool):
            self.values[name] = not v
        else:
            self.values[name] = LEVELS[(LEVELS.index(v) + 1) % len(LEVELS)]

    def handle_body(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, (name, _) in enumerate(self.OPTIONS):
                if self.row_rect(i).collidepoint(event.pos) and self.live(name):
                    self.cycle(name)

    def draw_body(self, surface: pygame.Surface) -> None:
        for i, (name, label) in enumerate(self.OPTIONS):
            r = self.row_rect(i)
            on = self.live(name)
            pygame.draw.rect(surface, theme.BUTTON if on else theme.BUTTON_DIM, r, border_radius=4)
            v = self.values[name]
            shown = ("Yes" if v else "No") if isinstance(v, bool) else v
            colour = theme.TEXT if on else theme.TEXT_DIM
            theme.draw_in_box(surface, label, pygame.Rect(r.left + 10, r.top, r.width - 80,
                                                          r.height), 22, colour, middle=True)
            theme.text(surface, shown, (r.right - 60, r.top + 6), 22,
                       theme.ACCENT if on else theme.TEXT_DIM, bold=on)


class KeysDialog(Dialog):
    def __init__(self) -> None:
        super().__init__("Keyboard", "", ("OK",), width=560, body_height=len(KEYS) * 24)

    def draw_body(self, surface: pygame.Surface) -> None:
        y = self.body_top
        for key, words in KEYS:
            theme.draw_in_box(surface, key, pygame.Rect(self.rect.left + 20, y, 124, 24), 21,
                              theme.ACCENT, bold=True, smallest=15)
            theme.draw_in_box(surface, words, pygame.Rect(self.rect.left + 150, y,
                                                          self.rect.width - 170, 24), 21,
                              smallest=15)
            y += 24
