"""The Field Editor's edits as values: a field with a piece put on a hex or taken off it, and
the field the editor holds (defenders only, E10). No pygame here."""

from __future__ import annotations

from dataclasses import replace

from ogre.rules.field import Field, Placement
from ogre.rules.units import Kind

DEFENDER_KINDS = frozenset(Kind)


def defenders_only(field: Field) -> Field:
    """The editor's field never holds the Ogre (E10): only defender kinds, one per hex."""
    seen: set[int] = set()
    kept = []
    for p in field.placements:
        if p.kind in DEFENDER_KINDS and p.hex not in seen:
            seen.add(p.hex)
            kept.append(p)
    return field if len(kept) == len(field.placements) else replace(field, placements=tuple(kept))


def without_piece(f: Field, h: int) -> Field:
    return replace(f, placements=tuple(p for p in f.placements if p.hex != h))


def with_piece(f: Field, placed: Placement) -> Field:
    """Put a piece on its hex, replacing what is there (in its place in the order)."""
    out, done = [], False
    for p in f.placements:
        if p.hex == placed.hex:
            if not done:
                out.append(placed)
                done = True
        else:
            out.append(p)
    if not done:
        out.append(placed)
    return replace(f, placements=tuple(out))
