"""Files at version 2 (G5, G6, X3, X9, X12, X15): a state names its scenario by key, holds a list
of Ogres each with its id, and its optional rules; every kind of version-1 file is carried
forward to the same battle, and a version-2 file that breaks these is refused in one sentence.

The version-1 files are the fixtures in tests/storage/v1/ (written by 93edb34's own code): each
is read, written again by today's code, and compared with the version-1 document changed by
hand in exactly the ways version 2 changes it; and each state is compared with the GameState the
version-1 code made of it (its `to_state`, transcribed below), so nothing else moved."""

from __future__ import annotations

import json
import random
import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from ogre.ai.deploy import defended, watched
from ogre.rules import apply, legal_actions, new_game
from ogre.rules.board import board_from_ids
from ogre.rules.options import MOST_TURNS, NO_OPTIONS, Options
from ogre.rules.scenarios import ASSAULTS, OFFERED, SCENARIOS, WATCHED
from ogre.rules.state import Aiming, GameState, Ogre, Phase, Piece
from ogre.rules.units import Kind, Weapon
from ogre.storage import FieldStore, GameStore, Players, StorageError
from ogre.storage.battlelog import log_to_text, read_log, replay_text
from ogre.storage.fields import field_to_text, read_field_file
from ogre.storage.games import game_from_text, game_to_text
from ogre.storage.record import Side as RecordSide
from ogre.storage.record import add_battle, load_record, new_entry, record_path, record_text
from ogre.storage.recovery import RecoverySlot

from .helpers import predesigned, random_game, snapshot
from .test_fields import one_sentence

V1 = Path(__file__).resolve().parent / "v1"
DATA, GUEST = V1 / "data", V1 / "guest" / "data"
LOGS = [DATA / "logs" / "battle-20260201-211500.txt",
        GUEST / "logs" / "battle-20260203-190500.txt"]
NOON = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
SWITCHES = Options(time_limit=12, command_crawler=True, hardened_cp=2)
ALL_OFF = {"time_limit": 0, "command_crawler": False, "hardened_cp": 0}


def played(mark: int = 5, options: Options = SWITCHES, actions: int = 60):
    """(start, log, state): a seeded battle on a predesigned field with these optional rules."""
    field = predesigned(3 if mark == 5 else 0)
    start = state = None
    log: tuple = ()
    for n, (state, log) in enumerate(random_game(field, mark, seed=11, options=options)):
        start = start or state
        if n == actions:
            break
    assert start is not None and state is not None and not state.over
    return start, list(log), state


# ------------------------------------------------------------------ what version 1 held

def v1_state(raw: dict[str, Any]) -> GameState:
    """The GameState 93edb34's StateData.to_state made of a version-1 state, written out by
    hand: the Mark as the scenario, the one Ogre with the 1986 Ogre's id, no options."""
    def at(h: str | None) -> int:
        return int(h) if h else 0
    o, aim = raw["ogre"], raw["aim"]
    return GameState(
        board=board_from_ids(raw["board"]["craters"], raw["board"]["rubble"]),
        scenario={3: "basic", 5: "advanced"}[raw["scenario"]],
        pieces=tuple(Piece(p["id"], Kind(p["kind"]), int(p["hex"]), p["squads"],
                           p["disabled_turn"], p["moved"], at(p["start"]), p["base_moved"],
                           p["fired"]) for p in raw["pieces"]),
        ogres=(Ogre(mark=o["mark"], hex=at(o["hex"]), treads=o["treads"],
                    weapons=tuple(o["weapons"]), fired=tuple(o["fired"]),
                    missiles_spent=o["missiles_spent"], moved=o["moved"],
                    undo_hex=at(o["undo_hex"]), undo_moved=o["undo_moved"], rams=o["rams"],
                    exited=o["exited"], id=0),),
        phase=Phase(raw["phase"]), turn=raw["turn"], rng=raw["rng"],
        aim=None if aim is None else Aiming(aim["target"], tuple(aim["weapons"]),
                                            None if aim["part"] is None else Weapon(aim["part"]),
                                            tuple(aim["attackers"])),
        ap_hit=frozenset(raw["ap_hit"]), next_id=raw["next_id"], result=raw["result"])


def as_v2_state(raw: dict[str, Any]) -> dict[str, Any]:
    """A version-1 state document as version 2 writes it: nothing else changes."""
    out = {k: v for k, v in raw.items() if k != "ogre"}
    out["scenario"] = {3: "basic", 5: "advanced"}[raw["scenario"]]
    out["ogres"] = [{"id": 0, **raw["ogre"]}]
    out["options"] = ALL_OFF
    if raw.get("aim") is not None:
        out["aim"] = {**raw["aim"], "ogre": 0}          # the Ogre aimed with, or at
    return out


def as_v2_game(raw: dict[str, Any]) -> dict[str, Any]:
    out = {**raw, "version": 2, "state": as_v2_state(raw["state"]),
           "label": {**raw["label"], "scenario": as_v2_state(raw["state"])["scenario"]}}
    if raw.get("start") is not None:
        out["start"] = as_v2_state(raw["start"])
    return out


def load_json(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


# ------------------------------------------------------------------ saved games (G6)

@pytest.mark.parametrize("slot", range(1, 6))
def test_g6_a_v1_save_migrates_to_the_battle_the_v1_code_read(slot):
    raw = load_json(DATA / "games" / f"slot{slot}.json")
    saved = GameStore(DATA / "games").load(slot)
    assert saved.state == v1_state(raw["state"]) and saved.start == v1_state(raw["start"])
    assert saved.state.options is NO_OPTIONS and [o.id for o in saved.state.ogres] == [0]


@pytest.mark.parametrize("slot", range(1, 6))
def test_g6_a_v1_save_written_again_differs_only_in_scenario_ogres_options_and_version(slot):
    raw = load_json(DATA / "games" / f"slot{slot}.json")
    s = GameStore(DATA / "games").load(slot)
    again = game_to_text(s.state, s.players, s.log, s.field_name, s.saved_at, s.start,
                         s.advice_asked, s.dice)
    assert json.loads(again) == as_v2_game(raw)


def test_g6_x15_a_v2_save_keeps_the_scenario_key_the_ogres_and_the_options(tmp_path):
    start, log, state = played()
    store = GameStore(tmp_path)
    store.save(2, state, Players(skill="Hi"), log, "Deep Reserve", NOON, start)
    loaded = store.load(2)
    assert loaded.state == state and loaded.start == start and list(loaded.actions()) == log
    assert loaded.state.options == SWITCHES and loaded.state.scenario == "advanced"
    doc = load_json(tmp_path / "slot2.json")
    assert (doc["version"], doc["label"]["scenario"], doc["state"]["scenario"]) == (
        2, "advanced", "advanced")
    assert doc["state"]["options"] == doc["start"]["options"] == {
        "time_limit": 12, "command_crawler": True, "hardened_cp": 2}
    assert [(o["id"], o["mark"]) for o in doc["state"]["ogres"]] == [(0, 5)]
    assert store.list_slots()[1].summary.startswith(f"2. Mark V, turn {state.turn}, ")


def test_g6_a_1986_battle_writes_its_options_all_off_and_one_without_them_has_none(tmp_path):
    start, log, state = played(mark=3, options=NO_OPTIONS)
    text = game_to_text(state, Players(), log, now=NOON, start=start)
    doc = json.loads(text)
    assert doc["state"]["options"] == doc["start"]["options"] == ALL_OFF
    del doc["state"]["options"], doc["start"]["options"]         # absent: no optional rules
    back = game_from_text(json.dumps(doc), "Saved game 1")
    assert back.state == state and back.state.options is NO_OPTIONS


def test_g6_the_slot_line_of_a_1986_battle_is_the_one_the_v1_save_showed(tmp_path):
    shutil.copy(DATA / "games" / "slot1.json", tmp_path / "slot1.json")
    store = GameStore(tmp_path)
    before = store.list_slots()[0].summary
    saved = store.load(1)
    store.save(1, saved.state, saved.players, saved.log, saved.field_name, saved.saved_at,
               saved.start, saved.advice_asked, saved.dice)
    assert store.list_slots()[0].summary == before
    assert before.startswith("1. Mark III, turn 4, Defense Movement, 2026-02-01")


def _ogres(doc, value):
    doc["state"]["ogres"] = value(doc["state"]["ogres"][0])


HOSTILE = {
    # case: (change to a good version-2 save, words of the refusal)
    "an unknown scenario": (lambda d: d["state"].update(scenario="mark7"),
                            "'mark7' is not a scenario, which are basic, advanced"),
    "a Mark as the scenario": (lambda d: d["state"].update(scenario=5),
                               "5 is not a scenario"),
    "a label of another scenario": (lambda d: d["label"].update(scenario="basic"),
                                    "the label does not match the game state"),
    "a time limit past 99": (lambda d: d["state"]["options"].update(time_limit=MOST_TURNS + 1),
                             "less than or equal to 99 (at state options time limit)"),
    "a negative time limit": (lambda d: d["state"]["options"].update(time_limit=-1),
                              "greater than or equal to 0"),
    "a time limit of true": (lambda d: d["state"]["options"].update(time_limit=True),
                             "valid integer"),
    "a CP of defense 3": (lambda d: d["state"]["options"].update(hardened_cp=3),
                          "a hardened command post has defense 1 or 2, not 3"),
    "a crawler of 'yes'": (lambda d: d["state"]["options"].update(command_crawler="yes"),
                           "valid boolean (at state options command crawler)"),
    "an unknown option": (lambda d: d["state"]["options"].update(fog=True),
                          "'state options fog' does not belong"),
    "two Ogres with one id": (lambda d: _ogres(d, lambda o: [o, o]),
                              "two Ogres have the id 0"),
    "an Ogre of id 1": (lambda d: _ogres(d, lambda o: [{**o, "id": 1}]),
                        "an Ogre's id is 0, -1, -2 and so on to -8, not 1"),
    "an Ogre of id -9": (lambda d: _ogres(d, lambda o: [{**o, "id": -9}]), "not -9"),
    "an Ogre of id '0'": (lambda d: _ogres(d, lambda o: [{**o, "id": "0"}]), "valid integer"),
    "an Ogre without its id": (lambda d: _ogres(d, lambda o: [
        {k: v for k, v in o.items() if k != "id"}]), "'state ogre 1 id' is missing"),
    "zero Ogres": (lambda d: _ogres(d, lambda o: []), "a battle has 1 to 9 Ogres, not 0"),
    "100,000 Ogres": (lambda d: _ogres(d, lambda o: [{}] * 100_000),
                      "a battle has 1 to 9 Ogres, not 100,000"),
    "ten Ogres": (lambda d: _ogres(d, lambda o: [{**o, "id": -n} for n in range(10)]),
                  "not 10"),
    "two Ogres in a 1986 scenario": (lambda d: _ogres(d, lambda o: [o, {**o, "id": -1}]),
                                     "does not have the one Ogre its scenario has"),
    "the version-1 Ogre": (lambda d: d["state"].update(ogre=d["state"].pop("ogres")[0]),
                           "'state ogres' is missing"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_g6_x15_a_hostile_v2_save_is_refused_in_one_sentence(tmp_path, case):
    change, words = HOSTILE[case]
    start, log, state = played()
    doc = json.loads(game_to_text(state, Players(), log, now=NOON, start=start))
    change(doc)
    store = GameStore(tmp_path)
    (tmp_path / "slot3.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(StorageError) as err:
        store.load(3)
    message = err.value.message
    assert err.value.code == "invalid" and one_sentence(message), message
    assert message.startswith("Saved game 3 is not a valid saved game file: ")
    assert words in message, message
    assert store.list_slots()[2].reason == message


# ------------------------------------------------------------------ fields (G5)

@pytest.mark.parametrize("slot", [1, 2])
def test_g5_a_v1_field_migrates_and_written_again_names_its_scenario(tmp_path, slot):
    raw = load_json(DATA / "fields" / f"slot{slot}.json")
    rec = FieldStore(DATA / "fields").load(slot)
    assert (rec.scenario, rec.mark) == ({3: "basic", 5: "advanced"}[raw["mark"]], raw["mark"])
    again = json.loads(field_to_text(rec.field, rec.name, rec.mark, rec.description))
    expected = {**{k: v for k, v in raw.items() if k != "mark"}, "version": 2,
                "scenario": rec.scenario}
    assert again == expected


def test_g5_the_shipped_fields_are_version_2_and_read_as_before():
    for path in sorted((Path(__file__).resolve().parents[2] / "fields").glob("0*.json")):
        doc = load_json(path)
        assert (doc["version"], "mark" in doc) == (2, False)
        rec = read_field_file(path)
        assert SCENARIOS[doc["scenario"]].against == rec.mark


@pytest.mark.parametrize("change, words", [
    ({"scenario": "mark7"}, "'mark7' is not a scenario"),
    ({"scenario": 3}, "3 is not a scenario"),
    ({"mark": 3}, "'mark' does not belong"),
])
def test_g5_a_hostile_v2_field_is_refused_in_one_sentence(tmp_path, change, words):
    doc = json.loads(field_to_text(predesigned(0), "Kept", 3))
    doc.update(change)
    (tmp_path / "slot1.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(StorageError) as err:
        FieldStore(tmp_path).load(1)
    assert err.value.code == "invalid" and one_sentence(err.value.message)
    assert words in err.value.message, err.value.message


# ------------------------------------------------------------------ battle logs (X3)

@pytest.mark.parametrize("path", LOGS, ids=["finished", "guest"])
def test_x3_a_v1_log_migrates_to_the_start_the_v1_code_read_and_writes_again_as_v2(path):
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    raw = json.loads(lines[1].removeprefix("start "))
    start, steps = read_log(path)
    assert start == v1_state(raw)
    again = log_to_text(start, [s.text for s in steps], advice_in(text), dice_in(text))
    new = again.splitlines()
    assert new[0] == "# OGRE battle log, version 2 (replay with: ogre --replay FILE)"
    assert json.loads(new[1].removeprefix("start ")) == as_v2_state(raw)
    assert new[2:] == lines[2:]                          # the dice, the actions, the advice


def advice_in(text: str) -> int:
    from ogre.storage.battlelog import advice_in_log
    return advice_in_log(text)


def dice_in(text: str) -> list[int]:
    line = next((ln for ln in text.splitlines() if ln.startswith("dice ")), "dice")
    return [int(w) for w in line.split()[1:]]


def test_x3_x15_a_v2_log_replays_with_its_scenario_and_options():
    start, log, state = played()
    text = log_to_text(start, log)
    assert text.startswith("# OGRE battle log, version 2 ")
    again, steps = replay_text(text)
    assert again == start and steps[-1].state == state
    assert again.options == SWITCHES and again.scenario == "advanced"


def test_x3_a_log_without_its_header_is_read_as_version_1_or_2():
    start, log, _ = played(mark=3, options=NO_OPTIONS)
    body = log_to_text(start, log).split("\n", 1)[1]
    assert replay_text(body)[0] == start                  # a v2 start needs no migration
    v1 = LOGS[0].read_text(encoding="utf-8").split("\n", 1)[1]
    assert replay_text(v1)[0].scenario == "basic"


@pytest.mark.parametrize("header, code, words", [
    ("# OGRE battle log, version 3 (replay with: ogre --replay FILE)", "future",
     "was saved by a newer version of OGRE (format version 3) and this one reads only up to "
     "version 2"),
    ("# OGRE battle log, version two", "invalid", "has no valid format version number"),
])
def test_x3_a_log_of_a_version_this_game_cannot_read_is_one_sentence(header, code, words):
    start, log, _ = played(mark=3, options=NO_OPTIONS)
    text = header + "\n" + log_to_text(start, log).split("\n", 1)[1]
    with pytest.raises(StorageError) as err:
        replay_text(text, "The battle log x.txt")
    assert err.value.code == code and words in err.value.message
    assert one_sentence(err.value.message), err.value.message


def test_x3_x15_a_v2_log_with_an_unknown_scenario_is_refused_at_its_start():
    start, log, _ = played()
    text = log_to_text(start, log).replace('"scenario":"advanced"', '"scenario":"mark7"', 1)
    with pytest.raises(StorageError) as err:
        replay_text(text, "The battle log x.txt")
    assert err.value.message.startswith("The battle log x.txt, line 2: the starting position "
                                        "is invalid ('mark7' is not a scenario")
    assert one_sentence(err.value.message)


# ------------------------------------------------------------------ the recovery slot (X12)

@pytest.mark.parametrize("folder", [DATA, GUEST], ids=["battle", "guest"])
def test_x12_a_v1_recovery_slot_migrates_its_game_too_and_keeps_it_again_as_v4(tmp_path, folder):
    raw = load_json(folder / "recovery" / "battle.json")
    kept = RecoverySlot(folder / "recovery").read()
    assert kept is not None and kept.state == v1_state(raw["game"]["state"])
    slot = RecoverySlot(tmp_path)
    slot.keep(kept.state, kept.players, kept.log, kept.field_name, kept.start,
              kept.advice_asked, Path(raw["report"]), kept.saved_at, kept.dice)
    again = load_json(slot.path)
    assert again == {**raw, "version": 4, "seat": None, "game": as_v2_game(raw["game"])}


def test_x12_x15_a_recovery_slot_keeps_the_options_and_the_scenario(tmp_path):
    start, log, state = played()
    slot = RecoverySlot(tmp_path)
    slot.keep(state, Players(count=2, computer=None), log, "Deep Reserve", start, now=NOON)
    kept = slot.read()
    assert kept is not None and kept.state == state and kept.start == start
    assert kept.state.options == SWITCHES and kept.state.scenario == "advanced"
    doc = load_json(slot.path)
    assert (doc["version"], doc["game"]["version"]) == (4, 2)


def test_x12_a_v2_slot_holding_a_v1_game_is_refused_in_one_sentence(tmp_path):
    """Only a slot kept by an older OGRE (version 1 or 2) holds an older game."""
    slot = RecoverySlot(tmp_path)
    raw = load_json(DATA / "recovery" / "battle.json")
    slot.path.write_text(json.dumps({**raw, "version": 3}), encoding="utf-8")
    with pytest.raises(StorageError) as err:
        slot.read()
    assert err.value.code == "invalid" and one_sentence(err.value.message)


# ------------------------------------------------------------------ the record of battles (X9)

def test_x9_a_v1_record_migrates_every_entry_and_written_again_names_the_scenarios(tmp_path):
    raw = load_json(DATA / "record.json")
    entries, notice = load_record(DATA)
    assert notice is None and len(entries) == len(raw["entries"])
    again = json.loads(record_text(entries))
    assert again == {**raw, "version": 2, "entries": [
        {**e, "scenario": {3: "basic", 5: "advanced"}[e["scenario"]], "options": ""}
        for e in raw["entries"]]}


def test_x9_a_v1_entry_no_version_reads_is_kept_aside_with_the_file_never_lost(tmp_path):
    raw = load_json(DATA / "record.json")
    raw["entries"][2]["scenario"] = 4                    # a Mark no battle was ever fought with
    record_path(tmp_path).write_text(json.dumps(raw), encoding="utf-8")
    before = snapshot(tmp_path)
    entries, notice = load_record(tmp_path)
    assert len(entries) == len(raw["entries"]) - 1
    assert notice is not None and "1 battle that could not be read" in notice
    entry = new_entry("advanced", "Deep Reserve", RecordSide(who="player"),
                      RecordSide(who="computer", skill="Hi"), "Defense Victory", 9, NOON,
                      "Time Limit 12 turns")
    notice = add_battle(entry, tmp_path)
    assert notice is not None and one_sentence(notice.replace("; ", ", "))
    [aside] = [p for p in tmp_path.iterdir() if p.name.startswith("record-damaged-")]
    assert aside.read_bytes() == before["record.json"]   # the version-1 file, every entry
    entries, notice = load_record(tmp_path)
    assert notice is None and entries[-1] == entry and entries[-1].options == entry.options
    assert len(entries) == len(raw["entries"])


def test_x9_x15_a_record_entry_holds_its_scenario_and_the_words_of_its_options(tmp_path):
    start, log, state = played()
    words = state.options.words
    entry = new_entry(state.scenario, "Deep Reserve", RecordSide(who="player"),
                      RecordSide(who="computer", skill="Med"), "Ogre Victory", 7, NOON, words)
    assert add_battle(entry, tmp_path) is None
    [back], _ = load_record(tmp_path)
    assert (back.scenario, back.mark, back.options) == (
        "advanced", 5, "Time Limit 12 turns, Command Crawler, Hardened CP (defense 2)")


# ------------------------------------------------------------------ the same battle (X15)

def test_x15_a_v2_file_of_a_1986_scenario_is_the_same_battle_as_its_v1_file(tmp_path):
    """Slot 1 of the fixtures, written again at version 2 and played on: every action gives the
    same state and events as on the battle read from the version-1 file."""
    old = GameStore(DATA / "games").load(1)
    store = GameStore(tmp_path)
    store.save(1, old.state, old.players, old.log, old.field_name, old.saved_at, old.start)
    new = store.load(1)
    a, b, rnd = old.state, new.state, random.Random(5)
    for _ in range(80):
        if a.over:
            break
        assert legal_actions(a) == legal_actions(b)
        action = rnd.choice(legal_actions(a))
        (a, events), (b, events_b) = apply(a, action), apply(b, action)
        assert a == b and events == events_b


def test_x15_new_game_of_each_scenario_round_trips_its_key_and_its_ogres():
    for scenario in OFFERED:
        key = scenario.key
        field = (watched(predesigned(0)) if key in ASSAULTS
                 else defended(predesigned(0)) if key in WATCHED else predesigned(0))
        state = new_game(field, scenario.against, 1, scenario=key)
        back = game_from_text(game_to_text(state, Players()), "x").state
        assert back.scenario == key and back == state
        assert tuple(o.mark for o in back.ogres) == scenario.marks


def test_g6_x15_an_aim_keeps_the_ogre_it_is_of_or_at():
    from dataclasses import replace

    from pydantic import ValidationError

    from ogre.rules.state import Aiming
    from ogre.rules.units import Weapon, ogre_id
    from ogre.storage.state_data import AimState, StateData

    _, _, state = played()
    aimed = replace(state, aim=Aiming(part=Weapon.MAIN, attackers=(4,), ogre=ogre_id(2)))
    data = StateData.of(aimed)
    assert data["aim"]["ogre"] == -1 and AimState.model_validate(data["aim"]).ogre == -1
    plain = StateData.of(replace(state, aim=Aiming(part=Weapon.MAIN, attackers=(4,))))
    assert plain["aim"]["ogre"] == 0 and AimState.model_validate(plain["aim"]).ogre == 0
    with pytest.raises(ValidationError, match="an Ogre's id is 0, -1, -2"):
        AimState.model_validate({**data["aim"], "ogre": 5})


def test_g6_x15_a_saved_battle_of_two_ogres_keeps_them_and_its_slot_names_the_scenario(tmp_path):
    from ogre.rules.scenarios import MARK_IIIS_ATTACKING

    state = new_game(predesigned(1), 5, 3, scenario=MARK_IIIS_ATTACKING.key)
    store = GameStore(tmp_path)
    store.save(1, state, Players(), now=NOON)
    assert store.load(1).state == state and len(store.load(1).state.ogres) == 2
    assert store.list_slots()[0].summary.startswith("1. Mark IIIs Attacking, turn 1, ")


@pytest.mark.parametrize("key", ["duel", "three-way-duel"])
def test_x15_a_duel_is_saved_with_the_ogre_whose_turn_it_is(key):
    """A Duel's file holds the Ogre whose phases these are (9.04); a battle of the other
    scenarios writes no duellist, so the 1986 files are as they were."""
    from ogre.ai.duellist import Duellist
    from ogre.rules import apply
    state = new_game(predesigned(0), 5, 1, scenario=key)
    player = Duellist("Med", 1)
    while state.duellist == 0:
        state, _ = apply(state, player.choose(state))
    text = game_to_text(state, Players())
    assert json.loads(text)["state"]["duellist"] == state.duellist
    assert game_from_text(text, "x").state == state
    assert "duellist" not in game_to_text(new_game(predesigned(0), 5, 1), Players())


@pytest.mark.parametrize("change", [{"hex": None}, {"hex": None, "start": None, "escaped": True},
                                    {"id": 1001, "hex": None, "start": None}])
def test_g6_x15_a_1986_battle_with_a_unit_off_the_map_is_refused_in_one_sentence(change):
    """Only Ogre Defending's attacking units stand off the map (9.03); a file that puts a 1986
    defender there, or names one as an attacker, is refused and nothing is loaded."""
    doc = json.loads(game_to_text(new_game(predesigned(0), 3, 1), Players()))
    doc["state"]["pieces"][0].update(change)
    with pytest.raises(StorageError, match=r"^x is not a valid saved game file: .*\.$"):
        game_from_text(json.dumps(doc), "x")


@pytest.mark.parametrize("key", ["mark-iii-on-defense", "ogre-defending"])
def test_g6_x15_every_position_of_a_battle_where_the_defense_has_an_ogre_round_trips(key):
    """9.01 (an Ogre's aim at the other Ogre names it by its id, below 0) and 9.03 (units
    waiting and escaped): every position of a whole battle goes into a save and comes back."""
    from ogre.ai import make_controller
    from ogre.rules.sides import acting_side
    from ogre.storage.state_data import StateData

    field = watched(predesigned(0)) if key in ASSAULTS else defended(predesigned(0))
    s = new_game(field, 3, 2, key)
    players = {side: make_controller(side, "Med", seed=5) for side in ("ogre", "defense")}
    aims_at_ogres = 0
    while not s.over:
        s, _ = apply(s, players[acting_side(s)].choose(s))
        data = json.loads(json.dumps(StateData.of(s)))
        assert StateData.model_validate(data).to_state() == s
        aims_at_ogres += s.aim is not None and not s.aim.attackers and s.aim.part is not None
    assert (aims_at_ogres > 0) == (key == "mark-iii-on-defense")
