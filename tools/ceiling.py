"""How far a better judge could take the Hi defence's plans (issue 17): its look ahead's ceiling.

Each movement phase the Hi defence drafts a few plans (defense_lookahead.draft_plans) and judges
them by two Ogre turns and the race margin. Here the judge is whole battles, played out against
the very Ogre the defence faces (the reference Hi by default, a fresh copy for each battle):

    python -m tools.ceiling --games 150 --seed 3 --streams 0 --jobs 2   # the battle's own dice
    python -m tools.ceiling --games 150 --seed 3 --streams 3 --jobs 2   # three other dice streams

With --streams 0 the defence knows every die to come: a bound no honest player reaches. With K
streams it knows its opponent's mind but not the dice: the best honest judge these plans can
have. Playouts go on with the Hi defence's planner without its look ahead; a plan scores 1000
plus the attack left when the Command Post stands at the end, else the turn it fell.

`--choice strike` asks the same of today's Hi defence and its one big decision (issue 32's fifth
round): each movement phase it may play as it is, strike with whatever can reach, or hold back
whatever can, and whole battles judge which:

    python -m tools.ceiling --choice strike --ogre Hi --mark 5 --games 60 --seed 73 --streams 2

`--judge margin` scores each played-out battle by the race's margin instead (the treads the Ogre
had left when the CP fell; a CP that stands scores above any fall): a few battles' margins say
more than their wins, so this is the sharper honest judge (issue 32's sixth round).
"""

from __future__ import annotations

import argparse
import copy
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ogre.ai.defense_lookahead import dice_stream, distinct_plans, draft_plans, start_plan
from ogre.ai.defense_player import DefensePlayer
from ogre.ai.match import play
from ogre.ai.skill import LOOKAHEAD_HI
from ogre.rules import new_game
from ogre.rules.actions import Action
from ogre.rules.game import OGRE_WINS
from ogre.rules.state import GameState
from tools import arena

HELD = 1000.0     # a Command Post still standing outranks any fall, however late
HELD_MARGIN = 5.0  # --judge margin: a CP that stands is worth a few treads more than a fall

# --choice strike: today's Hi defence as it is, striking now with whatever can reach, holding back
STRIKE_CHOICES: tuple[dict, ...] = ({}, {"strike_fraction": 0.0},
                                    {"strike_fraction": 2.0, "strike_distance": -1})


def played_out(s: GameState, defense, ogre, max_turns: int = 60) -> GameState:
    """The battle played on until the Command Post falls or it ends (a CP already gone at the
    start: played to its end, its last turn counts)."""
    def fallen(x: GameState) -> bool:
        return x.command_post is None

    return play(s, ogre, defense, max_turns=max_turns,
                until=fallen if s.command_post is not None else None).final or s


def battle_score(s: GameState, defense, ogre, max_turns: int = 60) -> float:
    """Play the battle out; HELD plus the defence's attack left if the CP stands, else the turn
    it fell (later is better)."""
    s = played_out(s, defense, ogre, max_turns)
    if s.command_post is None:
        return float(s.turn)
    return HELD + sum(p.attack for p in s.pieces if p is not s.command_post)


def battle_margin(s: GameState, defense, ogre, max_turns: int = 60) -> float:
    """Play the battle out and score it by the race's margin rather than who won: minus the
    treads the Ogre had left when the Command Post fell (a battle it all but lost counts nearly
    as one held), or HELD_MARGIN plus a tenth of the defence's attack left if the CP stands.
    A judge of few battles hears more in margins than in wins (issue 32's sixth round)."""
    s = played_out(s, defense, ogre, max_turns)
    if s.command_post is None:
        return -float(s.ogre.treads)
    return HELD_MARGIN + 0.1 * sum(p.attack for p in s.pieces if p is not s.command_post)


JUDGES = {"wins": battle_score, "margin": battle_margin}


class CeilingDefense(DefensePlayer):
    """The Hi defence's look ahead (LOOKAHEAD_HI) with its judge replaced by whole battles; with
    `choice` "strike", today's Hi defence choosing among STRIKE_CHOICES the same way."""

    def __init__(self, skill: str, seed: int, ogre: str, streams: int, styles: int,
                 choice: str = "styles", score: str = "wins") -> None:
        super().__init__(skill, seed, **(LOOKAHEAD_HI if choice == "styles" else {}))
        self.ogre, self.streams, self.styles, self.choice = ogre, streams, styles, choice
        self.outcome = JUDGES[score]     # how a played-out battle is scored
        self.opponent = None    # the Ogre player it meets, copied with its memory (else fresh)

    def drafts(self, s: GameState) -> list[list[Action]]:
        """The distinct plans to judge: the look ahead's styles, or strike, hold or as it is."""
        if self.choice == "styles":
            return draft_plans(s, self._styled, self.styles)
        return distinct_plans(s, self._styled, STRIKE_CHOICES)

    def playout_defense(self) -> DefensePlayer:
        """Who plays the defence's later turns in the playouts: the look ahead's plain planner,
        or (strike) today's Hi defence as it is, with what this one has read of the Ogre."""
        if self.choice == "styles":
            return self._styled({})
        p = DefensePlayer(self.base_skill.name, self.seed)
        p.reading = copy.deepcopy(self.reading)
        return p

    def plan_move(self, s: GameState) -> list[Action]:
        if not (s.ogre.on_map and self.looks_ahead(s)):
            return super().plan_move(s)
        plans = self.drafts(s)
        if len(plans) == 1:
            return plans[0]
        scores = [self.judge(s, plan) for plan in plans]
        return plans[max(range(len(plans)), key=lambda i: (scores[i], -i))]

    def judge(self, s: GameState, plan: list[Action]) -> float:
        rngs = [dice_stream(s.rng, 7 + k) for k in range(self.streams)] or [s.rng]
        total = 0.0
        for rng in rngs:
            cur = start_plan(s, plan, rng)
            if cur is None:
                return -1e9
            ogre = (copy.deepcopy(self.opponent) if self.opponent is not None
                    else arena.make_player("ogre", self.ogre, self.seed))
            total += self.outcome(cur, self.playout_defense(), ogre)
        return total


@dataclass(frozen=True)
class Job:
    ogre: str
    game: int
    seed: int
    streams: int
    styles: int
    mark: int = 3
    choice: str = "styles"
    score: str = "wins"


def run_one(job: Job) -> bool:
    """One battle; True if the Ogre won."""
    field = arena.FIELDS[job.game % len(arena.FIELDS)]
    seed = arena.game_seed(job.seed, job.game)
    ogre = arena.make_player("ogre", job.ogre, seed)
    defense = CeilingDefense("Hi", seed, job.ogre, job.streams, job.styles, job.choice,
                             job.score)
    defense.opponent = ogre     # its playouts meet this Ogre as it is, memory and all
    result = play(new_game(field, job.mark, seed), ogre, defense, max_turns=100)
    return result.result in OGRE_WINS or (result.final is not None
                                          and result.final.command_post is None)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ogre", default="ref:Hi")
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--streams", type=int, default=3, help="dice streams a plan (0: the true dice)")
    ap.add_argument("--styles", type=int, default=6, help="deployment styles drafted a turn")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--mark", type=int, choices=(3, 5), default=3)
    ap.add_argument("--choice", choices=("styles", "strike"), default="styles",
                    help="styles: the look ahead's plans; strike: today's Hi defence striking, "
                         "holding back or as it is")
    ap.add_argument("--judge", choices=tuple(JUDGES), default="wins",
                    help="wins: a battle held outranks any lost; margin: the treads the Ogre "
                         "had left when the CP fell")
    args = ap.parse_args(argv)
    jobs = [Job(args.ogre, g, args.seed, args.streams, args.styles, args.mark, args.choice,
                args.judge) for g in range(args.games)]
    with ProcessPoolExecutor(args.jobs, initializer=arena.init_fields,
                             initargs=(args.mark, None)) as pool:
        wins = sum(pool.map(run_one, jobs))
    lo, hi = arena.wilson(wins, args.games)
    dice = "the true dice" if args.streams == 0 else f"{args.streams} dice streams"
    what = (f"{args.styles} styles" if args.choice == "styles"
            else "striking, holding back or as it is")
    print(f"{args.ogre} against the Hi defence judging {what} by whole battles' {args.judge} "
          f"on {dice} (Mark {args.mark}, seed {args.seed}): Ogre wins {wins}/{args.games} = "
          f"{100 * wins / args.games:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
