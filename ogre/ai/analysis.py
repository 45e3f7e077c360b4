"""What both computer players need to know about a position: distances, reach, threats, values.

Everything here is a pure function of the board and the pieces; the expensive maps are cached
per board (boards are immutable and hashable).
"""

from __future__ import annotations

from functools import lru_cache

from ..rules.board import Board
from ..rules.hexes import ALL_HEXES, BOTTOM_ROW, DISTANCE, within
from ..rules.sides import ogre_in_play
from ..rules.state import GameState, Piece
from ..rules.units import CP, INFANTRY, STATS, WEAPON_STATS, WEAPONS, Kind

MISSILE, MAIN, SECONDARY, AP = range(4)
W_ATTACK = tuple(WEAPON_STATS[w].attack for w in WEAPONS)    # 6, 4, 3, 1
W_RANGE = tuple(WEAPON_STATS[w].range for w in WEAPONS)      # 5, 3, 2, 1
W_DEFENSE = tuple(WEAPON_STATS[w].defense for w in WEAPONS)  # 3, 4, 3, 1

# What a defender is worth to the Ogre (and to the defence): roughly the damage it will still do.
UNIT_VALUE = {
    Kind.HEAVY: 6.0,
    Kind.MISSILE: 5.0,
    Kind.HOWITZER: 10.0,
    Kind.GEV: 4.5,
    Kind.INFANTRY: 1.6,      # per squad
    Kind.CP: 200.0,
}

# Probability of X and of D per odds column, in sixths (C2, C3).
_P = {
    "<1-2": (0, 0), "1-2": (1, 1), "1-1": (2, 2), "2-1": (3, 2), "3-1": (4, 2), "4-1": (5, 1),
    "5-1": (6, 0),
}


def column(attack: int, defense: int) -> str:
    if defense <= 0:
        return "5-1"
    if attack * 2 < defense:
        return "<1-2"
    if attack < defense:
        return "1-2"
    r = attack // defense
    return "5-1" if r >= 5 else f"{r}-1"


def p_x_d(attack: int, defense: int) -> tuple[float, float]:
    """(P(X), P(D)) for one attack."""
    x, d = _P[column(attack, defense)]
    return x / 6.0, d / 6.0


def piece_value(p: Piece) -> float:
    v = UNIT_VALUE[p.kind]
    return v * p.squads if p.kind is Kind.INFANTRY else v


def acts_next_defense(state: GameState, p: Piece) -> bool:
    """During the Ogre's turn: will this piece move and fire in the coming defence phases?"""
    return p.disabled_turn == 0 or p.disabled_turn < state.turn


# ------------------------------------------------------------------ distances for the Ogre

@lru_cache(maxsize=768)
def step_distance_map(board: Board, targets: frozenset[int],
                      crosses_rubble: bool) -> dict[int, int]:
    """Steps from every hex to the nearest target, around craters (and rubble unless it crosses
    it), pieces ignored: straight-line distance would strand a mover behind rubble."""
    dist = {t: 0 for t in targets if t not in board.craters}
    frontier = list(dist)
    d = 0
    while frontier:
        d += 1
        nxt = []
        for h in frontier:
            for n in board.steps(h, crosses_rubble):
                if n not in dist:
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    return dist


def ogre_distance_map(board: Board, targets: frozenset[int]) -> dict[int, int]:
    """Ogre steps (craters avoided, rubble crossed, pieces ignored) from every hex to the
    targets."""
    return step_distance_map(board, targets, True)


def ogre_distance_to(board: Board, targets) -> dict[int, int]:
    if type(targets) is tuple and len(targets) == 1:
        # One hex, the Command Post's, asked for at every node of a search: kept by hex.
        key = (board, targets[0])
        found = _TO_ONE_HEX.get(key)
        if found is None:
            if len(_TO_ONE_HEX) > 2048:
                _TO_ONE_HEX.clear()
            found = _TO_ONE_HEX[key] = ogre_distance_map(board, frozenset(targets))
        return found
    return ogre_distance_map(board, frozenset(targets))


_TO_ONE_HEX: dict[tuple[Board, int], dict[int, int]] = {}


def exit_distance(board: Board) -> dict[int, int]:
    return ogre_distance_map(board, BOTTOM_ROW)


@lru_cache(maxsize=4096)
def open_reach(board: Board, start: int, budget: int) -> frozenset[int]:
    """Hexes the Ogre could step to within `budget` moves, pieces ignored (start included)."""
    seen = {start}
    frontier = [start]
    for _ in range(budget):
        frontier = [n for h in frontier for n in board.steps(h, True) if n not in seen]
        seen.update(frontier)
    return frozenset(seen)


@lru_cache(maxsize=2048)
def ogre_approach(board: Board, start: int, budget: int) -> dict[int, int]:
    """For every hex: the least hex distance the Ogre can be from it after moving `budget`."""
    reach = open_reach(board, start, budget)
    out = {}
    for h in ALL_HEXES:
        out[h] = min(map(DISTANCE[h].__getitem__, reach))     # the least distance(h, r)
    return out


# ------------------------------------------------------------------ defenders' reach

@lru_cache(maxsize=8192)
def piece_reach(board: Board, kind: Kind, start: int, budget: int) -> frozenset[int]:
    """Hexes a defender can end on within `budget` (start included), pieces and the Ogre ignored."""
    crosses = kind is Kind.INFANTRY
    seen = {start}
    frontier = [start]
    for _ in range(budget):
        frontier = [n for h in frontier for n in board.steps(h, crosses) if n not in seen]
        seen.update(frontier)
    return frozenset(seen)


@lru_cache(maxsize=256)
def fire_distance(board: Board, kind: Kind, ogre_hexes: tuple[int, ...]) -> dict[int, int]:
    """Steps a defender of this kind needs from every hex to one it could fire from at any of
    `ogre_hexes` (cached: the defence scores every candidate hex of every unit against it)."""
    rng = STATS[kind].range
    zone = frozenset(x for o in ogre_hexes for x in within(o, rng))
    return step_distance_map(board, zone, kind is Kind.INFANTRY)


def steps_to_fire(board: Board, kind: Kind, h: int, ogre_hexes: tuple[int, ...]) -> int:
    """Steps from h to the nearest hex this kind could fire from at any of `ogre_hexes`."""
    return fire_distance(board, kind, ogre_hexes).get(h, 99)


@lru_cache(maxsize=8192)
def fire_zone(board: Board, kind: Kind, start: int) -> frozenset[int]:
    """Hexes from which this defender could fire on an Ogre standing there, next defence turn."""
    st = STATS[kind]
    if st.attack == 0 and kind is not Kind.INFANTRY:
        return frozenset()
    hexes = piece_reach(board, kind, start, st.move) if st.move else (start,)
    zone: set[int] = set()
    for h in hexes:
        zone.update(within(h, st.range))
    return frozenset(zone)


def threats_at(state: GameState, h: int) -> list[Piece]:
    """Defenders that could fire on an Ogre ending its move on h (during the Ogre's turn)."""
    board = state.board
    turn = state.turn
    return [p for p in state.pieces
            if p.kind is not CP and (p.disabled_turn == 0 or p.disabled_turn < turn)  # acts next
            and h in fire_zone(board, p.kind, p.hex)]


# ------------------------------------------------------------------ the Ogre's threat to defenders

def ogre_danger(state: GameState, h: int, kind: Kind, approach: dict[int, int] | None = None,
                ends: tuple[int, ...] = (), focus: float = 0.0) -> float:
    """How dangerous hex h is for a defender of this kind next Ogre turn, 0 (safe) to about 1.5.

    Each Ogre weapon that could reach h after the Ogre's move adds its weight. With `ends` (the
    hexes the Ogre is likely to end on) and `focus` > 0, a weapon that reaches h only if the
    Ogre turns aside from its course counts for less: (1 - focus) of it.
    """
    o = ogre_in_play(state)
    if not o.on_map:
        return 0.0
    if approach is None:
        approach = ogre_approach(state.board, o.hex, o.move_value)
    d = approach[h]
    de = min(map(DISTANCE[h].__getitem__, ends), default=d) if focus else d

    # A weapon's weight: 0 if it cannot reach h, 1 if it can from where the Ogre is going,
    # `aside` if only by turning aside (written out below, as this is asked very often).
    aside = 1.0 - focus
    w = o.weapons
    danger = 0.0
    if d == 0 and kind is not INFANTRY and o.move_value > 0:
        danger += 0.6 * (1.0 if de <= 0 else aside)            # it can ram us
    if w[MAIN]:
        r = W_RANGE[MAIN]
        danger += 0.3 * (0.0 if d > r else 1.0 if de <= r else aside)
    if w[SECONDARY]:
        r = W_RANGE[SECONDARY]
        danger += 0.15 * w[SECONDARY] * (0.0 if d > r else 1.0 if de <= r else aside)
    if w[AP] and (kind is INFANTRY or kind is CP):
        r = W_RANGE[AP]
        danger += 0.1 * min(4, w[AP]) * (0.0 if d > r else 1.0 if de <= r else aside)
    if w[MISSILE]:
        r = W_RANGE[MISSILE]
        danger += 0.15 * w[MISSILE] * (0.0 if d > r else 1.0 if de <= r else aside)
    return danger


# ------------------------------------------------------------------ the race to the Command Post

RACE_CAP = 8.0


def cp_range(weapons: tuple[int, int, int, int]) -> int:
    """How far from the CP the Ogre must come to destroy it: its longest weapon (0: it must ram)."""
    for i in (MISSILE, MAIN, SECONDARY, AP):
        if weapons[i]:
            return W_RANGE[i]
    return 0


def race_time(state: GameState, treads: int | None = None,
              weapons: tuple[int, int, int, int] | None = None) -> float:
    """Turns (smoothed) before the Ogre can destroy the Command Post, capped at RACE_CAP.

    The Ogre must cover its path distance to the CP less its longest range at 3, 2 or 1 hexes
    a turn (U3). Between two speed thresholds the time is interpolated, so every tread shot
    counts for its share of the next slow-down; the last band runs up to RACE_CAP (stopped).
    """
    o = ogre_in_play(state)
    cp = state.command_post
    if cp is None or not o.on_map:
        return RACE_CAP
    treads = o.treads if treads is None else treads
    weapons = o.weapons if weapons is None else weapons
    d = ogre_distance_to(state.board, (cp.hex,)).get(o.hex, 40)
    gap = max(0, d - cp_range(weapons))
    if gap == 0:
        return 0.0
    if treads <= 0:
        return RACE_CAP
    full = MARKS_TREADS.get(o.mark, 45)
    band = full / 3.0
    # Times at the band edges: 0 treads (stopped), a third (1 hex a turn), two thirds, all.
    edges = (RACE_CAP, min(RACE_CAP, gap / 1.0), min(RACE_CAP, gap / 2.0), min(RACE_CAP, gap / 3.0))
    x = min(3.0, treads / band)
    i = min(2, int(x))
    frac = x - i
    return edges[i] + (edges[i + 1] - edges[i]) * frac


from ..rules.units import MARKS as _MARKS  # noqa: E402

MARKS_TREADS = {m: v.treads for m, v in _MARKS.items()}


def race_margin(state: GameState, utilisation: float = 0.5) -> float:
    """The defence's outlook, in treads: the treads it can expect to take before the Ogre can
    reach the Command Post, less the treads the Ogre has. Positive: the defence is winning.

    The defence fires a share of its attack each turn, at 1-1 on the treads (a third of the
    attack), while the Ogre's guns thin it out; the race time comes from race_time().
    """
    o = ogre_in_play(state)
    if state.over:
        return 100.0 if state.command_post is not None and not o.exited else -100.0
    if state.command_post is None:
        return -100.0
    t = race_time(state)
    attack = float(sum(p.attack for p in state.pieces if p.kind is not Kind.CP))
    w = o.weapons
    kill_rate = 0.5 * (W_ATTACK[MAIN] * w[MAIN] + W_ATTACK[SECONDARY] * w[SECONDARY]
                       + 0.5 * W_ATTACK[MISSILE] * w[MISSILE] + 0.3 * w[AP])
    damage = 0.0
    turn = 0.0
    while turn <= t + 0.5 and attack > 0:
        share = min(1.0, t + 0.5 - turn)
        damage += share * utilisation * attack / 3.0
        attack -= kill_rate
        turn += 1.0
    return damage - o.treads


def falls_next_turn(state: GameState, treads: int | None = None,
                    weapons: tuple[int, int, int, int] | None = None) -> bool:
    """Could the Ogre (with these treads and weapons) destroy the Command Post on its next turn?"""
    o = ogre_in_play(state)
    cp = state.command_post
    if cp is None or not o.on_map:
        return False
    treads = o.treads if treads is None else treads
    weapons = o.weapons if weapons is None else weapons
    from ..rules.units import ogre_move_value
    speed = ogre_move_value(treads, MARKS_TREADS.get(o.mark, 45))
    d = ogre_distance_to(state.board, (cp.hex,)).get(o.hex, 40)
    return d - cp_range(weapons) <= speed
