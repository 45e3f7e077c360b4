"""Builders shared by the battle-screen tests (tests/ui/test_battle_*.py), and their own checks.

Every battle test starts the real App on a small hand-built field, so the positions are
known, and plays through synthetic mouse events with the Driver. `battle_app` places the
Ogre and sets the phase directly on the state new_game returns (a hand-built position);
everything after that goes through clicks and drags.

The map opens on rows 11-22 (the Ogre's end of the field), so the fields here keep their
pieces there and no drag needs the map to scroll.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
from driver import Driver

from ogre.resources import standard_board
from ogre.rules import Field, Placement, new_game
from ogre.rules.state import OGRE_ID, GameState, Phase
from ogre.rules.units import Kind
from ogre.ui.app import App

P = Placement
HEAVY, MISSILE, HOWITZER, GEV, INF, CP = (Kind.HEAVY, Kind.MISSILE, Kind.HOWITZER, Kind.GEV,
                                          Kind.INFANTRY, Kind.CP)


def battle_state(placements, phase: Phase = Phase.DEFENSE_MOVE, ogre_hex: int = 1022, *,
                 seed: int = 1, turn: int = 1, board=None, mark: int = 3, **ogre) -> GameState:
    """A battle on a hand-built field: defenders numbered 1.. in the order given, the Ogre
    on `ogre_hex` at the start of `phase` (its move fresh), any Ogre field overridden."""
    field = Field(board or standard_board(), tuple(placements))
    s = new_game(field, mark, seed)
    if phase is Phase.OGRE_ENTRY:
        return s
    o = replace(s.ogre, hex=ogre_hex, undo_hex=ogre_hex, **ogre)
    return replace(s, ogres=(o,), phase=phase, turn=turn)


def battle_app(placements, phase: Phase = Phase.DEFENSE_MOVE, ogre_hex: int = 1022,
               **kw) -> tuple[App, Driver]:
    app = App(state=battle_state(placements, phase, ogre_hex, **kw))
    return app, Driver(app)


def with_piece(state: GameState, pid: int, **changes) -> GameState:
    """The state with one defender changed (disabled, moved, fired...)."""
    return state.replace_piece(replace(state.piece(pid), **changes), pid)


def below_map(app: App, h: int) -> tuple[int, int]:
    """A point under hex h, off the bottom of the map (on the river), inside the map area."""
    m = app.battle.map
    x, _ = m.layout.center(h)
    return int(x), m.rect.bottom - 8


def sidebar_blank(app: App) -> tuple[int, int]:
    """A point in the sidebar that is no button: off the map, in no command area."""
    from ogre.ui.scenes import sidebar
    return sidebar.RESULT.centerx, sidebar.RESULT.top + 120


def window_events(app: App, kind: int, pos, **extra) -> list[pygame.event.Event]:
    """One raw event at a logical position, converted to window pixels like the Driver does."""
    data = {"pos": app.to_window(pos), "button": 1, **extra}
    if kind == pygame.MOUSEMOTION:
        data = {"pos": app.to_window(pos), "rel": (0, 0), "buttons": (0, 0, 0)}
    return [pygame.event.Event(kind, data)]


def button(app: App, label: str):
    app.step([])
    for b in app.battle.buttons:
        if b.label == label:
            return b
    raise AssertionError(f"no button {label!r}: {[b.label for b in app.battle.buttons]}")


def labels(app: App) -> list[str]:
    app.step([])
    return [b.label for b in app.battle.buttons]


def drawn_text(app: App) -> list[tuple[str, tuple[int, int]]]:
    """Every string drawn in one full redraw, with where it was drawn (canvas coordinates)."""
    from ogre.ui.toolkit import theme
    drawn: list[tuple[str, tuple[int, int]]] = []
    real = theme.text

    def spy(surface, text, pos, *args, **kwargs):
        drawn.append((text, tuple(pos)))
        return real(surface, text, pos, *args, **kwargs)

    theme.text = spy
    try:
        app.dirty = True
        app.step([])
    finally:
        theme.text = real
    return drawn


def shown_text(app: App) -> list[str]:
    """Every string drawn in one full redraw (the sidebar, the dialog, the buttons)."""
    return [text for text, _ in drawn_text(app)]


# ---------------------------------------------------------------- the builders' own checks

def test_battle_app_places_everything_where_asked():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018), P(INF, 1218, 3)], Phase.DEFENSE_MOVE, 820)
    s = app.battle.state
    assert [(p.id, p.kind, p.hex, p.squads) for p in s.pieces] == [
        (1, CP, 1418, 1), (2, HEAVY, 1018, 1), (3, INF, 1218, 3)]
    assert s.ogre.hex == 820 and s.phase is Phase.DEFENSE_MOVE and app.battle.dialog is None
    for h in (1418, 1018, 1218, 820, 1022, 1121):
        assert app.battle.map.hex_visible(h)         # the opening view: no scrolling needed
        assert app.battle.map.hex_at(app.battle.map.layout.center(h)) == h


def test_battle_app_clicks_select_what_is_there():
    app, d = battle_app([P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 820)
    d.click_hex(1018)
    assert app.battle.selected == 1
    d.click_hex(820)
    assert app.battle.selected == OGRE_ID


def test_shown_text_sees_the_sidebar():
    app, d = battle_app([P(CP, 1418)], Phase.DEFENSE_MOVE, 820)
    words = shown_text(app)
    assert "Defense Movement" in words and "Tactical Display" in words and "Done" in words
