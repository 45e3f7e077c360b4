"""Colours, fonts and the logical canvas size shared by every screen."""

from __future__ import annotations

from functools import lru_cache

import pygame

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


@lru_cache(maxsize=None)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    f = pygame.font.Font(None, size)
    f.set_bold(bold)
    return f


def text(surface: pygame.Surface, words: str, pos: tuple[int, int], size: int = 20,
         colour=TEXT, bold: bool = False, center: bool = False) -> pygame.Rect:
    img = font(size, bold).render(words, True, colour)
    rect = img.get_rect(center=pos) if center else img.get_rect(topleft=pos)
    surface.blit(img, rect)
    return rect


def wrap(words: str, size: int, width: int) -> list[str]:
    """Split text into lines that fit `width` pixels."""
    f = font(size)
    lines: list[str] = []
    for para in words.split("\n"):
        line = ""
        for w in para.split():
            trial = f"{line} {w}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = w
        lines.append(line)
    return lines
