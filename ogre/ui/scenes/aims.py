"""What is aimed, shown on the map and in words (C5, C6, C7; issue 30 point 4).

The 1986 manual has a 2- or 3-squad infantry unit aim one squad per drag ("drag from the
infantry's hex to the Ogre's hex once for each squad"); the rules keep that. So the player
sees it: "1 of 3 squads aimed" on the unit's counter and in the Tactical Display, a line from
each aimed unit to the Ogre (or from the Ogre to its target), and Shift+drag aims every squad
of the unit that can still fire, each squad its own Aim, each checked by the rules.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ogre.rules import Aim, RuleError, check
from ogre.rules.actions import AimAt
from ogre.rules.sides import ogre_in_play
from ogre.rules.state import GameState, Ogre, Piece
from ogre.rules.units import Kind
from ogre.ui.toolkit import ink, theme

AIM_ALPHA = 170          # the aim line: the numbers under it still show
ANOTHER_DRAG = "Drag again to aim the next squad; Shift+drag aims them all."


def squads_aimed(state: GameState, pid: int | None) -> tuple[int, int] | None:
    """(squads aimed, squads) of a 2- or 3-squad infantry unit with a squad aimed, else None."""
    aim = state.aim
    p = state.piece(pid) if pid is not None else None
    if aim is None or not aim.attackers or p is None or p.kind is not Kind.INFANTRY:
        return None
    aimed = aim.attackers.count(p.id)
    return (aimed, p.squads) if aimed and p.squads > 1 else None


def squads_words(state: GameState, pid: int | None) -> list[str]:
    """The Tactical Display's lines for a unit with some squads aimed: how many, and how to aim
    the others while one can still be."""
    counted = squads_aimed(state, pid)
    if counted is None:
        return []
    aimed, squads = counted
    p = state.known(pid) if pid is not None else None
    lines = [f"{aimed} of {squads} squads aimed"]
    if p is not None and aimed + p.fired < squads:
        lines.append(ANOTHER_DRAG)
    return lines


def every_squad(act: Callable[[Aim | AimAt], bool], state: Callable[[], GameState],
                aim: Aim | AimAt) -> int:
    """Shift+drag: aim the unit's squads that can still fire as `aim` does (at a part of an
    Ogre, or at a unit), one aim each, through `act` (which checks and plays it); stops at the
    first the rules or a lesson refuse. How many were aimed."""
    done = 0
    for _ in range(3):                      # a unit has three squads at most
        if done:                            # the first one's refusal is the player's to read
            try:
                check(state(), aim)
            except RuleError:
                break
        if not act(aim):
            break
        done += 1
    return done


def shift_held() -> bool:
    """Is Shift down? The mouse's events do not carry the keys' state; SDL's does."""
    return bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)


# ---------------------------------------------------------------- drawing

def aim_pairs(state: GameState) -> list[tuple[int, int]]:
    """(from hex, to hex) for each aimed unit: a defender to the Ogre, or the Ogre to its target;
    in Ogre Defending, a unit to an enemy unit."""
    aim = state.aim
    if aim is not None and aim.attackers and aim.part is None:
        return _unit_pairs(state, aim.attackers, state.piece(aim.target))
    if aim is not None and not aim.attackers and aim.part is not None:    # an Ogre's at an Ogre
        firer, enemy = state.ogre_unit(aim.ogre), state.ogre_unit(aim.target)
        return [(firer.hex, enemy.hex)] if firer and enemy and firer.on_map else []
    o = ogre_in_play(state) if aim is None else state.ogre_unit(aim.ogre)
    if aim is None or o is None or not o.on_map:
        return []
    if aim.part is None:
        target = state.piece(aim.target)
        return [(o.hex, target.hex)] if target is not None else []
    return _unit_pairs(state, aim.attackers, o)


def _unit_pairs(state: GameState, attackers: tuple[int, ...],
                target: Piece | Ogre | None) -> list[tuple[int, int]]:
    if target is None:
        return []
    pairs: list[tuple[int, int]] = []
    for pid in dict.fromkeys(attackers):             # a unit once, however many squads
        p = state.piece(pid)
        if p is not None and (p.hex, target.hex) not in pairs:
            pairs.append((p.hex, target.hex))
    return pairs


def draw_aim_lines(surface: ink.Target, state: GameState, mapview,
                   heads: bool = False) -> None:
    """A red line from each aimer to what it aims at, from counter edge to counter edge, drawn
    under the counters; then (heads=True, over the counters and the aim's outlines) its head
    at the target's end. A unit in the Ogre's own hex has no line."""
    half = mapview.counter_size / 2
    for a, b in aim_pairs(state):
        (x0, y0), (x1, y1) = mapview.layout.center(a), mapview.layout.center(b)
        length = math.hypot(x1 - x0, y1 - y0)
        if length <= 2 * half:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        end = (x1 - ux * half, y1 - uy * half)
        if not heads:
            _see_through_line(surface, (x0 + ux * half, y0 + uy * half), end)
            continue
        head = max(9.0, half / 2)
        back = (end[0] - ux * head, end[1] - uy * head)
        wing = (-uy * head / 2, ux * head / 2)
        arrow = [end, (back[0] + wing[0], back[1] + wing[1]),
                 (back[0] - wing[0], back[1] - wing[1])]
        ink.polygon(surface, theme.ERROR, arrow)
        ink.polygon(surface, theme.BG, arrow, 1)


def _see_through_line(surface: ink.Target, a, b) -> None:
    """The aim's red, a little see-through: the hex numbers it crosses still read."""
    box = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(b[0] - a[0]), abs(b[1] - a[1]))
    box.inflate_ip(8, 8)
    layer = ink.Canvas(box.size, ink.scale_of(surface), alpha=True)
    ink.line(layer, (*theme.ERROR, AIM_ALPHA), (a[0] - box.left, a[1] - box.top),
                     (b[0] - box.left, b[1] - box.top), 3)
    ink.blit(surface, layer, box.topleft)


def draw_squads_mark(surface: ink.Target, counter: pygame.Rect, aimed: int,
                     squads: int) -> None:
    """"1/3" on the counter's top-left corner, in the aim's red: squads aimed of the unit's."""
    words = f"{aimed}/{squads}"
    size = max(13, counter.height * 2 // 5)
    tw, th = theme.font(size, True).size(words)
    mark = pygame.Rect(0, 0, tw + 8, th + 2)
    mark.center = (counter.left + 2, counter.top + 2)
    ink.rect(surface, theme.ERROR, mark, border_radius=4)
    ink.rect(surface, theme.BG, mark, 1, border_radius=4)
    theme.text(surface, words, mark.center, size, theme.BG, bold=True, center=True)


def draw_hex_label(surface: ink.Target, mapview, h: int) -> None:
    """Issue 30 (17): the number of the hex under the pointer, in the map's bottom-left corner
    (right of its arrow), as counters cover the numbers the lessons and the log name."""
    if not h:
        return
    words = f"Hex {h:04d}"
    size = 20
    tw, th = theme.font(size, True).size(words)
    arrow = mapview.arrows["bottom"]
    box = pygame.Rect(arrow.right + 6, arrow.top, tw + 14, arrow.height)
    ink.rect(surface, theme.PANEL, box, border_radius=4)
    ink.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=4)
    theme.text(surface, words, box.center, size, theme.TEXT, bold=True, center=True)
