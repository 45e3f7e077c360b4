"""tools/bench_rules.py --against (issue 16, X3): the side-by-side comparison plays the same games
on both engines whatever order their legal_actions list the actions in, and says so."""

import hashlib
import json
import os
import random
import subprocess
import sys
import types
from pathlib import Path

from tools import bench_rules, bench_worker

ROOT = Path(__file__).resolve().parents[2]


def _api(shuffled: bool):
    import ogre.rules as rules
    from ogre.rules.board import board_from_ids
    from ogre.rules.hexes import distance

    api = types.SimpleNamespace(**{n: getattr(rules, n) for n in rules.__all__},
                                board_from_ids=board_from_ids, distance=distance)
    if shuffled:                       # an engine that lists the same actions in another order
        listing, rnd = api.legal_actions, random.Random(0)

        def legal_actions(state):
            actions = listing(state)
            rnd.shuffle(actions)
            return actions
        api.legal_actions = legal_actions
    return api


def test_x3_the_bench_policy_plays_the_same_game_whatever_the_listing_order():
    digests = []
    for shuffled in (False, True):
        api = _api(shuffled)
        field = bench_worker.mark_iii_fields(api, ROOT / "fields")[1]
        digest = hashlib.sha256()
        n, spent = bench_worker.play(api, field, 7, digest)
        assert n > 50 and spent > 0
        digests.append(digest.hexdigest())
    assert digests[0] == digests[1]


def test_x3_a_round_reports_its_games_chunk_times_and_digest():
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "bench_worker.py"), "engine",
                          str(ROOT), str(ROOT / "fields"), "2", "cold"],
                         capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout
    res = json.loads(out)
    assert res["games"] == 2 and res["actions"] > 100
    assert abs(sum(res["chunk_s"]) - res["engine_s"]) < 1e-9
    assert len(res["chunk_s"]) >= res["actions"] // bench_worker.CHUNK


def test_x3_the_report_keeps_each_chunks_least_time_and_checks_the_digests(capsys):
    def round_(chunks, digest):
        return {"games": 2, "actions": 100, "engine_s": sum(chunks), "chunk_s": chunks,
                "cpu_s": 1.0, "digest": digest}
    contestants = [("A this tree", ["engine"]), ("B old", ["engine"])]
    results = {"A this tree": [round_([1.0, 3.0], "x"), round_([2.0, 1.0], "x")],
               "B old": [round_([3.0, 3.0], "x"), round_([3.0, 3.0], "x")]}
    assert bench_rules._report(contestants, results) == 0
    shown = capsys.readouterr().out
    assert "ratio A / B (actions/s): 3.00" in shown          # 6 s against 2 s
    assert "identical games: yes" in shown
    results["B old"][1]["digest"] = "y"
    assert bench_rules._report(contestants, results) == 1
    assert "identical games: NO" in capsys.readouterr().out
