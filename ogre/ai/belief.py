"""What a computer attacker believes of a battle it sees only in part (8.03, 8.04): its side's
view, with each marker given the kind it most likely is.

The attacker knows the sheet's totals (what lies under the markers, in no order) and where each
marker stands; never which is which. A defense keeps what it can least afford to lose nearest
its Command Post: the Howitzer, which cannot move, then the infantry, the missile tanks, the
heavy tanks, and the GEVs, quickest to come forward, furthest out. So the markers nearest the CP
are believed to be the first of that list, and so on outwards. The belief is drawn from the view
alone: where the units really are never changes it, until they are shown.

Nor does it look ahead on the battle's own dice stream (a view's, as the whole state's, would
tell it how the next mine or shot falls): it looks ahead on a stream of its own.

Unfound mines are not believed anywhere: the attacker knows how many lie unfound, not where,
and every hex is as likely as another. The mines it has found are in its view, and the rules
steer its moves round them.
"""

from __future__ import annotations

from dataclasses import replace

from ..rules.dice import seed_state
from ..rules.hexes import distance
from ..rules.state import GameState, Piece
from ..rules.units import CP, GEV, HEAVY, HOWITZER, INFANTRY, MARKER, MISSILE_TANK, Kind

# nearest the CP first: what a defense guards most closely
GUARDED_FIRST: tuple[Kind, ...] = (HOWITZER, INFANTRY, MISSILE_TANK, HEAVY, GEV)
_GUARDED = {kind: n for n, kind in enumerate(GUARDED_FIRST)}


def believed(seen: GameState) -> GameState:
    """The view with every marker replaced by the unit believed under it (the view itself where
    there are no markers). It keeps the sheet's markers, so that the rules judge the battle as
    the attacker may: antipersonnel still refused at a marker, a ram onto one as onto armor."""
    sheet = seen.secrets
    if not (sheet.markers or sheet.unfound):
        return seen                       # nothing kept from it: the battle as it is
    # a stream of its own for what it looks ahead: the battle's next dice are not for it to see
    seen = replace(seen, rng=seed_state(seen.rng), _index=None)
    under = sheet.markers
    markers = [p for p in seen.pieces if p.kind is MARKER]
    if not under or not markers:
        return seen
    cp = next((p.hex for p in seen.pieces if p.kind is CP and p.hex > 0), 0)
    nearest = sorted(markers, key=lambda p: (distance(p.hex, cp) if cp else 0, p.id))
    kinds = sorted(under, key=lambda m: (_GUARDED.get(m[0], len(_GUARDED)), -m[1]))
    guess = {p.id: kinds[i] for i, p in enumerate(nearest) if i < len(kinds)}
    pieces = tuple(_as(p, *guess[p.id]) if p.id in guess else p for p in seen.pieces)
    return replace(seen, pieces=pieces, _index=None)


def _as(p: Piece, kind: Kind, squads: int) -> Piece:
    return Piece(p.id, kind, p.hex, squads if kind is INFANTRY else 1, 0, 0, p.hex, 0, 0)
