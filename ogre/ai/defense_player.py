"""The computer defence (X1): movement, fire and the GEVs' second move.

Movement places every mobile unit on the hex with the best score: a firing position when the
defence strikes this turn (the furthest one from which it can still fire, the least exposed to
the Ogre's next turn), otherwise a waiting position just outside the Ogre's reach from which it
can strike next turn, near the Command Post and the howitzers. The defence strikes when enough
attack strength can fire together, or when the Ogre nears the Command Post. Fire is planned in
defense_fire.py; GEVs fire and then use their second move to leave the Ogre's reach.
Skill levels change the options in skill.py, not the code path.
"""

from __future__ import annotations

from dataclasses import replace

from ..rules.actions import Action, Aim, Clear, Done, Fire, Group, Move
from ..rules.errors import RuleError
from ..rules.game import apply, must_leave
from ..rules.hexes import distance
from ..rules.movement import defender_allowance, defender_reach
from ..rules.scenarios import ASSAULTS
from ..rules.sides import ogre_in_play
from ..rules.state import GameState, Phase, Piece
from ..rules.units import STATS, Kind
from .analysis import (
    ogre_approach,
    ogre_danger,
    ogre_distance_to,
    open_reach,
    piece_reach,
    piece_value,
    steps_to_fire,
)
from .assault_players import make_assault_player
from .base import DEFENSE_SIDE_PHASES, PhasePlayer
from .crawler import crawler_retreat
from .defense_beam import beam_deployments, make_view
from .defense_beam import value as beam_value
from .defense_fire import plan_groups, shooters
from .defense_lookahead import lookahead_move
from .minelaying import off_own_mines
from .ogre_player import OgrePlayer
from .protocol import Controller
from .reading import CourseReading
from .several import OgresAgainstOgres, defense_views, named
from .skill import DEFENSE_SKILLS, REPLY_OGRE, DefenseSkill, level_name, wary_options
from .watchdog import WithWatchdog

FIRE_BONUS = 20.0

Threat = tuple[GameState, dict[int, int], tuple[int, ...]]   # a view, its approach, its ends


class DefensePlayer(PhasePlayer):
    """A computer defence. `DefensePlayer("Med")`; DefenseSkill fields can be overridden by
    keyword."""

    side = "defense"
    phases = DEFENSE_SIDE_PHASES

    def __init__(self, skill: str = "Low", seed: int = 0, **options) -> None:
        super().__init__(seed)
        self.base_skill: DefenseSkill = replace(DEFENSE_SKILLS[level_name(skill)], **options)
        self.skill = self.base_skill       # this turn's options: the base, or against a wary Ogre
        self.wary_skill = replace(self.base_skill, **wary_options(self.base_skill))
        self.reading = CourseReading()
        self.level = level_name(skill)
        self.guard: PhasePlayer | None = None   # Ogre Defending's defense (its Ogre and units)
        self.overrides = options
        self.plain = False              # the 1986 player inside 9.01's (its Ogres' fight added)
        self.ogres_fight = OgresAgainstOgres(self.level, self.seed)
        self.others: list[Threat] = []  # among several Ogres: the ones not planned against

    def choose(self, state: GameState) -> Action:
        other = None if self.plain else self.ogres_fight.player(state, self._watched)
        return super().choose(state) if other is None else other.choose(state)

    def _watched(self) -> Controller:
        """9.01's player: this one's 1986 self with its Ogres' fight."""
        inner = DefensePlayer(self.level, self.seed, **self.overrides)
        inner.plain = True
        return WithWatchdog(inner, self.level, self.seed)

    def plan(self, state: GameState) -> list[Action]:
        if state.scenario in ASSAULTS:           # 9.03: a defense with its own Ogre
            if self.guard is None:
                self.guard = make_assault_player("defense", self.level, self.seed)
            return self.guard.plan(state)
        if len(state.ogres) > 1:                 # X15: against one Ogre at a time
            return self.plan_among(state)
        return self.plan_one(state)

    def plan_among(self, state: GameState) -> list[Action]:
        """Among several Ogres: move against the one soonest able to destroy the Command Post
        (`several.defense_views`); fire at it, or, where nothing reaches it, at the next one
        something does."""
        plan: list[Action] = [Done()]
        views = defense_views(state)
        for view in views:
            self.others = self._threats(view, views) if self.skill.other_ogres else []
            plan = [named(a, view.ogres[0].id) for a in self.plan_one(view)]
            if state.phase is not Phase.DEFENSE_FIRE or plan != [Done()]:
                break
        self.others = []
        return plan

    def _threats(self, focus: GameState, views: list[GameState]) -> list[Threat]:
        """The Ogres other than `focus`'s, each as the view, approach and likely ends its
        danger is judged by."""
        out = []
        for v in views:
            o = v.ogres[0]
            if o.id != focus.ogres[0].id and o.on_map and not o.destroyed:
                out.append((v, ogre_approach(v.board, o.hex, o.move_value), self.ogre_ends(v)))
        return out

    def others_danger(self, h: int, kind: Kind) -> float:
        """Among several Ogres, `other_ogres` of what the Ogres not planned against threaten at
        h next turn (the callers ask it only when there are any: it is asked for every hex a
        unit weighs)."""
        focus = self.skill.danger_focus
        return self.skill.other_ogres * sum(
            ogre_danger(view, h, kind, their_approach, their_ends, focus)
            for view, their_approach, their_ends in self.others)

    def plan_one(self, state: GameState) -> list[Action]:
        if self.base_skill.read_ogre:
            self.read(state)
        if state.phase is Phase.DEFENSE_FIRE:
            return self.plan_fire(state)
        if state.phase is Phase.GEV_MOVE:
            return self.plan_gev(state)
        retreat = crawler_retreat(state)          # 8.02: the CP first, out of the Ogre's way
        if retreat is not None:
            return [retreat, *self.plan_move(apply(state, retreat)[0])]
        return self.plan_move(state)

    def read(self, s: GameState) -> None:
        """Read the Ogre's last move (once a turn) and take the options for the Ogre it is."""
        k = self.base_skill
        if s.phase is Phase.DEFENSE_MOVE:
            self.reading.observe(s, self.ogre_ends(s) if ogre_in_play(s).on_map else ())
        self.skill = self.wary_skill if self.reading.wary(k.read_ogre) else k

    # ------------------------------------------------------------------ fire

    def plan_fire(self, s: GameState) -> list[Action]:
        if s.aim is not None:
            return [Clear()]
        k = self.skill
        groups = plan_groups(s, shooters(s), k.smart_fire, k.tread_weight, k.weapon_weight)
        if not groups:
            return [Done()]
        part, members = groups[0]
        aims: list[Action] = [Aim(m.piece, part) for m in members]
        return aims + [Fire()]

    # ------------------------------------------------------------------ movement

    def ogre_ends(self, s: GameState) -> tuple[int, ...]:
        """Where the Ogre may end its next move: the hexes it can reach that bring it nearest
        the Command Post (or, without a CP, anywhere it can reach)."""
        o = ogre_in_play(s)
        reach = (open_reach(s.board, o.hex, max(1, o.move_value)) if o.move_value
                 else frozenset({o.hex}))
        cp = s.command_post
        if cp is None:
            return tuple(sorted(reach))
        goal = ogre_distance_to(s.board, (cp.hex,))
        best = min(goal.get(h, 99) for h in reach)
        return tuple(sorted(h for h in reach if goal.get(h, 99) <= best + 1))

    def strike_now(self, s: GameState, movers: list[Piece]) -> bool:
        """Hold back or strike: strike when enough can fire together or the CP is in danger."""
        k = self.skill
        if k.strike_fraction <= 0:
            return True
        o = ogre_in_play(s)
        total = sum(p.attack for p in s.pieces if p.kind is not Kind.CP)
        can = 0
        for p in s.pieces:
            if p.kind is Kind.CP or p.disabled:
                continue
            if distance(p.hex, o.hex) <= p.range:
                can += p.attack
            elif p in movers:
                left = defender_allowance(p, s.phase, s.options) - p.moved
                if any(distance(h, o.hex) <= p.range for h in defender_reach(s, p, left)):
                    can += p.attack
        cp = s.command_post
        if cp is not None:
            d = ogre_distance_to(s.board, (cp.hex,)).get(o.hex, 40)
            if d <= k.strike_distance:
                return True
        if o.move_value == 0:
            return True
        return can >= k.strike_fraction * total

    def _styled(self, style: dict) -> DefensePlayer:
        """A defender planning like this one without the lookahead, with `style`'s options:
        the Hi lookahead's candidate planners."""
        p = DefensePlayer(self.skill.name, self.seed)
        p.base_skill = p.skill = replace(self.skill, lookahead=False, read_ogre=0, **style)
        return p

    def _reply(self, sample: int) -> OgrePlayer:
        """The Ogre that answers the look ahead's plans on dice stream `sample`: the levels in
        `reply` take the streams in turn, so the plan must hold against more than one Ogre."""
        name = self.skill.reply[sample % len(self.skill.reply)]
        level = name.rstrip("!")                  # "Hi!": the bold Hi Ogre whatever bold_reply
        bold = name.endswith("!") or self.skill.bold_reply
        return OgrePlayer(level, self.seed, **(REPLY_OGRE.get(level, {}) if bold else {}))

    @staticmethod
    def looks_ahead(s: GameState) -> bool:
        """Is this a movement phase the look ahead plans whole (a mobile Ogre, the CP standing,
        nothing moved yet, no hex to clear)?"""
        return (ogre_in_play(s).move_value > 0 and s.command_post is not None
                and not s.crowded_hex() and all(p.moved == 0 for p in s.pieces))

    def plan_move(self, s: GameState) -> list[Action]:
        o = ogre_in_play(s)
        if not o.on_map:
            return [Done()]
        k = self.skill
        fast = k.beam and k.beam_mode == "fast"
        if (k.lookahead or fast) and self.looks_ahead(s):
            extra = self.beam_plans(s)
            if extra and fast:
                return extra[0]
            if k.lookahead:
                prior = self._beam_prior(s) if k.beam and k.beam_prior else None
                return lookahead_move(self, s, self._styled, self._reply, extra, prior)
        crowded = s.crowded_hex()
        leaving = must_leave(s)
        movers = [p for p in s.pieces if self._can_move(s, p)]
        if crowded:
            movers = [p for p in movers if p.hex == crowded]
        strike = self.strike_now(s, movers)
        approach = ogre_approach(s.board, o.hex, o.move_value)
        nxt = self.ogre_ends(s)
        cp = s.command_post
        taken: dict[int, list[Piece]] = {}
        for p in s.pieces:
            if p not in movers:
                taken.setdefault(p.hex, []).append(p)
        # Units with the most attack choose first.
        order = sorted(movers, key=lambda p: (-p.attack, p.id))
        dest: dict[int, int] = {}
        for p in order:
            left = defender_allowance(p, s.phase, s.options) - p.moved
            cands = [p.hex] + off_own_mines(s, p, [h for h in defender_reach(s, p, left)
                                                if h != o.hex])
            if leaving is not None and p.id == leaving.id and len(cands) > 1:
                cands = cands[1:]                    # armor under the Ogre must move off
            best_h, best_v = cands[0], None
            for h in cands:
                here = taken.get(h, [])
                if here and not self._may_share(p, here):
                    continue
                v = self.score(s, p, h, strike, approach, nxt, cp)
                if here:
                    v += 0.3          # grouping small infantry units
                if best_v is None or v > best_v + 1e-9:
                    best_h, best_v = h, v
            dest[p.id] = best_h
            taken.setdefault(best_h, []).append(p)
        return self._orders(s, dest)

    def beam_plans(self, s: GameState) -> tuple[list[Action], ...]:
        """The unit beam's best deployments as orders (none when `beam` is 0)."""
        if not self.skill.beam:
            return ()
        return tuple(self._orders(s, dest)
                     for dest in beam_deployments(self, s, self.ogre_ends(s)))

    def _beam_prior(self, s: GameState):
        """The beam's judge of a whole plan, in treads: the look ahead adds `beam_prior` of it."""
        view = make_view(s, self.ogre_ends(s), self.skill)

        def judge(plan: list[Action]) -> float:
            dest = {a.piece: a.to for a in plan if isinstance(a, Move)}
            return self.skill.beam_prior * beam_value(view, dest, self.skill)
        return judge

    @staticmethod
    def _can_move(s: GameState, p: Piece) -> bool:
        if p.kind in (Kind.CP, Kind.HOWITZER) or p.disabled:
            return False
        if s.phase is Phase.GEV_MOVE and p.kind is not Kind.GEV:
            return False
        return defender_allowance(p, s.phase, s.options) - p.moved > 0

    @staticmethod
    def _may_share(p: Piece, here: list[Piece]) -> bool:
        return (p.kind is Kind.INFANTRY and len(here) == 1 and here[0].kind is Kind.INFANTRY
                and here[0].squads + p.squads <= 3)

    def score(self, s: GameState, p: Piece, h: int, strike: bool, approach: dict[int, int],
              nxt: tuple[int, ...], cp: Piece | None) -> float:
        k = self.skill
        o = ogre_in_play(s)
        d = distance(h, o.hex)
        fires = d <= p.range
        if k.charge:
            # Low: straight at the Ogre, by the way round the rubble when there is one.
            return FIRE_BONUS - d if fires else -steps_to_fire(s.board, p.kind, h, (o.hex,)) - d
        others = self.others
        danger = ogre_danger(s, h, p.kind, approach, nxt, k.danger_focus)
        if others:
            danger += self.others_danger(h, p.kind)
        if p.kind is Kind.GEV and k.gev_retreat and s.phase is Phase.DEFENSE_MOVE:
            danger = min(ogre_danger(s, x, p.kind, approach, nxt, k.danger_focus)
                         + (self.others_danger(x, p.kind) if others else 0.0)
                         for x in piece_reach(s.board, p.kind, h, STATS[Kind.GEV].second_move))
        value = piece_value(p)
        if fires and strike:
            return (FIRE_BONUS + p.attack + 0.5 * d / max(1, p.range)
                    - k.exposure_weight * value * danger)
        v = -k.wait_exposure * value * danger
        # Waiting: be able to strike next turn where the Ogre is going, near what it is after.
        st = STATS[p.kind]
        strike_dist = st.move + st.range
        dists = [distance(h, e) for e in nxt]
        cover = sum(1 for d in dists if d <= strike_dist) / len(dists)
        v += k.approach_weight * 3.0 * cover
        # Walking steps round rubble (Hi) or hexes as the crow flies (Med); against an Ogre
        # that cannot move every level walks round, or a unit behind rubble waits forever.
        if k.walk_round or o.move_value == 0:
            away = steps_to_fire(s.board, p.kind, h, nxt)
        else:
            away = min(dists) - st.range
        v -= 0.3 * max(0, away - st.move)
        if k.cover and cp is not None:
            v -= 0.1 * max(0, distance(h, cp.hex) - 7)
        if k.infantry_post and p.kind is Kind.INFANTRY and cp is not None:
            v -= 2.0 * max(0, distance(h, cp.hex) - k.infantry_post)
        return v

    def _orders(self, s: GameState, dest: dict[int, int]) -> list[Action]:
        """The moves (and groupings) in an order the rules accept, then Done."""
        pending = {pid: h for pid, h in dest.items() if s.known(pid).hex != h}
        acts: list[Action] = []
        cur = s
        progress = True
        while pending and progress:
            progress = False
            for pid in sorted(pending):
                h = pending[pid]
                p = cur.piece(pid)
                if p is None:          # merged into another unit
                    del pending[pid]
                    progress = True
                    break
                others = [q for q in cur.at(h) if q.id != pid]
                if others and (any(q.id in pending for q in others)
                               or not self._may_share(p, others)):
                    continue
                try:
                    cur, _ = apply(cur, Move(pid, h))
                    acts.append(Move(pid, h))
                    if others:
                        g = Group(min(pid, others[0].id))
                        cur, _ = apply(cur, g)
                        acts.append(g)
                except RuleError:
                    pass
                del pending[pid]
                progress = True
                break
        acts.append(Done())
        return acts

    # ------------------------------------------------------------------ GEV second move

    def plan_gev(self, s: GameState) -> list[Action]:
        k = self.skill
        o = ogre_in_play(s)
        if not k.gev_retreat or not o.on_map:
            return [Done()]
        movers = [p for p in s.pieces if self._can_move(s, p)]
        if not movers:
            return [Done()]
        approach = ogre_approach(s.board, o.hex, o.move_value)
        nxt = self.ogre_ends(s)
        cp = s.command_post
        taken: dict[int, list[Piece]] = {}
        for p in s.pieces:
            if p not in movers:
                taken.setdefault(p.hex, []).append(p)
        dest: dict[int, int] = {}
        for p in sorted(movers, key=lambda p: p.id):
            left = defender_allowance(p, s.phase, s.options) - p.moved
            cands = [p.hex] + off_own_mines(s, p, [h for h in defender_reach(s, p, left)
                                                if h != o.hex and not taken.get(h)])
            if k.gev_safe:
                cands = self._out_of_reach(s, p, cands, approach, nxt) or cands
            best_h, best_v = p.hex, None
            for h in cands:
                if taken.get(h):
                    continue
                v = self.score(s, p, h, False, approach, nxt, cp)
                danger = ogre_danger(s, h, p.kind, approach, nxt, k.danger_focus)
                if self.others:
                    danger += self.others_danger(h, p.kind)
                v -= k.gev_exposure * piece_value(p) * danger
                if best_v is None or v > best_v + 1e-9:
                    best_h, best_v = h, v
            dest[p.id] = best_h
            taken.setdefault(best_h, []).append(p)
        return self._orders(s, dest)

    def _out_of_reach(self, s: GameState, p: Piece, cands: list[int], approach: dict[int, int],
                      nxt: tuple[int, ...]) -> list[int]:
        """The hexes neither the Ogre's guns nor a ram can reach next turn, however it moves: a
        GEV that has fired goes there when it can, rather than wait on the Ogre's path. Missiles
        do not count: one shot each, and they reach so far that nothing would be safe."""
        guns = _without_missiles(s)
        safe = [h for h in cands if ogre_danger(guns, h, p.kind, approach, nxt, 0.0) == 0.0]
        for view, their_approach, their_ends in self.others:      # among several, all of them
            theirs = _without_missiles(view)
            safe = [h for h in safe
                    if ogre_danger(theirs, h, p.kind, their_approach, their_ends, 0.0) == 0.0]
        return safe


def _without_missiles(s: GameState) -> GameState:
    o = ogre_in_play(s)
    return s.with_ogre(replace(o, weapons=(0, *o.weapons[1:])))


__all__ = ["DefensePlayer"]
