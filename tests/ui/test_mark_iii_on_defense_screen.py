"""9.01 Mark III on Defense on the screen (X15): the defense's own Mark III, in blue, moves and
fires with its units; an Ogre aims at an enemy Ogre's part, then its weapons; hot-seat, against
the computer, saved and loaded, to the report."""

from __future__ import annotations

from aftermath_helpers import menu_command
from driver import Driver
from screen_hands import PARTS, perform, play_both_sides
from test_one_player import run_until
from test_play_choices import answer_field_questions, option

from ogre.ai import make_controller
from ogre.ai.deploy import defended
from ogre.rules import OgreAim, new_game
from ogre.rules.scenarios import MARK_III_ON_DEFENSE, OFFERED
from ogre.rules.sides import acting_side, side_of
from ogre.storage.fields import load_predesigned
from ogre.ui.app import App
from ogre.ui.dialogs.report_window import report_paragraphs
from ogre.ui.scenes.battle_fire import PART_TITLE


def _battle(seed: int = 2):
    field = defended(next(f.field for f in load_predesigned() if f.mark == 3))
    return new_game(field, 3, seed, MARK_III_ON_DEFENSE.key)


def test_x15_9_01_hot_seat_every_action_of_both_sides_is_done_on_the_screen():
    app = App(state=_battle())
    d = Driver(app)
    d.answer("OK")                                         # the Ogre Entry box
    done = play_both_sides(d, app, lambda s: False)
    at_ogres = {side_of(s, a.ogre) for s, a in done            # an Ogre at an Ogre's part
                if isinstance(a, OgreAim) and a.part is not None}
    assert app.battle.state.over and at_ogres == {"ogre", "defense"}


def test_x15_9_01_an_ogre_picks_the_enemy_ogres_part_then_its_weapons():
    app = App(state=_battle())
    d = Driver(app)
    d.answer("OK")
    players = {side: make_controller(side, "Med", seed=5) for side in ("ogre", "defense")}
    for _ in range(3000):
        d.hand_over()
        s = app.battle.state
        action = players[acting_side(s)].choose(s)
        if isinstance(action, OgreAim) and action.part is not None and s.aim is None:
            break
        perform(d, app, action)
    firer, enemy = s.ogre_unit(action.ogre), s.ogre_unit(action.target)
    d.click_hex(enemy.hex)
    d.click_hex(firer.hex)
    d.drag_hex(firer.hex, enemy.hex)
    chooser = d.dialog
    assert chooser.title == PART_TITLE and enemy.name in chooser.message
    assert [usable for _, usable in chooser.rows] == [enemy.intact(w) > 0 for w in PARTS]
    d.pick_row(PARTS.index(action.part))
    d.answer("OK")
    weapons = d.dialog
    assert weapons.message.startswith(f"Target: {enemy.name}'s ")
    assert weapons.limits[3] == 0                    # antipersonnel never hurt an Ogre


def test_x15_9_01_play_a_game_defend_with_a_mark_iii_against_the_computer_mark_v():
    app = App()
    app.prefs = app.prefs.model_copy(update={"message_speed": "Hi"})
    d = Driver(app)
    menu_command(app, d, "Menu", "Play a Game")
    option(d, 0, OFFERED.index(MARK_III_ON_DEFENSE))
    option(d, 1, 0)                                           # the computer plays the Ogre
    option(d, 2, 1)                                           # at Med
    d.answer("OK")
    answer_field_questions(d)
    s = app.battle.state
    assert s.scenario == MARK_III_ON_DEFENSE.key and [o.mark for o in s.ogres] == [5, 3]
    assert side_of(s, s.ogres[1].id) == "defense" and app.commands.computer == "ogre"
    me = make_controller("defense", "Med", seed=2)
    for _ in range(3000):
        run_until(app, lambda: app.battle.state.over
                  or acting_side(app.battle.state) == "defense")
        s = app.battle.state
        if s.over:
            break
        perform(d, app, me.choose(s))
    assert app.battle.state.over
    d.answer("Report")
    words = [p.words for p in report_paragraphs(app.dialog.report)]
    assert words[1].startswith("Mark V Ogre against a defense with a Mark III of its own, ")
