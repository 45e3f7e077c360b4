"""Play a Game and the Preferences as a new player met them on a second evening (issue 42; G1,
G5, G7): Play a Game picks the field (the one on the screen, the five predesigned, the five
slots), shows the Preferences' skill and writes back only what the player chose; the
Preferences' note says what the option pointed at does, and the message speed is named for the
side the computer plays."""

from __future__ import annotations

import json
import os

import pygame
import pytest
from aftermath_helpers import menu_command, played_app
from driver import Driver
from test_text_boxes import check_frame

from ogre.match import Seat
from ogre.rules.scenarios import SCENARIOS
from ogre.storage.fields import FieldStore, load_battle_fields, load_predesigned
from ogre.storage.games import GameStore
from ogre.storage.paths import preferences_folder
from ogre.ui.app import App
from ogre.ui.commands.kept_ogre import field_from_state
from ogre.ui.commands.play import PlayDialog
from ogre.ui.dialogs.options import PreferencesDialog
from ogre.ui.toolkit.choices import ListDialog
from ogre.ui.toolkit.theme import LOGICAL_SIZE


def shot(app: App, name: str) -> None:
    """Under OGRE_SHOTS=folder, the window as a PNG, to look at."""
    if os.environ.get("OGRE_SHOTS"):
        app.dirty = True
        app.step([])
        pygame.image.save(app.window, os.path.join(os.environ["OGRE_SHOTS"], name))


def option(d: Driver, group: int, i: int) -> None:
    rects = {(g, k): r for g, k, r in d.dialog.option_rects() if k >= 0}
    d.click(rects[(group, i)].center)


def saved_prefs() -> dict:
    return json.loads((preferences_folder() / "preferences.json").read_text())["preferences"]


def placements(state):
    return sorted(field_from_state(state).placements, key=repr)


def answer_field_questions(d: Driver) -> None:
    """E8's questions about a field off the standard deployment, each accepted."""
    while d.dialog is not None and d.dialog.title == "Play a Game":
        d.answer("OK")


# ---------------------------------------------------------------- the field (point 11)

def test_g1_g5_play_a_game_from_a_battle_plays_a_predesigned_field_picked_in_its_dialog():
    app, d = played_app(["enter 0822", "move O 0820"])          # a battle going on, unsaved
    old = app.battle
    menu_command(app, d, "Menu", "Play a Game")
    dialog = d.dialog
    assert isinstance(dialog, PlayDialog)
    check_frame(app)                                            # every text inside its box
    d.click(dialog.field_box().center)                          # the Field row: the list
    chooser = d.dialog
    assert isinstance(chooser, ListDialog)
    rows = [words for words, _ in chooser.rows]
    fields = load_predesigned()
    battles = load_battle_fields()
    assert len(rows) == 1 + len(fields) + len(battles) + 5      # on the screen, five, 3, five
    assert rows[1 + len(fields):1 + len(fields) + len(battles)] == [
        f"{r.name} ({SCENARIOS[r.scenario].title})" for r in battles]
    assert rows[0].startswith("This battle's field") and chooser.selected == 0
    assert [w.split(" (")[0] for w in rows[1:6]] == [f.name for f in fields]
    assert not any(on for _, on in chooser.rows[-5:])           # five empty slots, dimmed
    mark_v = next(i for i, f in enumerate(fields) if f.mark == 5)
    shot(app, "play-a-game-fields.png")
    check_frame(app)
    d.pick_row(1 + mark_v)
    d.answer("OK")
    assert d.dialog is dialog                                   # back to Play a Game
    assert dialog.chosen[0] == 1                                # the field's own Mark V
    shot(app, "play-a-game-field-picked.png")
    frame = check_frame(app)
    row = {x.words: x.rect for x in frame}
    assert dialog.field_box().contains(row[f"{fields[mark_v].name} (Mark V)"])
    assert any(dialog.field_box().contains(x.rect) for x in frame if x.words == "Choose...")
    option(d, 1, 1)                                             # two players
    d.answer("OK")
    assert "will be lost" in d.dialog.message                   # the battle: asked first
    d.answer("Don't Save")
    answer_field_questions(d)
    s = app.battle.state
    assert app.battle is not old and s.ogre.mark == 5 and s.turn == 1
    assert placements(s) == sorted(fields[mark_v].field.placements, key=repr)
    assert app.commands.field_name == fields[mark_v].name


def test_g1_g5_play_a_game_from_the_editor_plays_a_saved_field_asking_about_the_edits():
    first = load_predesigned()[1]
    FieldStore.default().save(3, first.field, "Evening Field")
    app = App()
    d = Driver(app)
    d.click(app.editor.map.layout.center(1010))                 # an edit: a piece dropped
    assert app.editor.edited()
    d.key(pygame.K_p, unicode="p")
    dialog = d.dialog
    d.click(dialog.field_box().center)
    rows = [words for words, _ in d.dialog.rows]
    assert rows[0].startswith("The field in the Field Editor")
    slot = next(i for i, w in enumerate(rows) if "Evening Field" in w)
    d.pick_row(slot)
    d.answer("OK")
    assert "Evening Field" in dialog.fields[dialog.field].short
    option(d, 1, 1)                                             # two players
    d.answer("OK")
    assert d.dialog.title == "Play a Game" and "changes to this field" in d.dialog.message
    d.answer("Don't Save")
    answer_field_questions(d)
    assert app.screen is app.battle and app.commands.field_name == "Evening Field"
    assert placements(app.battle.state) == sorted(first.field.placements, key=repr)


def test_g1_play_a_game_on_the_field_on_the_screen_is_unchanged_by_the_field_row():
    app = App()
    d = Driver(app)
    before = app.editor.field
    d.key(pygame.K_p, unicode="p")
    assert d.dialog.fields[d.dialog.field].on_screen
    option(d, 1, 1)
    d.answer("OK")
    answer_field_questions(d)
    assert placements(app.battle.state) == sorted(before.placements, key=repr)
    assert d.dialog is not None and d.dialog.title == "Ogre Entry"


# ---------------------------------------------------------------- the skill (point 15)

def test_g1_g7_play_a_game_shows_the_preferences_skill_and_writes_back_only_what_was_chosen():
    app = App()
    d = Driver(app)
    app.set_prefs(app.prefs.model_copy(update={"skill": "Med", "play_computer": "ogre"}))
    d.key(pygame.K_p, unicode="p")
    d.answer("OK")                                              # the computer Ogre at Med
    answer_field_questions(d)
    assert app.battle.match.seats["ogre"] == Seat("computer", "Med")
    app.battle.match.save_to(GameStore.default(), 1)            # a Med battle kept
    app.set_prefs(app.prefs.with_skill("ogre", "Hi"))           # then the player wants Hi
    menu_command(app, d, "Menu", "Load a Game")
    d.pick_row(0)
    d.answer("OK")
    if d.dialog is not None:
        d.answer("Don't Save")                                  # the computer Ogre came on
    assert app.battle.match.seats["ogre"] == Seat("computer", "Med")     # played as saved
    assert app.prefs.skill == "Hi" and saved_prefs()["skill"] == "Hi"   # Preferences kept
    app.commands.edit_field()                                   # the player's own field
    d.key(pygame.K_p, unicode="p")
    dialog = d.dialog
    assert isinstance(dialog, PlayDialog)
    assert dialog.chosen[2] == 2                                # the Preferences' Hi
    d.answer("OK")                                              # nothing touched
    while d.dialog is not None:
        d.answer("OK")                                          # Start new Ogre, E8
    assert saved_prefs()["skill"] == "Hi"
    assert app.battle.match.seats["ogre"] == Seat("computer", "Hi")
    app.commands.shutdown()


def test_g1_a_skill_named_on_the_command_line_is_shown_and_a_pick_replaces_it():
    app = App(players={"ogre": "Hi"})                           # ogre --ogre Hi
    d = Driver(app)
    assert app.prefs.skill == "Low"
    d.key(pygame.K_p, unicode="p")
    dialog = d.dialog
    assert dialog.groups[2][0] == "The computer Ogre's skill" and dialog.chosen[2] == 2
    d.answer("OK")
    answer_field_questions(d)
    assert app.battle.match.seats["ogre"] == Seat("computer", "Hi")     # as shown
    assert saved_prefs()["skill"] == "Low"                      # not written: not chosen
    app.commands.edit_field()
    d.key(pygame.K_p, unicode="p")
    option(d, 2, 1)                                             # the player picks Med
    d.answer("OK")
    while d.dialog is not None:
        d.answer("OK")
    assert app.battle.match.seats["ogre"] == Seat("computer", "Med")
    assert saved_prefs()["skill"] == "Med"
    app.commands.shutdown()


# ---------------------------------------------------------------- the labels (point 16)

def test_g1_every_level_label_of_play_a_game_is_drawn_at_one_size():
    app = App()
    d = Driver(app)
    d.key(pygame.K_p, unicode="p")
    option(d, 1, 2)                                             # the computer defends
    dialog = d.dialog
    assert dialog.groups[2][0] == "The computer Defense's skill"
    sizes = _label_sizes(app, dialog)
    assert sizes["The computer Defense's skill"] == sizes["Its message speed"] == \
        sizes["Scenario"]
    option(d, 1, 0)
    assert _label_sizes(app, dialog)["The computer Ogre's skill"] == sizes["Scenario"]
    shot(app, "play-a-game-defense.png")
    assert dialog.rect.bottom <= LOGICAL_SIZE[1]
    check_frame(app)


def _label_sizes(app: App, dialog) -> dict[str, int]:
    """The size each group's name of the dialog was drawn at."""
    from ogre.ui.toolkit import theme
    names = {name for name, _ in dialog.groups}
    sizes: dict[str, int] = {}
    real = theme.text

    def spy(surface, words, pos, size=20, *args, **kwargs):
        if words in names:
            sizes[words] = size
        return real(surface, words, pos, size, *args, **kwargs)
    with pytest.MonkeyPatch.context() as patch:      # theme.text watched for one frame
        patch.setattr(theme, "text", spy)
        app.dirty = True
        app.step([])
    return sizes


def test_g7_the_message_speed_is_named_for_the_side_the_computer_plays():
    app = App()
    d = Driver(app)
    d.key(pygame.K_p, unicode="p")
    option(d, 1, 2)                                             # you are the Ogre
    d.answer("OK")
    answer_field_questions(d)
    assert app.commands.computer == "defense"
    d.answer("OK")                                              # the Ogre Entry dialog
    menu_command(app, d, "OSI", "Preferences")
    dialog = d.dialog
    assert isinstance(dialog, PreferencesDialog)
    drawn = [x.words for x in check_frame(app)]
    assert "Defense Message Speed" in drawn and "Ogre Message Speed" not in drawn
    d.answer("Cancel")
    app.commands.shutdown()
    ogre = PreferencesDialog(app.prefs, True, lambda p: None, computer="ogre")
    assert ogre.labels["message_speed"] == "Ogre Message Speed"         # the 1986 name


# ---------------------------------------------------------------- the note (point 14)

def test_g7_the_preferences_note_says_what_the_option_pointed_at_or_clicked_does():
    app = App()
    d = Driver(app)
    menu_command(app, d, "OSI", "Preferences")
    dialog = d.dialog
    names = [n for n, _ in dialog.OPTIONS]

    def note() -> str:
        box = dialog.note_rect()
        return " ".join(x.words for x in check_frame(app) if box.contains(x.rect))

    assert note().startswith("Reminders:")                      # before anything is pointed at
    d.click(dialog.row_rect(names.index("skip_empty")).center)
    assert note().startswith("Skip Empty Turns:") and "Done" in note()
    d.send(pygame.MOUSEMOTION, dialog.row_rect(names.index("interface_size")).center)
    assert note().startswith("Interface Size:")
    d.click(dialog.row_rect(names.index("message_speed")).center)
    said = note()
    assert said.startswith("Ogre Message Speed:") and "2.4 s" in said
    d.click(dialog.row_rect(names.index("defense_skill")).center)
    assert note().startswith("Defense Skill Level:")
    shot(app, "preferences-note.png")
    d.send(pygame.MOUSEMOTION, dialog.buttons[0].rect.center)  # off the rows: it stays
    assert note().startswith("Defense Skill Level:")
    assert dialog.rect.bottom <= LOGICAL_SIZE[1]
