"""Unit counters, craters and the map's corner arrows, drawn by code (U1, U2, M2, C4, X4).

Nothing here loads an image: every shape is drawn with pygame.draw on a canvas four times
the requested size and smooth-scaled down, so counters stay crisp at any window scale.
The figures use our own stroke font (figures.py), whose 1 and I cannot be taken for an l.

Defenders use NATO's friendly blue family, the Ogre hostile red. Piece states follow the
1986 manual (moved green, fired red, disabled blue, all dimmed) and are also told apart by
luminance (moved > fired > disabled) and by a corner glyph "M", "F" or "D", so they read
without colour vision. Highlight is a bright yellow-and-black outline.

Figures read attack/range, defense, move, and stay readable, so a smaller counter prints
fewer of them: on big counters in full ("4/2 D3 M3", the GEV "2/2 D2 M4-3"), from the half
map's 46 px the board-game form "4/2 3 3" (8 px tall at least), and below that only "4/2",
never shorter than the half map's 9 px hex numbers.
Infantry print their squads ("3/1 3 2"), the Ogre "MK III" or "MK V" ("III", "V" when small).

Returned surfaces are cached and shared: blit them, never draw on them.

>>> import pygame
>>> counter("heavy", 40).get_size()
(40, 40)
>>> counter("ogre", 40, mark=5) is counter("ogre", 40, mark=5)
True
"""

from __future__ import annotations

import math
from functools import cache, lru_cache

import pygame

from ogre.rules.units import STATS, Kind
from ogre.ui.drawing import figures
from ogre.ui.drawing.silhouettes import (
    EXTENT,
    SS,
    Colour,
    Palette,
    Pen,
    draw_silhouette,
    supersampled,
)

KINDS: tuple[str, ...] = ("heavy", "missile", "howitzer", "gev", "infantry", "cp", "ogre",
                          "marker")
STATES: tuple[str, ...] = ("normal", "moved", "fired", "disabled", "highlight")
MARK_NAMES = {3: "MK III", 5: "MK V"}
MARK_SHORT = {3: "III", 5: "V"}
FIGURE_FLOOR = 9        # "4/2" no shorter than the half map's hex numbers (mapview)
COMPACT_FLOOR = 8       # "4/2 3 3" at least this tall: 10 px in the default window (x1.27)
FULL_FORM_FLOOR = 11    # "4/2 D3 M3" only where it prints this tall
SQUEEZES = (1.0, 0.88, 0.78, 0.68)   # how much narrower a long label may be set

DEFENDER = Palette(paper=(188, 208, 230), ink=(22, 30, 44), detail=(150, 170, 196),
                   edge=(16, 24, 40))
OGRE = Palette(paper=(150, 34, 30), ink=(246, 232, 206), detail=(150, 34, 30),
               edge=(40, 6, 6))
# Ogre Defending (9.03): the attacking units in the Ogre's red family, the Ogre in the blue
ATTACKER = Palette(paper=(232, 186, 176), ink=(48, 18, 16), detail=(204, 150, 140),
                   edge=(40, 6, 6))
WATCHDOG = Palette(paper=(36, 64, 124), ink=(232, 238, 246), detail=(36, 64, 124),
                   edge=(8, 16, 40))

# state -> (per-channel multiplier, glyph). Luminance of the multiplier falls
# moved > fired > disabled, so the states differ in grey as well as in hue.
STATE_TINT: dict[str, tuple[tuple[float, float, float], str]] = {
    "moved": ((0.58, 0.86, 0.58), "M"),
    "fired": ((0.90, 0.44, 0.40), "F"),
    "disabled": ((0.30, 0.38, 0.80), "D"),
}
OGRE_TINT_STRENGTH = 0.6   # the Ogre's face is already dark: tint it less so it stays legible
HIGHLIGHT = (255, 226, 0)
HIGHLIGHT_EDGE = (0, 0, 0)


# --------------------------------------------------------------------------- counters


def _labels(kind: Kind | None, squads: int, mark: int,
            cp: tuple[int, int] = (0, 0), number: int = 0) -> tuple[str, ...]:
    """The counter's figures, longest form first: attack/range, defense, move (the Ogre's
    mark, and its number from 2 among several). `cp` is the command post's defense and move
    under the optional rules (X15)."""
    if kind is None:
        tail = f" {number}" if number > 1 else ""
        return (MARK_NAMES[mark] + tail, MARK_SHORT[mark] + tail)
    if kind is Kind.MARKER:
        return ("", "", "")                 # nothing known of it (8.04)
    s = STATS[kind]
    attack = squads if kind is Kind.INFANTRY else s.attack
    defense = squads if kind is Kind.INFANTRY else cp[0] if kind is Kind.CP else s.defense
    move = (f"{s.move}-{s.second_move}" if s.second_move
            else f"{cp[1]}" if kind is Kind.CP else f"{s.move}")
    return (f"{attack}/{s.range} D{defense} M{move}", f"{attack}/{s.range} {defense} {move}",
            f"{attack}/{s.range}")


def _label_width(size: int) -> int:
    return _inner_rect(size).width - 2


def _squeeze(text: str, width: int, height: int) -> float:
    """The least narrowing at which the figures fit `width` at `height`; 0 if none does."""
    for squeeze in SQUEEZES:
        if figures.size(text, height, squeeze)[0] <= width:
            return squeeze
    return 0.0


def _all_fit(form: int, width: int, height: int) -> bool:
    return all(_squeeze(_labels(k, 1, 3)[form], width, height) for k in Kind)


@cache
def _label_style(size: int) -> tuple[int, int]:
    """(form, height) of the defenders' figures at this counter size: the fullest form
    (0 full, 1 compact, 2 attack/range only) that every kind prints at least that form's
    floor tall, judged on all kinds so that they read alike; a longer label (the GEV's) is
    then set a little narrower, never shorter."""
    width = _label_width(size)
    largest = max(FIGURE_FLOOR, round(4 + size * 0.13))
    for form, floor in ((0, FULL_FORM_FLOOR), (1, COMPACT_FLOOR), (2, FIGURE_FLOOR)):
        for height in range(largest, floor - 1, -1):
            if _all_fit(form, width, height):
                return form, height
    for height in range(FIGURE_FLOOR - 1, 5, -1):      # a counter too small to read anyway
        if _all_fit(2, width, height):
            return 2, height
    return 2, 5


def figure_height(size: int) -> int:
    """How tall the figures print on a counter of this size, in pixels."""
    return _label_style(size)[1]


def _label(kind: Kind | None, size: int, squads: int, mark: int,
           cp: tuple[int, int] = (0, 0), number: int = 0) -> tuple[str, int, float]:
    """(text, height, squeeze) of a counter's figures. The Ogre prints its mark as tall as
    the defenders' figures: "MK III" where it fits, else "III" ("MK III 2", "III 2")."""
    width = _label_width(size)
    form, height = _label_style(size)
    labels = _labels(kind, squads, mark, cp, number)
    if kind is None:
        form = 0 if _squeeze(labels[0] if number > 1 else MARK_NAMES[3], width, height) else 1
    text = labels[form]
    return text, height, _squeeze(text, width, height) or SQUEEZES[-1]


def _body_rect(size: int) -> pygame.Rect:
    m = max(2, round(size * 0.065))
    return pygame.Rect(m, m, size - 2 * m, size - 2 * m)


def _edge_width(size: int) -> int:
    return max(1, round(size / 36))


def _inner_rect(size: int) -> pygame.Rect:
    e = _edge_width(size)
    return _body_rect(size).inflate(-2 * e, -2 * e)



def _palette(unit: Kind | None, side: str) -> Palette:
    """The colours of the side a counter fights for: its kind's own unless `side` says
    otherwise (9.03's attacking units, its defending Ogre)."""
    if unit is None:
        return WATCHDOG if side == "defense" else OGRE
    return ATTACKER if side == "ogre" else DEFENDER


@lru_cache(maxsize=512)
def _face(kind: str, size: int, squads: int, mark: int,
          cp: tuple[int, int] = (0, 0), number: int = 0, side: str = "") -> pygame.Surface:
    """The untinted counter: face, silhouette and numbers."""
    unit = None if kind == "ogre" else Kind(kind)
    pal = _palette(unit, side)
    body = _body_rect(size)
    edge = _edge_width(size)
    inner = _inner_rect(size)
    text, px, squeeze = _label(unit, size, squads, mark, cp, number)
    text_h = px + 1
    # the art area: the face above the numbers, less a small pad
    pad = max(1.0, inner.width * 0.05)
    zone_w = inner.width - 2 * pad
    zone_h = inner.height - text_h - pad * 1.4
    u0, v0, u1, v1 = EXTENT[kind]
    scale = min(zone_w / (u1 - u0), zone_h / (v1 - v0))
    if unit is None and mark == 3:
        scale *= 0.82          # the Mark V is visibly bigger
    ox = inner.centerx - (u0 + u1) / 2 * scale
    oy = inner.top + pad + zone_h - v1 * scale

    def draw(big: pygame.Surface, n: int) -> None:
        b = pygame.Rect(body.x * SS, body.y * SS, body.w * SS, body.h * SS)
        radius = round(b.w * 0.14)
        pygame.draw.rect(big, pal.edge, b, border_radius=radius)
        inner_big = b.inflate(-2 * edge * SS, -2 * edge * SS)
        pygame.draw.rect(big, pal.paper, inner_big, border_radius=max(1, radius - edge * SS))
        draw_silhouette(Pen(big, ox * SS, oy * SS, scale * SS), unit, pal, squads, mark)

    surf = supersampled(size, draw, clear=pal.edge)
    img = figures.render(text, px, pal.ink, squeeze)
    surf.blit(img, img.get_rect(centerx=inner.centerx, bottom=inner.bottom - 1))
    return surf


def _badge(size: int, letter: str) -> pygame.Surface:
    """A white disc with a black ring and a bold black letter: the state's corner glyph."""
    d = max(9, round(size * 0.34))

    def draw(big: pygame.Surface, n: int) -> None:
        pygame.draw.circle(big, (0, 0, 0), (n / 2, n / 2), n / 2)
        pygame.draw.circle(big, (255, 255, 255), (n / 2, n / 2), n / 2 - max(SS, n // 9))

    surf = supersampled(d, draw)
    img = figures.render(letter, max(5, round(d * 0.56)), (0, 0, 0))
    surf.blit(img, img.get_rect(center=(d / 2, d / 2)))
    return surf


def _outline(size: int) -> pygame.Surface:
    """A yellow ring edged in black in the margin round the counter, whose own dark border
    edges it inside."""
    def draw(big: pygame.Surface, n: int) -> None:
        body = _body_rect(size)
        r = pygame.Rect(0, 0, n, n)
        radius = round(body.w * SS * 0.14) + body.x * SS
        line = SS if size >= 32 else SS // 2      # the black outer edge
        w = body.x * SS + SS // 2                 # the margin, just touching the counter's edge
        pygame.draw.rect(big, HIGHLIGHT_EDGE, r, w, border_radius=radius)
        pygame.draw.rect(big, HIGHLIGHT, r.inflate(-2 * line, -2 * line), w - 2 * line,
                         border_radius=radius - line)

    return supersampled(size, draw)


@lru_cache(maxsize=2048)
def counter(kind: str, size: int, *, squads: int = 1, state: str = "normal",
            mark: int = 3, cp: tuple[int, int] = (0, 0), number: int = 0,
            side: str = "") -> pygame.Surface:
    """A size x size counter for a unit kind in a piece state (U1, U2, M2, C4).

    kind: "heavy", "missile", "howitzer", "gev", "infantry", "cp" or "ogre".
    squads: 1-3, for infantry only. mark: 3 or 5, for the Ogre only; number: an Ogre's among
    several (2, 3...; X15). cp: the command post's defense and move under the optional rules
    (X15), for the CP only. side: "ogre" for a unit that attacks, "defense" for an Ogre that
    defends (9.03), drawn in that side's colours; "" for its kind's own side.
    state: "normal", "moved" (green, glyph M), "fired" (red, F), "disabled" (blue, D),
    "highlight" (bright outline).
    """
    if kind not in KINDS:
        raise ValueError(f"unknown unit kind {kind!r}; expected one of {', '.join(KINDS)}")
    if state not in STATES:
        raise ValueError(f"unknown piece state {state!r}; expected one of {', '.join(STATES)}")
    if size < 8:
        raise ValueError(f"counter size {size} is too small (8 px at least)")
    if kind == "infantry" and squads not in (1, 2, 3):
        raise ValueError(f"infantry has 1 to 3 squads, not {squads}")
    if kind == "ogre" and mark not in MARK_NAMES:
        raise ValueError(f"the Ogre is Mark 3 or Mark 5, not Mark {mark}")
    face = _face(kind, size, squads if kind == "infantry" else 1, mark if kind == "ogre" else 3,
                 cp if kind == "cp" else (0, 0), number if kind == "ogre" else 0, side)
    if state == "normal":
        return face
    surf = face.copy()
    if state == "highlight":
        surf.blit(_outline(size), (0, 0))
        return surf
    tint, letter = STATE_TINT[state]
    strength = OGRE_TINT_STRENGTH if kind == "ogre" else 1.0
    surf.fill(tuple(round((1 - (1 - c) * strength) * 255) for c in tint),
              special_flags=pygame.BLEND_RGB_MULT)
    badge = _badge(size, letter)
    body = _body_rect(size)
    surf.blit(badge, badge.get_rect(topright=(size, 0)) if body.x >= 3 else
              badge.get_rect(topright=(body.right + 1, body.top - 1)))
    return surf


@lru_cache(maxsize=8)
def emblem(size: int) -> pygame.Surface:
    """The game's icon (X13): the Mark V Ogre counter's face without its numbers, so the
    silhouette fills it and still reads at 32 px; transparent round its corners."""
    body, edge = _body_rect(size), _edge_width(size)
    inner = _inner_rect(size)
    pad = inner.width * 0.08
    u0, v0, u1, v1 = EXTENT["ogre"]
    side = min((inner.width - 2 * pad) / (u1 - u0), (inner.height - 2 * pad) / (v1 - v0))
    ox = inner.centerx - (u0 + u1) / 2 * side
    oy = inner.centery - (v0 + v1) / 2 * side

    def draw(big: pygame.Surface, n: int) -> None:
        b = pygame.Rect(body.x * SS, body.y * SS, body.w * SS, body.h * SS)
        radius = round(b.w * 0.14)
        pygame.draw.rect(big, OGRE.edge, b, border_radius=radius)
        pygame.draw.rect(big, OGRE.paper, b.inflate(-2 * edge * SS, -2 * edge * SS),
                         border_radius=max(1, radius - edge * SS))
        draw_silhouette(Pen(big, ox * SS, oy * SS, side * SS), None, OGRE, 1, 5)

    return supersampled(size, draw, clear=OGRE.edge)


# --------------------------------------------------------------------------- map furniture


@lru_cache(maxsize=64)
def crater(size: int) -> pygame.Surface:
    """A crater (B2): a solid dark pit inside a lighter raised rim."""
    def draw(big: pygame.Surface, n: int) -> None:
        c = (n / 2, n / 2)
        pygame.draw.circle(big, (112, 96, 72), c, n * 0.48)      # outer rim
        pygame.draw.circle(big, (150, 132, 100), c, n * 0.44)     # lit rim
        pygame.draw.circle(big, (46, 40, 34), c, n * 0.36)        # the pit
        pygame.draw.circle(big, (30, 26, 22), (n * 0.53, n * 0.53), n * 0.27)

    return supersampled(size, draw, clear=(112, 96, 72))


@lru_cache(maxsize=64)
def mine(size: int, found: bool) -> pygame.Surface:
    """A mine (8.03): a dark disc with eight horns, as the defense sees its own; ringed in red
    once found, as both sides then see it."""
    def draw(big: pygame.Surface, n: int) -> None:
        c = n / 2
        if found:
            pygame.draw.circle(big, (200, 40, 30), (c, c), n * 0.48, max(SS, n // 12))
        for i in range(8):
            a = i * math.pi / 4
            tip = (c + math.cos(a) * n * 0.34, c + math.sin(a) * n * 0.34)
            pygame.draw.line(big, (30, 30, 30), (c, c), tip, max(SS, n // 14))
            pygame.draw.circle(big, (30, 30, 30), tip, n * 0.045)
        pygame.draw.circle(big, (40, 40, 40), (c, c), n * 0.22)
        pygame.draw.circle(big, (110, 110, 100), (c - n * 0.06, c - n * 0.06), n * 0.06)

    return supersampled(size, draw)


@lru_cache(maxsize=32)
def arrow(direction: str, barred: bool, size: int) -> pygame.Surface:
    """A corner arrow (B4): "up" or "down"; barred arrows have a bar across the tip."""
    if direction not in ("up", "down"):
        raise ValueError(f"arrow direction is 'up' or 'down', not {direction!r}")
    light, dark = (236, 236, 226), (20, 22, 26)

    def draw(big: pygame.Surface, n: int) -> None:
        def shape(colour: Colour, grow: float) -> None:
            pen = Pen(big, 0, 0, n)
            tip = 0.30 if barred else 0.14
            head = [(0.5, tip - grow), (0.84 + grow, tip + 0.36 + grow * 0.6),
                    (0.16 - grow, tip + 0.36 + grow * 0.6)]
            if direction == "down":
                head = [(u, 1 - v) for u, v in head]
            pen.poly(head, colour)
            y0, y1 = (tip + 0.30, 0.88) if direction == "up" else (0.12, 1 - tip - 0.30)
            pen.rect(0.40 - grow, y0 - grow, 0.60 + grow, y1 + grow, colour)
            if barred:
                bv = 0.12 if direction == "up" else 0.80
                pen.rect(0.14 - grow, bv - grow, 0.86 + grow, bv + 0.08 + grow, colour)

        shape(dark, 0.05)
        shape(light, 0.0)

    return supersampled(size, draw, clear=dark)
