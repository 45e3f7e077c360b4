"""The after-action report on the screen (X9): the chart inside its box with its axes and lines,
the window's words inside theirs, Save PNG beside the logs, and the report reached from the
battle-over dialog and from Menu > Battle Report for a saved game or an exported log."""

from __future__ import annotations

import pygame
import pytest
from aftermath_helpers import SHORT, menu_command, played_app, short_start

from ogre.report import KeyEvent, Report, Strength, battle_report
from ogre.storage.games import GameStore
from ogre.storage.paths import user_data_folder
from ogre.ui.dialogs.report_window import ReportWindow, report_paragraphs
from ogre.ui.drawing import chart
from ogre.ui.toolkit import theme

BLANK = (255, 0, 255)
def made_up_report(turns: int, events: int = 3, mark: int = 3, guns=(2, 1, 4, 8)) -> Report:
    series = tuple(Strength(t, max(0, 45 - 2 * t), tuple(max(0, g - t // 3) for g in guns),
                            max(0, 90 - 3 * t)) for t in range(turns + 1))
    names = ("First gun lost", "Command Post destroyed", "Ogre immobilised")
    return Report(mark, "Defense Victory", turns, series,
                  tuple(KeyEvent(min(turns, 1 + i), names[i % 3]) for i in range(events)),
                  (("Heavy Tank", 2),), 10, (0, 1, 0, 2), 1, 4, 3, 9, 2, 1, 0, 2, 99)


def unchanged_outside(surface: pygame.Surface, box: pygame.Rect) -> bool:
    """Is every pixel outside `box` still the blank colour?"""
    surface.fill(BLANK, box)
    w, h = surface.get_size()
    return pygame.mask.from_threshold(surface, BLANK, (1, 1, 1, 255)).count() == w * h


def colour_share(surface: pygame.Surface, points, colour) -> float:
    inside = [p for p in points if surface.get_rect().collidepoint(p)]
    return sum(surface.get_at(p)[:3] == colour for p in inside) / max(1, len(inside))


# ---------------------------------------------------------------- the chart

@pytest.mark.parametrize("report", [
    battle_report(short_start(), SHORT),
    battle_report(short_start(), []),                  # nothing played: one turn so far
    made_up_report(100, events=3),                     # a long battle, every event
    made_up_report(7, events=0, mark=5, guns=(6, 2, 6, 12)),
], ids=["short", "empty", "long", "mark-v"])
def test_x9_chart_axes_and_lines_drawn_inside_its_box(report):
    pygame.display.init()
    surface = pygame.Surface((800, 600))
    surface.fill(BLANK)
    box = pygame.Rect(60, 40, 604, 520)
    layout = chart.draw_chart(surface, box, report)
    upper, lower = layout.plots
    assert box.contains(upper) and box.contains(lower) and upper.bottom < lower.top
    marks = [p for line in layout.lines for p in line.points]

    def clear(p):                                       # of the lines' markers and event marks
        return all(abs(p[0] - x) > 6 or abs(p[1] - y) > 6 for x, y in marks) and all(
            abs(p[0] - x) > 1 for x in layout.event_xs)
    for plot in (upper, lower):                         # both axes, drawn along the plot
        left = [(plot.left, y) for y in range(plot.top, plot.bottom)]
        bottom = [(x, plot.bottom - 1) for x in range(plot.left, plot.right)]
        assert colour_share(surface, [p for p in left if clear(p)], chart.AXIS) == 1
        assert colour_share(surface, [p for p in bottom if clear(p)], chart.AXIS) == 1
    names = [line.name for line in layout.lines]
    assert names == ["Ogre treads", "Defense attack points", *chart.GUN_LABELS]
    for line in layout.lines:
        plot = upper if line.name in names[:2] else lower
        assert len(line.points) == len(report.series)
        assert all(plot.collidepoint(p) for p in line.points)
        assert colour_share(surface, line.points, line.colour) >= 0.5 or line.name in (
            "Missiles", "Main Battery")                  # under the others where they meet
    assert len(layout.event_xs) == len(report.key_events)
    assert all(upper.left <= x < upper.right for x in layout.event_xs)
    assert unchanged_outside(surface, box)


def test_x9_chart_values_go_up_the_axis_and_turns_along_it():
    report = made_up_report(10)                         # treads 45, 43, ... 25: falling
    pygame.display.init()
    surface = pygame.Surface((700, 560))
    layout = chart.draw_chart(surface, pygame.Rect(0, 0, 604, 520), report)
    upper = layout.plots[0]
    treads = layout.lines[0].points
    xs, ys = [x for x, _ in treads], [y for _, y in treads]
    assert xs == sorted(set(xs)) and (xs[0], xs[-1]) == (upper.left, upper.right - 1)
    assert ys == sorted(set(ys))                        # less is lower on the screen
    gaps = {b - a for a, b in zip(xs, xs[1:])}
    assert max(gaps) - min(gaps) <= 1                   # turns evenly along the axis


# ---------------------------------------------------------------- the window

def test_x9_report_window_fits_the_canvas_and_every_word_its_box():
    app, d = played_app()
    d.answer("Report")
    w = app.dialog
    assert isinstance(w, ReportWindow) and w.report.result == "Complete Ogre Victory"
    canvas = app.canvas.get_rect()
    assert canvas.contains(w.rect) and w.rect.top >= theme.MENU_H
    page = pygame.Surface(w.rect.size)
    box = w.figures_box()
    rects = theme.draw_paragraphs(page, report_paragraphs(w.report), box, smallest=13)
    assert rects and all(box.contains(r) for r in rects)
    words = " ".join(p.words for p in report_paragraphs(w.report))
    assert "Complete Ogre Victory" in words and "Command Post" in words and "rammed 1 time" in words
    assert "Advice" not in words                        # none asked in this battle: no line
    assert w.chart_box().right < box.left and w.chart_box().bottom <= w.rect.height - 88
    for b in w.buttons:
        assert w.rect.contains(b.rect)
    for size in ((1306, 918), (1024, 720), (1600, 700)):     # other windows: still all inside
        app.window = pygame.display.set_mode(size)
        app.step([])
        assert app.canvas.get_rect().contains(app.dialog.rect)


def test_x9_save_png_writes_the_report_beside_the_logs_and_says_where():
    app, d = played_app()
    d.answer("Report")
    w = app.dialog
    d.answer("Save PNG")
    assert app.dialog is w                               # it stays open
    logs = user_data_folder() / "logs"
    saved = list(logs.glob("report-*.png"))
    assert len(saved) == 1 and w.saved == saved[0]
    assert saved[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pygame.image.load(str(saved[0])).get_size() == w.rect.size
    assert w.status == f"The report is saved as {saved[0]}."
    assert not [p for p in logs.iterdir() if p.name.endswith(".tmp")]
    d.key(pygame.K_ESCAPE)
    assert app.dialog is None


def test_x9_save_png_into_a_folder_that_refuses_says_so_in_one_sentence(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    report = battle_report(short_start(), SHORT)
    pygame.display.init()
    w = ReportWindow(report, "After-Action Report", blocker / "logs")
    assert w.save_png() is None
    assert w.status.endswith(".") and "cannot be written" in w.status and w.saved is None


def test_x9_report_for_a_saved_game_and_an_exported_log_from_the_menu():
    app, d = played_app(SHORT[:7])                      # turn 2, the battle going on
    b = app.battle
    GameStore.default().save(3, b.state, app.commands.players(), b.log, "Tiny",
                             start=b.start_state)
    menu_command(app, d, "Menu", "Export the Log")
    d.answer("OK")
    expected = battle_report(b.start_state, b.log, 0)    # no advice asked (X8)
    menu_command(app, d, "Menu", "Battle Report")
    rows = [words for words, _ in app.dialog.rows]
    assert rows[0] == "This battle (turn 2, going on)"
    assert rows[3].startswith("Saved game 3. Mark III, turn 2")
    assert rows[-1].startswith("Exported log battle-") and app.dialog.rows[-1][1]
    for i in (3, len(rows) - 1):                        # the saved game, then the log
        if app.dialog is None:
            menu_command(app, d, "Menu", "Battle Report")
        d.click_at(app.dialog.row_rect(i).center)
        d.answer("OK")
        assert isinstance(app.dialog, ReportWindow) and app.dialog.report == expected
        d.answer("OK")
    assert app.dialog is None


def test_x9_a_saved_game_without_its_start_gives_one_sentence():
    app, d = played_app(SHORT[:3])
    GameStore.default().save(1, app.battle.state, app.commands.players(), [])
    app.aftermath.report_game(GameStore.default(), 1)
    assert app.dialog.title == "After-Action Report"
    assert app.dialog.message == ("Saved game 1 has no log from the battle's start, so no "
                                  "report can be made of it.")


@pytest.mark.parametrize("report", [
    battle_report(short_start(), SHORT),
    made_up_report(3, events=3),                       # three events in three turns
    made_up_report(7, events=3),
    made_up_report(100, events=3),
], ids=["short", "crowded", "week", "long"])
def test_x9_event_marks_land_on_no_name_and_no_legend(report):
    """Issue 30 (19): the events' markers overlapped the "Command Post destroyed" label and
    the legend."""
    pygame.display.init()
    surface = pygame.Surface((800, 600))
    box = pygame.Rect(60, 40, 604, 520)
    layout = chart.draw_chart(surface, box, report)
    n = len(report.key_events)
    assert len(layout.event_marks) == len(layout.event_labels) == n and len(layout.legends) == 2
    names_and_legends = layout.event_labels + layout.legends
    for mark in layout.event_marks:
        assert box.contains(mark) and mark.collidelist(names_and_legends) < 0
    for group in (layout.event_marks, layout.event_labels, names_and_legends):
        assert not any(a.colliderect(b) for i, a in enumerate(group) for b in group[i + 1:])
    for plot in layout.plots:
        assert plot.collidelist(layout.event_marks) < 0
