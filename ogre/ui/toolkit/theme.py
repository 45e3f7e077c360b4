"""Colours, fonts, the logical canvas size shared by every screen, and the one routine that
wraps and fits text inside a box (wrap, draw_paragraphs, draw_in_box)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

import pygame
from pygame.typing import ColorLike

from ogre.storage.screen_text import for_screen
from ogre.ui.toolkit.ink import Canvas, Target, scale_of

LOGICAL_SIZE = (1024, 720)
MENU_H = 24
SIDEBAR_W = 264

BG = (24, 26, 30)
PANEL = (40, 44, 52)
PANEL_EDGE = (90, 96, 110)
TEXT = (232, 232, 224)
TEXT_DIM = (120, 124, 132)
ACCENT = (250, 200, 70)
ERROR = (255, 110, 90)
MAP_BG = (196, 182, 140)       # scorched earth
MAP_CLEAR = (214, 204, 160)    # the clear area, rows 17-22
HEX_EDGE = (150, 136, 100)
DOTTED_EDGE = (96, 84, 58)     # the editor's hexsides: click one to place rubble
RUBBLE = (30, 26, 22)
CRATER = (46, 40, 34)
SWAMP = (70, 92, 70)
RIVER = (60, 96, 140)
CRATER_LINE = (170, 70, 50)
GREEN_RANGE = (90, 200, 90)
BLUE_RANGE = (80, 140, 230)
SELECT = (255, 255, 255)
BUTTON = (64, 70, 84)
BUTTON_HOT = (88, 96, 116)
BUTTON_DIM = (48, 52, 60)
ELLIPSIS = "..."


class _Font(pygame.font.Font):
    """A font that measures and sets any str. The renderer refuses a NUL, cannot encode a
    lone surrogate and fails on a line of nothing but zero-width characters, and a name from
    a file or the network may hold any of them: such a line is measured and set as it would
    be shown from a file (for_screen), and, should even that fail, as nothing."""

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        if isinstance(text, str) and "\0" in text:     # measured only up to the NUL otherwise
            text = _printable(text)
        try:
            return super().size(text)
        except (ValueError, pygame.error):                  # UnicodeError is a ValueError
            if not isinstance(text, str):
                raise
        try:
            return super().size(_printable(text))
        except (ValueError, pygame.error):
            return super().size("")

    def render(self, text: str | bytes | None, antialias: bool, color: ColorLike,
               bgcolor: ColorLike | None = None, wraplength: int = 0) -> pygame.Surface:
        try:
            return super().render(text, antialias, color, bgcolor, wraplength)
        except (ValueError, pygame.error):
            if not isinstance(text, str):
                raise
        try:
            return super().render(_printable(text), antialias, color, bgcolor, wraplength)
        except (ValueError, pygame.error):
            return super().render("", antialias, color, bgcolor, wraplength)   # zero wide


def _printable(text: str) -> str:
    """`text` without what the renderer refuses, never cut (NFC at most triples it)."""
    return for_screen(text, limit=3 * len(text) + len(ELLIPSIS))


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game's font at `size` pixels; its size() and render() take any str (_Font)."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = _Font(None, size)
    f.set_bold(bold)
    return f


def text(surface: Target, words: str, pos: tuple[int, int], size: int = 20,
         colour=TEXT, bold: bool = False, center: bool = False) -> pygame.Rect:
    """One line of text with its top left (or its centre) at `pos`; its rect in units."""
    if center:
        return text_at(surface, words, size, colour, bold, center=pos)
    return text_at(surface, words, size, colour, bold, topleft=pos)


def text_at(surface: Target, words: str, size: int = 20, colour=TEXT, bold: bool = False,
            **where) -> pygame.Rect:
    """One line of text placed by one anchor of its rect (midright=(x, y), ...); its rect in
    units. On a canvas of several pixels to the unit the letters are set that many times
    larger, so they are as sharp as the screen, and squeezed the odd pixel to keep inside the
    line's rect."""
    scale = scale_of(surface)
    if scale == 1:
        img = rendered(words, size, tuple(colour), bold)
        rect = img.get_rect(**where)
        surface.blit(img, rect)
        return rect
    assert isinstance(surface, Canvas)
    rect = pygame.Rect((0, 0), font(size, bold).size(words))
    for anchor, value in where.items():
        setattr(rect, anchor, value)
    box = surface.box(rect)
    img = rendered(words, max(1, round(size * scale)), tuple(colour), bold)
    if img.get_width() > box.width + 1:
        img = pygame.transform.smoothscale(img, (box.width, img.get_height()))
    # held by the same anchor as asked, so lines set flush left stay flush at any scale
    surface.surface.blit(img, img.get_rect(**{a: getattr(box, a) for a in where}))
    return rect


@lru_cache(maxsize=2048)
def rendered(words: str, px: int, colour: tuple, bold: bool) -> pygame.Surface:
    """A line of text set at `px` pixels: every frame sets the same few hundred lines, so
    they are set once. Shared: blit it, never draw on it."""
    return font(px, bold).render(words, True, colour)


def line_height(size: int, bold: bool = False) -> int:
    """The height a rendered line of this font takes."""
    return font(size, bold).get_linesize()


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines that fit `width` pixels in this font: at spaces and at line
    breaks, and inside a word too long for any line (a file's path), after a / or - near
    the end of the line where there is one, else anywhere."""
    f = font(size, bold)

    def fits(line: str) -> bool:
        return f.size(line)[0] <= width

    lines: list[str] = []
    for para in words.split("\n"):
        line = ""
        for w in para.split():
            trial = f"{line} {w}" if line else w
            if fits(trial):
                line = trial
                continue
            if line:
                lines.append(line)
            while len(w) > 1 and not fits(w):
                head, w = _break_word(w, fits)
                lines.append(head)
            line = w
        lines.append(line)
    return lines


def _break_word(word: str, fits) -> tuple[str, str]:
    """The longest head of `word` that fits (one character at least), ended after a
    separator when one lies in its second half (a path's / first), and the rest."""
    lo, hi = 1, len(word)
    while lo < hi:                      # the longest prefix that fits
        mid = (lo + hi + 1) // 2
        if fits(word[:mid]):
            lo = mid
        else:
            hi = mid - 1
    for separators in ("/\\", "-_.,"):
        cut = max(word.rfind(c, 0, lo) for c in separators) + 1
        if cut > lo // 2:
            return word[:cut], word[cut:]
    return word[:lo], word[lo:]


def clip(line: str, size: int, width: int, bold: bool = False, mark: str = ELLIPSIS) -> str:
    """The line cut to fit `width`, ending in `mark` when it had to be cut."""
    f = font(size, bold)
    if f.size(line)[0] <= width:
        return line
    lo, hi = 0, len(line) - 1          # the longest head that fits before the mark, by halves
    while lo < hi:                      # as a line may be long
        mid = (lo + hi + 1) // 2
        if f.size(line[:mid] + mark)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return line[:lo].rstrip() + mark


@dataclass(frozen=True)
class Para:
    """A paragraph of a box: its words and how they look; `gap` is the space above it."""

    words: str
    size: int = 20
    colour: tuple[int, int, int] = TEXT
    bold: bool = False
    gap: int = 0


def _laid_out(paras, width: int, sizes: list[int]):
    """[(line, size, colour, bold, y offset)] and the total height at these sizes."""
    out = []
    y = 0
    for i, (p, size) in enumerate(zip(paras, sizes)):
        if i and p.gap:
            y += round(p.gap * size / p.size)
        for line in wrap(p.words, size, width, p.bold):
            out.append((line, size, p.colour, p.bold, y))
            y += max(size, line_height(size, p.bold))
    if out:
        line, size, _, bold, last = out[-1]
        y = last + line_height(size, bold)
    return out, y


def _smaller(sizes: list[int], smallest: int) -> list[int] | None:
    """The sizes one step down: the biggest paragraphs shrink first, so a bold message
    gives way before the plain words under it; None when all are at `smallest`."""
    top = max(sizes)
    if top <= smallest:
        return None
    return [size - 1 if size == top else size for size in sizes]


def draw_paragraphs(surface: Target, paras, box: pygame.Rect, *, smallest: int = 14,
                    center: bool = False, middle: bool = False, bottom: bool = False,
                    newest: bool = False) -> list[pygame.Rect]:
    """Draw paragraphs inside `box`, wrapped to its width; every text box's one routine.

    When they are too tall the sizes shrink together down to `smallest`; lines that still
    do not fit are left off, so nothing is ever drawn outside the box: the last line shown
    ends in an ellipsis, or with `newest` the first lines give way (a log). `center`
    centres each line and the block, `middle` only the block; `bottom` sets the block on
    the box's bottom edge. Returns the rects drawn.
    """
    paras = [p for p in paras if p.words]
    if not paras:
        return []
    sizes = [p.size for p in paras]
    lines, height = _laid_out(paras, box.width, sizes)
    while height > box.height:
        smaller = _smaller(sizes, smallest)
        if smaller is None:
            break
        sizes = smaller
        lines, height = _laid_out(paras, box.width, sizes)
    if height > box.height:
        lines, height = _cut(lines, box, newest)
    top = box.top
    if center or middle:
        top = box.top + (box.height - height) // 2
    elif bottom:
        top = box.bottom - height
    rects = []
    for line, size, colour, bold, y in lines:
        line = clip(line, size, box.width, bold, mark="")   # a glyph wider than the box
        if center:
            w = font(size, bold).size(line)[0]
            pos = (box.left + (box.width - w) // 2, top + y)
        else:
            pos = (box.left, top + y)
        rects.append(text(surface, line, pos, size, colour, bold=bold))
    return rects


def _cut(lines, box: pygame.Rect, newest: bool):
    """The lines that fit the box's height and their height: the first ones, the last
    ending in an ellipsis, or (newest) the last ones."""
    if newest:
        end = lines[-1][4] + line_height(lines[-1][1], lines[-1][3])
        kept = [ln for ln in lines if end - ln[4] <= box.height]
        shift = kept[0][4] if kept else 0
        return [(*ln[:4], ln[4] - shift) for ln in kept], end - shift
    kept = [ln for ln in lines if ln[4] + line_height(ln[1], ln[3]) <= box.height]
    if kept and len(kept) < len(lines):
        line, size, colour, bold, y = kept[-1]
        kept[-1] = (clip(line + ELLIPSIS, size, box.width, bold), size, colour, bold, y)
    height = kept[-1][4] + line_height(kept[-1][1], kept[-1][3]) if kept else 0
    return kept, height


def draw_in_box(surface: Target, words: str, box: pygame.Rect, size: int = 20,
                colour=TEXT, *, bold: bool = False, smallest: int = 14, center: bool = False,
                middle: bool = False, bottom: bool = False) -> list[pygame.Rect]:
    """One text in a box: wrapped, shrunk or cut to fit, never outside (draw_paragraphs)."""
    return draw_paragraphs(surface, [Para(words, size, colour, bold)], box, smallest=smallest,
                           center=center, middle=middle, bottom=bottom)


def paragraphs_height(paras, width: int) -> int:
    """How tall draw_paragraphs would make these paragraphs at their own sizes."""
    paras = [p for p in paras if p.words]
    return _laid_out(paras, width, [p.size for p in paras])[1]
