"""Learn to Play (X6): the guided first battle, lesson by lesson, over the real battle screen.

Menu > Learn to Play opens lessons.py's battle against a computer Ogre that plays its script,
then the Low computer Ogre. A lesson panel at the top of the map asks for one thing and waits;
anything else is refused with the game's message and a hint; once done it says what happened,
and Next goes on. Leave ends the lessons (the battle stays). The lesson reached is kept with
the preferences, so Learn to Play picks up there: the battle is rebuilt by playing the script
up to that lesson.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from ogre.match.lessons import (
    LESSONS,
    MARK,
    OGRE_SCRIPT,
    SEED,
    BattleOver,
    Lesson,
    NextPressed,
    ScriptedOgre,
    Seen,
    Until,
    astray,
    met,
    tutorial_field,
)
from ogre.resources import standard_board
from ogre.rules import Action, GameState, RuleError, apply, check, new_game
from ogre.rules.state import Phase
from ogre.ui.drawing.mapview import map_rect
from ogre.ui.toolkit import ink, theme
from ogre.ui.toolkit.widgets import Button

if TYPE_CHECKING:
    from collections.abc import Callable

    from ogre.ui.scenes.battle import Battle


class Turns(Protocol):
    def computer_acting(self) -> bool: ...


class App(Protocol):
    """What the lessons use of the window that holds them (issue 29: never the App itself)."""

    @property
    def battle(self) -> Battle | None: ...
    @property
    def canvas(self) -> ink.Canvas: ...
    @property
    def commands(self) -> Turns: ...
    def touch(self) -> None: ...
    def remember_lesson(self, index: int) -> None: ...
    def start_tutorial(self) -> None: ...
    def every_frame(self, task: Callable[[], None]) -> None: ...
    def stop_every_frame(self, task: Callable[[], None]) -> None: ...

PANEL_H = 118
BUTTON_W = 116                     # "Start again" whole at the buttons' size
NOT_THIS = "Not in this lesson."
NOT_THAT = "Not that piece."
CHOOSE = "Go on, or start again?"


def first_position() -> GameState:
    """The lessons' battle before the Ogre comes on."""
    return new_game(tutorial_field(standard_board()), MARK, SEED)


def lesson_start(index: int) -> tuple[GameState, list[str]]:
    """The battle as lesson `index` finds it: the earlier lessons played out, with the Ogre's
    turns that came in them (the first lesson watches the Ogre's first turn itself)."""
    state = first_position()
    log: list[str] = []
    ogre = ScriptedOgre()
    wanted = [w for lesson in LESSONS[:index] for w in lesson.wants]
    while not state.over:
        if state.phase in (Phase.OGRE_ENTRY, Phase.OGRE_MOVE, Phase.OGRE_FIRE):
            if index == 0 or (state.turn, state.phase) not in OGRE_SCRIPT:
                break
            action = ogre.choose(state)
        elif wanted:
            action = wanted.pop(0)
        else:
            break
        state, _ = apply(state, action)
        log.append(str(action))
    return state, log


class Tutorial:
    def __init__(self, app: App, index: int = 0) -> None:
        self.app = app
        self.index = min(index, len(LESSONS) - 1)
        self.step = 0                      # actions of the lesson's `wants` done
        self.explaining = False            # done: `then` shows, Next goes on
        # picked up at a later lesson: the panel first offers Go on or Start again
        self.resuming = self.index > 0
        self.refusal = ""                  # the hint last shown, cleared once complied
        self.active = True
        self.battle = app.battle
        self._wanted_at = len(app.battle.log) if app.battle is not None else 0
        self._shown = self._showing()      # what the screen showed when last looked at
        self.buttons: list[Button] = []
        self._make_room(PANEL_H + 8)
        self._layout()
        app.every_frame(self.tick)

    @property
    def lesson(self) -> Lesson:
        return LESSONS[self.index]

    # -- the lesson's progress
    def vet(self, action: Action) -> str | None:
        """Battle.act asks first: None lets the action through; else the refusal."""
        if not self.active or self.app.commands.computer_acting():
            return None                    # the computer's own actions are not the lesson's
        if self.resuming:
            self.refusal = CHOOSE
            return CHOOSE
        lesson = self.lesson
        if isinstance(lesson.until, BattleOver):
            return None                    # the last lesson is the battle itself
        wanted = lesson.wants[self.step] if self.step < len(lesson.wants) else None
        if not self.explaining and wanted == action:
            return None
        words = NOT_THIS                   # a legal action, but not this lesson's
        if self.battle is not None:
            try:
                check(self.battle.state, action)
            except RuleError as err:
                words = err.message        # the game's own message first
        self.refusal = f"{words} {'Press Next.' if self.explaining else lesson.hint}"
        return self.refusal

    def tick(self) -> None:
        a = self.app
        if not self.active:
            return
        if a.battle is not self.battle or self.battle is None:
            self.leave()                   # another battle: the lessons stop (kept for later)
            return
        if self.explaining or self.resuming:
            return
        b, lesson = self.battle, self.lesson
        self._hint_if_astray()
        while (self.step < len(lesson.wants) and len(b.log) > self._wanted_at
               and b.log[self._wanted_at] == str(lesson.wants[self.step])):
            self.step += 1
            self._wanted_at += 1
            self._clear_hint()             # complied: the hint has said its piece
        if self.step >= len(lesson.wants) and self._until_met(lesson.until):
            self.explaining = True
            self._clear_hint()
            a.touch()

    def _showing(self) -> tuple[int | None, bool]:
        b = self.battle
        return (b.selected, b.umbrella is not None) if b is not None else (None, False)

    def _hint_if_astray(self) -> None:
        """Another piece picked, or its Range shown, where the lesson waits for one: said at
        once, with the hint, as a refused action is (a click is no action to refuse)."""
        shown = self._showing()
        if shown == self._shown or self.battle is None:
            return
        self._shown = shown
        if astray(self.lesson.until, self._seen()):
            self.refusal = f"{NOT_THAT} {self.lesson.hint}"
            self.battle.refuse(self.refusal)
            self.app.touch()

    def _clear_hint(self) -> None:
        """The red hint goes once the player has done what it asked, and never carries into
        the next lesson; a message of the game's own stays."""
        if self.battle is not None and self.refusal and self.battle.message == self.refusal:
            self.battle.message = ""
        self.refusal = ""

    def _seen(self) -> Seen:
        b = self.battle
        assert b is not None
        return Seen(b.state, b.selected, b.umbrella is not None,
                    self.app.commands.computer_acting())

    def _until_met(self, until: Until) -> bool:
        return met(until, self._seen())

    def next(self) -> None:
        """Next: on to the next lesson (kept with the preferences), or the end."""
        if isinstance(self.lesson.until, NextPressed) and not self.explaining:
            self.explaining = True
            return
        self._clear_hint()
        if self.index + 1 >= len(LESSONS):
            self.app.remember_lesson(0)     # done: Learn to Play starts afresh next time
            self.leave()
            return
        self.index += 1
        self.step, self.explaining = 0, False
        self._wanted_at = len(self.battle.log) if self.battle is not None else 0
        self._shown = self._showing()
        self.app.remember_lesson(self.index)
        self.app.touch()

    def go_on(self) -> None:
        """Picked up at the lesson reached: on from there."""
        self.resuming = False
        self._shown = self._showing()
        self._clear_hint()
        self.app.touch()

    def start_again(self) -> None:
        """From lesson 1, on a fresh battle (the lessons' battle is the lessons' own)."""
        self.app.remember_lesson(0)
        self.app.start_tutorial()

    def leave(self) -> None:
        self.active = False
        self.app.stop_every_frame(self.tick)
        self._make_room(0)
        self.app.touch()

    def _make_room(self, inset: int) -> None:
        """The map gives the lesson panel its top stripe while the lessons last."""
        if self.battle is not None:
            self.battle.top_inset = inset
            self.battle.resize(self.app.canvas.get_size())

    # -- the panel
    def rect(self) -> pygame.Rect:
        """The stripe above the map, under the menu bar."""
        m = map_rect(self.app.canvas.get_size())
        return pygame.Rect(m.left + 6, m.top + 4, m.width - 12, PANEL_H)

    def _layout(self) -> None:
        r = self.rect()
        w = BUTTON_W
        leave = Button(pygame.Rect(r.right - w - 8, r.top + 8, w, 30), "Leave", self.leave)
        if self.resuming:                  # Issue 30 (13): both ways on, offered
            self.buttons = [
                Button(pygame.Rect(r.right - w - 8, r.bottom - 36, w, 30), "Go on", self.go_on),
                Button(pygame.Rect(r.right - w - 8, r.top + 44, w, 30), "Start again",
                       self.start_again),
                leave,
            ]
            return
        self.buttons = [
            Button(pygame.Rect(r.right - w - 8, r.bottom - 36, w, 30), "Next", self.next,
                   lambda: self.explaining or isinstance(self.lesson.until, NextPressed)),
            leave,
        ]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Its buttons' clicks, and any click on the panel, are its own."""
        if not self.active or not self.rect().collidepoint(event.pos):
            return False
        self._layout()
        for b in self.buttons:
            b.handle_event(event)
        return True

    def draw(self, surface: ink.Target) -> None:
        if not self.active:
            return
        r = self.rect()
        self._layout()
        ink.rect(surface, theme.PANEL, r, border_radius=8)
        ink.rect(surface, theme.ACCENT, r, 2, border_radius=8)
        title_box, body = self.text_boxes()[:2]
        theme.draw_in_box(surface, self.title(), title_box, 19, theme.ACCENT, bold=True)
        theme.draw_in_box(surface, self.words(), body, 18, smallest=14)
        for b in self.buttons:
            b.draw(surface)

    def title(self) -> str:
        return f"Lesson {self.index + 1} of {len(LESSONS)}: {self.lesson.title}"

    def words(self) -> str:
        """What the panel says: the welcome back, the lesson's ask, or what happened."""
        if self.resuming:
            return (f"Welcome back. Go on from lesson {self.index + 1}, where you stopped, or "
                    "start again from lesson 1 on a fresh battle?")
        return self.lesson.then if self.explaining else self.lesson.ask

    def text_boxes(self) -> list[pygame.Rect]:
        """Where the panel puts words (for the tests)."""
        r = self.rect()
        room = BUTTON_W + 24
        return [pygame.Rect(r.left + 10, r.top + 6, r.width - room, 24),
                pygame.Rect(r.left + 10, r.top + 34, r.width - room, r.height - 40),
                *(b.rect for b in self.buttons)]
