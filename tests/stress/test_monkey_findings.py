"""Bugs the monkey (tools/monkey.py) found, each pinned by a test."""

import pygame

from ogre.rules import Done, Enter, apply, legal_actions, new_game
from ogre.rules.state import Phase
from ogre.storage.fields import load_predesigned
from ogre.ui.app import App


def key(app, k, mod=0, unicode=""):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)])


def defense_move_app() -> App:
    state = new_game(load_predesigned()[0].field, 3, seed=5)
    state, _ = apply(state, next(a for a in legal_actions(state) if isinstance(a, Enter)))
    state, _ = apply(state, Done())
    state, _ = apply(state, Done())
    assert state.phase is Phase.DEFENSE_MOVE
    app = App(state=state)
    app.step([])
    return app


def test_keys_never_act_behind_the_apps_dialogs():
    """Found by the monkey: with Keyboard (or About, Preferences, a save list) open, D ended the
    phase, F split a squad, U undid a move behind the modal dialog."""
    app = defense_move_app()
    b = app.battle
    pid = b.state.pieces[0].id
    b.selected = pid
    before = b.state
    key(app, pygame.K_k)
    assert app.dialog is not None and app.dialog.title == "Keyboard"
    keys = app.dialog
    for k in (pygame.K_d, pygame.K_f, pygame.K_g, pygame.K_u, pygame.K_c, pygame.K_r,
              pygame.K_m, pygame.K_o, pygame.K_k):
        key(app, k)
        assert b.state is before, pygame.key.name(k)
        assert app.dialog is keys and b.dialog is None and app.menubar.open is None
    key(app, pygame.K_TAB)                      # the map may still be looked over
    assert b.map.whole
    key(app, pygame.K_ESCAPE)
    assert app.dialog is None
    key(app, pygame.K_d)                        # and with the dialog closed, D is Done again
    assert b.state is not before or b.dialog is not None


def test_the_keyboard_pointer_still_clicks_a_dialogs_buttons():
    app = defense_move_app()
    key(app, pygame.K_k)
    ok = app.dialog.buttons[0].rect.center
    app.pointer.pos = ok
    key(app, pygame.K_SPACE)
    assert app.dialog is None
