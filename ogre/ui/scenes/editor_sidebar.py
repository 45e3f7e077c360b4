"""The Field Editor's sidebar (E3, E4, E6, E7): the selection window with the ten pieces, the
Drop/Drag mode window, the message window and the counts against both Ogres' allowances.

A field designed for a battle of the pocket edition's (X15) shows that battle's allowance in
place of the two Ogres', and where the defense has an Ogre of its own (9.01, 9.03) the
selection window holds it too, a row lower: every panel below moves down by that row.

Geometry lives here as module constants (the 1986 editor's) and `panels`, so tests and the
editor agree on every rect.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial

import pygame

from ogre.rules.scenarios import Scenario
from ogre.rules.units import MARKS, Kind
from ogre.ui.drawing import art
from ogre.ui.scenes.sidebar import draw_frame
from ogre.ui.toolkit import ink, theme

LEFT = 10
WIDTH = theme.SIDEBAR_W - 2 * LEFT
TITLE_Y = theme.MENU_H + 56
CELL_W = (WIDTH - 8) // 2
CELL_H = 41                     # six rows: the ten pieces, the mine and the Ogre
TILE_R = 21                     # the hex tile's radius in the selection window


@dataclass(frozen=True)
class Panels:
    selection: pygame.Rect
    mode: pygame.Rect
    messages: pygame.Rect
    counts: pygame.Rect


def _panels(rows: int) -> Panels:
    selection = pygame.Rect(LEFT, theme.MENU_H + 72, WIDTH, 33 + rows * CELL_H)
    mode = pygame.Rect(LEFT, selection.bottom + 8, WIDTH, 46)
    messages = pygame.Rect(LEFT, mode.bottom + 8, WIDTH, 104)
    counts = pygame.Rect(LEFT, messages.bottom + 8, WIDTH,
                         theme.LOGICAL_SIZE[1] - messages.bottom - 18)
    return Panels(selection, mode, messages, counts)


_LAYOUTS = {False: _panels(6), True: _panels(6)}      # the sixth row: the mine, the Ogre


def panels(watchdog: bool = False) -> Panels:
    """The sidebar's panels: the 1986 editor's, or with a row for the defense's Ogre."""
    return _LAYOUTS[watchdog]


SELECTION, MODE, MESSAGES, COUNTS = (_LAYOUTS[False].selection, _LAYOUTS[False].mode,
                                     _LAYOUTS[False].messages, _LAYOUTS[False].counts)


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
# 9.01, 9.03: the defense's own Ogre, offered where the battle has one
WATCHDOG = Choice("watchdog", "Defense's\nMark III")
MINE = Choice("mine", "Mine")           # 8.03: laid secretly, played when Mines is on (X16)
BY_KEY = {c.key: c for c in (*CHOICES, WATCHDOG, MINE)}
_PLACES = (*CHOICES, MINE, WATCHDOG)      # the selection window's cells, in reading order


def choices(watchdog: bool = False) -> tuple[Choice, ...]:
    return (*CHOICES, WATCHDOG, MINE) if watchdog else (*CHOICES, MINE)


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
    i = [c.key for c in _PLACES].index(key)
    col, row = i % 2, i // 2
    return pygame.Rect(SELECTION.left + 4 + col * (CELL_W + 0), SELECTION.top + 28 + row * CELL_H,
                       CELL_W - 2, CELL_H - 3)


def choice_at(pos, watchdog: bool = False) -> str | None:
    for c in choices(watchdog):
        if choice_rect(c.key).collidepoint(pos):
            return c.key
    return None


def mode_rect(mode: str, watchdog: bool = False) -> pygame.Rect:
    box = panels(watchdog).mode
    w = 82
    x = box.right - 8 - 2 * w - 8 if mode == "drop" else box.right - 8 - w
    return pygame.Rect(x, box.top + 7, w, box.height - 14)


def mode_at(pos, watchdog: bool = False) -> str | None:
    for m in ("drop", "drag"):
        if mode_rect(m, watchdog).collidepoint(pos):
            return m
    return None


def hex_points(center, radius: float) -> list[tuple[float, float]]:
    cx, cy = center
    return [(cx + radius * math.cos(math.radians(60 * i)),
             cy + radius * math.sin(math.radians(60 * i)))
            for i in range(6)]


# ------------------------------------------------------------------ drawing

def draw(surface: ink.Target, *, selected: str, hot: str | None, mode: str,
         mode_hot: str | None, message: str, hint: str, counts: dict[str, int],
         battle: Scenario | None = None) -> None:
    """The sidebar; `battle` is the pocket edition's battle the field is designed for (None:
    the 1986 editor's, for either Ogre)."""
    height = surface.get_height()
    draw_frame(surface, height)
    theme.text(surface, "Field Editor", (theme.SIDEBAR_W // 2, TITLE_Y), 26, theme.TEXT, bold=True,
               center=True)
    watchdog = battle is not None and bool(battle.watchdogs)
    box = panels(watchdog)
    _draw_selection(surface, box.selection, choices(watchdog), selected, hot)
    _draw_mode(surface, watchdog, mode, mode_hot)
    _draw_messages(surface, box.messages, message, hint)
    if battle is None:
        _draw_counts(surface, counts)
    else:
        _draw_battle_counts(surface, box.counts, counts, battle)


def _panel(surface: ink.Target, rect: pygame.Rect, caption: str) -> None:
    ink.rect(surface, theme.BG, rect, border_radius=6)
    if caption:
        theme.text(surface, caption, (rect.left + 8, rect.top + 6), 18, theme.TEXT_DIM)


def _draw_selection(surface: ink.Target, box: pygame.Rect, offered: tuple[Choice, ...],
                    selected: str, hot: str | None) -> None:
    _panel(surface, box, "Pieces")
    for c in offered:
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
    if c.key == "mine":
        ink.art(surface, partial(art.mine, found=False), int(radius * 1.1), see_through,
                center=at)
        return
    if c.key == "watchdog":
        ink.art(surface, partial(art.counter, "ogre", mark=3, side="defense"),
                int(radius * 1.45), see_through, center=at)
        return
    assert c.kind is not None                        # only the crater and the blank have none
    ink.art(surface, partial(art.counter, c.kind.value, squads=c.squads), int(radius * 1.45),
            see_through, center=at)


def _draw_mode(surface: ink.Target, watchdog: bool, mode: str, hot: str | None) -> None:
    box = panels(watchdog).mode
    _panel(surface, box, "")
    theme.text(surface, "Mode", (box.left + 10, box.centery - 8), 20, theme.TEXT_DIM)
    for m in ("drop", "drag"):
        r = mode_rect(m, watchdog)
        on = m == mode
        colour = theme.ACCENT if on else (theme.BUTTON_HOT if m == hot else theme.BUTTON)
        ink.rect(surface, colour, r, border_radius=6)
        ink.rect(surface, theme.PANEL_EDGE, r, 1, border_radius=6)
        theme.text(surface, m.title(), r.center, 22, theme.BG if on else theme.TEXT, bold=True,
                   center=True)


def _draw_messages(surface: ink.Target, box: pygame.Rect, message: str, hint: str) -> None:
    """The refusal and the words for what the pointer would do, both whole: they shrink
    together to fit the window (theme.draw_paragraphs)."""
    _panel(surface, box, "Messages")
    inside = pygame.Rect(box.left + 8, box.top + 28, box.width - 16, box.height - 32)
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


def _draw_battle_counts(surface: ink.Target, box: pygame.Rect, counts: dict[str, int],
                        battle: Scenario) -> None:
    """The counts against the one battle's allowance, the panel named by the battle."""
    _panel(surface, box, battle.title)
    allowed = battle.allowance
    y = box.top + 30
    for x, words in ((COL_NOW, "Now"), (COL_MK5 - 14, "Allowed")):
        theme.text(surface, words, (x, y + 6), 17, theme.TEXT_DIM, center=True)
    y += 22
    for key, label, allowance in COUNT_ROWS:
        n, a = counts[key], getattr(allowed, allowance)
        theme.text(surface, label, (box.left + 8, y), 20)
        theme.text(surface, str(n), (COL_NOW, y + 8), 22, theme.ERROR if n > a else theme.TEXT,
                   bold=True, center=True)
        theme.text(surface, str(a), (COL_MK5 - 14, y + 8), 20,
                   theme.ERROR if n > a else OK_COLOUR, center=True)
        y += 23
