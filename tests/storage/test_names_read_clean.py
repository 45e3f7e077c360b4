"""A name from a file or from the other computer may hold any code point: the record (X9),
saved games (G6) and saved fields (G5) read it back clean and bounded, and never raise (X10)."""

from __future__ import annotations

import json
import unicodedata
from datetime import UTC, datetime

import pytest

from ogre.rules import new_game
from ogre.storage import GameStore, Players, SlotStatus
from ogre.storage.fields import NAME_LIMIT, field_from_text
from ogre.storage.record import Side, add_battle, load_record, new_entry, record_path

from .helpers import field_json, small_field

WHEN = datetime(2025, 1, 31, 20, 15, tzinfo=UTC)
BAD = {
    "nul": "Howitzer\x00 Umbrella",
    "surrogates": "Lone \ud800 surrogate\udfff",
    "bidi": "\u202eevil\u202c \u2066name\u2069",
    "zero-width": "\u200b\u200d\ufeff",              # nothing a screen could show
    "controls": "\x1b[31mred\x7f\x85",
    "composing": "\U0001d15e" * 90,                     # NFC makes each two characters
    "long": "x" * 500,
    "all": "\x00\ud800\u202e" + "y" * 500,
}
BAD_NAMES = list(BAD.values())
NAMED = [n for n in BAD_NAMES if n != BAD["zero-width"]]     # a computer's side needs a name


def clean(words: str, limit: int) -> bool:
    """Nothing the font refuses or a reader would be fooled by, and at most `limit` long."""
    return len(words) <= limit and words == words.strip() and not any(
        unicodedata.category(ch)[0] == "C" for ch in words)


@pytest.mark.parametrize("name", BAD_NAMES, ids=list(BAD))
def test_x9_a_name_in_the_record_is_read_back_clean(tmp_path, name):
    remote = Side(who="remote", name=name)                  # as the other computer gave it
    assert add_battle(new_entry("basic", name, Side(who="player"), remote, "Ogre Victory", 4,
                                now=WHEN), tmp_path) is None
    entries, notice = load_record(tmp_path)
    assert notice is None and len(entries) == 1
    assert clean(entries[0].field, 100) and clean(entries[0].defense.name, 100)


def test_x9_names_written_into_the_record_by_hand_are_read_back_clean(tmp_path):
    def entry(name: str) -> dict:
        return {"finished_at": WHEN.isoformat(), "scenario": 3, "field": name,
                "ogre": {"who": "computer", "name": name}, "defense": {"who": "remote",
                                                                        "name": name},
                "result": "Ogre Victory", "turns": 4}
    doc = {"format": "ogre-record", "version": 1, "entries": [entry(n) for n in NAMED]}
    record_path(tmp_path).write_text(json.dumps(doc))       # lone surrogates as JSON escapes
    entries, notice = load_record(tmp_path)
    assert notice is None and len(entries) == len(NAMED)
    for e in entries:
        assert all(clean(words, 100) for words in (e.field, e.ogre.name, e.defense.name))
        assert clean(e.ogre.words, 100)
    assert entries[0].field == "Howitzer Umbrella"
    assert entries[-2].field.endswith("...")                # cut, not refused


@pytest.mark.parametrize("name", list(BAD.values()), ids=list(BAD))
def test_g6_a_field_name_in_a_saved_game_is_read_back_clean(tmp_path, name):
    store = GameStore(tmp_path)
    store.save(1, new_game(small_field(), 3, 7), Players(), field_name=name, now=WHEN)
    slot = store.list_slots()[0]
    assert slot.status is SlotStatus.OK and clean(slot.field_name, 100)
    assert clean(store.load(1).field_name, 100)


@pytest.mark.parametrize("name", BAD_NAMES, ids=list(BAD))
def test_g6_a_saved_game_edited_by_hand_never_raises_and_shows_only_clean_words(tmp_path, name):
    store = GameStore(tmp_path)
    store.save(1, new_game(small_field(), 3, 7), Players(), field_name="Small", now=WHEN)
    path = tmp_path / "slot1.json"
    doc = json.loads(path.read_text())
    doc["label"]["field"] = name
    path.write_text(json.dumps(doc))
    slot = store.list_slots()[0]
    assert clean(slot.summary, 300) and clean(slot.reason, 300)
    if slot.status is SlotStatus.OK:
        assert clean(slot.field_name, 100) and clean(store.load(1).field_name, 100)


@pytest.mark.parametrize("name", NAMED, ids=[k for k in BAD if k != "zero-width"])
def test_g5_a_field_file_edited_by_hand_has_its_name_read_back_clean(name):
    record = field_from_text(field_json(name=name, description=name * 3), "Field slot 1")
    assert clean(record.name, NAME_LIMIT) and record.name
    assert clean(record.description, 200)
