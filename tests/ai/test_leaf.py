"""Issue 17: the Hi defence's leaf, its chance of winning fitted to battles (ogre/ai/leaf.py), and
the fitting tool's logistic regression."""

from __future__ import annotations

import random
from dataclasses import replace

from ogre.ai.leaf import FEATURES, WEIGHTS, features, win_chance
from ogre.rules import new_game
from ogre.rules.hexes import parse
from ogre.storage.fields import load_predesigned
from tools import fit_leaf


def midgame(treads: int = 45, ogre_hex: str = "0512"):
    field = next(r.field for r in load_predesigned() if r.mark == 3)
    s = new_game(field, 3, 5)
    return replace(s, ogres=(replace(s.ogre, hex=parse(ogre_hex), treads=treads),))


def test_x1_the_leaf_sees_the_race_in_its_features():
    s = midgame()
    x = dict(zip(FEATURES, features(s)))
    assert len(WEIGHTS) == len(FEATURES) + 1
    assert x["treads"] == 1.0 and x["speed"] == 3.0
    assert x["missiles"] == 2.0 and x["secondary"] == 4.0
    assert x["armor"] > 0 and x["squads"] > 0
    assert 0 < x["race_time"] < 8


def test_x1_the_defence_likes_an_ogre_with_fewer_treads_and_further_from_the_cp():
    whole, worn = win_chance(midgame(45)), win_chance(midgame(12))
    assert 0.0 < whole < worn < 1.0
    near, far = win_chance(midgame(45, "0508")), win_chance(midgame(45, "0516"))
    assert near < far


def test_x1_the_leaf_knows_a_lost_command_post_and_a_finished_battle():
    s = midgame()
    assert win_chance(replace(s, pieces=tuple(p for p in s.pieces
                                              if p.kind.value != "cp"))) == 0.0
    stopped = replace(s, ogres=(replace(s.ogre, treads=0, weapons=(0, 0, 0, 0)),))
    assert win_chance(stopped) > win_chance(s)


def test_x1_the_fitting_tool_recovers_the_weights_behind_its_data():
    rng = random.Random(3)
    truth = (-0.5, 2.0, -1.5)
    xs, ys = [], []
    for _ in range(4000):
        x = (rng.uniform(-1, 1), rng.uniform(-1, 1))
        z = truth[0] + truth[1] * x[0] + truth[2] * x[1]
        xs.append(x)
        ys.append(1 if rng.random() < 1 / (1 + 2.718281828 ** -z) else 0)
    w = fit_leaf.fit(xs, ys, ridge=0.0)
    assert all(abs(a - b) < 0.25 for a, b in zip(w, truth))
    loss, right = fit_leaf.score(w, xs, ys)
    assert right > 0.65 and loss < 0.6
