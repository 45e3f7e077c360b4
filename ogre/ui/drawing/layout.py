"""HexLayout owns every pixel conversion for the map: CCRR hex <-> screen point.

Flat-topped hexes in vertical columns; odd columns sit half a hex further south
(shared/data/README.md). `top_row` scrolls the view a row at a time.
"""

from __future__ import annotations

import math

from ogre.rules.hexes import col_row, from_cube, on_map

SQRT3 = math.sqrt(3)


class HexLayout:
    def __init__(self, size: float, origin: tuple[float, float], top_row: float = 1.0) -> None:
        self.size = size
        self.origin = origin
        self.top_row = top_row

    @property
    def row_h(self) -> float:
        return self.size * SQRT3

    def center(self, h: int) -> tuple[float, float]:
        col, row = col_row(h)
        x = self.origin[0] + self.size * (1 + 1.5 * (col - 1))
        shift = 0.5 if col % 2 else 0.0
        y = self.origin[1] + self.row_h * (row - self.top_row + 0.5 + shift)
        return x, y

    def corners(self, h: int) -> list[tuple[float, float]]:
        cx, cy = self.center(h)
        return [(cx + self.size * math.cos(math.radians(60 * i)),
                 cy + self.size * math.sin(math.radians(60 * i))) for i in range(6)]

    def hex_at(self, point: tuple[float, float]) -> int:
        """The hex under a point, or 0 when the point is off the map."""
        q = (point[0] - self.origin[0] - self.size) / (1.5 * self.size)
        r = (point[1] - self.origin[1]) / self.row_h - (2 - self.top_row) - q / 2
        h = _round_axial(q, r)
        return h if on_map(h) else 0


def _round_axial(q: float, r: float) -> int:
    """Round fractional axial coordinates (hexes.to_cube's q, r) to the nearest hex id."""
    x, z = q, r
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return from_cube(int(rx), int(rz))
