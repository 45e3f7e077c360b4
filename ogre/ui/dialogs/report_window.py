"""The after-action report's window (X9): the chart, the figures beside it, and a button that
saves the report as a PNG beside the battle logs.

The report is drawn once onto a page of its own (the window without its buttons); the window
shows the page, and Save PNG writes that same page, atomically, so the picture on disk is
what the player saw.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import datetime
from enum import Enum
from pathlib import Path

import pygame

from ogre.report import GUN_NAMES, Duellist, Report
from ogre.rules.units import MARKS
from ogre.storage.atomic import write_bytes_atomic
from ogre.storage.errors import StorageError
from ogre.ui.drawing.chart import draw_chart
from ogre.ui.drawing.status import counted
from ogre.ui.toolkit import ink, theme
from ogre.ui.toolkit.theme import Para
from ogre.ui.toolkit.widgets import Dialog, V, shade

WIDTH, HEIGHT = 1000, 680      # the whole canvas but a margin, at its least (1024 x 720)
CHART_W = 604


class Shown(Enum):
    """The report's buttons: OK closes it, Save PNG saves the picture and leaves it open."""
    OK = "ok"
    SAVE_PNG = "save png"


BUTTONS = (("OK", Shown.OK), ("Save PNG", Shown.SAVE_PNG))
_PLURALS = {"Heavy Tank": "Heavy Tanks", "Missile Tank": "Missile Tanks", "GEV": "GEVs",
            "Howitzer": "Howitzers", "Infantry squads": "infantry squads"}
_ONE = {"Infantry squads": "infantry squad"}


class WideDialog(Dialog[V]):
    """A dialog nearly as wide as the canvas: centred on all of it under the menu bar, not on
    the map beside the sidebar as the small ones are."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.centre_on(theme.LOGICAL_SIZE)       # the App centres it again on its canvas

    def centre_on(self, canvas_size: tuple[int, int]) -> None:
        w, h = canvas_size
        dx = w // 2 - self.rect.centerx
        dy = (theme.MENU_H + h) // 2 - self.rect.centery
        if dx or dy:
            self.rect.move_ip(dx, dy)
            self.body_top += dy
            for b in self.buttons:
                b.rect.move_ip(dx, dy)


class ReportWindow(WideDialog[Shown]):
    """The report of one battle. `folder` is where Save PNG writes (the logs' folder)."""

    def __init__(self, report: Report, title: str, folder: Path | Callable[[], Path],
                 name: str = "report") -> None:
        self.report = report
        self.folder = folder
        self.name = name
        self.status = ""
        self.saved: Path | None = None
        super().__init__(title, "", BUTTONS, width=WIDTH, body_height=HEIGHT - 126)
        self.page = self.render_page()     # drawn again at the window's scale when shown

    def chart_box(self) -> pygame.Rect:
        """The chart's box on the page (page coordinates)."""
        return pygame.Rect(14, 50, CHART_W, self.rect.height - 50 - 88)

    def figures_box(self) -> pygame.Rect:
        left = 14 + CHART_W + 18
        return pygame.Rect(left, 50, self.rect.width - left - 16, self.rect.height - 50 - 88)

    def status_box(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left + 16, self.rect.bottom - 82, self.rect.width - 32, 30)

    # -- the page: everything but the buttons and the status line
    def render_page(self, scale: float = 1.0) -> ink.Canvas:
        page = ink.Canvas(self.rect.size, scale)
        page.fill(theme.PANEL)
        ink.rect(page, theme.ACCENT, page.get_rect(), 2)
        theme.draw_in_box(page, self.title, pygame.Rect(12, 8, page.get_width() - 24, 32), 28,
                          theme.ACCENT, bold=True, center=True, smallest=18)
        self.chart = draw_chart(page, self.chart_box(), self.report)
        theme.draw_paragraphs(page, report_paragraphs(self.report), self.figures_box(),
                              smallest=13)
        return page

    def draw(self, surface: ink.Target) -> None:
        shade(surface)
        if self.page.scale != ink.scale_of(surface):
            self.page = self.render_page(ink.scale_of(surface))
        ink.blit(surface, self.page, self.rect)
        if self.status:
            theme.draw_in_box(surface, self.status, self.status_box(), 19, theme.TEXT,
                              smallest=13, middle=True)
        for b in self.buttons:
            b.draw(surface)

    # -- the buttons: OK closes (Esc too), Save PNG saves and stays open
    def close(self, value: Shown) -> None:
        if value is Shown.SAVE_PNG:
            self.save_png()
            return
        super().close(value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close(Shown.OK)
            return True
        return super().handle_event(event)

    def save_png(self) -> Path | None:
        """The page as a PNG in the folder; the one sentence saying where (or why not) is
        shown on the status line."""
        folder = self.folder() if callable(self.folder) else self.folder
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = Path(folder) / f"{self.name}-{stamp}.png"
        data = io.BytesIO()
        try:
            pygame.image.save(self.page.surface, data, path.name)
            write_bytes_atomic(path, data.getvalue())
        except StorageError as exc:
            self.status = exc.message
            return None
        except (pygame.error, OSError) as exc:
            self.status = f"The picture could not be made ({exc})."
            return None
        self.saved = path
        self.status = f"The report is saved as {path}."
        return path


def report_paragraphs(r: Report) -> list[Para]:
    """The figures beside the chart, as paragraphs for theme.draw_paragraphs."""
    head = theme.ACCENT
    paras = [Para(r.result or f"The battle goes on (turn {r.turns})", 24, head, True),
             Para(f"{r.ogres_words}, {_n(r.turns, 'turn')}, "
                  f"{_n(r.actions, 'action')} in the log.", 18, theme.TEXT_DIM, gap=2)]
    if r.optional_rules:
        paras.append(Para(f"Optional rules: {r.optional_rules}.", 18, theme.TEXT_DIM, gap=2))
    if r.key_events:
        paras.append(Para("Key events", 19, head, True, gap=10))
        paras += [Para(f"Turn {e.turn}: {e.what}", 18) for e in r.key_events]
    if r.duellists:                         # 9.04: each Ogre its own side
        for d in r.duellists:
            paras.append(Para(f"{d.name} ({MARKS[d.mark].name}): {d.fate}", 19, head, True,
                              gap=10))
            paras.append(Para(duellist_words(d), 18))
        return paras + _advice(r)
    if r.assault:                           # 9.03: the attacking force's side first
        paras.append(Para("The attackers lost", 19, head, True, gap=10))
        paras.append(Para(lost_words(r.force_lost) + escaped_words(r), 18))
    paras.append(Para("The defense lost", 19, head, True, gap=10))
    paras.append(Para(defense_lost_words(r), 18))
    paras.append(Para(f"{_the_ogres(r)} lost", 19, head, True, gap=10))
    paras.append(Para(ogre_lost_words(r), 18))
    paras.append(Para("Shots fired and hit", 19, head, True, gap=10))
    paras.append(Para(shots_words(r), 18))
    paras.append(Para("Rams and overruns", 19, head, True, gap=10))
    paras.append(Para(contact_words(r), 18))
    return paras + _advice(r)


def _advice(r: Report) -> list[Para]:
    """The advice asked, if any (X8, X9)."""
    if not r.advice_asked:
        return []
    return [Para(f"Advice asked {_n(r.advice_asked, 'time')}.", 18, gap=10)]


def duellist_words(d: Duellist) -> str:
    """A duelling Ogre's figures: what it lost, what it fired and hit, its rams."""
    lost = [f"{d.treads_lost} treads"] if d.treads_lost else []
    lost += [counted(n, name) for n, name in zip(d.guns_lost, GUN_NAMES) if n]
    words = f"Lost {', '.join(lost)}." if lost else "Lost nothing."
    words += f" Fired {_n(d.shots, 'shot')}, {d.hits} hit"
    if d.missiles_fired:
        words += f" ({counted(d.missiles_fired, GUN_NAMES[0]).lower()} fired)"
    words += "."
    if d.rams:
        words += f" Rammed {_n(d.rams, 'time')}."
    return words


def shots_words(r: Report) -> str:
    if r.assault:
        return (f"Attack: {r.force_shots} fired, {r.force_hits} hit. Defense (the Ogre and its "
                f"units): {r.defense_shots} fired, {r.defense_hits} hit.")
    return (f"{_ogres(r)}: {r.ogre_shots} fired, {r.ogre_hits} hit. Defense: "
            f"{r.defense_shots} fired, {r.defense_hits} hit.")


def escaped_words(r: Report) -> str:
    if not r.escaped:
        return ""
    return f" {_n(r.escaped, 'unit')} escaped by the bottom edge."


def defense_lost_words(r: Report) -> str:
    return lost_words(r.defense_lost)


def lost_words(lost: tuple[tuple[str, int], ...]) -> str:
    parts = []
    for name, n in lost:
        if name == "Command Post":
            parts.append("the Command Post")
        else:
            parts.append(f"{n} {_ONE.get(name, name) if n == 1 else _PLURALS.get(name, name)}")
    return (", ".join(parts) + ".") if parts else "Nothing."


def ogre_lost_words(r: Report) -> str:
    parts = [f"{r.treads_lost} of {r.start_treads} treads"] if r.treads_lost else []
    parts += [counted(n, name) for n, name in zip(r.guns_lost, GUN_NAMES) if n]
    words = ", ".join(parts) if parts else "Nothing"
    if r.missiles_fired:
        words += f"; {counted(r.missiles_fired, GUN_NAMES[0]).lower()} fired"
    return words + "."


def _ogres(r: Report) -> str:
    """'Ogre', or 'Ogres' in a battle of several (X15)."""
    return "Ogres" if len(r.marks) > 1 else "Ogre"


def _the_ogres(r: Report) -> str:
    return f"The {_ogres(r)}"


def contact_words(r: Report) -> str:
    rams = (f"{_the_ogres(r)} rammed {_n(r.rams, 'time')} and overran infantry "
            f"{_n(r.overruns, 'time')}")
    if r.rammed_by_defense:
        them = "them" if len(r.marks) > 1 else "it"
        who = "attacking armor" if r.assault else "defenders"
        return f"{rams}; {who} rammed {them} {_n(r.rammed_by_defense, 'time')}."
    return rams + "."


def _n(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
