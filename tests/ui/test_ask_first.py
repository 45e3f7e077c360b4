"""Nothing lost without asking (G6, issue 13): Quit, the window's close button, Load a Game,
Play a Game (a new Ogre) and Load a Field ask Save / Don't Save / Cancel, in the manual's words,
before they lose a battle that moved on since it was saved, loaded or started. The first screen
says how to start a battle (E1, S4), and Play a Game offers the last choice again (G1)."""

from pathlib import Path

import pygame
import pytest
from driver import Driver
from test_play_and_slots import choose_options, menu, pick, start_two_player

from ogre.rules import Undo
from ogre.rules.state import OGRE_ID, Phase
from ogre.storage.games import GameStore
from ogre.ui.app import App
from ogre.ui.dialogs.options import KEYS, KeysDialog
from ogre.ui.dialogs.unsaved import LOST
from ogre.ui.scenes.battle import Battle
from ogre.ui.scenes.editor import Editor

# the 1986 manual's text sits in ../shared beside the checkout, not in the repository (rule 6)
MANUAL = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "ogre-1986-computer-manual.txt"


def key_event(key, mod=0, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)


def battle_with_a_move() -> tuple[App, Driver]:
    """A two-player battle on the first predesigned field whose Ogre has entered on 0822."""
    app = App()
    d = Driver(app)
    start_two_player(d)
    d.answer("OK")                               # the entry dialog
    d.click_hex(822)
    assert app.battle.state.ogre.hex == 822 and app.dialog is None
    return app, d


def assert_asked(d: Driver, title: str) -> None:
    q = d.app.dialog
    assert q is not None and q.title == title and q.message == LOST
    assert [b.label for b in q.buttons] == ["Save", "Don't Save", "Cancel"]


def save_in(d: Driver, slot: int) -> None:
    """Answer the Save a Game slot list that the Save button opened."""
    assert d.dialog.title == "Save a Game"
    pick(d, slot - 1)


def test_g6_the_question_is_the_manuals_sentence():
    assert LOST == "The current game will be lost unless it is saved first."
    if not MANUAL.exists():
        pytest.skip("the 1986 manual (../shared/seeds) is not beside this checkout")
    text = " ".join(MANUAL.read_text(encoding="utf-8").split())
    assert "the current game will be lost unless it is saved first." in text


# ------------------------------------------------------------------ Quit, three ways

def test_g6_quit_from_the_menu_asks_and_cancel_does_nothing():
    app, d = battle_with_a_move()
    state = app.battle.state
    menu(d, "Menu", "Quit")
    assert_asked(d, "Quit")
    d.answer("Cancel")
    assert app.running and app.dialog is None and app.battle.state is state


def test_g6_quit_dont_save_quits():
    app, d = battle_with_a_move()
    menu(d, "Menu", "Quit")
    d.answer("Don't Save")
    assert app.running is False
    assert all(s.status.name == "EMPTY" for s in GameStore.default().list_slots())


def test_g6_quit_save_saves_then_quits():
    app, d = battle_with_a_move()
    state = app.battle.state
    menu(d, "Menu", "Quit")
    d.answer("Save")
    assert app.running
    save_in(d, 2)
    assert app.running is False
    assert GameStore.default().load(2).state == state


def test_g6_quit_save_cancelled_at_the_slot_list_stays():
    app, d = battle_with_a_move()
    menu(d, "Menu", "Quit")
    d.answer("Save")
    d.answer("Cancel")                           # no slot chosen: not saved, so not quit
    assert app.running and app.dialog is None


def test_g6_ctrl_q_asks_too():
    app, d = battle_with_a_move()
    d.key(pygame.K_q, mod=pygame.KMOD_CTRL)
    assert_asked(d, "Quit")
    d.key(pygame.K_ESCAPE)                       # Esc is Cancel
    assert app.running and app.dialog is None
    d.key(pygame.K_q, mod=pygame.KMOD_CTRL)
    d.answer("Don't Save")
    assert app.running is False


def test_g6_the_close_button_asks_and_cancel_brings_back_the_dialog_it_came_over():
    app, d = battle_with_a_move()
    app.commands.preferences()
    prefs = app.dialog
    app.step([pygame.event.Event(pygame.QUIT)])
    assert_asked(d, "Quit")
    app.step([pygame.event.Event(pygame.QUIT)])  # pressed again: still the one question
    assert_asked(d, "Quit")
    d.answer("Cancel")
    assert app.running and app.dialog is prefs
    app.step([pygame.event.Event(pygame.QUIT)])
    d.answer("Don't Save")
    assert app.running is False


def test_g6_no_question_for_a_battle_that_has_not_moved_or_is_over_or_for_the_editor():
    app = App()
    Driver(app)
    app.step([pygame.event.Event(pygame.QUIT)])  # the first screen: no battle at all
    assert app.running is False
    app = App()
    d = Driver(app)
    start_two_player(d)                          # a new battle, the Ogre not yet entered
    d.answer("OK")
    menu(d, "Menu", "Quit")
    assert app.running is False


def test_g6_a_battle_that_is_over_does_not_ask():
    from dataclasses import replace
    app, d = battle_with_a_move()
    app.battle.match.state = replace(app.battle.state, phase=Phase.OVER, result="Ogre Destroyed")
    assert app.battle.state.over
    menu(d, "Menu", "Quit")
    assert app.running is False


def test_g6_saved_or_loaded_and_unchanged_does_not_ask_and_a_move_after_does():
    app, d = battle_with_a_move()
    menu(d, "Menu", "Save a Game")
    pick(d, 0)
    d.answer("OK")                               # "The battle is saved in game 1."
    assert not app.commands.unsaved.at_risk()
    d.drag_hex(822, 821)
    assert app.commands.unsaved.at_risk()        # moved on since the save
    app.battle.act(Undo(OGRE_ID), confirmed=True)
    assert not app.commands.unsaved.at_risk()    # back where it was saved
    d.drag_hex(822, 821)
    menu(d, "Menu", "Load a Game")
    pick(d, 0)
    assert_asked(d, "Load a Game")
    d.answer("Don't Save")
    assert app.battle.state.ogre.hex == 822
    menu(d, "Menu", "Quit")                      # just loaded: nothing to lose
    assert app.running is False


# ------------------------------------------------------------------ Load a Game

def test_g6_load_a_game_save_saves_the_battle_then_loads():
    app, d = battle_with_a_move()
    menu(d, "Menu", "Save a Game")
    pick(d, 0)
    d.answer("OK")
    d.drag_hex(822, 820)
    moved = app.battle.state
    menu(d, "Menu", "Load a Game")
    pick(d, 0)
    assert_asked(d, "Load a Game")
    d.answer("Cancel")
    assert app.battle.state is moved and app.dialog is None
    menu(d, "Menu", "Load a Game")
    pick(d, 0)
    d.answer("Save")
    save_in(d, 3)
    assert GameStore.default().load(3).state == moved
    assert app.battle.state.ogre.hex == 822 and app.battle.state != moved     # game 1 loaded
    assert d.dialog.message == "The battle you left was saved in game 3."
    d.answer("OK")
    assert not app.commands.unsaved.at_risk()


# ------------------------------------------------------------------ editor commands

def test_g6_play_a_game_keep_old_ogre_never_asks_start_new_ogre_does():
    app, d = battle_with_a_move()
    menu(d, "Menu", "Edit the Field")
    menu(d, "Menu", "Play a Game")
    choose_options(d, [0, 1])
    choose_options(d, [1])                       # Keep old Ogre: the battle goes on
    assert isinstance(app.screen, Battle) and app.battle.state.ogre.hex == 822
    menu(d, "Menu", "Edit the Field")
    old = app.battle
    menu(d, "Menu", "Play a Game")
    choose_options(d, [0, 1])
    choose_options(d, [0])                       # Start new Ogre
    assert_asked(d, "Play a Game")
    d.answer("Cancel")
    assert isinstance(app.screen, Editor) and app.battle is old
    menu(d, "Menu", "Play a Game")
    choose_options(d, [0, 1])
    choose_options(d, [0])
    d.answer("Save")
    save_in(d, 4)
    assert GameStore.default().load(4).state == old.state
    assert isinstance(app.screen, Battle) and app.battle is not old
    assert app.battle.state.phase is Phase.OGRE_ENTRY
    assert d.dialog.message == "The battle you left was saved in game 4."


def test_g6_play_a_game_start_new_ogre_dont_save_starts_fresh():
    app, d = battle_with_a_move()
    menu(d, "Menu", "Edit the Field")
    menu(d, "Menu", "Play a Game")
    choose_options(d, [0, 1])
    choose_options(d, [0])
    d.answer("Don't Save")
    assert isinstance(app.screen, Battle) and app.battle.state.phase is Phase.OGRE_ENTRY


def test_g6_load_a_field_behind_a_battle_asks():
    app, d = battle_with_a_move()
    menu(d, "Menu", "Edit the Field")
    field = app.editor.field
    menu(d, "Menu", "Load a Field")
    pick(d, 1)                                   # GEV Screen
    assert_asked(d, "Load a Field")
    d.answer("Cancel")
    assert app.editor.field is field
    menu(d, "Menu", "Load a Field")
    pick(d, 1)
    d.answer("Don't Save")
    assert app.editor.field != field and app.commands.field_name == "GEV Screen"
    menu(d, "Menu", "Load a Field")             # the player let the battle go: asked once
    pick(d, 2)
    assert app.dialog is None and app.commands.field_name == "Infantry Belt"


def test_g6_load_a_field_with_no_battle_does_not_ask():
    app = App()
    d = Driver(app)
    menu(d, "Menu", "Load a Field")
    pick(d, 1)
    assert app.dialog is None and app.commands.field_name == "GEV Screen"


# ------------------------------------------------------------------ the first screen (E1, S4)

def test_e1_the_first_screen_says_how_to_start_a_battle():
    app = App()
    d = Driver(app)
    assert isinstance(app.screen, Editor)        # the 1986 start: the Field Editor
    words = app.editor.hint()
    assert "To start a battle" in words and "Menu > Play a Game" in words and "press P" in words
    assert "Menu > Learn to Play" in words                # X6: the guided first battle
    d._send(pygame.MOUSEMOTION, (120, 500))      # the pointer over the sidebar: still said
    assert "Menu > Play a Game" in app.editor.hint()
    d._send(pygame.MOUSEMOTION, app.editor.map.layout.center(805))
    assert app.editor.hint().startswith("Click: ")     # over the map: what a click does


def test_e1_once_a_battle_has_started_the_editor_no_longer_says_it():
    app, d = battle_with_a_move()
    menu(d, "Menu", "Edit the Field")
    assert "Play a Game" not in app.editor.hint()


def test_s4_p_plays_a_game_from_the_editor_and_is_listed():
    app = App()
    d = Driver(app)
    command = next(c for c in app.menubar.menus[0].commands if c.label == "Play a Game")
    assert command.key == "P"
    assert ("P", "Play a Game (at any time)") in KEYS
    d.key(pygame.K_p, unicode="p")
    assert d.dialog is not None and d.dialog.title == "Play a Game"
    d.answer("Cancel")
    start_two_player(d)
    d.answer("OK")
    d.key(pygame.K_p, unicode="p")               # issue 30: in a battle too
    assert d.dialog is not None and d.dialog.title == "Play a Game"
    d.answer("Cancel")
    assert d.dialog is None and isinstance(app.screen, Battle)
    app.dialog = KeysDialog()
    app.step([])


# ------------------------------------------------------------------ the last choice (G1)

def test_g1_play_a_game_offers_the_last_choice_within_a_run_and_the_next():
    app = App()
    d = Driver(app)
    menu(d, "Menu", "Play a Game")
    assert d.dialog.chosen[:2] == [0, 0]         # first time: Mark III, the computer Ogre
    choose_options(d, [1, 1])                    # Mark V, two players
    assert isinstance(app.screen, Battle) and app.battle.state.ogre.mark == 5
    d.answer("OK")
    d.click_hex(822)
    menu(d, "Menu", "Edit the Field")
    menu(d, "Menu", "Play a Game")
    assert d.dialog.chosen[:2] == [1, 1]         # within the run
    d.answer("Cancel")
    again = App()                                # the next run
    d2 = Driver(again)
    menu(d2, "Menu", "Play a Game")
    assert d2.dialog.chosen[:2] == [1, 1]
    choose_options(d2, [0, 2])                   # Mark III, the computer defends
    assert again.commands.computer == "defense"
    assert (App().prefs.play_scenario, App().prefs.play_computer) == (3, "defense")


# ------------------------------------------------------------------ a field's label (E9)

def test_e9_a_field_saved_after_editing_is_labelled_by_its_counts():
    from ogre.rules.board import behind_crater_line
    app = App()
    d = Driver(app)
    ed = app.editor
    assert app.commands.field_name == "Howitzer Umbrella"          # a Mark III field
    taken = {p.hex for p in ed.field.placements}
    free = [c * 100 + r for r in (2, 3) for c in range(2, 14)
            if c * 100 + r not in taken and not ed.field.board.is_crater(c * 100 + r)
            and behind_crater_line(c * 100 + r)]
    ed.select("heavy")
    d.click_hex(free[0])
    d.click_hex(free[1])                           # 14 armor units: over the Mark III's 12
    menu(d, "Menu", "Save a Field")
    pick(d, 0)
    d.answer("OK")                                 # the offered name: its source's
    assert d.dialog.message == ('Saved as field 1, "Howitzer Umbrella" '
                                '(Mark V: 14 armor, 20 squads).')
    d.answer("OK")
    menu(d, "Menu", "Load a Field")
    rows = [words for words, _ in d.dialog.rows]
    assert rows[0].startswith("Howitzer Umbrella (Mark III) - ")   # the game's own, as designed
    assert rows[-5] == "1. Howitzer Umbrella (Mark V: 14 armor, 20 squads)"   # slot 1
