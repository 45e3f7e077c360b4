"""Menus (S3), Preferences (G7), keyboard play (S4) and Skip Empty Turns (T4) on the real app."""

import json
import os

import pygame
from driver import Driver

from ogre.resources import standard_board
from ogre.rules import Field, Placement, new_game
from ogre.rules.state import Phase
from ogre.rules.units import Kind
from ogre.storage.paths import preferences_folder
from ogre.ui.app import App


def battle_app(**kw) -> App:
    field = Field(standard_board(), (Placement(Kind.CP, 816), Placement(Kind.INFANTRY, 916, 1),
                                     Placement(Kind.HEAVY, 1015)))
    return App(state=new_game(field, 3, seed=3), **kw)


def menu_item(app, title, label):
    menu = next(m for m in app.menubar.menus if m.title == title)
    i = next(i for i, c in enumerate(menu.commands) if c.label == label)
    return menu, menu.rect.left + 20, menu.rect.top + 4 + i * 26 + 13


def test_s3_menu_commands_are_chosen_by_dragging():
    app = battle_app()
    d = Driver(app)
    d.answer("OK")                                          # the entry dialog
    menu, x, y = menu_item(app, "OSI", "About Ogre")
    d._send(pygame.MOUSEBUTTONDOWN, menu.title_rect.center)
    assert app.menubar.open is menu
    d._send(pygame.MOUSEMOTION, (x, y))
    d._send(pygame.MOUSEBUTTONUP, (x, y))
    assert app.menubar.open is None
    assert app.dialog is not None and app.dialog.title == "About Ogre"
    assert "Steve Jackson" in app.dialog.message and "recreation" in app.dialog.message
    d.answer("OK")
    assert app.dialog is None


def test_s3_releasing_off_the_menu_chooses_nothing():
    app = battle_app()
    d = Driver(app)
    d.answer("OK")
    menu, x, y = menu_item(app, "OSI", "About Ogre")
    d._send(pygame.MOUSEBUTTONDOWN, menu.title_rect.center)
    d._send(pygame.MOUSEMOTION, (x, y))
    d._send(pygame.MOUSEMOTION, (400, 400))
    d._send(pygame.MOUSEBUTTONUP, (400, 400))
    assert app.menubar.open is None and app.dialog is None


def test_s3_click_then_click_also_works():
    app = battle_app()
    d = Driver(app)
    d.answer("OK")
    menu, x, y = menu_item(app, "OSI", "Preferences")
    d.click_at(menu.title_rect.center)
    assert app.menubar.open is menu                         # stays open after a click
    d.click_at((x, y))
    assert app.dialog is not None and app.dialog.title == "Preferences"


def test_t2_s3_battle_commands_are_locked_until_the_ogre_enters():
    app = battle_app()
    d = Driver(app)
    d.answer("OK")
    locked = ("Save a Game", "Edit the Field", "Export the Log")
    menu = app.menubar.menus[0]
    assert not any(c.enabled() for c in menu.commands if c.label in locked)
    assert all(c.enabled() for c in menu.commands if c.label in ("Load a Game", "Quit"))
    d.click_hex(822)
    assert app.battle.state.phase is Phase.OGRE_MOVE
    assert all(c.enabled() for c in menu.commands if c.label in locked)


def test_s3_dimmed_commands_do_nothing():
    app = battle_app()
    d = Driver(app)
    d.answer("OK")
    menu, x, y = menu_item(app, "Menu", "Clear Field")       # only in the Field Editor
    assert not next(c for c in menu.commands if c.label == "Clear Field").enabled()
    d.click_at(menu.title_rect.center)
    d.click_at((x, y))
    assert app.dialog is None and app.running
    menu, x, y = menu_item(app, "Menu", "Quit")
    d.click_at(menu.title_rect.center)
    d.click_at((x, y))
    assert app.running is False


def test_g7_preferences_cycle_and_are_kept_between_runs():
    app = battle_app()
    d = Driver(app)
    d.answer("OK")
    app.commands.preferences()
    dialog = app.dialog
    names = [n for n, _ in dialog.OPTIONS]
    d.click_at(dialog.row_rect(names.index("sound")).center)       # Yes -> No
    d.click_at(dialog.row_rect(names.index("skip_empty")).center)  # No -> Yes
    d.click_at(dialog.row_rect(names.index("reminders")).center)   # Yes -> No
    d.answer("OK")
    assert (app.prefs.sound, app.prefs.skip_empty, app.prefs.reminders) == (False, True, False)
    saved = json.loads((preferences_folder() / "preferences.json").read_text())
    assert saved["preferences"]["skip_empty"] is True
    again = battle_app()
    prefs = again.prefs
    assert (prefs.sound, prefs.skip_empty, prefs.reminders) == (False, True, False)


def test_g7_cancel_keeps_the_old_preferences():
    app = battle_app()
    d = Driver(app)
    d.answer("OK")
    app.commands.preferences()
    d.click_at(app.dialog.row_rect(0).center)
    d.answer("Cancel")
    assert app.prefs.sound is True


def test_g7_skill_and_speed_are_dimmed_in_a_two_player_game():
    app = battle_app()
    d = Driver(app)
    d.answer("OK")
    app.commands.preferences()
    dialog = app.dialog
    assert not dialog.live("skill") and not dialog.live("message_speed")
    names = [n for n, _ in dialog.OPTIONS]
    d.click_at(dialog.row_rect(names.index("skill")).center)
    d.answer("OK")
    assert app.prefs.skill == "Low"


def test_g7_corrupted_preferences_give_defaults_and_a_notice():
    folder = preferences_folder()
    folder.mkdir(parents=True)
    (folder / "preferences.json").write_text("\x00garbage{{{")
    app = battle_app()
    assert app.prefs.sound is True and app.prefs.skill == "Low"
    assert app.dialog is not None and app.dialog.title == "Notice"
    assert "default" in app.dialog.message


def test_s4_keyboard_pointer_drags_the_ogre_and_presses_done():
    app = battle_app()
    d = Driver(app)
    d.key(pygame.K_RETURN)                                 # OK on the entry dialog
    assert app.battle.dialog is None
    m = app.battle.map
    target = m.layout.center(822)

    def walk_to(pos):
        for _ in range(400):
            px, py = app.pointer.pos
            if abs(px - pos[0]) <= 3 and abs(py - pos[1]) <= 3:
                return
            if abs(px - pos[0]) > 3:
                d.key(pygame.K_RIGHT if pos[0] > px else pygame.K_LEFT)
            if abs(py - pos[1]) > 3:
                d.key(pygame.K_DOWN if pos[1] > py else pygame.K_UP)

    walk_to(target)
    d.key(pygame.K_SPACE)                                  # click: the Ogre enters
    assert app.battle.state.ogre.hex == 822
    d.key(pygame.K_z)                                      # pick up
    walk_to(m.layout.center(820))
    d.key(pygame.K_z)                                      # drop
    assert app.battle.state.ogre.hex == 820
    d.key(pygame.K_d)                                      # Done
    assert app.battle.state.phase is Phase.OGRE_FIRE


def test_s4_menus_open_and_run_from_the_keyboard():
    app = battle_app()
    d = Driver(app)
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_o)
    assert app.menubar.open is not None and app.menubar.open.title == "OSI"
    d.key(pygame.K_RETURN)                                  # About Ogre is first
    assert app.dialog is not None and app.dialog.title == "About Ogre"
    d.key(pygame.K_RETURN)
    assert app.dialog is None
    d.key(pygame.K_k)
    assert app.dialog is not None and app.dialog.title == "Keyboard"


def test_t4_skip_empty_turns_passes_a_phase_with_nothing_to_do():
    app = battle_app()
    app.prefs = app.prefs.model_copy(update={"skip_empty": True})
    d = Driver(app)
    d.answer("OK")
    d.click_hex(822)
    d.drag_hex(822, 820)
    d.button("Done")
    d.button("Done")
    if app.battle.dialog is not None:
        d.answer("OK")
    # Defense move: the pieces can move, so the phase waits for the player.
    assert app.battle.state.phase is Phase.DEFENSE_MOVE
    d.hand_over()
    d.button("Done")
    d.answer("OK")
    app.step([])
    # Defense fire has nothing in range and GEV movement has no GEVs: both pass by themselves.
    assert app.battle.state.phase is Phase.OGRE_MOVE and app.battle.state.turn == 2


def _drawn(app) -> list[tuple[str, pygame.Rect, int]]:
    """Every string of one full redraw: its words, where it landed and its size."""
    from ogre.ui.toolkit import theme
    drawn: list[tuple[str, pygame.Rect, int]] = []
    real = theme.text

    def spy(surface, words, pos, size=20, *args, **kwargs):
        rect = real(surface, words, pos, size, *args, **kwargs)
        drawn.append((words, rect, size))
        return rect

    theme.text = spy
    try:
        app.dirty = True
        app.step([])
    finally:
        theme.text = real
    return drawn


def test_g7_m7_m8_preferences_say_reminders_off_means_rams_and_overruns_unasked(tmp_path):
    """Issue 30 (8): the 1986 Reminders cover the end of a phase and ramming and overrunning;
    where the player turns them off, the dialog says a ram or an overrun then goes unasked."""
    app = battle_app()
    d = Driver(app)
    d.answer("OK")
    app.commands.preferences()
    dialog = app.dialog
    names = [n for n, _ in dialog.OPTIONS]
    d.click_at(dialog.row_rect(names.index("reminders")).center)   # Yes -> No
    drawn = _drawn(app)
    said = " ".join(w for w, _, _ in drawn)
    assert "ram or overrun" in said and "happen at once" in said
    note = [r for w, r, _ in drawn if r.colliderect(dialog.note_rect())]
    assert note and all(dialog.rect.contains(r) for r in note)
    assert not any(r.colliderect(b.rect) for r in note for b in dialog.buttons)
    if os.environ.get("OGRE_UX_SHOTS"):
        pygame.image.save(app.window, os.path.join(os.environ["OGRE_UX_SHOTS"], "prefs.png"))
    from ogre.ui.dialogs.rules_pages import pages
    rams = " ".join(b for p in pages() if p.tab == "Rams" for b in p.blocks if isinstance(b, str))
    assert "Reminders off it happens at once" in rams


def test_s4_the_keys_list_names_ctrl_q_and_draws_every_row_at_one_size():
    """Issue 30 (20): K lists every key, Quit's Ctrl+Q too, each row whole at the list's size
    (two rows were shrunk to fit), inside the dialog."""
    from ogre.ui.dialogs.options import KEYS, KeysDialog
    app = battle_app()
    d = Driver(app)
    d.answer("OK")
    d.key(pygame.K_k, unicode="k")
    dialog = app.dialog
    assert isinstance(dialog, KeysDialog)
    assert any(k == "Ctrl+Q" and "Quit" in w for k, w in KEYS)
    drawn = [(w, r, size) for w, r, size in _drawn(app) if dialog.rect.contains(r)
             and r.top >= dialog.body_top and r.bottom <= dialog.buttons[0].rect.top]
    said = " ".join(w for w, _, _ in drawn)
    for key, words in KEYS:
        assert " ".join(key.split()) in said and " ".join(words.split()) in said, key
    assert {size for _, _, size in drawn} == {KeysDialog.SIZE}
    for (_, r1, _), (_, r2, _) in zip(drawn, drawn[1:]):
        assert not r1.colliderect(r2)
    if os.environ.get("OGRE_UX_SHOTS"):
        pygame.image.save(app.window, os.path.join(os.environ["OGRE_UX_SHOTS"], "keys.png"))


def test_x14_g7_the_internet_mailbox_is_typed_from_the_preferences_and_kept(monkeypatch):
    """A club's own mailbox server, typed over the Preferences (which come back), kept with
    them, and the one the internet game meets through; empty is the public one again."""
    from ogre.net.servers import MAILBOX_ENV, PUBLIC_MAILBOX, chosen
    from ogre.ui.dialogs.network_boxes import MailboxDialog

    monkeypatch.delenv(MAILBOX_ENV, raising=False)          # no --mailbox in this run

    app = battle_app()
    d = Driver(app)
    d.answer("OK")
    app.commands.preferences()
    prefs_dialog = app.dialog
    row = [n for n, _ in prefs_dialog.OPTIONS].index("mailbox")
    d.click_at(prefs_dialog.row_rect(row).center)
    assert isinstance(app.dialog, MailboxDialog)
    d.type("club mailbox")                                   # not an address: OK waits
    ok = next(b for b in app.dialog.buttons if b.label == "OK")
    assert not ok.enabled()
    app.dialog.name = ""
    d.type("wss://mailbox.club.example/v1")
    assert ok.enabled()
    d.answer("OK")
    assert app.dialog is prefs_dialog and prefs_dialog.values["mailbox"].startswith("wss://")
    d.answer("OK")
    assert app.prefs.mailbox == "wss://mailbox.club.example/v1"
    assert chosen(app.prefs.mailbox).mailbox == "wss://mailbox.club.example/v1"
    saved = json.loads((preferences_folder() / "preferences.json").read_text())
    assert saved["preferences"]["mailbox"] == "wss://mailbox.club.example/v1"

    app.commands.preferences()
    d.click_at(app.dialog.row_rect(row).center)
    app.dialog.name = ""                                     # emptied: the public one
    d.answer("OK")
    d.answer("OK")
    assert app.prefs.mailbox == "" and chosen(app.prefs.mailbox).mailbox == PUBLIC_MAILBOX
