"""9.03 Ogre Defending on the screen (X15): the force enters from its list, moves, fires at
units and at the Ogre, and escapes; the Ogre defends with its weapon dialog; hot-seat, against
the computer, saved and loaded, to the report."""

from __future__ import annotations

from driver import Driver
from screen_hands import perform

from ogre.ai import make_controller
from ogre.ai.deploy import watched
from ogre.rules import new_game
from ogre.rules.scenarios import OGRE_DEFENDING
from ogre.rules.sides import acting_side
from ogre.storage.fields import load_predesigned
from ogre.ui.app import App


def _battle(seed: int = 3):
    field = watched(next(f.field for f in load_predesigned() if f.mark == 3))
    return new_game(field, 3, seed, OGRE_DEFENDING.key)


def test_x15_9_03_hot_seat_every_action_of_both_sides_is_done_on_the_screen():
    app = App(state=_battle())
    d = Driver(app)
    assert d.dialog is not None and d.dialog.title == "Units Enter"     # how the force comes on
    d.answer("OK")
    players = {side: make_controller(side, "Med", seed=5) for side in ("ogre", "defense")}
    kinds: set[str] = set()
    for _ in range(600):
        d.hand_over()
        s = app.battle.state
        if s.over or s.turn >= 4:
            break
        action = players[acting_side(s)].choose(s)
        perform(d, app, action)
        assert app.battle.state != s, f"{action} was not taken: {app.battle.message}"
        kinds.add(type(action).__name__)
    assert app.battle.state.turn >= 4 or app.battle.state.over
    assert {"Move", "AimAt", "Fire", "Done"} <= kinds
