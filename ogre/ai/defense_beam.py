"""The look ahead's search over the units' own moves (issue 32): a beam over the units in turn.

The style plans of defense_lookahead.py are all the Med planner with its weights varied, and
no judge of them holds the Hi Ogre well (docs/computer-players.md). Here each unit brings a
few moves of its own (stay, the best firing hexes, waiting hexes out of the Ogre's reach but
within striking distance of where it is going, a screening hex on its path to the Command Post,
a GEV's strike and withdraw) and a beam keeps the best `width` partial deployments as the units
are placed in turn, strongest first. A deployment is judged by `value`: the treads it can take
now, then the Ogre's reply as a greedy gunner with the weapons it has (one shot each, so the
number of units in its reach matters, not only each one's danger), then what the survivors can
fire next turn and later. The
work is counted (units x moves x width), never timed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.game import must_leave
from ..rules.hexes import DISTANCE, distance
from ..rules.movement import defender_allowance, defender_reach
from ..rules.sides import ogre_in_play
from ..rules.state import GameState, Piece
from ..rules.units import STATS, Kind
from .analysis import (
    AP,
    MAIN,
    MISSILE,
    SECONDARY,
    W_ATTACK,
    W_RANGE,
    fire_zone,
    ogre_approach,
    ogre_danger,
    ogre_distance_to,
    p_x_d,
    piece_reach,
    piece_value,
    race_time,
)
from .minelaying import off_own_mines

Deployment = tuple[tuple[int, int], ...]     # (piece id, hex) for the units placed so far


@dataclass
class View:
    """What the judge needs of this turn, worked out once."""

    state: GameState
    ends: tuple[int, ...]            # the Ogre's likely end hexes next turn (a few)
    approach: dict[int, int]
    guns: tuple[tuple[int, int, float], ...]   # (attack, range, weight) per Ogre weapon
    later: float                     # turns of fire after the next one (race time, capped)
    gev_exit: dict[int, int]         # a GEV's hex after its second move, by its firing hex


def ogre_guns(weapons: tuple[int, int, int, int], missile_weight: float
              ) -> tuple[tuple[int, int, float], ...]:
    """Every Ogre weapon as (attack, range, weight), strongest first; AP is marked by range 1.
    Missiles count `missile_weight` each: the Ogre keeps some back."""
    out = []
    for i, weight in ((MISSILE, missile_weight), (MAIN, 1.0), (SECONDARY, 1.0), (AP, 1.0)):
        out += [(W_ATTACK[i], W_RANGE[i], weight)] * weapons[i]
    return tuple(out)


def make_view(s: GameState, ends: tuple[int, ...], k) -> View:
    o = ogre_in_play(s)
    pick = ends if len(ends) <= 3 else (ends[0], ends[len(ends) // 2], ends[-1])
    return View(s, pick, ogre_approach(s.board, o.hex, o.move_value),
                ogre_guns(o.weapons, k.beam_missiles),
                max(0.0, race_time(s) - 1.0), {})


def gev_exit(v: View, h: int) -> int:
    """Where a GEV that fired from h withdraws with its second move: the least exposed hex."""
    found = v.gev_exit.get(h)
    if found is None:
        s = v.state
        reach = piece_reach(s.board, Kind.GEV, h, STATS[Kind.GEV].second_move)
        found = min(sorted(reach), key=lambda x: (ogre_danger(s, x, Kind.GEV, v.approach),
                                                  min(DISTANCE[x][e] for e in v.ends)))
        v.gev_exit[h] = found
    return found


def _kill(attack: int, p_kind: Kind, squads: int) -> float:
    """A shot's expected loss as a share of the target: X destroys, D disables armor (half
    its worth: a turn lost) and takes one squad of infantry."""
    defense = squads if p_kind is Kind.INFANTRY else STATS[p_kind].defense
    px, pd = p_x_d(attack, defense)
    return px + (pd / squads if p_kind is Kind.INFANTRY else 0.5 * pd)


def value(v: View, spots: dict[int, int], k) -> float:
    """The deployment's worth in treads: taken now, plus what the survivors of the Ogre's
    reply can take next turn and later (its worst end hex weighted with the average)."""
    s = v.state
    o = ogre_in_play(s)
    now = 0.0
    units = []
    for p in s.pieces:
        if p.kind is Kind.CP:
            continue
        h = spots.get(p.id, p.hex)
        fires = not p.disabled and distance(h, o.hex) <= p.range
        if fires:
            now += p.attack / 3.0
        after = gev_exit(v, h) if p.kind is Kind.GEV and not p.disabled else h
        units.append((p, after))
    results = []
    for e in v.ends:
        row = DISTANCE[e]
        alive = {p.id: 1.0 for p, _ in units}
        for attack, rng, weight in v.guns:
            best, best_gain = None, 0.0
            for p, h in units:
                if row[h] > rng or (rng == 1 and p.kind is not Kind.INFANTRY):
                    continue
                gain = piece_value(p) * alive[p.id] * _kill(attack, p.kind, p.squads)
                if gain > best_gain:
                    best, best_gain = p, gain
            if best is not None:
                alive[best.id] *= 1.0 - weight * _kill(attack, best.kind, best.squads)
        nxt = later = 0.0
        for p, h in units:
            a = alive[p.id] * p.attack / 3.0
            if p.kind is Kind.HOWITZER:
                reach = row[h] <= p.range
            else:
                reach = e in fire_zone(s.board, p.kind, h)
            nxt += a if reach else 0.0
            later += a
        results.append(nxt + k.beam_later * v.later * later)
    return now + 0.5 * min(results) + 0.5 * sum(results) / len(results)


def moves(v: View, s: GameState, p: Piece, taken: dict[int, list[Piece]], leaving: int | None,
          may_share) -> list[int]:
    """The few hexes this unit is offered: stay, fire now, wait, screen."""
    o = ogre_in_play(s)
    left = defender_allowance(p, s.phase, s.options) - p.moved
    reach = [p.hex] + off_own_mines(s, p, sorted(h for h in defender_reach(s, p, left)
                                              if h != o.hex))
    if leaving == p.id and len(reach) > 1:
        reach = reach[1:]
    free = [h for h in reach if not taken.get(h) or may_share(p, taken[h])]
    if not free:
        return [p.hex]
    st = STATS[p.kind]

    def danger(h: int) -> float:
        x = gev_exit(v, h) if p.kind is Kind.GEV else h
        return ogre_danger(s, x, p.kind, v.approach)

    def cover(h: int) -> int:
        return sum(1 for e in v.ends if e in fire_zone(s.board, p.kind, h))

    out = [free[0]]
    firing = [h for h in free if distance(h, o.hex) <= st.range]
    out += sorted(firing, key=lambda h: (danger(h), -distance(h, o.hex), h))[:2]
    waiting = [h for h in free if distance(h, o.hex) > st.range]
    out += sorted(waiting, key=lambda h: (-cover(h) + 2.0 * danger(h), h))[:2]
    safe = [h for h in waiting if danger(h) == 0.0]
    out += sorted(safe, key=lambda h: (-cover(h), h))[:1]
    cp = s.command_post
    if cp is not None and p.kind is not Kind.GEV:
        to_cp = ogre_distance_to(s.board, (cp.hex,))
        path = [h for h in free if to_cp.get(h, 99) < to_cp.get(o.hex, 99)
                and to_cp.get(h, 99) + distance(h, o.hex) <= to_cp.get(o.hex, 99) + 1]
        out += sorted(path, key=lambda h: (to_cp.get(h, 99), h))[:1]
    if p.kind is Kind.INFANTRY:
        out += [h for h in free if taken.get(h)][:2]          # stacks
    return list(dict.fromkeys(out))                           # each once, in order


def beam_deployments(player, s: GameState, ends: tuple[int, ...]) -> list[dict[int, int]]:
    """The best `beam_keep` deployments of the movers (piece id -> hex), best first."""
    k = player.skill
    v = make_view(s, ends, k)
    movers = sorted((p for p in s.pieces if player._can_move(s, p)),
                    key=lambda p: (-p.attack, p.id))
    mover_ids = {p.id for p in movers}
    leave = must_leave(s)
    leaving = leave.id if leave is not None else None
    fixed: dict[int, list[Piece]] = {}
    for p in s.pieces:
        if p.id not in mover_ids:
            fixed.setdefault(p.hex, []).append(p)
    beam: list[tuple[float, Deployment]] = [(0.0, ())]
    for i, p in enumerate(movers):
        grown: list[tuple[float, Deployment]] = []
        for _, dep in beam:
            taken = {h: list(ps) for h, ps in fixed.items()}
            for q in movers[i + 1:]:
                taken.setdefault(q.hex, []).append(q)       # not placed yet: still there
            placed = dict(dep)
            for q in movers[:i]:
                taken.setdefault(placed[q.id], []).append(q)
            for h in moves(v, s, p, taken, leaving, player._may_share):
                spots = {**placed, p.id: h}
                grown.append((value(v, spots, k), dep + ((p.id, h),)))
        grown.sort(key=lambda x: -x[0])
        beam = grown[:k.beam]
    return [dict(dep) for _, dep in beam[:k.beam_keep]]
