"""Where the defence's attack goes (issue 32): the attack points the Ogre destroys, by the kind
of unit and by whether that unit had fired at the Ogre before it was hit.

    python -m tools.losses --ogre Hi --games 30 --seed 73
    python -m tools.losses --ogre Hi --games 30 --seed 73 --opt-defense lookahead=true ...

Plays the arena's games (the same fields and dice as `tools/arena.py --seed S`) and counts, in
every Ogre phase, the attack strength each defender loses: a destroyed unit its whole attack, an
infantry unit one per squad. A unit counts as having fired once any of its attacks was aimed at
the Ogre. A defence that loses much attack unfired was picked off before it struck.

`--why` says where the unfired attack went (issue 32's fifth round): by the unit's last defence
turn (did the defence fire that turn, and could this unit have fired from a hex in its reach?),
what the Ogre's missiles took, and what was lost in the first three turns, before any strike.
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass, field

from ogre.ai.base import OGRE_SIDE_PHASES
from ogre.ai.match import play
from ogre.rules.actions import Aim
from ogre.rules.hexes import distance
from ogre.rules.movement import defender_allowance, defender_reach
from ogre.rules.state import GameState, Phase, Piece
from ogre.rules.units import Kind
from ogre.rules.victory import OGRE_WINS
from tools.arena import load_fields, opening, parse_opts


@dataclass
class Losses:
    games: int = 0
    ogre_wins: int = 0
    lost: Counter = field(default_factory=Counter)     # (kind, fired before) -> attack lost
    # of the attack lost unfired: (kind, the defence fired on the unit's last turn, the unit
    # could have fired then) -> attack lost; and what the missiles and the first turns took
    unfired: Counter = field(default_factory=Counter)
    to_missiles: Counter = field(default_factory=Counter)
    early: Counter = field(default_factory=Counter)

    def per_game(self, fired: bool) -> dict[str, float]:
        return {kind: n / max(1, self.games) for (kind, f), n in sorted(self.lost.items())
                if f == fired}


def count_battle(state: GameState, ogre, defense, into: Losses,
                 max_turns: int = 100) -> GameState:
    """Play one battle, adding what the defence lost (and whether the Ogre won) to `into`; the
    battle's last state."""
    fired: set[int] = set()
    struck: set[int] = set()                  # the turns the defence fired on
    last: dict[int, tuple[int, bool]] = {}    # unit -> (its last defence turn, could it fire)

    def on_step(before: GameState, action, after: GameState, _events) -> None:
        if isinstance(action, Aim):
            fired.add(action.piece)
            struck.add(before.turn)
        if before.phase is Phase.DEFENSE_MOVE and before.ogre.on_map:
            for p in before.pieces:
                if last.get(p.id, (0, False))[0] != before.turn:
                    last[p.id] = (before.turn, could_fire(before, p))
        if before.phase not in OGRE_SIDE_PHASES:
            return
        left = {p.id: p.attack for p in after.pieces}
        missiles = before.ogre.weapons[0] > after.ogre.weapons[0]
        for p in before.pieces:
            lost = p.attack - left.get(p.id, 0)
            if p.kind is Kind.CP or lost <= 0:
                continue
            into.lost[p.kind.value, p.id in fired] += lost
            if p.id not in fired:
                turn, could = last.get(p.id, (0, False))
                into.unfired[p.kind.value, turn in struck, could] += lost
                into.to_missiles[p.kind.value] += lost if missiles else 0
                into.early[p.kind.value] += lost if before.turn <= 3 else 0

    rec = play(state, ogre, defense, max_turns=max_turns, on_step=on_step)
    into.games += 1
    into.ogre_wins += rec.result in OGRE_WINS
    return rec.final or state


def could_fire(s: GameState, p: Piece) -> bool:
    """At the start of a defence movement phase: could this unit end it in range of the Ogre?"""
    o = s.ogre
    if p.kind is Kind.CP or p.disabled:
        return False
    if distance(p.hex, o.hex) <= p.range:
        return True
    if p.kind is Kind.HOWITZER:
        return False
    reach = defender_reach(s, p, defender_allowance(p, Phase.DEFENSE_MOVE, s.options))
    return any(h != o.hex and distance(h, o.hex) <= p.range for h in reach)


def why_lines(r: Losses) -> list[str]:
    """The unfired losses broken down (--why), attack a battle by the kind of unit."""
    n = max(1, r.games)
    out = ["  of that, by the unit's last turn (the defence fired / held; the unit could fire /"
           " was out of reach), to missiles, and in turns 1-3:"]
    for kind in sorted({k for k, _, _ in r.unfired}):
        cells = [f"{r.unfired[kind, s, c] / n:.1f}"
                 for s in (True, False) for c in (True, False)]
        out.append(f"    {kind:9} fired {cells[0]} / {cells[1]}, held {cells[2]} / {cells[3]};"
                   f" missiles {r.to_missiles[kind] / n:.1f}, turns 1-3 {r.early[kind] / n:.1f}")
    return out


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
    ap.add_argument("--why", action="store_true",
                    help="break the attack lost unfired down by the unit's last turn")
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
        if args.why and not fired:
            print("\n".join(why_lines(r)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
