"""One player against the computer (G2, G3, X1, X5): it acts by itself, one action at a time,
never blocking the window, and a click or key hurries its messages."""

import pygame
from driver import Driver

from ogre.rules import new_game
from ogre.rules.state import OGRE_PHASES, Phase
from ogre.storage.fields import load_predesigned
from ogre.ui.app import App

SPACE = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)


def run_until(app, done, limit=20000, hurry=True):
    frames = 0
    while not done():
        frames += 1
        assert frames < limit, "the computer player never finished"
        assert app.step([SPACE] if hurry else []) is True
        thinking = app.commands.thinking
        if thinking is not None and frames % 2 == 0:
            thinking.result(timeout=60)      # let the thinking thread finish instead of spinning
    return frames


def one_player(side: str, skill: str = "Low", **kw) -> App:
    state = new_game(load_predesigned()[0].field, 3, seed=11)
    app = App(state=state, computer=side, ogre_skill=skill, **kw)
    app.prefs = app.prefs.model_copy(update={"message_speed": "Hi"})
    return app


def test_g2_the_computer_ogre_enters_moves_and_fires_by_itself():
    app = one_player("ogre")
    assert app.battle.dialog is None                        # no entry dialog for the computer
    run_until(app, lambda: app.battle.state.phase is Phase.DEFENSE_MOVE)
    s = app.battle.state
    assert s.ogre.on_map and s.turn == 1
    assert app.battle.log[0].startswith("enter ")
    assert app.battle.log.count("done") == 2               # Ogre move and Ogre fire ended
    app.step([])
    assert pygame.mouse.get_visible()                       # the pointer is back for the player


def test_g2_the_window_keeps_responding_while_the_computer_thinks():
    app = one_player("ogre")
    frames = run_until(app, lambda: app.battle.state.phase is not Phase.OGRE_ENTRY, hurry=False)
    assert frames >= 2                                      # thinking spans frames, not one call
    assert app.frames >= 1


def test_g2_clicks_during_the_computers_turn_only_hurry_it():
    app = one_player("ogre")
    d = Driver(app)
    d.click_hex(1015)
    d.key(pygame.K_d)                                       # Done is not the player's to press
    assert app.battle.state.phase in OGRE_PHASES
    assert "done" not in app.battle.log and app.battle.dialog is None
    assert app.battle.message == ""


def test_x1_play_the_ogre_against_the_computer_defence():
    app = one_player("defense")
    d = Driver(app)
    d.answer("OK")
    d.click_hex(822)
    d.drag_hex(822, 820)
    d.button("Done")
    d.button("Done")
    if d.dialog is not None:
        d.answer("OK")
    run_until(app, lambda: app.battle.state.phase is Phase.OGRE_MOVE or app.battle.state.over)
    assert app.battle.state.turn == 2 or app.battle.state.over
    assert "done" in app.battle.log[-1] or app.battle.state.over


def test_x5_a_controller_named_module_class_plays():
    app = one_player("ogre", players={"ogre": "ogre.ai.ogre_player:OgrePlayer"})
    run_until(app, lambda: app.battle.state.phase is Phase.DEFENSE_MOVE)
    assert app.battle.state.ogre.on_map


def test_x5_a_plugin_that_will_not_load_is_one_sentence_and_the_game_goes_on():
    app = one_player("ogre", players={"ogre": "no.such.module:Player"})
    assert app.commands.computer is None
    assert app.dialog is not None and "could not be started" in app.dialog.message


def _menu(app, title, label):
    """Press on a menu title and release on one of its commands, as the manual describes."""
    d = Driver(app)
    m = next(m for m in app.menubar.menus if m.title == title)
    i = next(i for i, c in enumerate(m.commands) if c.label == label)
    d._send(pygame.MOUSEBUTTONDOWN, m.title_rect.center)
    d._send(pygame.MOUSEMOTION, (m.rect.left + 20, m.rect.top + 4 + i * 26 + 13))
    d._send(pygame.MOUSEBUTTONUP, (m.rect.left + 20, m.rect.top + 4 + i * 26 + 13))


def test_g2_s3_the_menus_work_during_the_computers_turn_and_pause_it():
    app = one_player("ogre")
    run_until(app, lambda: app.battle.state.phase is Phase.OGRE_MOVE)
    assert app.commands.working()
    d = Driver(app)
    m = app.menubar.menus[0]
    d._send(pygame.MOUSEBUTTONDOWN, m.title_rect.center)
    assert app.menubar.open is m                            # the menu opens mid-turn
    assert not app.commands.working()                       # and the computer waits
    before = app.battle.state
    for _ in range(20):
        app.step([])
    assert app.battle.state is before
    assert pygame.mouse.get_visible()                       # the pointer shows over the menu
    d._send(pygame.MOUSEBUTTONUP, (5, 300))                 # released nowhere: closed
    assert app.menubar.open is None and app.commands.working()


def test_g2_g6_a_game_saved_during_the_computers_turn_loads_and_the_turn_goes_on():
    app = one_player("ogre")
    run_until(app, lambda: app.battle.state.phase is Phase.OGRE_MOVE
              and app.battle.state.ogre.moved)
    _menu(app, "Menu", "Save a Game")
    assert app.dialog is not None and app.dialog.title == "Save a Game"
    d = Driver(app)
    d.click_at(app.dialog.row_rect(0).center)
    d.answer("OK")
    assert app.dialog.message == "The battle is saved in game 1."
    d.answer("OK")
    saved = app.battle.state
    run_until(app, lambda: app.battle.state.phase is Phase.DEFENSE_MOVE)

    _menu(app, "Menu", "Load a Game")
    d.click_at(app.dialog.row_rect(0).center)
    d.answer("OK")
    d.answer("Don't Save")                                  # the battle in progress is lost
    assert app.battle.state == saved and app.commands.computer == "ogre"
    run_until(app, lambda: app.battle.state.phase is Phase.DEFENSE_MOVE)
    assert app.battle.state.turn == 1


def test_g2_ctrl_q_quits_during_the_computers_turn():
    app = one_player("ogre")
    run_until(app, lambda: app.battle.state.phase is Phase.OGRE_MOVE)
    assert app.commands.working()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_CTRL,
                                 unicode="", scancode=0)])
    assert app.dialog is not None and app.dialog.title == "Quit"   # G6: it has moves: asked
    assert not app.commands.working()                                # the question pauses it
    Driver(app).answer("Don't Save")
    assert not app.running


def test_g2_the_computer_ogre_names_its_target_and_weapons_before_it_fires():
    import time

    from test_battle_setup import CP, HEAVY, P, battle_state
    app = App(state=battle_state([P(CP, 1418), P(HEAVY, 1017)], Phase.OGRE_FIRE, 1020),
              computer="ogre", ogre_skill="Med")
    app.prefs = app.prefs.model_copy(update={"message_speed": "Low"})
    b = app.battle
    run_until(app, lambda: b.state.aim is not None or b.state.phase is not Phase.OGRE_FIRE)
    aim = b.state.aim
    assert aim is not None, "the Ogre never aimed, with the CP and a heavy tank in reach"
    target = b.state.piece(aim.target)
    assert b.selected == aim.target                       # the Tactical Display shows the target
    assert b.results[-1].startswith("Ogre aims ")
    assert b.results[-1].endswith(f" at {target.name} at {target.hex:04d}")
    assert app.commands.hold_until - time.monotonic() > 1.0  # up for the message speed (Low)
    for _ in range(5):
        app.step([])
    assert b.state.aim is aim                             # not fired yet: the message is up
    app.step([SPACE])                                     # a key hurries it
    run_until(app, lambda: b.state.aim is None)
    assert b.results[-1].startswith("Ogre fires ")


def test_g2_t4_an_open_menu_pauses_an_empty_computer_phase_too():
    """With Skip Empty Turns on, the computer Ogre's empty fire phase must not pass behind an
    open menu: the menu pauses the whole turn."""
    from test_battle_setup import CP, P, battle_state
    state = battle_state([P(CP, 1418)], Phase.OGRE_FIRE, 1022)    # nothing within reach
    app = App(state=state, computer="ogre", ogre_skill="Low")
    app.prefs = app.prefs.model_copy(update={"skip_empty": True, "message_speed": "Hi"})
    d = Driver(app)
    m = app.menubar.menus[0]
    d._send(pygame.MOUSEBUTTONDOWN, m.title_rect.center)
    assert app.menubar.open is m
    for _ in range(20):
        app.step([])
    assert app.battle.state.phase is Phase.OGRE_FIRE and app.battle.log == []
    d._send(pygame.MOUSEBUTTONUP, (5, 300))                 # closed: the turn goes on
    run_until(app, lambda: app.battle.state.phase is not Phase.OGRE_FIRE)
    assert app.battle.log == ["done"]
