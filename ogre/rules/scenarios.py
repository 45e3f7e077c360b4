"""The battles a state can be: each scenario as data (its name, its title, the Mark the defense
is deployed against and so its allowance and victory points). The 1986 game has two, Basic and
Advanced; the pocket edition's others (9.01-9.04) join them as the rules of several Ogres land.

A state names its scenario (`GameState.scenario`, a key here); whatever asks "Mark III or Mark
V?" of a battle asks its scenario. Files of version 1 hold the Mark instead: `for_mark` reads it.

>>> SCENARIOS["basic"].title, for_mark(5).key, ADVANCED.complete_defense_points
('Basic (Mark III)', 'advanced', 50)
>>> BASIC.named, MARK_IIIS_ATTACKING.named, MARK_IIIS_ATTACKING.ogre_words
('Mark III', 'Mark IIIs Attacking', '2 Mark IIIs')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .units import GEV, HEAVY, INFANTRY, MARKS, MISSILE_TANK, OGRE_ID, Kind, OgreMark, ogre_id

if TYPE_CHECKING:
    from .state import GameState, Ogre


@dataclass(frozen=True)
class Allowance:
    """E9's standard deployment of a battle's defense: what it may field."""

    armor_units: int
    infantry_squads: int
    forward_points: int       # attack points in front of the crater line


@dataclass(frozen=True)
class Scenario:
    key: str           # as a state, a save and a log name it
    title: str         # as Play a Game offers it
    against: int       # the Mark the defense is deployed against: its allowance and victory
    ogres: tuple[int, ...] = ()     # the attacking Ogres' Marks; () for the one it is against
    extra_armor: int = 0            # armor units the defense gets beyond that allowance
    duel: bool = False              # 9.04: Ogres only, each its own side, no CP (rules.duel)
    watchdogs: tuple[int, ...] = ()  # the defense's own Ogres' Marks (9.01; rules.watchdog)
    # 9.03: the attacking force of units, (kind, count) with infantry counted in squads;
    # () where Ogres attack (rules.assault)
    force: tuple[tuple[Kind, int], ...] = ()
    # the defense's allowance where it is not the Mark's (plus extra_armor)
    deployment: Allowance | None = None

    @property
    def named(self) -> str:
        """As a list of battles names it: the 1986 two by their Mark, as the 1986 game did."""
        return self.title if self.ogres or self.force else self.mark.name

    @property
    def ogre_words(self) -> str:
        """The attacking Ogres, short, as the record's Ogre column says them: 'Mark V',
        '2 Mark IIIs'; 'Mark III defending' where a force attacks it (9.03); 'Duel, 2 Mark Vs'
        where the Ogres fight each other (9.04)."""
        marks = self.attackers
        if not marks:
            return f"{MARKS[self.watchdogs[0]].name} defending"
        name = MARKS[marks[0]].name
        words = name if len(marks) == 1 else f"{len(marks)} {name}s"
        return f"Duel, {words}" if self.duel else words

    @property
    def attackers(self) -> tuple[int, ...]:
        """The Marks of the Ogres that attack, in the order of their ids (O, O2, ...)."""
        return self.ogres or (() if self.force else (self.against,))

    @property
    def marks(self) -> tuple[int, ...]:
        """Every Ogre's Mark in the order of their ids: the attackers', then the defense's."""
        return (*self.attackers, *self.watchdogs)

    @property
    def watchdog_ids(self) -> frozenset[int]:
        """The ids of the defense's own Ogres: those after the attackers'."""
        first = len(self.attackers) + 1
        return frozenset(ogre_id(n) for n in range(first, first + len(self.watchdogs)))

    @property
    def allowance(self) -> Allowance:
        """What the defense may field (E9): the Mark's allowance unless the battle says."""
        if self.deployment is not None:
            return self.deployment
        m = self.mark
        return Allowance(m.armor_units + self.extra_armor, m.infantry_squads, m.forward_points)

    @property
    def mark(self) -> OgreMark:
        return MARKS[self.against]

    @property
    def complete_defense_points(self) -> int:
        """G4: the attack points the defense keeps for a Complete Defense victory."""
        return self.mark.complete_defense_points


BASIC = Scenario("basic", "Basic (Mark III)", 3)
ADVANCED = Scenario("advanced", "Advanced (Mark V)", 5)
# 9.02: two Mark IIIs for the Mark V of the advanced scenario, and two more armor units
MARK_IIIS_ATTACKING = Scenario("mark-iiis-attacking", "Mark IIIs Attacking", 5, (3, 3), 2)
# 9.01: the defense adds a Mark III of its own to the basic scenario's forces (less five squads
# of infantry), so it is deployed as against a Mark III; the attacker takes a Mark V.
MARK_III_ON_DEFENSE = Scenario("mark-iii-on-defense", "Mark III on Defense", 3, (5,),
                               watchdogs=(3,), deployment=Allowance(12, 15, 20))
# 9.04: Ogres only. The seed leaves the forces open; these are two even fights of it.
DUEL = Scenario("duel", "Duel", 5, (5, 5), duel=True)
THREE_WAY_DUEL = Scenario("three-way-duel", "Three-Way Duel", 3, (3, 3, 3), duel=True)
# 9.03: the basic scenario's defense attacks (12 armor units, 20 squads; a Howitzer could not
# enter), and a Mark III with half that force guards the CP.
BASIC_FORCE: tuple[tuple[Kind, int], ...] = ((HEAVY, 3), (MISSILE_TANK, 3), (GEV, 6),
                                             (INFANTRY, 20))
# Its defense is half the force, and so half the Mark III's forward points.
OGRE_DEFENDING = Scenario("ogre-defending", "Ogre Defending", 3, watchdogs=(3,),
                          force=BASIC_FORCE, deployment=Allowance(6, 10, 10))
OFFERED: tuple[Scenario, ...] = (BASIC, ADVANCED, MARK_IIIS_ATTACKING,   # Play a Game's, Host's
                                  MARK_III_ON_DEFENSE, OGRE_DEFENDING, DUEL, THREE_WAY_DUEL)
# Every scenario a state, a file and the arena take.
SCENARIOS: dict[str, Scenario] = {s.key: s for s in OFFERED}
DUELS: frozenset[str] = frozenset(s.key for s in SCENARIOS.values() if s.duel)
ASSAULTS: frozenset[str] = frozenset(s.key for s in SCENARIOS.values() if s.force)
# The defense's own Ogres' ids, by scenario key, for the battles that have them.
WATCHDOGS: dict[str, frozenset[int]] = {
    s.key: s.watchdog_ids for s in SCENARIOS.values() if s.watchdogs}
# The battles where Ogres attack a defense with an Ogre of its own (9.01), not a force (9.03).
WATCHED: frozenset[str] = frozenset(WATCHDOGS) - ASSAULTS
_BY_MARK = {s.against: s for s in (BASIC, ADVANCED)}
# The 1986 two: a field designed for either is told which by its counts (E9).
OF_1986: frozenset[str] = frozenset(s.key for s in _BY_MARK.values())


def mark_played(state: GameState) -> int:
    """The Mark a battle is played as: its one Ogre's (a kept Ogre may differ from its
    scenario's), or the Mark the defense is deployed against in a battle of several."""
    ogres = state.ogres
    return ogres[0].mark if len(ogres) == 1 else SCENARIOS[state.scenario].against


def for_mark(mark: int) -> Scenario:
    """The 1986 scenario whose defense is deployed against this Mark (KeyError for another)."""
    return _BY_MARK[mark]


def duellist_name(oid: int) -> str:
    """A duelling Ogre by its place, as the seats name it: "Ogre 1", "Ogre 2"..."""
    return f"Ogre {OGRE_ID + 1 - oid}"


def ogre_called(scenario: str, o: Ogre) -> str:
    """An Ogre as a battle's messages name it: in a Duel by its place ("Ogre 1"), as its seat
    and the result do; else as the log does ("Ogre", "Ogre 2")."""
    return duellist_name(o.id) if scenario in DUELS else o.name
