"""The Field Editor designs a field for a battle of the pocket edition's (X15, E3-E10): Menu >
Design for a Battle, the defense's own Mark III placed, moved and removed as a piece, the
counts against that battle's allowance, its checks, and a field saved, loaded and played
with them. Driven as a player does, by clicks on the real app."""

from __future__ import annotations

import json

from aftermath_helpers import menu_command
from driver import Driver
from test_play_choices import answer_field_questions, option
from test_text_boxes import check_frame

from ogre.rules.scenarios import BASIC, MARK_III_ON_DEFENSE, OFFERED, OGRE_DEFENDING
from ogre.rules.sides import side_of
from ogre.storage.fields import FieldStore
from ogre.storage.paths import fields_folder
from ogre.ui.app import App
from ogre.ui.scenes import editor_sidebar as bar
from ogre.ui.scenes.editor import BATTLE_ROWS
from ogre.ui.scenes.editor_plans import CRATER_IN_WAY

SPOT = 806          # in the obstructed area, free on the first predesigned field
OTHER = 1006


def _designed_for(key: str):
    """The app on its first field, designed through the menu for the battle `key`."""
    app = App()
    d = Driver(app)
    menu_command(app, d, "Menu", "Design for a Battle")
    rows = [words for words, _ in d.dialog.rows]
    assert rows == list(BATTLE_ROWS.values())
    d.pick_row(list(BATTLE_ROWS).index(key))
    d.answer("OK")
    assert app.editor.scenario == key and d.dialog is None
    return app, d


def _pick(d: Driver, key: str) -> None:
    d.click(bar.choice_rect(key).center)


def test_x15_e3_design_for_a_battle_offers_the_defenses_mark_iii_as_a_piece():
    app, d = _designed_for(MARK_III_ON_DEFENSE.key)
    ed = app.editor
    assert ed.watchdog and "watchdog" in [c.key for c in bar.choices(ed.watchdog)]
    _pick(d, "watchdog")
    assert ed.selected == "watchdog"
    d.click_hex(SPOT)
    assert ed.field.ogres == (SPOT,)
    d.click_hex(OTHER)                                     # a field has one: it moves
    assert ed.field.ogres == (OTHER,)
    d.click_hex(OTHER)                                     # clicked again: taken off
    assert ed.field.ogres == ()
    check_frame(app)


def test_x15_e4_the_defenses_ogre_stands_alone_in_its_hex():
    app, d = _designed_for(MARK_III_ON_DEFENSE.key)
    ed = app.editor
    _pick(d, "watchdog")
    tank = next(p for p in ed.field.placements if p.kind.value == "heavy")
    d.click_hex(tank.hex)                                  # onto a piece: it takes its place
    assert ed.field.ogres == (tank.hex,) and ed.field.at(tank.hex) is None
    _pick(d, "infantry2")
    d.click_hex(tank.hex)                                  # a piece onto it: the same
    assert ed.field.ogres == () and ed.field.at(tank.hex).squads == 2
    _pick(d, "watchdog")
    crater = min(ed.field.board.craters)
    d.click_hex(crater)
    assert ed.field.ogres == () and ed.message == CRATER_IN_WAY


def test_x15_e4_drag_mode_moves_the_defenses_ogre():
    app, d = _designed_for(OGRE_DEFENDING.key)
    ed = app.editor
    _pick(d, "watchdog")
    d.click_hex(SPOT)
    d.click(bar.mode_rect("drag", watchdog=True).center)
    assert ed.mode == "drag"
    d.drag_hex(SPOT, OTHER)
    assert ed.field.ogres == (OTHER,)


def test_x15_e6_the_counts_are_the_battles_allowance():
    app, d = _designed_for(MARK_III_ON_DEFENSE.key)
    drawn = [item.words for item in check_frame(app)]
    assert "Mark III on Defense" in drawn and "Allowed" in drawn
    assert "15" in drawn                                    # its squads: 20 less five
    assert "Mk V" not in drawn


def test_x15_a_battle_without_the_defenses_ogre_takes_it_off_the_field():
    app, d = _designed_for(MARK_III_ON_DEFENSE.key)
    _pick(d, "watchdog")
    d.click_hex(SPOT)
    menu_command(app, d, "Menu", "Design for a Battle")
    d.pick_row(0)
    d.answer("OK")
    ed = app.editor
    assert ed.scenario == "" and ed.field.ogres == () and ed.selected == "heavy"
    assert "Mk V" in [item.words for item in check_frame(app)]      # the 1986 editor again


def test_x15_e10_g5_a_field_saved_for_a_battle_loads_with_its_battle_and_ogre():
    app, d = _designed_for(MARK_III_ON_DEFENSE.key)
    _pick(d, "watchdog")
    d.click_hex(SPOT)
    menu_command(app, d, "Menu", "Save a Field")
    d.pick_row(0)
    d.answer("OK")
    d.answer("OK")                                          # the name offered
    assert "Mark III on Defense" in d.dialog.message
    d.answer("OK")
    doc = json.loads((fields_folder() / "slot1.json").read_text())
    assert doc["scenario"] == MARK_III_ON_DEFENSE.key and doc["ogres"] == [f"{SPOT:04d}"]
    assert not app.editor.edited()
    menu_command(app, d, "Menu", "Design for a Battle")    # undesigned again ...
    d.pick_row(0)
    d.answer("OK")
    assert app.editor.edited()
    menu_command(app, d, "Menu", "Load a Field")           # ... and asked before it is lost
    d.answer("Don't Save")
    slot_row = next(i for i, (words, _) in enumerate(d.dialog.rows) if words.startswith("1. "))
    assert "Mark III on Defense" in d.dialog.rows[slot_row][0]
    d.pick_row(slot_row)
    d.answer("OK")
    ed = app.editor
    assert ed.scenario == MARK_III_ON_DEFENSE.key and ed.field.ogres == (SPOT,)


def test_x15_g1_play_a_game_plays_the_battle_the_field_was_designed_for():
    app, d = _designed_for(MARK_III_ON_DEFENSE.key)
    _pick(d, "watchdog")
    d.click_hex(SPOT)
    menu_command(app, d, "Menu", "Play a Game")
    assert d.dialog.chosen[0] == OFFERED.index(MARK_III_ON_DEFENSE)
    option(d, 1, 1)                                         # two players
    d.answer("OK")
    assert "the Mark III on Defense scenario allows 15" in d.dialog.message   # 20 squads
    answer_field_questions(d)
    s = app.battle.state
    assert s.scenario == MARK_III_ON_DEFENSE.key
    watchdog = s.ogres[1]
    assert side_of(s, watchdog.id) == "defense" and watchdog.hex == SPOT


def test_x15_e8_a_field_with_no_defending_ogre_is_asked_about_and_gets_the_computers():
    app, d = _designed_for(MARK_III_ON_DEFENSE.key)
    menu_command(app, d, "Menu", "Play a Game")
    option(d, 1, 1)
    d.answer("OK")
    questions = []
    while d.dialog is not None and d.dialog.title == "Play a Game":
        questions.append(d.dialog.message)
        d.answer("OK")
    assert any("The defense's Mark III is not on the map" in q for q in questions)
    s = app.battle.state
    assert s.ogres[1].hex and side_of(s, s.ogres[1].id) == "defense"


def test_x15_g1_picking_a_battles_field_in_play_a_game_picks_its_battle(tmp_path):
    from ogre.ai.deploy import watched
    app = App()
    FieldStore.default().save(2, watched(app.editor.field), "Watchdog Field",
                              OGRE_DEFENDING.key)
    d = Driver(app)
    menu_command(app, d, "Menu", "Play a Game")
    assert d.dialog.chosen[0] == OFFERED.index(BASIC)
    d.click(d.dialog.field_box().center)
    row = next(i for i, (words, _) in enumerate(d.dialog.rows) if "Watchdog Field" in words)
    d.pick_row(row)
    d.answer("OK")
    assert d.dialog.chosen[0] == OFFERED.index(OGRE_DEFENDING)


def test_x15_e1_edit_the_field_mid_battle_keeps_the_defenses_ogre_and_its_battle():
    from ogre.ai.deploy import defended
    from ogre.rules import new_game
    app = App()
    state = new_game(defended(app.editor.field), 3, 5, MARK_III_ON_DEFENSE.key)
    app.start_battle(state)
    app.dialog = app.battle.dialog = None
    app.commands.edit_field()
    ed = app.editor
    assert app.screen is ed and ed.scenario == MARK_III_ON_DEFENSE.key
    assert ed.field.ogres == (state.ogres[1].hex,) and ed.watchdog


# ---------------------------------------------------------------- found by a hostile review

def _battle_of(key: str):
    from ogre.ai.deploy import defended, watched
    from ogre.rules import new_game
    app = App()
    deploy = {MARK_III_ON_DEFENSE.key: defended, OGRE_DEFENDING.key: watched}.get(key)
    field = deploy(app.editor.field) if deploy else app.editor.field
    app.start_battle(new_game(field, 3, 5, key))
    app.dialog = app.battle.dialog = None
    return app, Driver(app)


def _questions(d: Driver) -> list[str]:
    asked = []
    while d.dialog is not None and d.dialog.title == "Play a Game":
        asked.append(d.dialog.message)
        d.answer("OK")
    return asked


def test_x15_e8_a_battles_field_played_in_another_battle_is_checked_against_it():
    app, d = _battle_of(MARK_III_ON_DEFENSE.key)                 # 12 armor units, 15 squads
    menu_command(app, d, "Menu", "Play a Game")
    option(d, 0, OFFERED.index(OGRE_DEFENDING))
    option(d, 1, 1)
    d.answer("OK")
    asked = _questions(d)
    assert any("the Ogre Defending scenario allows 10" in q for q in asked)
    assert any("the Ogre Defending scenario allows 6" in q for q in asked)
    s = app.battle.state
    assert s.scenario == OGRE_DEFENDING.key and app.editor.scenario == OGRE_DEFENDING.key


def test_x15_g1_new_battle_on_another_1986_field_keeps_the_battle_just_played():
    app, d = _battle_of(MARK_III_ON_DEFENSE.key)
    app.commands.play.after_battle()
    option(d, 0, 1)                                               # Another field
    d.answer("OK")
    d.pick_row(0)                                                 # a 1986 Mark III field
    d.answer("OK")
    while d.dialog is not None:
        d.answer("Don't Save" if "lost" in d.dialog.message else "OK")
    assert app.battle.state.scenario == MARK_III_ON_DEFENSE.key


def test_x15_e5_clear_pieces_takes_the_defenses_ogre_too():
    app, d = _designed_for(MARK_III_ON_DEFENSE.key)
    _pick(d, "watchdog")
    d.click_hex(SPOT)
    menu_command(app, d, "Menu", "Clear Pieces")
    d.answer("OK")
    assert app.editor.field.placements == () and app.editor.field.ogres == ()


def test_x15_g1_keep_old_ogre_checks_the_field_against_the_battle_that_goes_on():
    app, d = _battle_of(BASIC.key)
    app.commands.edit_field()
    menu_command(app, d, "Menu", "Design for a Battle")
    d.pick_row(list(BATTLE_ROWS).index(MARK_III_ON_DEFENSE.key))
    d.answer("OK")
    _pick(d, "watchdog")
    d.click_hex(SPOT)
    menu_command(app, d, "Menu", "Play a Game")
    option(d, 1, 1)
    d.answer("OK")
    option(d, 0, 1)                                               # Keep old Ogre
    d.answer("OK")
    assert not any("Mark III on Defense" in q for q in _questions(d))
    assert app.battle.state.scenario == BASIC.key


def test_x15_e1_a_destroyed_defenses_ogre_is_no_part_of_the_field():
    from dataclasses import replace

    from ogre.ai.deploy import defended
    from ogre.rules import new_game
    from ogre.ui.commands.kept_ogre import field_from_state
    app = App()
    s = new_game(defended(app.editor.field), 3, 5, MARK_III_ON_DEFENSE.key)
    o = s.ogres[1]
    wreck = replace(o, treads=0, weapons=tuple(0 for _ in o.weapons))
    assert wreck.destroyed
    assert field_from_state(s).ogres == (o.hex,)
    assert field_from_state(replace(s, ogres=(s.ogres[0], wreck))).ogres == ()


def test_x15_e10_edit_the_field_in_a_duel_shows_no_ogre_on_any_ogres_turn():
    """A Duel's field is terrain alone: the editor shows none of its Ogres, whoever's turn it is
    (it showed Ogre 1 on its own turns only); a 1986 battle's Ogre is shown where it stands."""
    from dataclasses import replace

    from ogre.rules import Phase, new_game
    from ogre.rules.scenarios import DUEL
    app = App()
    state = new_game(app.editor.field, 5, 5, DUEL.key)
    first, second = state.ogres
    state = replace(state, phase=Phase.OGRE_MOVE, turn=2,
                    ogres=(replace(first, hex=1021), replace(second, hex=1002)))
    for whose in (first.id, second.id):
        app.start_battle(replace(state, duellist=whose))
        app.dialog = app.battle.dialog = None
        app.commands.edit_field()
        assert app.screen is app.editor and app.editor.ogre_hex == 0
    plain = new_game(app.editor.field, 3, 5)
    plain = replace(plain, phase=Phase.OGRE_MOVE, turn=2,
                    ogres=(replace(plain.ogres[0], hex=1020),))
    app.start_battle(plain)
    app.dialog = app.battle.dialog = None
    app.commands.edit_field()
    assert app.editor.ogre_hex == 1020
