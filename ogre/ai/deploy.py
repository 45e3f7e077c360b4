"""Seeded standard deployments for the arena (E9): used when no predesigned field is given.

A Mark III deployment: a Command Post, 12 armor units (a howitzer counts 2) and 20 infantry
squads, all in the obstructed area (rows 01-16), none on a crater, and no more than 20 attack
points in front of (south of) the crater line. Mark V: 20 armor units, 30 squads, 40 points.
"""

from __future__ import annotations

import random

from ..rules.board import CRATER_LINE_ROW, OBSTRUCTED_LAST_ROW, Board
from ..rules.field import Field, Placement
from ..rules.hexes import ALL_HEXES, col_row, distance
from ..rules.units import ARMOR, MARKS, STATS, Kind, attack_points

# Armor mixes for 12 units (howitzer = 2); Mark V scales them up.
_MIXES = (
    {Kind.HOWITZER: 2, Kind.HEAVY: 3, Kind.MISSILE: 2, Kind.GEV: 3},
    {Kind.HOWITZER: 1, Kind.HEAVY: 4, Kind.MISSILE: 2, Kind.GEV: 4},
    {Kind.HOWITZER: 2, Kind.HEAVY: 2, Kind.MISSILE: 3, Kind.GEV: 3},
    {Kind.HOWITZER: 1, Kind.HEAVY: 3, Kind.MISSILE: 3, Kind.GEV: 4},
    {Kind.HOWITZER: 1, Kind.HEAVY: 5, Kind.MISSILE: 2, Kind.GEV: 3},
    {Kind.HOWITZER: 0, Kind.HEAVY: 4, Kind.MISSILE: 4, Kind.GEV: 4},
)


def _squads(total: int, rng: random.Random) -> list[int]:
    out = []
    while total > 0:
        n = min(total, rng.choice((3, 3, 3, 2, 2, 1)))
        out.append(n)
        total -= n
    return out


def standard_deployment(board: Board, seed: int, mark: int = 3) -> Field:
    """A legal standard deployment against this Mark, different for each seed."""
    rng = random.Random(seed * 2654435761 + mark)
    m = MARKS[mark]
    mix = dict(rng.choice(_MIXES))
    if mark == 5:
        for k in mix:
            mix[k] = mix[k] * 5 // 3
        while sum(STATS[k].armor_cost * n for k, n in mix.items()) < m.armor_units:
            mix[rng.choice((Kind.HEAVY, Kind.GEV, Kind.MISSILE))] += 1
    free = [h for h in ALL_HEXES if col_row(h)[1] <= OBSTRUCTED_LAST_ROW and h not in board.craters]
    used: set[int] = set()
    placements: list[Placement] = []

    def put(kind: Kind, h: int, squads: int = 1) -> None:
        used.add(h)
        placements.append(Placement(kind, h, squads))

    def pick(ok) -> int:
        cands = [h for h in free if h not in used and ok(h)]
        return rng.choice(cands)

    cp = pick(lambda h: 3 <= col_row(h)[0] <= 13 and col_row(h)[1] <= 3)
    put(Kind.CP, cp)
    for _ in range(mix.get(Kind.HOWITZER, 0)):
        put(Kind.HOWITZER, pick(lambda h: 2 <= distance(h, cp) <= 5 and col_row(h)[1] <= 6))

    mobile = [k for k in (Kind.HEAVY, Kind.MISSILE, Kind.GEV) for _ in range(mix.get(k, 0))]
    infantry = _squads(m.infantry_squads, rng)
    rng.shuffle(mobile)
    forward_budget = m.forward_points
    forward_rows = (CRATER_LINE_ROW + 1, rng.choice((10, 11, 12, 13, OBSTRUCTED_LAST_ROW)))

    def forward_ok(h: int) -> bool:
        return forward_rows[0] <= col_row(h)[1] <= forward_rows[1]

    def rear_ok(h: int) -> bool:
        return col_row(h)[1] <= CRATER_LINE_ROW and distance(h, cp) <= 8

    pieces: list[tuple[Kind, int]] = ([(k, 1) for k in mobile]
                                      + [(Kind.INFANTRY, n) for n in infantry])
    rng.shuffle(pieces)
    forward_share = rng.choice((0.35, 0.5, 0.7))
    for kind, squads in pieces:
        pts = attack_points(kind, squads)
        go_forward = (pts <= forward_budget and rng.random() < forward_share
                      and kind is not Kind.MISSILE)
        if go_forward:
            forward_budget -= pts
            put(kind, pick(forward_ok), squads)
        elif kind is Kind.INFANTRY:
            put(kind, pick(lambda h: rear_ok(h) and distance(h, cp) <= 4), squads)
        else:
            put(kind, pick(rear_ok), squads)
    name = f"Arena deployment {seed} (Mark {'III' if mark == 3 else 'V'})"
    return Field(board, tuple(placements), name)


def defended(field: Field, squads: int = 15) -> Field:
    """A Mark III field made 9.01's (Mark III on Defense): its infantry cut to `squads`, the
    units furthest forward losing theirs first, and the defense's Mark III placed in the
    obstructed area four rows in front of the Command Post (the free hex nearest that)."""
    placements = _cut_infantry(list(field.placements), squads)
    return Field(field.board, tuple(placements), field.name,
                 ogres=(_ogre_spot(field.board, placements),))


def watched(field: Field) -> Field:
    """A Mark III field made 9.03's (Ogre Defending): half the basic force (6 armor units and
    10 squads; the units furthest forward go first) and the watchdog Mark III placed as
    `defended` places 9.01's."""
    placements = _cut_infantry(list(field.placements), 10)
    armor = sorted([p for p in placements if p.kind in ARMOR], key=_forward_first)
    spent = 0
    for p in reversed(armor):                       # the rearmost kept first
        cost = STATS[p.kind].armor_cost
        if spent + cost > 6:
            placements.remove(p)
        else:
            spent += cost
    return Field(field.board, tuple(placements), field.name,
                 ogres=(_ogre_spot(field.board, placements),))


def _forward_first(p: Placement) -> tuple[int, int]:
    return (-col_row(p.hex)[1], p.hex)


def _cut_infantry(placements: list[Placement], squads: int) -> list[Placement]:
    extra = sum(p.squads for p in placements if p.kind is Kind.INFANTRY) - squads
    for p in sorted([p for p in placements if p.kind is Kind.INFANTRY], key=_forward_first):
        if extra <= 0:
            break
        cut = min(extra, p.squads)
        extra -= cut
        i = placements.index(p)
        if cut == p.squads:
            placements.pop(i)
        else:
            placements[i] = Placement(p.kind, p.hex, p.squads - cut)
    return placements


def _ogre_spot(board: Board, placements: list[Placement]) -> int:
    """The free obstructed hex nearest four rows in front of the Command Post."""
    cp = next((p.hex for p in placements if p.kind is Kind.CP), 801)
    col, row = col_row(cp)
    post = col * 100 + min(row + 4, OBSTRUCTED_LAST_ROW)
    taken = {p.hex for p in placements}
    return min((h for h in ALL_HEXES if col_row(h)[1] <= OBSTRUCTED_LAST_ROW
                and h not in board.craters and h not in taken),
               key=lambda h: (distance(h, post), h))
