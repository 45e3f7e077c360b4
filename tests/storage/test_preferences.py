"""Preferences (G7): defaults, kept between runs, never a crash on a bad file."""

from __future__ import annotations

import errno
import json

import pytest
from pydantic import ValidationError

from ogre.storage import Preferences, StorageError, atomic, load_preferences, save_preferences
from ogre.storage.preferences import FILE_NAME


def write(folder, text):
    (folder / FILE_NAME).write_text(text, encoding="utf-8")


def test_g7_defaults_are_the_1986_ones():
    p = Preferences()
    assert (p.sound, p.reminders, p.skip_empty, p.message_speed, p.skill, p.window_size) == (
        True, True, False, "Low", "Low", None)


def test_a_missing_file_gives_the_defaults_quietly(tmp_path):
    assert load_preferences(tmp_path / "nowhere") == (Preferences(), None)


def test_g7_preferences_are_kept_between_runs(tmp_path):
    prefs = Preferences(sound=False, reminders=False, skip_empty=True, message_speed="Hi",
                        skill="Med", window_size=(1280, 800))
    save_preferences(tmp_path / "config", prefs)
    assert load_preferences(tmp_path / "config") == (prefs, None)
    doc = json.loads((tmp_path / "config" / FILE_NAME).read_text())
    assert (doc["format"], doc["version"]) == ("ogre-preferences", 1)


@pytest.mark.parametrize("text", [
    "", "garbage", "{\"format\": \"ogre-preferences\", \"version\": 1, \"preferences\": {",
    "[1, 2]", "{\"format\": \"ogre-field\", \"version\": 1}", "{\"some\": \"thing\"}",
    "{\"format\": \"ogre-preferences\", \"version\": 2, \"preferences\": {}}",
    "{\"format\": \"ogre-preferences\", \"version\": 1, \"preferences\": 7}",
    "\x00\x00\x00",
])
def test_a_bad_file_gives_the_defaults_and_a_one_line_notice(tmp_path, text):
    write(tmp_path, text)
    prefs, notice = load_preferences(tmp_path)
    assert prefs == Preferences()
    assert isinstance(notice, str) and notice.endswith(".") and "\n" not in notice
    assert "default" in notice


def test_a_future_version_says_so(tmp_path):
    write(tmp_path, json.dumps({"format": "ogre-preferences", "version": 3}))
    assert "newer version" in load_preferences(tmp_path)[1]


def test_g7_a_newer_file_is_never_written_over(tmp_path):
    newer = json.dumps({"format": "ogre-preferences", "version": 3, "preferences": {"x": 1}})
    write(tmp_path, newer)
    with pytest.raises(StorageError) as err:
        save_preferences(tmp_path, Preferences(skill="Hi"))
    assert err.value.code == "future" and "newer version" in err.value.message
    assert (tmp_path / FILE_NAME).read_text(encoding="utf-8") == newer


@pytest.mark.parametrize("damage", ["%%% not json", "[1, 2]", "7", "{\"format\": 3}"])
def test_g7_a_damaged_file_is_written_over_with_good_preferences(tmp_path, damage):
    write(tmp_path, damage)
    save_preferences(tmp_path, Preferences(skill="Hi"))
    assert load_preferences(tmp_path) == (Preferences(skill="Hi"), None)


def test_binary_garbage_gives_the_defaults(tmp_path):
    (tmp_path / FILE_NAME).write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    prefs, notice = load_preferences(tmp_path)
    assert prefs == Preferences() and notice


def test_bad_settings_are_reset_and_good_ones_kept(tmp_path):
    write(tmp_path, json.dumps({"format": "ogre-preferences", "version": 1, "preferences": {
        "sound": False, "skill": "Expert", "message_speed": "Hi", "window_size": [5, -1],
        "reminders": "yes"}}))
    prefs, notice = load_preferences(tmp_path)
    assert prefs == Preferences(sound=False, message_speed="Hi")
    assert notice and "reset" in notice


def test_unknown_settings_from_elsewhere_are_ignored(tmp_path):
    write(tmp_path, json.dumps({"format": "ogre-preferences", "version": 1,
                                "preferences": {"skill": "Hi", "colour": "green"}}))
    assert load_preferences(tmp_path) == (Preferences(skill="Hi"), None)


def test_the_migration_hook_is_used_for_old_versions(tmp_path):
    write(tmp_path, json.dumps({"format": "ogre-preferences", "version": 0, "sound": "off"}))

    def v0(doc):
        return {"format": doc["format"], "version": 0,
                "preferences": {"sound": doc["sound"] != "off"}}

    assert load_preferences(tmp_path, migrations={0: v0}) == (Preferences(sound=False), None)
    prefs, notice = load_preferences(tmp_path)
    assert prefs == Preferences() and "old format" in notice


def test_saving_preferences_to_a_full_disk_keeps_the_old_file(tmp_path, monkeypatch):
    save_preferences(tmp_path, Preferences(skill="Hi"))
    before = (tmp_path / FILE_NAME).read_bytes()

    def full(*args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", full)
    with pytest.raises(StorageError) as err:
        save_preferences(tmp_path, Preferences(skill="Low"))
    assert err.value.code == "disk_full"
    assert (tmp_path / FILE_NAME).read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [FILE_NAME]


def test_saving_preferences_to_an_unwritable_folder(tmp_path):
    (tmp_path / "config").write_text("")
    with pytest.raises(StorageError) as err:
        save_preferences(tmp_path / "config", Preferences())
    assert err.value.code == "unwritable"
    assert load_preferences(tmp_path / "config")[0] == Preferences()


def test_preferences_are_values():
    with pytest.raises(ValueError):
        Preferences(message_speed="Fast")
    with pytest.raises(ValidationError, match="frozen"):
        Preferences().sound = False


# -- Play a Game's last choice (G1, issue 13) -----------------------------------------------

def test_g1_the_last_play_choice_defaults_to_mark_iii_against_the_computer_ogre():
    p = Preferences()
    assert (p.play_scenario, p.play_computer) == (3, "ogre")


def test_g1_the_last_play_choice_is_kept_between_runs(tmp_path):
    prefs = Preferences(play_scenario=5, play_computer="none")
    save_preferences(tmp_path, prefs)
    doc = json.loads((tmp_path / FILE_NAME).read_text())
    assert doc["version"] == 1
    assert (doc["preferences"]["play_scenario"], doc["preferences"]["play_computer"]) == (5, "none")
    assert load_preferences(tmp_path) == (prefs, None)


def test_g1_a_file_from_before_the_play_choice_loads_quietly_with_its_defaults(tmp_path):
    write(tmp_path, json.dumps({"format": "ogre-preferences", "version": 1, "preferences": {
        "sound": False, "reminders": True, "skip_empty": True, "message_speed": "Med",
        "skill": "Hi", "window_size": None}}))
    assert load_preferences(tmp_path) == (Preferences(sound=False, skip_empty=True,
                                                      message_speed="Med", skill="Hi"), None)


def test_g1_a_bad_play_choice_is_reset_and_the_rest_kept(tmp_path):
    write(tmp_path, json.dumps({"format": "ogre-preferences", "version": 1, "preferences": {
        "skill": "Hi", "play_scenario": 4, "play_computer": "defense"}}))
    prefs, notice = load_preferences(tmp_path)
    assert prefs == Preferences(skill="Hi", play_computer="defense")
    assert notice and "reset" in notice


def test_g7_a_file_from_before_the_defence_had_its_own_skill_still_loads(tmp_path):
    # issue 30: the Ogre's skill stays the Ogre's; the defence gets the 1986 default, Low
    write(tmp_path, json.dumps({"format": "ogre-preferences", "version": 1,
                                "preferences": {"skill": "Hi", "message_speed": "Med"}}))
    prefs, notice = load_preferences(tmp_path)
    assert notice is None
    assert (prefs.skill, prefs.defense_skill) == ("Hi", "Low")
    assert (prefs.skill_for("ogre"), prefs.skill_for("defense")) == ("Hi", "Low")
    assert prefs.with_skill("defense", "Med").defense_skill == "Med"


@pytest.mark.parametrize("size", [1e9, "150", 0, True, 175, None])
def test_x4_an_interface_size_not_offered_is_reset_and_the_rest_kept(tmp_path, size):
    write(tmp_path, json.dumps({"format": "ogre-preferences", "version": 1, "preferences": {
        "skill": "Hi", "interface_size": size}}))
    prefs, notice = load_preferences(tmp_path)
    assert prefs == Preferences(skill="Hi") and prefs.interface_size == 100
    assert notice and "reset" in notice


def test_x4_the_interface_size_is_kept(tmp_path):
    save_preferences(tmp_path, Preferences(interface_size=150))
    assert load_preferences(tmp_path) == (Preferences(interface_size=150), None)
