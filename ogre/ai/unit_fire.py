"""Fire where units fight units (Ogre Defending, 9.03): which target a side's units or its Ogre
shoot at next, and with what, as a list of aims ending in Fire.

A shot is scored by what it is expected to take from the enemy (the target's attack strength,
or a weapon of the Ogre, or its treads) per point of attack spent, so that strength goes where
it pays. The skill decides how a shot is put together:

- `combine`: every unit in range of the target fires together (else each fires alone);
- `economy`: only as many as reach the best odds that all of them could (Hi);
- `random_pick`: the target is drawn at random among those in reach (Low).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any

from ..rules.actions import Action, Aim, AimAt, Fire, OgreAim
from ..rules.assault import attacking, watchdog
from ..rules.combat import TREADS_COLUMN, kill_probability, odds
from ..rules.command_post import defense_of
from ..rules.hexes import DISTANCE
from ..rules.state import GameState, Ogre, Piece
from ..rules.units import CP, INFANTRY, TREADS, WEAPON_STATS, WEAPONS, counts

CP_WORTH = 100                   # the CP before anything else: it is the battle
TREAD_WORTH = Fraction(1, 2)     # a tread of the Ogre, in points of attack strength


@dataclass(frozen=True)
class FireSkill:
    combine: bool
    economy: bool
    random_pick: bool


FIRE_SKILLS = {
    "Low": FireSkill(combine=False, economy=False, random_pick=True),
    "Med": FireSkill(combine=True, economy=False, random_pick=False),
    "Hi": FireSkill(combine=True, economy=True, random_pick=False),
}


def shots_left(s: GameState, p: Piece) -> int:
    """Squads (1 for armor) of p that may still fire this turn."""
    if p.hex <= 0 or p.disabled or p.kind is CP or not p.attack:
        return 0
    return (p.squads if p.kind is INFANTRY else 1) - p.fired


def target_worth(s: GameState, t: Piece) -> Fraction:
    if t.kind is CP:
        return Fraction(CP_WORTH)
    return Fraction(t.attack + (1 if t.disabled else 0))


def units_shot(s: GameState, skill: FireSkill, rnd: random.Random) -> list[Action]:
    """The acting side's units' next shot (aims then Fire), or [] when none is worth it."""
    attack = s.phase.value == "ogre_fire"
    firers = [p for p in s.pieces if attacking(p.id) == attack and shots_left(s, p)]
    if not firers:
        return []
    options: list[tuple[Fraction, list[Action]]] = []
    for t in s.pieces:
        if attacking(t.id) == attack or t.hex <= 0:
            continue
        near = [p for p in firers if DISTANCE[p.hex][t.hex] <= p.range]
        if near:
            options.append(_at_unit(s, t, near, skill))
    o = watchdog(s)
    if attack and o.on_map and not o.destroyed:
        near = [p for p in firers if DISTANCE[p.hex][o.hex] <= p.range]
        if near:
            options += _at_ogre(o, near, skill)
    options = [opt for opt in options if opt[1]]
    if not options:
        return []
    if skill.random_pick:
        return rnd.choice(options)[1]
    return max(options, key=lambda opt: opt[0])[1]


def _squads(firers: list[Piece], s: GameState) -> list[tuple[Piece, int]]:
    """One entry per squad (per armor unit) that may fire, the strongest first."""
    out = [(p, 1 if p.kind is INFANTRY else p.attack) for p in firers
           for _ in range(shots_left(s, p))]
    return sorted(out, key=lambda x: (-x[1], x[0].id))


def _at_unit(s: GameState, t: Piece, near: list[Piece],
             skill: FireSkill) -> tuple[Fraction, list[Action]]:
    defense = defense_of(t, s.options)
    squads = _squads(near, s)
    if not skill.combine:
        squads = squads[:1]
    used = _enough(squads, lambda a: odds(a, defense)) if skill.economy else squads
    total = sum(a for _, a in used)
    column = odds(total, defense)
    p_kill = kill_probability(column, t.disabled or t.kind is INFANTRY and t.squads == 1)
    worth = target_worth(s, t) * p_kill / max(total, 1)
    shot: list[Action] = [AimAt(p.id, t.id) for p, _ in used]
    return worth, shot + [Fire()] if p_kill else []


def _enough(squads: list[tuple[Any, int]],
            column_of: Callable[[int], str]) -> list[tuple[Any, int]]:
    """The fewest of `squads` (strongest first, each with its attack) that reach the odds all
    of them reach."""
    best = column_of(sum(a for _, a in squads))
    total = 0
    for i, (_, a) in enumerate(squads):
        total += a
        if column_of(total) == best:
            return squads[:i + 1]
    return squads


def _at_ogre(o: Ogre, near: list[Piece], skill: FireSkill) -> list[tuple[Fraction, list[Action]]]:
    """The attacking units' shots at the Ogre's weapons (combined) and treads (one unit)."""
    out: list[tuple[Fraction, list[Action]]] = []
    squads = sorted([(p, 1 if p.kind is INFANTRY else p.attack) for p in near
                     for _ in range(p.squads - p.fired if p.kind is INFANTRY else 1)],
                    key=lambda x: (-x[1], x[0].id))
    if not squads:
        return out
    for w in WEAPONS:
        if not o.intact(w):
            continue
        defense = WEAPON_STATS[w].defense
        used = squads if skill.combine else squads[:1]
        if skill.economy:
            used = _enough(used, partial(odds, defense=defense))
        total = sum(a for _, a in used)
        p_kill = kill_probability(odds(total, defense))
        worth = WEAPON_STATS[w].attack * p_kill / total
        if p_kill:
            aims: list[Action] = [Aim(p.id, w, o.id) for p, _ in used]
            out.append((worth, aims + [Fire()]))
    if o.treads:
        p, a = squads[0]
        worth = TREAD_WORTH * a * kill_probability(TREADS_COLUMN) / a
        out.append((worth, [Aim(p.id, TREADS, o.id), Fire()]))
    return out


def ogre_shot(s: GameState, skill: FireSkill, rnd: random.Random) -> list[Action]:
    """The defense's Ogre's next shot at an attacking unit (target, Fire), or []."""
    o = watchdog(s)
    if not o.on_map:
        return []
    free = [i for i, w in enumerate(WEAPONS) if o.available(w)]
    options: list[tuple[Fraction, list[Action]]] = []
    for t in s.pieces:
        if not attacking(t.id) or t.hex <= 0:
            continue
        d = DISTANCE[o.hex][t.hex]
        guns = [i for i in free if d <= WEAPON_STATS[WEAPONS[i]].range
                and (i != 3 or (t.kind is INFANTRY and t.id not in s.ap_hit))]
        if not guns:
            continue
        # the cheapest first: antipersonnel, secondaries, the main battery, missiles last
        order = sorted(guns, key=lambda i: (0 if i == 3 else 1 if i == 2 else 2 if i == 1 else 3))
        pool = [(i, WEAPON_STATS[WEAPONS[i]].attack) for i in order
                for _ in range(o.available(WEAPONS[i]))]
        if not skill.combine:
            pool = pool[:1]
        defense = defense_of(t, s.options)
        used = pool
        if skill.economy:
            used = _enough(pool, partial(odds, defense=defense))
        total = sum(a for _, a in used)
        column = odds(total, defense)
        p_kill = kill_probability(column, t.disabled or t.kind is INFANTRY and t.squads == 1)
        if not p_kill:
            continue
        spent = total + sum(3 for i, _ in used if i == 0)     # a missile is gone for good
        aimed = counts(sum(1 for j, _ in used if j == i) for i in range(4))
        options.append((target_worth(s, t) * p_kill / spent,
                        [OgreAim(t.id, aimed, o.id), Fire()]))
    if not options:
        return []
    if skill.random_pick:
        return rnd.choice(options)[1]
    return max(options, key=lambda opt: opt[0])[1]


