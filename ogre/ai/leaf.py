"""A judge of positions for the Hi defence's look ahead: its chance of winning, fitted to battles.

The look ahead plays each deployment a few turns forward and must then say how good the end
position is. By default it asks analysis.race_margin, a hand-built margin in treads. With the
option `fitted_leaf` it asks `win_chance` instead: a logistic model over a handful of features
of the race to the Command Post (the Ogre's treads, guns and distance against the defence's
attack and what of it is in reach), its weights fitted by tools/fit_leaf.py to which positions
the defence went on to win in 1,200 computer battles. It calls the winner of held-out battles
right 83% of the time, yet the look ahead plays no better with it (README, issue 17): with
either judge, more work on the same plans changes nothing.
"""

from __future__ import annotations

import math

from ..rules.sides import ogre_in_play
from ..rules.state import GameState
from ..rules.units import Kind, ogre_move_value
from .analysis import MARKS_TREADS, acts_next_defense, fire_zone, ogre_distance_to, race_time

FEATURES = (
    "race_time",       # turns before the Ogre can fire on the Command Post (smoothed, capped 8)
    "cp_distance",     # the Ogre's steps to the CP, in tens
    "treads",          # share of its treads left
    "speed",           # hexes a turn
    "missiles",
    "main",
    "secondary",
    "ap",              # in fours
    "armor",           # attack of the mobile armor, in tens
    "howitzers",       # attack of the howitzers, in tens
    "squads",          # infantry squads, in tens
    "in_reach",        # attack that can fire on the Ogre this coming turn, in tens
    "armor_time",      # armor x race time: attack is worth the turns it has to fire
    "squads_time",
)

# Fitted by `python tools/fit_leaf.py --games 600 --seed 100` (1,200 battles of the Hi defence,
# 14,781 positions, 18 minutes on this machine); the bias comes first.
WEIGHTS: tuple[float, ...] = (
    -1.2821, 0.6678, 2.1294, -4.3625, -0.4776, -0.4011, -0.4344, -1.1326, 0.6300, 0.3433,
    1.6608, 0.5699, 0.9483, 0.6826, -0.2512)


def features(s: GameState) -> tuple[float, ...]:
    """The position as the leaf sees it (the Ogre on the map, the Command Post standing)."""
    o = ogre_in_play(s)
    full = MARKS_TREADS.get(o.mark, 45)
    cp = s.command_post
    t = race_time(s)
    d = ogre_distance_to(s.board, (cp.hex,)).get(o.hex, 40) if cp is not None else 0
    armor = howitzers = squads = in_reach = 0
    for p in s.pieces:
        if p.kind is Kind.CP:
            continue
        if p.kind is Kind.HOWITZER:
            howitzers += p.attack
        elif p.kind is Kind.INFANTRY:
            squads += p.squads
        else:
            armor += p.attack
        if acts_next_defense(s, p) and o.hex in fire_zone(s.board, p.kind, p.hex):
            in_reach += p.attack
    w = o.weapons
    return (t, d / 10, o.treads / full, float(ogre_move_value(o.treads, full)),
            float(w[0]), float(w[1]), float(w[2]), w[3] / 4,
            armor / 10, howitzers / 10, squads / 10, in_reach / 10,
            armor * t / 40, squads * t / 40)


def logit(x: tuple[float, ...], weights: tuple[float, ...] = WEIGHTS) -> float:
    return weights[0] + sum(w * v for w, v in zip(weights[1:], x))


def win_chance(s: GameState, weights: tuple[float, ...] = WEIGHTS) -> float:
    """The defence's chance of winning from this position, 0..1."""
    if s.over:
        return 1.0 if s.command_post is not None and not ogre_in_play(s).exited else 0.0
    if s.command_post is None:
        return 0.0
    if not ogre_in_play(s).on_map:
        return 0.5
    z = max(-30.0, min(30.0, logit(features(s), weights)))
    return 1.0 / (1.0 + math.exp(-z))
