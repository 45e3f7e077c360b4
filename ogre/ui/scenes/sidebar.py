"""The sidebar of the battle (S1): phase window, Tactical Display, buttons, the result window."""

from __future__ import annotations

import pygame

from ogre.rules import combat
from ogre.rules.command_post import defender_allowance, defense_of, name_of
from ogre.rules.game import aim_kill_probability
from ogre.rules.hexes import distance
from ogre.rules.scenarios import ogre_called
from ogre.rules.sides import phase_title, side_of
from ogre.rules.state import GameState, Ogre, Phase, Piece
from ogre.rules.units import MARKS, STATS, WEAPON_STATS, WEAPONS, Kind, Weapon
from ogre.ui.drawing import status
from ogre.ui.scenes import aims, story
from ogre.ui.toolkit import ink, theme

PHASE_Y = theme.MENU_H + 44
TACTICAL = pygame.Rect(10, theme.MENU_H + 104, theme.SIDEBAR_W - 20, 300)
BUTTONS_Y = TACTICAL.bottom + 10
RESULT = pygame.Rect(10, BUTTONS_Y + 96, theme.SIDEBAR_W - 20, 0)


def button_rects() -> dict[str, pygame.Rect]:
    w = (theme.SIDEBAR_W - 30) // 2
    return {
        "top_left": pygame.Rect(10, BUTTONS_Y, w, 38),       # Undo / Clear
        "top_right": pygame.Rect(20 + w, BUTTONS_Y, w, 38),  # Group / Split / Fire
        "range": pygame.Rect(10, BUTTONS_Y + 46, w, 38),
        "done": pygame.Rect(20 + w, BUTTONS_Y + 46, w, 38),
    }


def draw_frame(surface: ink.Target, height: int) -> None:
    ink.rect(surface, theme.PANEL, (0, theme.MENU_H, theme.SIDEBAR_W, height))
    ink.line(surface, theme.PANEL_EDGE, (theme.SIDEBAR_W - 1, theme.MENU_H),
                     (theme.SIDEBAR_W - 1, height), 2)
    theme.text(surface, "OGRE", (theme.SIDEBAR_W // 2, theme.MENU_H + 20), 40, theme.ACCENT,
               bold=True, center=True)


def draw_phase(surface: ink.Target, state: GameState, who: str) -> None:
    r = pygame.Rect(10, PHASE_Y - 6, theme.SIDEBAR_W - 20, 50)
    ink.rect(surface, theme.BG, r, border_radius=6)
    title = phase_title(state.scenario, state.phase)
    theme.text(surface, title, (r.centerx, r.top + 15), 26, theme.TEXT, bold=True, center=True)
    theme.text(surface, phase_words(state, who), (r.centerx, r.top + 37), 19, theme.TEXT_DIM,
               center=True)


def phase_words(state: GameState, who: str) -> str:
    """The line under the phase: the turn (of the time limit's, 7.02) and who plays it, or the
    result."""
    if state.over:
        return state.result
    limit = state.options.time_limit
    return f"Turn {state.turn}{f' of {limit}' if limit else ''}  -  {who}"


ATTACKING = "Attacking "      # Ogre Defending's force, told from the defense's units of its kind


def piece_lines(state: GameState, pid: int | None) -> list[str]:
    """The Tactical Display's lines for the selected piece (or the Ogre Summary)."""
    if pid is None:
        return []
    o = state.ogre_unit(pid)
    if o is not None:
        return ogre_summary(state, o)
    p = state.piece(pid)
    if p is None or p.hex <= 0:           # 9.03: a unit waiting to enter, or escaped
        return []
    if p.kind is Kind.MARKER:             # 8.04: all the attacker knows of it
        return [f"Marker at {p.hex:04d}", "A unit of the defense, camouflaged:",
                "shown when it moves, fires", "or is attacked"]
    st = STATS[p.kind]
    # named by its hex as the log and the lessons name it: its counter hides the hex's number
    move = defender_allowance(p, Phase.DEFENSE_MOVE, state.options)      # a Crawler's 1
    lines = [f"{ATTACKING if side_of(state, p.id) == 'ogre' else ''}"
             f"{name_of(p, state.options)} at {p.hex:04d}",
             f"Attack {p.attack}   Range {st.range}",
             f"Defense {defense_of(p, state.options)}   Move {move}"
             + (f", {st.second_move}" if st.second_move else ""),
             *aims.squads_words(state, pid)]      # issue 30 (4): "1 of 3 squads aimed"
    if p.disabled:
        lines.append("DISABLED")
    if status.marks_shown(state, p.id):   # the marks of the piece's own side's turn only
        if p.moved:
            lines.append(f"Moved {p.moved}")
            lines += moved_words(p)
        if p.fired:
            lines.append("Fired" if p.kind is not Kind.INFANTRY else f"Squads fired {p.fired}")
    return lines


def moved_words(p: Piece) -> list[str]:
    """M1: a move is counted along its path, so a piece that went round rubble (or a crater,
    or the Ogre) has moved more than the hexes it stands from where it began: said so. A unit
    that entered this turn (9.03) began off the map: its first point brought it on."""
    if p.start <= 0:
        return []
    away = distance(p.start, p.hex)
    if p.moved - p.base_moved <= away:
        return []
    return [f"Counted along its path: it stands {away} hex{'' if away == 1 else 'es'} from "
            "where it began."]


def ogre_summary(state: GameState, o: Ogre) -> list[str]:
    lines = [f"{ogre_called(state.scenario, o)} Summary - {MARKS[o.mark].name}",
             *([f"At {o.hex:04d}"] if o.on_map else []),
             f"Move value {o.move_value}   Moved {o.moved}",
             f"Treads {o.treads} of {o.original_treads}"]
    for i, w in enumerate(WEAPONS):
        lines.append(f"{WEAPON_STATS[w].name}: {', '.join(part_counts(state, o, i))}")
    return lines


def part_counts(state: GameState, o: Ogre, i: int) -> list[str]:
    """An Ogre's weapons in WEAPONS slot i: '2 ready', '1 fired', '1 spent', '2 lost'."""
    spent = o.missiles_spent if i == 0 else 0
    destroyed = MARKS[o.mark].weapons[i] - o.weapons[i] - spent
    fired = status.ogre_fired(state, o)[i] if i else 0     # ready again when its turn starts
    parts = [f"{o.weapons[i] - fired} ready"]
    if fired:
        parts.append(f"{fired} fired")
    if spent:
        parts.append(f"{spent} spent")
    if destroyed:
        parts.append(f"{destroyed} lost")
    return parts


# C5, C6: what each part of the Ogre is good for, under its attributes
_PART_NOTES = {
    Weapon.MISSILE: "One shot: a missile fired is spent.",
    Weapon.MAIN: "Fires once a turn.",
    Weapon.SECONDARY: "Fires once a turn.",
    Weapon.AP: "Hurts only infantry and the Command Post.",
    Weapon.TREADS: "Hit at 33% always; a hit destroys as many treads as the attack strength.",
}


def weapon_lines(state: GameState, o: Ogre, w: Weapon) -> list[str]:
    """The Tactical Display's lines for Ogre o's weapon (or treads) picked in an attack dialog."""
    st = WEAPON_STATS[w]
    if w is Weapon.TREADS:
        return [st.name, f"Defense {st.defense} each", f"{o.treads} of {o.original_treads} left",
                f"Move value {o.move_value}", _PART_NOTES[w]]
    i = WEAPONS.index(w)
    # what is left, as the attack dialogs count it (Issue 30 (6)); then, where some are not
    # ready, the Summary's count of them
    counts = [f"{o.intact(w)} left of {MARKS[o.mark].weapons[i]}"]
    detail = part_counts(state, o, i)
    if detail != [f"{o.intact(w)} ready"]:
        counts.append(", ".join(detail))
    return [st.name, f"Attack {st.attack}   Range {st.range}", f"Defense {st.defense}",
            *counts, _PART_NOTES[w]]


def draw_tactical(surface: ink.Target, lines: list[str], message: str) -> None:
    """The piece's lines from the top, a refusal at the bottom; the refusal is what the
    player must read, so it takes its room first and the lines get what is left."""
    ink.rect(surface, theme.BG, TACTICAL, border_radius=6)
    theme.text(surface, "Tactical Display", (TACTICAL.left + 8, TACTICAL.top + 6), 18,
               theme.TEXT_DIM)
    inside = pygame.Rect(TACTICAL.left + 8, TACTICAL.top + 28, TACTICAL.width - 16,
                         TACTICAL.height - 34)
    if message:
        words = [theme.Para(message, 22, theme.ERROR, bold=True)]
        h = min(inside.height, theme.paragraphs_height(words, inside.width))
        theme.draw_paragraphs(surface, words, pygame.Rect(inside.left, inside.bottom - h,
                                                          inside.width, h), bottom=True)
        inside.height = max(0, inside.height - h - 8)
    theme.draw_paragraphs(surface, [theme.Para(line, 20, theme.ACCENT if i == 0 else theme.TEXT,
                                               bold=i == 0) for i, line in enumerate(lines)],
                          inside, smallest=16)


def results_rect(height: int) -> pygame.Rect:
    """The result window, down to the bottom of a canvas `height` tall."""
    return pygame.Rect(RESULT.left, RESULT.top, RESULT.width, height - RESULT.top - 10)


NEWER_BELOW = "v newer below (Shift+End)"


def draw_results(surface: ink.Target, state: GameState, results: list[str],
                 height: int, choosing: str | None = None, newer: bool = False) -> None:
    """The window at the bottom: the kill probability (of the choice being made in an attack
    dialog, else of the aim), then the battle's story (X11) to its newest line, or to where
    the player scrolled back with a mark saying that newer lines lie below."""
    r = results_rect(height)
    ink.rect(surface, theme.BG, r, border_radius=6)
    inside = r.inflate(-16, -16)
    kill = choosing
    if kill is None and state.aim is not None:
        kill = f"Probability of kill: {combat.percent(aim_kill_probability(state, state.aim))}%"
    if kill:
        drawn = theme.draw_in_box(surface, kill, inside, 22, theme.ACCENT, bold=True)
        bottom = max(rect.bottom for rect in drawn) if drawn else inside.top
        inside.height -= bottom + 8 - inside.top
        inside.top = bottom + 8
    if newer:
        mark = pygame.Rect(inside.left, inside.bottom - 20, inside.width, 20)
        theme.draw_in_box(surface, NEWER_BELOW, mark, 17, theme.ACCENT, bold=True,
                          smallest=12, center=True)
        inside.height = max(0, inside.height - 24)
    # C8: the newest results at the bottom; when they do not all fit, the oldest give way
    theme.draw_paragraphs(surface, [story.para(line) for line in results[-40:]], inside,
                          smallest=19, newest=True)
