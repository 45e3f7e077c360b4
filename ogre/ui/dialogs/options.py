"""The OSI menu's dialogs: About Ogre, Preferences (G7), and the keyboard list (S4)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ogre.storage.preferences import Preferences
from ogre.ui.toolkit import ink, theme
from ogre.ui.toolkit.choices import picked
from ogre.ui.toolkit.keymap import ROWS
from ogre.ui.toolkit.widgets import OK_CANCEL, OK_ONLY, Answer, Dialog

ABOUT = (
    "OGRE, rebuilt: a recreation of the 1986 computer game, made from scratch in Python.\n"
    "OGRE was designed as a board game by Steve Jackson (Steve Jackson Games); this "
    "project recreates the 1986 computer version's play and rules. It is a fan recreation, "
    "with its own art, sounds and text."
)

KEYS = [(row.label, row.help) for row in ROWS]     # S4: the keys list is the key map

LEVELS = ("Low", "Med", "Hi")
INTERFACE_SIZES = (100, 125, 150, 200)      # percent (X4)
ROW_H = 32
# G7, T3, M7, M8: what Reminders cover, said where they are turned off (Issue 30 (8)); the
# 1986 game's Reminders cover the end of each phase and ramming and overrunning alike
REMINDERS_NOTE = ("Reminders: the game asks before a phase ends with pieces that have not "
                  "moved or fired, and before every ram or overrun. Off, as in the 1986 game, "
                  "rams and overruns happen at once, without the question.")
# What each option does, under the options: the one last pointed at or clicked, so the note
# never describes one option beside another
NOTES = {
    "sound": "Sound Effects: the guns, missiles, rams, overruns and explosions of the battle, "
             "and a sound at each new phase.",
    "reminders": REMINDERS_NOTE,
    "skip_empty": "Skip Empty Turns: a phase in which your side has nothing it can do passes "
                  "by itself, without waiting for Done.",
    "message_speed": "{label}: how long each move, aim and shot of the computer {side} stays "
                     "on the screen - Low 2.4 s, Med 1.2 s, Hi 0.45 s. A click or a key "
                     "hurries it.",
    "skill": "Ogre Skill Level: how well the computer plays the Ogre - Low, Med or Hi. Play a "
             "Game sets it too.",
    "defense_skill": "Defense Skill Level: how well the computer plays the Defense - Low, Med "
                     "or Hi. Play a Game sets it too.",
    "interface_size": "Interface Size: the text, the buttons and the map this much larger than "
                      "the screen's own size for them; larger shows less of the map at once.",
    "mailbox": "Internet Mailbox: the server internet games meet through - Public, the one the "
               "magic-wormhole project runs, or a club's Own (a ws:// or wss:// address). "
               "Click to type one; leave it empty for the public one.",
}
NO_COMPUTER = " With two players at this computer it has nothing to pace or play."
NOTE_SIZE = 17
# The speed paces the side the computer plays: the 1986 name where it plays the Ogre
SPEED_LABELS = {"ogre": "Ogre Message Speed", "defense": "Defense Message Speed"}


class PreferencesDialog(Dialog[Answer]):
    """Eight options, each clicked through its values; speed and the computer's skills dimmed
    in two-player games. The Ogre and the defence each have their own skill (issue 30). Under
    them, what the option last pointed at or clicked does; the message speed is named for the
    side the computer plays (`computer`: "ogre" or "defense"). The internet mailbox (X14) is
    typed: a click asks `ask_mailbox(now, then)` for it, over this dialog."""

    OPTIONS = (
        ("sound", "Sound Effects"),
        ("reminders", "Reminders"),
        ("skip_empty", "Skip Empty Turns"),
        ("message_speed", "Ogre Message Speed"),
        ("skill", "Ogre Skill Level"),
        ("defense_skill", "Defense Skill Level"),
        ("interface_size", "Interface Size"),
        ("mailbox", "Internet Mailbox"),
    )
    # the values an option steps through, where they are not Yes/No or the skill levels
    STEPS: dict[str, tuple[object, ...]] = {"interface_size": INTERFACE_SIZES}

    def __init__(self, prefs: Preferences, one_player: bool,
                 on_close: Callable[[Preferences | None], object],
                 computer: str | None = None,
                 ask_mailbox: Callable[[str, Callable[[str], None]], object] | None = None
                 ) -> None:
        self.values = prefs.model_dump()
        self.ask_mailbox = ask_mailbox
        self.base = prefs
        self.one_player = one_player
        side = computer if computer in SPEED_LABELS else prefs.play_computer
        self.labels = dict(self.OPTIONS, message_speed=SPEED_LABELS.get(side, SPEED_LABELS["ogre"]))
        self.side = "Defense" if side == "defense" else "Ogre"
        self.focus = "reminders"        # the note first says what turning Reminders off does
        width = 420
        self.note_h = max(theme.paragraphs_height([theme.Para(self.note(name, dimmed),
                                                              NOTE_SIZE)], width - 40)
                          for name, _ in self.OPTIONS for dimmed in (False, True))
        super().__init__("Preferences", "Click an option to change it.", OK_CANCEL,
                         lambda a: on_close(picked(a, self.base.model_copy(
                             update=self._updates()))),
                         width=width, body_height=len(self.OPTIONS) * ROW_H + self.note_h + 6)

    def _updates(self) -> dict:
        return {name: self.values[name] for name, _ in self.OPTIONS}

    def live(self, name: str) -> bool:
        return self.one_player or name not in ("message_speed", "skill", "defense_skill")

    def note(self, name: str, dimmed: bool | None = None) -> str:
        """What option `name` does (and, dimmed, why it cannot be changed now)."""
        words = NOTES[name].format(label=self.labels["message_speed"], side=self.side)
        dimmed = not self.live(name) if dimmed is None else dimmed
        return words + NO_COMPUTER if dimmed else words

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.rect.left + 20, self.body_top + i * ROW_H, self.rect.width - 40,
                           ROW_H - 4)

    def note_rect(self) -> pygame.Rect:
        """Under the options: what the option last pointed at or clicked does."""
        return pygame.Rect(self.rect.left + 20, self.body_top + len(self.OPTIONS) * ROW_H + 4,
                           self.rect.width - 40, self.note_h)

    def cycle(self, name: str) -> None:
        if name == "mailbox":
            if self.ask_mailbox is not None:
                self.ask_mailbox(self.values[name], lambda url: self.values.update(mailbox=url))
            return
        v = self.values[name]
        if isinstance(v, bool):
            self.values[name] = not v
        else:
            steps = self.STEPS.get(name, LEVELS)
            self.values[name] = steps[(steps.index(v) + 1) % len(steps)]

    def handle_body(self, event: pygame.event.Event) -> None:
        for i, (name, _) in enumerate(self.OPTIONS):
            if not self.row_rect(i).collidepoint(event.pos):
                continue
            self.focus = name           # pointed at (the mouse or the keyboard's pointer)
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.live(name):
                self.cycle(name)

    def draw_body(self, surface: ink.Target) -> None:
        for i, (name, _) in enumerate(self.OPTIONS):
            r = self.row_rect(i)
            on = self.live(name)
            ink.rect(surface, theme.BUTTON if on else theme.BUTTON_DIM, r, border_radius=4)
            if name == self.focus:
                ink.rect(surface, theme.ACCENT if on else theme.TEXT_DIM, r, 1, border_radius=4)
            v = self.values[name]
            shown = ("Yes" if v else "No") if isinstance(v, bool) else \
                f"{v}%" if isinstance(v, int) else ("Own" if v else "Public") \
                if name == "mailbox" else v
            colour = theme.TEXT if on else theme.TEXT_DIM
            theme.draw_in_box(surface, self.labels[name], pygame.Rect(r.left + 10, r.top,
                                                                      r.width - 80, r.height),
                              22, colour, middle=True)
            theme.text(surface, shown, (r.right - 60, r.top + 6), 22,
                       theme.ACCENT if on else theme.TEXT_DIM, bold=on)
        # Reminders turned off is news: it stands out
        news = self.focus == "reminders" and not self.values["reminders"]
        theme.draw_in_box(surface, self.note(self.focus), self.note_rect(), NOTE_SIZE,
                          theme.ACCENT if news else theme.TEXT_DIM, smallest=NOTE_SIZE)


class KeysDialog(Dialog[Answer]):
    """S4: every key, each row at the list's one size; a row that does not fit its width wraps
    onto a second line rather than shrinking (Issue 30 (20))."""

    WIDTH = 700
    GAP = 6                 # between rows, as the list had
    KEY_W = 150
    SIZE = 21

    def __init__(self) -> None:
        words_w = self.WIDTH - 40 - self.KEY_W
        self.row_heights = [max(theme.paragraphs_height([theme.Para(k, self.SIZE, bold=True)],
                                                        self.KEY_W - 8),
                                theme.paragraphs_height([theme.Para(w, self.SIZE)], words_w))
                            + self.GAP for k, w in KEYS]
        super().__init__("Keyboard", "", OK_ONLY, width=self.WIDTH,
                         body_height=sum(self.row_heights) + 4)

    def rows(self) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """Each key's box and its words' box."""
        out = []
        y = self.body_top
        for h in self.row_heights:
            out.append((pygame.Rect(self.rect.left + 20, y, self.KEY_W - 8, h),
                        pygame.Rect(self.rect.left + 20 + self.KEY_W, y,
                                    self.rect.width - 40 - self.KEY_W, h)))
            y += h
        return out

    def draw_body(self, surface: ink.Target) -> None:
        for (key, words), (key_box, words_box) in zip(KEYS, self.rows()):
            theme.draw_in_box(surface, key, key_box, self.SIZE, theme.ACCENT, bold=True,
                              smallest=self.SIZE)
            theme.draw_in_box(surface, words, words_box, self.SIZE, smallest=self.SIZE)
