"""The battle's story (X11): every message of the battle, kept from its start and grouped under
a heading per turn and per phase, in the results window at the bottom of the sidebar.

The window shows the newest messages unless the player scrolled back (the mouse wheel over it,
Shift+PgUp and Shift+PgDn, Shift+End for the newest); then the view stays put while new ones
arrive below, and a mark says so. Scrolled all the way back, the earliest lines fill the window.

The story is told from the actions and their events alone, so a loaded battle's story, told
again from its log, is the one the player saw line for line: every aim is said (the player's
own as the computer's), an undone move takes its lines away, and aims cleared or never fired
take theirs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

import pygame

from ogre.rules import Action, Clear, Done, Fire, GameState, OgreAim, RuleError, parse_action
from ogre.rules.events import Event
from ogre.rules.hidden import replay_told
from ogre.rules.scenarios import ogre_called
from ogre.rules.sides import ogre_in_play, side_of
from ogre.rules.units import is_ogre_id
from ogre.ui.drawing import status
from ogre.ui.toolkit import keymap, theme

TURN_HEADING = re.compile(r"^Turn \d+$")
PHASE_HEADING = re.compile(r"^-- .+ --$")
WHEEL_STEP = 2         # messages a notch of the wheel scrolls
PAGE_STEP = 6          # messages Shift+PgUp / Shift+PgDn scroll
MOST_SHOWN = 40        # more lines than any results window holds
NOT_RETOLD = "(The battle's earlier messages could not be told again.)"


def is_heading(line: str) -> bool:
    return bool(TURN_HEADING.match(line) or PHASE_HEADING.match(line))


def move_line(before: GameState, e: Event) -> str:
    """A move in words: the Ogre's as the rules say it ("Ogre to 1021"), a defender's with the
    hex it came from ("Heavy Tank from 1017 to 1016"), whoever moved it."""
    if is_ogre_id(e.piece):
        return e.text
    was = before.piece(e.piece)
    name = was.name if was is not None else e.text.rsplit(" to ", 1)[0]
    if side_of(before, e.piece) == "ogre":  # 9.03: the force's units, told from the defense's
        name = f"Attacking {name}"
    came = f" from {was.hex:04d}" if was is not None and was.hex != e.hex else ""
    return f"{name}{came} to {e.hex:04d}"


class Story:
    """The lines told so far and how far the player has scrolled back from the newest."""

    def __init__(self) -> None:
        self._begin()

    def _begin(self) -> None:
        self.lines: list[str] = []
        self.back = 0                   # how many of the newest lines are below the view
        self.turn: int | None = None    # the turn whose heading was told last
        # the lines an Undo or a Clear would take back: each piece's moves since its phase
        # began (or since a ram or a grouping, which cannot be undone), and the aims not fired
        self._moves: dict[int, list[int]] = {}
        self._aims: list[int] = []

    # -- telling
    def say(self, line: str) -> int:
        """Add a line; its index."""
        self.lines.append(line)
        if self.back:
            self.back += 1              # scrolled back: the view stays where it is
        return len(self.lines) - 1

    def tell(self, before: GameState, after: GameState, events: Iterable[Event],
             sound: Callable[[Event], None] = lambda e: None,
             action: Action | None = None, seen: GameState | None = None) -> int:
        """Tell an action's events (and, for an aim, the action itself, which has none); how
        many lines worth holding the computer for (G2's pacing: a defender's move is only a
        moment, as it was when it showed nothing). `seen` is `before` as the player at the
        screen may see it: an aim at a marker names the marker (8.04)."""
        held = 0
        if self.turn is None:
            self._turn_heading(before)
        if isinstance(action, status.AIMS):
            if isinstance(action, OgreAim):
                self._take_back(self._aims)      # the Ogre's aim replaces the one before
            self._aims.append(self.say(status.aim_words(seen or before, action)))
            held += 1
        elif isinstance(action, (Clear, Done)):
            self._take_back(self._aims)          # aimed, never fired: it did not happen
        elif isinstance(action, Fire):
            self._aims = []                      # fired: the aims stand in the story
        for e in events:
            if e.kind == "phase":
                self._moves.clear()
                self._aims = []
                self._turn_heading(after)
                self.say(f"-- {e.text} --")
                sound(e)
            elif e.kind in ("victory", "enter", "time_up"):
                self.say(e.text)
                held += 1
            elif e.kind == "move":
                self._moves.setdefault(e.piece, []).append(self.say(move_line(before, e)))
                held += is_ogre_id(e.piece)
            elif e.kind == "undo":
                self._undo(before, e)
            elif e.kind == "group":
                self._moves.pop(e.piece, None)   # M5: a grouping cannot be undone
            elif e.kind in ("mine", "shown"):        # 8.03, 8.04: they say their hex
                self.say(e.text + status.dice_words(e))
                sound(e)
                held += 1
            elif e.kind in ("fire", "ram", "overrun", "ram_ogre", "recover", "exit"):
                if e.kind in ("ram", "overrun"):
                    # M4: no undoing past a ram or overrun
                    self._moves.pop(ogre_in_play(before).id, None)
                self.say(status.log_line(e) + status.dice_words(e))
                sound(e)
                held += 1
        return held

    def _undo(self, before: GameState, e: Event) -> None:
        """An undone move: its lines are taken back; a move the story never told on its own
        (a squad split off after its unit moved) is said going back."""
        lines = self._moves.pop(e.piece, [])
        if lines:
            self._take_back(lines)
            return
        was = before.piece(e.piece)
        ogre = before.ogre_unit(e.piece)
        name = (ogre_called(before.scenario, ogre) if ogre is not None
                else was.name if was is not None else "Unit")
        self.say(f"{name} back to {e.hex:04d}")

    def _take_back(self, gone: list[int]) -> None:
        """Take these lines out of the story; the view stays on the lines it shows."""
        if not gone:
            return
        drop = set(gone)
        below = len(self.lines) - self.back
        self.back -= sum(1 for i in drop if i >= below)
        self.lines = [line for i, line in enumerate(self.lines) if i not in drop]

        def after(i: int) -> int:
            return i - sum(1 for g in drop if g < i)

        self._moves = {p: [after(i) for i in ids if i not in drop]
                       for p, ids in self._moves.items()}
        self._aims = [after(i) for i in self._aims if i not in drop]

    def _turn_heading(self, s: GameState) -> None:
        if s.turn != self.turn:
            self.turn = s.turn
            self.say(f"Turn {s.turn}")

    def retell(self, start: GameState, log: Sequence[str], told: Sequence[int]) -> None:
        """X11: a loaded battle's story, told again from its log as it was told live (never a
        traceback: a log that does not replay leaves one line saying so)."""
        self._begin()
        try:
            actions: list[Action] = [parse_action(a) for a in log]
            before = start
            for action, (after, events) in zip(actions, replay_told(start, actions, told)):
                self.tell(before, after, events, action=action)
                before = after
        except (RuleError, ValueError):
            self._begin()
            self.say(NOT_RETOLD)

    # -- looking back
    def scroll(self, messages: int, room: int = 1) -> None:
        """Back (positive) towards the battle's start, or on (negative) towards the newest;
        never further back than where the `room` earliest lines fill the window."""
        self.back = max(0, min(len(self.lines) - max(1, room), self.back + messages))

    def shown(self) -> list[str]:
        """The lines the window may show, the last of them lowest (the newest when not
        scrolled back)."""
        end = len(self.lines) - self.back
        return self.lines[max(0, end - MOST_SHOWN):end]


# -- the results window's measure (sidebar.draw_results draws it)
LOWEST = 19            # the size the window's lines shrink to before the oldest give way
MARK_ROOM = 24         # the mark saying newer lines lie below
KILL_WORDS = "Probability of kill: 100%"


def para(line: str, size: int | None = None) -> theme.Para:
    """X11: a turn's heading stands out, a phase's is quieter, a message is plain (at `size`
    when given: the window's lines at their smallest)."""
    if TURN_HEADING.match(line):
        return theme.Para(line, size or 20, theme.ACCENT, bold=True, gap=6)
    if PHASE_HEADING.match(line):
        return theme.Para(line, size or 19, theme.TEXT_DIM, bold=True)
    return theme.Para(line, size or 19)


def room(lines: Sequence[str], panel: pygame.Rect, kill: bool) -> int:
    """How many of the earliest lines fill the results window `panel`, scrolled back (with
    the mark below, and the kill probability above when `kill`): the most of them that fit
    whole at the size the window shrinks them to, so none is cut."""
    box = panel.inflate(-16, -16)
    box.height -= MARK_ROOM
    if kill:
        box.height -= theme.paragraphs_height([theme.Para(KILL_WORDS, 22, bold=True)],
                                              box.width) + 8
    lo, hi = 1, min(len(lines), MOST_SHOWN)
    while lo < hi:                     # the heights only grow with more lines: by halves
        mid = (lo + hi + 1) // 2
        paras = [para(line, LOWEST) for line in lines[:mid]]
        if theme.paragraphs_height(paras, box.width) <= box.height:
            lo = mid
        else:
            hi = mid - 1
    return lo


def story_event(battle, event: pygame.event.Event, panel: pygame.Rect) -> bool:
    """The wheel over the results window (logical `pos`) and the scroll keys: taken, even in
    the computer's turn and behind a dialog, for they only move the view."""
    story: Story = battle.story
    if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
        if not panel.collidepoint(event.pos):
            return False
        step = WHEEL_STEP if event.button == 4 else -WHEEL_STEP
    elif event.type == pygame.MOUSEBUTTONUP and event.button in (4, 5):
        return panel.collidepoint(event.pos)
    else:
        command = keymap.command(event)
        if command == "story_newest":
            story.back = 0
            return True
        if command not in ("story_back", "story_on"):
            return False
        step = PAGE_STEP if command == "story_back" else -PAGE_STEP
    if step > 0:
        kill = battle.state.aim is not None or getattr(battle.dialog, "kill_text", None)
        story.scroll(step, room(story.lines, panel, bool(kill)))
    else:
        story.scroll(step)
    return True
