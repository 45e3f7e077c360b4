"""Saved games (G6): the complete state round-trips, so a loaded game continues exactly."""

from __future__ import annotations

import errno
import json
import random
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from ogre.rules import Aiming, Phase, Weapon, apply, legal_actions, parse_action
from ogre.storage import GameStore, Players, SlotStatus, StorageError, atomic
from ogre.storage.games import game_from_text, game_to_text

from .helpers import predesigned, random_game, small_field, snapshot
from .test_fields import one_sentence

NOON = datetime(2025, 1, 31, 12, 0, tzinfo=UTC)


def sampled_states():
    """States from seeded random games: every phase, with and without aims, to the end; each
    with its log and the battle's start."""
    out = []
    fields = [(predesigned(0), 3), (predesigned(3), 5), (small_field(), 3)]
    for n, (field, mark) in enumerate(fields):
        start = None
        for i, (state, log) in enumerate(random_game(field, mark, seed=100 + n)):
            start = start or state
            if i % 25 == 0 or state.aim is not None and i % 3 == 0 or state.over or (
                    state.ap_hit and i % 5 == 0):
                out.append((state, log, start))
    return out


STATES = sampled_states()


def test_the_sample_covers_every_phase_aims_damage_and_the_end():
    phases = {s.phase for s, *_ in STATES}
    assert phases == set(Phase) - {Phase.ATTACK_GEV_MOVE}    # only an attacking force's (9.03)
    assert any(s.aim is not None and s.phase is Phase.OGRE_FIRE for s, *_ in STATES)
    assert any(s.aim is not None and s.phase is Phase.DEFENSE_FIRE for s, *_ in STATES)
    assert any(s.ap_hit for s, *_ in STATES)
    assert any(p.disabled for s, *_ in STATES for p in s.pieces)
    assert any(s.result for s, *_ in STATES)
    assert any(s.ogre.treads < s.ogre.original_treads for s, *_ in STATES)


def test_g6_every_sampled_state_round_trips_exactly():
    players = Players(count=1, computer="ogre", skill="Med")
    for state, log, start in STATES:
        text = game_to_text(state, players, log, "Field", NOON, start)
        back = game_from_text(text, "Saved game 1")
        assert back.state == state and back.start == start
        assert back.actions() == list(log) and not back.notice
        assert back.players == players and back.saved_at == NOON and back.field_name == "Field"


def test_g6_a_loaded_game_continues_exactly_as_the_original(tmp_path):
    store = GameStore(tmp_path)
    rnd = random.Random(7)
    for state, log, start in STATES[::40]:
        if state.over:
            continue
        store.save(1, state, Players(count=2, computer=None), log, start=start)
        loaded = store.load(1).state
        for _ in range(30):
            if state.over:
                break
            action = rnd.choice(legal_actions(state))
            assert legal_actions(loaded) == legal_actions(state)
            (state, events), (loaded, events2) = apply(state, action), apply(loaded, action)
            assert loaded == state and events2 == events


def test_the_die_state_is_kept_as_a_64_bit_integer(tmp_path):
    state, *_ = STATES[0]
    for rng in (0, 1, (1 << 63) + 12345, (1 << 64) - 1):
        text = game_to_text(replace(state, rng=rng), Players())
        assert json.loads(text)["state"]["rng"] == rng
        assert game_from_text(text, "Saved game 1").state.rng == rng


def test_every_ogre_and_aim_field_survives(tmp_path):
    state, *_ = STATES[5]
    # every Ogre field away from its default, in a position a battle can end in (issue 15:
    # a loaded game must pass ogre.rules.invariants, so an aim no longer survives the end)
    odd = replace(state, ogres=(replace(state.ogre, hex=0, exited=True, undo_hex=1521, undo_moved=2,
                                      rams=2, weapons=(1, 1, 4, 8), fired=(1, 1, 2, 3),
                                      missiles_spent=1, moved=3),),
                  ap_hit=frozenset({3, 7}), result="Ogre Victory", phase=Phase.OVER)
    assert game_from_text(game_to_text(odd, Players()), "x").state == odd
    for phase in (Phase.OGRE_FIRE, Phase.DEFENSE_FIRE):
        aimed = next(s for s, *_ in STATES if s.aim is not None and s.phase is phase)
        assert game_from_text(game_to_text(aimed, Players()), "x").state.aim == aimed.aim
    aimed = replace(aimed, aim=Aiming(part=Weapon.TREADS, attackers=(4, 4, 9)))
    with pytest.raises(StorageError):       # three shots, from pieces that may not all be there
        game_to_text(aimed, Players())


def test_list_slots_shows_scenario_turn_phase_and_date(tmp_path):
    store = GameStore(tmp_path)
    state = next(s for s, *_ in STATES if s.phase is Phase.DEFENSE_FIRE and s.turn >= 2)
    store.save(2, state, Players(skill="Hi"), field_name="Howitzer Umbrella", now=NOON)
    (tmp_path / "slot4.json").write_text("{")
    slots = store.list_slots()
    assert [s.status for s in slots] == [SlotStatus.EMPTY, SlotStatus.OK, SlotStatus.EMPTY,
                                         SlotStatus.UNREADABLE, SlotStatus.EMPTY]
    s = slots[1]
    assert (s.scenario, s.turn, s.phase, s.saved_at, s.field_name) == (
        "basic", state.turn, Phase.DEFENSE_FIRE, NOON, "Howitzer Umbrella")
    assert state.scenario == "basic"
    assert s.players == Players(skill="Hi")
    assert s.summary.startswith(f"2. Mark III, turn {state.turn}, Defense Attack, 2025-01-3")
    assert slots[3].summary == "4. (unreadable)" and one_sentence(slots[3].reason)
    doc = json.loads((tmp_path / "slot2.json").read_text())
    assert doc["saved_at"].startswith("2025-01-31T12:00:00")
    assert doc["label"] == {"scenario": "basic", "turn": state.turn, "phase": "defense_fire",
                            "field": "Howitzer Umbrella"}


def test_players_say_who_the_computer_plays():
    assert Players() == Players(count=1, computer="ogre", skill="Low")
    Players(count=1, computer="defense", skill="Hi")
    with pytest.raises(ValueError):
        Players(count=2, computer="ogre")
    with pytest.raises(ValueError):
        Players(count=1, computer=None)
    with pytest.raises(ValueError):
        Players(skill="Expert")


def _game_doc(path=(), value=None, delete=False):
    state, log, start = next(sample for sample in STATES if sample[0].aim is not None)
    doc = json.loads(game_to_text(state, Players(), log, now=NOON, start=start))
    if path:
        target = doc
        for key in path[:-1]:
            target = target[key]
        if delete:
            del target[path[-1]]
        else:
            target[path[-1]] = value
    return json.dumps(doc)


def without_start(text: str) -> dict:
    """A saved game's document as a save made before the battle's start was kept."""
    doc = json.loads(text)
    del doc["start"]
    return doc


GOOD = _game_doc()
FIELD_FILE = json.dumps({"format": "ogre-field", "version": 2, "name": "x", "scenario": "basic"})
BAD_GAMES = {
    "damaged": (GOOD.replace('"state"', "'state'"), "damaged", "damaged"),
    "truncated": (GOOD[: len(GOOD) * 2 // 3], "truncated", "cut off"),
    "empty-file": ("   \n", "truncated", "cut off"),
    "a-field": (FIELD_FILE, "foreign", "holds a field, not a saved game"),
    "foreign": ('{"format": "chess-pgn", "version": 1}', "foreign", "not an OGRE file"),
    "future": (_game_doc(("version",), 7), "future", "newer version"),
    "negative-rng": (_game_doc(("state", "rng"), -1), "invalid", "rng"),
    "huge-rng": (_game_doc(("state", "rng"), 1 << 64), "invalid", "rng"),
    "float-rng": (_game_doc(("state", "rng"), 1.5), "invalid", "rng"),
    "unknown-phase": (_game_doc(("state", "phase"), "lunch"), "invalid", "phase"),
    "bad-hex": (_game_doc(("state", "pieces", 0, "hex"), "9999"), "invalid", "not a hex"),
    "unknown-kind": (_game_doc(("state", "pieces", 0, "kind"), "ogre"), "invalid", "kind"),
    "five-squads": (_game_doc(("state", "pieces", 1, "squads"), 5), "invalid", "squads"),
    "too-many-treads": (_game_doc(("state", "ogres", 0, "treads"), 46), "invalid", "treads"),
    "unknown-part": (_game_doc(("state", "aim", "part"), "hull"), "invalid", "part"),
    "missing-ogres": (_game_doc(("state", "ogres"), delete=True), "invalid", "missing"),
    "label-mismatch": (_game_doc(("label", "turn"), 99), "invalid", "label"),
    "bad-log": (_game_doc(("log",), ["enter 0822", "dance"]), "invalid", "log entry 2"),
    "bad-date": (_game_doc(("saved_at",), "yesterday"), "invalid", "saved at"),
    "bad-players": (_game_doc(("players",), {"count": 2, "computer": "ogre", "skill": "Low"}),
                    "invalid", "two-player"),
    "duplicate-ids": (json.dumps({**json.loads(GOOD), "state": {
        **json.loads(GOOD)["state"],
        "pieces": json.loads(GOOD)["state"]["pieces"][:1] * 2}}), "invalid", "share an id"),
    "dice-without-start": (json.dumps({**without_start(GOOD), "dice": [3, 5]}), "invalid",
                           "told dice but not the battle's start"),
}


@pytest.mark.parametrize("case", sorted(BAD_GAMES))
def test_a_bad_saved_game_is_a_clear_error_and_spares_the_others(tmp_path, case):
    text, code, words = BAD_GAMES[case]
    store = GameStore(tmp_path)
    state, log, start = STATES[3]
    for slot in (1, 2, 5):
        store.save(slot, state, Players(), log, now=NOON, start=start)
    (tmp_path / "slot3.json").write_text(text, encoding="utf-8")
    before = snapshot(tmp_path)
    with pytest.raises(StorageError) as err:
        store.load(3)
    assert err.value.code == code, err.value.message
    assert err.value.message.startswith("Saved game 3 ")
    assert words.lower() in err.value.message.lower(), err.value.message
    assert one_sentence(err.value.message), err.value.message
    slots = store.list_slots()
    assert slots[2].status is SlotStatus.UNREADABLE and slots[2].reason == err.value.message
    assert [s.status for s in slots] == [SlotStatus.OK, SlotStatus.OK, SlotStatus.UNREADABLE,
                                         SlotStatus.EMPTY, SlotStatus.OK]
    assert store.load(5).state == state
    assert snapshot(tmp_path) == before


def test_disk_full_while_saving_a_game_keeps_the_old_one(tmp_path, monkeypatch):
    store = GameStore(tmp_path)
    old, *_ = STATES[1]
    new, *_ = STATES[-1]
    store.save(1, old, Players())
    store.save(2, new, Players())
    before = snapshot(tmp_path)

    def full(*args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", full)
    with pytest.raises(StorageError) as err:
        store.save(1, new, Players())
    assert err.value.code == "disk_full"
    monkeypatch.undo()
    assert snapshot(tmp_path) == before
    assert store.load(1).state == old


def test_saving_a_game_into_an_unwritable_folder(tmp_path):
    (tmp_path / "games").write_text("")
    with pytest.raises(StorageError) as err:
        GameStore(tmp_path / "games").save(1, STATES[0][0], Players())
    assert err.value.code == "unwritable"


def test_loading_an_empty_game_slot(tmp_path):
    with pytest.raises(StorageError) as err:
        GameStore(tmp_path).load(1)
    assert err.value.message == "Saved game 1 is empty."


def test_the_log_is_action_notation():
    state, log, start = STATES[10]
    doc = json.loads(game_to_text(state, Players(), log, start=start))
    assert doc["log"] == [str(a) for a in log]
    assert [parse_action(t) for t in doc["log"]] == list(log)


def test_the_schema_knows_every_field_of_the_rules_state():
    """A new field in the rules state must be added to the save format (and its version bumped)."""
    from dataclasses import fields

    from ogre.rules.options import Options
    from ogre.rules.state import GameState, Ogre, Piece
    from ogre.storage.state_data import (
        AimState,
        OgreState,
        OptionsData,
        PieceState,
        StateData,
    )

    def names(cls):
        return {f.name for f in fields(cls) if not f.name.startswith("_")}

    assert names(GameState) == set(StateData.model_fields)
    assert names(Piece) | {"escaped"} == set(PieceState.model_fields)   # 9.03: hex ESCAPED
    assert names(Ogre) == set(OgreState.model_fields)
    assert names(Aiming) == set(AimState.model_fields)
    assert names(Options) == set(OptionsData.model_fields)


def test_x3_a_saved_log_without_its_start_is_set_aside_with_one_sentence(tmp_path):
    """A log with no start cannot lead to the state: the game goes on from where it was saved,
    without its log, and the player is told."""
    state, log, start = STATES[3]
    assert log
    store = GameStore(tmp_path)
    (tmp_path / "slot3.json").write_text(json.dumps(without_start(
        game_to_text(state, Players(), log, now=NOON, start=start))), encoding="utf-8")
    saved = store.load(3)
    assert saved.state == state and saved.start is None and saved.log == () and not saved.dice
    assert saved.notice == ("Saved game 3 has a log but not the battle's start it replays from, "
                            "so it goes on without its log.")
    assert one_sentence(saved.notice)
    assert store.list_slots()[2].status is SlotStatus.OK


def test_x3_a_log_is_never_saved_without_its_start(tmp_path):
    state, log, _ = STATES[3]
    with pytest.raises(StorageError) as err:
        GameStore(tmp_path).save(1, state, Players(), log)
    assert err.value.code == "invalid" and one_sentence(err.value.message)
    assert err.value.message == ("This game cannot be saved: it has a log but not the battle's "
                                 "start it replays from.")
    assert not (tmp_path / "slot1.json").exists()
    assert not game_from_text(game_to_text(state, Players()), "x").notice   # no log: no notice
