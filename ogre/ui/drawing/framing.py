"""Which hexes the map must show at the start of a phase (B4): the Ogre and the pieces that
matter in that phase, nearest the Ogre first. Pure: the map view picks the scroll from it.

    >>> from ogre.rules import Field, Placement, new_game, Enter, Done, apply
    >>> from ogre.rules.board import EMPTY_BOARD
    >>> from ogre.rules.units import Kind
    >>> field = Field(EMPTY_BOARD, (Placement(Kind.CP, 801), Placement(Kind.HEAVY, 1018)))
    >>> s = new_game(field, 3, 1)
    >>> s, _ = apply(s, Enter(1022))
    >>> hexes_that_matter(s)             # Ogre Movement: the tank is within 3 moves + range 5
    [1022, 1018]
"""

from __future__ import annotations

from ogre.rules.assault import attacking
from ogre.rules.hexes import BOTTOM_ROW, distance
from ogre.rules.scenarios import ASSAULTS
from ogre.rules.sides import ogre_in_play, side_of_phase
from ogre.rules.state import GameState, Phase, Piece
from ogre.rules.units import STATS, WEAPON_STATS, WEAPONS, Kind

DEFENCE_PHASES = (Phase.DEFENSE_MOVE, Phase.GEV_MOVE, Phase.DEFENSE_FIRE)


def hexes_that_matter(state: GameState) -> list[int]:
    """The Ogre's hex, then the hexes of the pieces that matter now, nearest the Ogre first:

    - a defence phase: the defenders that can bring the Ogre under fire this phase, their
      move this phase (a GEV's second move in GEV_MOVE, nothing for the others then or in
      DEFENSE_FIRE) plus their range reaching its hex;
    - the Ogre's move: the defenders within its move plus its longest live weapon's range;
    - the Ogre's fire: the defenders within its longest live weapon's range.

    Empty while the Ogre is off the map (before its entry, after it left). In Ogre Defending's
    attacking turns, the force's units on the map, nearest the Ogre first; before any has
    entered, the middle of the bottom row.
    """
    o = ogre_in_play(state)
    if state.scenario in ASSAULTS and side_of_phase(state.phase) == "ogre":
        units = [p.hex for p in state.pieces if attacking(p.id) and p.hex > 0]
        return sorted(units, key=lambda h: (distance(o.hex, h) if o.on_map else 0, h)) or [
            sorted(BOTTOM_ROW)[len(BOTTOM_ROW) // 2]]
    if not o.on_map:
        return []
    near = {p.hex for p in state.pieces
            if p.hex > 0 and (r := _reach(state, p)) is not None and distance(o.hex, p.hex) <= r}
    near.discard(o.hex)
    return [o.hex] + sorted(near, key=lambda h: (distance(o.hex, h), h))


def _reach(state: GameState, p: Piece) -> int | None:
    """How far from the Ogre piece p matters in this phase; None when it does not."""
    phase = state.phase
    if phase in DEFENCE_PHASES:
        if p.disabled or p.attack == 0:
            return None                   # it can neither move nor fire at the Ogre
        return _move_now(phase, p) + p.range
    weapon = ogre_reach(state)
    if phase is Phase.OGRE_MOVE:
        return ogre_in_play(state).move_value + weapon
    if phase is Phase.OGRE_FIRE:
        return weapon
    return None


def _move_now(phase: Phase, p: Piece) -> int:
    st = STATS[p.kind]
    if phase is Phase.DEFENSE_MOVE:
        return st.move
    if phase is Phase.GEV_MOVE and p.kind is Kind.GEV:
        return st.second_move
    return 0


def ogre_reach(state: GameState) -> int:
    """The range of the Ogre's longest weapon still standing."""
    o = ogre_in_play(state)
    return max((WEAPON_STATS[w].range for i, w in enumerate(WEAPONS) if o.weapons[i]), default=0)
