"""Where a piece can go: reach and shortest legal paths (M1-M3), ram and overrun targets.

A defender may pass through friendly pieces but never through the Ogre; the
Ogre passes only through empty hexes, and moving onto a defender rams or
overruns it. Rubble stops everything but the Ogre and infantry (B3).
"""

from __future__ import annotations

from collections.abc import Container, Iterable

from .board import Board, Reach, ReachKey
from .command_post import defender_allowance as defender_allowance
from .hexes import DISTANCE
from .state import GameState, Piece
from .units import INFANTRY


def defender_reach(state: GameState, p: Piece, budget: int) -> dict[int, int]:
    """Hexes a defender can end on within `budget`, with the steps it takes to get there.

    The answer is shared (cached per board): read it, never change it."""
    board = state.board
    ogres = state.ogres
    crosses = p.kind is INFANTRY
    if len(ogres) > 1:
        return _reach_among(state, p, budget, crosses)
    ogre_hex = ogres[0].hex
    key: ReachKey
    if not ogre_hex or DISTANCE[p.hex][ogre_hex] >= budget:
        # The Ogre is too far away to be in the way: the terrain alone decides.
        cache = board._reach_cache
        key = (p.hex, budget, crosses)
    else:
        # Near the Ogre the answer depends on its hex as well; these are kept only a while.
        cache = board._near_cache
        key = (p.hex, budget, crosses, ogre_hex)
        if len(cache) > NEAR_CACHE_SIZE:
            cache.clear()
    found = cache.get(key)
    if found is None:
        found = cache[key] = _reach(board, p.hex, budget, crosses, (ogre_hex,))
    return found


def _reach_among(state: GameState, p: Piece, budget: int, crosses: bool) -> dict[int, int]:
    """defender_reach in a battle of several Ogres: each Ogre's hex a destination, never a way
    through, kept a while by all their hexes."""
    stops = frozenset([o.hex for o in state.ogres if o.hex])
    cache = state.board._among_cache
    key = (p.hex, budget, crosses, stops)
    found = cache.get(key)
    if found is None:
        if len(cache) > NEAR_CACHE_SIZE:
            cache.clear()
        found = cache[key] = _reach(state.board, p.hex, budget, crosses, stops)
    return found


NEAR_CACHE_SIZE = 4096   # reach maps near the Ogre kept per board (each a few dozen hexes)


def _reach(board: Board, p_hex: int, budget: int, crosses: bool,
           stops: Container[int]) -> dict[int, int]:
    seen = {p_hex: 0}
    frontier = [p_hex]
    for step in range(1, budget + 1):
        nxt = []
        for h in frontier:
            for n in board.steps(h, crosses):
                if n in seen:
                    continue
                seen[n] = step
                # An Ogre's hex is a destination (ram it, or infantry joins it), never a way
                # through.
                if n not in stops:
                    nxt.append(n)
        frontier = nxt
        if not frontier:
            break
    del seen[p_hex]
    return seen


def ogre_reach(state: GameState, budget: int, start: int | None = None) -> dict[int, int]:
    """Hexes an Ogre (at `start`, the battle's one Ogre's hex unless given) can move onto
    within `budget`: empty ones, and defenders to ram or overrun.

    The answer is kept per board: it depends only on which hexes the Ogre could pass through
    (those fewer than `budget` steps away) hold a defender. Read it, never change it."""
    board = state.board
    if start is None:
        start = state.ogre.hex
    occupancy = state._occupancy()
    near = board._ogre_near.get((start, budget))
    if near is None:
        near = board._ogre_near[(start, budget)] = _terrain_ball(board, start, budget - 1)
    key = (start, budget, frozenset(near.intersection(occupancy)))
    cache = board._ogre_reach_cache
    found = cache.get(key)
    if found is None:
        if len(cache) > NEAR_CACHE_SIZE:
            cache.clear()
        found = cache[key] = _ogre_bfs(board, start, budget, occupancy)
    return found


def _terrain_ball(board: Board, start: int, steps: int) -> frozenset[int]:
    """Hexes 1..steps Ogre steps from start, pieces ignored."""
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        frontier = [n for h in frontier for n in board.steps(h, True) if n not in seen]
        seen.update(frontier)
    seen.discard(start)
    return frozenset(seen)


def _ogre_bfs(board: Board, start: int, budget: int, occupancy: Container[int]) -> Reach:
    seen = {start: 0}
    frontier = [start]
    for step in range(1, budget + 1):
        nxt = []
        for h in frontier:
            for n in board.steps(h, True):
                if n in seen:
                    continue
                seen[n] = step
                if n not in occupancy:   # a defender's hex ends the path: that step is the ram
                    nxt.append(n)
        frontier = nxt
        if not frontier:
            break
    del seen[start]
    return seen


def reaches_command_post(board: Board, cp_hex: int, starts: Iterable[int]) -> bool:
    """Can an Ogre (crossing rubble, never craters) get from any of `starts` to the CP? (E8)"""
    todo = [h for h in starts if h not in board.craters]
    seen = set(todo)
    while todo:
        h = todo.pop()
        if h == cp_hex:
            return True
        for n in board.steps(h, True):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return False


def range_umbrella(board: Board, h: int, move: int, attack_range: int) -> tuple[set[int], set[int]]:
    """S2: hexes within the move value (rubble disregarded, craters not) in green, and the
    hexes that could be fired on from there in blue."""
    from .hexes import within
    green = {h}
    frontier = [h]
    for _ in range(move):
        frontier = [n for x in frontier for n in board.steps(x, True) if n not in green]
        green.update(frontier)
    blue: set[int] = set()
    if attack_range:
        for g in green:
            blue.update(within(g, attack_range))
    return green, blue - green
