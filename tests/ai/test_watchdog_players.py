"""The computer where the defense has an Ogre of its own (X15, 9.01 Mark III on Defense): the
field made 9.01's, each side's player of the 1986 battle with the Ogre-against-Ogre part added,
and battles to their end with nothing refused."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from ogre.ai import make_controller
from ogre.ai.deploy import defended
from ogre.ai.match import UNFINISHED, play
from ogre.ai.watchdog import AgainstWatchdog, WithWatchdog
from ogre.rules import Phase, apply, check, new_game
from ogre.rules.actions import Done, Move, OgreAim
from ogre.rules.board import OBSTRUCTED_LAST_ROW
from ogre.rules.hexes import col_row
from ogre.rules.units import Kind, ogre_id
from ogre.storage.fields import load_predesigned

ROOT = Path(__file__).resolve().parents[2]
DOG = ogre_id(2)
KEY = "mark-iii-on-defense"


def _fields():
    return [defended(r.field) for r in load_predesigned() if r.mark == 3]


def test_x15_a_mark_iii_field_made_9_01s_keeps_15_squads_and_places_the_ogre_in_front():
    for field in _fields():
        assert sum(p.squads for p in field.placements if p.kind is Kind.INFANTRY) == 15
        (h,) = field.ogres
        cp = next(p.hex for p in field.placements if p.kind is Kind.CP)
        assert col_row(h)[1] <= OBSTRUCTED_LAST_ROW and h not in field.board.craters
        assert h not in {p.hex for p in field.placements} and col_row(h)[1] > col_row(cp)[1]


@pytest.mark.parametrize("ogre, defense", [("Hi", "Hi"), ("Low", "Med"), ("Med", "Low")])
def test_x15_battles_with_the_defenses_ogre_end_with_nothing_refused(ogre, defense):
    for seed, field in enumerate(_fields()):
        s = new_game(field, 5, seed, KEY)
        rec = play(s, AgainstWatchdog(make_controller("ogre", ogre, seed=seed), ogre, seed),
                   WithWatchdog(make_controller("defense", defense, seed=seed), defense, seed),
                   max_turns=100, keep_log=True)
        assert rec.illegal == [] and rec.result != UNFINISHED
        assert any("O2" in line for line in rec.log)        # its Ogre moved or fired


def test_x15_the_defenses_ogre_rams_the_attacker_in_reach_after_its_units_are_done():
    s = new_game(_fields()[0], 5, 1, KEY)
    dog = s.ogres[1]
    s = replace(s, phase=Phase.DEFENSE_MOVE, turn=5,
                ogres=(replace(s.ogres[0], hex=dog.hex + 2, undo_hex=dog.hex + 2), dog))
    d = WithWatchdog(make_controller("defense", "Med", seed=1), "Med", 1)
    for _ in range(200):
        a = d.choose(s)
        check(s, a)
        if isinstance(a, Move) and a.piece == DOG:
            assert a.to == s.ogres[0].hex                     # the ram
            return
        assert not isinstance(a, Done)
        s, _ = apply(s, a)
    raise AssertionError("the defense's Ogre never moved")


def test_x15_the_attacker_turns_its_guns_left_on_the_defenses_ogre():
    s = new_game(_fields()[0], 5, 1, KEY)
    dog = s.ogres[1]
    near = dog.hex + 2
    s = replace(s, phase=Phase.OGRE_FIRE, turn=5, pieces=(),
                ogres=(replace(s.ogres[0], hex=near, undo_hex=near), dog))
    a = AgainstWatchdog(make_controller("ogre", "Hi", seed=1), "Hi", 1).choose(s)
    assert isinstance(a, OgreAim) and a.target == DOG and a.part is not None
    check(s, a)


def test_x15_the_arena_plays_mark_iii_on_defense():
    run = subprocess.run([sys.executable, "-m", "tools.arena", "--scenario", KEY, "--ogre", "Med",
                          "--defense", "Hi", "--games", "3", "--jobs", "1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "Ogre Med vs defense Hi: 3 games" in run.stdout and "ILLEGAL" not in run.stdout


@pytest.mark.parametrize("level", ["Low", "Med", "Hi"])
def test_x15_the_defense_with_its_ogre_answers_a_crowded_hex_with_an_action_the_rules_take(
        level):
    from ogre.rules import legal_actions
    from ogre.rules.actions import Move as MoveAction
    field = defended([r.field for r in load_predesigned() if r.mark == 3][0])
    s = new_game(field, 5, 1, KEY)
    for _ in range(3):
        s, _ = apply(s, legal_actions(s)[0] if s.phase is Phase.OGRE_ENTRY else Done())
    tank = next(p for p in s.pieces if p.id == 4)
    howitzer = next(p for p in s.pieces if p.kind is Kind.HOWITZER)
    s, _ = apply(s, MoveAction(tank.id, howitzer.hex))          # two units on one hex
    assert s.crowded_hex()
    d = WithWatchdog(make_controller("defense", level, seed=1), level, 1)
    check(s, d.choose(s))


def test_x2_x15_the_arena_plays_a_field_that_places_the_defenses_ogre_as_it_is(monkeypatch):
    """A field designed for the battle (its Mark III placed) is not redeployed by the arena:
    the Ogre stands where the field has it; a 1986 field is deployed as the computer does."""
    from ogre.storage.fields import load_battle_fields
    from tools import arena

    placed = {}

    def seen(state, *args, **kwargs):
        placed["hexes"] = [o.hex for o in state.ogres[1:]]
        return play_stub(state)

    def play_stub(state):
        from ogre.ai.match import GameRecord
        rec = GameRecord()
        rec.result, rec.turns, rec.final = UNFINISHED, 1, state
        return rec

    monkeypatch.setattr(arena, "play", seen)
    rec = next(r for r in load_battle_fields() if r.scenario == "mark-iii-on-defense")
    job = arena.Job("Low", "Low", 3, 1, 0, {}, {}, 5, scenario="mark-iii-on-defense")
    arena.battle(rec.field, job)
    assert placed["hexes"] == list(rec.field.ogres)
    plain = next(f.field for f in load_predesigned() if f.mark == 3)
    arena.battle(plain, job)
    assert placed["hexes"] == list(defended(plain).ogres)


def _defense_move(s, level: str):
    """The defense's whole Defense Movement at `level`: (the state after, its Ogre's moves)."""
    d = WithWatchdog(make_controller("defense", level, seed=1), level, 1)
    dog_moves = []
    for _ in range(200):
        action = d.choose(s)
        if isinstance(action, Done):
            return s, dog_moves
        if getattr(action, "piece", None) == DOG:
            dog_moves.append(action)
        s, _ = apply(s, action)
    raise AssertionError("the defense never ended its movement")


def _far_off(level: str, mark_v: int):
    """Where the defense's Ogre stands after a Defense Movement at `level`, the Mark V at
    `mark_v`: (the Ogre's hex then, where it began, the CP's hex)."""
    s = new_game(_fields()[0], 5, 1, KEY)
    dog, cp = s.ogres[1], s.command_post.hex
    s = replace(s, phase=Phase.DEFENSE_MOVE, turn=3,
                ogres=(replace(s.ogres[0], hex=mark_v, undo_hex=mark_v), dog))
    after, _ = _defense_move(s, level)
    return after.ogres[1].hex, dog.hex, cp


def test_x15_the_defenses_ogre_goes_out_to_meet_the_mark_v_hi_at_once_med_once_it_nears():
    from ogre.rules.hexes import distance

    far, near = 1121, 1016               # 21 and 15 hexes from the CP
    for level, mark_v, goes_out in [("Hi", far, True), ("Med", far, False),
                                    ("Med", near, True), ("Low", near, False)]:
        now, was, cp = _far_off(level, mark_v)
        if goes_out:
            assert distance(now, mark_v) < distance(was, mark_v), (level, mark_v)
        else:                                                       # stays by the CP
            assert distance(now, cp) <= distance(was, cp), (level, mark_v)


@pytest.mark.parametrize("mark_v, dog_at, rams", [
    (1015, 1012, True),       # 14 hexes out; the Mark III come out 11, 3 from it: rammed
    (1010, 1007, False),      # 9 hexes out: it goes on rather than stop under the units' fire
    (906, 704, False),        # beside the CP: the Mark V goes for the CP instead
])
def test_x15_the_hi_mark_v_rams_a_defenses_ogre_come_out_to_meet_it_while_far_off(
        mark_v, dog_at, rams):
    s = new_game(_fields()[0], 5, 1, KEY)
    attacker, dog = s.ogres
    s = replace(s, phase=Phase.OGRE_MOVE, turn=4, ogres=(
        replace(attacker, hex=mark_v, undo_hex=mark_v, weapons=(0, 2, 6, 12)),
        replace(dog, hex=dog_at, undo_hex=dog_at)))
    ram = Move(attacker.id, dog_at)
    for level in ("Low", "Med", "Hi"):
        chosen = AgainstWatchdog(make_controller("ogre", level, seed=1), level, 1).choose(s)
        check(s, chosen)
        assert (chosen == ram) is (rams and level == "Hi"), (level, chosen)
