"""Field files and the five player field slots (G5, E10)."""

from __future__ import annotations

import errno
import json

import pytest

from ogre.resources import standard_board
from ogre.rules.field import Field, Placement
from ogre.rules.units import Kind
from ogre.storage import FieldStore, SlotStatus, StorageError, atomic, designed_for
from ogre.storage.fields import MIGRATIONS, field_from_text, field_to_text

from .helpers import field_json, predesigned, small_field, snapshot


def one_sentence(message: str) -> bool:
    return (message[:1].isupper() and message.endswith(".") and "\n" not in message
            and "Traceback" not in message and len(message) < 300)


def test_e10_field_round_trips_through_a_slot_without_the_ogre(tmp_path):
    store = FieldStore(tmp_path)
    field = small_field("Kept")
    store.save(2, field, "Kept", description="A test field.")
    rec = store.load(2)
    assert rec.field == field
    assert (rec.name, rec.mark, rec.description) == ("Kept", 3, "A test field.")
    doc = json.loads((tmp_path / "slot2.json").read_text())
    assert (doc["format"], doc["version"], doc["scenario"]) == ("ogre-field", 2, "basic")
    assert set(doc) == {"format", "version", "name", "scenario", "description", "craters", "rubble",
                        "pieces"}
    assert "ogre" not in json.dumps(doc).lower().replace("ogre-field", "")


def test_g5_every_predesigned_field_round_trips(tmp_path):
    store = FieldStore(tmp_path)
    for slot in range(1, 6):
        field = predesigned(slot - 1)
        store.save(slot, field, field.name)
        assert store.load(slot).field == field


def test_changed_terrain_and_an_empty_field_round_trip(tmp_path):
    board = (standard_board().with_crater(1010, True).with_rubble(101, 102, True)
             .with_crater(107, False))
    store = FieldStore(tmp_path)
    for field in (Field(board, (Placement(Kind.CP, 101),), "Edited"), Field(standard_board())):
        store.save(1, field, field.name)
        assert store.load(1).field.board == field.board
        assert store.load(1).field.placements == field.placements


def test_a_field_with_no_name_gets_the_slot_name(tmp_path):
    store = FieldStore(tmp_path)
    store.save(4, small_field(""), "  ")
    assert store.load(4).name == "Field 4"


def test_mark_is_inferred_from_the_deployment():
    assert designed_for(small_field()) == 3
    assert designed_for(predesigned(3)) == 5


def test_list_slots_empty_ok_and_unreadable(tmp_path):
    store = FieldStore(tmp_path / "not-yet")
    assert [s.status for s in store.list_slots()] == [SlotStatus.EMPTY] * 5
    store.save(1, small_field(), "First", battle=5)
    (tmp_path / "not-yet" / "slot3.json").write_text("{broken")
    slots = store.list_slots()
    assert [s.slot for s in slots] == [1, 2, 3, 4, 5]
    assert slots[0].status is SlotStatus.OK and slots[0].name == "First" and slots[0].mark == 5
    # labelled by what its deployment fits, not by the Mark its file was given (E9, issue 13)
    assert slots[0].summary == "1. First (Mark III: 5 armor, 5 squads)"
    assert slots[1].status is SlotStatus.EMPTY and slots[1].summary == "2. (empty)"
    assert slots[2].status is SlotStatus.UNREADABLE
    assert one_sentence(slots[2].reason) and slots[2].reason.startswith("Field slot 3")


def test_loading_an_empty_slot_says_so(tmp_path):
    with pytest.raises(StorageError) as err:
        FieldStore(tmp_path).load(5)
    assert err.value.code == "empty"
    assert err.value.message == "Field slot 5 is empty."


@pytest.mark.parametrize("slot", [0, 6, -1, True])
def test_there_are_only_five_slots(tmp_path, slot):
    with pytest.raises(ValueError):
        FieldStore(tmp_path).save(slot, small_field(), "x")


def _piece_doc(**change):
    doc = json.loads(field_json())
    doc["pieces"][1].update(change)
    return json.dumps(doc)


def _two_pieces_one_hex():
    doc = json.loads(field_json())
    doc["pieces"][2]["hex"] = doc["pieces"][1]["hex"]
    return json.dumps(doc)


def _two_command_posts():
    doc = json.loads(field_json())
    doc["pieces"].append({"kind": "cp", "hex": "1501", "squads": 1})
    return json.dumps(doc)


GOOD = field_json()
BAD_FILES = {
    # name: (file text, error code, words the message must hold)
    "damaged": ('{"format": "ogre-field", "version": 1, name: oops}', "damaged", "damaged"),
    "binary": ("\x00\x00\x00\x00", "damaged", "damaged"),
    "truncated": (GOOD[: len(GOOD) // 2], "truncated", "cut off"),
    "truncated-in-string": (GOOD[:GOOD.index('"name"') + 3], "truncated", "cut off"),
    "empty-file": ("", "truncated", "cut off"),
    "foreign-json": ('{"hello": "world"}', "foreign", "not an OGRE file"),
    "foreign-list": ("[1, 2, 3]", "foreign", "not an OGRE file"),
    "a-saved-game": ('{"format": "ogre-game", "version": 1}', "foreign", "holds a saved game"),
    "future": (field_json(version=3), "future", "newer version"),
    "no-version": (field_json(version="one"), "invalid", "version"),
    "old": (field_json(version=0), "old", "old format"),
    "bad-hex-id": (_piece_doc(hex="07x3"), "invalid", "not a hex"),
    "off-the-map": (_piece_doc(hex="1522"), "invalid", "not a hex"),
    "unknown-kind": (_piece_doc(kind="tank"), "invalid", "not a kind of piece"),
    "no-squads": (_piece_doc(squads=0), "invalid", "1 to 3 squads"),
    "four-squads": (_piece_doc(squads=4), "invalid", "1 to 3 squads"),
    "squads-as-text": (_piece_doc(squads="2"), "invalid", "squads"),
    "armor-with-squads": (json.dumps({**json.loads(field_json()), "pieces": [
        {"kind": "heavy", "hex": "0605", "squads": 2}]}), "invalid", "no squads"),
    "on-a-crater": (_piece_doc(hex="0505"), "invalid", "stands on a crater"),
    "crater-off-map": (field_json(craters=["0123"]), "invalid", "not a hex"),
    "two-in-a-hex": (_two_pieces_one_hex(), "invalid", "shares its hex"),
    "two-command-posts": (_two_command_posts(), "invalid", "more than one Command Post"),
    "rubble-apart": (field_json(rubble=[["0101", "0505"]]), "invalid", "neighbouring"),
    "mark-4": (field_json(mark=4), "invalid", "mark"),
    "no-name": (field_json(name=""), "invalid", "name"),
    "extra-key": (field_json(ogre={"hex": "0822"}), "invalid", "ogre"),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_a_bad_file_in_a_slot_is_a_clear_error_and_spares_the_others(tmp_path, case):
    text, code, words = BAD_FILES[case]
    store = FieldStore(tmp_path)
    for slot in (1, 2, 4):
        store.save(slot, small_field(f"Good {slot}"), f"Good {slot}")
    (tmp_path / "slot3.json").write_text(text, encoding="utf-8")
    before = snapshot(tmp_path)

    with pytest.raises(StorageError) as err:
        store.load(3)
    assert err.value.code == code
    assert err.value.message.startswith("Field slot 3 ")
    assert words.lower() in err.value.message.lower()
    assert one_sentence(err.value.message), err.value.message

    slots = store.list_slots()
    assert slots[2].status is SlotStatus.UNREADABLE and slots[2].reason == err.value.message
    assert [s.name for s in slots if s.status is SlotStatus.OK] == ["Good 1", "Good 2", "Good 4"]
    assert store.load(4).name == "Good 4"
    assert snapshot(tmp_path) == before          # reading never changes a file

    store.save(3, small_field(), "Repaired")     # and the bad slot can be overwritten
    assert store.load(3).name == "Repaired"
    assert {k: v for k, v in snapshot(tmp_path).items() if k != "slot3.json"} == \
        {k: v for k, v in before.items() if k != "slot3.json"}


def test_disk_full_while_saving_keeps_the_old_field_and_the_other_slots(tmp_path, monkeypatch):
    store = FieldStore(tmp_path)
    store.save(1, small_field("Old"), "Old")
    store.save(2, small_field("Other"), "Other")
    before = snapshot(tmp_path)

    def full(*args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", full)
    with pytest.raises(StorageError) as err:
        store.save(1, predesigned(0), "New")
    assert err.value.code == "disk_full" and one_sentence(err.value.message)
    assert snapshot(tmp_path) == before
    monkeypatch.undo()
    assert store.load(1).name == "Old"


def test_saving_into_an_unwritable_folder_is_a_clear_error(tmp_path):
    blocker = tmp_path / "fields"
    blocker.write_text("a file where the folder should be")
    store = FieldStore(blocker)
    assert [s.status for s in store.list_slots()] == [SlotStatus.UNREADABLE] * 5
    with pytest.raises(StorageError) as err:
        store.save(1, small_field(), "x")
    assert err.value.code == "unwritable" and one_sentence(err.value.message)


def test_a_field_that_could_not_be_read_back_is_not_saved(tmp_path):
    on_crater = Field(standard_board(), (Placement(Kind.CP, 505),), "Bad")
    store = FieldStore(tmp_path)
    with pytest.raises(StorageError) as err:
        store.save(1, on_crater, "Bad")
    assert err.value.code == "invalid" and "crater" in err.value.message
    assert not (tmp_path / "slot1.json").exists()


def test_the_migration_hook_carries_old_versions_forward():
    doc = json.loads(field_json())
    doc["version"] = 0
    doc["title"] = doc.pop("name")          # pretend version 0 called it "title"

    def v0_to_v1(d):
        d = dict(d)
        d["name"] = d.pop("title")
        return d

    rec = field_from_text(json.dumps(doc), "Field slot 1", migrations={0: v0_to_v1, **MIGRATIONS})
    assert rec.name == "Small" and rec.field.placements == small_field().placements


def test_the_file_is_readable_text_with_the_tag_first():
    text = field_to_text(small_field(), "Small", 3)
    assert text.startswith('{\n "format": "ogre-field",\n "version": 2,')
    assert text.endswith("}\n")
    assert json.loads(text)["pieces"][0] == {"kind": "cp", "hex": "0802", "squads": 1}


# -- what a field is labelled for (E9, issue 13) --------------------------------------------

def _with(field: Field, *placements: Placement) -> Field:
    return Field(field.board, field.placements + placements, field.name)


def _free_hexes_behind_the_crater_line(field: Field) -> list[int]:
    """Hexes in rows 01-03 with no crater and no piece (behind the crater line, so adding a
    piece there changes no forward count)."""
    from ogre.rules.board import behind_crater_line
    taken = {p.hex for p in field.placements}
    return [c * 100 + r for r in (1, 2, 3) for c in range(1, 16)
            if c * 100 + r not in taken and not field.board.is_crater(c * 100 + r)
            and behind_crater_line(c * 100 + r)]


def test_e9_a_field_is_labelled_by_what_its_counts_fit():
    from ogre.storage.fields import fit_label
    assert fit_label(small_field()) == "Mark III: 5 armor, 5 squads"
    umbrella = predesigned(0)                       # Howitzer Umbrella, a Mark III field
    assert fit_label(umbrella) == "Mark III: 12 armor, 20 squads"
    free = _free_hexes_behind_the_crater_line(umbrella)
    bigger = _with(umbrella, Placement(Kind.HEAVY, free[0]), Placement(Kind.HEAVY, free[1]))
    assert fit_label(bigger) == "Mark V: 14 armor, 20 squads"      # over the Mark III's 12
    assert fit_label(predesigned(4)).startswith("Mark V: ")
    huge = _with(bigger, *(Placement(Kind.HOWITZER, h) for h in free[2:6]))
    assert fit_label(huge) == "over Mark V: 22 armor, 20 squads"


def test_e9_forward_points_are_named_when_they_make_it_a_mark_v_field():
    from ogre.rules.field import forward_attack_points
    from ogre.storage.fields import fit_label
    field = Field(standard_board(), tuple(Placement(Kind.HEAVY, c * 100 + 12)
                                          for c in range(2, 8)))     # six tanks up front
    assert forward_attack_points(field) == 24
    assert fit_label(field) == "Mark V: 6 armor, 0 squads, 24 forward"


def test_e9_a_field_saved_after_editing_is_listed_by_its_counts_not_its_source(tmp_path):
    umbrella = predesigned(0)
    free = _free_hexes_behind_the_crater_line(umbrella)
    edited = _with(umbrella, Placement(Kind.HEAVY, free[0]), Placement(Kind.HEAVY, free[1]))
    store = FieldStore(tmp_path)
    store.save(1, edited, umbrella.name or "Howitzer Umbrella")
    store.save(2, predesigned(3), "Deep Reserve", battle=3)     # a file that claims the wrong Mark
    slots = store.list_slots()
    assert slots[0].summary.endswith("(Mark V: 14 armor, 20 squads)")
    assert slots[1].summary.startswith("2. Deep Reserve (Mark V: ")


def test_e10_x15_a_field_keeps_the_defenses_own_ogre_and_its_battle(tmp_path):
    from dataclasses import replace

    from ogre.ai.deploy import defended
    store = FieldStore(tmp_path)
    field = replace(defended(predesigned(0)), name="Watched")
    store.save(1, field, "Watched", battle="mark-iii-on-defense")
    rec = store.load(1)
    assert rec.field == field and rec.scenario == "mark-iii-on-defense"
    doc = json.loads((tmp_path / "slot1.json").read_text())
    assert doc["ogres"] == [f"{field.ogres[0]:04d}"]
    slot = store.list_slots()[0]
    assert slot.scenario == "mark-iii-on-defense"
    assert slot.summary == "1. Watched (Mark III on Defense: 12 armor, 15 squads)"


def test_e10_a_1986_field_file_has_no_ogres_key(tmp_path):
    doc = json.loads(field_to_text(predesigned(0), "Plain", 3))
    assert "ogres" not in doc


@pytest.mark.parametrize("scenario, ogres, words", [
    ("basic", ["0806"], "the defense has no Ogres of its own in Basic (Mark III), not 1"),
    ("ogre-defending", ["0806", "0906"], "not 2"),
    ("mark-iii-on-defense", ["0303"], "stands on a crater"),
    ("mark-iii-on-defense", ["0802"], "shares its hex with a piece"),
    ("mark-iii-on-defense", ["0806x"], "is not a hex on the map"),
    ("mark-iii-on-defense", "0806", "list"),
])
def test_e10_x15_a_hostile_fields_defending_ogre_is_refused_in_one_sentence(
        tmp_path, scenario, ogres, words):
    doc = json.loads(field_to_text(predesigned(0), "Hostile", 3))
    doc.update(scenario=scenario, ogres=ogres)
    with pytest.raises(StorageError) as caught:
        field_from_text(json.dumps(doc), "The field")
    assert words in caught.value.message and one_sentence(caught.value.message)
