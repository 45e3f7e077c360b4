"""The after-action report's chart (X9), drawn with pygame alone: the Ogre's treads and the
defence's surviving attack points in one panel, the Ogre's guns by kind in a second, both over
the same turn axis, with the turns of the key events marked across them: each event's number in
a row of its own over the legend, its name above with the same number, so no mark lands on a
name or a legend (Issue 30 (19)).

Everything is drawn inside the box it is given (clipped, and laid out to fit), so the chart
never spills onto the rest of the window, whatever the numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ogre.report import Report
from ogre.ui.toolkit import ink, theme

# Okabe and Ito's colour-blind-safe colours; each line also has its own marker shape (X4).
TREADS_COLOUR = (230, 159, 0)
POINTS_COLOUR = (86, 180, 233)
GUN_COLOURS = ((204, 121, 167), (0, 158, 115), (240, 228, 66), (213, 94, 0))
GUN_LABELS = ("Missiles", "Main Battery", "Secondary", "Antipersonnel")
AXIS = (170, 174, 182)
GRID = (58, 62, 72)
EVENT = (236, 236, 236)
FONT = 16                 # tick labels and legends
MARKERS_UP_TO = 30        # turns: more, and the lines go without markers
INSET = 6                 # space inside a plot above its top value and under 0


@dataclass(frozen=True)
class Line:
    name: str
    colour: tuple[int, int, int]
    shape: str
    points: tuple[tuple[int, int], ...]


@dataclass
class ChartLayout:
    """Where everything went, for the tests: the plots, their lines, the event marks."""

    box: pygame.Rect
    plots: list[pygame.Rect] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    event_xs: list[int] = field(default_factory=list)
    event_marks: list[pygame.Rect] = field(default_factory=list)    # the numbered marks
    event_labels: list[pygame.Rect] = field(default_factory=list)   # the events' names
    legends: list[pygame.Rect] = field(default_factory=list)
    turns: tuple[int, int] = (0, 0)


def draw_chart(surface: ink.Target, box: pygame.Rect, report: Report) -> ChartLayout:
    """Draw the report's chart inside `box`; returns where its parts went."""
    box = pygame.Rect(box)
    layout = ChartLayout(box)
    clip = surface.get_clip()
    surface.set_clip(box.clip(clip) if clip else box)
    try:
        _draw(surface, box, report, layout)
    finally:
        surface.set_clip(clip)
    return layout


def _draw(surface: ink.Target, box: pygame.Rect, report: Report, layout: ChartLayout) -> None:
    ink.rect(surface, theme.BG, box)
    ink.rect(surface, theme.PANEL_EDGE, box, 1)
    lh = theme.line_height(FONT)
    events = report.key_events
    left, right = box.left + 40, box.right - 14
    # the names' rows, then the marks' row
    top = box.top + 8 + len(events) * (lh + 2) + (lh + 4 if events else 0)
    bottom = box.bottom - 8 - 2 * lh                 # tick labels, then the axis' name
    room = bottom - top - 2 * (lh + 4) - 12
    upper_h = room * 11 // 20
    upper = pygame.Rect(left, top + lh + 4, right - left, upper_h)
    lower = pygame.Rect(left, upper.bottom + 12 + lh + 4, right - left,
                        bottom - (upper.bottom + 12 + lh + 4))
    layout.plots = [upper, lower]
    series = report.series
    t0, t1 = series[0].turn, series[-1].turn
    layout.turns = (t0, t1)

    def x_of(turn: float) -> int:
        if t1 == t0:
            return upper.centerx
        return round(upper.left + (turn - t0) * (upper.width - 1) / (t1 - t0))

    _turn_axis(surface, lower, upper, t0, t1, x_of)
    upper_lines, lower_lines, guns_title = _lines(report)
    points_top = max(max(values) for _, _, _, values in upper_lines) if report.duellists else \
        max([report.start_treads] + [s.defense_points for s in series])
    upper_max = _nice_max(points_top, 10)
    _value_axis(surface, upper, upper_max, 10 if upper_max <= 60 else 20)
    guns_top = max(max(values) for _, _, _, values in lower_lines)
    lower_max = _nice_max(max(guns_top, 2), 2)
    _value_axis(surface, lower, lower_max, 1 if lower_max <= 4 else 2)
    turns = [s.turn for s in series]
    layout.legends = [_legend(surface, upper, "", upper_lines),
                      _legend(surface, lower, guns_title, lower_lines)]
    marks = len(series) <= MARKERS_UP_TO + 1
    for plot, lines, top_value, spread in ((upper, upper_lines, upper_max, 3),
                                           (lower, lower_lines, lower_max, 2)):
        for n, (name, colour, shape, values) in enumerate(lines):
            # overlapping lines (two guns both at 0) sit side by side, a few pixels apart
            offset = round((n - (len(lines) - 1) / 2) * spread)
            pts = tuple((x_of(t), _y_of(plot, v, top_value) + offset)
                        for t, v in zip(turns, values))
            _polyline(surface, colour, pts, shape if marks else "")
            layout.lines.append(Line(name, colour, shape, pts))
    _key_events(surface, box, upper, lower, report, x_of, layout)


SHAPES = ("triangle", "square", "circle", "diamond")


def _lines(report: Report) -> tuple[list, list, str]:
    """The upper plot's lines, the lower's and the lower's title: the Ogres' treads and the
    defense's attack points over their guns by kind; in a Duel each Ogre's treads over its
    guns (9.04)."""
    series = report.series
    if report.duellists:
        names = [d.name for d in report.duellists]
        colours = [TREADS_COLOUR, POINTS_COLOUR, *GUN_COLOURS][:len(names)]
        return ([(f"{name} treads", c, SHAPES[n], [s.each_treads[n] for s in series])
                 for n, (name, c) in enumerate(zip(names, colours))],
                [(f"{name}", c, SHAPES[n], [s.each_guns[n] for s in series])
                 for n, (name, c) in enumerate(zip(names, colours))], "Guns:")
    return ([("Ogre treads", TREADS_COLOUR, "circle", [s.treads for s in series]),
             ("Defense attack points", POINTS_COLOUR, "square",
              [s.defense_points for s in series])],
            [(GUN_LABELS[i], GUN_COLOURS[i], shape, [s.guns[i] for s in series])
             for i, shape in enumerate(SHAPES)], "Ogre guns:")


def _nice_max(value: int, step: int) -> int:
    return max(step, -(-value // step) * step)


def _y_of(plot: pygame.Rect, value: float, top_value: int) -> int:
    usable = plot.height - 1 - 2 * INSET
    return round(plot.bottom - 1 - INSET - value * usable / top_value)


def _value_axis(surface: ink.Target, plot: pygame.Rect, top_value: int, step: int) -> None:
    for v in range(0, top_value + 1, step):
        y = _y_of(plot, v, top_value)
        if v:
            ink.line(surface, GRID, (plot.left + 1, y), (plot.right - 1, y))
        ink.line(surface, AXIS, (plot.left - 4, y), (plot.left, y))
        theme.text_at(surface, str(v), FONT, theme.TEXT_DIM, midright=(plot.left - 6, y))
    ink.line(surface, AXIS, plot.topleft, (plot.left, plot.bottom - 1))
    ink.line(surface, AXIS, (plot.left, plot.bottom - 1), (plot.right - 1, plot.bottom - 1))


def _turn_axis(surface: ink.Target, lower: pygame.Rect, upper: pygame.Rect, t0: int, t1: int,
               x_of) -> None:
    """Ticks under both plots, labelled under the lower one; a label every few turns when
    there are many."""
    span = max(1, t1 - t0)
    width = theme.font(FONT).size(str(t1))[0] + 8
    every = next(n for n in (1, 2, 5, 10, 20, 50, 100, 1000)
                 if span // n * width <= lower.width or n == 1000)
    lh = theme.line_height(FONT)
    for t in range(t0, t1 + 1):
        x = x_of(t)
        labelled = (t - t0) % every == 0 or t == t1
        for plot in (upper, lower):
            ink.line(surface, AXIS, (x, plot.bottom - 1), (x, plot.bottom + 3))
        if labelled and (t == t1 or t1 - t >= every / 2):
            theme.text_at(surface, str(t), FONT, theme.TEXT_DIM, midtop=(x, lower.bottom + 4))
    theme.text_at(surface, "Turn (the strength at the end of each)", FONT, theme.TEXT_DIM,
                  midtop=(lower.centerx, lower.bottom + 4 + lh))


def _legend(surface: ink.Target, plot: pygame.Rect, title: str, lines) -> pygame.Rect:
    """The lines' names above their plot, each after its colour and marker; in a smaller
    font when they would not fit the plot's width. Returns where it went."""
    size = FONT
    while size > 12 and _legend_width(title, lines, size) > plot.width:
        size -= 1
    y = plot.top - theme.line_height(FONT) // 2 - 3
    x = plot.left
    drawn = pygame.Rect(x, y - theme.line_height(size) // 2, 0, theme.line_height(size))
    if title:
        x += theme.text_at(surface, title, size, theme.TEXT, midleft=(x, y)).width + 10
    for name, colour, shape, _ in lines:
        ink.line(surface, colour, (x, y), (x + 18, y), 3)
        _marker(surface, colour, (x + 9, y), shape)
        x += 24 + theme.text_at(surface, name, size, theme.TEXT, midleft=(x + 24, y)).width + 14
    drawn.width = x - 14 - drawn.left
    return drawn


def _legend_width(title: str, lines, size: int) -> int:
    f = theme.font(size)
    width = f.size(title)[0] + 10 if title else 0
    return width + sum(24 + f.size(name)[0] + 14 for name, *_ in lines) - 14


def _polyline(surface: ink.Target, colour, pts, shape: str) -> None:
    if len(pts) > 1:
        ink.lines(surface, colour, False, pts, 3)
    for p in pts if shape else ():
        _marker(surface, colour, p, shape)


def _marker(surface: ink.Target, colour, p: tuple[int, int], shape: str) -> None:
    x, y = p
    if shape == "circle":
        ink.circle(surface, colour, p, 4)
    elif shape == "square":
        ink.rect(surface, colour, (x - 3, y - 3, 7, 7))
    elif shape == "triangle":
        ink.polygon(surface, colour, [(x, y - 5), (x - 5, y + 4), (x + 5, y + 4)])
    elif shape == "diamond":
        ink.polygon(surface, colour, [(x, y - 5), (x - 5, y), (x, y + 5), (x + 5, y)])


def _key_events(surface: ink.Target, box: pygame.Rect, upper: pygame.Rect,
                lower: pygame.Rect, report: Report, x_of, layout: ChartLayout) -> None:
    """Each key event: a dashed line across both plots in the turn it happened (between that
    turn's start and end points), its number in the marks' row over the legend, and its
    name, after the same number, on a row of its own above. Marks of events close in time
    slide apart rather than cover each other."""
    lh = theme.line_height(FONT)
    t0, t1 = layout.turns
    events = report.key_events
    mark_y = box.top + 6 + len(events) * (lh + 2) + lh // 2 + 1
    for row, e in enumerate(events):
        x = x_of(min(max(e.turn - 0.5, t0), t1))
        layout.event_xs.append(x)
        for plot in (upper, lower):          # the legends between them stay clear
            for y in range(plot.top, plot.bottom, 8):
                ink.line(surface, EVENT, (x, y), (x, min(y + 4, plot.bottom - 1)))
        number = str(row + 1)
        words = f"{number}  {e.what}, turn {e.turn}"
        rect = pygame.Rect((0, 0), theme.font(FONT).size(words))
        rect.midtop = (x, box.top + 6 + row * (lh + 2))
        rect.clamp_ip(box.inflate(-8, 0))
        theme.text(surface, words, rect.topleft, FONT, EVENT)
        layout.event_labels.append(rect)
        layout.event_marks.append(_event_mark(surface, box, x, mark_y, number, layout))


def _event_mark(surface: ink.Target, box: pygame.Rect, x: int, y: int, number: str,
                layout: ChartLayout) -> pygame.Rect:
    """An event's number in a ring over its line, slid right (or left at the box's edge)
    off the marks already drawn."""
    r = theme.line_height(FONT) // 2
    mark = pygame.Rect(0, 0, 2 * r, 2 * r)
    mark.center = (x, y)
    mark.clamp_ip(box.inflate(-8, 0))
    step = 2 * r + 2
    for _ in range(4 * len(layout.event_marks)):      # a few events: a few steps at most
        if mark.collidelist(layout.event_marks) < 0:
            break
        mark.x += step
        if mark.right > box.right - 4:
            step, mark.right = -step, box.right - 4
    ink.line(surface, EVENT, (x, mark.bottom), (x, y + r + 4))
    ink.circle(surface, theme.BG, mark.center, r)
    ink.circle(surface, EVENT, mark.center, r, 1)
    theme.text(surface, number, mark.center, FONT - 3, EVENT, bold=True, center=True)
    return mark
