"""Issue 29: the defects a new player met because the battle in progress had no model of its
own - each fixed through the Match (ogre/match) and tested on the real app."""

from __future__ import annotations

from aftermath_helpers import menu_command
from driver import Driver
from test_ask_first import assert_asked
from test_play_and_slots import choose_options, pick

from ogre.rules.units import MARKS
from ogre.ui.app import App
from ogre.ui.commands import menu as commands_module
from ogre.ui.scenes.battle import Battle


def test_g1_after_a_lesson_let_go_play_a_game_starts_a_fresh_ogre_on_the_new_field():
    """Learn to Play, Leave, Edit the Field, Load a Field, Don't Save, then P: no Keep old
    Ogre, and no lesson's damaged Ogre on the new field."""
    app = App()
    d = Driver(app)
    menu_command(app, d, "Menu", "Learn to Play")
    assert app.tutorial is not None and app.battle is not None
    app.tutorial.leave()
    menu_command(app, d, "Menu", "Edit the Field")
    menu_command(app, d, "Menu", "Load a Field")
    pick(d, 1)                                         # GEV Screen
    if app.dialog is not None and app.dialog.title == "Load a Field":
        d.answer("Don't Save")                         # "the current game will be lost"
    menu_command(app, d, "Menu", "Play a Game")
    choose_options(d, [0, 0])                          # Mark III, the computer's Ogre
    assert app.dialog is None or "A battle is in progress" not in app.dialog.message
    b = app.battle
    assert b.state.turn == 1 and b.state.ogre.treads == MARKS[3].treads
    assert app.commands.field_name == "GEV Screen" == b.match.field_name


def test_g1_a_lessons_battle_never_offers_keep_old_ogre():
    app = App()
    d = Driver(app)
    menu_command(app, d, "Menu", "Learn to Play")
    app.tutorial.leave()
    menu_command(app, d, "Menu", "Edit the Field")
    menu_command(app, d, "Menu", "Play a Game")
    choose_options(d, [0, 0])
    assert app.dialog is None or app.dialog.message != "A battle is in progress."
    if app.dialog is not None:
        assert_asked(d, "Play a Game")                 # the lesson's battle may be saved first


def test_g2_x6_a_lesson_makes_no_computer_player_and_no_entry_dialog(monkeypatch):
    made, opened = [], []
    import ogre.ai as ai
    real = ai.controller_from_arg
    monkeypatch.setattr(ai, "controller_from_arg",
                        lambda *a, **k: made.append(a) or real(*a, **k))
    real_open = Battle.open
    monkeypatch.setattr(Battle, "open", lambda self, dlg: opened.append(dlg.title)
                        or real_open(self, dlg))
    app = App()
    d = Driver(app)
    menu_command(app, d, "Menu", "Learn to Play")
    assert made == [] and "Ogre Entry" not in opened
    assert app.battle.match.seats["ogre"].who == "lesson"
    assert commands_module.ai_available()
