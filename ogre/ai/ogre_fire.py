"""The Ogre's weapon allocation: which weapons at which defenders, by expected value (C5).

`plan_fire` is a small knapsack over the Ogre's unfired weapons: every target in range gets
at most one combined attack, each attack is valued by its odds column, and a missile costs
what keeping it is worth. The player fires the plan's best attack, sees the result, and plans
again with what is left, so a miss or a "disabled" is followed up at once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from ..rules.hexes import distance
from ..rules.sides import ogre_in_play
from ..rules.state import GameState, Piece
from ..rules.units import Kind, counts
from .analysis import (
    AP,
    MAIN,
    MISSILE,
    SECONDARY,
    W_ATTACK,
    W_RANGE,
    acts_next_defense,
    column,
    fire_zone,
    p_x_d,
    piece_value,
)

DISABLE_FRACTION = 0.3    # a disabled unit loses its next turn (and dies to any further D)
Alloc = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Target:
    piece: Piece
    allowed: tuple[bool, bool, bool, bool]
    value: float
    cp_defense: int = 0          # a hardened command post's (8.05)

    @property
    def defense(self) -> int:
        return self.cp_defense if self.piece.kind is Kind.CP else self.piece.defense


def shot_value(t: Target, attack: int) -> float:
    """Expected value of one attack of this strength on the target."""
    p = t.piece
    px, pd = p_x_d(attack, t.defense)
    if p.kind is Kind.CP and not t.defense:
        return (px + pd) * t.value
    if p.kind is Kind.INFANTRY:
        per_squad = t.value / p.squads
        return px * t.value + pd * per_squad
    if p.disabled:
        return (px + pd) * t.value
    return px * t.value + pd * t.value * DISABLE_FRACTION


@lru_cache(maxsize=65536)
def _options(rem: Alloc, allowed: tuple[bool, bool, bool, bool],
             defense: int) -> tuple[tuple[Alloc, int], ...]:
    """Allocations within `rem` that reach each odds column with nothing wasted: (alloc, attack)."""
    lim = [rem[i] if allowed[i] else 0 for i in range(4)]
    best: dict[str, list[tuple[Alloc, int]]] = {}
    for m in range(lim[MISSILE] + 1):
        for b in range(lim[MAIN] + 1):
            for s in range(lim[SECONDARY] + 1):
                for a in range(lim[AP] + 1):
                    if m == b == s == a == 0:
                        continue
                    atk = m * W_ATTACK[0] + b * W_ATTACK[1] + s * W_ATTACK[2] + a * W_ATTACK[3]
                    col = column(atk, defense)
                    if col == "<1-2":
                        continue
                    best.setdefault(col, []).append(((m, b, s, a), atk))
    # An allocation is wasteful when a smaller one in the list reaches the same column. One
    # weapon fewer is enough to test: the column only climbs with the attack (no pairwise scan,
    # which took seconds over a Mark V Ogre's thousand allocations).
    out = []
    for col, allocs in best.items():
        for alloc, atk in allocs:
            wasteful = sum(alloc) > 1 and any(
                n and column(atk - W_ATTACK[i], defense) == col for i, n in enumerate(alloc))
            if not wasteful:
                out.append((alloc, atk))
    return tuple(out)


def missile_cost(reserve: float, missiles_left: int, fired: int) -> float:
    """What firing `fired` of the remaining missiles gives up: the last one is worth the most."""
    cost = 0.0
    left = missiles_left
    for _ in range(fired):
        cost += reserve if left <= 1 else reserve * 0.5
        left -= 1
    return cost


def targets_in_range(state: GameState, at: int, urgency: float = 0.5) -> list[Target]:
    """Defenders the Ogre at `at` can attack, with the value of hitting each."""
    o = ogre_in_play(state)
    out = []
    for p in state.pieces:
        d = distance(at, p.hex)
        if d > W_RANGE[MISSILE]:
            continue
        allowed = (d <= W_RANGE[MISSILE], d <= W_RANGE[MAIN], d <= W_RANGE[SECONDARY],
                   d <= W_RANGE[AP] and p.kind in (Kind.INFANTRY, Kind.CP)
                   and p.id not in state.ap_hit)
        if not any(a and o.weapons[i] for i, a in enumerate(allowed)):
            continue
        v = piece_value(p)
        if p.disabled_turn == state.turn:
            v *= 1.0 - DISABLE_FRACTION      # already out of the coming defence turn
        elif (p.kind is not Kind.CP and acts_next_defense(state, p)
              and at in fire_zone(state.board, p.kind, p.hex)):
            v *= 1.0 + urgency
        out.append(Target(p, allowed, v, state.options.hardened_cp))
    out.sort(key=lambda t: -t.value)
    return out


def plan_fire(targets: list[Target], avail: Alloc, reserve: float, max_targets: int = 8
              ) -> tuple[float, list[tuple[Target, Alloc]]]:
    """Best allocation of `avail` weapons over the targets: (expected value, [(target, alloc)])."""
    dp: dict[Alloc, tuple[float, tuple]] = {avail: (0.0, ())}
    for t in targets[:max_targets]:
        new = dict(dp)
        worth: dict[int, float] = {}      # shot_value by attack: the same few over every remainder
        for rem, (val, plan) in dp.items():
            for alloc, atk in _options(rem, t.allowed, t.defense):
                shot = worth.get(atk)
                if shot is None:
                    shot = worth[atk] = shot_value(t, atk)
                v = val + shot
                if alloc[MISSILE]:
                    v -= missile_cost(reserve, rem[MISSILE], alloc[MISSILE])
                key = (rem[0] - alloc[0], rem[1] - alloc[1], rem[2] - alloc[2], rem[3] - alloc[3])
                cur = new.get(key)
                if cur is None or v > cur[0]:
                    new[key] = (v, plan + ((t, alloc),))
        dp = new
    value, plan = max(dp.values(), key=lambda vp: vp[0])
    return value, list(plan)


def greedy_fire(targets: list[Target], avail: Alloc) -> list[tuple[Target, Alloc]]:
    """Low skill: the most valuable target in range gets every weapon that reaches it, and so on."""
    rem = list(avail)
    plan = []
    for t in targets:
        alloc = [rem[i] if t.allowed[i] else 0 for i in range(4)]
        if t.piece.kind is Kind.INFANTRY:
            alloc[AP] = min(alloc[AP], 4)
        if not any(alloc):
            continue
        plan.append((t, counts(alloc)))
        rem = [r - a for r, a in zip(rem, alloc)]
    return plan


def first_stage(t: Target, alloc: Alloc, other_targets: bool) -> Alloc:
    """Of a planned combined attack, the part to fire first when a follow-up would do better.

    Fire a smaller share, see the result and follow up: a kill frees the rest, a "disabled"
    makes the follow-up twice as deadly.
    """
    total = sum(n * W_ATTACK[i] for i, n in enumerate(alloc))
    combined = shot_value(t, total)
    best, best_v = alloc, combined
    p = t.piece
    if p.kind is Kind.CP or sum(alloc) < 2:
        return alloc
    kinds = ((SECONDARY, MAIN, MISSILE) if p.kind is Kind.INFANTRY
             else (AP, SECONDARY, MAIN, MISSILE))
    for i in kinds:   # antipersonnel hit an infantry unit once a turn: never split them off
        if not alloc[i]:
            continue
        for k in range(1, alloc[i] + 1):
            first = counts(k if j == i else 0 for j in range(4))
            rest = counts(n - first[j] for j, n in enumerate(alloc))
            if not any(rest):
                continue
            a1 = sum(n * W_ATTACK[j] for j, n in enumerate(first))
            a2 = total - a1
            px, pd = p_x_d(a1, t.defense)
            pn = 1.0 - px - pd
            freed = 0.35 * a2 if other_targets else 0.0
            if p.kind is Kind.INFANTRY:
                sq = t.value / p.squads
                after_d = Target(replace(p, squads=p.squads - 1), t.allowed,
                                 sq * (p.squads - 1)) if p.squads > 1 else None
                v = px * (t.value + freed) + pd * (sq + (shot_value(after_d, a2) if after_d
                                                         else freed))
                v += pn * shot_value(t, a2)
            elif p.disabled:
                v = (px + pd) * (t.value + freed) + pn * shot_value(t, a2)
            else:
                dis = Target(replace(p, disabled_turn=1), t.allowed, t.value, t.cp_defense)
                v = px * (t.value + freed) + pd * (DISABLE_FRACTION * t.value
                                                   + (1 - DISABLE_FRACTION) * shot_value(dis, a2))
                v += pn * shot_value(t, a2)
            if v > best_v + 1e-9:
                best, best_v = first, v
        break   # only split off the smallest weapon kind
    return best
