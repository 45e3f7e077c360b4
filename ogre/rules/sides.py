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

In a Duel (9.04) every Ogre is its own side, and every phase is an Ogre's. A screen and a
network game seat two players: the first Ogre's ("ogre") and the others' ("defense"), so that
in a Duel of two each seat is one Ogre; `acts_for` tells the Ogres of one seat apart.
"""

from __future__ import annotations

from typing import Literal

from .assault import attacking
from .scenarios import ASSAULTS, DUELS, SCENARIOS, WATCHDOGS
from .state import ASSAULT_TITLES, OGRE_ID, PHASE_TITLES, GameState, Ogre, Phase
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
    """Whose turn it is: the side that acts in this state, None once the battle is over (in a
    Duel, the seat of the Ogre whose phases these are)."""
    side = _SIDE_OF.get(state.phase)
    if side is not None and state.scenario in DUELS:
        return duel_seat(state.duellist)
    return side


def duel_seat(oid: int) -> Side:
    """A duelling Ogre's seat: the first Ogre's, or the others'."""
    return "ogre" if oid == OGRE_ID else "defense"


def side_of(state: GameState, pid: int) -> Side:
    """The side a piece fights for: the Ogres attack and the units defend, but for the defense's
    own Ogres (9.01, 9.03), Ogre Defending's attacking units, and a Duel's Ogres (its seat)."""
    if is_ogre_id(pid):
        if state.scenario in DUELS:
            return duel_seat(pid)
        return "defense" if pid in WATCHDOGS.get(state.scenario, ()) else "ogre"
    return "ogre" if attacking(pid) and state.scenario in ASSAULTS else "defense"


def acts_for(state: GameState, pid: int) -> bool:
    """Whether the piece is one the player whose turn it is may act with: its side's, and in a
    Duel the one Ogre whose turn it is."""
    if state.scenario in DUELS:
        return pid == state.duellist and not state.over
    return side_of(state, pid) == acting_side(state)


def enemies(state: GameState, a: int, b: int) -> bool:
    """Whether two pieces fight each other: different sides, and in a Duel any two Ogres."""
    if state.scenario in DUELS:
        return a != b
    return side_of(state, a) != side_of(state, b)


def role(scenario: str, side: str) -> str:
    """What a side is called: "Ogre" or "Defense", "Attacker" for Ogre Defending's force (its
    player is the Attacker player), and in a Duel the seat's Ogres ("Ogre 1", "Ogres 2 and 3")."""
    if scenario in DUELS:
        return duel_role(scenario, side)
    if side != "ogre":
        return "Defense"
    return "Attacker" if scenario in ASSAULTS else "Ogre"


def duel_role(scenario: str, side: str) -> str:
    if side == "ogre":
        return "Ogre 1"
    others = [str(n) for n in range(2, len(SCENARIOS[scenario].attackers) + 1)]
    return f"Ogre {others[0]}" if len(others) == 1 else \
        f"Ogres {', '.join(others[:-1])} and {others[-1]}"


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
    the one the defense shoots at in its own. A 1986 battle has one; in a Duel it is the Ogre
    whose phases these are."""
    if state.scenario in DUELS:
        return state.ogre_unit(state.duellist) or state.ogres[0]
    return state.ogres[0]

