"""The battle's story (X11): every message of the battle, kept from its start and grouped under
a heading per turn and per phase, in the results window at the bottom of the sidebar.

The window shows the newest messages unless the player scrolled back (the mouse wheel over it,
Shift+PgUp and Shift+PgDn, Shift+End for the newest); then the view stays put while new ones
arrive below, and a mark says so. A loaded battle's story is told again from its log.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

import pygame

from ogre.rules import Action, GameState, RuleError, parse_action
from ogre.rules.events import Event
from ogre.rules.hidden import replay_told
from ogre.rules.state import OGRE_ID
from ogre.ui.drawing import status
from ogre.ui.toolkit import keymap

TURN_HEADING = re.compile(r"^Turn \d+$")
PHASE_HEADING = re.compile(r"^-- .+ --$")
WHEEL_STEP = 2         # messages a notch of the wheel scrolls
PAGE_STEP = 6          # messages Shift+PgUp / Shift+PgDn scroll
NOT_RETOLD = "(The battle's earlier messages could not be told again.)"


def is_heading(line: str) -> bool:
    return bool(TURN_HEADING.match(line) or PHASE_HEADING.match(line))


def move_line(before: GameState, e: Event) -> str:
    """A move in words: the Ogre's as the rules say it ("Ogre to 1021"), a defender's with the
    hex it came from ("Heavy Tank from 1017 to 1016"), whoever moved it."""
    if e.piece == OGRE_ID:
        return e.text
    was = before.piece(e.piece)
    name = was.name if was is not None else e.text.rsplit(" to ", 1)[0]
    came = f" from {was.hex:04d}" if was is not None and was.hex != e.hex else ""
    return f"{name}{came} to {e.hex:04d}"


class Story:
    """The lines told so far and how far the player has scrolled back from the newest."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.back = 0                   # how many of the newest lines are below the view
        self.turn: int | None = None    # the turn whose heading was told last

    # -- telling
    def say(self, line: str) -> None:
        self.lines.append(line)
        if self.back:
            self.back += 1              # scrolled back: the view stays where it is

    def tell(self, before: GameState, after: GameState, events: Iterable[Event],
             sound: Callable[[Event], None] = lambda e: None) -> int:
        """Tell an action's events; how many lines worth holding the computer for (G2's
        pacing: a defender's move is only a moment, as it was when it showed nothing)."""
        held = 0
        if self.turn is None:
            self._turn_heading(before)
        for e in events:
            if e.kind == "phase":
                self._turn_heading(after)
                self.say(f"-- {e.text} --")
                sound(e)
            elif e.kind == "victory":
                self.say(e.text)
                held += 1
            elif e.kind == "enter":
                self.say(e.text)
                held += 1
            elif e.kind == "move":
                self.say(move_line(before, e))
                held += e.piece == OGRE_ID
            elif e.kind in ("fire", "ram", "overrun", "ram_ogre", "recover", "exit"):
                self.say(status.log_line(e) + status.dice_words(e))
                sound(e)
                held += 1
        return held

    def _turn_heading(self, s: GameState) -> None:
        if s.turn != self.turn:
            self.turn = s.turn
            self.say(f"Turn {s.turn}")

    def retell(self, start: GameState, log: Sequence[str], told: Sequence[int]) -> None:
        """X11: a loaded battle's story, told again from its log (never a traceback: a log
        that does not replay leaves one line saying so)."""
        self.lines, self.back, self.turn = [], 0, None
        try:
            actions: list[Action] = [parse_action(a) for a in log]
            before = start
            for after, events in replay_told(start, actions, told):
                self.tell(before, after, events)
                before = after
        except (RuleError, ValueError):
            self.say(NOT_RETOLD)

    # -- looking back
    def scroll(self, messages: int) -> None:
        """Back (positive) towards the battle's start, or on (negative) towards the newest."""
        self.back = max(0, min(len(self.lines) - 1, self.back + messages))

    def shown(self) -> list[str]:
        """The lines the window may show, the last of them lowest (the newest when not
        scrolled back); forty are more than any window holds."""
        end = len(self.lines) - self.back
        return self.lines[max(0, end - 40):end]


def story_event(battle, event: pygame.event.Event, panel: pygame.Rect) -> bool:
    """The wheel over the results window (logical `pos`) and the scroll keys: taken, even in
    the computer's turn and behind a dialog, for they only move the view."""
    story: Story = battle.story
    if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
        if not panel.collidepoint(event.pos):
            return False
        story.scroll(WHEEL_STEP if event.button == 4 else -WHEEL_STEP)
        return True
    if event.type == pygame.MOUSEBUTTONUP and event.button in (4, 5):
        return panel.collidepoint(event.pos)
    command = keymap.command(event)
    if command == "story_back":
        story.scroll(PAGE_STEP)
    elif command == "story_on":
        story.scroll(-PAGE_STEP)
    elif command == "story_newest":
        story.back = 0
    else:
        return False
    return True
