"""Clicks anywhere at any moment never crash the battle screen, and never change the battle
except through a legal action (M1 "PLEASE STAY ON THE MAP", S1, S3 dialogs, X4 scaling).

The last test is a seeded fuzz: a few thousand random clicks, drags and keys on the real
App with a normal field. After every event the state must be sound, and at the end the
battle must be exactly what its log of actions replays to from the start.
"""

from __future__ import annotations

import random
from collections import Counter

import pygame
import pytest
from driver import Driver
from test_battle_setup import CP, HEAVY, P, battle_app, below_map, button, sidebar_blank

from ogre.rules import apply, parse_action
from ogre.rules.errors import MESSAGES
from ogre.rules.hexes import on_map
from ogre.rules.state import OGRE_ID, GameState, Phase
from ogre.rules.units import Kind
from ogre.ui.app import App
from ogre.ui.toolkit import theme

OFF = "PLEASE STAY ON THE MAP"


def raw(app, kind, pos=None, **extra):
    """One event at raw window pixels (no conversion: may lie outside the window)."""
    data = dict(extra)
    if pos is not None:
        data["pos"] = pos
    if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        data.setdefault("button", 1)
    if kind == pygame.MOUSEMOTION:
        data.setdefault("rel", (0, 0))
        data.setdefault("buttons", (1, 0, 0))
    app.step([pygame.event.Event(kind, data)])


# ---------------------------------------------------------------- off the map

@pytest.mark.parametrize("phase", [Phase.OGRE_MOVE, Phase.OGRE_FIRE, Phase.DEFENSE_MOVE,
                                   Phase.DEFENSE_FIRE, Phase.GEV_MOVE])
def test_m1_clicks_off_the_map_say_please_stay_on_the_map(phase):
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], phase, 1020)
    b = app.battle
    m = b.map
    before = b.state
    spots = [sidebar_blank(app), below_map(app, 1020),
             (m.rect.left + 4, m.rect.centery),             # the swamp left of the map
             (m.rect.right - 4, m.rect.centery),            # and right of it
             (theme.SIDEBAR_W // 2, theme.MENU_H + 60)]     # the phase window
    for spot in spots:
        b.message = ""
        d.click_at(spot)
        assert b.message == OFF, spot
        assert b.state is before and b.dialog is None


def test_m1_the_menu_bar_and_command_areas_are_not_off_the_map():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 1020)
    b = app.battle
    for spot in [(theme.SIDEBAR_W + 40, 8), (40, 8)] + [a.center for a in b.map.arrows.values()]:
        d.click_at(spot)
        assert b.message == "" and b.dialog is None, spot
    d.click_at(button(app, "Undo").rect.center)             # a dimmed button: quietly nothing
    assert b.message == ""


def test_m1_drag_ending_outside_the_window():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 1020)
    b = app.battle
    before = b.state
    start = app.to_window(tuple(int(v) for v in b.map.layout.center(1018)))
    w, h = app.window.get_size()
    for end in [(-40, -40), (-1, h // 2), (w + 5, h // 2), (w // 2, h + 50), (10 ** 6, 10 ** 6),
                (-10 ** 6, 3), (0, 0)]:
        b.message = ""
        raw(app, pygame.MOUSEMOTION, start)
        raw(app, pygame.MOUSEBUTTONDOWN, start)
        raw(app, pygame.MOUSEMOTION, end)
        raw(app, pygame.MOUSEBUTTONUP, end)
        assert b.state is before and b.dialog is None
        assert b.message in (OFF, ""), end                 # (0, 0) is the menu bar: nothing
        # the drag is over (a release above the map never reaches the battle screen:
        # the next plain mouse motion ends it)
        raw(app, pygame.MOUSEMOTION, start, buttons=(0, 0, 0))
        assert b.drag_from == 0 and b.drag_pos is None
    d.drag_hex(1018, 1017)
    assert b.state.piece(2).hex == 1017                    # and the game goes on


def test_m9_drag_of_the_ogre_off_the_map_is_no_exit():
    """Leaving the map is a click off the map, not a drag: a drag says stay on the map."""
    app, d = battle_app([P(CP, 1418)], Phase.OGRE_MOVE, 1022)
    b = app.battle
    d.drag_between(b.map.layout.center(1022), below_map(app, 1022))
    assert b.message == OFF and b.dialog is None and not b.state.over


# ---------------------------------------------------------------- other buttons, wheel, keys

def test_s1_right_middle_buttons_and_wheel_do_nothing():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 1020)
    b = app.battle
    before = b.state
    a = app.to_window(tuple(int(v) for v in b.map.layout.center(1018)))
    c = app.to_window(tuple(int(v) for v in b.map.layout.center(1017)))
    for btn in (2, 3, 4, 5, 6, 7):
        raw(app, pygame.MOUSEBUTTONDOWN, a, button=btn)
        raw(app, pygame.MOUSEMOTION, c, buttons=(0, 0, 1))
        raw(app, pygame.MOUSEBUTTONUP, c, button=btn)
    for done in (button(app, "Done").rect.center, sidebar_blank(app)):
        wp = app.to_window(done)
        raw(app, pygame.MOUSEBUTTONDOWN, wp, button=3)
        raw(app, pygame.MOUSEBUTTONUP, wp, button=3)
    for dy in (1, -1, 5, -5):
        app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False,
                                     precise_x=0.0, precise_y=float(dy), touch=False)])
    app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_d, mod=0, unicode="d", scancode=0)])
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="x")])
    app.step([pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    app.step([pygame.event.Event(pygame.WINDOWLEAVE)])
    assert b.state is before and b.message == "" and b.dialog is None
    # a left drag interrupted by a right click still completes
    raw(app, pygame.MOUSEBUTTONDOWN, a)
    raw(app, pygame.MOUSEBUTTONDOWN, c, button=3)
    raw(app, pygame.MOUSEBUTTONUP, c, button=3)
    raw(app, pygame.MOUSEMOTION, c)
    raw(app, pygame.MOUSEBUTTONUP, c)
    assert b.state.piece(2).hex == 1017


def test_s1_unused_keys_do_nothing():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 1020)
    b = app.battle
    before = b.state
    skip = {pygame.K_m, pygame.K_o, pygame.K_k, pygame.K_q, pygame.K_SPACE, pygame.K_z,
            pygame.K_u, pygame.K_g, pygame.K_r, pygame.K_d, pygame.K_c, pygame.K_f}
    for key in [k for k in range(pygame.K_SPACE, pygame.K_z + 1) if k not in skip] + [
            pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_F1, pygame.K_F12, pygame.K_BACKSPACE,
            pygame.K_DELETE, pygame.K_INSERT, pygame.K_KP_ENTER, 0, 0x4000_0000 + 500]:
        d.key(key)
        d.key(key, mod=pygame.KMOD_SHIFT)
        assert b.state is before and b.dialog is None and app.running, key


def test_s3_clicks_outside_a_dialog_do_nothing():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1019)], Phase.OGRE_MOVE, 1020)
    b = app.battle
    d.drag_hex(1020, 1019)                                 # the ram dialog
    dialog, before = b.dialog, b.state
    assert dialog is not None
    for spot in [(20, 300), button(app, "Done").rect.center, b.map.arrows["top"].center,
                 b.map.layout.center(1018), (theme.SIDEBAR_W + 40, 8)]:
        d.click_at(spot)
        d.drag_between(spot, b.map.layout.center(1017))
        assert b.dialog is dialog and b.state is before, spot
    for key in (pygame.K_TAB, pygame.K_PAGEUP, pygame.K_d, pygame.K_u, pygame.K_TAB):
        d.key(key)                     # the map may be looked over; nothing else happens
        assert b.dialog is dialog and b.state is before, key
    raw(app, pygame.MOUSEBUTTONUP, (-30, -30))
    raw(app, pygame.MOUSEBUTTONDOWN, (10 ** 5, 10 ** 5), button=3)
    assert b.dialog is dialog and b.state is before
    d.key(pygame.K_ESCAPE)                                 # Esc is Cancel
    assert b.dialog is None and b.state is before


def test_s3_a_drag_released_inside_a_dialog_is_no_click():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1019)], Phase.OGRE_MOVE, 1020)
    b = app.battle
    d.drag_hex(1020, 1019)
    ok = b.dialog.buttons[0].rect.center
    d.drag_between((b.dialog.rect.left + 5, b.dialog.rect.top + 5), (-20, 400))
    assert b.dialog is not None
    d.click_at(ok)
    assert b.dialog is None and b.state.ogre.hex == 1019


# ---------------------------------------------------------------- scaled windows (X4)

@pytest.mark.parametrize("size", [(1536, 1080), (800, 600), (1600, 500), (320, 240)])
def test_x4_play_in_a_scaled_window(size):
    from test_battle_setup import battle_state
    app = App(state=battle_state([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 1020),
              size=size)
    d = Driver(app)
    d.drag_hex(1018, 1016)
    assert app.battle.state.piece(2).hex == 1016
    d.click_at(sidebar_blank(app))
    assert app.battle.message == OFF
    # the letterbox bars around the canvas are off the map too (a window taller than the
    # canvas's shape has none above and below: the canvas grows down to fill it)
    w, h = app.window.get_size()
    arrows = app.battle.map.arrows.values()
    # (the top corners fall on the menu bar's row, which says nothing; a corner arrow scrolls)
    for corner, said in [((1, 1), ""), ((w - 2, 1), ""), ((1, h - 2), OFF), ((w - 2, h - 2), OFF)]:
        if any(r.collidepoint(app.to_logical(corner)) for r in arrows):
            said = ""
        app.battle.message = ""
        raw(app, pygame.MOUSEBUTTONDOWN, corner)
        raw(app, pygame.MOUSEBUTTONUP, corner)
        assert app.battle.message == said, corner
        assert app.battle.state.piece(2).hex == 1016
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(700, 500), w=700, h=500)])
    d.drag_hex(1016, 1015)                                    # play goes on after a resize
    assert app.battle.state.piece(2).hex == 1015


# ---------------------------------------------------------------- the fuzz

def _normal_field():
    from ogre.storage.fields import load_predesigned
    for rec in load_predesigned():
        if rec.mark == 3:
            return rec.field
    raise AssertionError("no Mark III field")


KEYS = [pygame.K_TAB, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END,
        pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT,
        pygame.K_RIGHT, pygame.K_PLUS, pygame.K_MINUS, pygame.K_u, pygame.K_g, pygame.K_r,
        pygame.K_d, pygame.K_c, pygame.K_f, pygame.K_SPACE, pygame.K_z, pygame.K_a,
        pygame.K_1, pygame.K_F5]
MESSAGE_TEXTS = set(MESSAGES.values()) | {""}


def check_sound(app: App, state: GameState) -> None:
    """What must hold after any event."""
    b = app.battle
    assert app.running
    assert b.message in MESSAGE_TEXTS, b.message
    assert b.selected is None or b.selected == OGRE_ID or state.piece(b.selected) is not None
    if b.dialog is not None:
        assert b.dialog.result is None
    o = state.ogre
    if state.phase is Phase.OGRE_ENTRY:
        assert o.hex == 0
    elif not o.exited:
        assert on_map(o.hex) and not state.board.is_crater(o.hex)
    ids = [p.id for p in state.pieces]
    assert len(ids) == len(set(ids))
    per_hex = Counter(p.hex for p in state.pieces)
    assert all(n <= 3 for n in per_hex.values())
    for p in state.pieces:
        assert on_map(p.hex) and not state.board.is_crater(p.hex), p
        assert 1 <= p.squads <= (3 if p.kind is Kind.INFANTRY else 1), p
    if state.aim is not None:
        assert state.phase in (Phase.OGRE_FIRE, Phase.DEFENSE_FIRE)


def _fuzz_point(rng: random.Random, app: App) -> tuple[int, int]:
    """A logical point: mostly somewhere that matters, sometimes anywhere at all."""
    b = app.battle
    m = b.map
    s = b.state
    roll = rng.random()
    if roll < 0.45:
        hexes = [p.hex for p in s.pieces] + ([s.ogre.hex] * 6 if s.ogre.hex else [])
        hexes = [h for h in hexes if m.hex_visible(h)]
        if hexes and rng.random() < 0.6:
            h = rng.choice(hexes)
        else:
            h = rng.choice([x for x in _visible(m)] or [1022])
        x, y = m.layout.center(h)
        return int(x) + rng.randint(-6, 6), int(y) + rng.randint(-6, 6)
    if roll < 0.62:
        return rng.choice(b.buttons).rect.center
    if roll < 0.70:
        return rng.choice(list(m.arrows.values())).center
    if roll < 0.95:
        return rng.randint(0, theme.LOGICAL_SIZE[0] - 1), rng.randint(theme.MENU_H,
                                                                      theme.LOGICAL_SIZE[1] - 1)
    return rng.choice([(-50, -50), (10 ** 5, 400), (500, -3), (500, 10 ** 4)])


def _fuzz_drag(rng: random.Random, app: App):
    """Mostly a drag a player might make (a piece of the side to act, to a hex nearby or
    onto an enemy), else between any two points."""
    from ogre.rules.hexes import within
    b = app.battle
    s, m = b.state, b.map
    if s.phase is Phase.OGRE_ENTRY and rng.random() < 0.5:
        from ogre.rules.hexes import BOTTOM_ROW
        h = rng.choice(sorted(BOTTOM_ROW))
        if m.hex_visible(h):
            c = m.layout.center(h)
            return _fuzz_point(rng, app), (int(c[0]), int(c[1]))
    if rng.random() < 0.3 or s.phase is Phase.OGRE_ENTRY:
        return _fuzz_point(rng, app), _fuzz_point(rng, app)
    ogre_side = s.phase in (Phase.OGRE_MOVE, Phase.OGRE_FIRE)
    mine = [s.ogre.hex] if ogre_side else [p.hex for p in s.pieces]
    theirs = [p.hex for p in s.pieces] if ogre_side else [s.ogre.hex]
    mine, theirs = [h for h in mine if h], [h for h in theirs if h]
    if not mine:
        return _fuzz_point(rng, app), _fuzz_point(rng, app)
    src = s.crowded_hex() if s.crowded_hex() and not ogre_side else rng.choice(mine)
    near = [h for h in within(src, 4) if h != src]
    if s.phase in (Phase.OGRE_FIRE, Phase.DEFENSE_FIRE) or rng.random() < 0.3:
        near = [h for h in theirs if h in within(src, 8)] or near
    dst = rng.choice(near or [src])
    if not (m.hex_visible(src) and m.hex_visible(dst)):
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="",
                                     scancode=0)])
        if not (m.hex_visible(src) and m.hex_visible(dst)):
            return _fuzz_point(rng, app), _fuzz_point(rng, app)
    a, c = m.layout.center(src), m.layout.center(dst)
    return (int(a[0]), int(a[1])), (int(c[0]), int(c[1]))


def _visible(m):
    from ogre.rules.hexes import ALL_HEXES
    return [h for h in ALL_HEXES if m.hex_visible(h)]


def _send(app, kind, pos, **extra):
    data = {"pos": app.to_window(pos), **extra}
    if kind == pygame.MOUSEMOTION:
        data.setdefault("rel", (0, 0))
        data.setdefault("buttons", (0, 0, 0))
    else:
        data.setdefault("button", 1)
    app.step([pygame.event.Event(kind, data)])


def _replays(start: GameState, battle) -> None:
    """Every change came through a legal action: the log replays to the very same battle."""
    s = start
    for line in battle.log:
        s, _ = apply(s, parse_action(line))
    assert s == battle.state


def _fuzz_start(field, seed: int, mid_field: bool) -> GameState:
    """A new battle, or one with the Ogre already in among the defenders (so they fight)."""
    from dataclasses import replace

    from ogre.rules import new_game
    s = new_game(field, 3, seed)
    if not mid_field:
        return s
    free = [h for h in (811, 911, 711, 1011, 812, 610) if not s.at(h) and not s.board.is_crater(h)]
    o = replace(s.ogre, hex=free[0], undo_hex=free[0])
    return replace(s, ogres=(o,), phase=Phase.OGRE_MOVE)


# one seed in `make test`; the other two with `make test-all` and CI (six seconds each)
@pytest.mark.parametrize("seed,mid_field", [
    (11, False), pytest.param(12, True, marks=pytest.mark.slow),
    pytest.param(13, True, marks=pytest.mark.slow)])
def test_fuzz_random_events_never_crash_and_keep_the_state_sound(seed, mid_field):
    rng = random.Random(seed)
    field = _normal_field()
    start = _fuzz_start(field, seed, mid_field)
    app = App(state=start)
    app.step([])
    b = app.battle
    events = actions = battles = 0
    phases = set()
    while events < 2500:
        if b.state.over and b.dialog is None:
            # a battle ended (the Ogre left the map, most likely): check it, start another
            _replays(start, b)
            actions += len(b.log)
            battles += 1
            start = _fuzz_start(field, seed * 100 + battles, mid_field)
            app = App(state=start)
            app.step([])
            b = app.battle
        roll = rng.random()
        dialog = app.battle.dialog
        if dialog is not None and roll < 0.6:
            # answer it, mostly OK, or poke inside it (weapon arrows, part rows)
            if rng.random() < 0.5 and hasattr(dialog, "row_rect"):
                r = dialog.row_rect(rng.randrange(4))
                pos = rng.choice([r.center, (r.right - 51, r.centery), (r.right - 19, r.centery)])
            else:
                pos = rng.choice(dialog.buttons).rect.center
            for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                _send(app, kind, pos)
            events += 3
        elif roll < 0.40:
            pos = _fuzz_point(rng, app) if roll < 0.32 else b.buttons[3].rect.center   # Done
            for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                _send(app, kind, pos)
            events += 3
        elif roll < 0.72:
            a, c = _fuzz_drag(rng, app)
            _send(app, pygame.MOUSEBUTTONDOWN, a)
            for _ in range(rng.randint(0, 2)):
                _send(app, pygame.MOUSEMOTION, _fuzz_point(rng, app), buttons=(1, 0, 0))
            _send(app, pygame.MOUSEMOTION, c, buttons=(1, 0, 0))
            _send(app, pygame.MOUSEBUTTONUP, c)
            events += 4
        elif roll < 0.86:
            key = rng.choice(KEYS)
            app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])
            events += 1
        elif roll < 0.95:
            btn = rng.choice([2, 3, 4, 5])
            pos = _fuzz_point(rng, app)
            _send(app, pygame.MOUSEBUTTONDOWN, pos, button=btn)
            _send(app, pygame.MOUSEBUTTONUP, pos, button=btn)
            events += 2
        else:
            app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]),
                                         flipped=False, precise_x=0.0, precise_y=1.0,
                                         touch=False)])
            events += 1
        assert app.battle is b
        check_sound(app, b.state)
        phases.add(b.state.phase)
    _replays(start, b)
    actions += len(b.log)
    assert actions > 20, (actions, battles)     # the fuzz got somewhere
    assert len(phases) >= 4, phases
