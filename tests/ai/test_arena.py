"""The headless arena and the think-time bench (X2)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_wilson_interval():
    from tools.arena import wilson
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-3)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_arena_plays_the_predesigned_fields_of_its_mark():
    """G5: the arena's battles are on the fields the game ships, and a loader that cannot load
    them stops the run (it once fell back to generated fields, silently)."""
    from ogre.storage.fields import load_predesigned
    from tools import arena
    for mark in (3, 5):
        shipped = [r.field for r in load_predesigned() if r.mark == mark]
        assert shipped and arena.load_fields(mark, None) == shipped


def test_arena_stops_when_the_fields_cannot_load(monkeypatch):
    from ogre.storage import fields
    from tools import arena

    def broken():
        raise ModuleNotFoundError("No module named 'platformdirs'")
    monkeypatch.setattr(fields, "load_predesigned", broken)
    with pytest.raises(ModuleNotFoundError):
        arena.load_fields(3, None)


def test_arena_plays_seeded_games_and_repeats_them():
    cmd = [sys.executable, "-m", "tools.arena", "--ogre", "Low", "--defense", "Med",
           "--games", "3", "--seed", "4", "--jobs", "1"]
    first = subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=120,
                           cwd=ROOT).stdout
    second = subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=120,
                            cwd=ROOT).stdout
    assert "Ogre wins" in first and "average length" in first and "ILLEGAL" not in first
    def strip(out):
        return [line for line in out.splitlines() if "think per turn" not in line]
    assert strip(first) == strip(second)


def test_arena_takes_a_plugin_controller():
    cmd = [sys.executable, "-m", "tools.arena", "--ogre", "Med", "--defense",
           "tests.ai.test_protocol:FirstLegalDefender", "--games", "2", "--jobs", "1"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=120,
                         cwd=ROOT).stdout
    # The plugin really played both games, and legally.
    assert "defense tests.ai.test_protocol:FirstLegalDefender" in out, out
    assert "2 games" in out and "ILLEGAL" not in out
