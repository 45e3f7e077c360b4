"""X11, issue 30 (1, 2, 3, 5): the battle tells its story. Every message is kept, grouped by
turn and phase, scrollable with the wheel and Shift+PgUp/PgDn/End, and told again when a game
is loaded; every defender's move shows a line; the turning points get a banner over the map
until a click or a key; what shares the Ogre's hex is marked and listed."""

from __future__ import annotations

from dataclasses import replace

import pygame
from driver import Driver
from test_battle_setup import (
    CP,
    GEV,
    HEAVY,
    INF,
    P,
    battle_app,
    battle_state,
    below_map,
    drawn_text,
)
from test_status_computer_turn import Clock, clock, computer_app, play_until  # noqa: F401

from ogre.ai import make_controller
from ogre.rules import Done, new_game
from ogre.rules.sides import acting_side
from ogre.rules.state import OGRE_ID, Phase
from ogre.storage.fields import load_predesigned
from ogre.ui.app import App
from ogre.ui.scenes import sidebar
from ogre.ui.scenes.banner import GO_ON, turning_points
from ogre.ui.scenes.sidebar import NEWER_BELOW as NEWER_BELOW_MARK
from ogre.ui.toolkit import theme


def _results_window(app: App) -> list[str]:
    """The lines drawn in the result window, top to bottom."""
    return [t for t, pos in drawn_text(app)
            if pos[1] >= sidebar.RESULT.top and pos[0] < theme.SIDEBAR_W]


def _two_players_for(turns: int) -> tuple[App, Driver]:
    """A two-player battle on the first predesigned field, played by the computer's own
    players through the screen's act, `turns` turns long."""
    app = App(state=new_game(load_predesigned()[0].field, 3, seed=5))
    d = Driver(app)
    b = app.battle
    sides = {"ogre": make_controller("ogre", "Low", seed=3),
             "defense": make_controller("defense", "Low", seed=4)}
    b.dialog = None
    while not b.state.over and b.state.turn <= turns:
        side = acting_side(b.state)
        assert b.act(sides[side].choose(b.state), confirmed=True)
        b.dialog = None
    return app, d


# ---------------------------------------------------------------- 1: the whole story

def test_x11_every_message_of_the_battle_is_kept_under_turn_and_phase_headings():
    app, _ = _two_players_for(3)
    lines = app.battle.results
    assert len(lines) > 40                        # the old window kept the last 40 only
    assert lines[0] == "Turn 1"
    turns = [line for line in lines if line.startswith("Turn ")]
    assert turns[:3] == ["Turn 1", "Turn 2", "Turn 3"]
    t2 = lines.index("Turn 2")
    assert lines[t2 + 1] == "-- Ogre Movement --"       # each turn opens on its first phase
    for phase in ("Ogre Attack", "Defense Movement", "Defense Attack", "GEV Movement"):
        assert f"-- {phase} --" in lines[:t2]


def test_x11_the_wheel_and_shift_pgup_scroll_back_and_a_mark_says_newer_lie_below():
    app, d = _two_players_for(2)
    b = app.battle
    newest = b.results[-1]
    assert _results_window(app)[-1] == newest and NEWER_BELOW_MARK not in _results_window(app)
    panel = sidebar.results_rect(app.canvas.get_height()).center
    for _ in range(3):
        d.send(pygame.MOUSEBUTTONDOWN, panel, button=4)     # the wheel, up
        d.send(pygame.MOUSEBUTTONUP, panel, button=4)
    shown = _results_window(app)
    assert NEWER_BELOW_MARK in shown
    assert newest not in shown[:-1] and b.story.back == 6
    # new messages arrive below; the view stays where the player left it
    before = b.story.shown()
    b.act(Done(), confirmed=True)
    assert b.story.shown() == before
    d.key(pygame.K_PAGEUP, pygame.KMOD_SHIFT)
    assert b.story.back > 6
    d.key(pygame.K_PAGEDOWN, pygame.KMOD_SHIFT)
    d.key(pygame.K_END, pygame.KMOD_SHIFT)          # the newest again
    assert b.story.back == 0
    shown = _results_window(app)
    assert shown[-1] == b.results[-1] and NEWER_BELOW_MARK not in shown
    # the wheel over the map is the map's, not the story's
    d.send(pygame.MOUSEBUTTONDOWN, b.map.rect.center, button=4)
    assert b.story.back == 0


def test_x11_the_wheel_scrolls_the_story_in_the_computers_turn_too(clock):  # noqa: F811
    app = computer_app([P(CP, 1418), P(HEAVY, 1017), P(HEAVY, 1010)], Phase.OGRE_FIRE, 1020)
    b = app.battle
    b.results = [f"line {i}" for i in range(30)]
    app.commands.hold_until = clock.now + 60
    assert app.commands.computer_acting()
    Driver(app).send(pygame.MOUSEBUTTONDOWN, sidebar.results_rect(app.canvas.get_height()).center,
                     button=4)
    assert b.story.back == 2


def test_x11_a_loaded_battle_tells_its_story_again():
    app, _ = _two_players_for(2)
    b = app.battle
    told = list(b.results)
    app.start_battle(b.state, log=list(b.log), start=b.start_state, told=list(b.told))
    assert app.battle is not b
    assert app.battle.results == told


def test_x11_a_log_that_does_not_replay_says_so_and_the_battle_goes_on():
    s = battle_state([P(CP, 1418)], Phase.DEFENSE_MOVE, 1020)
    app = App(state=s)
    app.start_battle(s, log=["move 7 0101"], start=s)
    assert app.battle.results == ["(The battle's earlier messages could not be told again.)"]


# ---------------------------------------------------------------- 2: the defenders' moves

def test_x11_the_computer_defences_moves_reach_the_panel(clock):  # noqa: F811
    app = computer_app([P(CP, 1418), P(HEAVY, 1017), P(GEV, 1215), P(INF, 1316, 2)],
                       Phase.DEFENSE_MOVE, 1020, side="defense")
    b = app.battle
    play_until(app, clock, lambda: b.state.phase is not Phase.DEFENSE_MOVE)
    moves = [line for line in b.results if " to " in line]
    log_moves = [a for a in b.log if a.startswith("move ")]
    assert log_moves and len(moves) == len(log_moves)
    for line in moves:
        assert line.split(" from ")[0] in ("Heavy Tank", "GEV", "Infantry (2)"), line


def test_x11_the_players_own_defender_moves_show_a_line():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 820)
    d.drag_hex(1018, 1017)
    assert app.battle.results[-1] == "Heavy Tank from 1018 to 1017"
    assert _results_window(app)[-1] == "Heavy Tank from 1018 to 1017"


# ---------------------------------------------------------------- 3: the turning points

def test_x11_the_ogre_immobilized_gets_a_banner_until_a_key():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1019)], Phase.DEFENSE_MOVE, 1020, treads=1)
    b = app.battle
    d.drag_hex(1019, 1020)                      # a ram of the Ogre: asked first
    d.answer("OK")
    assert b.state.ogre.treads == 0
    shown = [t for t, _ in drawn_text(app)]
    assert "The Ogre is immobilized: its treads are gone." in shown and GO_ON in shown
    d.key(pygame.K_d)                           # the key only takes the banner away
    assert b.banner == [] and b.state.phase is Phase.DEFENSE_MOVE
    assert "The Ogre is immobilized: its treads are gone." not in [t for t, _ in drawn_text(app)]


def test_x11_the_ogre_leaving_the_map_ends_in_the_dialog_with_no_banner_behind_it():
    app, d = battle_app([P(CP, 1418)], Phase.OGRE_MOVE, 1022)
    b = app.battle
    d.click_at(below_map(app, 1022))
    d.answer("OK")                              # leave the map?
    assert b.state.over and b.banner == []      # the end dialog says it: no banner under it
    assert b.dialog is not None and b.dialog.title == "The Battle Is Over"
    assert "The Ogre escaped off the map." in b.dialog.message
    assert "The Ogre leaves the map." not in [t for t, _ in drawn_text(app)]
    d.answer("OK")                              # one click: nothing more to dismiss
    assert b.dialog is None and b.banner == []
    assert GO_ON not in [t for t, _ in drawn_text(app)]


def test_x11_turning_points_command_post_and_last_gun():
    s = battle_state([P(CP, 1418), P(HEAVY, 1018)], Phase.OGRE_FIRE, 1020)
    no_cp = s.replace_piece(None, 1)
    assert turning_points(s, no_cp) == ["The Command Post is destroyed!"]
    armed = replace(s, ogres=(replace(s.ogre, weapons=(0, 0, 1, 0)),))
    bare = replace(s, ogres=(replace(s.ogre, weapons=(0, 0, 0, 0)),))
    assert turning_points(armed, bare) == ["The Ogre has lost its last gun."]
    assert turning_points(s, s) == []


def test_x11_a_turning_point_in_the_computers_turn_shows_and_a_click_takes_it(clock):  # noqa: F811
    app = computer_app([P(CP, 1418), P(HEAVY, 1017), P(HEAVY, 1010)], Phase.OGRE_FIRE, 1020)
    b = app.battle
    b.banner = ["The Command Post is destroyed!"]
    app.commands.hold_until = clock.now + 60
    d = Driver(app)
    assert "The Command Post is destroyed!" in [t for t, _ in drawn_text(app)]
    d.click(b.map.rect.center)
    assert b.banner == [] and app.commands.hold_until == clock.now + 60   # not a hurry


# ---------------------------------------------------------------- 5: under the Ogre

def test_x11_what_shares_the_ogres_hex_is_marked_and_listed():
    s = battle_state([P(CP, 1418), P(INF, 1020, 2), P(HEAVY, 1020)], Phase.OGRE_MOVE, 1020)
    s = s.replace_piece(replace(s.piece(3), disabled_turn=s.turn), 3)
    app = App(state=s)
    d = Driver(app)
    b = app.battle
    assert "+2" in [t for t, _ in drawn_text(app)]           # on the Ogre's counter
    b.selected = OGRE_ID
    lines = b.tactical_lines()
    assert "Under the Ogre: Infantry (2), Heavy Tank (disabled)" in lines
    b.selected = None
    d.send(pygame.MOUSEMOTION, d.hex_pos(1020))
    assert "Under the Ogre: Infantry (2), Heavy Tank (disabled)" in b.tactical_lines()
    d.send(pygame.MOUSEMOTION, d.hex_pos(1418))
    assert not any(line.startswith("Under the Ogre") for line in b.tactical_lines())


def test_x11_a_banner_leaves_the_menus_their_clicks_and_keys():
    app, d = battle_app([P(CP, 1418)], Phase.DEFENSE_MOVE, 1020)
    b = app.battle
    b.banner = ["The Command Post is destroyed!"]
    d.key(pygame.K_m)
    assert app.menubar.active and b.banner
    d.key(pygame.K_ESCAPE)
    assert not app.menubar.active and b.banner
    d.key(pygame.K_ESCAPE)
    assert not b.banner
