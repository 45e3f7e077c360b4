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
from typing import TYPE_CHECKING

import pygame

from ogre.ai.advice import Advice, advise, side_to_act
from ogre.rules import combat
from ogre.rules.state import OGRE_ID, GameState
from ogre.rules.units import WEAPON_STATS, Weapon

from . import theme
from .thinker import AdviceThought, WorkerGone

if TYPE_CHECKING:
    from .app import App
    from .mapview import MapView

ARROW = (70, 210, 255)           # the advice's colour: no piece or range colour uses it
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
    def draw(self, surface: pygame.Surface, m: MapView) -> None:
        if self.thinking is not None:
            self._banner(surface, m, THINKING)
        advice = self.advice
        if advice is None:
            return
        if advice.empty:
            self._banner(surface, m, "Advice: nothing to do here; press Done.")
            return
        self._banner(surface, m, "Advice: the arrows show what the computer would do; "
                                 "press A to hide them.")
        clip = surface.get_clip()
        surface.set_clip(m.rect)
        state = self.shown_on
        for step in advice.moves:                  # the clip cuts what runs off the view
            if step.start:
                _arrow(surface, m.layout.center(step.start), m.layout.center(step.end))
            elif m.hex_visible(step.end):
                m.outline_hex(surface, step.end, ARROW, 4)         # the Ogre's entry hex
        for shot in advice.shots:
            what = WEAPON_STATS[Weapon(shot.part)].name if shot.part else "Kill"
            if state is not None:
                self._shot(surface, m, state, shot.attackers, shot.target,
                           f"{what} {combat.percent(shot.kill)}%")
        surface.set_clip(clip)

    def _shot(self, surface: pygame.Surface, m: MapView, state: GameState,
              attackers: tuple[int, ...], target: int, words: str) -> None:
        def hex_of(pid: int) -> int:
            return state.ogre.hex if pid == OGRE_ID else getattr(state.piece(pid), "hex", 0)
        to = hex_of(target)
        if not to:
            return
        end = m.layout.center(to)
        for pid in attackers:
            h = hex_of(pid)
            if h:
                _arrow(surface, m.layout.center(h), end, dashed=True)
        label = pygame.Rect(0, 0, 180, 24)
        label.midbottom = (int(end[0]), int(end[1]) - 18)
        label.clamp_ip(m.rect)
        pygame.draw.rect(surface, theme.BG, label, border_radius=5)
        pygame.draw.rect(surface, ARROW, label, 2, border_radius=5)
        theme.draw_in_box(surface, words, label.inflate(-8, -2), 16, ARROW, center=True)

    def _banner(self, surface: pygame.Surface, m: MapView, words: str) -> None:
        box = pygame.Rect(m.rect.left + 46, m.rect.top + 6, m.rect.width - 92, 26)
        pygame.draw.rect(surface, theme.BG, box, border_radius=6)
        pygame.draw.rect(surface, ARROW, box, 2, border_radius=6)
        theme.draw_in_box(surface, words, box.inflate(-12, -2), 16, ARROW, middle=True)


def _arrow(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float],
           dashed: bool = False) -> None:
    """A thick arrow from a to b, its head short of b's centre so the piece there shows."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    tip = (b[0] - ux * 14, b[1] - uy * 14)
    if dashed:
        steps = max(1, int(length // 14))
        for i in range(0, steps, 2):
            p = (a[0] + dx * i / steps, a[1] + dy * i / steps)
            q = (a[0] + dx * min(i + 1, steps) / steps, a[1] + dy * min(i + 1, steps) / steps)
            pygame.draw.line(surface, ARROW, p, q, 3)
    else:
        pygame.draw.line(surface, ARROW, a, tip, 5)
    left = (tip[0] - ux * 14 - uy * 8, tip[1] - uy * 14 + ux * 8)
    right = (tip[0] - ux * 14 + uy * 8, tip[1] - uy * 14 - ux * 8)
    pygame.draw.polygon(surface, ARROW, (tip, left, right))
