"""Advice on screen (X8): the A key and Menu > Advice ask the computer's Hi player what it would
do for the side to act; its plan shows over the map as numbered arrows and aims, and stays
until the phase ends or the player asks again: each step the player has done is ticked, and an
arrow starts from where its piece stands now.

The thinking runs where the computer opponent's does - in the worker process (thinker.py), else
on a thread beside the frame loop - so the screen never waits, and a banner says it is thinking
meanwhile; nothing advised is ever played. Only in a player's own phase: in the computer's the
command is dimmed and the key says so in one sentence.

A number sits beside the counter its arrow ends on, never on a counter where there is room; a
step that ends off the half-map view gets a marker at the map's edge pointing its way, beside
the other markers, never on them.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Protocol

import pygame

from ogre.ai.advice import Advice, Shot, Step, advise
from ogre.rules import combat
from ogre.rules.sides import acting_side
from ogre.rules.state import GameState, Ogre, Phase, Piece
from ogre.rules.units import WEAPON_STATS, Weapon, is_ogre_id
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

GHOST = 150                  # a unit's counter where the plan brings it on: see-through
ARROW = (70, 210, 255)           # the advice's colour: no piece or range colour uses it
EDGE = (10, 30, 45)              # the dark rim that keeps crossing arrows apart
SEE_THROUGH = 175                # the arrows' opacity: the counters under them still read
BANNER_ROOM = 34                 # the stripe the map gives the banner while advice shows
BADGE_R = 10
POINTER = 9                      # how far an edge marker's point stands out of its number
NOT_NOW = "Advice is for your own phases, while the battle goes on."
THINKING = "The Advice is thinking..."
NOTHING = "Advice: nothing to do here; press Done."
SHOWN = ("Advice: the arrows show what the computer would do, in the order numbered; press A "
         "to hide them.")
FOLLOWED = "Advice: {done} of {steps} done (ticked); press A for a fresh plan from here."
ALL_DONE = "Advice: all of it done; press A for a fresh plan."

# Where a phase is: the same battle, turn and phase keep the plan; any other drops it.
PhaseKey = tuple[object, int, Phase]
Point = tuple[float, float]


def phase_key(b: Battle | None) -> PhaseKey | None:
    return None if b is None or b.state.over else (b, b.state.turn, b.state.phase)


def stands(state: GameState, pid: int) -> int:
    """Where a piece stands now; 0 when it is gone."""
    p = state.piece(pid) or state.ogre_unit(pid)
    return p.hex if p is not None else 0


def step_done(state: GameState, step: Step) -> bool:
    """The player has brought the piece where the plan has it (or the piece is gone; a unit
    waiting to enter, 9.03's, is not)."""
    p = state.piece(step.piece) or state.ogre_unit(step.piece)
    if p is None:
        return not is_ogre_id(step.piece)
    return p.hex == step.end


def _ghost(m: MapView, surface: ink.Target, unit: Piece | None, h: int) -> None:
    """A unit coming on (9.03's force) shown faintly where the plan brings it."""
    if unit is not None:
        m.draw_counter(surface, h, unit.kind.value, GHOST, squads=unit.squads, side="ogre")


class AdviceView:
    def __init__(self, app: App) -> None:
        self.app = app
        self.pool: ThreadPoolExecutor | None = None
        self.thinking: Future[Advice] | AdviceThought | None = None
        self.asked_on: GameState | None = None       # the state the thinking is about
        self.asked_in: PhaseKey | None = None        # and the phase it was asked in
        self.asked_at = 0.0                          # when (time.monotonic), for the banner
        self.seconds = 0                             # the seconds of thinking last shown
        self.asked_log = 0                           # the battle log's length then
        self.said = ""                               # the banner's words last drawn
        self.advice: Advice | None = None
        self.shown_on: GameState | None = None       # the state the plan shown was made on
        self.shown_in: PhaseKey | None = None        # the phase it holds for
        self.fired_at = 0                            # the log's length it was made at
        # the stripe taken from the top of the map for the banner (Issue 30 (18)), and the
        # battle it was taken from
        self.room = 0
        self.room_for: object | None = None
        self.marks: list[pygame.Rect] = []           # the numbers and labels last drawn
        self.edge_marks: list[pygame.Rect] = []      # those of them at the map's edge
        self.counters: list[pygame.Rect] = []        # the counters in the view, as drawn
        self.bound: list[pygame.Rect] = []           # and where the plan's steps end

    def available(self) -> bool:
        """A battle on screen, going on, in a phase one of the players plays."""
        a = self.app
        b = a.battle
        return (b is not None and a.screen is b and acting_side(b.state) is not None
                and not a.commands.computer_acting())

    def ask(self) -> None:
        b = self.app.battle
        if b is None or not self.available():
            if b is not None:
                b.refuse(NOT_NOW)
            return
        if self.thinking is not None:
            return                                   # already on it
        b.match.asked_advice()
        self.advice = None
        self.asked_on, self.asked_in = b.state, phase_key(b)
        self.asked_at, self.asked_log, self.seconds = time.monotonic(), len(b.log), 0
        self.thinking = (self.app.commands.mind.advise(b.seen, self.app.seed)
                         or self._on_thread(b.seen))
        self.app.touch()

    def _on_thread(self, state: GameState) -> Future[Advice]:
        if self.pool is None:
            self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ogre-advice")
        return self.pool.submit(advise, state, self.app.seed)

    def toggle(self) -> None:
        """The A key: the plan shown goes while none of it is done; once the battle has moved
        on, a fresh plan from there is asked for; while thinking, the thinking stops."""
        b = self.app.battle
        moved_on = b is not None and b.state is not self.shown_on
        if self.thinking is not None or (self.advice is not None and not moved_on):
            self.hide()
        else:
            self.ask()

    def hide(self) -> bool:
        shown = self.advice is not None or self.thinking is not None
        if self.thinking is not None:
            self.thinking.cancel()           # the worker's answer, when it comes, is dropped
        self.advice, self.thinking = None, None
        self.asked_in = self.shown_in = None         # no battle held on to
        return shown

    def tick(self) -> None:
        """Every frame: take the finished plan if its phase goes on, drop the plan and the
        thinking once the phase has ended, and keep the thinking banner's seconds going."""
        b = self.app.battle
        here = phase_key(b)
        if self.thinking is not None and self.asked_in != here:
            self.thinking.cancel()                   # the phase ended: too late to help
            self.thinking = None
            self.app.touch()
        if self.thinking is not None and self.thinking.done() and b is not None:
            future, self.thinking = self.thinking, None
            try:
                advice = future.result()
            except WorkerGone:                       # think again, on the thread
                self.app.commands.mind.fall_back()
                self.asked_on, self.thinking = b.state, self._on_thread(b.seen)
                return
            except Exception as exc:                 # the game goes on without it
                b.refuse(f"No advice this time ({exc}).")
            else:
                self.show(advice, self.asked_on, self.asked_log)
                self._frame(b.map, b.state)
            self.app.touch()
        if self.advice is not None and self.shown_in != here:
            self.advice = None
            self.app.touch()
        if self.thinking is not None and self._thought() != self.seconds:
            self.seconds = self._thought()
            self.app.touch()                         # a second more: the banner says so
        self._make_room()

    def show(self, advice: Advice, made_on: GameState | None = None, log_at: int = -1) -> None:
        """Show this plan, made on that state at that length of the log (the battle's now when
        not said), for as long as the battle's phase lasts."""
        b = self.app.battle
        self.advice, self.shown_in = advice, phase_key(b)
        self.shown_on = made_on or (b.state if b is not None else None)
        self.fired_at = log_at if log_at >= 0 else len(b.log) if b is not None else 0

    def _thought(self) -> int:
        return int(time.monotonic() - self.asked_at)

    def thinking_words(self) -> str:
        return f"{THINKING} {self.seconds} s" if self.seconds >= 1 else THINKING

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
                h = stands(state, pid)
                if h:
                    hexes.append(h)
        if hexes:
            m.frame(hexes[0], hexes[1:])

    def shutdown(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)

    # -- drawing
    def draw(self, surface: ink.Target, m: MapView) -> None:
        self.marks, self.edge_marks, self.said = [], [], ""
        if self.thinking is not None:
            self._banner(surface, m, self.thinking_words())
        advice, b = self.advice, self.app.battle
        if advice is None or b is None:
            return
        now = b.state
        if advice.empty:
            self._banner(surface, m, NOTHING)
            return
        numbered = list(enumerate(advice.moves, 1))
        done = [(n, s) for n, s in numbered if step_done(now, s)]
        to_do = [(n, s) for n, s in numbered if not step_done(now, s)]
        fired = "fire" in b.log[self.fired_at:]
        self._banner(surface, m, self._progress(len(done) + fired * len(advice.shots),
                                                len(numbered) + len(advice.shots)))
        clip = surface.get_clip()
        surface.set_clip(m.rect)
        layer = ink.Canvas(surface.get_size(), ink.scale_of(surface), alpha=True)  # clipped
        heads: list[tuple[Step, int, Point | None]] = []
        for n, step in to_do:
            at = stands(now, step.piece)
            if at:
                heads.append((step, n, _arrow(layer, m.layout.center(at),
                                              m.layout.center(step.end),
                                              start_gap=m.counter_size * 0.4)))
            else:
                heads.append((step, n, None))
                if m.hex_visible(step.end):
                    m.outline_hex(surface, step.end, ARROW, 4)     # the Ogre's entry hex
                    _ghost(m, surface, now.piece(step.piece), step.end)
        for shot in () if fired else advice.shots:
            self._shot(layer, m, now, shot)
        layer.set_alpha(SEE_THROUGH)
        ink.blit(surface, layer, (0, 0))
        self.counters = self._counters(m, (*now.pieces, *now.ogres))
        self.bound = self._counters(m, (), [s.end for _, s in to_do])
        for step, n, head in heads:
            if step.start:                           # an entry is its outlined hex
                self._number(surface, m, now, step, head, str(n))
        for _, step in done:
            self._number(surface, m, now, step, None, "")
        for shot in advice.shots:
            self._label(surface, m, stands(now, shot.target), _shot_words(shot, fired))
        surface.set_clip(clip)

    @staticmethod
    def _progress(done: int, steps: int) -> str:
        if not done:
            return SHOWN
        return ALL_DONE if done >= steps else FOLLOWED.format(done=done, steps=steps)

    @staticmethod
    def _counters(m: MapView, units: Iterable[Piece | Ogre],
                  ends: Iterable[int] = ()) -> list[pygame.Rect]:
        """Where counters stand (or where the plan will put them) in the view."""
        hexes = {u.hex for u in units if u.hex} | set(ends)
        return [m.counter_rect(h) for h in hexes if m.hex_visible(h)]

    def _place(self, m: MapView, candidates: list[pygame.Rect],
               prefer: Point) -> pygame.Rect | None:
        """Of the candidates inside the map, clear of the corner arrows and of every mark
        drawn, the one covering least of the counters, then of the hexes the plan moves pieces
        to, then the nearest `prefer`."""
        blocked = [*self.marks, *m.arrows.values()]
        best: tuple[tuple[int, int, float], pygame.Rect] | None = None
        for box in candidates:
            if not m.rect.contains(box) or box.collidelist(blocked) >= 0:
                continue
            score = (_cover(box, self.counters), _cover(box, self.bound),
                     math.dist(box.center, prefer))
            if best is None or score < best[0]:
                best = (score, box)
        return None if best is None else best[1]

    def _beside(self, m: MapView, h: int, size: tuple[int, int],
                prefer: Point) -> pygame.Rect:
        """A box of this size beside hex h's counter: on the arrow's own line where that is
        clear, else round the counter, two rings out."""
        w, hh = size
        cx, cy = m.layout.center(h)
        half = m.counter_size / 2
        candidates = [pygame.Rect(0, 0, w, hh)]
        candidates[0].center = (round(prefer[0]), round(prefer[1]))
        for ring in (2, 2 + w):
            for k in range(16):
                a = k * math.pi / 8
                # the nearest point on this bearing where the box clears the counter
                reach = min((half + w / 2 + ring) / max(abs(math.cos(a)), 1e-9),
                            (half + hh / 2 + ring) / max(abs(math.sin(a)), 1e-9))
                box = pygame.Rect(0, 0, w, hh)
                box.center = (round(cx + reach * math.cos(a)), round(cy + reach * math.sin(a)))
                candidates.append(box)
        placed = self._place(m, candidates, prefer)
        return placed if placed is not None else self._free(candidates[0], m, (w + 2, 0))

    def _at_edge(self, m: MapView, size: tuple[int, int],
                 x: float, up: bool) -> pygame.Rect:
        """A box of this size at the map's top (up) or bottom edge, as near x as it is clear of
        the other marks and the corner arrows, and off the counters where it can be."""
        w, h = size
        top = m.rect.top + 2 if up else m.rect.bottom - 2 - h
        left = min(max(round(x - w / 2), m.rect.left + 2), m.rect.right - 2 - w)
        candidates = [pygame.Rect(left + k * (w + 3), top, w, h)
                      for k in range(-m.rect.width // (w + 3), m.rect.width // (w + 3) + 1)]
        placed = self._place(m, candidates, (left + w / 2, top))
        return placed if placed is not None else self._free(candidates[0], m, (w + 3, 0))

    def _number(self, surface: ink.Target, m: MapView, now: GameState, step: Step,
                head: Point | None, words: str) -> None:
        """A step's number beside the counter its arrow ends on (a tick once it is done); at
        the map's edge, pointing the way, when that counter is out of the view."""
        side = 2 * BADGE_R
        if m.hex_visible(step.end):
            prefer = head if head is not None else m.layout.center(step.end)
            box = self._beside(m, step.end, (side, side), prefer)
            self.marks.append(box)
            _badge(surface, box, words)
            return
        if not words:
            return                                   # done, out of the view: nothing to say
        ex, ey = m.layout.center(step.end)
        up = ey < m.rect.top
        x = ex
        at = stands(now, step.piece)
        if at and m.hex_visible(at):                 # where its arrow leaves the view
            sx, sy = m.layout.center(at)
            edge = m.rect.top if up else m.rect.bottom
            x = sx + (ex - sx) * (edge - sy) / (ey - sy) if ey != sy else ex
        box = self._at_edge(m, (side + 4, side + POINTER), x, up)
        self.marks.append(box)
        self.edge_marks.append(box)
        _pointer(surface, box, up)
        disc = pygame.Rect(box.left, box.top + (POINTER if up else 0), box.width, side)
        _badge(surface, disc.inflate(-4, 0), words)

    def _free(self, box: pygame.Rect, m: MapView, step: tuple[int, int]) -> pygame.Rect:
        """Slide a mark along `step` until it covers no mark already drawn (where no candidate
        place was clear)."""
        box = box.clamp(m.rect)
        for _ in range(40):
            if box.collidelist(self.marks) < 0:
                break
            box = box.move(step)
            if not m.rect.contains(box):
                step = (-step[0], -step[1])
                box = box.clamp(m.rect)
        return box

    def _label(self, surface: ink.Target, m: MapView, to: int, words: str) -> None:
        """A shot's part and chance beside its target's counter (a second shot's elsewhere); at
        the map's edge when the target is out of the view."""
        if not to:
            return                                   # the target is gone
        size = (theme.font(16).size(words)[0] + 20, 24)            # no wider than said
        x, y = m.layout.center(to)
        if m.hex_visible(to):
            box = self._beside(m, to, size, (x, y - m.counter_size / 2 - 14))
        else:
            box = self._at_edge(m, size, x, y < m.rect.top)
        self.marks.append(box)
        ink.rect(surface, theme.BG, box, border_radius=5)
        ink.rect(surface, ARROW, box, 2, border_radius=5)
        theme.draw_in_box(surface, words, box.inflate(-8, -2), 16, ARROW, center=True)

    @staticmethod
    def _shot(layer: ink.Target, m: MapView, state: GameState, shot: Shot) -> None:
        """The dashed lines from the attackers to the target."""
        to = stands(state, shot.target)
        for pid in shot.attackers if to else ():
            h = stands(state, pid)
            if h:
                _arrow(layer, m.layout.center(h), m.layout.center(to), dashed=True,
                       start_gap=m.counter_size * 0.4)

    def banner_rect(self, m: MapView) -> pygame.Rect:
        """In the stripe the map gave it; over the map's top only while it has none."""
        top = m.rect.top - self.room + 4 if self.room and self.room_for is self.app.battle \
            else m.rect.top + 6
        return pygame.Rect(m.rect.left + 46, top, m.rect.width - 92, 26)

    def _banner(self, surface: ink.Target, m: MapView, words: str) -> None:
        self.said = words
        box = self.banner_rect(m)
        ink.rect(surface, theme.BG, box, border_radius=6)
        ink.rect(surface, ARROW, box, 2, border_radius=6)
        theme.draw_in_box(surface, words, box.inflate(-12, -2), 16, ARROW, middle=True)


def _cover(box: pygame.Rect, rects: list[pygame.Rect]) -> int:
    """How much of the rects the box covers."""
    return sum(box.clip(r).width * box.clip(r).height for r in rects)


def _shot_words(shot: Shot, fired: bool) -> str:
    """The part aimed at and the chance to kill it; once fired, that it was."""
    what = WEAPON_STATS[Weapon(shot.part)].name if shot.part else ""
    if fired:
        return f"{what}: fired" if what else "Fired"
    return f"{what or 'Kill'} {combat.percent(shot.kill)}%"


def _badge(surface: ink.Target, box: pygame.Rect, words: str) -> None:
    """A step's number in a ring; a done step's tick on a filled disc."""
    r = min(box.width, box.height) // 2
    if words:
        ink.circle(surface, EDGE, box.center, r)
        ink.circle(surface, ARROW, box.center, r, 2)
        theme.draw_in_box(surface, words, box.inflate(-4, -4), 15, ARROW, bold=True,
                          center=True, smallest=10)
        return
    ink.circle(surface, EDGE, box.center, r)
    ink.circle(surface, ARROW, box.center, r - 2)
    x, y = box.center
    ink.lines(surface, EDGE, False, ((x - 5, y), (x - 1, y + 4), (x + 5, y - 4)), 3)


def _pointer(surface: ink.Target, box: pygame.Rect, up: bool) -> None:
    """An edge marker's point, toward the map's edge the step goes off by."""
    x = box.centerx
    tip, base = (box.top, box.top + POINTER + 3) if up else (box.bottom, box.bottom - POINTER - 3)
    points = ((x, tip), (x - 7, base), (x + 7, base))
    ink.polygon(surface, EDGE, points, 3)
    ink.polygon(surface, ARROW, points)


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
