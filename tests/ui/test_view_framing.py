"""B4 (issue 13, part 2): the map shows where the action is. After Load a Game, Start new Ogre,
Keep old Ogre and at the start of every phase, the Ogre and the pieces that matter in that
phase are fully in view; when they do not all fit, the Ogre and the nearest of them win.

"Fully in view" is checked here from the drawn geometry itself - the counter's square at its
hex's centre lies inside the map and clear of the four corner arrows - not through the view's
own answer. The real App plays on hand-built positions (the standard map, a 1024 x 720 canvas
unless said), and each position is one the old framing got wrong: it counted every defender
whose centre showed, or only followed the Ogre.
"""

from __future__ import annotations

import random

import pygame
import pytest
from driver import Driver
from test_battle_setup import CP, GEV, HEAVY, HOWITZER, INF, MISSILE, P, battle_state
from test_play_and_slots import menu, pick

from ogre.rules import legal_actions, new_game
from ogre.rules.hexes import ALL_HEXES, BOTTOM_ROW, col_row
from ogre.rules.state import Phase
from ogre.storage.games import GameStore, Players
from ogre.ui.app import App
from ogre.ui.drawing.framing import hexes_that_matter

CANVAS = (1024, 720)


def fully_shown(m, h: int) -> bool:
    """Hex h's counter is drawn whole: inside the map rect, under no corner arrow."""
    x, y = m.layout.center(h)
    size = m.counter_size
    r = pygame.Rect(0, 0, size, size)
    r.center = (int(x), int(y))
    return m.rect.contains(r) and not any(r.colliderect(a) for a in m.arrows.values())


def shown(app: App, *hexes: int) -> list[bool]:
    app.step([])
    return [fully_shown(app.screen.map, h) for h in hexes]


def at_phase_start(placements, before: Phase, ogre_hex: int, look_bottom: bool,
                   **kw) -> tuple[App, Driver]:
    """A battle in the phase `before`; the player looks at the top or bottom half of the
    map, then presses Done (and OK to the Reminder) to start the next phase."""
    app = App(state=battle_state(placements, before, ogre_hex, **kw), size=CANVAS)
    d = Driver(app)
    app.battle.map.jump_half(bottom=look_bottom)
    d.button("Done")
    if d.dialog is not None and d.dialog.title == "Reminder":
        d.answer("OK")
    return app, d


# ---------------------------------------------------------------- the start of each phase

def test_b4_defense_move_opens_on_the_defenders_that_can_reach_the_ogre():
    # a GEV four hexes south can move 4 and fire 2; three infantry and the Command Post in
    # the north can do neither this turn (the old view showed them, as the larger crowd)
    app, _ = at_phase_start([P(CP, 801), P(INF, 203), P(INF, 403), P(INF, 1203), P(GEV, 818)],
                            Phase.OGRE_FIRE, 814, look_bottom=False)
    assert app.battle.state.phase is Phase.DEFENSE_MOVE
    assert shown(app, 814, 818) == [True, True]


def test_b4_defense_fire_opens_on_the_defenders_in_range_of_the_ogre():
    # the howitzer eight hexes north is in range (8); infantry far south is not
    app, _ = at_phase_start([P(CP, 101), P(HEAVY, 816), P(HOWITZER, 806), P(INF, 420),
                             P(INF, 620), P(INF, 1020), P(INF, 1220)],
                            Phase.DEFENSE_MOVE, 814, look_bottom=True)
    assert app.battle.state.phase is Phase.DEFENSE_FIRE
    assert shown(app, 814, 816, 806) == [True, True, True]


def test_b4_gev_move_opens_on_the_gevs_that_can_reach_the_ogre():
    # a GEV's second move is 3, its range 2: five hexes north is within reach
    app, _ = at_phase_start([P(CP, 101), P(GEV, 807), P(INF, 420), P(INF, 620), P(INF, 1020),
                             P(INF, 1220)], Phase.DEFENSE_FIRE, 812, look_bottom=True)
    assert app.battle.state.phase is Phase.GEV_MOVE
    assert shown(app, 812, 807) == [True, True]


def test_b4_ogre_move_opens_on_the_targets_within_its_move_and_reach():
    # Mark III: move 3 and missiles reaching 5 - the Command Post eight hexes north
    # (the player looks south, where the Ogre came from; the view only followed the Ogre)
    app, _ = at_phase_start([P(CP, 808), P(INF, 1222)], Phase.GEV_MOVE, 816, look_bottom=True)
    assert app.battle.state.phase is Phase.OGRE_MOVE
    assert shown(app, 816, 808) == [True, True]


def test_b4_ogre_fire_opens_on_the_targets_within_its_longest_weapon():
    # the missiles reach 5: the missile tank at 0810
    app, _ = at_phase_start([P(CP, 101), P(MISSILE, 810)], Phase.OGRE_MOVE, 815,
                            look_bottom=True)
    assert app.battle.state.phase is Phase.OGRE_FIRE
    assert shown(app, 815, 810) == [True, True]


def test_b4_when_not_all_fit_the_ogre_and_the_nearest_win():
    # the missile tank (4 away) and the heavy tank (5) fit with the Ogre; the two howitzers
    # eight rows north do not fit with the heavy tank - although they are two against one
    app, _ = at_phase_start([P(CP, 101), P(MISSILE, 808), P(HEAVY, 817), P(HOWITZER, 804),
                             P(HOWITZER, 1004)], Phase.OGRE_FIRE, 812, look_bottom=False)
    assert app.battle.state.phase is Phase.DEFENSE_MOVE
    assert shown(app, 812, 808, 817) == [True, True, True]
    assert shown(app, 804, 1004) == [False, False]


def test_b4_a_counter_cut_by_the_edge_is_not_in_view():
    app = App(state=battle_state([P(CP, 101), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 1020),
              size=CANVAS)
    m = app.battle.map
    m.scroll_to(4)
    # row 16's counters show only their top half under the bottom edge: not in view
    assert m.hex_visible(816) and not fully_shown(m, 816)
    m.show_hex(816)
    assert fully_shown(m, 816) and m.top_row == 5          # scrolled by the one row needed
    assert m.fully_visible(816) and not m.fully_visible(804)


# ---------------------------------------------------------------- a battle starts

def ogre_up_north():
    """The Ogre deep in the defence (row 06) with a heavy tank in its reach."""
    return battle_state([P(CP, 801), P(HEAVY, 603), P(INF, 1220)], Phase.DEFENSE_MOVE, 606)


def test_b4_load_a_game_opens_on_the_ogre_and_what_matters():
    GameStore.default().save(2, ogre_up_north(), Players(count=2, computer=None))
    app = App(size=CANVAS)
    d = Driver(app)
    menu(d, "Menu", "Load a Game")
    pick(d, 1)                                           # slot 2
    assert app.battle is not None and app.battle.state.ogre.hex == 606
    assert shown(app, 606, 603) == [True, True]


def play_again(app: App, d: Driver, keep: bool) -> None:
    """From the battle's Edit the Field, what Play a Game > Keep old (or Start new) Ogre runs
    once chosen (the menus' own dialogs are tested in test_play_and_slots); OK to each of
    the field's departures from the standard deployment (E8)."""
    old = app.battle
    menu(d, "Menu", "Edit the Field")
    app.commands.play.check_and_start(3, None, keep=keep)
    for _ in range(10):
        if app.battle is not old:
            return
        assert d.dialog is not None and d.dialog.title == "Play a Game", "no battle started"
        d.answer("OK")
    raise AssertionError("the battle never started")


def test_b4_keep_old_ogre_opens_on_the_ogre_and_what_matters():
    app = App(state=ogre_up_north(), size=CANVAS)
    d = Driver(app)
    app.battle.map.jump_half(bottom=True)
    play_again(app, d, keep=True)
    assert app.battle.state.ogre.hex == 606
    assert shown(app, 606, 603) == [True, True]


def test_b4_start_new_ogre_opens_on_the_entry_row():
    app = App(state=ogre_up_north(), size=CANVAS)
    d = Driver(app)
    app.battle.map.jump_half(bottom=False)
    play_again(app, d, keep=False)                          # Start new Ogre
    assert app.battle.state.phase is Phase.OGRE_ENTRY
    inner = [h for h in BOTTOM_ROW if 1 < col_row(h)[0] < 15]    # the corners: arrows
    assert all(shown(app, *inner))


def test_b4_start_new_ogre_in_a_tall_window_shows_the_whole_field():
    app = App(state=ogre_up_north(), size=(900, 1300))
    d = Driver(app)
    play_again(app, d, keep=False)
    assert app.battle.state.phase is Phase.OGRE_ENTRY
    assert all(shown(app, *ALL_HEXES))


# ---------------------------------------------------------------- whole battles

def rows_apart(hexes) -> int:
    rows = [col_row(h)[1] for h in hexes]
    return max(rows) - min(rows)


@pytest.mark.parametrize("seed", [1, 4])
def test_b4_every_phase_of_a_played_battle_opens_on_what_matters(seed):
    """A whole random battle played through the App: at each phase's start the Ogre shows
    whole, and so do the pieces that matter - all of them when they lie within ten rows
    (a view shows twelve), else the nearest as far as ten rows from the Ogre's reach."""
    from tests.rules.helpers import mark_iii_field
    from tests.rules.random_play import choose

    rnd = random.Random(seed)
    app = App(state=new_game(mark_iii_field(), 3, seed), size=CANVAS)
    b = app.battle
    starts = 0
    for _ in range(3000):
        s = b.state
        if s.over:
            break
        phase = s.phase
        assert b.act(choose(s, legal_actions(s), rnd), confirmed=True)
        if b.state.phase is phase or b.state.over:
            continue
        starts += 1
        hexes = hexes_that_matter(b.state)
        m = b.map
        if not hexes:
            continue
        assert fully_shown(m, hexes[0]), (b.state.turn, b.state.phase)
        near = [h for i, h in enumerate(hexes) if rows_apart(hexes[:i + 1]) <= 10]
        assert all(fully_shown(m, h) for h in near), (b.state.turn, b.state.phase, hexes)
    assert starts > 20
