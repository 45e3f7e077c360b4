"""The sides of a battle and whose turn it is: the one answer the whole game asks.

A battle of the 1986 game has two sides, the Ogre and the defense; each phase belongs to one of
them (the defense's GEV Movement included), and none acts once the battle is over.

>>> from ogre.rules.state import Phase
>>> side_of_phase(Phase.GEV_MOVE), side_of_phase(Phase.OGRE_ENTRY), side_of_phase(Phase.OVER)
('defense', 'ogre', None)
>>> other("ogre")
'defense'

In Ogre Defending (9.03) the side that plays the Ogre's phases is an attacking force of units,
and the Ogre defends; `side_of` says which side a piece is on, `role` what a side is called.
"""

from __future__ import annotations

from typing import Literal

from .assault import attacking
from .scenarios import ASSAULTS, WATCHDOGS
from .state import ASSAULT_TITLES, PHASE_TITLES, GameState, Ogre, Phase
from .units import is_ogre_id

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


def side_of(state: GameState, pid: int) -> Side:
    """The side a piece fights for: the Ogres attack and the units defend, but for the defense's
    own Ogres (9.01, 9.03) and Ogre Defending's attacking units."""
    if is_ogre_id(pid):
        return "defense" if pid in WATCHDOGS.get(state.scenario, ()) else "ogre"
    return "ogre" if attacking(pid) and state.scenario in ASSAULTS else "defense"


def role(scenario: str, side: str) -> str:
    """What a side is called: "Ogre" or "Defense", and "Attacker" for Ogre Defending's force
    (its player is the Attacker player)."""
    if side != "ogre":
        return "Defense"
    return "Attacker" if scenario in ASSAULTS else "Ogre"


def players_named(scenario: str) -> dict[str, str]:
    """Who plays each side, as the sidebar says it before any is the computer's."""
    return {side: f"{role(scenario, side)} player" for side in SIDES}


def phase_title(scenario: str, phase: Phase) -> str:
    """A phase's name as the sidebar heads it: Ogre Defending's force has its own names."""
    return (ASSAULT_TITLES if scenario in ASSAULTS else PHASE_TITLES)[phase]


def other(side: Side) -> Side:
    return "defense" if side == "ogre" else "ogre"


def ogre_in_play(state: GameState) -> Ogre:
    """The Ogre this phase is about: the one that enters, moves and fires in the Ogre's phases,
    the one the defense shoots at in its own. A 1986 battle has one; the rules of several Ogres
    will say which from the phase and the aim."""
    return state.ogres[0]
