"""A whole two-player hot-seat battle played through mouse events on the real app (T1, G4)."""

import pygame
from driver import Driver

from ogre.resources import standard_board
from ogre.rules import Field, Placement, new_game
from ogre.rules.state import Phase
from ogre.rules.units import Kind
from ogre.ui.app import App


def small_field() -> Field:
    """A Command Post and one infantry squad near the clear area: a short battle."""
    return Field(standard_board(), (Placement(Kind.CP, 816), Placement(Kind.INFANTRY, 916, 1)))


def test_t1_g4_hotseat_battle_to_complete_ogre_victory():
    app = App(state=new_game(small_field(), 3, seed=5))
    d = Driver(app)
    s = lambda: app.battle.state  # noqa: E731

    assert d.dialog is not None and d.dialog.title == "Ogre Entry"
    d.answer("OK")
    d.click_hex(822)                                  # T2: enter on the bottom row
    assert s().phase is Phase.OGRE_MOVE and s().ogre.hex == 822
    d.drag_hex(822, 820)                              # two more hexes
    assert s().ogre.hex == 820 and s().ogre.moved == 3
    d.button("Done")
    assert s().phase is Phase.OGRE_FIRE
    d.button("Done")                                  # a missile could reach: a reminder asks
    assert d.dialog is not None and d.dialog.title == "Reminder"
    d.answer("OK")
    assert s().phase is Phase.DEFENSE_MOVE
    assert d.hand_over()                              # whose turn it is, at the change of side
    d.button("Done")
    d.answer("OK")                                    # the infantry did not move
    assert s().phase is Phase.DEFENSE_FIRE
    d.button("Done")
    assert s().phase is Phase.GEV_MOVE
    d.button("Done")
    assert s().phase is Phase.OGRE_MOVE and s().turn == 2
    assert d.hand_over()

    d.drag_hex(820, 817)
    assert s().ogre.hex == 817
    d.button("Done")
    assert s().phase is Phase.OGRE_FIRE

    d.drag_hex(817, 916)                              # C5: aim at the infantry
    dialog = d.dialog
    assert dialog is not None and dialog.title == "Ogre Attack"
    ap = 3
    for _ in range(8):
        d.dialog_click(dialog.arrows(ap)[0])          # eight antipersonnel: 8-1, a sure kill
    assert dialog.counts == [0, 0, 0, 8]
    d.answer("OK")
    assert s().aim is not None and s().aim.weapons == (0, 0, 0, 8)
    d.button("Fire")
    assert s().piece(2) is None                        # the squad is gone
    d.drag_hex(817, 816)                              # the Command Post
    dialog = d.dialog
    d.dialog_click(dialog.arrows(1)[0])               # one main battery
    d.answer("OK")
    d.button("Fire")
    assert s().over and s().result == "Complete Ogre Victory"
    assert d.dialog is not None and d.dialog.title == "The Battle Is Over"
    assert "Complete Ogre Victory" in d.dialog.message
    d.answer("OK")
    assert app.step([]) is True
    app.step([pygame.event.Event(pygame.QUIT)])
    assert app.running is False
