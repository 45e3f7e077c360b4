"""The Field Editor's sidebar (E3, E4, E6, E7): the selection window with the ten pieces, the
Drop/Drag mode window, the message window and the counts against both Ogres' allowances.

Geometry lives here as module constants so tests and the editor agree on every rect.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial

import pygame

from ogre.rules.units import MARKS, Kind
from ogre.ui.drawing import art
from ogre.ui.scenes.sidebar import draw_frame
from ogre.ui.toolkit import ink, theme

LEFT = 10
WIDTH = theme.SIDEBAR_W - 2 * LEFT
TITLE_Y = theme.MENU_H + 56
SELECTION = pygame.Rect(LEFT, theme.MENU_H + 72, WIDTH, 268)
MODE = pygame.Rect(LEFT, SELECTION.bottom + 8, WIDTH, 46)
MESSAGES = pygame.Rect(LEFT, MODE.bottom + 8, WIDTH, 104)
COUNTS = pygame.Rect(LEFT, MESSAGES.bottom + 8, WIDTH, theme.LOGICAL_SIZE[1] - MESSAGES.bottom - 18)

CELL_W = (WIDTH - 8) // 2
CELL_H = 47
TILE_R = 21                     # the hex tile's radius in the selection window


@dataclass(frozen=True)
class Choice:
    """One of the ten pieces of the selection window."""

    key: str
    label: str                  # two words on two lines where it helps
    kind: Kind | None = None    # None for the crater and the blank
    squads: int = 1

    @property
    def name(self) -> str:
        return self.label.replace("\n", " ")


# In the manual's order, read across the two columns row by row.
CHOICES: tuple[Choice, ...] = (
    Choice("heavy", "Heavy\nTank", Kind.HEAVY),
    Choice("missile", "Missile\nTank", Kind.MISSILE),
    Choice("gev", "GEV", Kind.GEV),
    Choice("howitzer", "Howitzer", Kind.HOWITZER),
    Choice("infantry1", "Infantry\n1 squad", Kind.INFANTRY, 1),
    Choice("crater", "Crater"),
    Choice("infantry2", "Infantry\n2 squads", Kind.INFANTRY, 2),
    Choice("cp", "Command\nPost", Kind.CP),
    Choice("infantry3", "Infantry\n3 squads", Kind.INFANTRY, 3),
    Choice("blank", "Blank"),
)
BY_KEY = {c.key: c for c in CHOICES}


def choice_for(kind: Kind, squads: int = 1) -> Choice:
    for c in CHOICES:
        if c.kind is kind and (kind is not Kind.INFANTRY or c.squads == squads):
            return c
    raise KeyError(kind)


def piece_name(kind: Kind, squads: int = 1) -> str:
    if kind is Kind.INFANTRY:
        return f"Infantry ({squads} squad{'s' if squads > 1 else ''})"
    return choice_for(kind).name


def choice_rect(key: str) -> pygame.Rect:
    i = [c.key for c in CHOICES].index(key)
    col, row = i % 2, i // 2
    return pygame.Rect(SELECTION.left + 4 + col * (CELL_W + 0), SELECTION.top + 28 + row * CELL_H,
                       CELL_W - 2, CELL_H - 3)


def choice_at(pos) -> str | None:
    for c in CHOICES:
        if choice_rect(c.key).collidepoint(pos):
            return c.key
    return None


def mode_rect(mode: str) -> pygame.Rect:
    w = 82
    x = MODE.right - 8 - 2 * w - 8 if mode == "drop" else MODE.right - 8 - w
    return pygame.Rect(x, MODE.top + 7, w, MODE.height - 14)


def mode_at(pos) -> str | None:
    for m in ("drop", "drag"):
        if mode_rect(m).collidepoint(pos):
            return m
    return None


def hex_points(center, radius: float) -> list[tuple[float, float]]:
    cx, cy = center
    return [(cx + radius * math.cos(math.radians(60 * i)),
             cy + radius * math.sin(math.radians(60 * i)))
            for i in range(6)]


# ------------------------------------------------------------------ drawing

def draw(surface: ink.Target, *, selected: str, hot: str | None, mode: str,
         mode_hot: str | None,
         message: str, hint: str, counts: dict[str, int]) -> None:
    height = surface.get_height()
    draw_frame(surface, height)
    theme.text(surface, "Field Editor", (theme.SIDEBAR_W // 2, TITLE_Y), 26, theme.TEXT, bold=True,
               center=True)
    _draw_selection(surface, selected, hot)
    _draw_mode(surface, mode, mode_hot)
    _draw_messages(surface, message, hint)
    _draw_counts(surface, counts)


def _panel(surface: ink.Target, rect: pygame.Rect, caption: str) -> None:
    ink.rect(surface, theme.BG, rect, border_radius=6)
    if caption:
        theme.text(surface, caption, (rect.left + 8, rect.top + 6), 18, theme.TEXT_DIM)


def _draw_selection(surface: ink.Target, selected: str, hot: str | None) -> None:
    _panel(surface, SELECTION, "Pieces")
    for c in CHOICES:
        r = choice_rect(c.key)
        on = c.key == selected
        if on:
            ink.rect(surface, theme.BUTTON_HOT, r, border_radius=6)
            ink.rect(surface, theme.ACCENT, r, 2, border_radius=6)
        elif c.key == hot:
            ink.rect(surface, theme.BUTTON, r, border_radius=6)
        centre = (r.left + TILE_R + 5, r.centery)
        pts = hex_points(centre, TILE_R)
        ink.polygon(surface, theme.MAP_BG, pts)
        draw_choice_image(surface, c, centre, TILE_R)
        ink.polygon(surface, theme.ACCENT if on else theme.HEX_EDGE, pts, 3 if on else 1)
        lines = c.label.split("\n")
        y = r.centery - 9 * len(lines)
        for line in lines:
            theme.text(surface, line, (r.left + 2 * TILE_R + 9, y), 18,
                       theme.ACCENT if on else theme.TEXT)
            y += 18


def draw_choice_image(surface: ink.Target, c: Choice, centre, radius: float,
                      alpha: int = 255) -> None:
    """The piece as it shows in a hex of this radius (nothing for the blank)."""
    if c.key == "blank":
        return
    at = (int(centre[0]), int(centre[1]))
    see_through = alpha if alpha < 255 else None
    if c.key == "crater":
        ink.art(surface, art.crater, int(radius * 1.25), see_through, center=at)
        return
    assert c.kind is not None                        # only the crater and the blank have none
    ink.art(surface, partial(art.counter, c.kind.value, squads=c.squads), int(radius * 1.45),
            see_through, center=at)


def _draw_mode(surface: ink.Target, mode: str, hot: str | None) -> None:
    _panel(surface, MODE, "")
    theme.text(surface, "Mode", (MODE.left + 10, MODE.centery - 8), 20, theme.TEXT_DIM)
    for m in ("drop", "drag"):
        r = mode_rect(m)
        on = m == mode
        colour = theme.ACCENT if on else (theme.BUTTON_HOT if m == hot else theme.BUTTON)
        ink.rect(surface, colour, r, border_radius=6)
        ink.rect(surface, theme.PANEL_EDGE, r, 1, border_radius=6)
        theme.text(surface, m.title(), r.center, 22, theme.BG if on else theme.TEXT, bold=True,
                   center=True)


def _draw_messages(surface: ink.Target, message: str, hint: str) -> None:
    """The refusal and the words for what the pointer would do, both whole: they shrink
    together to fit the window (theme.draw_paragraphs)."""
    _panel(surface, MESSAGES, "Messages")
    inside = pygame.Rect(MESSAGES.left + 8, MESSAGES.top + 28, MESSAGES.width - 16,
                         MESSAGES.height - 32)
    theme.draw_paragraphs(surface, [theme.Para(message, 22, theme.ERROR, bold=True),
                                    theme.Para(hint, 19, theme.TEXT, gap=6)], inside, smallest=13)


COUNT_ROWS = (("infantry", "Infantry squads", "infantry_squads"),
              ("armor", "Armor units", "armor_units"),
              ("forward", "Forward points", "forward_points"))
COL_NOW = COUNTS.left + 150
COL_MK3 = COUNTS.left + 187
COL_MK5 = COUNTS.left + 226
OK_COLOUR = (130, 210, 130)


def _draw_counts(surface: ink.Target, counts: dict[str, int]) -> None:
    _panel(surface, COUNTS, "Deployed")
    y = COUNTS.top + 8
    for x, words in ((COL_NOW, "Now"), (COL_MK3, "Mk III"), (COL_MK5, "Mk V")):
        theme.text(surface, words, (x, y + 6), 17, theme.TEXT_DIM, center=True)
    y += 22
    for key, label, allowance in COUNT_ROWS:
        n = counts[key]
        a3 = getattr(MARKS[3], allowance)
        a5 = getattr(MARKS[5], allowance)
        theme.text(surface, label, (COUNTS.left + 8, y), 20)
        theme.text(surface, str(n), (COL_NOW, y + 8), 22,
                   theme.ERROR if n > a5 else (theme.ACCENT if n > a3 else theme.TEXT), bold=True,
                   center=True)
        for x, a in ((COL_MK3, a3), (COL_MK5, a5)):
            theme.text(surface, str(a), (x, y + 8), 20, theme.ERROR if n > a else OK_COLOUR,
                       center=True)
        y += 23
    y += 3
    ink.line(surface, theme.PANEL_EDGE, (COUNTS.left + 8, y), (COUNTS.right - 8, y), 1)
    y += 6
    note = ("A howitzer is 2 armor units. Forward: attack points in front of the crater "
            "line. Red: over that Ogre's allowance.")
    for part in theme.wrap(note, 17, COUNTS.width - 16):
        if y > COUNTS.bottom - 14:
            break
        theme.text(surface, part, (COUNTS.left + 8, y), 17, theme.TEXT_DIM)
        y += 15
