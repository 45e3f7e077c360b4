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
from ..rules.state import GameState
from ..rules.units import MARKS, Kind, Weapon, ogre_move_value
from .analysis import AP, MAIN, MISSILE, SECONDARY, W_DEFENSE, W_RANGE, column, ogre_distance_to

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
    o = state.ogre
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


def part_values(state: GameState, tread_urgency: float = 1.0) -> dict[Weapon, float]:
    """What destroying one of each Ogre part is worth to the defence now."""
    o = state.ogre
    cp = state.command_post
    near = 0.0
    if cp is not None and o.on_map:
        d = ogre_distance_to(state.board, (cp.hex,)).get(o.hex, 30)
        near = max(0.0, (12 - d) / 12)          # 0 far away, 1 on top of the CP
    values = {
        Weapon.MISSILE: 9.0 + 6.0 * near if cp else 4.0,
        Weapon.MAIN: 11.0 + 4.0 * near,
        Weapon.SECONDARY: 6.0 + 2.0 * near,
        Weapon.AP: 1.5 + (1.5 if any(p.kind is Kind.INFANTRY for p in state.pieces) else 0.0),
    }
    return values


def tread_shot_value(state: GameState, attack: int, urgency: float) -> float:
    """Expected value of one attack of this strength on the treads (always 1-1: 1/3)."""
    o = state.ogre
    orig = MARKS[o.mark].treads
    lost = min(attack, o.treads)
    return (tread_value(o.treads, orig) - tread_value(o.treads - lost, orig)) * urgency / 3.0


def tread_urgency(state: GameState) -> float:
    """Treads matter more as the Ogre nears the Command Post (and once it cannot be outgunned)."""
    o = state.ogre
    cp = state.command_post
    if cp is None or not o.on_map:
        return 1.0
    d = ogre_distance_to(state.board, (cp.hex,)).get(o.hex, 30)
    reach = max((W_RANGE[i] for i in range(4) if o.weapons[i] and i != AP), default=1)
    gap = d - reach          # hexes it still has to cover before it can fire at the CP
    return 1.0 + max(0.0, (9 - gap) / 4.5)


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


def plan_groups(state: GameState, shots: list[Shooter], smart: bool = True
                ) -> list[tuple[Weapon, tuple[Shooter, ...]]]:
    """Groups of shooters and the part each aims at, most valuable first."""
    o = state.ogre
    if not shots or not o.on_map:
        return []
    counts = {Weapon.MISSILE: o.weapons[MISSILE], Weapon.MAIN: o.weapons[MAIN],
              Weapon.SECONDARY: o.weapons[SECONDARY], Weapon.AP: o.weapons[AP]}
    if not smart:
        return _plan_everything(state, shots, counts)
    values = part_values(state)
    urgency = tread_urgency(state)
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
                cost = sum(tread_shot_value(state, m.attack, urgency) if o.treads else 0.0
                           for m in members)
                gain = px * values[part] - cost
                if best is None or gain > best[0]:
                    best = (gain, part, members)
        if best is None or best[0] <= 0:
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
    o = state.ogre
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
    o = state.ogre
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
