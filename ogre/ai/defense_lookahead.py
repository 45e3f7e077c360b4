"""The defence's lookahead (the option `lookahead`; the Hi level's from issue 17 until issue 32's
third round, LOOKAHEAD_HI in skill.py): try several ways to deploy, play each against the reply.

For its movement the defender drafts a few plans with differently weighted versions of the
Med planner (strike with everything, hold back, stay out of reach, close in, ...), then plays
each one forward on a copy of the game: its own fire and GEV moves, then `horizon` turns of the
Ogre (the `reply` level: the Hi Ogre for the Hi defence) with the defence's turns between, and
scores where that leaves the race to the Command Post (analysis.race_margin). Two Ogre turns
judge a deployment far better than one: the arena's Ogre-win share against the reference Hi
Ogre fell from about 75% to 58% (tools/arena.py --ogre ref:Hi --defense Hi --seed 11).
Since issue 32 the best deployments of a beam over the units' own moves (defense_beam.py)
join the styles' plans. Every plan meets the same dice (the copies share their seeds), so the
comparison is fair; `samples` dice streams are averaged. The work is fixed (no clock), so the
same state always gets the same plan.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from ..rules.actions import Action, Done
from ..rules.errors import RuleError
from ..rules.game import apply
from ..rules.state import GameState, Phase
from .analysis import race_margin
from .base import OGRE_SIDE_PHASES
from .leaf import win_chance


class Chooser(Protocol):
    def choose(self, state: GameState) -> Action: ...


class Planner(Chooser, Protocol):
    def plan_move(self, state: GameState) -> list[Action]: ...


# Variations of the Med planner's options the look ahead tries each turn.
STYLES: tuple[dict, ...] = (
    {},
    {"approach_weight": 1.0},
    {"approach_weight": 5.0},
    {"exposure_weight": 1.0, "wait_exposure": 1.0},
    {"danger_focus": 0.5},
    {"strike_fraction": 0.5, "strike_distance": 9},
)
MORE_STYLES: tuple[dict, ...] = (
    {"approach_weight": 2.0, "danger_focus": 0.5},
    {"wait_exposure": 2.0},
    {"exposure_weight": 0.0, "wait_exposure": 0.0},
    {"approach_weight": 8.0, "wait_exposure": 0.1},
    {"strike_fraction": 0.3, "strike_distance": 11, "approach_weight": 5.0},
    {"cover": False, "approach_weight": 4.0},
)


def dice_stream(rng: int, salt: int) -> int:
    """Another dice stream drawn from this one: the look ahead's `salt`-th sample."""
    return (rng * 6364136223846793005 + 1442695040888963407 * (salt + 1)) & ((1 << 64) - 1)


def play_out(state: GameState, defense, ogre, turns: int = 1, max_actions: int = 800) -> GameState:
    """Play the rest of this defence turn and the Ogre's next `turns` turns."""
    s = state
    n = 0
    ogre_turns = 0
    was_ogre = False
    while not s.over and n < max_actions:
        if s.phase in OGRE_SIDE_PHASES:
            if not was_ogre:
                ogre_turns += 1
            was_ogre = True
            player = ogre
        else:
            if was_ogre and ogre_turns >= turns:
                break
            was_ogre = False
            player = defense
        try:
            s, _ = apply(s, player.choose(s))
        except RuleError:
            break
        n += 1
    return s


def draft_plans(s: GameState, planner: Callable[[dict], Planner], styles: int
                ) -> list[list[Action]]:
    """The distinct movement plans of the first `styles` deployment styles, in style order."""
    return distinct_plans(s, planner, (STYLES + MORE_STYLES)[:styles])


def distinct_plans(s: GameState, planner: Callable[[dict], Planner],
                   styles: tuple[dict, ...]) -> list[list[Action]]:
    """The movement plans of these styles, each once, in style order."""
    plans: list[list[Action]] = []
    seen = set()
    for style in styles:
        plan = planner(style).plan_move(s)
        key = tuple(str(a) for a in plan)
        if key not in seen:
            seen.add(key)
            plans.append(plan)
    return plans


def start_plan(s: GameState, plan: list[Action], rng: int) -> GameState | None:
    """The plan's moves on dice stream `rng`, up to the defence's fire (None: it fails)."""
    cur = replace(s, rng=rng)
    try:
        for a in plan:
            if isinstance(a, Done):
                break
            cur, _ = apply(cur, a)
        cur, _ = apply(cur, Done())
    except RuleError:
        return None
    if cur.phase is not Phase.DEFENSE_FIRE and not cur.over:
        return None
    return cur


def lookahead_move(player, s: GameState, planner: Callable[[dict], Planner],
                   reply: Callable[[int], Chooser],
                   extra: tuple[list[Action], ...] = (),
                   prior: Callable[[list[Action]], float] | None = None) -> list[Action]:
    """The look ahead's movement plan for this phase. `planner(style)` makes a Med-style
    defender with the style's options; `reply(sample)` the Ogre that answers each plan on that
    dice stream. Both come from the caller, so this module needs neither player module (no
    import circle). `extra` plans (the unit beam's) join the styles' ("join") or replace all
    but the first ("only"); `prior(plan)` adds a judge of the plan itself to its playouts'."""
    k = player.skill
    plans = draft_plans(s, planner, 1 if extra and k.beam_mode == "only" else k.styles)
    if extra:                       # without the beam (the Hi level) nothing to compare
        seen = {tuple(str(a) for a in plan) for plan in plans}
        for plan in extra:
            key = tuple(str(a) for a in plan)
            if key not in seen:
                seen.add(key)
                plans.append(plan)
    if len(plans) == 1:
        return plans[0]
    # the beam's own judge of each plan, once per dice stream, beside the playouts' (`prior`)
    scores = [prior(plan) * k.samples if prior else 0.0 for plan in plans]
    # the defence's later turns in the playouts: the plain style, or the beam's best (fast)
    rollout = {"beam_mode": "fast"} if k.beam and k.beam_rollout else {}
    for sample in range(k.samples):
        for i, plan in enumerate(plans):
            cur = start_plan(s, plan, dice_stream(s.rng, sample))
            if cur is None:
                scores[i] -= 1e6
                continue
            end = play_out(cur, planner(rollout), reply(sample), k.horizon)
            scores[i] += (100.0 * win_chance(end) if k.fitted_leaf
                          else race_margin(end, k.utilisation))
    best = max(range(len(plans)), key=lambda i: (scores[i], -i))
    return plans[best]
