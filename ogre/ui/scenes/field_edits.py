"""The Field Editor's edits as values: a field with a piece put on a hex or taken off it, and
the field the editor holds (defenders only, E10). The defense's own Ogre (9.01, 9.03) is a
piece of the field too: it stands alone in its hex, so whatever is put there takes its place,
and it takes the place of what stood where it goes. No pygame here."""

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


def watchdog_at(f: Field, h: int) -> bool:
    """Whether the defense's own Ogre stands on hex h."""
    return h in f.ogres


def without_piece(f: Field, h: int) -> Field:
    """Hex h emptied of its piece, or of the defense's Ogre."""
    return replace(f, placements=tuple(p for p in f.placements if p.hex != h),
                   ogres=tuple(o for o in f.ogres if o != h))


def with_watchdog(f: Field, h: int) -> Field:
    """The defense's Ogre (the field's one) on hex h, replacing what is there."""
    return replace(without_piece(f, h), ogres=(h,))


def with_piece(f: Field, placed: Placement) -> Field:
    """Put a piece on its hex, replacing what is there (in its place in the order)."""
    if watchdog_at(f, placed.hex):
        f = without_piece(f, placed.hex)
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
