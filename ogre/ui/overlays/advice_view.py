"""Advice on screen (X8): the A key and Menu > Advice ask the computer's Hi player what it would
do for the side to act; its plan shows over the map as arrows and aims until the battle moves on.

The thinking runs where the computer opponent's does - in the worker process (thinker.py), else
on a thread beside the frame loop - so the screen never waits; nothing advised is ever played.
Only in a player's own phase: in the computer's the command is dimmed and the key says so in one
sentence.
"""

from __future__ import annotations

import math
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Protocol

import pygame

from ogre.ai.advice import Advice, advise, side_to_act
from ogre.rules import combat
from ogre.rules.state import OGRE_ID, GameState
from ogre.rules.units import WEAPON_STATS, Weapon
from ogre.ui.overlays.thinker import AdviceThought, WorkerGone
from ogre.ui.toolkit import ink, theme

if TYPE_CHECKING:
    from ogre.ui.drawing.mapview import MapView
    from ogre.ui.overlays.thinker import Mind
    from ogre.ui.scenes.battle import Battle


class Turns(Protocol):
    """What the Advice asks of the computer's turn driver."""

    mind: Mind

    def computer_acting(self) -> bool: ...


class App(Protocol):
    """What the Advice uses of the window that holds it (issue 29: never the App itself)."""

    seed: int

    @property
    def battle(self) -> Battle | None: ...
    @property
    def screen(self) -> object: ...
    @property
    def canvas(self) -> ink.Canvas: ...
    @property
    def commands(self) -> Turns: ...
    def touch(self) -> None: ...

ARROW = (70, 210, 255)           # the advice's colour: no piece or range colour uses it
EDGE = (10, 30, 45)              # the dark rim that keeps crossing arrows apart
SEE_THROUGH = 175                # the arrows' opacity: the counters under them still read
BANNER_ROOM = 34                 # the stripe the map gives the banner while advice shows
BADGE_R = 10
NOT_NOW = "Advice is for your own phases, while the battle goes on."
THINKING = "Advice: the computer is thinking about your move..."


class AdviceView:
    def __init__(self, app: App) -> None:
        self.app = app
        self.pool: ThreadPoolExecutor | None = None
        self.thinking: Future[Advice] | AdviceThought | None = None
        self.asked_on: GameState | None = None       # the state the thinking is about
        self.advice: Advice | None = None
        self.shown_on: GameState | None = None       # the state the advice shown is for
        # the stripe taken from the top of the map for the banner (Issue 30 (18)), and the
        # battle it was taken from
        self.room = 0
        self.room_for: object | None = None
        self.marks: list[pygame.Rect] = []           # the numbers and labels last drawn

    def available(self) -> bool:
        """A battle on screen, going on, in a phase one of the players plays."""
        a = self.app
        b = a.battle
        return (b is not None and a.screen is b and side_to_act(b.state) is not None
                and not a.commands.computer_acting())

    def ask(self) -> None:
        b = self.app.battle
        if b is None or not self.available():
            if b is not None:
                b.refuse(NOT_NOW)
            return
        if self.thinking is not None:
            return                                   # already on it
        b.match.advice_asked += 1                          # kept with the battle (saves, logs)
        self.advice = None
        self.asked_on = b.state
        self.thinking = (self.app.commands.mind.advise(b.state, self.app.seed)
                         or self._on_thread(b.state))

    def _on_thread(self, state: GameState) -> Future[Advice]:
        if self.pool is None:
            self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ogre-advice")
        return self.pool.submit(advise, state, self.app.seed)

    def toggle(self) -> None:
        """The A key: the advice shown goes; else it is asked for."""
        if not self.hide():
            self.ask()

    def hide(self) -> bool:
        shown = self.advice is not None or self.thinking is not None
        if self.thinking is not None:
            self.thinking.cancel()           # the worker's answer, when it comes, is dropped
        self.advice, self.thinking = None, None
        return shown

    def tick(self) -> None:
        """Every frame: take the finished advice if the battle has not moved on meanwhile,
        and drop what is shown once it has."""
        b = self.app.battle
        state = b.state if b is not None else None
        if self.thinking is not None and self.thinking.done():
            future, self.thinking = self.thinking, None
            if self.asked_on is state and b is not None:
                try:
                    self.advice, self.shown_on = future.result(), state
                except WorkerGone:                   # think again, on the thread
                    self.app.commands.mind.fall_back()
                    self.thinking = self._on_thread(b.state)
                    return
                except Exception as exc:             # the game goes on without it
                    b.refuse(f"No advice this time ({exc}).")
                else:
                    self._frame(b.map, b.state)
                self.app.touch()
            else:
                future.cancel()                      # stale: the worker's answer is let go
        if self.advice is not None and self.shown_on is not state:
            self.advice = None
            self.app.touch()
        self._make_room()

    def _make_room(self) -> None:
        """While advice is asked for or shown, the map gives the banner a stripe at its top,
        as it gives the lesson panel one, so no row of the map is covered."""
        b = self.app.battle
        if b is not self.room_for:                   # another battle: no room taken there
            self.room_for, self.room = b, 0
        want = BANNER_ROOM if self.thinking is not None or self.advice is not None else 0
        if b is None or want == self.room:
            return
        b.top_inset = max(0, b.top_inset + want - self.room)
        self.room = want
        b.resize(self.app.canvas.get_size())
        self.app.touch()

    def _frame(self, m: MapView, state: GameState) -> None:
        """Scroll the map to show what is advised, the first piece's move first."""
        advice = self.advice
        if advice is None:
            return
        hexes = [h for step in advice.moves for h in (step.end, step.start) if h]
        for shot in advice.shots:
            for pid in (*shot.attackers, shot.target):
                h = state.ogre.hex if pid == OGRE_ID else getattr(state.piece(pid), "hex", 0)
                if h:
                    hexes.append(h)
        if hexes:
            m.frame(hexes[0], hexes[1:])

    def shutdown(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)

    # -- drawing
    def draw(self, surface: ink.Target, m: MapView) -> None:
        self.marks = []
        if self.thinking is not None:
            self._banner(surface, m, THINKING)
        advice = self.advice
        if advice is None:
            return
        if advice.empty:
            self._banner(surface, m, "Advice: nothing to do here; press Done.")
            return
        self._banner(surface, m, "Advice: the arrows show what the computer would do, in the "
                                 "order numbered; press A to hide them.")
        clip = surface.get_clip()
        surface.set_clip(m.rect)
        layer = ink.Canvas(surface.get_size(), ink.scale_of(surface), alpha=True)  # clipped
        badges: list[tuple[tuple[float, float], int]] = []
        for n, step in enumerate(advice.moves, 1):
            if step.start:
                tip = _arrow(layer, m.layout.center(step.start), m.layout.center(step.end),
                             start_gap=m.counter_size * 0.4)
                badges.append((tip, n))
            elif m.hex_visible(step.end):
                m.outline_hex(surface, step.end, ARROW, 4)         # the Ogre's entry hex
        state = self.shown_on
        labels = []
        for shot in advice.shots:
            what = WEAPON_STATS[Weapon(shot.part)].name if shot.part else "Kill"
            if state is not None:
                end = self._shot(layer, m, state, shot.attackers, shot.target)
                if end is not None:
                    labels.append((end, f"{what} {combat.percent(shot.kill)}%"))
        layer.set_alpha(SEE_THROUGH)
        ink.blit(surface, layer, (0, 0))
        for at, n in badges:
            self._badge(surface, m, at, str(n))
        for end, words in labels:
            self._label(surface, m, end, words)
        surface.set_clip(clip)

    def _free(self, box: pygame.Rect, m: MapView, step: tuple[int, int]) -> pygame.Rect:
        """Slide a mark along `step` until it covers no mark already drawn (a dense stack
        would pile them on one spot)."""
        box = box.clamp(m.rect)
        for _ in range(40):
            if box.collidelist(self.marks) < 0:
                break
            box = box.move(step)
            if not m.rect.contains(box):
                step = (-step[0], -step[1])
                box = box.clamp(m.rect)
        self.marks.append(box)
        return box

    def _badge(self, surface: ink.Target, m: MapView, at: tuple[float, float],
               words: str) -> None:
        """A move's number, at its arrow's head."""
        box = pygame.Rect(0, 0, 2 * BADGE_R, 2 * BADGE_R)
        box.center = (int(at[0]), int(at[1]))
        box = self._free(box, m, (BADGE_R + 2, 0))
        ink.circle(surface, EDGE, box.center, BADGE_R)
        ink.circle(surface, ARROW, box.center, BADGE_R, 2)
        theme.draw_in_box(surface, words, box.inflate(-4, -4), 15, ARROW, bold=True,
                          center=True, smallest=10)

    def _label(self, surface: ink.Target, m: MapView, end: tuple[float, float],
               words: str) -> None:
        """A shot's part and chance, over its target; a second shot at it goes above."""
        box = pygame.Rect(0, 0, theme.font(16).size(words)[0] + 20, 24)   # no wider than said
        box.midbottom = (int(end[0]), int(end[1]) - 18)
        box = self._free(box, m, (0, -26))
        ink.rect(surface, theme.BG, box, border_radius=5)
        ink.rect(surface, ARROW, box, 2, border_radius=5)
        theme.draw_in_box(surface, words, box.inflate(-8, -2), 16, ARROW, center=True)

    def _shot(self, layer: ink.Target, m: MapView, state: GameState,
              attackers: tuple[int, ...], target: int) -> tuple[float, float] | None:
        """The dashed lines from the attackers to the target; where the target is."""
        def hex_of(pid: int) -> int:
            return state.ogre.hex if pid == OGRE_ID else getattr(state.piece(pid), "hex", 0)
        to = hex_of(target)
        if not to:
            return None
        end = m.layout.center(to)
        for pid in attackers:
            h = hex_of(pid)
            if h:
                _arrow(layer, m.layout.center(h), end, dashed=True,
                       start_gap=m.counter_size * 0.4)
        return end

    def banner_rect(self, m: MapView) -> pygame.Rect:
        """In the stripe the map gave it; over the map's top only while it has none."""
        top = m.rect.top - self.room + 4 if self.room and self.room_for is self.app.battle \
            else m.rect.top + 6
        return pygame.Rect(m.rect.left + 46, top, m.rect.width - 92, 26)

    def _banner(self, surface: ink.Target, m: MapView, words: str) -> None:
        box = self.banner_rect(m)
        ink.rect(surface, theme.BG, box, border_radius=6)
        ink.rect(surface, ARROW, box, 2, border_radius=6)
        theme.draw_in_box(surface, words, box.inflate(-12, -2), 16, ARROW, middle=True)


def _arrow(surface: ink.Target, a: tuple[float, float], b: tuple[float, float],
           dashed: bool = False, start_gap: float = 0.0) -> tuple[float, float]:
    """A thick arrow from a to b with a dark rim, leaving the piece at a uncovered and its
    head short of b's centre so the piece there shows; returns the point behind its head."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return b
    ux, uy = dx / length, dy / length
    tip = (b[0] - ux * 14, b[1] - uy * 14)
    gap = min(start_gap, max(0.0, length - 30))
    a = (a[0] + ux * gap, a[1] + uy * gap)
    if dashed:
        steps = max(1, int((length - gap) // 14))
        span = (tip[0] - a[0], tip[1] - a[1])
        for width, colour in ((7, EDGE), (3, ARROW)):
            for i in range(0, steps, 2):
                p = (a[0] + span[0] * i / steps, a[1] + span[1] * i / steps)
                q = (a[0] + span[0] * min(i + 1, steps) / steps,
                     a[1] + span[1] * min(i + 1, steps) / steps)
                ink.line(surface, colour, p, q, width)
    else:
        ink.line(surface, EDGE, a, tip, 9)
        ink.line(surface, ARROW, a, tip, 5)
    left = (tip[0] - ux * 14 - uy * 8, tip[1] - uy * 14 + ux * 8)
    right = (tip[0] - ux * 14 + uy * 8, tip[1] - uy * 14 - ux * 8)
    ink.polygon(surface, EDGE, (tip, left, right), 3)
    ink.polygon(surface, ARROW, (tip, left, right))
    back = 14 + BADGE_R + 2                          # just behind the head: the move's number
    return (tip[0] - ux * back, tip[1] - uy * back)
