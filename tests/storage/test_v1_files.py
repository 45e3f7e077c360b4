"""Every file that 93edb34 writes still loads: the version-1 files in tests/storage/v1/, written
by that commit's own code (v1/write_fixtures.py says how), read by today's through the public
storage API, and what they hold checked - the saved games' logs replay to their states, the
fields validate, the recovery slot offers its battle, the record lists its battles, the
preferences keep their values. The fixtures are only read; whatever writes works on a copy."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from ogre.resources import standard_board
from ogre.rules import (
    Kind,
    Phase,
    Weapon,
    apply,
    legal_actions,
    new_game,
    parse_action,
    validate,
)
from ogre.rules.hidden import BLIND, replay_told
from ogre.rules.state import GameState
from ogre.storage import (
    FieldStore,
    GameStore,
    Players,
    Preferences,
    SavedGame,
    SlotStatus,
    load_preferences,
    save_preferences,
)
from ogre.storage.battlelog import log_advice, log_dice, read_log
from ogre.storage.record import OPPONENTS, add_battle, load_record, new_entry, totals
from ogre.storage.record import Side as RecordSide
from ogre.storage.recovery import RecoverySlot

from .helpers import snapshot

V1 = Path(__file__).resolve().parent / "v1"
DATA = V1 / "data"
GUEST = V1 / "guest" / "data"
FINISHED_LOG = DATA / "logs" / "battle-20260201-211500.txt"
GUEST_LOG = GUEST / "logs" / "battle-20260203-190500.txt"
FILES = {
    "config/preferences.json", "data/record.json", "data/recovery/battle.json",
    "data/fields/slot1.json", "data/fields/slot2.json",
    *(f"data/games/slot{n}.json" for n in range(1, 6)),
    "data/logs/battle-20260201-211500.txt",
    "guest/data/recovery/battle.json", "guest/data/logs/battle-20260203-190500.txt",
}


def at(day: int, hour: int, minute: int) -> datetime:
    return datetime(2026, 2, day, hour, minute, tzinfo=UTC)


def replayed(start: GameState, log: list[str] | tuple[str, ...], dice=()) -> GameState:
    """Where the log leads from the battle's start, on the told dice while they last (the way
    test_games checks a saved game: the log's actions played again, the end compared)."""
    state = start
    for state, _ in replay_told(start, [parse_action(t) for t in log], list(dice)):
        pass
    return state


def loads_and_replays(saved: SavedGame) -> GameState:
    """The saved state, once checked that the file's log leads there from its start."""
    assert saved.start is not None and saved.log and not saved.notice
    assert replayed(saved.start, saved.log, saved.dice) == saved.state
    return saved.state


def test_g6_the_v1_fixtures_are_all_here_and_small():
    found = {str(p.relative_to(V1)) for p in V1.rglob("*") if p.suffix in (".json", ".txt")}
    assert found == FILES
    sizes = [(V1 / name).stat().st_size for name in FILES]
    assert max(sizes) < 40_000 and sum(sizes) < 400_000


# ------------------------------------------------------------------ saved games (G6)

SLOTS = {
    # slot: (Mark, turn, phase, field, players, actions in the log, saved at)
    1: (3, 4, Phase.DEFENSE_MOVE, "Howitzer Umbrella", Players(count=1, computer="ogre",
                                                                 skill="Med"), 93, at(1, 20, 15)),
    2: (5, 3, Phase.DEFENSE_FIRE, "Deep Reserve", Players(count=2, computer=None, skill="Med"),
        112, at(1, 21, 40)),
    3: (3, 3, Phase.OGRE_MOVE, "Ridge Défense", Players(count=1, computer="defense", skill="Hi"),
        51, at(2, 9, 5)),
    4: (3, 2, Phase.DEFENSE_MOVE, "Learn to Play", Players(count=2, computer=None, skill="Med"),
        27, at(2, 18, 30)),
    5: (3, 3, Phase.GEV_MOVE, "GEV Screen", Players(count=2, computer=None, skill="Low"), 107,
        at(2, 20, 0)),
}


def test_g6_load_a_game_lists_the_five_v1_saves_by_mark_turn_and_phase():
    slots = GameStore(DATA / "games").list_slots()
    assert [s.status for s in slots] == [SlotStatus.OK] * 5
    for s in slots:
        mark, turn, phase, field, players, _, saved_at = SLOTS[s.slot]
        assert (s.scenario, s.turn, s.phase, s.field_name, s.players, s.saved_at) == (
            {3: "basic", 5: "advanced"}[mark], turn, phase, field, players, saved_at)
    assert [s.summary.split(", 2026")[0] for s in slots] == [
        "1. Mark III, turn 4, Defense Movement", "2. Mark V, turn 3, Defense Attack",
        "3. Mark III, turn 3, Ogre Movement", "4. Mark III, turn 2, Defense Movement",
        "5. Mark III, turn 3, GEV Movement"]


@pytest.mark.parametrize("slot", sorted(SLOTS))
def test_g6_a_v1_saved_game_loads_and_its_log_replays_to_the_saved_state(slot):
    mark, turn, phase, field, players, actions, saved_at = SLOTS[slot]
    saved = GameStore(DATA / "games").load(slot)
    state = loads_and_replays(saved)
    assert (state.ogre.mark, state.scenario, state.turn, state.phase) == (
        mark, {3: "basic", 5: "advanced"}[mark], turn, phase)
    assert (saved.field_name, saved.players, len(saved.log), saved.saved_at) == (
        field, players, actions, saved_at)
    assert saved.start.turn == 1 and saved.start.phase is Phase.OGRE_ENTRY
    assert saved.start.ogre.hex == 0 and not state.over
    # it goes on: the side to act has moves, and one of them plays
    moves = legal_actions(state)
    assert moves
    after, _ = apply(state, moves[0])
    assert after != state


def test_g6_the_v1_basic_battle_holds_its_losses_and_damage():
    """Slot 1: the computer Ogre (Med) against the player, Mark III, turn 4."""
    saved = GameStore(DATA / "games").load(1)
    state, start = saved.state, saved.start
    assert start is not None and len(start.pieces) == 18 and len(state.pieces) == 14
    assert state.ogre.treads == 38 and state.ogre.weapons == (0, 0, 4, 8)
    assert state.ogre.hex == 812
    assert sorted((p.id, p.kind, p.disabled_turn) for p in state.pieces if p.disabled_turn) == [
        (5, Kind.HEAVY, 4), (6, Kind.HEAVY, 4)]
    assert saved.log[:2] == ("enter 0822", "move O 0821") and saved.advice_asked == 0


def test_g6_x8_the_v1_advanced_battle_keeps_its_aim_and_the_advice_asked():
    """Slot 2: two players, Mark V, saved with a Defense Attack aimed and not yet fired."""
    saved = GameStore(DATA / "games").load(2)
    state = saved.state
    assert state.ogre.mark == 5 and state.ogre.treads == 60
    assert state.ogre.weapons == (1, 2, 6, 12) and len(state.pieces) == 24
    assert state.aim is not None and state.aim.part is Weapon.MISSILE
    assert state.aim.attackers == (5,)
    assert saved.advice_asked == 2


def test_g6_x1_the_v1_human_ogre_against_the_computer_defense_goes_on_mid_move():
    """Slot 3: the player's Ogre on the player's own field, one move made (its Undo kept)."""
    saved = GameStore(DATA / "games").load(3)
    state, start = saved.state, saved.start
    assert saved.players.computer == "defense" and saved.players.skill == "Hi"
    assert (state.ogre.hex, state.ogre.moved, state.ogre.undo_hex) == (715, 1, 716)
    own = FieldStore(DATA / "fields").load(1).field
    assert start is not None and start.board == own.board == state.board
    assert {(p.kind, p.hex, p.squads) for p in start.pieces} == {
        (p.kind, p.hex, p.squads) for p in own.placements}


def test_g6_x6_the_v1_learn_to_play_battle_loads_at_its_lesson():
    """Slot 4: saved at the lesson 'Disabled': the Heavy Tank rammed, the infantry regrouped."""
    saved = GameStore(DATA / "games").load(4)
    state, start = saved.state, saved.start
    assert start is not None and len(start.pieces) == 6 and state.ogre.mark == 3
    heavy = next(p for p in state.pieces if p.id == 2)
    assert heavy.kind is Kind.HEAVY and heavy.disabled_turn == 2
    assert saved.log[:5] == ("enter 1022", "move O 1021", "move O 1020", "done", "done")
    assert load_preferences(V1 / "config")[0].tutorial_lesson == 14


def test_g6_x10_the_v1_network_guests_save_replays_on_the_told_dice():
    """Slot 5: the guest's copy holds no dice state, only the faces the host told."""
    saved = GameStore(DATA / "games").load(5)
    assert saved.state.rng == BLIND and saved.start is not None and saved.start.rng == BLIND
    assert saved.dice == (4, 2, 1, 1, 2, 1, 5, 6, 5, 6, 1, 3, 4, 5)
    with pytest.raises(ValueError):             # a die more than its actions rolled
        replayed(saved.start, saved.log, (*saved.dice, 6))


# ------------------------------------------------------------------ fields (G5, E9, E10)

def test_g5_e9_load_a_field_lists_the_v1_fields_by_what_they_fit():
    slots = FieldStore(DATA / "fields").list_slots()
    assert [s.status for s in slots] == [SlotStatus.OK] * 2 + [SlotStatus.EMPTY] * 3
    assert [(s.name, s.mark, s.fits) for s in slots[:2]] == [
        ("Ridge Défense", 3, "Mark III: 10 armor, 20 squads"),
        ("Deep Reserve, edited", 5, "Mark V: 19 armor, 30 squads")]


def test_g5_e10_the_v1_fields_load_validate_and_start_a_battle():
    store, standard = FieldStore(DATA / "fields"), standard_board()
    ridge, deep = store.load(1), store.load(2)
    assert (ridge.mark, len(ridge.field.placements), ridge.description) == (3, 17, "")
    assert (deep.mark, len(deep.field.placements)) == (5, 29)
    # the Field Editor's changes: a crater added at 1010, the one at 0907 gone, rubble added
    assert 1010 in ridge.field.board.craters and 907 not in ridge.field.board.craters
    assert ridge.field.board.has_rubble(807, 808) and not standard.has_rubble(807, 808)
    assert [f.code for f in validate(ridge.field, 3, standard)] == ["terrain"]
    assert validate(deep.field, 5, standard) == []
    assert deep.field.board == standard and deep.field.at(1108) is not None
    for rec in (ridge, deep):
        cp = [p for p in rec.field.placements if p.kind is Kind.CP]
        assert len(cp) == 1
        state = new_game(rec.field, rec.mark, 1)                # E10: the Ogre comes with it
        assert state.phase is Phase.OGRE_ENTRY and state.ogre.hex == 0
        assert state.ogre.mark == rec.mark and len(state.pieces) == len(rec.field.placements)


# ------------------------------------------------------------------ battle logs (X3)

def test_x3_x8_the_v1_exported_log_of_a_finished_battle_replays_to_its_end():
    start, steps = read_log(FINISHED_LOG)
    end = steps[-1].state
    assert len(steps) == 355 and steps[0].text == "enter 1222"
    assert start.ogre.mark == 3 and len(start.pieces) == 22
    assert end.over and end.result == "Complete Ogre Victory" and end.turn == 12
    assert end.pieces == () and end.ogre.treads == 23
    assert log_advice(FINISHED_LOG) == 1 and log_dice(FINISHED_LOG) == []


def test_x3_x10_a_v1_guests_exported_log_replays_on_its_told_dice():
    start, steps = read_log(GUEST_LOG)
    assert log_dice(GUEST_LOG) == [4, 2, 1, 3, 4, 5, 2] and log_advice(GUEST_LOG) == 0
    end = steps[-1].state
    assert len(steps) == 85 and start.rng == BLIND and end.rng == BLIND
    assert (end.turn, end.phase, end.over) == (4, Phase.OGRE_FIRE, False)
    kept = RecoverySlot(GUEST / "recovery").read()          # the same battle, kept by a crash
    assert kept is not None and kept.start == start and kept.state == end


# ------------------------------------------------------------------ the recovery slot (X12)

def test_x12_the_v1_recovery_slot_offers_its_battle():
    before = snapshot(DATA / "recovery")
    slot = RecoverySlot(DATA / "recovery")
    kept = slot.read()
    assert kept is not None
    state = loads_and_replays(kept)
    assert (state.ogre.mark, state.turn, state.phase, len(state.pieces)) == (
        5, 5, Phase.DEFENSE_FIRE, 21)
    assert kept.players == Players(count=1, computer="ogre", skill="Low")
    assert (kept.field_name, kept.advice_asked, len(kept.log), kept.dice) == (
        "Missile-Tank Line", 1, 210, ())
    assert kept.saved_at == at(2, 22, 14)
    assert slot.seat("192.168.1.20", 4986) == ""            # version 1 kept no seat
    assert snapshot(DATA / "recovery") == before            # reading empties nothing


def test_x10_x12_a_v1_guests_recovery_slot_offers_its_battle_on_the_told_dice():
    slot = RecoverySlot(GUEST / "recovery")
    kept = slot.read()
    assert kept is not None
    state = loads_and_replays(kept)
    assert state.rng == BLIND and kept.dice == (4, 2, 1, 3, 4, 5, 2)
    assert (state.turn, state.phase, kept.field_name) == (4, Phase.OGRE_FIRE, "Howitzer Umbrella")
    assert kept.players == Players(count=2, computer=None, skill="Low")
    assert slot.seat("192.168.1.20", 4986) == ""


# ------------------------------------------------------------------ the record of battles (X9)

RECORD = [
    # field, result, turns, the Ogre (who, skill, name), the defense
    ("GEV Screen", "Marginal Ogre Victory", 22, ("player", None, ""), ("computer", "Med", "")),
    ("Deep Reserve", "Defense Victory", 11, ("computer", "Low", ""), ("player", None, "")),
    ("Howitzer Umbrella", "Defense Victory", 17, ("remote", None, "Ann"), ("player", None, "")),
    ("Infantry Belt", "Complete Ogre Victory", 12, ("computer", "Hi", ""), ("player", None, "")),
    ("Missile-Tank Line", "Complete Ogre Victory", 11, ("player", None, ""), ("remote", None, "")),
    ("Infantry Belt", "Marginal Ogre Victory", 14, ("player", None, ""), ("player", None, "")),
    ("Ridge Défense", "Complete Ogre Victory", 12, ("computer", None, "mybots.ogre:Brute"),
     ("player", None, "")),
    ("Learn to Play", "Complete Ogre Victory", 5, ("computer", None, "Learn to Play"),
     ("player", None, "")),
]


def test_x9_the_v1_record_lists_every_battle():
    entries, notice = load_record(DATA)
    assert notice is None
    assert [(e.field, e.result, e.turns, (e.ogre.who, e.ogre.skill, e.ogre.name),
             (e.defense.who, e.defense.skill, e.defense.name)) for e in entries] == RECORD
    assert [e.mark for e in entries] == [3, 5, 3, 3, 5, 3, 3, 3]
    assert [e.scenario for e in entries] == ["basic", "advanced"] + ["basic"] * 2 + [
        "advanced"] + ["basic"] * 3
    assert {e.options for e in entries} == {""}                 # version 1 had no options
    assert entries[0].finished_at == at(1, 10, 30) and entries[-1].finished_at == at(3, 16, 45)
    assert [e.finished_at for e in entries] == sorted(e.finished_at for e in entries)


def test_x9_the_v1_record_totals_and_a_battle_added_to_it():
    entries, _ = load_record(DATA)
    computer_ogre, computer_defense, network_ogre, network_defense, two = OPPONENTS[:5]
    assert [(t.opponent, t.skill, t.battles, t.wins) for t in totals(entries)] == [
        (computer_ogre, "Low", 1, 1), (computer_ogre, "Hi", 1, 0),
        (computer_ogre, "Learn to Play", 1, 0), (computer_ogre, "mybots.ogre:Brute", 1, 0),
        (computer_defense, "Med", 1, 1), (network_ogre, "Ann", 1, 1),
        (network_defense, "", 1, 1), (two, "", 1, None)]


def test_x9_a_battle_is_added_to_a_v1_record_and_the_old_ones_kept(tmp_path):
    shutil.copy(DATA / "record.json", tmp_path / "record.json")
    old, _ = load_record(DATA)
    entry = new_entry("advanced", "Deep Reserve", RecordSide(who="computer", skill="Hi"),
                      RecordSide(who="player"), "Ogre Victory", 19, now=at(4, 12, 0))
    assert add_battle(entry, tmp_path) is None
    entries, notice = load_record(tmp_path)
    assert notice is None and entries == [*old, entry]
    assert not list(tmp_path.glob("record-damaged-*"))          # nothing set aside


# ------------------------------------------------------------------ preferences (G7)

PREFERENCES = Preferences(
    sound=False, reminders=False, skip_empty=True, message_speed="Hi", skill="Med",
    defense_skill="Hi", window_size=(1440, 960), play_scenario=5, play_computer="defense",
    tutorial_lesson=14, fullscreen=True, interface_size=125)


def test_g7_the_v1_preferences_load_with_their_values(tmp_path):
    prefs, notice = load_preferences(V1 / "config")
    assert notice is None and prefs == PREFERENCES
    assert prefs.skill_for("ogre") == "Med" and prefs.skill_for("defense") == "Hi"
    shutil.copy(V1 / "config" / "preferences.json", tmp_path)
    save_preferences(tmp_path, prefs.model_copy(update={"sound": True}))    # not a newer file
    assert load_preferences(tmp_path) == (PREFERENCES.model_copy(update={"sound": True}), None)


# ------------------------------------------------------------------ the player's folders

def test_g5_g6_g7_x9_x12_the_v1_files_are_found_where_the_game_looks(tmp_path, monkeypatch):
    """The fixtures are laid out as an OGRE_HOME: the default folders find every one."""
    shutil.copytree(V1 / "data", tmp_path / "data")
    shutil.copytree(V1 / "config", tmp_path / "config")
    monkeypatch.setenv("OGRE_HOME", str(tmp_path))
    assert [s.status for s in GameStore.default().list_slots()] == [SlotStatus.OK] * 5
    assert [s.name for s in FieldStore.default().list_slots()][:2] == [
        "Ridge Défense", "Deep Reserve, edited"]
    kept = RecoverySlot.default().read()
    assert kept is not None and kept.field_name == "Missile-Tank Line"
    assert len(load_record()[0]) == len(RECORD)
    assert load_preferences() == (PREFERENCES, None)
