"""Hex geometry: CCRR ids at the edges, cube coordinates inside.

A hex is an int whose decimal digits are CCRR (0107 is the int 107): readable in
logs and cheap to hash. Columns are flat-topped and odd columns sit half a hex
further south (shared/data/README.md), which is Red Blob's "even-q" layout once
columns are counted from zero.

>>> hex_id(1, 7)
107
>>> distance(hex_id(1, 1), hex_id(2, 1))
1
>>> distance(hex_id(1, 1), hex_id(15, 21))
27
"""

from __future__ import annotations

from functools import cache

COLUMNS = 15
ODD_COLUMN_ROWS = 21
EVEN_COLUMN_ROWS = 22


def hex_id(col: int, row: int) -> int:
    return col * 100 + row


def col_row(h: int) -> tuple[int, int]:
    return divmod(h, 100)


def rows_in_column(col: int) -> int:
    return ODD_COLUMN_ROWS if col % 2 else EVEN_COLUMN_ROWS


def on_map(h: int) -> bool:
    col, row = divmod(h, 100)
    return 1 <= col <= COLUMNS and 1 <= row <= rows_in_column(col)


def label(h: int) -> str:
    """The CCRR name of a hex, '0107'."""
    return f"{h:04d}"


def parse(text: str) -> int:
    """'0107' -> 107; raises ValueError for anything that is not a hex on the map."""
    if len(text) != 4 or not text.isdigit():
        raise ValueError(f"not a hex id: {text!r}")
    h = int(text)
    if not on_map(h):
        raise ValueError(f"hex off the map: {text!r}")
    return h


ALL_HEXES: tuple[int, ...] = tuple(
    hex_id(c, r) for c in range(1, COLUMNS + 1) for r in range(1, rows_in_column(c) + 1)
)


def to_cube(h: int) -> tuple[int, int, int]:
    col, row = divmod(h, 100)
    q = col - 1
    r = (row - 1) - (q + (q & 1)) // 2
    return q, r, -q - r


def from_cube(q: int, r: int) -> int:
    col = q + 1
    row = r + (q + (q & 1)) // 2 + 1
    return hex_id(col, row)


_CUBE = {h: to_cube(h) for h in ALL_HEXES}
_DIRECTIONS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))  # N NE SE S SW NW


def _neighbours(h: int) -> tuple[int, ...]:
    q, r, _ = _CUBE[h]
    out = []
    for dq, dr in _DIRECTIONS:
        n = from_cube(q + dq, r + dr)
        if n in _CUBE:
            out.append(n)
    return tuple(out)


NEIGHBOURS: dict[int, tuple[int, ...]] = {h: _neighbours(h) for h in ALL_HEXES}


def neighbours(h: int) -> tuple[int, ...]:
    """Adjacent hexes on the map (N, NE, SE, S, SW, NW order, missing ones skipped)."""
    return NEIGHBOURS[h]


class _DistanceRows(dict[int, dict[int, int]]):
    """DISTANCE[a][b]: hexes from a to b. A row is worked out the first time it is asked for
    (330 rows of 330), so the table costs nothing at import; hexes off the map raise KeyError,
    as distance() always has."""

    def __missing__(self, a: int) -> dict[int, int]:
        aq, ar, as_ = _CUBE[a]
        row = {b: max(abs(aq - bq), abs(ar - br), abs(as_ - bs))
               for b, (bq, br, bs) in _CUBE.items()}
        self[a] = row
        return row


DISTANCE: dict[int, dict[int, int]] = _DistanceRows()


def distance(a: int, b: int) -> int:
    return DISTANCE[a][b]


@cache
def within(h: int, radius: int) -> tuple[int, ...]:
    """Every hex on the map at most `radius` from h (h included)."""
    row = DISTANCE[h]
    return tuple(x for x in ALL_HEXES if row[x] <= radius)


def bottom_row(col: int) -> int:
    """The southernmost hex of a column: the Ogre enters and leaves there."""
    return hex_id(col, rows_in_column(col))


BOTTOM_ROW: frozenset[int] = frozenset(bottom_row(c) for c in range(1, COLUMNS + 1))
