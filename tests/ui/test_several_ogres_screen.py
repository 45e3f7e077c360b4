"""The screen with several Ogres (X15): a click on the bottom row brings on the next Ogre to
enter, a drag from an Ogre fires that Ogre's weapons, and a drag onto an Ogre aims at that
Ogre's parts; the actions it sends name the Ogre, and the 1986 battle's actions are as ever."""

from __future__ import annotations

from dataclasses import replace

from driver import Driver
from test_battle_fire import MISSILES, _up
from test_battle_setup import CP, HEAVY, INF, MISSILE, P

from ogre.resources import standard_board
from ogre.rules import Field, Phase, new_game
from ogre.rules.scenarios import MARK_IIIS_ATTACKING
from ogre.rules.units import OGRE_ID, Weapon, ogre_id
from ogre.ui.app import App
from ogre.ui.dialogs.attack import PartDialog, WeaponDialog

O2 = ogre_id(2)
FIELD = [P(CP, 1418), P(HEAVY, 1017), P(INF, 1019, 2), P(MISSILE, 1014)]


def _two_ogres(phase: Phase, first: int = 0, second: int = 0):
    s = new_game(Field(standard_board(), tuple(FIELD)), 5, 1, MARK_IIIS_ATTACKING.key)
    if phase is Phase.OGRE_ENTRY:
        return s
    o1, o2 = s.ogres
    return replace(s, phase=phase, ogres=(replace(o1, hex=first, undo_hex=first),
                                          replace(o2, hex=second, undo_hex=second)))


def test_t2_clicks_on_the_bottom_row_bring_on_each_ogre_in_turn():
    app = App(state=_two_ogres(Phase.OGRE_ENTRY))
    d = Driver(app)
    d.answer("OK")                                       # the entry's dialog
    d.click_hex(822)
    assert app.battle.state.ogre_unit(OGRE_ID).hex == 822
    assert app.battle.state.phase is Phase.OGRE_ENTRY
    d.click_hex(1022)
    s = app.battle.state
    assert s.ogre_unit(O2).hex == 1022 and s.phase is Phase.OGRE_MOVE


def test_c5_a_drag_from_the_second_ogre_fires_its_weapons():
    app = App(state=_two_ogres(Phase.OGRE_FIRE, first=1515, second=1020))
    d = Driver(app)
    d.drag_hex(1020, 1017)
    dialog = app.battle.dialog
    assert isinstance(dialog, WeaponDialog) and dialog.firer.id == O2
    _up(d, MISSILES)
    d.answer("OK")
    s = app.battle.state
    assert s.aim is not None and s.aim.ogre == O2 and s.aim.weapons[0] == 1
    d.button("Fire")
    s = app.battle.state
    assert s.ogre_unit(O2).missiles_spent == 1 and s.ogre_unit(OGRE_ID).missiles_spent == 0
    assert app.battle.results[-1].startswith("Ogre 2 fires 1 Missile at Heavy Tank")


def test_c6_a_drag_onto_the_second_ogre_aims_at_its_parts():
    app = App(state=_two_ogres(Phase.DEFENSE_FIRE, first=1515, second=1018))
    d = Driver(app)
    d.drag_hex(1017, 1018)                               # the heavy tank at Ogre 2
    dialog = app.battle.dialog
    assert isinstance(dialog, PartDialog) and dialog.aimed_at.id == O2
    d.answer("OK")                                       # missiles, the first live part
    s = app.battle.state
    assert s.aim.ogre == O2 and s.aim.part is Weapon.MISSILE and s.aim.attackers == (2,)
    d.button("Fire")
    assert app.battle.results[-1].startswith("Defense fires at Missiles of Ogre 2")


def test_x15_the_second_ogres_counter_and_summary_say_its_number():
    from ogre.ui.drawing import art
    from ogre.ui.scenes.sidebar import ogre_summary

    assert art._labels(None, 1, 3, number=2) == ("MK III 2", "III 2")
    assert art._labels(None, 1, 3, number=1) == art._labels(None, 1, 3) == ("MK III", "III")
    s = _two_ogres(Phase.OGRE_MOVE, first=1515, second=1020)
    assert ogre_summary(s, s.ogre_unit(O2))[0] == "Ogre 2 Summary - Mark III"
    assert ogre_summary(s, s.ogre_unit(OGRE_ID))[0] == "Ogre Summary - Mark III"
