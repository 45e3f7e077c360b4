"""Where the defence's attack goes (issue 32): the attack points the Ogre destroys, by the kind
of unit and by whether that unit had fired at the Ogre before it was hit.

    python -m tools.losses --ogre Hi --games 30 --seed 73
    python -m tools.losses --ogre Hi --games 30 --seed 73 --opt-defense lookahead=true ...

Plays the arena's games (the same fields and dice as `tools/arena.py --seed S`) and counts, in
every Ogre phase, the attack strength each defender loses: a destroyed unit its whole attack, an
infantry unit one per squad. A unit counts as having fired once any of its attacks was aimed at
the Ogre. A defence that loses much attack unfired was picked off before it struck.
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass, field

from ogre.ai.base import OGRE_SIDE_PHASES
from ogre.ai.match import play
from ogre.rules.actions import Aim
from ogre.rules.state import GameState
from ogre.rules.units import Kind
from ogre.rules.victory import OGRE_WINS
from tools.arena import load_fields, opening, parse_opts


@dataclass
class Losses:
    games: int = 0
    ogre_wins: int = 0
    lost: Counter = field(default_factory=Counter)     # (kind, fired before) -> attack lost

    def per_game(self, fired: bool) -> dict[str, float]:
        return {kind: n / max(1, self.games) for (kind, f), n in sorted(self.lost.items())
                if f == fired}


def count_battle(state: GameState, ogre, defense, into: Losses,
                 max_turns: int = 100) -> GameState:
    """Play one battle, adding what the defence lost (and whether the Ogre won) to `into`; the
    battle's last state."""
    fired: set[int] = set()

    def on_step(before: GameState, action, after: GameState, _events) -> None:
        if isinstance(action, Aim):
            fired.add(action.piece)
        if before.phase not in OGRE_SIDE_PHASES:
            return
        left = {p.id: p.attack for p in after.pieces}
        for p in before.pieces:
            lost = p.attack - left.get(p.id, 0)
            if p.kind is not Kind.CP and lost > 0:
                into.lost[p.kind.value, p.id in fired] += lost

    rec = play(state, ogre, defense, max_turns=max_turns, on_step=on_step)
    into.games += 1
    into.ogre_wins += rec.result in OGRE_WINS
    return rec.final or state


def run(ogre: str, defense: str, mark: int, games: int, seed: int,
        defense_opts: dict | None = None) -> Losses:
    fields = load_fields(mark, None)
    out = Losses()
    for g in range(games):
        count_battle(*opening(ogre, defense, mark, seed, g, defense_opts, fields), out)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ogre", default="Hi")
    ap.add_argument("--defense", default="Hi")
    ap.add_argument("--mark", type=int, choices=(3, 5), default=3)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=73)
    ap.add_argument("--opt-defense", action="append", default=[], metavar="KEY=VALUE")
    args = ap.parse_args(argv)
    r = run(args.ogre, args.defense, args.mark, args.games, args.seed,
            parse_opts(args.opt_defense))
    opts = "".join(f" {o}" for o in args.opt_defense)
    print(f"Ogre {args.ogre} vs defence {args.defense}{opts}, Mark {args.mark}: "
          f"Ogre wins {r.ogre_wins}/{r.games}")
    for fired, name in ((False, "lost before firing"), (True, "lost after firing")):
        row = r.per_game(fired)
        parts = ", ".join(f"{kind} {v:.1f}" for kind, v in row.items())
        print(f"  {name}: {sum(row.values()):.1f} attack a battle ({parts})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
