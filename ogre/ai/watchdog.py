"""The computer where the defense has an Ogre of its own (9.01 Mark III on Defense, X15).

Each side's player of the 1986 battle plays on, and the Ogre-against-Ogre part is added:
- `WithWatchdog` (the defense): its units play as the defense player says; when that player
  ends a Defense Movement or Attack, the defense's Ogre takes its own: it rams the attacker in
  reach, else goes out to wait where the attacker's next move ends within a ram (Hi from the
  start, Med once the attacker is 15 hexes from the Command Post, Low never), else stands
  between it and the CP where the most of its guns reach it; it fires at the attacker's parts
  as the duelling Ogre does (ai/duellist.py);
- `AgainstWatchdog` (the attacking Ogre): the Ogre player plays as ever, the defense's Ogre a
  hex it may not stop on; at Hi, while still 12 hexes or more from the Command Post, it first
  rams a defense's Ogre that has come out to meet it (a Mark V pays 3 treads for four dice of
  the Mark III's); when it ends its Ogre Attack, what guns it has left fire at the defense's
  Ogre as a duelling Ogre's would.
An action the rules would refuse (a player that does not know the defense's Ogre planning
through its hex) ends that player's part of the phase instead; nothing refused is played.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.actions import Action, Done, Fire, Move
from ..rules.errors import RuleError
from ..rules.game import check, legal_actions
from ..rules.hexes import DISTANCE
from ..rules.rams import ram_cost
from ..rules.state import DEFENSE_FIRE, DEFENSE_MOVE, OGRE_FIRE, OGRE_MOVE, GameState, Ogre
from ..rules.watchdog import attackers, watchdog_reach, watchdogs
from .analysis import ogre_distance_to, open_reach
from .duellist import Duellist, guns_on
from .protocol import Controller
from .skill import level_name


@dataclass(frozen=True)
class OgreFight:
    """How a level plays the Ogre-against-Ogre part of 9.01."""
    intercept: int      # the defense's Ogre goes out to wait where it can ram the attacker once
                        # the attacker is this near the CP (hexes; 0: never, FAR: from the start)
    ram_first: int      # the attacker, this far from the CP or further, first rams a defense's
                        # Ogre come out to meet it (hexes; 0: never)


FAR = 99
FIGHTS = {"Low": OgreFight(intercept=0, ram_first=0),
          "Med": OgreFight(intercept=15, ram_first=0),
          "Hi": OgreFight(intercept=FAR, ram_first=12)}
COME_OUT = 6    # hexes from the CP: a defense's Ogre this far out has come to ram


class _Halves:
    """A phase split in two: the 1986 player's part, then the Ogre's part. Remembers which
    phases the 1986 player has finished (by turn and phase), so the same game gets the same
    actions."""

    def __init__(self, player: Controller, skill: str, seed: int) -> None:
        self.player = player
        try:
            level = level_name(skill)
        except ValueError:
            level = "Med"                    # a plugin's side: its Ogre plays at Med
        self.ogre = Duellist(level, seed)
        self.fight = FIGHTS[level]
        self.finished: set[tuple[int, str]] = set()

    def _player_part(self, s: GameState) -> Action | None:
        """The 1986 player's next action, or None once it is done with this phase."""
        key = (s.turn, s.phase.value)
        if key in self.finished:
            return None
        action = self.player.choose(s)
        if not _accepted(s, action):
            action = _instead(s)
        if isinstance(action, Done):
            self.finished.add(key)
            return None
        return action


def _accepted(s: GameState, action: Action) -> bool:
    try:
        check(s, action)
    except RuleError:
        return False
    return True


def _instead(s: GameState) -> Action:
    """What a 1986 player's refused action gives way to: the end of its part of the phase, or,
    while that is refused too (units sharing a hex), the first action the rules list for a
    unit."""
    if _accepted(s, Done()):
        return Done()
    dogs = {w.id for w in watchdogs(s)}
    return next(a for a in legal_actions(s) if getattr(a, "piece", None) not in dogs)


class WithWatchdog(_Halves):
    """The defense of a battle where it has an Ogre: its units, then its Ogre."""

    side = "defense"

    def choose(self, s: GameState) -> Action:
        aim = s.aim
        if aim is not None and not aim.attackers:
            return Fire()                          # its Ogre's aim
        if s.phase in (DEFENSE_MOVE, DEFENSE_FIRE):
            own = self._player_part(s) if aim is None or aim.attackers else None
            if own is not None:
                return own
            for dog in watchdogs(s):
                action = self._ogre_part(s, dog)
                if action is not None:
                    return action
            return Done()
        return self.player.choose(s)

    def _ogre_part(self, s: GameState, dog: Ogre) -> Action | None:
        foes = [o for o in attackers(s) if o.on_map]
        if not dog.on_map or not foes:
            return None
        if s.phase is DEFENSE_FIRE:
            shot = self.ogre.fire_at(s, dog, foes)
            return None if isinstance(shot, Done) else shot
        if dog.hex != dog.undo_hex or dog.treads <= 0 or dog.moves_left <= 0:
            return None                            # its one move, planned whole, is made
        return _guard(s, dog, foes[0], self.fight.intercept)


def _guard(s: GameState, dog: Ogre, foe: Ogre, intercept: int = 0) -> Action | None:
    """The defense's Ogre's move: ram the attacker in reach; else, once the attacker is within
    `intercept` hexes of the Command Post, wait where its next move ends within a ram (or come
    towards it); else the hex where the most of its guns reach it. The nearer the CP the
    better, all else equal."""
    found = watchdog_reach(s, dog)
    if foe.hex in found and ram_cost(dog, foe) < dog.treads and foe.treads > 0:
        return Move(dog.id, foe.hex)
    cp = s.command_post
    home = cp.hex if cp is not None else dog.hex
    spots = [h for h in found if h != foe.hex] + [dog.hex]
    if (cp is not None and DISTANCE[foe.hex][cp.hex] <= intercept and foe.move_value > 0
            and ram_cost(dog, foe) < dog.treads):
        ends = _likely_ends(s, foe, cp.hex)
        best = max(spots, key=lambda h: (_rams_next(h, dog, ends),
                                         -min(DISTANCE[h][e] for e in ends),
                                         -DISTANCE[h][home], -h))
    else:
        best = max(spots, key=lambda h: (guns_on(h, dog, foe), -DISTANCE[h][home], -h))
    return None if best == dog.hex else Move(dog.id, best)


def _likely_ends(s: GameState, foe: Ogre, home: int) -> list[int]:
    """Where the attacker may end its next move: the hexes of its reach nearest the CP."""
    reach = open_reach(s.board, foe.hex, foe.move_value)
    goal = ogre_distance_to(s.board, (home,))
    best = min(goal.get(h, 99) for h in reach)
    return [h for h in reach if goal.get(h, 99) <= best + 1]


def _rams_next(h: int, dog: Ogre, ends: list[int]) -> float:
    """The share of the attacker's likely ends a ram from h reaches (by hexes), next turn."""
    return sum(1 for e in ends if DISTANCE[h][e] <= dog.move_value) / len(ends)


class AgainstWatchdog(_Halves):
    """The attacking Ogre of a battle where the defense has an Ogre: the Ogre player, then its
    guns left at the defense's Ogre."""

    side = "ogre"

    def choose(self, s: GameState) -> Action:
        aim = s.aim
        if s.phase is OGRE_MOVE and self.fight.ram_first:
            ram = _ram_first(s, self.fight.ram_first)
            if ram is not None:
                return ram
        if s.phase is not OGRE_FIRE:
            action = self.player.choose(s)     # a plan across the defense's Ogre stops there
            return action if _accepted(s, action) else _instead(s)
        if aim is not None and aim.part is not None:
            return Fire()                          # its aim at the defense's Ogre
        own = self._player_part(s)
        if own is not None:
            return own
        me = attackers(s)[0]
        dogs = [w for w in watchdogs(s) if w.on_map and not w.destroyed]
        return self.ogre.fire_at(s, me, dogs) if me.on_map and dogs else Done()


def _ram_first(s: GameState, far: int) -> Action | None:
    """The attacker's ram, at the start of its move, on a mobile defense's Ogre in its reach
    that has come out to meet it, while the attacker is still `far` hexes or more from the CP:
    a Mark V pays 3 treads for four dice of the other's, and a slowed watchdog rams it less.
    Nearer, stopping to ram keeps it a turn longer under the units' fire."""
    me = attackers(s)[0]
    if not me.on_map or me.moved or me.rams:
        return None
    cp = s.command_post
    if cp is not None and DISTANCE[me.hex][cp.hex] < far:
        return None
    for dog in watchdogs(s):
        out = cp is None or DISTANCE[dog.hex][cp.hex] >= COME_OUT
        if dog.on_map and dog.treads > 0 and out:
            ram = Move(me.id, dog.hex)
            if ram_cost(me, dog) < me.treads and _accepted(s, ram):
                return ram
    return None
