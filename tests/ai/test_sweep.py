"""tools/sweep.py (X2, issue 32): many arena cells in one pool, each written as it finishes and
paired game by game with the first cell of its Ogre and Mark."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tools import arena
from tools.sweep import Cell, parse_cell

ROOT = Path(__file__).resolve().parents[2]


def test_x2_a_cell_names_its_ogre_mark_and_defence_options():
    assert parse_cell("m3 Hi 3 beam=6 defense=Med") == Cell("m3", "Hi", 3, "Med", ("beam=6",))
    assert parse_cell("x ref:Hi 5").defense == "Hi"
    for bad in ("m3 Hi", "m3 Hi 4", "", "m3 Hi three"):
        with pytest.raises(ValueError):
            parse_cell(bad)


def test_x2_every_recorded_cell_file_names_options_the_defence_has():
    """The cell files of tools/sweeps replay their runs: each cell parses, names each cell once
    and only options of DefenseSkill (those of `wary` too), so none names a working-tree option
    that was never committed. A file whose first line says "run at commit" replays only there."""
    from dataclasses import fields

    from ogre.ai.skill import DefenseSkill
    known = {f.name for f in fields(DefenseSkill)}
    files = sorted((ROOT / "tools" / "sweeps").glob("*.txt"))
    assert files
    for path in files:
        text = path.read_text()
        lines = [x.split("#")[0].strip() for x in text.splitlines()]
        cells = [parse_cell(x) for x in lines if x]
        assert cells and len({c.name for c in cells}) == len(cells), path.name
        if "run at commit" in text.splitlines()[0]:
            continue
        for cell in cells:
            opts = arena.parse_opts(list(cell.options))
            wary = opts.get("wary", ())
            names = set(opts) | {w.partition(":")[0] for w in
                                 ((wary,) if isinstance(wary, str) else wary)}
            assert names <= known, (path.name, cell.name, names - known)


def test_x2_the_sweep_plays_the_arenas_games_and_pairs_each_cell_with_its_base(tmp_path):
    cells = tmp_path / "cells.txt"
    cells.write_text("# a comment line\nbase Low 3 defense=Med   # the base\n"
                     "other Low 3 defense=Low\n")
    out = tmp_path / "out"
    subprocess.run([sys.executable, "-m", "tools.sweep", "--cells", str(cells), "--games", "3",
                    "--seed", "4", "--jobs", "1", "--out", str(out)],
                   capture_output=True, text=True, check=True, timeout=300, cwd=ROOT)
    base = json.loads((out / "base.json").read_text())
    assert [r["game_seed"] for r in base["rows"]] == [arena.game_seed(4, i) for i in range(3)]
    # the same games as the arena's: Low against Med, seed 4
    played = subprocess.run([sys.executable, "-m", "tools.arena", "--ogre", "Low", "--defense",
                             "Med", "--games", "3", "--seed", "4", "--jobs", "1", "--out",
                             str(tmp_path / "arena.json")],
                            capture_output=True, text=True, check=True, timeout=300, cwd=ROOT)
    assert "Ogre wins" in played.stdout
    by_arena = json.loads((tmp_path / "arena.json").read_text())["rows"]
    assert [(r["result"], r["turns"]) for r in base["rows"]] == [
        (r["result"], r["turns"]) for r in by_arena]
    summary = (out / "summary.txt").read_text()
    assert "base: Ogre Low vs defence Med" in summary and "Paired on 3 seeds" in summary
    assert (out / "other.json").exists()


def test_x2_a_sweep_without_cells_says_so():
    run = subprocess.run([sys.executable, "-m", "tools.sweep", "--out", "unused"],
                         capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert run.returncode == 2 and "name the cells" in run.stderr
