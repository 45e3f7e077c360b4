"""A duelling Ogre (9.04, X15): the computer's Ogre in a Duel, at Low, Med or Hi.

In a Duel an Ogre dies only when its treads and its guns are all gone, so the fight is a race
to strip the other's guns (they hurt every turn) and then its treads. A ram is the cheapest
tread loss there is (a Mark V's four dice for three of its own treads), and fire combined on one
gun reaches odds no single gun does.

Low  closes on the nearest enemy by any hex that brings it no further away, never rams, and
     fires each gun alone at a part of the nearest enemy, picked at random.
Med  closes on the nearest enemy by the shortest way, rams whenever it can, and fires its guns
     one at a time at the enemy's most dangerous gun in reach (treads once the guns are gone).
Hi   picks its prey (the enemy nearest to dying, a near one first), ends its move where its guns
     reach the prey and the fewest enemy guns reach it, rams the prey whenever it can, and
     fires combined attacks chosen for the damage they are expected to do per point of attack,
     missiles kept for what is worth one.

The rules decide every refusal: the player only ever hands back an action legal_actions lists.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from ..rules.actions import Action, Done, Enter, Fire, Move, OgreAim
from ..rules.combat import TREADS_COLUMN, kill_probability, odds
from ..rules.duel import duellist, enemies, in_the_fight, reach
from ..rules.enemy_ogres import GUNS, PARTS
from ..rules.game import legal_actions
from ..rules.hexes import DISTANCE
from ..rules.rams import ram_cost
from ..rules.state import OGRE_ENTRY, OGRE_MOVE, GameState, Ogre
from ..rules.units import TREADS, WEAPON_STATS, WEAPONS, Weapon, counts, ogre_move_value

ATTACK = tuple(WEAPON_STATS[w].attack for w in WEAPONS)
RANGE = tuple(WEAPON_STATS[w].range for w in WEAPONS)
CENTRE = 811             # the map's middle: where Med and Hi come on as near as they can


@dataclass(frozen=True)
class DuelSkill:
    ram: bool            # ram whenever it can
    combine: bool        # combine guns on one target (else one at a time)
    prey: bool           # choose its prey and its ground (else: the nearest, straight at it)
    random_fire: bool    # fire at a random part (Low)
    tread_worth: float = 0.25    # a tread of an armed enemy, in attack points of its guns
    missile_worth: float = 2.0   # what a missile fired costs, in attack points of enemy guns


SKILLS = {
    "Low": DuelSkill(ram=False, combine=False, prey=False, random_fire=True),
    "Med": DuelSkill(ram=True, combine=False, prey=False, random_fire=False),
    "Hi": DuelSkill(ram=True, combine=True, prey=True, random_fire=False, missile_worth=4.0),
}


class Duellist:
    """One Ogre of a Duel: `choose(state)` in that Ogre's own phases."""

    side = "ogre"

    def __init__(self, skill: str = "Med", seed: int = 0) -> None:
        self.skill = SKILLS[skill]
        self.level = skill
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        me = duellist(state)
        if state.phase is OGRE_ENTRY:
            return self._enter(state, me)
        if state.phase is OGRE_MOVE:
            return self._move(state, me)
        return self._fire(state, me)

    # ------------------------------------------------------------ entry

    def _enter(self, s: GameState, me: Ogre) -> Action:
        hexes = sorted(a.to for a in legal_actions(s) if isinstance(a, Enter))
        if self.skill.random_fire:
            return Enter(self.rng.choice(hexes), me.id)
        return Enter(min(hexes, key=lambda h: (DISTANCE[h][CENTRE], h)), me.id)

    # ------------------------------------------------------------ movement

    def _move(self, s: GameState, me: Ogre) -> Action:
        foes = [o for o in enemies(s, me) if in_the_fight(o)]
        if me.hex != me.undo_hex or not foes or me.treads <= 0 or me.moves_left <= 0:
            return Done()                # one move a phase: planned whole, then done
        found = reach(s, me)
        prey = self._prey(me, foes)
        waits = self.skill.prey and _engaged(foes)
        if self.skill.ram and prey.hex in found and ram_cost(me, prey) <= me.treads - 1 and (
                not self.skill.prey or (prey.treads > 0 and not waits)):
            return Move(me.id, prey.hex)
        spots = [h for h in found if s.ogre_at(h) is None] + [me.hex]
        if self.skill.prey and prey.treads <= 0:
            best = max(spots, key=lambda h: (_outranges(h, me, prey), -h))
        elif self.skill.random_fire:
            near = DISTANCE[me.hex][prey.hex]
            best = self.rng.choice(sorted(h for h in spots if DISTANCE[h][prey.hex] <= near))
        elif self.skill.prey:
            best = self._strike_or_wait(s, me, prey, foes, spots)
        else:
            best = min(spots, key=lambda h: (DISTANCE[h][prey.hex], h))
        return Move(me.id, best) if best != me.hex else Done()

    def _strike_or_wait(self, s: GameState, me: Ogre, prey: Ogre, foes: list[Ogre],
                        spots: list[int]) -> int:
        """Hi's ground: whoever moves into the other's guns fires first, so it goes where the
        most of its guns reach the prey, the furthest such hex from it; otherwise it
        closes on the prey by the shortest way."""
        if _engaged(foes):
            # the last Ogre standing holds the field: let the others wear each other down
            safe = [h for h in spots if all(DISTANCE[h][o.hex] > _strike(o) for o in foes)]
            if safe:
                return min(safe, key=lambda h: (DISTANCE[h][prey.hex], h))
        shots = {h: guns_on(h, me, prey) for h in spots}
        if max(shots.values()) > 0:
            return max(spots, key=lambda h: (shots[h], DISTANCE[h][prey.hex], -h))
        return min(spots, key=lambda h: (DISTANCE[h][prey.hex], h))

    def _prey(self, me: Ogre, foes: list[Ogre]) -> Ogre:
        if not self.skill.prey:
            return min(foes, key=lambda o: (DISTANCE[me.hex][o.hex], o.id))
        return min(foes, key=lambda o: (_life(o) + 4 * DISTANCE[me.hex][o.hex], o.id))

    # ------------------------------------------------------------ fire

    def _fire(self, s: GameState, me: Ogre) -> Action:
        return self.fire_at(s, me, [o for o in enemies(s, me) if in_the_fight(o)])

    def fire_at(self, s: GameState, me: Ogre, enemies: list[Ogre]) -> Action:
        """Its next action of a fire phase against these enemy Ogres: Fire what is aimed, aim
        the next shot, or Done when nothing is worth a shot."""
        if s.aim is not None:
            return Fire()
        foes = [o for o in enemies
                if any(me.available(WEAPONS[i]) and DISTANCE[me.hex][o.hex] <= RANGE[i]
                       for i in GUNS)]
        if not foes:
            return Done()
        if self.skill.random_fire:
            return self._random_shot(me, foes)
        shot = self._best_shot(me, foes)
        return shot if shot is not None else Done()

    def _random_shot(self, me: Ogre, foes: list[Ogre]) -> Action:
        target = min(foes, key=lambda o: (DISTANCE[me.hex][o.hex], o.id))
        guns = [i for i in GUNS if me.available(WEAPONS[i])
                and DISTANCE[me.hex][target.hex] <= RANGE[i]]
        if not guns:
            return Done()
        parts = [p for p in PARTS if target.intact(p) > 0]
        gun = self.rng.choice(guns)
        aimed = (int(gun == 0), int(gun == 1), int(gun == 2), 0)
        return OgreAim(target.id, aimed, me.id, self.rng.choice(parts))

    def _best_shot(self, me: Ogre, foes: list[Ogre]) -> Action | None:
        best: tuple[float, OgreAim] | None = None
        for target in foes:
            d = DISTANCE[me.hex][target.hex]
            free = [me.available(WEAPONS[i]) if d <= RANGE[i] else 0 for i in GUNS]
            # a missile is kept while the enemy can still come and shoot back; not for one
            # that cannot move or has no guns, which nothing else may reach
            keep = (self.skill.missile_worth
                    if target.treads > 0 and any(target.weapons[i] for i in GUNS) else 0.0)
            for part in PARTS:
                if target.intact(part) <= 0:
                    continue
                for aimed in self._combinations(free, part):
                    worth = (_expected(aimed, target, part, self.skill.tread_worth)
                             - keep * aimed[0])
                    strength = sum(n * ATTACK[i] for i, n in enumerate(aimed))
                    score = worth / strength if self.skill.combine else worth
                    if worth > 0 and (best is None or score > best[0]):
                        best = (score, OgreAim(target.id, counts((*aimed, 0)), me.id, part))
        return None if best is None else best[1]

    def _combinations(self, free: list[int], part: Weapon) -> list[tuple[int, ...]]:
        """The guns to aim together: one alone (Med, and always at treads, 6.11.2), or any
        mix of what is free (Hi)."""
        singles = [tuple(int(j == i) for j in range(3)) for i in range(3) if free[i]]
        if not self.skill.combine or part is TREADS:
            return singles
        return [c for c in product(*(range(n + 1) for n in free)) if any(c)]


def guns_on(h: int, me: Ogre, prey: Ogre) -> int:
    """The attack strength of my guns that reach the prey from h."""
    d = DISTANCE[h][prey.hex]
    return sum(me.weapons[i] * ATTACK[i] for i in GUNS if d <= RANGE[i])


def _strike(o: Ogre) -> int:
    """How far away an Ogre's guns can hit this turn: its move and its longest gun."""
    longest = max((RANGE[i] for i in GUNS if o.weapons[i]), default=0)
    return o.move_value + longest if longest else o.move_value


def _engaged(foes: list[Ogre]) -> bool:
    """Are two of the enemies within each other's strike (fighting, or about to)?"""
    return any(DISTANCE[a.hex][b.hex] <= _strike(a) for a in foes for b in foes if a is not b)


def _outranges(h: int, me: Ogre, prey: Ogre) -> tuple[bool, int, int]:
    """Against an Ogre that cannot move: a hex my guns reach it from (it never comes to me),
    then my guns there less its guns on me, then the nearer."""
    d = DISTANCE[h][prey.hex]
    mine = sum(me.weapons[i] * ATTACK[i] for i in GUNS if d <= RANGE[i])
    theirs = sum(prey.weapons[i] * ATTACK[i] for i in GUNS if d <= RANGE[i])
    return mine > 0, mine - theirs, -d


def _life(o: Ogre) -> float:
    """How far an Ogre is from dying, in attack points of guns and treads' worth."""
    return sum(o.weapons[i] * ATTACK[i] for i in GUNS) + o.treads / 3


def _expected(aimed: tuple[int, ...], target: Ogre, part: Weapon, tread_worth: float) -> float:
    """The expected worth of one attack: the chance of an X times what it takes away (a gun's
    attack strength, or treads, dear once the guns are gone)."""
    attack = sum(n * ATTACK[i] for i, n in enumerate(aimed))
    if part is TREADS:
        chance = kill_probability(TREADS_COLUMN)
        armed = any(target.weapons[i] for i in GUNS)
        slowed = _slowing(target, min(attack, target.treads))
        return float(chance) * min(attack, target.treads) * (tread_worth if armed else 1.0) + slowed
    chance = kill_probability(odds(attack, WEAPON_STATS[part].defense))
    return float(chance * Fraction(ATTACK[WEAPONS.index(part)]))


def _slowing(target: Ogre, lost: int) -> float:
    """A little more for treads that would cost the target a move point."""
    before = ogre_move_value(target.treads, target.original_treads)
    after = ogre_move_value(target.treads - lost, target.original_treads)
    return 0.5 * (before - after)


def duel_controller(skill: str = "Med", seed: int = 0) -> Duellist:
    return Duellist(skill, seed)

