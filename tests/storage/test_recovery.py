"""The recovery slot and crash reports (X12): versioned JSON wrapping a saved game, written
atomically; reports named by time, in the log folder, the newest kept."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from ogre.storage import Players, StorageError
from ogre.storage.paths import crash_folder, recovery_folder
from ogre.storage.recovery import (
    KEEP_REPORTS,
    GuestSeat,
    RecoverySlot,
    crash_report_text,
    write_crash_report,
)

from .helpers import predesigned, random_game

NOON = datetime(2026, 1, 31, 12, 0, tzinfo=UTC)


def a_battle():
    """A seeded battle some way in: its start, its log and where it stands."""
    steps = list(random_game(predesigned(0), 3, seed=7))
    state, log = steps[30]
    return steps[0][0], list(log), state


def test_x12_the_slot_keeps_a_battle_exactly(tmp_path):
    start, log, state = a_battle()
    slot = RecoverySlot(tmp_path)
    assert slot.read() is None
    slot.keep(state, Players(count=1, computer="ogre", skill="Med"), log, "Breakthrough",
              start, advice_asked=2, report=tmp_path / "crash.txt", now=NOON)
    kept = slot.read()
    assert kept is not None and kept.state == state and kept.start == start
    assert list(kept.log) == [str(a) for a in log] and kept.field_name == "Breakthrough"
    assert kept.players.skill == "Med" and kept.advice_asked == 2
    doc = json.loads(slot.path.read_text(encoding="utf-8"))
    assert (doc["format"], doc["version"]) == ("ogre-recovery", 4)
    assert (doc["game"]["format"], doc["game"]["version"]) == ("ogre-game", 2)
    assert doc["report"].endswith("crash.txt")
    slot.clear()
    slot.clear()                                    # an empty slot clears quietly
    assert slot.read() is None


def test_x10_x12_a_guests_seat_is_kept_for_its_host_alone_and_a_version_1_slot_still_reads(
        tmp_path):
    start, log, state = a_battle()
    slot = RecoverySlot(tmp_path)
    secret = "0123456789abcdef" * 2
    slot.keep(state, Players(count=2, computer=None), log, "", start,
              seat=GuestSeat(address="192.168.1.20", port=4986, secret=secret))
    assert slot.seat("192.168.1.20", 4986) == secret
    assert slot.seat("192.168.1.20", 4987) == "" and slot.seat("10.0.0.1", 4986) == ""
    doc = json.loads(slot.path.read_text(encoding="utf-8"))
    del doc["seat"]
    doc["version"] = 1                              # as the game wrote it before seats
    slot.path.write_text(json.dumps(doc), encoding="utf-8")
    kept = slot.read()
    assert kept is not None and kept.state == state and slot.seat("192.168.1.20", 4986) == ""


@pytest.mark.parametrize("text, code", [
    ("{", "truncated"),
    ('{"format": "ogre-game", "version": 1}', "foreign"),
    ('{"format": "ogre-recovery", "version": 5}', "future"),
    ('{"format": "ogre-recovery", "version": 1, "kept_at": "2026-01-01T00:00:00"}', "invalid"),
])
def test_x12_a_bad_slot_is_one_storage_error(tmp_path, text, code):
    slot = RecoverySlot(tmp_path)
    slot.path.write_text(text, encoding="utf-8")
    with pytest.raises(StorageError) as err:
        slot.read()
    assert err.value.code == code and err.value.message.startswith("The battle kept after")


def test_x12_a_log_that_does_not_lead_to_the_state_is_refused(tmp_path):
    start, log, state = a_battle()
    slot = RecoverySlot(tmp_path)
    slot.keep(state, Players(count=2, computer=None), log, start=start, now=NOON)
    doc = json.loads(slot.path.read_text(encoding="utf-8"))
    doc["game"]["log"] = doc["game"]["log"][:-3]
    slot.path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(StorageError):
        slot.read()


def test_x12_the_report_names_the_versions_and_holds_the_traceback(tmp_path):
    text = crash_report_text("Traceback (most recent call last):\nRuntimeError: boom\n",
                             {"OGRE": "0.1.0", "pygame-ce": "2.5.8", "SDL": "2.32.10",
                              "Python": "3.11.7", "OS": "Linux"}, NOON)
    path = write_crash_report(text, tmp_path, now=NOON.replace(tzinfo=None))
    assert path.name == "crash-20260131-120000.txt"
    again = write_crash_report(text, tmp_path, now=NOON.replace(tzinfo=None))
    assert again.name == "crash-20260131-120000-2.txt"          # the first one stays
    body = path.read_text(encoding="utf-8")
    assert body.startswith("OGRE crash report\nWhen: 2026-01-31 12:00:00+00:00\nOGRE: 0.1.0\n")
    assert "SDL: 2.32.10" in body and body.endswith("RuntimeError: boom\n")


def test_x12_only_the_newest_reports_are_kept(tmp_path):
    for second in range(KEEP_REPORTS + 5):
        write_crash_report("x", tmp_path, now=datetime(2026, 1, 1, 0, 0, second))
    assert len(list(tmp_path.glob("crash-*.txt"))) == KEEP_REPORTS


def test_x12_a_report_folder_that_refuses_is_a_storage_error(tmp_path):
    (tmp_path / "log").write_text("a file where the folder belongs")
    with pytest.raises(StorageError):
        write_crash_report("x", tmp_path / "log")


def test_x12_reports_and_the_slot_live_under_ogre_home(tmp_path, monkeypatch):
    monkeypatch.setenv("OGRE_HOME", str(tmp_path))
    assert crash_folder() == tmp_path / "log"
    assert recovery_folder() == tmp_path / "data" / "recovery"
    assert RecoverySlot.default().path == tmp_path / "data" / "recovery" / "battle.json"
