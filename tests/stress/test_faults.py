"""Faults from outside the game: no sound device, a save folder that cannot be written, a disk
that fills mid-save, damaged files in every slot, damaged and newer preferences and logs.

Each time the game keeps running, nothing the player had is lost, and the player is told what
happened in one clear sentence (the dialog text is asserted)."""

from __future__ import annotations

import errno
import json
import os
import time
from pathlib import Path

import pygame
import pytest
from stress_helpers import Player, one_sentence

from ogre.rules import Done, Enter, apply, legal_actions, new_game
from ogre.rules.state import Phase
from ogre.storage import atomic
from ogre.storage.errors import StorageError
from ogre.storage.fields import FieldStore, field_to_text, load_battle_fields, load_predesigned
from ogre.storage.games import GameStore, Players, game_to_text
from ogre.storage.paths import fields_folder, games_folder, preferences_folder
from ogre.storage.preferences import load_preferences
from ogre.ui.app import App
from ogre.ui.drawing import sound
from ogre.ui.scenes.battle import Battle
from ogre.ui.scenes.editor import Editor
from ogre.ui.toolkit.choices import row_lines

FULL = "The disk is full, so nothing was saved and the old file is unchanged."


def entered_state(seed: int = 5):
    """A Mark III battle with the Ogre on the map, in the defence's movement phase."""
    state = new_game(load_predesigned()[0].field, 3, seed=seed)
    state, _ = apply(state, next(a for a in legal_actions(state) if isinstance(a, Enter)))
    state, _ = apply(state, Done())
    state, _ = apply(state, Done())
    assert state.phase is Phase.DEFENSE_MOVE
    return state


def dismiss_notices(p: Player) -> list[str]:
    said = []
    while p.dialog is not None and p.dialog.title in ("Notice", "Ogre Entry"):
        said.append(p.dialog.message)
        p.key(pygame.K_RETURN)
    return said


def play_on(p: Player) -> None:
    """The battle goes on: the defence ends its phases and the Ogre's next turn comes."""
    b = p.app.battle
    turn = b.state.turn
    for _ in range(12):
        p.hand_over()                             # a change of side at one computer (issue 30)
        if b.state.turn > turn or b.state.over:
            break
        p.key(pygame.K_d)
        if p.dialog is not None and p.dialog.title == "Reminder":
            p.key(pygame.K_RETURN)
        if b.state.phase.value.startswith("ogre"):
            b.act(Done()) if b.state.phase is not Phase.OGRE_ENTRY else None
    assert b.state.turn > turn or b.state.over
    assert p.app.running
    p.hand_over()


def start_two_player(p: Player) -> None:
    p.menu("Menu", "Play a Game")
    rects = {(g, i): r for g, i, r in p.dialog.option_rects() if i >= 0}
    p.click(rects[(0, 0)].center)
    p.click(rects[(1, 1)].center)
    p.answer("OK")
    assert isinstance(p.app.screen, Battle)
    assert p.dialog.title == "Ogre Entry"
    p.answer("OK")
    p.click(p.app.battle.map.layout.center(next(
        a.to for a in legal_actions(p.app.battle.state) if isinstance(a, Enter))))
    assert p.app.battle.state.phase is Phase.OGRE_MOVE


# ------------------------------------------------------------------ no sound device

def test_no_audio_device_the_game_starts_and_plays_silently_with_one_sentence(monkeypatch,
                                                                              capsys):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = App()
    p = Player(app)
    # issue 31 (8), X13: said once and quietly, never a box to dismiss at every start
    assert app.dialog is None
    assert sound.NO_DEVICE == "No sound device found: playing silently."
    assert one_sentence(sound.NO_DEVICE) and sound.NO_DEVICE in app.editor.hint()
    assert capsys.readouterr().err == "ogre: no sound device found: playing silently.\n"
    assert not app.sounds.available
    start_two_player(p)                       # phase bells, beeps, guns: all silent
    b = app.battle
    b.act(Done())
    p.click((5, 300))                         # a refusal beeps (no target off the map)
    assert b.message == "PLEASE STAY ON THE MAP"
    b.act(Done())
    assert b.state.phase is Phase.DEFENSE_MOVE
    play_on(p)
    # switching sound off and on again in Preferences stays silent and quiet
    p.menu("OSI", "Preferences")
    row = p.dialog.row_rect(0)
    p.click(row.center)
    p.click(row.center)
    p.answer("OK")
    assert p.dialog is None and app.running


# ------------------------------------------------------------------ a folder that cannot be written

def test_a_save_folder_that_cannot_be_written_is_one_sentence_and_play_goes_on(tmp_path,
                                                                                monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("OGRE_HOME is under this regular file")
    monkeypatch.setenv("OGRE_HOME", str(blocker / "home"))
    app = App()
    p = Player(app)
    for said in dismiss_notices(p):           # the preferences cannot be read there either
        assert one_sentence(said), said
    field_before = app.editor.field
    # Save a Field: choose slot 1, replace?, a name, OK
    p.menu("Menu", "Save a Field")
    p.pick_row(0)
    p.answer("OK")
    if p.dialog.title == "Save a Field" and "Replace" in p.dialog.message:
        p.answer("OK")
    p.type("Mine")
    p.answer("OK")
    d = p.dialog
    assert d is not None and d.title == "Save a Field"
    assert d.message == f"The folder {fields_folder()} cannot be written to, so nothing was saved."
    assert one_sentence(d.message)
    p.key(pygame.K_RETURN)
    assert app.editor.field is field_before and isinstance(app.screen, Editor)
    # Save a Game from a battle
    start_two_player(p)
    p.menu("Menu", "Save a Game")
    p.pick_row(0)
    p.answer("OK")
    if p.dialog.title == "Save a Game" and "Replace" in p.dialog.message:
        p.answer("OK")
    d = p.dialog
    assert d.title == "Save a Game"
    assert d.message == f"The folder {games_folder()} cannot be written to, so nothing was saved."
    assert one_sentence(d.message)
    p.key(pygame.K_ESCAPE)
    p.menu("Menu", "Export the Log")
    d = p.dialog
    assert d.title == "Export the Log" and one_sentence(d.message), d.message
    assert "cannot be written to, so nothing was saved." in d.message
    p.key(pygame.K_RETURN)
    b = app.battle
    b.act(Done())
    b.act(Done())
    play_on(p)
    # Preferences cannot be kept either: said once, and the new settings still apply
    p.menu("OSI", "Preferences")
    p.click(p.dialog.row_rect(1).center)     # Reminders off
    p.answer("OK")
    assert p.dialog.title == "Preferences" and one_sentence(p.dialog.message)
    assert "cannot be written" in p.dialog.message
    p.key(pygame.K_RETURN)
    assert app.prefs.reminders is False and app.running


# ------------------------------------------------------------------ the disk fills mid-save

class _FillingFile:
    """A file that takes part of what is written, then finds the disk full."""

    def __init__(self, real) -> None:
        self.real = real

    def write(self, text: str) -> int:
        self.real.write(text[: len(text) // 2])
        self.real.flush()
        raise OSError(errno.ENOSPC, "No space left on device")

    def __getattr__(self, name):
        return getattr(self.real, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.real.close()
        return False


def fill_the_disk(monkeypatch) -> None:
    real_fdopen = os.fdopen
    monkeypatch.setattr(atomic.os, "fdopen", lambda *a, **k: _FillingFile(real_fdopen(*a, **k)))


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(atomic.TEMP_SUFFIX))


def test_a_disk_that_fills_mid_save_keeps_the_old_game_byte_for_byte(monkeypatch):
    app = App(state=entered_state())
    p = Player(app)
    b = app.battle
    p.menu("Menu", "Save a Game")
    p.pick_row(0)
    p.answer("OK")
    assert p.dialog.message == "The battle is saved in game 1."
    p.key(pygame.K_RETURN)
    slot = games_folder() / "slot1.json"
    old = slot.read_bytes()
    saved_state = b.state
    b.act(Done())                                            # the battle moves on
    assert b.state != saved_state
    with monkeypatch.context() as m:
        fill_the_disk(m)
        p.menu("Menu", "Save a Game")
        p.pick_row(0)
        p.answer("OK")
        assert p.dialog.message == "Replace saved game 1?"
        p.answer("OK")
        assert p.dialog.title == "Save a Game" and p.dialog.message == FULL
        assert one_sentence(FULL)
        p.key(pygame.K_RETURN)
    assert slot.read_bytes() == old                          # byte for byte
    assert leftovers(slot.parent) == []                      # no half-written file left behind
    assert GameStore.default().load(1).state == saved_state
    # the game keeps running, and once there is room again the save works
    assert str(slot).startswith(os.environ["OGRE_HOME"])
    p.menu("Menu", "Save a Game")
    p.pick_row(0)
    p.answer("OK")
    p.answer("OK")
    assert p.dialog.message == "The battle is saved in game 1."
    assert GameStore.default().load(1).state == b.state


def test_a_disk_that_fills_mid_save_keeps_the_old_field_and_preferences(monkeypatch):
    app = App()
    p = Player(app)
    p.menu("Menu", "Save a Field")
    p.pick_row(2)
    p.answer("OK")
    p.answer("OK")                                            # the offered name
    assert p.dialog.message.startswith("Saved as field 3")
    p.key(pygame.K_RETURN)
    slot = fields_folder() / "slot3.json"
    old = slot.read_bytes()
    p.menu("Menu", "Clear Pieces")
    p.answer("OK")
    assert not app.editor.field.placements
    p.menu("OSI", "Preferences")
    p.answer("OK")                                            # writes preferences.json
    prefs_file = preferences_folder() / "preferences.json"
    old_prefs = prefs_file.read_bytes()
    fill_the_disk(monkeypatch)
    p.menu("Menu", "Save a Field")
    p.pick_row(2)
    p.answer("OK")
    assert "Replace" in p.dialog.message
    p.answer("OK")
    p.answer("OK")
    assert p.dialog.title == "Save a Field" and p.dialog.message == FULL
    p.key(pygame.K_RETURN)
    assert slot.read_bytes() == old and leftovers(slot.parent) == []
    assert FieldStore.default().load(3).field.placements           # the old pieces are there
    p.menu("OSI", "Preferences")
    p.click(p.dialog.row_rect(2).center)                      # Skip Empty Turns on
    p.answer("OK")
    assert p.dialog.title == "Preferences" and p.dialog.message == FULL
    p.key(pygame.K_RETURN)
    assert prefs_file.read_bytes() == old_prefs and leftovers(prefs_file.parent) == []
    assert app.prefs.skip_empty and app.running


# ------------------------------------------------------------------ damaged files in every slot

def _good_game() -> str:
    return game_to_text(entered_state(9), Players(count=2, computer=None))


def _good_field() -> str:
    rec = load_predesigned()[1]
    return field_to_text(rec.field, rec.name, rec.mark)


def damaged(kind: str, what: str) -> bytes:
    good = _good_game() if what == "games" else _good_field()
    other = _good_field() if what == "games" else _good_game()
    return {
        "garbage": b"%%% this is not an OGRE file {{{",
        "binary": bytes(range(256)) * 3,
        "truncated": good[: len(good) * 2 // 3].encode(),
        "empty": b"",
        "foreign": other.encode(),
        "stranger": json.dumps({"format": "spreadsheet", "version": 3}).encode(),
        "future": good.replace('"version": 2', '"version": 3', 1).encode(),
        "invalid": good.replace('"format"', '"secret": 1, "format"', 1).encode(),
    }[kind]


REASONS = {
    "garbage": "is damaged: it is not valid JSON.",
    "binary": "is damaged: it is not a text file.",
    "truncated": "is incomplete: the file was cut off, perhaps by a crash while saving.",
    "empty": "is empty: the file was cut off, perhaps by a crash while saving.",
    "foreign": "holds {other}, not {this}.",
    "stranger": "is not an OGRE file holding {this}.",
    "future": "was saved by a newer version of OGRE (format version 3) and this one reads only "
              "up to version 2.",
    "invalid": "is not a valid {noun} file: 'secret' does not belong in this file.",
}
KINDS = list(REASONS)


def reason(kind: str, what: str, slot: int) -> str:
    noun = "saved game" if what == "games" else "field"
    where = f"Saved game {slot}" if what == "games" else f"Field slot {slot}"
    this, other = ("a saved game", "a field") if what == "games" else ("a field", "a saved game")
    return f"{where} " + REASONS[kind].format(this=this, other=other, noun=noun)


def damage_every_slot(kind: str, what: str) -> None:
    folder = games_folder() if what == "games" else fields_folder()
    folder.mkdir(parents=True, exist_ok=True)
    for slot in range(1, 6):
        (folder / f"slot{slot}.json").write_bytes(damaged(kind, what))


def try_every_way_to_load(p: Player, first_slot_row: int) -> None:
    """Click each unreadable row, use the arrow keys, press OK and Enter: nothing loads."""
    d = p.dialog
    slot_rows = range(first_slot_row, first_slot_row + 5)
    for i in slot_rows:
        p.pick_row(i)
        assert d.selected not in slot_rows
    for k in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_UP, pygame.K_DOWN):
        p.key(k)
        assert d.selected not in slot_rows
    if d.selected < 0:
        p.answer("OK")                   # dimmed: does nothing
        p.key(pygame.K_RETURN)
        assert p.dialog is d
    p.key(pygame.K_ESCAPE)
    assert p.dialog is None


@pytest.mark.parametrize("kind", KINDS)
def test_damaged_games_in_every_slot_are_listed_with_the_reason_and_never_loaded(kind):
    damage_every_slot(kind, "games")
    app = App(state=entered_state())
    p = Player(app)
    b = app.battle
    before = b.state
    p.menu("Menu", "Load a Game")
    d = p.dialog
    assert d.title == "Load a Game"
    for slot in range(1, 6):
        words, usable = d.rows[slot - 1]
        assert not usable
        assert words == f"{slot}. {reason(kind, 'games', slot)}"
        assert one_sentence(reason(kind, "games", slot))
        _, lines = row_lines(words, d.row_rect(0).width - 12)
        assert " ".join(lines) == words                       # shown whole, never cut off
    assert d.selected == -1
    try_every_way_to_load(p, 0)
    assert app.battle is b and b.state is before             # the battle is untouched
    for slot in range(1, 6):
        with pytest.raises(StorageError) as err:
            GameStore.default().load(slot)
        assert err.value.message == reason(kind, "games", slot)
    play_on(p)                                                # and goes on


@pytest.mark.parametrize("kind", KINDS)
def test_damaged_fields_in_every_slot_are_listed_with_the_reason_and_never_loaded(kind):
    damage_every_slot(kind, "fields")
    app = App()
    p = Player(app)
    before = app.editor.field
    p.menu("Menu", "Load a Field")
    d = p.dialog
    predesigned = len(d.rows) - 5
    assert predesigned == len(load_predesigned()) + len(load_battle_fields())
    for slot in range(1, 6):
        words, usable = d.rows[predesigned + slot - 1]
        assert not usable
        assert words == f"{slot}. {reason(kind, 'fields', slot)}"
        _, lines = row_lines(words, d.row_rect(0).width - 12)
        assert " ".join(lines) == words
    try_every_way_to_load(p, predesigned)
    assert app.editor.field is before                         # the field is untouched
    for slot in range(1, 6):
        with pytest.raises(StorageError) as err:
            FieldStore.default().load(slot)
        assert err.value.message == reason(kind, "fields", slot)
    # the editor keeps working, and a damaged slot can be saved over with a good field
    p.menu("Menu", "Save a Field")
    p.pick_row(0)
    p.answer("OK")
    assert p.dialog.message == "Replace what is in field 1?"
    p.answer("OK")
    p.answer("OK")
    assert p.dialog.message.startswith("Saved as field 1")
    assert FieldStore.default().load(1).field.placements == before.placements


def test_a_damaged_slot_beside_good_ones_loads_nothing_but_the_good_ones():
    damage_every_slot("garbage", "games")
    GameStore.default().save(3, entered_state(7), Players(count=2, computer=None))
    app = App()
    p = Player(app)
    p.menu("Menu", "Load a Game")
    d = p.dialog
    assert [usable for _, usable in d.rows] == [False, False, True, False, False]
    assert d.selected == 2
    for k in (pygame.K_DOWN, pygame.K_UP, pygame.K_DOWN, pygame.K_DOWN):
        p.key(k)
        assert d.selected == 2
    p.answer("OK")
    assert isinstance(app.screen, Battle) and app.battle.state == entered_state(7)


# ------------------------------------------------------------------ preferences and newer files

def write_prefs(text: str) -> Path:
    folder = preferences_folder()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "preferences.json"
    path.write_text(text)
    return path


@pytest.mark.parametrize("text, said", [
    ("%%% garbage {{{", "The preferences file is damaged: it is not valid JSON, so the default "
                        "preferences are used."),
    ('{"format": "ogre-preferences", "version": 3, "preferences": {"sound": false}}',
     "The preferences file was saved by a newer version of OGRE (format version 3) and this one "
     "reads only up to version 1, so the default preferences are used."),
    ('{"format": "ogre-preferences", "version": 1, "preferences": {"sound": "loud", '
     '"reminders": false}}',
     "The preferences file had bad settings; those were reset to their defaults."),
])
def test_damaged_or_newer_preferences_start_the_game_with_one_sentence(text, said):
    path = write_prefs(text)
    app = App()
    p = Player(app)
    assert app.dialog is not None and app.dialog.title == "Notice"
    assert app.dialog.message == said and one_sentence(said)
    p.key(pygame.K_RETURN)
    assert app.dialog is None and isinstance(app.screen, Editor)
    if "bad settings" in said:
        assert app.prefs.reminders is False                  # the good setting was kept
    # changing a preference writes a good file again
    p.menu("OSI", "Preferences")
    p.click(p.dialog.row_rect(2).center)
    p.answer("OK")
    if "newer version" in said:               # G7: an old copy never writes over a newer file
        assert p.dialog is not None and one_sentence(p.dialog.message)
        assert "newer version" in p.dialog.message and path.read_text() == text
        p.answer("OK")
        assert app.prefs.skip_empty                          # kept for this session
    else:
        assert p.dialog is None
        prefs, notice = load_preferences()
        assert notice is None and prefs.skip_empty and path.exists()
    start_two_player(p)
    assert app.running


def test_a_game_saved_by_a_newer_version_is_refused_with_one_sentence_and_play_goes_on():
    folder = games_folder()
    folder.mkdir(parents=True)
    newer = json.loads(_good_game())
    newer["version"] = 3
    newer["something_new"] = {"from": "the future"}
    (folder / "slot2.json").write_text(json.dumps(newer))
    app = App(state=entered_state())
    p = Player(app)
    p.menu("Menu", "Load a Game")
    words, usable = p.dialog.rows[1]
    assert not usable
    assert words == ("2. Saved game 2 was saved by a newer version of OGRE (format version 3) "
                     "and this one reads only up to version 2.")
    p.key(pygame.K_ESCAPE)
    play_on(p)


def test_a_battle_log_from_a_newer_version_or_damaged_is_one_sentence(tmp_path):
    for text in ("# OGRE battle log, version 7\nstart {\"future\": true}\nwarp 0101\n",
                 "\x00\x01 not a log at all", ""):
        path = tmp_path / "battle.txt"
        path.write_text(text)
        app = App(replay=path)
        p = Player(app)
        d = p.dialog
        assert d is not None and d.title == "Replay", text
        assert one_sentence(d.message), d.message
        p.key(pygame.K_RETURN)
        assert app.dialog is None and app.running and isinstance(app.screen, Editor)


def test_a_preferences_window_size_bigger_than_the_screen_opens_at_most_the_screen():
    """Found probing damaged preferences: a valid but huge window_size (the schema allows up to
    20000 x 20000) took 12 s and 1.8 GB to open."""
    write_prefs(json.dumps({"format": "ogre-preferences", "version": 1,
                            "preferences": {"window_size": [20000, 20000]}}))
    t0 = time.perf_counter()
    app = App()
    Player(app)
    desktop = pygame.display.get_desktop_sizes()[0]
    w, h = app.window.get_size()
    assert w <= desktop[0] and h <= desktop[1]
    assert time.perf_counter() - t0 < 5
    assert app.dialog is None                       # a valid file: nothing to say
    write_prefs(json.dumps({"format": "ogre-preferences", "version": 1,
                            "preferences": {"window_size": [640, 480]}}))
    assert App().window.get_size() == (640, 480)    # one that fits is kept as it is
