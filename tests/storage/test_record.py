"""The record of battles (X9): versioned JSON in the data folder, written atomically; a damaged,
foreign or newer record is refused in one sentence and never stops a battle."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from ogre.storage import atomic
from ogre.storage.errors import StorageError
from ogre.storage.record import (
    MAX_ENTRIES,
    Side,
    add_battle,
    load_record,
    new_entry,
    record_path,
    totals,
)

HUMAN = Side(who="player")
WHEN = datetime(2025, 1, 31, 20, 15, tzinfo=UTC)


def computer(skill: str = "Low") -> Side:
    return Side(who="computer", skill=skill)


def entry(result: str = "Defense Victory", ogre: Side | None = None,
          defense: Side = HUMAN, turns: int = 9, field: str = "Howitzer Umbrella"):
    return new_entry("basic", field, ogre or computer(), defense, result, turns, now=WHEN)


def one_sentence(words: str) -> bool:
    body = words.rstrip(".")
    return words.endswith(".") and ". " not in body and "\n" not in words


def test_x9_a_missing_record_is_empty_and_quiet(tmp_path):
    assert load_record(tmp_path) == ([], None)


def test_x9_battles_are_added_one_entry_each_and_read_back(tmp_path):
    assert add_battle(entry(), tmp_path) is None
    assert add_battle(entry("Ogre Victory", turns=12), tmp_path) is None
    entries, notice = load_record(tmp_path)
    assert notice is None
    assert [(e.result, e.turns, e.field) for e in entries] == [
        ("Defense Victory", 9, "Howitzer Umbrella"), ("Ogre Victory", 12, "Howitzer Umbrella")]
    doc = json.loads(record_path(tmp_path).read_text())
    assert (doc["format"], doc["version"]) == ("ogre-record", 2)
    assert (doc["entries"][0]["scenario"], doc["entries"][0]["options"]) == ("basic", "")
    assert doc["entries"][0]["ogre"] == {"who": "computer", "skill": "Low", "name": ""}


def test_x9_the_record_is_written_atomically(tmp_path, monkeypatch):
    """A disk that fills while writing leaves the old record whole, and says so once."""
    add_battle(entry(), tmp_path)
    before = record_path(tmp_path).read_bytes()

    def full(*_a, **_k):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(atomic.os, "replace", full)
    notice = add_battle(entry("Ogre Victory"), tmp_path)
    assert notice is not None and one_sentence(notice) and "disk is full" in notice
    assert record_path(tmp_path).read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("text,words", [
    (b"{not json", "damaged"),
    (b'{"format": "ogre-record", "version": 1, "entries": [', "incomplete"),
    (b"\x00\xff binary", "damaged"),
    (b'{"format": "ogre-game", "version": 1}', "holds a saved game"),
    (b'{"colour": "blue"}', "not an OGRE file"),
    (b'{"format": "ogre-record", "version": 1, "entries": "many"}', "not a valid record"),
])
def test_x9_a_damaged_or_foreign_record_is_refused_in_one_sentence(tmp_path, text, words):
    record_path(tmp_path).write_bytes(text)
    entries, notice = load_record(tmp_path)
    assert entries == [] and notice is not None
    assert one_sentence(notice.replace("; ", ", ")) and words in notice


def test_x9_a_damaged_record_is_set_aside_never_lost_and_a_new_one_begun(tmp_path):
    record_path(tmp_path).write_text("{not json")
    notice = add_battle(entry(), tmp_path)
    assert notice is not None and "kept as record-damaged-" in notice
    assert one_sentence(notice.replace("; ", ", "))
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("record-damaged-")]
    assert len(aside) == 1 and aside[0].read_text() == "{not json"
    entries, notice = load_record(tmp_path)
    assert notice is None and len(entries) == 1


def test_x9_a_newer_record_is_refused_and_never_written_over(tmp_path):
    newer = '{"format": "ogre-record", "version": 3, "entries": [], "badges": []}'
    record_path(tmp_path).write_text(newer)
    entries, notice = load_record(tmp_path)
    assert entries == [] and notice is not None and "newer version" in notice
    assert one_sentence(notice)
    notice = add_battle(entry(), tmp_path)
    assert notice is not None and "not added" in notice and one_sentence(notice)
    assert record_path(tmp_path).read_text() == newer


def test_x9_bad_entries_are_left_out_and_the_good_ones_kept(tmp_path):
    add_battle(entry(), tmp_path)
    doc = json.loads(record_path(tmp_path).read_text())
    doc["entries"].append({**doc["entries"][0], "result": "Total Victory"})
    doc["entries"].append({**doc["entries"][0], "turns": 14})
    record_path(tmp_path).write_text(json.dumps(doc))
    entries, notice = load_record(tmp_path)
    assert [e.turns for e in entries] == [9, 14]
    assert notice is not None and "1 battle that could not be read" in notice
    add_battle(entry(turns=3), tmp_path)                  # the bad file kept aside, good carried
    assert [e.turns for e in load_record(tmp_path)[0]] == [9, 14, 3]
    assert any(p.name.startswith("record-damaged-") for p in tmp_path.iterdir())


def test_x9_a_folder_in_the_records_place_is_left_alone(tmp_path):
    record_path(tmp_path).mkdir()
    notice = add_battle(entry(), tmp_path)
    assert notice is not None and one_sentence(notice)
    assert record_path(tmp_path).is_dir()


def test_x9_the_oldest_battles_give_way_past_the_limit(tmp_path):
    doc = {"format": "ogre-record", "version": 2,
           "entries": [json.loads(entry(turns=1 + n % 50).model_dump_json())
                       for n in range(MAX_ENTRIES)]}
    record_path(tmp_path).write_text(json.dumps(doc))
    assert add_battle(entry(turns=77), tmp_path) is None
    entries, _ = load_record(tmp_path)
    assert len(entries) == MAX_ENTRIES and entries[-1].turns == 77 and entries[0].turns == 2


def test_x9_entries_are_validated():
    with pytest.raises(ValueError):
        new_entry("basic", "", computer(), HUMAN, "Total Victory", 4)
    with pytest.raises(ValueError):
        new_entry("mark7", "", computer(), HUMAN, "Ogre Victory", 4)
    with pytest.raises(ValueError):
        Side(who="computer")
    with pytest.raises(ValueError):
        Side(who="player", skill="Hi")
    assert Side(who="computer", name="mybots:Careful").words == "mybots:Careful"
    assert Side(who="computer", skill="Med").words == "Computer (Med)"


def test_x9_totals_per_opponent_and_skill_with_wins_by_level():
    entries = [
        entry("Defense Victory", computer("Hi")),
        entry("Ogre Victory", computer("Hi")),
        entry("Complete Defense Victory", computer("Low")),
        entry("Marginal Ogre Victory", HUMAN, computer("Med")),
        entry("Marginal Defense Victory", HUMAN, computer("Med")),
        entry("Ogre Victory", HUMAN, HUMAN),
    ]
    rows = [(t.opponent, t.skill, t.battles, t.wins, t.by_level) for t in totals(entries)]
    assert rows == [
        ("Computer Ogre", "Low", 1, 1, {"Complete Defense Victory": 1}),
        ("Computer Ogre", "Hi", 2, 1, {"Defense Victory": 1, "Ogre Victory": 1}),
        ("Computer Defense", "Med", 2, 1,
         {"Marginal Ogre Victory": 1, "Marginal Defense Victory": 1}),
        ("Two players", "", 1, None, {"Ogre Victory": 1}),
    ]


def test_x9_record_errors_are_storage_errors_inside_never_outside(tmp_path, monkeypatch):
    """add_battle turns every StorageError into a sentence: a battle's end never raises."""
    def refuse(*_a, **_k):
        raise StorageError("The folder x cannot be written to, so nothing was saved.",
                           "unwritable")
    monkeypatch.setattr("ogre.storage.record.write_text_atomic", refuse)
    notice = add_battle(entry(), tmp_path)
    assert notice == ("This battle could not be added to the record of battles (the folder x "
                      "cannot be written to, so nothing was saved).")


def test_x9_x15_a_duel_is_recorded_and_won_by_the_seat_whose_ogre_holds_the_field(tmp_path):
    from ogre.storage.record import player_won, totals
    duels = [new_entry("three-way-duel", "Howitzer Umbrella", HUMAN, computer("Hi"), result,
                       11, now=WHEN)
             for result in ("Ogre 1 Holds the Field", "Ogre 3 Holds the Field",
                            "No Ogre Holds the Field")]
    for e in duels:
        assert add_battle(e, tmp_path) is None
    entries, notice = load_record(tmp_path)
    assert notice is None and [e.result for e in entries] == [e.result for e in duels]
    assert [player_won(e.result, True) for e in duels] == [True, False, False]
    assert [player_won(e.result, False) for e in duels] == [False, True, False]
    (total,) = totals(entries)
    assert (total.battles, total.wins) == (3, 1)
