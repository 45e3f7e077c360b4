"""Whole battles between computer players: every action legal, every game ends, same seed same
game (G2, X1, X2)."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from ogre.ai import make_controller
from ogre.ai.deploy import standard_deployment
from ogre.ai.match import UNFINISHED, play
from ogre.resources import standard_board
from ogre.rules import VICTORY_LEVELS, new_game, validate
from ogre.rules.sides import acting_side

LEVELS = ("Low", "Med", "Hi")


def battle(ogre: str, defense: str, seed: int, keep_log: bool = False):
    field = standard_deployment(standard_board(), seed)
    # Seeds spaced as in the arena (tools/arena.py game_seed), so these games stay as recorded.
    state = new_game(field, 3, seed * 10_007)
    return play(state, make_controller("ogre", ogre, seed),
                make_controller("defense", defense, seed),
                max_turns=100, keep_log=keep_log)


@pytest.mark.parametrize("seed", range(6))
def test_arena_deployments_are_standard_mark_iii(seed):
    board = standard_board()
    field = standard_deployment(board, seed)
    assert validate(field, 3, board) == []
    assert sum(p.squads for p in field.placements if p.kind.value == "infantry") == 20


@pytest.mark.parametrize("ogre", LEVELS)
@pytest.mark.parametrize("defense", LEVELS)
def test_every_chosen_action_is_legal_and_the_battle_ends(ogre, defense):
    seeds = (11,) if "Hi" in (ogre, defense) else (11, 12)
    for seed in seeds:
        rec = battle(ogre, defense, seed)
        assert rec.illegal == []
        assert rec.result in VICTORY_LEVELS and rec.result != UNFINISHED


@pytest.mark.parametrize("seed", range(20, 28))
def test_many_seeded_low_and_med_battles_stay_legal(seed):
    ogre, defense = ("Low", "Med") if seed % 2 else ("Med", "Low")
    rec = battle(ogre, defense, seed)
    assert rec.illegal == [] and rec.result in VICTORY_LEVELS


@pytest.mark.parametrize("ogre,defense", [("Med", "Med"), ("Hi", "Low"), ("Low", "Hi")])
def test_same_seed_same_battle(ogre, defense):
    a = battle(ogre, defense, 5, keep_log=True)
    b = battle(ogre, defense, 5, keep_log=True)
    assert a.log == b.log and a.result == b.result
    c = battle(ogre, defense, 6, keep_log=True)
    assert c.log != a.log


def test_a_fresh_controller_chooses_the_same_for_the_same_state():
    field = standard_deployment(standard_board(), 3)
    state = new_game(field, 3, 3)
    ogre, defense = make_controller("ogre", "Med", 3), make_controller("defense", "Med", 3)
    seen = []

    def twin_agrees(before, action, _after, _events) -> None:
        if before.aim is None and (before.phase.value.endswith("fire") or before.ogre.moved == 0):
            side = acting_side(before)
            assert make_controller(side, "Med", 3).choose(before) == action
            seen.append(action)

    play(state, ogre, defense, max_turns=4, on_step=twin_agrees)
    assert len(seen) > 5


def test_computer_players_use_no_global_random(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("the global random generator was used")
    for name in ("random", "choice", "shuffle", "randint", "randrange", "sample", "uniform"):
        monkeypatch.setattr(random, name, forbidden)
    rec = battle("Med", "Med", 9)
    assert rec.result in VICTORY_LEVELS


def test_ai_imports_no_pygame():
    code = ("import sys, ogre.ai, ogre.ai.ogre_player, ogre.ai.defense_player, "
            "ogre.ai.lookahead, ogre.ai.defense_lookahead, ogre.ai.match, ogre.ai.deploy; "
            "assert 'pygame' not in sys.modules, 'pygame imported'")
    subprocess.run([sys.executable, "-c", code], check=True)
