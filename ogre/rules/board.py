"""The battlefield's terrain: craters, rubble hexsides, areas and the crater line."""

from __future__ import annotations

from collections.abc import KeysView
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias

from .hexes import ALL_HEXES, NEIGHBOURS, col_row, hex_id

if TYPE_CHECKING:
    from .actions import Move

# A reach map: hex -> steps to get there. Keyed (start, budget, crosses rubble[, Ogre hex]).
Reach: TypeAlias = dict[int, int]
ReachKey: TypeAlias = tuple[int, ...]
# legal.py's answer for a piece: (its Move values, reach.keys(), reach), keyed by its id too.
MovesAndReach: TypeAlias = "tuple[tuple[Move, ...], KeysView[int], Reach]"

OBSTRUCTED_LAST_ROW = 16   # rows 01-16 obstructed, 17-22 clear (B1)
CRATER_LINE_ROW = 7        # a hex of row 07 or less is on or behind the crater line


def side(a: int, b: int) -> tuple[int, int]:
    """A hexside as an ordered pair of the two hexes it separates."""
    return (a, b) if a < b else (b, a)


def in_clear_area(h: int) -> bool:
    return col_row(h)[1] > OBSTRUCTED_LAST_ROW


def behind_crater_line(h: int) -> bool:
    """On or behind (north of) the crater line."""
    return col_row(h)[1] <= CRATER_LINE_ROW


@dataclass(frozen=True)
class Board:
    """Terrain only; pieces live in the game state."""

    craters: frozenset[int]
    rubble: frozenset[tuple[int, int]]
    # Precomputed step tables: armor may not cross rubble, the Ogre and infantry may.
    _open_steps: dict[int, tuple[int, ...]] = field(
        init=False, repr=False, compare=False, hash=False)
    _armor_steps: dict[int, tuple[int, ...]] = field(
        init=False, repr=False, compare=False, hash=False)
    # Defender reach ignoring the Ogre (movement.defender_reach) and the Move values made from
    # it (legal.legal_actions): terrain-only answers, shared by every state on this board.
    # The near caches hold the same beside the Ogre, keyed by its hex too, and are bounded.
    _reach_cache: dict[ReachKey, Reach] = field(init=False, repr=False, compare=False, hash=False)
    _moves_cache: dict[ReachKey, MovesAndReach] = field(
        init=False, repr=False, compare=False, hash=False)
    _near_cache: dict[ReachKey, Reach] = field(init=False, repr=False, compare=False, hash=False)
    _near_moves_cache: dict[ReachKey, MovesAndReach] = field(
        init=False, repr=False, compare=False, hash=False)
    # Defender reach among several Ogres, keyed by all their hexes (bounded too).
    _among_cache: dict[tuple[int, int, bool, frozenset[int]], Reach] = field(
        init=False, repr=False, compare=False, hash=False)
    # Hexes the Ogre could pass through, by (start, budget); its reach, by those and who stands
    # there.
    _ogre_near: dict[tuple[int, int], frozenset[int]] = field(
        init=False, repr=False, compare=False, hash=False)
    _ogre_reach_cache: dict[tuple[int, int, frozenset[int]], Reach] = field(
        init=False, repr=False, compare=False, hash=False)
    _hash: int | None = field(default=None, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        open_steps: dict[int, tuple[int, ...]] = {}
        armor_steps: dict[int, tuple[int, ...]] = {}
        for h in ALL_HEXES:
            nbrs = tuple(n for n in NEIGHBOURS[h] if n not in self.craters)
            open_steps[h] = nbrs
            armor_steps[h] = tuple(n for n in nbrs if side(h, n) not in self.rubble)
        object.__setattr__(self, "_open_steps", open_steps)
        object.__setattr__(self, "_armor_steps", armor_steps)
        object.__setattr__(self, "_reach_cache", {})
        object.__setattr__(self, "_moves_cache", {})
        object.__setattr__(self, "_near_cache", {})
        object.__setattr__(self, "_near_moves_cache", {})
        object.__setattr__(self, "_among_cache", {})
        object.__setattr__(self, "_ogre_near", {})
        object.__setattr__(self, "_ogre_reach_cache", {})

    def __hash__(self) -> int:
        # The hash dataclass would write, kept: the computer players' caches are keyed by boards.
        h = self._hash
        if h is None:
            h = hash((self.craters, self.rubble))
            object.__setattr__(self, "_hash", h)
        return h

    def steps(self, h: int, crosses_rubble: bool) -> tuple[int, ...]:
        """Neighbours a unit can step into from h (never a crater)."""
        return (self._open_steps if crosses_rubble else self._armor_steps)[h]

    def is_crater(self, h: int) -> bool:
        return h in self.craters

    def has_rubble(self, a: int, b: int) -> bool:
        return side(a, b) in self.rubble

    def with_crater(self, h: int, present: bool) -> Board:
        craters = self.craters | {h} if present else self.craters - {h}
        return Board(frozenset(craters), self.rubble)

    def with_rubble(self, a: int, b: int, present: bool) -> Board:
        s = side(a, b)
        rubble = self.rubble | {s} if present else self.rubble - {s}
        return Board(self.craters, frozenset(rubble))


EMPTY_BOARD = Board(frozenset(), frozenset())


def board_from_ids(craters: list[str], rubble: list[list[str]]) -> Board:
    """Build a board from CCRR strings, as stored in fields/ and saves."""
    return Board(
        frozenset(int(c) for c in craters),
        frozenset(side(int(a), int(b)) for a, b in rubble),
    )


def edge_craters(board: Board) -> list[int]:
    """Craters in the leftmost and rightmost columns (the crater line's ends)."""
    return sorted(h for h in board.craters if col_row(h)[0] in (1, 15))


__all__ = [
    "Board", "EMPTY_BOARD", "board_from_ids", "side", "in_clear_area", "behind_crater_line",
    "hex_id", "edge_craters", "OBSTRUCTED_LAST_ROW", "CRATER_LINE_ROW",
]
