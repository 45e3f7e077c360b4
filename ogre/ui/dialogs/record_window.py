"""OSI > Record (X9): the score against each opponent at each skill, and the last battles.

Two tables: one row per opponent and skill (battles, the player's wins, and the battles by
victory level), then the last battles played, newest first. A record that could not be read
is said in one sentence at the top; the window opens all the same.
"""

from __future__ import annotations

from datetime import datetime

import pygame

from ogre.rules.levels import ATTACK_LEVELS, VICTORY_LEVELS
from ogre.rules.scenarios import SCENARIOS
from ogre.storage.record import Entry, Total, totals
from ogre.ui.dialogs.report_window import WIDTH, WideDialog
from ogre.ui.toolkit import ink, theme
from ogre.ui.toolkit.widgets import OK_ONLY, Answer

ROW = 24
HEAD = 40                # a header's two lines
TITLE = 28
MOST_TOTALS = 9
LAST_BATTLES = 8
CELL = 18                # the tables' words
TOTAL_COLUMNS = (("Opponent", 176), ("Skill", 120), ("Battles", 76), ("Your wins", 82)) + tuple(
    (level, 84) for level in VICTORY_LEVELS)
# the victory levels' headings, two short lines each, all at one size
LEVEL_HEADS = ("Complete\nOgre", "Ogre\nVictory", "Marginal\nOgre", "Complete\nDefense",
               "Defense\nVictory", "Marginal\nDefense")
HEAD_SIZE = 16
BATTLE_COLUMNS = (("Finished", 142), ("Ogre", 78), ("Field", 186), ("Ogre played by", 136),
                  ("Defense played by", 136), ("Result", 206), ("Turns", 56))
EMPTY = "No battle has been finished yet: each one that ends is added here."


class RecordWindow(WideDialog[Answer]):
    def __init__(self, entries: list[Entry], notice: str | None = None) -> None:
        self.totals = totals(entries)
        self.last = list(reversed(entries[-LAST_BATTLES:]))
        self.more = max(0, len(self.totals) - MOST_TOTALS)
        rows = min(len(self.totals), MOST_TOTALS) + (1 if self.more else 0)
        body = TITLE + HEAD + rows * ROW + 16 + TITLE + ROW + len(self.last) * ROW
        if not entries:
            body = TITLE + ROW
        super().__init__("Record of Battles", notice or "", OK_ONLY, width=WIDTH,
                         body_height=body)

    def draw_body(self, surface: ink.Target) -> None:
        left, y = self.rect.left + 20, self.body_top
        width = self.rect.width - 40
        if not self.totals:
            theme.draw_in_box(surface, EMPTY, pygame.Rect(left, y + 4, width, ROW + TITLE - 8),
                              20, theme.TEXT_DIM, middle=True)
            return
        y = _title(surface, "Totals by opponent and skill", left, y, width)
        heads = [name for name, _ in TOTAL_COLUMNS[:4]] + list(LEVEL_HEADS)
        y = _row(surface, heads, TOTAL_COLUMNS, left, y, HEAD, theme.TEXT_DIM, bold=True,
                 size=HEAD_SIZE)
        for t in self.totals[:MOST_TOTALS]:
            y = _row(surface, total_cells(t), TOTAL_COLUMNS, left, y, ROW, theme.TEXT)
        if self.more:
            y = _row(surface, [f"and {self.more} more"], TOTAL_COLUMNS, left, y, ROW,
                     theme.TEXT_DIM)
        y = _title(surface, "The last battles, newest first", left, y + 16, width)
        y = _row(surface, [name for name, _ in BATTLE_COLUMNS], BATTLE_COLUMNS, left, y, ROW,
                 theme.TEXT_DIM, bold=True, size=HEAD_SIZE)
        for e in self.last:
            y = _row(surface, battle_cells(e), BATTLE_COLUMNS, left, y, ROW, theme.TEXT)


def total_cells(t: Total) -> list[str]:
    """A row of totals. Ogre Defending's attacking force wins at the Ogre's three levels in
    its own words (9.03), counted in the Ogre's columns: the attacker's."""
    wins = "-" if t.wins is None else str(t.wins)
    as_ogre = dict(zip(ATTACK_LEVELS, VICTORY_LEVELS))
    by_level = dict(t.by_level)
    for level, n in t.by_level.items():
        if level in as_ogre:
            by_level[as_ogre[level]] = by_level.get(as_ogre[level], 0) + n
    return [t.opponent, t.skill or "-", str(t.battles), wins] + [
        str(by_level.get(level, 0) or "") for level in VICTORY_LEVELS]


def battle_cells(e: Entry) -> list[str]:
    when = e.finished_at
    if when.tzinfo:
        try:
            when = when.astimezone()
        except (OverflowError, ValueError, OSError):    # year 1 or 9999 in another zone
            pass
    return [f"{when:%Y-%m-%d %H:%M}" if isinstance(when, datetime) else "",
            SCENARIOS[e.scenario].ogre_words, e.field or "-", e.ogre.words,
            e.defense.words, e.result, str(e.turns)]


def _title(surface: ink.Target, words: str, left: int, y: int, width: int) -> int:
    theme.draw_in_box(surface, words, pygame.Rect(left, y, width, TITLE - 4), 21, theme.ACCENT,
                      bold=True, middle=True)
    return y + TITLE


def _row(surface: ink.Target, cells: list[str], columns, left: int, y: int, height: int,
         colour, bold: bool = False, size: int = CELL) -> int:
    x = left
    for words, (_, w) in zip(cells, columns):
        theme.draw_in_box(surface, words, pygame.Rect(x, y, w - 8, height - 2), size, colour,
                          bold=bold, smallest=15, middle=True)
        x += w
    ink.line(surface, theme.BUTTON_DIM, (left, y + height - 1),
                     (x - 8, y + height - 1))
    return y + height
