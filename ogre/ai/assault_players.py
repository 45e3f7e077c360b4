"""The computer on both sides of Ogre Defending (9.03, X15), at Low, Med and Hi.

The attacking force has one aim that wins: a single unit in range of the Command Post destroys
it (its defense is 0), and then every unit that can should get off the map by the bottom row.
The watchdog Ogre and its units must stop every unit short of the CP.

ForcePlayer (the attacker)
  Low  moves each unit a random way that brings it no further from the CP and fires each unit
       alone at a random target in reach.
  Med  moves each unit by the shortest way towards a hex it could fire on the CP from, and fires
       every unit in range of the best target together.
  Hi   moves the same way but keeps out of the Ogre's reach where it can: its GEVs go first and
       furthest and slip back out of reach in their second move; it fires only as many units as
       the best odds need, each shot where it is expected to take most per point of attack.
  Once the CP has fallen every unit makes for the bottom row and leaves the map.

GuardPlayer (the defender, its Ogre and its units)
  Low  sends its units at the attackers nearest the CP wherever they are, and leaves its Ogre
       where it stands, a gun tower.
  Med  sends its Ogre at the nearest attacking unit, ramming and overrunning where it can, and
       moves each unit to where it can fire on the attackers nearest the CP.
  Hi   sends its Ogre at the attacking unit nearest the CP, rams first the armor worth most,
       keeps its units within reach of the CP, and fires as the Hi attacker does.
  A Command Crawler (8.02) keeps away from the attackers at every level.

The rules decide every refusal: the players only hand back actions legal_actions lists.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..rules.actions import Action, Done, Exit, Move
from ..rules.assault import FIRST_ID, attacking, under_the_ogre, watchdog
from ..rules.game import legal_actions
from ..rules.hexes import BOTTOM_ROW, DISTANCE
from ..rules.state import (
    ATTACK_GEV_MOVE,
    DEFENSE_FIRE,
    DEFENSE_MOVE,
    GEV_MOVE,
    OGRE_FIRE,
    GameState,
    Piece,
)
from ..rules.units import CP, GEV, INFANTRY, STATS, WEAPON_STATS, WEAPONS, Kind
from .analysis import fire_distance, step_distance_map
from .base import DEFENSE_SIDE_PHASES, OGRE_SIDE_PHASES, PhasePlayer
from .unit_fire import FIRE_SKILLS, FireSkill, ogre_shot, units_shot

MED_WARY = 0.06
STRIKE_TURN = 10        # the force strikes from this turn on, staged or not
OGRE_REACH = 4          # a Mark III moves 3 and rams the hex after: where a unit is not safe


@dataclass(frozen=True)
class AssaultSkill:
    fire: FireSkill
    direct: bool         # the shortest way (else any way that is no longer)
    stage: bool          # wait short of the CP where one move strikes it (else straight in)
    wary: float          # how much a point of the defense's reach weighs against a step
    guard: int           # the defense's units stay within this many hexes of the CP (0: stay)


SKILLS = {
    "Low": AssaultSkill(FIRE_SKILLS["Low"], direct=False, stage=False, wary=0, guard=99),
    "Med": AssaultSkill(FIRE_SKILLS["Med"], direct=True, stage=True, wary=MED_WARY, guard=8),
    "Hi": AssaultSkill(FIRE_SKILLS["Hi"], direct=True, stage=True, wary=0.1, guard=5),
}


class _AssaultPlayer(PhasePlayer):
    def __init__(self, skill: str = "Med", seed: int = 0) -> None:
        super().__init__(seed)
        self.skill_name = skill
        self.skill = SKILLS[skill]

    def plan(self, state: GameState) -> list[Action]:
        legal = legal_actions(state)
        if state.phase in (OGRE_FIRE, DEFENSE_FIRE):
            return self._fire(state) or _only(legal, Done)
        return self._move(state, legal)

    def _fire(self, s: GameState) -> list[Action]:
        return units_shot(s, self.skill.fire, self.rng(s))

    def _move(self, s: GameState, legal: list[Action]) -> list[Action]:
        raise NotImplementedError

    @staticmethod
    def _one_move(s: GameState, legal: list[Action],
                  pick: Callable[[GameState, int, list[Move]], Move | None]) -> list[Action]:
        """The next move of the first unit (in id order) that `pick` gives a better hex, or
        Done (or the move that must come first: a crowded hex, a unit under the Ogre)."""
        by_piece: dict[int, list[Move]] = {}
        for a in legal:
            if isinstance(a, Move):
                by_piece.setdefault(a.piece, []).append(a)
        for pid in sorted(by_piece):
            best = pick(s, pid, by_piece[pid])
            if best is not None:
                return [best]
        return _only(legal, Done) or _only(legal, Move) or legal[:1]


class ForcePlayer(_AssaultPlayer):
    """The attacking force of Ogre Defending."""

    side = "ogre"
    phases = OGRE_SIDE_PHASES

    def _move(self, s: GameState, legal: list[Action]) -> list[Action]:
        cp = s.command_post
        if cp is None:
            leave = _only(legal, Exit)
            if leave:
                return leave
        if s.phase is ATTACK_GEV_MOVE and self.skill_name == "Low":
            return _only(legal, Done) or legal[:1]
        must = under_the_ogre(s)
        rnd = self.rng(s)
        staging = self.skill.stage and cp is not None and not _ready(s, cp.hex)
        # the defense does not move in this phase: where it reaches is worked out once
        threat = _threat(s) if staging and self.skill.wary else {}

        def pick(state: GameState, pid: int, moves: list[Move]) -> Move | None:
            p = state.known(pid)
            if p.moved and (p.kind is not GEV or state.phase is not ATTACK_GEV_MOVE):
                return None                          # one move a phase is enough
            dog_hex = watchdog(state).hex
            free = [m for m in moves if not state.at(m.to) and m.to != dog_hex]
            if not free:
                return None
            cost = self._cost_fn(state, p, cp.hex if cp is not None else None, threat, staging)
            here = cost(p.hex) if p.hex > 0 and (must is None or must.id != p.id) else 10**6
            better = [m for m in free if cost(m.to) < here]
            if not better:
                return None
            if not self.skill.direct:
                return rnd.choice(better)
            return min(better, key=lambda m: (cost(m.to), m.to))
        return self._one_move(s, legal, pick)

    def _cost_fn(self, s: GameState, p: Piece, cp: int | None, threat: dict[int, int],
                 staging: bool) -> Callable[[int], float]:
        board = s.board
        crosses = p.kind is INFANTRY
        if cp is None:
            to_go = step_distance_map(board, BOTTOM_ROW, crosses)
        else:
            to_go = fire_distance(board, p.kind, (cp,))
        dog = watchdog(s)
        scoot = s.phase is ATTACK_GEV_MOVE and cp is not None
        stage = STATS[p.kind].move if staging else 0

        def cost(h: int) -> float:
            steps = to_go.get(h, 99)
            if stage and steps:
                # short of the CP: wait where one move strikes it, as little in reach as may be
                return max(0, steps - stage) + threat.get(h, 0) * self.skill.wary
            if not (self.skill.wary > MED_WARY and dog.on_map and dog.treads):
                return steps
            near = DISTANCE[h][dog.hex] <= OGRE_REACH
            if scoot:            # after firing: out of the Ogre's reach first
                return steps + (50 if near else 0)
            return steps + (0.5 if near and p.kind is not INFANTRY else 0)
        return cost


class GuardPlayer(_AssaultPlayer):
    """The defense of Ogre Defending: its watchdog Ogre and its units."""

    side = "defense"
    phases = DEFENSE_SIDE_PHASES

    def _fire(self, s: GameState) -> list[Action]:
        rnd = self.rng(s)
        return ogre_shot(s, self.skill.fire, rnd) or units_shot(s, self.skill.fire, rnd)

    def _move(self, s: GameState, legal: list[Action]) -> list[Action]:
        if s.phase is DEFENSE_MOVE:
            ogre = self._ogre_move(s, legal)
            if ogre:
                return ogre
        if s.phase is GEV_MOVE and self.skill_name != "Hi":
            return _only(legal, Done) or legal[:1]
        cp = s.command_post
        foes = [p for p in s.pieces if attacking(p.id) and p.hex > 0]
        if not foes or cp is None:
            return self._one_move(s, legal, lambda *_: None)
        # the attackers that matter most: the ones nearest the CP
        foes.sort(key=lambda p: (DISTANCE[p.hex][cp.hex], p.id))
        marks = tuple(p.hex for p in foes[:4])

        def pick(state: GameState, pid: int, moves: list[Move]) -> Move | None:
            if pid <= 0 or state.known(pid).moved:
                return None
            p = state.known(pid)
            free = [m for m in moves if not state.at(m.to)]
            if p.kind is CP:                      # a Command Crawler keeps away from them
                def room(h: int) -> tuple[int, int]:
                    return (min(DISTANCE[h][f.hex] for f in foes), -h)
                far = max(free, key=lambda m: room(m.to), default=None)
                return far if far is not None and room(far.to) > room(p.hex) else None
            to_fire = fire_distance(state.board, p.kind, marks)
            home = cp.hex

            def cost(h: int) -> tuple[int, int]:
                away = max(0, DISTANCE[h][home] - self.skill.guard)
                back = 0 if state.phase is not GEV_MOVE else DISTANCE[h][home]
                return (to_fire.get(h, 99) + 3 * away + back, h)
            best = min(free, key=lambda m: cost(m.to), default=None)
            return best if best is not None and cost(best.to) < cost(p.hex) else None
        return self._one_move(s, legal, pick)

    def _ogre_move(self, s: GameState, legal: list[Action]) -> list[Action]:
        o = watchdog(s)
        moves = [a for a in legal if isinstance(a, Move) and a.piece == o.id]
        foes = [p for p in s.pieces if p.id >= FIRST_ID and p.hex > 0]
        if not moves or not foes or o.moves_left <= 0:
            return []
        cp = s.command_post
        if self.skill_name == "Low":
            return []                            # a gun tower where it stands
        if self.skill_name == "Med" or cp is None:
            prey = min(foes, key=lambda p: (DISTANCE[o.hex][p.hex], p.id))
        else:
            prey = min(foes, key=lambda p: (DISTANCE[p.hex][cp.hex], -_worth(p), p.id))
        rams = [m for m in moves if any(attacking(p.id) and p.kind is not INFANTRY
                                        for p in s.at(m.to))]
        if rams:
            return [max(rams, key=lambda m: (max(_worth(p) for p in s.at(m.to)), -m.to))]
        here = DISTANCE[o.hex][prey.hex]
        closer = [m for m in moves if DISTANCE[m.to][prey.hex] < here and m.to != o.hex]
        if not closer or here <= 1:
            return []
        return [min(closer, key=lambda m: (DISTANCE[m.to][prey.hex], m.to))]


def _ready(s: GameState, cp: int) -> bool:
    """Is the force ready to strike: every unit entered and each within one move of a hex it
    can fire on the CP from? From STRIKE_TURN on it strikes all the same, so that a defense
    that never comes out cannot hold it off for ever."""
    if s.turn >= STRIKE_TURN:
        return True
    force = [p for p in s.pieces if attacking(p.id) and p.hex >= 0]
    if any(p.hex == 0 for p in force):
        return False
    return all(fire_distance(s.board, p.kind, (cp,)).get(p.hex, 99) <= STATS[p.kind].move
               for p in force if not p.disabled)


def _only(legal: list[Action], kind: type) -> list[Action]:
    """The first of the listed actions of this kind, as a plan of one (or none)."""
    return [a for a in legal if isinstance(a, kind)][:1]


def _threat(s: GameState) -> dict[int, int]:
    """For every hex, the attack the defense's units could bring on it next turn (each moves
    and then fires): where a waiting unit would be shot at."""
    out: dict[int, int] = {}
    guns = [(p.hex, STATS[p.kind].move + p.range, p.attack) for p in s.pieces
            if p.id < FIRST_ID and p.hex > 0 and p.attack]
    o = watchdog(s)
    if o.on_map:
        move = o.move_value
        guns += [(o.hex, move + WEAPON_STATS[w].range, WEAPON_STATS[w].attack * o.intact(w))
                 for w in WEAPONS[:3] if o.intact(w)]
        guns.append((o.hex, move + 1, 4 if o.treads else 0))       # its ram
    for at, reach, attack in guns:
        for h, d in DISTANCE[at].items():
            if d <= reach:
                out[h] = out.get(h, 0) + attack
    return out


def _worth(p: Piece) -> int:
    return STATS[p.kind].attack * (p.squads if p.kind is INFANTRY else 1) + (
        1 if p.kind is Kind.GEV else 0)


def make_assault_player(side: str, skill: str = "Med", seed: int = 0) -> PhasePlayer:
    """The computer on `side` ("ogre": the attacking force; "defense") of Ogre Defending."""
    return (ForcePlayer if side == "ogre" else GuardPlayer)(skill, seed)
