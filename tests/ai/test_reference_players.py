"""Reference players (issue 17, X5): the computer players of a frozen revision, exported beside
today's package by tools/reference.py and playing today's battles through the plugin protocol."""

from __future__ import annotations

import hashlib
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from ogre.ai.match import play
from ogre.rules import legal_actions, new_game
from ogre.storage.fields import load_predesigned
from tests.rules.random_play import play_random_game
from tools import reference

ROOT = Path(__file__).resolve().parents[2]

# The reference is exported from the git history: a shallow clone or an sdist has none (rule 6).
pytestmark = pytest.mark.skipif(
    reference.find_revision() is None,
    reason=f"the reference revision {reference.TAG} is not in this checkout's git history")

# The game the reference revision's Hi players play on the Howitzer Umbrella, seed 7, recorded
# at that revision: the exported players must play it again, move for move.
HI_VS_HI_SEED_7 = "aeb0611c4c00c9b4"     # 242 actions, Complete Ogre Victory in 12 turns


@pytest.fixture(scope="module")
def package(tmp_path_factory):
    return reference.load(folder=tmp_path_factory.mktemp("reference"))


def _digest(rec) -> str:
    text = "\n".join(rec.log) + f"\n{rec.result} {rec.turns}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_x5_the_reference_hi_players_play_the_reference_revisions_game(package):
    field = [r.field for r in load_predesigned() if r.mark == 3][0]
    ogre = reference.ReferencePlayer("ogre", "Hi", seed=7, package=package)
    defense = reference.ReferencePlayer("defense", "Hi", seed=7, package=package)
    rec = play(new_game(field, 3, 7), ogre, defense, keep_log=True)
    assert rec.illegal == [] and rec.result
    assert _digest(rec) == HI_VS_HI_SEED_7


def test_x5_a_state_converted_for_the_reference_engine_lists_the_same_actions(package):
    # The conversion is exact: the reference engine sees today's battle as its own.
    ref_rules = importlib.import_module(f"{package}.rules")
    convert = reference.ReferencePlayer("ogre", "Low", package=package)._to.state
    compared = 0

    def same(before, action, after, events):
        nonlocal compared
        mine = [str(a) for a in legal_actions(before)]
        theirs = [str(a) for a in ref_rules.legal_actions(convert(before))]
        assert mine == theirs, (before.turn, before.phase)
        compared += 1

    play_random_game(11, on_step=same)
    assert compared > 300


def test_x5_the_reference_is_its_own_package_beside_todays(package):
    ref_state = importlib.import_module(f"{package}.rules.state")
    import ogre.rules.state as today
    assert ref_state.GameState is not today.GameState
    exported = [m for m in sys.modules if m.startswith(package)]
    assert f"{package}.ai.ogre_player" in exported and f"{package}.ai.protocol" in exported
    registry = importlib.import_module(f"{package}.ai.protocol").REGISTRY
    assert all(spec.startswith(f"{package}.ai.") for spec in registry.values())


def test_x2_the_arena_plays_a_reference_player_against_todays():
    arena = [sys.executable, "-m", "tools.arena", "--ogre", "ref:Low", "--defense",
             "Low", "--games", "2", "--seed", "4", "--jobs", "1"]
    out = subprocess.run(arena, capture_output=True, text=True, check=True, timeout=300,
                         cwd=ROOT).stdout
    assert "reference players: ogre_ref_" in out and "Ogre ref:Low vs defense Low: 2 games" in out
    assert "Ogre wins" in out and "ILLEGAL" not in out


def test_x5_a_copy_without_git_history_plays_a_reference_exported_beforehand(tmp_path,
                                                                             monkeypatch):
    # Issue 32's device run gets the files without their history: the reference exported where
    # git is (--export DIR) and named in OGRE_REFERENCE_DIR is found there instead.
    monkeypatch.delenv(reference.EXPORTED_ENV, raising=False)
    assert reference.exported_package() is None
    commit = reference.revision()
    name = reference.export(commit, tmp_path)
    monkeypatch.setenv(reference.EXPORTED_ENV, str(tmp_path))
    assert reference.exported_package() == (commit[:10], tmp_path)
    assert reference.package_name(commit[:10]) == name
