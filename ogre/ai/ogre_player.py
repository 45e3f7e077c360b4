"""The computer Ogre (G2, G3): entry, movement with rams and overruns, weapon fire, leaving.

Two layers, as in the 1986 game's "Ogre intelligence":
- strategic: the goal is the Command Post; once it is gone, the Ogre hunts for a few turns and
  then makes for the bottom row and leaves when it is threatened;
- tactical: every way of spending the turn's move points (including staying on a hex to ram a
  disabled unit again, or to overrun infantry again) is searched, rams weighted by their dice,
  and each end hex is valued by the distance to the goal, what the Ogre can shoot from there,
  and the fire it will draw from the defenders that can reach it.
Skill levels only change the weights (see skill.py); the Hi Ogre adds a reply model
(`lookahead.py`) that replaces the simple threat count with the defence's expected fire.

Each plan is an expectimax over single steps: a ram of mobile armor is worth half the position
where it is destroyed and half the one where it survives disabled under the Ogre (which may
then ram it again). The principal variation is handed out step by step and the search runs
again after every ram or overrun, when the dice have spoken. In the fire phase the Ogre aims
one attack (OgreAim with every weapon of it), fires, and plans again with what is left.
"""

from __future__ import annotations

from dataclasses import replace

from ..rules.actions import Action, Clear, Done, Enter, Exit, Fire, Move, OgreAim
from ..rules.command_post import ram_tread_cost, rammed_in_place
from ..rules.hexes import BOTTOM_ROW, distance
from ..rules.scenarios import ASSAULTS
from ..rules.sides import ogre_in_play
from ..rules.state import GameState, Phase, Piece
from ..rules.units import MARKS, WEAPONS, Kind, counts
from .analysis import AP, W_RANGE, exit_distance, ogre_distance_to, p_x_d, piece_value, threats_at
from .assault_players import make_assault_player
from .base import OGRE_SIDE_PHASES, PhasePlayer
from .belief import believed
from .defense_fire import tread_value
from .ogre_fire import (
    DISABLE_FRACTION,
    first_stage,
    greedy_fire,
    plan_fire,
    shot_value,
    targets_in_range,
)
from .protocol import Controller
from .several import OgresAgainstOgres, OgresInTurn
from .skill import OGRE_SKILLS, OgreSkill, level_name
from .watchdog import AgainstWatchdog

THREAT_FACTOR = 0.4      # Ogre value lost per defender attack point that can reach it
STALL_TURNS = 3          # turns without getting nearer its goal before the Ogre throws caution away
EXIT_VALUE = 1e6         # leaving with the CP destroyed: the victory is safe
EXIT = -1                # the search's name for the Exit step


class OgrePlayer(PhasePlayer):
    """A computer Ogre. `OgrePlayer("Med")`; any OgreSkill field can be overridden by keyword."""

    side = "ogre"
    phases = OGRE_SIDE_PHASES

    def __init__(self, skill: str = "Low", seed: int = 0, **options) -> None:
        super().__init__(seed)
        self.level = level_name(skill)
        self.skill: OgreSkill = replace(OGRE_SKILLS[self.level], **options)
        self._cp_gone_turn = 0
        self._progress: dict[str, tuple[int, int]] = {}
        self.stalled = False
        self.reply = None
        if self.skill.lookahead:
            from .lookahead import ReplyModel
            self.reply = ReplyModel(self.skill)
        self.overrides = options       # the skill fields given by keyword
        self.several: OgresInTurn | None = None        # a battle of several Ogres: each its own
        self.force: PhasePlayer | None = None          # Ogre Defending's attacking force
        self.plain = False              # the 1986 player inside 9.01's (its Ogres' fight added)
        self.ogres_fight = OgresAgainstOgres(self.level, self.seed)

    def choose(self, state: GameState) -> Action:
        state = believed(state)           # a view with markers: what lies under them (8.04)
        other = None if self.plain else self.ogres_fight.player(state, self._watched)
        return super().choose(state) if other is None else other.choose(state)

    def _watched(self) -> Controller:
        """9.01's player: this one's 1986 self with its Ogres' fight."""
        inner = OgrePlayer(self.level, self.seed, **self.overrides)
        inner.plain = True
        return AgainstWatchdog(inner, self.level, self.seed)

    def plan(self, state: GameState) -> list[Action]:
        if state.scenario in ASSAULTS:               # 9.03: the Ogre's side is a force
            if self.force is None:
                self.force = make_assault_player("ogre", self.level, self.seed)
            return self.force.plan(state)
        if len(state.ogres) > 1:
            if self.several is None:
                self.several = OgresInTurn(
                    lambda: OgrePlayer(self.level, self.seed, **self.overrides).plan_one)
            return self.several.plan(state)
        return self.plan_one(state)

    def plan_one(self, state: GameState) -> list[Action]:
        if state.command_post is None and not self._cp_gone_turn:
            self._cp_gone_turn = state.turn
        if state.phase is Phase.OGRE_ENTRY:
            return [Enter(self.entry_hex(state))]
        if state.phase is Phase.OGRE_MOVE:
            return self.plan_move(state)
        return self.plan_fire(state)

    # ------------------------------------------------------------------ strategy

    def leaving(self, s: GameState) -> bool:
        """After the CP: leave when threatened, when the hunt has lasted long enough, or when
        the time limit leaves only the turns it takes to get off the map (7.02)."""
        if s.command_post is not None:
            return False
        if s.turn - self._cp_gone_turn >= self.skill.hunt_turns or time_to_leave(s):
            return True
        if self.skill.threat_weight == 0:
            return False
        return sum(p.attack for p in threats_at(s, ogre_in_play(s).hex)) >= 8

    def goal_distances(self, s: GameState) -> dict[int, int]:
        cp = s.command_post
        if cp is not None:
            return ogre_distance_to(s.board, (cp.hex,))
        if self.leaving(s) or not s.pieces:
            return exit_distance(s.board)
        return ogre_distance_to(s.board, tuple(p.hex for p in s.pieces))

    # ------------------------------------------------------------------ entry

    def entry_hex(self, s: GameState) -> int:
        cp = s.command_post
        goal = ogre_distance_to(s.board, (cp.hex,)) if cp else exit_distance(s.board)
        cands = [h for h in sorted(BOTTOM_ROW) if not s.board.is_crater(h) and not s.at(h)]
        k = self.skill

        def score(h: int) -> float:
            v = -k.progress_weight * goal.get(h, 99)
            if k.threat_weight:
                v -= k.threat_weight * THREAT_FACTOR * sum(p.attack for p in threats_at(s, h))
            return v

        cands.sort(key=lambda h: (-score(h), h))
        top = cands[:max(1, k.entry_choices)]
        return self.rng(s, 1).choice(top)

    # ------------------------------------------------------------------ movement

    def plan_move(self, s: GameState) -> list[Action]:
        o = ogre_in_play(s)
        if o.hex in BOTTOM_ROW and o.moves_left >= 1 and self.leaving(s):
            return [Exit()]
        if o.treads <= 0 or o.moves_left <= 0:
            return [Done()]
        self._note_progress(s)
        search = MoveSearch(self, s)
        return search.principal_variation()

    def _note_progress(self, s: GameState) -> None:
        """Remember the nearest the Ogre has come to its goal; after STALL_TURNS turns without
        getting nearer it stops weighing the fire it would draw (else two careful sides could
        watch each other for ever)."""
        if ogre_in_play(s).moved:
            return
        kind = "cp" if s.command_post is not None else ("exit" if self.leaving(s) else "hunt")
        d = self.goal_distances(s).get(ogre_in_play(s).hex, 99)
        best = self._progress.get(kind)
        if best is None or d < best[0]:
            self._progress[kind] = (d, s.turn)
        self.stalled = s.turn - self._progress[kind][1] >= STALL_TURNS

    # ------------------------------------------------------------------ fire

    def missile_reserve(self, s: GameState) -> float:
        k = self.skill
        if s.command_post is None:
            return min(1.0, k.missile_reserve)
        attack = sum(p.attack for p in threats_at(s, ogre_in_play(s).hex))
        risk = min(0.9, attack / 40.0)
        return k.missile_reserve * (1.0 - risk)

    def plan_fire(self, s: GameState) -> list[Action]:
        if s.aim is not None:
            return [Clear()]
        o = ogre_in_play(s)
        if not o.on_map:
            return [Done()]
        avail = counts(o.available(w) for w in WEAPONS)
        if not any(avail):
            return [Done()]
        targets = targets_in_range(s, o.hex)
        if not targets:
            return [Done()]
        if self.skill.smart_fire:
            _, shots = plan_fire(targets, avail, self.missile_reserve(s), self.skill.fire_targets)
        else:
            shots = greedy_fire(targets, avail)
        if not shots:
            return [Done()]

        def order(ta):
            t, alloc = ta
            return -shot_value(t, sum(n * a for n, a in zip(alloc, (6, 4, 3, 1))))

        shots.sort(key=order)
        t, alloc = shots[0]
        if self.skill.sequential_fire:
            alloc = first_stage(t, alloc, other_targets=len(targets) > 1)
        return [OgreAim(t.piece.id, alloc), Fire()]


# ---------------------------------------------------------------------- the move search

def _piece_material(s: GameState) -> float:
    """What the defenders on the map are worth (disabled ones a little less)."""
    total = 0.0
    for p in s.pieces:
        v = piece_value(p)
        if p.disabled_turn == s.turn:
            v *= 1.0 - DISABLE_FRACTION
        total += v
    return total


class MoveSearch:
    """Expectimax over the Ogre's single steps for the rest of this move phase."""

    def __init__(self, player: OgrePlayer, s: GameState) -> None:
        self.player = player
        self.k = player.skill
        self.root = s
        self.goal = player.goal_distances(s)
        self.leaving = player.leaving(s)
        self.goal_weight = self.k.progress_weight * (3.0 if self.leaving else 1.0)
        self.threat_weight = self.k.threat_weight * self._slow_caution(ogre_in_play(s).move_value)
        self.memo: dict = {}
        self.fire_cache: dict = {}
        self.orig_treads = MARKS[ogre_in_play(s).mark].treads
        self.nodes = 0

    # -- successor states
    def steps(self, s: GameState) -> list[int]:
        o = ogre_in_play(s)
        if o.treads <= 0 or o.moves_left <= 0:
            return []
        out = []
        # another Ogre's hex is never a step: the search moves a hex at a time, and an Ogre
        # may not stop on a friend (M1)
        friends = [x.hex for x in s.ogres if x is not o and x.hex] if len(s.ogres) > 1 else ()
        for n in s.board.steps(o.hex, True):
            occ = s.at(n)
            if (occ and not self._contact_ok(s, occ)) or n in friends:
                continue
            out.append(n)
        under = s.at(o.hex)
        if under and self._contact_ok(s, under):
            out.append(o.hex)
        return out

    @staticmethod
    def _contact_ok(s: GameState, occ: tuple[Piece, ...]) -> bool:
        armor = [p for p in occ if p.kind is not Kind.INFANTRY]
        if not armor:
            return True
        o = ogre_in_play(s)
        return o.rams < 2 and ram_tread_cost(armor[0], s.options) <= o.treads

    @staticmethod
    def outcomes(s: GameState, to: int) -> list[tuple[float, GameState]]:
        o = ogre_in_play(s)
        o2 = replace(o, hex=to, moved=o.moved + 1)
        occ = s.at(to)
        if not occ:
            return [(1.0, s.with_ogre(o2))]
        armor = [p for p in occ if p.kind is not Kind.INFANTRY]
        if not armor:
            victim = occ[0]
            if not o.weapons[AP]:
                return [(1.0, s.with_ogre(o2))]
            if victim.squads <= 1:
                return [(1.0, s.replace_piece(None, victim.id, ogre=o2))]
            reduced = replace(victim, squads=victim.squads - 1)
            return [(1.0, s.replace_piece(reduced, victim.id, ogre=o2))]
        victim = armor[0]
        o2 = replace(o2, treads=o2.treads - ram_tread_cost(victim, s.options), rams=o2.rams + 1)
        if rammed_in_place(victim, s.options):
            return [(1.0, s.replace_piece(None, victim.id, ogre=o2))]
        return [(0.5, s.replace_piece(replace(victim, disabled_turn=s.turn), victim.id, ogre=o2)),
                (0.5, s.replace_piece(None, victim.id, ogre=o2))]

    # -- evaluation
    def fire_value(self, s: GameState) -> tuple[float, dict[int, float]]:
        """Expected value of the coming fire phase from here, and each target's chance to be put
        out of action by it."""
        o = ogre_in_play(s)
        near = tuple(p for p in s.pieces if distance(o.hex, p.hex) <= W_RANGE[0])
        key = (o.hex, near, o.weapons)
        hit = self.fire_cache.get(key)
        if hit is not None:
            return hit
        targets = targets_in_range(s, o.hex)
        reserve = self.player.missile_reserve(s) if self.k.smart_fire else 0.0
        res: tuple[float, dict[int, float]]
        if not targets:
            res = (0.0, {})
        elif self.k.smart_fire:
            value, shots = plan_fire(targets, o.weapons, reserve, min(6, self.k.fire_targets))
            res = (value, self._kills(shots))
        else:
            shots = greedy_fire(targets, o.weapons)
            res = (sum(shot_value(t, sum(n * a for n, a in zip(al, (6, 4, 3, 1))))
                       for t, al in shots),
                   self._kills(shots))
        self.fire_cache[key] = res
        return res

    @staticmethod
    def _kills(shots) -> dict[int, float]:
        out = {}
        for t, alloc in shots:
            atk = sum(n * a for n, a in zip(alloc, (6, 4, 3, 1)))
            px, pd = p_x_d(atk, t.defense)
            share = pd if t.piece.kind is not Kind.INFANTRY else pd / max(1, t.piece.squads)
            out[t.piece.id] = px + share
        return out

    def leaf(self, s: GameState) -> float:
        k = self.k
        o = ogre_in_play(s)
        v = -k.crush_weight * _piece_material(s)
        v += k.tread_weight * tread_value(o.treads, self.orig_treads)
        v -= self.goal_weight * self.goal.get(o.hex, 40) * self._pace(o.move_value)
        kills: dict[int, float] = {}
        if k.smart_fire or k.threat_weight:
            fv, kills = self.fire_value(s)
            v += fv
        if k.threat_weight and not self.player.stalled:
            if self.player.reply is not None:
                v -= self.threat_weight * self.player.reply.expected_loss(s, kills)
            else:
                threat = 0.0
                for p in threats_at(s, o.hex):
                    threat += p.attack * (1.0 - kills.get(p.id, 0.0))
                v -= self.threat_weight * THREAT_FACTOR * threat
        return v

    def _slow_caution(self, speed: int) -> float:
        """With `slow_caution` on, the fire an end hex draws counts by the Ogre's speed: a
        slowed Ogre cannot outrun the defence, and stepping aside costs it turns under fire."""
        if not self.k.slow_caution or self.leaving or self.root.command_post is None:
            return 1.0
        return min(3, max(1, speed)) / 3.0

    def _pace(self, speed: int) -> float:
        """With `pace` on, a hex of the way to the Command Post is worth the turns it takes: a
        slowed Ogre must not turn aside, every step costs it a whole turn of the defence's fire."""
        if not self.k.pace or self.leaving or self.root.command_post is None:
            return 1.0
        return 3.0 / max(0.75, speed)

    # -- search
    def value(self, s: GameState) -> tuple[float, int | None]:
        o = ogre_in_play(s)
        key = (o.hex, o.moved, o.treads, o.rams, s.pieces)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        best_v, best_step = self.leaf(s), None
        self.nodes += 1
        if self.leaving and o.hex in BOTTOM_ROW and o.moves_left >= 1 and o.treads > 0:
            self.memo[key] = (EXIT_VALUE, EXIT)
            return EXIT_VALUE, EXIT
        for to in (self.steps(s) if self.nodes < self.k.max_nodes else ()):
            v = sum(p * self.value(s2)[0] for p, s2 in self.outcomes(s, to))
            if v > best_v + 1e-6:
                best_v, best_step = v, to
        self.memo[key] = (best_v, best_step)
        return best_v, best_step

    def principal_variation(self) -> list[Action]:
        s = self.root
        out: list[Action] = []
        while True:
            _, step = self.value(s)
            if step is None:
                out.append(Done())
                return out
            if step == EXIT:
                out.append(Exit())
                return out
            out.append(Move(ogre_in_play(s).id, step))
            outs = self.outcomes(s, step)
            if len(outs) != 1 or s.at(step):
                return out          # a ram or an overrun: look again at what happened
            s = outs[0][1]


TIME_MARGIN = 1       # turns kept in hand for a path blocked or treads lost on the way out


def time_to_leave(s: GameState) -> bool:
    """7.02: a destroyed CP wins only if the Ogre is off the map when time is up, so it heads
    for the bottom row once the turns left (this one included) are barely enough to get there
    and leave."""
    limit = s.options.time_limit
    if not limit:
        return False
    o = ogre_in_play(s)
    steps = exit_distance(s.board).get(o.hex, 99) + 1          # to the bottom row, then off
    turns_needed = -(-steps // max(1, o.move_value))
    return limit - s.turn + 1 <= turns_needed + TIME_MARGIN
