"""Where the computer lays a defense's mines (8.03): across the Ogre's likeliest ways to the
Command Post, far out; and, once laid, never where its own units go.

Every bottom-row hex the Ogre may enter by has its shortest ways to the CP; a hex on the ways of
many entries is one the Ogre is likely to cross, wherever it comes in. The computer lays its
mines on the most crossed hexes ten to eighteen hexes from the CP: there the Ogre crosses them
before the defense's units meet it, so the units need none of those hexes (laid four to twelve
out, the mines took the hexes the units fought from, and cost the defense more than the Ogre:
docs/computer-players.md). None two to a hex nor beside another, so that one way round does not
miss them all; the seed picks among equals, so that two battles do not have the same minefield.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..rules.board import Board
from ..rules.field import Field, ogre_entries
from ..rules.hexes import ALL_HEXES, NEIGHBOURS
from ..rules.minefield import way
from ..rules.state import GameState, Piece
from ..rules.units import CP
from .analysis import ogre_distance_map

NEAREST, FURTHEST = 10, 18       # hexes from the CP where mines are laid


def with_mines(field: Field, count: int, seed: int) -> Field:
    """The field with its mines made up to `count` (those it has are kept)."""
    missing = count - len(field.mines)
    cp = next((p.hex for p in field.placements if p.kind is CP), 0)
    if missing <= 0 or not cp:
        return field
    laid = list(field.mines)
    taken = {p.hex for p in field.placements} | set(field.ogres) | set(laid)
    rng = random.Random(seed * 40_503 + count)
    crossed = _crossings(field.board, cp, ogre_entries(field))
    ranked = sorted(crossed, key=lambda h: (-crossed[h], rng.random()))
    for h in ranked:
        if len(laid) >= count:
            break
        if h not in taken and not any(n in laid for n in NEIGHBOURS[h]):
            laid.append(h)
    spare = [h for h in ALL_HEXES if h not in field.board.craters and h not in taken
             and h not in laid]
    rng.shuffle(spare)
    laid += spare[:count - len(laid)]              # a field with few ways: anywhere else
    return replace(field, mines=tuple(laid))


def off_own_mines(s: GameState, p: Piece, hexes: list[int]) -> list[int]:
    """The hexes a defense's unit may move to, less those whose way (round the found mines,
    as the rules take it) crosses a mine of its own or ends on one: it knows where they lie,
    and would roll for each as the Ogre does."""
    mined = s.secrets.mines
    if not mined:
        return hexes
    found = s.secrets.found
    return [h for h in hexes
            if h not in mined and mined.isdisjoint(way(s, p.id, p.hex, h, found))]


def _crossings(board: Board, cp: int, entries: list[int]) -> dict[int, int]:
    """For each hex NEAREST to FURTHEST from the CP, the entries with a shortest way through
    it (the Ogre crosses rubble, never a crater)."""
    from_cp = ogre_distance_map(board, frozenset((cp,)))
    out: dict[int, int] = {}
    for e in entries:
        if e not in from_cp:
            continue
        from_e = ogre_distance_map(board, frozenset((e,)))
        whole = from_cp[e]
        for h, d in from_e.items():
            near = from_cp.get(h)
            if near is not None and NEAREST <= near <= FURTHEST and d + near == whole:
                out[h] = out.get(h, 0) + 1
    return out
