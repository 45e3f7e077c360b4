"""Every dialog the app can open keeps its words inside its box (S3, S4, G1, G5, G6, X3;
issue 13): the menus' commands, reminders and confirmations, the list dialogs with the
longest slot names, and Export the Log with a long path that has no space to break at.

Frames are drawn and checked by test_text_boxes.check_frame (a spy on theme.text).
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pygame
import pytest
from driver import Driver
from test_battle_setup import CP, GEV, HEAVY, INF, P, battle_app
from test_text_boxes import assert_whole, check_frame

from ogre.resources import standard_board
from ogre.rules import Field, Placement
from ogre.rules.game import VICTORY_LEVELS
from ogre.rules.state import OGRE_ID, Phase
from ogre.rules.units import Kind
from ogre.storage.fields import FieldStore
from ogre.storage.games import GameStore, Players
from ogre.ui.app import App
from ogre.ui.commands import battle_files, play_fields
from ogre.ui.dialogs.attack import PartDialog, WeaponDialog
from ogre.ui.dialogs.unsaved import SAVE_FIRST
from ogre.ui.drawing.status import confirm_words, victory_words
from ogre.ui.toolkit.widgets import OK_CANCEL, OK_ONLY, Dialog

# 40 characters and more, any character, with and without spaces
LONG_NAMES = [
    "Ωmega_ridge_no_spaces_at_all_in_this_name_ÆØÅ_çé_1234567890",
    "W" * 60,
    "A field with a very long name that goes on and on 1234567",
]


def open_dialog(app):
    return app.dialog if app.dialog is not None else getattr(app.screen, "dialog", None)


def run(app, title: str, label: str) -> None:
    """Run a menu command as the menus do (enabled only)."""
    menu = next(m for m in app.menubar.menus if m.title == title)
    cmd = next(c for c in menu.commands if c.label == label)
    assert cmd.enabled(), f"{title} > {label} is dimmed"
    cmd.run()
    app.touch()


def check_dialog(app, *whole: str):
    """Draw; every string inside its box; the dialog's title and words whole inside it."""
    d = open_dialog(app)
    assert d is not None, "no dialog open"
    drawn = check_frame(app)
    assert d.rect.top >= 0 and d.rect.bottom <= app.canvas.get_height(), d.rect
    for words in (d.title, d.message, *whole):
        if words:
            assert_whole(words, drawn, d.rect)
    for b in d.buttons:
        assert_whole(b.label, drawn, b.rect)
    return d, drawn


def rows_whole(d, drawn) -> None:
    for i, (words, _) in enumerate(d.rows):
        assert_whole(words, drawn, d.row_rect(i))


def answer(app, label: str = "OK") -> None:
    d = open_dialog(app)
    b = next(b for b in d.buttons if b.label == label)
    Driver(app).click_at(b.rect.center)


def fill_field_slots() -> None:
    store = FieldStore.default()
    field = Field(standard_board(), (Placement(Kind.CP, 402),))
    for slot, name in enumerate(LONG_NAMES, start=1):
        store.save(slot, field, name)
    store.slots.path(4).write_bytes(b"\x00\xff not a field")


def fill_game_slots(state) -> None:
    store = GameStore.default()
    for slot in (1, 2):
        store.save(slot, state, Players(count=1, computer="ogre", skill="Hi"), [],
                   field_name=LONG_NAMES[slot - 1])
    store.slots.path(3).write_bytes(b"\x00\xff not a game")


# ---------------------------------------------------------------- fields (G5, E5, E8)

def test_g5_load_a_field_lists_every_name_and_description_whole(monkeypatch):
    """The longest a row can be: a predesigned field's 60-character name and 200-character
    description, and an unreadable slot's reason."""
    fill_field_slots()
    real = play_fields.load_predesigned

    def longest():
        return [SimpleNamespace(name=LONG_NAMES[i % 3], mark=3 + 2 * (i % 2), field=rec.field,
                                description=("Six fast GEVs screen the south, striking the "
                                             "Ogre as it comes and slipping away. " * 3)[:200])
                for i, rec in enumerate(real())]

    monkeypatch.setattr(play_fields, "load_predesigned", longest)
    app = App()
    run(app, "Menu", "Load a Field")
    d, drawn = check_dialog(app)
    assert sum(name in words for name in LONG_NAMES for words, _ in d.rows) >= 8
    rows_whole(d, drawn)


def test_g5_save_a_field_slot_list_replace_name_and_notice():
    fill_field_slots()
    app = App()
    d = Driver(app)
    run(app, "Menu", "Save a Field")
    dialog, drawn = check_dialog(app)
    rows_whole(dialog, drawn)
    d.click_at(dialog.row_rect(1).center)
    answer(app)
    check_dialog(app)                               # "Replace what is in field 2?"
    answer(app)
    name_dialog, _ = check_dialog(app)              # the name: type the longest one
    for _ in range(40):
        d.key(pygame.K_BACKSPACE)
    for ch in "W" * 40:
        d.key(pygame.K_w, unicode=ch)
    _, drawn = check_dialog(app)
    shown = "".join(x.words for x in drawn if name_dialog.rect.contains(x.rect))
    assert "WWWWWWWWWWWW" in shown
    answer(app)
    check_dialog(app)                               # 'Saved as field 2, "WWW...".'


@pytest.mark.parametrize("command", ["Clear Field", "Clear Pieces"])
def test_e5_clear_confirmations_fit(command):
    app = App()
    run(app, "Menu", command)
    check_dialog(app)


def test_e8_every_field_check_fits():
    app = App()
    run(app, "Menu", "Play a Game")
    options, drawn = check_dialog(app)
    for g, i, r in options.option_rects():
        if i >= 0:
            assert_whole(options.groups[g][1][i][0], drawn, r)
    answer(app, "Cancel")
    # a field that breaks every allowance: each finding asks in turn
    crowd = [Placement(Kind.CP, 402)] + [Placement(Kind.INFANTRY, h, 3)
                                         for h in range(1001, 1016)]
    crowd += [Placement(Kind.HOWITZER, h) for h in range(1101, 1116)]
    app.editor.set_field(Field(standard_board(), tuple(crowd)))
    app.editor.start_checks(5, lambda: None)
    seen = 0
    while open_dialog(app) is not None and seen < 6:
        check_dialog(app)
        answer(app)
        seen += 1
    assert seen >= 3
    app.editor.set_field(Field(standard_board(), ()))           # no Command Post: refused
    app.editor.start_checks(3, lambda: None)
    check_dialog(app)


# ---------------------------------------------------------------- games (G1, G6, X3)

def _battle():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018), P(INF, 1118, 3), P(GEV, 1119)],
                        Phase.DEFENSE_MOVE, 1021)
    return app, d


def test_g6_load_and_save_a_game_list_every_slot_whole():
    app, d = _battle()
    fill_game_slots(app.battle.state)
    d.drag_hex(1018, 1017)                  # a move: the battle changed since it began
    run(app, "Menu", "Load a Game")
    dialog, drawn = check_dialog(app)
    rows_whole(dialog, drawn)
    d.click_at(dialog.row_rect(0).center)
    answer(app)
    check_dialog(app)                       # "The current game will be lost unless..."
    answer(app, "Cancel")
    run(app, "Menu", "Save a Game")
    dialog, drawn = check_dialog(app)
    rows_whole(dialog, drawn)
    d.click_at(dialog.row_rect(0).center)
    answer(app)
    check_dialog(app)                       # "Replace saved game 1?"
    answer(app)
    check_dialog(app)                       # "The battle is saved in game 1."


def test_x3_export_the_log_with_a_long_path_breaks_inside_the_path(tmp_path, monkeypatch):
    folder = tmp_path / ("a_very_long_folder_name_with_no_spaces_at_all_" * 3) / ("logs" * 20)
    monkeypatch.setattr(battle_files, "logs_folder", lambda: folder)
    app, _ = _battle()
    run(app, "Menu", "Export the Log")
    d, _ = check_dialog(app)
    assert str(folder) in d.message


def test_g1_play_a_game_over_a_battle_in_progress_fits():
    app, _ = _battle()
    run(app, "Menu", "Edit the Field")
    run(app, "Menu", "Play a Game")
    answer(app)
    d, drawn = check_dialog(app)
    assert d.message == "A battle is in progress."


@pytest.mark.parametrize("command", [("OSI", "About Ogre"), ("OSI", "Preferences"),
                                     ("OSI", "Keyboard")])
def test_s4_osi_dialogs_fit(command):
    app, _ = _battle()
    run(app, *command)
    d, drawn = check_dialog(app)
    for key, words in getattr(d, "KEYS", None) or ():
        assert_whole(words, drawn, d.rect)


# ---------------------------------------------------------------- the battle's own dialogs

def test_t1_the_ogre_entry_dialog_fits():
    app, _ = battle_app([P(CP, 1418)], Phase.OGRE_ENTRY)
    check_dialog(app)


def test_t3_g7_reminders_and_confirmations_fit():
    app, d = _battle()
    d.button("Done")                         # pieces have not moved: the reminder
    check_dialog(app)
    answer(app, "Cancel")
    b = app.battle
    for kind, target in (("ram", 3), ("overrun", 3), ("ram_ogre", 0), ("exit", 0)):
        title, words = confirm_words(b.state, SimpleNamespace(kind=kind, target=target))
        b.open(Dialog(title, words, OK_CANCEL))
        check_dialog(app)
        b.dialog = None


@pytest.mark.parametrize("level", VICTORY_LEVELS)
def test_g4_the_battle_over_dialog_fits(level):
    app, _ = _battle()
    s = replace(app.battle.state, phase=Phase.OVER, result=level)
    app.battle.match.state = s
    app.battle.open(Dialog("The Battle Is Over", f"{s.result}.\n{victory_words(s)}", OK_ONLY))
    check_dialog(app)


def test_c5_c6_the_attack_dialogs_fit():
    app, _ = battle_app([P(CP, 1418), P(INF, 1020, 3)], Phase.OGRE_FIRE, 1021, mark=5)
    app.battle.open(WeaponDialog(app.battle.state, 2, lambda *a: None))
    check_dialog(app)
    app.battle.dialog = None
    app.battle.match.state = replace(app.battle.state, phase=Phase.DEFENSE_FIRE)
    app.battle.open(PartDialog(app.battle.state, 2, lambda *a: None))
    check_dialog(app)
    assert app.battle.selected in (None, OGRE_ID, 2)


def test_s3_any_dialog_keeps_long_words_and_many_lines_on_the_canvas():
    """A notice with a storage error's path, three long buttons, and a message far too long
    for the canvas: the box may not grow past the canvas, so it shows what fits."""
    app, _ = _battle()
    app.dialog = Dialog("Save before quitting?", "The battle has changed since it was saved.",
                        SAVE_FIRST)
    check_dialog(app)
    path = "/home/" + "someone_with_a_very_long_user_name_" * 4 + "/games/slot1.json"
    app.show("Notice", f"Saved game 1 ({path}) cannot be read (permission denied).")
    check_dialog(app)
    app.show("Notice", " ".join(["A very long notice that goes on."] * 80))
    d = open_dialog(app)
    check_frame(app)
    assert d.rect.top >= 0 and d.rect.bottom <= app.canvas.get_height()
