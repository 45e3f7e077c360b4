"""The sides of a battle and whose turn it is: the one answer the whole game asks.

A battle of the 1986 game has two sides, the Ogre and the defense; each phase belongs to one of
them (the defense's GEV Movement included), and none acts once the battle is over.

>>> from ogre.rules.state import Phase
>>> side_of_phase(Phase.GEV_MOVE), side_of_phase(Phase.OGRE_ENTRY), side_of_phase(Phase.OVER)
('defense', 'ogre', None)
>>> other("ogre")
'defense'
"""

from __future__ import annotations

from typing import Literal

from .state import GameState, Ogre, Phase

Side = Literal["ogre", "defense"]
SIDES: tuple[Side, Side] = ("ogre", "defense")
PHASES_OF: dict[Side, frozenset[Phase]] = {
    "ogre": frozenset({Phase.OGRE_ENTRY, Phase.OGRE_MOVE, Phase.OGRE_FIRE,
                       Phase.ATTACK_GEV_MOVE}),
    "defense": frozenset({Phase.DEFENSE_MOVE, Phase.DEFENSE_FIRE, Phase.GEV_MOVE}),
}
_SIDE_OF: dict[Phase, Side] = {phase: side for side in SIDES for phase in PHASES_OF[side]}


def side_of_phase(phase: Phase) -> Side | None:
    """The side whose phase this is; None for the battle's end."""
    return _SIDE_OF.get(phase)


def acting_side(state: GameState) -> Side | None:
    """Whose turn it is: the side that acts in this state, None once the battle is over."""
    return _SIDE_OF.get(state.phase)


def other(side: Side) -> Side:
    return "defense" if side == "ogre" else "ogre"


def ogre_in_play(state: GameState) -> Ogre:
    """The Ogre this phase is about: the one that enters, moves and fires in the Ogre's phases,
    the one the defense shoots at in its own. A 1986 battle has one; the rules of several Ogres
    will say which from the phase and the aim."""
    return state.ogres[0]
