"""One key map (S4, issue 29): each key with its command, its label and its line of help; the
keys list, the sidebar buttons' letters and the handlers all read it."""

from __future__ import annotations

from collections import Counter

import pygame
from driver import Driver

from ogre.ui.app import App
from ogre.ui.commands import menu as commands
from ogre.ui.dialogs.options import KEYS, KeysDialog
from ogre.ui.toolkit import keymap


def test_s4_every_key_is_bound_once_and_every_command_handled_is_in_the_map():
    bound = Counter((key, row.ctrl, row.shift) for row in keymap.ROWS for _, keys in row.does
                    for key in keys)
    assert [k for k, n in bound.items() if n > 1] == []
    handled = (*commands.BUTTONS, *commands.MAP_KEYS, "quit", "menu", "osi", "keys", "advice",
               "play", "rules", "fullscreen", "ok", "cancel", "click", "carry")
    for command in handled:
        assert keymap.keys_of(command)


def test_s4_the_keys_list_and_the_buttons_letters_are_the_maps():
    assert KEYS == [(row.label, row.help) for row in keymap.ROWS]
    app = App()
    Driver(app)
    assert isinstance(KeysDialog(), KeysDialog)
    from ogre.rules import new_game
    from ogre.storage.fields import load_predesigned
    app.start_battle(new_game(load_predesigned()[0].field, 3, 1))
    letters = [b.key for b in app.battle.buttons]
    assert letters == [keymap.letter(c) for c in commands.BUTTONS] == ["U", "G", "R", "D"]


def test_s4_a_key_runs_the_command_the_map_gives_it():
    app = App()
    d = Driver(app)
    d.key(pygame.K_k)
    assert isinstance(app.dialog, KeysDialog)
    d.key(keymap.keys_of("cancel")[0])
    assert app.dialog is None
    whole = app.screen.map.whole
    d.key(keymap.keys_of("whole_map")[0])
    assert app.screen.map.whole != whole
    assert keymap.command_of(pygame.K_q) is None and keymap.command_of(pygame.K_q, ctrl=True) \
        == "quit"
    assert keymap.command_of(pygame.K_PAGEUP) == "row_up"
    assert keymap.command_of(pygame.K_PAGEUP, shift=True) == "story_back"


def test_issue29_the_apps_dialogs_are_a_stack_and_cancel_brings_back_the_one_beneath():
    """Quit over a dialog: the Save question opens over it, and Cancel shows it again - no
    command restores a dialog by hand any more."""
    from ogre.rules import Done, legal_actions, new_game
    from ogre.storage.fields import load_predesigned
    app = App(state=new_game(load_predesigned()[0].field, 3, 1))
    d = Driver(app)
    app.battle.dialog = None
    app.battle.act(legal_actions(app.battle.state)[0], confirmed=True)      # the battle moved:
    app.battle.act(Done(), confirmed=True)                                  # Quit will ask
    d.key(pygame.K_k)
    keys = app.dialog
    assert isinstance(keys, KeysDialog)
    app.commands.quit()
    assert app.dialog is not keys and app.dialogs.items[0] is keys
    d.answer("Cancel")
    assert app.dialog is keys
