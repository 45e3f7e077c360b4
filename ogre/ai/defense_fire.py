"""The defence's fire allocation: which defenders aim at which part of the Ogre (C6, C7).

Attacks on a weapon need odds (defense 4 for the main battery, 3 for missiles and secondary
guns, 1 for antipersonnel); attacks on treads are always 1-1 and take as many treads as the
attack strength, so treads are the sink for attackers not worth a weapon shot. `plan_groups`
forms groups greedily: each round picks the group whose expected gain, less what its members
would have done to the treads, is largest.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.hexes import distance
from ..rules.sides import ogre_in_play
from ..rules.state import GameState
from ..rules.units import Kind, Weapon, counts, ogre_move_value
from .analysis import (
    AP,
    MAIN,
    MISSILE,
    SECONDARY,
    W_DEFENSE,
    W_RANGE,
    column,
    cp_range,
    falls_next_turn,
    race_time,
)

PARTS = (Weapon.MISSILE, Weapon.MAIN, Weapon.SECONDARY, Weapon.AP)
_PX = {"<1-2": 0, "1-2": 1, "1-1": 2, "2-1": 3, "3-1": 4, "4-1": 5, "5-1": 6}


@dataclass(frozen=True, slots=True)
class Shooter:
    """One attack that can be aimed: an armor unit, or one squad of an infantry unit."""

    piece: int
    attack: int
    infantry: bool


def shooters(state: GameState) -> list[Shooter]:
    """Everything that may still fire at the Ogre this phase (infantry squad by squad)."""
    o = ogre_in_play(state)
    out = []
    aimed = state.aim.attackers if state.aim else ()
    for p in state.pieces:
        if p.kind is Kind.CP or p.disabled or distance(p.hex, o.hex) > p.range:
            continue
        if p.kind is Kind.INFANTRY:
            for _ in range(p.squads - p.fired - aimed.count(p.id)):
                out.append(Shooter(p.id, 1, True))
        elif not p.fired and p.id not in aimed:
            out.append(Shooter(p.id, p.attack, False))
    return out


def tread_value(treads: int, original: int) -> float:
    """What the Ogre's treads are worth to it: a little each, a lot at each speed threshold."""
    return 0.3 * treads + 5.0 * ogre_move_value(treads, original)


# The defence's currency: a turn of delay before the Ogre can reach the Command Post is worth
# RACE_VALUE; an Ogre weapon is also worth the defenders it would go on killing (FIREPOWER).
RACE_VALUE = 8.0
FIREPOWER = {Weapon.MISSILE: 2.5, Weapon.MAIN: 4.0, Weapon.SECONDARY: 2.5, Weapon.AP: 0.4}
TREAD_BASE = 0.25      # every tread must go in the end
URGENT = 25.0          # saving the Command Post from the Ogre's very next turn


@dataclass
class Valuation:
    """What each hit on the Ogre is worth to the defence in this position."""

    parts: dict[Weapon, float]
    now: float            # race time now
    state: GameState
    tread_weight: float = 1.0
    falls: bool = False   # as things stand the Ogre can destroy the CP next turn
    urgent: float = URGENT

    def treads(self, attack: int) -> float:
        """Expected value of an attack of this strength on the treads (always 1-1: 1/3)."""
        o = ogre_in_play(self.state)
        lost = min(attack, o.treads)
        if lost <= 0:
            return 0.0
        gain = RACE_VALUE * (race_time(self.state, treads=o.treads - lost) - self.now)
        value = self.tread_weight * (gain + TREAD_BASE * lost) / 3.0
        if self.falls and not falls_next_turn(self.state, treads=o.treads - lost):
            value += self.urgent / 3.0
        return value


def valuation(state: GameState, tread_weight: float = 1.0, weapon_weight: float = 1.0) -> Valuation:
    o = ogre_in_play(state)
    now = race_time(state)
    infantry = any(p.kind is Kind.INFANTRY for p in state.pieces)
    parts = {}
    for i, part in enumerate(PARTS):
        if o.weapons[i] <= 0:
            continue
        w = list(o.weapons)
        w[i] = 0            # the delay once all of this kind are gone, shared among them
        delay = (race_time(state, weapons=counts(w)) - now) / o.weapons[i]
        fp = FIREPOWER[part] + (0.8 if part is Weapon.AP and infantry else 0.0)
        parts[part] = weapon_weight * (RACE_VALUE * delay + fp)
    falls = falls_next_turn(state)
    urgent = URGENT * max(1.0, tread_weight)     # outranks the tread race however it is weighted
    if falls:
        # Only the longest-ranged kind of weapon matters now: without it, is the CP safe?
        for i, part in enumerate(PARTS):
            if o.weapons[i] and cp_range(o.weapons) == W_RANGE[i]:
                w = list(o.weapons)
                w[i] = 0
                if not falls_next_turn(state, weapons=counts(w)):
                    parts[part] += urgent / o.weapons[i]
                break
    return Valuation(parts, now, state, tread_weight, falls, urgent)


def _min_subsets(shots: list[Shooter], cap: int) -> dict[int, tuple[int, ...]]:
    """For each total attack up to `cap`: the fewest shooters summing to it (indices)."""
    best: dict[int, tuple[int, ...]] = {0: ()}
    for i, s in enumerate(shots):
        for total, members in list(best.items()):
            t = total + s.attack
            if t > cap:
                continue
            cand = members + (i,)
            cur = best.get(t)
            if cur is None or len(cand) < len(cur):
                best[t] = cand
    return best


def plan_groups(state: GameState, shots: list[Shooter], smart: bool = True,
                tread_weight: float = 1.0, weapon_weight: float = 1.0
                ) -> list[tuple[Weapon, tuple[Shooter, ...]]]:
    """Groups of shooters and the part each aims at, most valuable first."""
    o = ogre_in_play(state)
    if not shots or not o.on_map:
        return []
    counts = {Weapon.MISSILE: o.weapons[MISSILE], Weapon.MAIN: o.weapons[MAIN],
              Weapon.SECONDARY: o.weapons[SECONDARY], Weapon.AP: o.weapons[AP]}
    if not smart:
        return _plan_everything(state, shots, counts)
    val = valuation(state, tread_weight, weapon_weight)
    values = val.parts
    remaining = list(shots)
    groups: list[tuple[Weapon, tuple[Shooter, ...]]] = []
    while remaining:
        best = None
        subsets = _min_subsets(remaining, 26)
        totals = sorted(subsets)
        for part, n in counts.items():
            if n <= 0:
                continue
            dfn = W_DEFENSE[PARTS.index(part)]
            for mult2 in (1, 2, 4, 6, 8, 10):          # 1-2, 1-1, 2-1, 3-1, 4-1, 5-1
                need = (dfn * mult2 + 1) // 2
                total = next((t for t in totals if t >= need), None)
                if total is None:
                    break
                members = tuple(remaining[i] for i in subsets[total])
                px = _PX[column(total, dfn)] / 6.0
                cost = sum(val.treads(m.attack) for m in members)
                gain = px * values[part] - cost
                if gain <= 0:
                    continue
                rate = gain / total       # value per attack point: the efficient shots first
                if best is None or rate > best[0]:
                    best = (rate, part, members)
        if best is None:
            break
        _, part, members = best
        groups.append((part, members))
        counts[part] -= 1
        for m in members:
            remaining.remove(m)
    groups.extend(_leftovers(state, remaining, counts))
    return groups


def _leftovers(state: GameState, remaining: list[Shooter], counts: dict[Weapon, int]
               ) -> list[tuple[Weapon, tuple[Shooter, ...]]]:
    """What is not worth a weapon shot fires at the treads (infantry together), else at anything."""
    o = ogre_in_play(state)
    out: list[tuple[Weapon, tuple[Shooter, ...]]] = []
    if not remaining:
        return out
    if o.treads > 0:
        squads = tuple(s for s in remaining if s.infantry)
        if squads:
            out.append((Weapon.TREADS, squads))
        out.extend((Weapon.TREADS, (s,)) for s in remaining if not s.infantry)
        return out
    part = next((p for p in (Weapon.AP, Weapon.SECONDARY, Weapon.MISSILE, Weapon.MAIN)
                 if o.intact(p) > 0), None)
    if part is not None:
        out.append((part, tuple(remaining)))
    return out


def _plan_everything(state: GameState, shots: list[Shooter], counts: dict[Weapon, int]
                     ) -> list[tuple[Weapon, tuple[Shooter, ...]]]:
    """Low skill: every armor unit at the biggest gun together; infantry at the treads."""
    o = ogre_in_play(state)
    armor = tuple(s for s in shots if not s.infantry)
    squads = tuple(s for s in shots if s.infantry)
    out: list[tuple[Weapon, tuple[Shooter, ...]]] = []
    part = next((p for p in (Weapon.MAIN, Weapon.MISSILE, Weapon.SECONDARY, Weapon.AP)
                 if counts[p] > 0), None)
    if armor:
        if part is not None:
            out.append((part, armor))
        elif o.treads > 0:
            out.extend((Weapon.TREADS, (s,)) for s in armor)
    if squads:
        if o.treads > 0:
            out.append((Weapon.TREADS, squads))
        elif part is not None:
            out.append((part, squads))
    return out
