"""The five predesigned fields (G5): legal standard deployments (E9) on the standard map."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ogre.resources import data_dir, standard_board
from ogre.rules import legal_actions, new_game, validate
from ogre.rules.board import behind_crater_line
from ogre.rules.field import armor_units, forward_attack_points, infantry_squads
from ogre.rules.hexes import col_row
from ogre.rules.units import MARKS, STATS, Kind
from ogre.storage import designed_for, load_predesigned, predesigned_paths
from ogre.storage.fields import load_battle_fields

from .helpers import random_game

FIELDS = load_predesigned()
SHARED_MAP = Path(__file__).resolve().parents[3] / "shared" / "data" / "standard-map.json"


def test_g5_there_are_five_predesigned_fields_three_mark_iii_and_two_mark_v():
    assert len(FIELDS) == 5
    assert [p.name[:3] for p in predesigned_paths()] == ["01-", "02-", "03-", "04-", "05-"]
    assert sorted(f.mark for f in FIELDS) == [3, 3, 3, 5, 5]
    assert len({f.name for f in FIELDS}) == 5


@pytest.mark.parametrize("rec", FIELDS, ids=lambda r: r.name)
def test_e9_each_predesigned_field_is_a_legal_standard_deployment(rec):
    field, mark = rec.field, rec.mark
    assert validate(field, mark, standard_board()) == []
    m = MARKS[mark]
    assert armor_units(field) == m.armor_units
    assert infantry_squads(field) == m.infantry_squads
    assert forward_attack_points(field) <= m.forward_points
    assert sum(p.kind is Kind.CP for p in field.placements) == 1
    assert all(1 <= col_row(p.hex)[1] <= 16 for p in field.placements)
    assert field.board == standard_board()
    assert not any(field.board.is_crater(p.hex) for p in field.placements)
    assert len({p.hex for p in field.placements}) == len(field.placements)
    assert all(1 <= p.squads <= 3 for p in field.placements if p.kind is Kind.INFANTRY)
    assert designed_for(field) == mark                # it is for the Mark it claims


@pytest.mark.parametrize("rec", FIELDS, ids=lambda r: r.name)
def test_each_predesigned_field_has_a_name_and_a_one_line_idea(rec):
    assert rec.name and rec.field.name == rec.name
    assert rec.description and "\n" not in rec.description and rec.description.endswith(".")


def test_mark_iii_fields_hold_the_forward_limit_of_the_mark_iii():
    """E6: at most 20 attack points in front of the crater line against a Mark III."""
    mark_iii = [rec for rec in FIELDS if rec.mark == 3]
    assert len(mark_iii) == 3
    for rec in mark_iii:
        forward = sum(p.squads if p.kind is Kind.INFANTRY else STATS[p.kind].attack
                      for p in rec.field.placements if not behind_crater_line(p.hex))
        assert 0 < forward <= 20 and forward_attack_points(rec.field) == forward


@pytest.mark.parametrize("n", range(5))
def test_a_battle_starts_and_runs_on_each_predesigned_field(n):
    rec = FIELDS[n]
    state = new_game(rec.field, rec.mark, seed=n)
    assert legal_actions(state)
    for state, _ in random_game(rec.field, rec.mark, seed=n, limit=300):
        pass
    assert state.turn >= 2


def test_the_standard_map_in_fields_matches_the_shared_data():
    if not SHARED_MAP.is_file():
        pytest.skip("../shared is not present")
    ours = json.loads((data_dir("fields") / "standard-map.json").read_text())
    assert ours == json.loads(SHARED_MAP.read_text())


# ---------------------------------------------------------------- the other battles' (X15)

BATTLE_FIELDS = load_battle_fields()


def test_x15_each_of_the_pocket_editions_battles_has_a_predesigned_field():
    """Mark IIIs Attacking, Mark III on Defense, Ogre Defending and both Duels each have one,
    beside the 1986 five (a Duel's is the map alone: it has no units)."""
    from ogre.rules.scenarios import OF_1986, OFFERED
    battles = [s.key for s in OFFERED if s.key not in OF_1986]
    assert sorted(r.scenario for r in BATTLE_FIELDS) == sorted(battles)
    names = [r.name for r in (*FIELDS, *BATTLE_FIELDS)]
    assert len(set(names)) == len(names)
    assert all(r.description and len(r.description) <= 200 for r in BATTLE_FIELDS)


@pytest.mark.parametrize("rec", BATTLE_FIELDS, ids=lambda r: r.scenario)
def test_x15_e9_each_battles_field_is_a_legal_deployment_of_its_battle(rec):
    from ogre.rules.scenarios import SCENARIOS
    battle = SCENARIOS[rec.scenario]
    assert validate(rec.field, battle, standard_board()) == []
    assert rec.field.board == standard_board()
    assert len(rec.field.ogres) == len(battle.watchdogs)
    if battle.duel:
        assert rec.field.placements == ()                            # Ogres only (9.04)
        return
    allowed = battle.allowance
    assert armor_units(rec.field) == allowed.armor_units           # the whole allowance
    assert infantry_squads(rec.field) == allowed.infantry_squads


@pytest.mark.parametrize("rec", BATTLE_FIELDS, ids=lambda r: r.scenario)
def test_x15_the_computer_plays_each_battles_field_to_the_end(rec):
    from ogre.ai import make_controller
    from ogre.rules import apply
    from ogre.rules.invariants import first_problem
    from ogre.rules.scenarios import SCENARIOS
    from ogre.rules.sides import acting_side, side_of
    battle = SCENARIOS[rec.scenario]
    state = new_game(rec.field, battle.against, 3, battle.key)
    placed = [o.hex for o in state.ogres if side_of(state, o.id) == "defense" and o.hex]
    assert placed == list(rec.field.ogres)           # a Duel's come on in their turns
    seats = {side: make_controller(side, "Med", seed=3) for side in ("ogre", "defense")}
    for _ in range(6000):
        if state.over:
            break
        state, _ = apply(state, seats[acting_side(state)].choose(state))
    assert state.over and first_problem(state) is None
