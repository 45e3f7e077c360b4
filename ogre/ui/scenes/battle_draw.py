"""The battle screen drawn (B1-B4, G2): the map with its lit hexes, the Range umbrella and the
pieces, then the sidebar - the phase, the Tactical Display, the buttons and the results."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from ogre.rules.command_post import defender_allowance, defense_of
from ogre.rules.scenarios import DUELS, duellist_name
from ogre.rules.sides import acting_side, ogre_in_play, role, side_of
from ogre.rules.state import FIRE_PHASES, MOVE_PHASES, GameState, Ogre, Phase, Piece
from ogre.rules.units import OGRE_ID, Kind
from ogre.ui.drawing import status
from ogre.ui.drawing.mapview import MapView
from ogre.ui.scenes import aims, force_entry, sidebar
from ogre.ui.scenes.banner import draw_banner
from ogre.ui.scenes.note import RefusalNote
from ogre.ui.scenes.story import Story
from ogre.ui.toolkit import ink, theme
from ogre.ui.toolkit.widgets import Button


class Battle(Protocol):
    """What drawing reads of the battle screen (ui/battle.py's Battle), so that this module
    needs nothing from it."""

    @property
    def seen(self) -> GameState: ...         # what the player at the screen may see (8.04)
    map: MapView
    buttons: list[Button]
    dialog: Any
    sides: dict[str, str]
    message: str
    note: RefusalNote
    story: Story
    banner: list[str]
    other: str
    selected: int | None
    top: dict[int, int]
    hover: int
    drag_from: int
    drag_pos: tuple[int, int] | None
    umbrella: tuple[set[int], set[int]] | None
    computer_turn: Callable[[], bool]

    def refresh_labels(self) -> None: ...
    def tactical_lines(self) -> list[str]: ...
    def ids_at(self, h: int) -> list[int]: ...


def draw(b: Battle, surface: ink.Target) -> None:
    s = b.seen
    b.refresh_labels()
    ink.blit(surface, b.map.terrain(s.board, surface), b.map.rect.topleft)
    clip = surface.get_clip()
    surface.set_clip(b.map.rect)
    if s.phase is Phase.OGRE_ENTRY and not b.computer_turn():   # lit for the player only
        b.map.fill_hexes(surface, [h for h in status.entry_edge(s) if not s.board.is_crater(h)],
                         theme.ACCENT, 70)
    elif not b.computer_turn() and (entry := force_entry.entry_hexes(s)):   # 9.03's force
        b.map.fill_hexes(surface, entry, theme.ACCENT, 70)
    if b.umbrella:
        green, blue = b.umbrella
        b.map.fill_hexes(surface, blue, theme.BLUE_RANGE, 80)
        b.map.fill_hexes(surface, green, theme.GREEN_RANGE, 90)
    aims.draw_aim_lines(surface, s, b.map)      # issue 30 (4): who aims at what, under the
    _draw_pieces(b, surface)                    # counters so none of their numbers is hidden
    for h in s.secrets.mines:                   # 8.03: the defense's own, or those found
        if b.map.hex_visible(h):
            b.map.draw_mine(surface, h, h in s.secrets.found,
                            corner=bool(s.at(h)) or s.ogre_at(h) is not None)
    if b.hover and not b.dialog and not b.computer_turn():   # G2: no pointer now
        b.map.outline_hex(surface, b.hover, (255, 255, 255), 1)
    if b.drag_from and b.drag_pos:
        a = b.map.layout.center(b.drag_from)
        ink.line(surface, theme.ACCENT, a, b.drag_pos, 3)
    b.note.draw(surface, b.map, b.message)     # M1: a refusal where the player is looking
    surface.set_clip(clip)
    b.map.draw_arrows(surface)
    if not b.dialog:
        aims.draw_hex_label(surface, b.map, b.hover)     # issue 30 (17): the pointer's hex
    sidebar.draw_frame(surface, surface.get_height())
    sidebar.draw_phase(surface, s, who_plays(b))
    sidebar.draw_tactical(surface, b.tactical_lines(), b.message)
    for button in b.buttons:
        button.draw(surface)
    choosing = getattr(b.dialog, "kill_text", None)     # C5, C6: as the choice changes
    sidebar.draw_results(surface, s, b.story.shown(), surface.get_height(),
                         choosing() if choosing else None, newer=b.story.back > 0)
    draw_banner(surface, b.map.rect, b.banner)      # X11: a turning point, over the map
    if b.dialog is not None:
        b.dialog.draw(surface)


def tactical_lines(b: Battle) -> list[str]:
    """The Tactical Display: the weapon picked in an attack dialog (C5, C6), else the
    selected piece, else a hint of what to do."""
    shown = getattr(b.dialog, "shown_weapon", None)
    if shown is not None:            # the Ogre that fires, or is fired at
        ogre = getattr(b.dialog, "firer", None) or getattr(b.dialog, "aimed_at", None)
        return sidebar.weapon_lines(b.seen, ogre or ogre_in_play(b.seen), shown())
    lines = (sidebar.piece_lines(b.seen, b.selected) + under_ogre_lines(b)
             + status.aim_lines(b.seen) + range_lines(b))
    if b.computer_turn():     # G2: what the computer does, never the player's prompt
        doing = status.computer_doing(b.seen, b.other)
        turn = status.COMPUTER_TURN.replace("computer", b.other)
        return [*lines, "", doing] if lines else [turn, doing, status.HURRY]
    hint = status.phase_hint(b.seen)
    return lines or ([hint] if hint else [])


def under_ogre_lines(b: Battle) -> list[str]:
    """X11: the pieces sharing the Ogre's hex (rammed, overrun), listed while the Ogre is
    selected or the pointer is on it; they are hidden under its counter."""
    s = b.seen
    o = s.ogre_unit(b.selected) if b.selected is not None else None
    o = o if o is not None and o.on_map else s.ogre_at(b.hover)
    if o is None:
        return []
    pieces = s.at(o.hex)
    if not pieces:
        return []
    under = [p.name + (" (disabled)" if p.disabled else "") for p in pieces]
    return [f"Under the Ogre: {', '.join(under)}", *status.under_ogre_words(o, pieces)]


def range_lines(b: Battle) -> list[str]:
    """S2: while Range shows, what its colours and outlines mean; for armor, that it
    disregards rubble as the 1986 manual says, so a green hex may still be refused."""
    if b.umbrella is None:
        return []
    p = b.seen.piece(b.selected) if b.selected is not None else None
    return status.range_words(p is not None and p.kind is not Kind.INFANTRY)


def note_hex(b: Battle) -> int:
    """Where a refusal is said on the map: by the piece the player moved or aimed (the one
    selected), else under the pointer."""
    s = b.seen
    if b.selected is None:
        return b.hover
    p = s.piece(b.selected) or s.ogre_unit(b.selected)
    return p.hex if p is not None else b.hover


def _draw_pieces(b: Battle, surface: ink.Target) -> None:
    s = b.seen
    lit = umbrella_pieces(b)
    shown: dict[int, int] = {}
    stacked: list[int] = []          # hexes whose top counter hides others (X11)
    for p in s.pieces:
        ids = b.ids_at(p.hex)
        top = b.top.get(p.hex)
        shown[p.hex] = top if top in ids else ids[0]
    for p in s.pieces:
        if not b.map.hex_visible(p.hex) or shown.get(p.hex) != p.id:
            continue
        looks: dict[str, Any] = {"cp": cp_figures(s, p)} if p.kind is Kind.CP else {}
        if side_of(s, p.id) == "ogre":
            looks["side"] = "ogre"
        b.map.draw_counter(surface, p.hex, p.kind.value, squads=p.squads,
                           state=piece_state(b, p, lit), **looks)
        if len(b.ids_at(p.hex)) > 1:
            b.map.outline_hex(surface, p.hex, theme.ACCENT, 3)
            stacked.append(p.hex)
    for o in s.ogres:
        if o.on_map and b.map.hex_visible(o.hex) and shown.get(o.hex, o.id) == o.id:
            under = bool(s.at(o.hex))
            st = "highlight" if under or o.id in lit else (
                "moved" if s.phase is Phase.OGRE_MOVE and o.moved else "normal")
            looks = {"side": "defense"} if side_of(s, o.id) == "defense" else {}
            b.map.draw_counter(surface, o.hex, "ogre", state=st, mark=o.mark,
                               number=OGRE_ID + 1 - o.id, **looks)   # 2 and on: Ogre 2...
            if under:
                stacked.append(o.hex)
    if b.selected is not None:
        h = getattr(s.piece(b.selected) or s.ogre_unit(b.selected), "hex", 0)
        if h and b.map.hex_visible(h):
            b.map.outline_hex(surface, h, theme.SELECT, 2)
    if s.aim is not None:
        for pid in ([s.aim.target] if s.aim.part is None else list(s.aim.attackers)):
            aimed = s.piece(pid)
            if aimed and b.map.hex_visible(aimed.hex):
                b.map.outline_hex(surface, aimed.hex, theme.ERROR, 3)
        aims.draw_aim_lines(surface, s, b.map, heads=True)
    for p in s.pieces:                  # "1/3": the squads of a unit aimed so far (C6)
        counted = aims.squads_aimed(s, p.id)
        if counted and shown.get(p.hex) == p.id and b.map.hex_visible(p.hex):
            aims.draw_squads_mark(surface, b.map.counter_rect(p.hex), *counted)
    for h in stacked:                # over the outlines, so none hides the count
        stack_mark(b, surface, h)


def piece_state(b: Battle, p, lit: set[int]) -> str:
    s = b.seen
    if p.id in lit:
        return "highlight"
    if p.disabled:
        return "disabled"
    if not status.marks_shown(s, p.id):    # the other side's turn: last turn's marks are gone
        return "normal"
    if s.phase in MOVE_PHASES and p.moved:
        return "moved"
    if s.phase in FIRE_PHASES and p.fired:
        return "fired"
    return "normal"


def umbrella_pieces(b: Battle) -> set[int]:
    if not b.umbrella:
        return set()
    area = b.umbrella[0] | b.umbrella[1]
    units: tuple[Piece | Ogre, ...] = (*b.seen.pieces, *b.seen.ogres)
    return {u.id for u in units if u.hex in area and u.id != b.selected}


def stack_mark(b: Battle, surface: ink.Target, h: int) -> None:
    """X11: "+2" on the top counter's corner: how many pieces lie hidden under it."""
    n = len(b.ids_at(h)) - 1
    r = b.map.counter_rect(h)
    size = max(13, r.height * 2 // 5)
    tw, th = theme.font(size, True).size(f"+{n}")
    mark = pygame.Rect(0, 0, tw + 8, th + 2)
    mark.center = (r.right - 2, r.top + 2)
    ink.rect(surface, theme.ACCENT, mark, border_radius=4)
    ink.rect(surface, theme.BG, mark, 1, border_radius=4)
    theme.text(surface, f"+{n}", mark.center, size, theme.BG, bold=True, center=True)


def cp_figures(s: GameState, p: Piece) -> tuple[int, int]:
    """The command post's defense and move as its counter prints them (X15: a hardened CP, a
    Crawler; 0 and 0 in the 1986 game)."""
    return defense_of(p, s.options), defender_allowance(p, Phase.DEFENSE_MOVE, s.options)


def who_plays(b: Battle) -> str:
    """Who the sidebar says is playing: the side's player ("Defense player", "Computer Ogre");
    in a Duel the Ogre whose turn it is ("Ogre 3 player", "Computer Ogre 3")."""
    s = b.seen
    seat = acting_side(s) or "defense"
    if s.scenario not in DUELS or s.over:
        return b.sides[seat]
    return b.sides[seat].replace(role(s.scenario, seat), duellist_name(s.duellist))
