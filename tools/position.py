"""Save a position from an arena game, for a test that pins a computer player's choice there.

    python -m tools.position --seed 7 --game 0 --turn 6 --phase defense_fire \\
        --ogre ref:Hi --defense ref:Hi --out tests/ai/positions/howitzers-turn-6.json

Replays game `--game` of `tools/arena.py --seed S` (same field, same dice) with the named players
until the phase `--phase` of turn `--turn` begins, prints the position and writes it as the saved
game's state JSON (ogre.storage.state_data.StateData, version 2), which tests load with
`state_of`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ogre.ai.match import play
from ogre.net.messages import state_data
from ogre.rules.state import GameState
from tools import arena


def replay(args) -> GameState:
    s, ogre, defense = arena.opening(args.ogre, args.defense, args.mark, args.seed, args.game)

    def there(x: GameState) -> bool:
        return x.turn == args.turn and x.phase.value == args.phase

    rec = play(s, ogre, defense, max_turns=args.turn, until=there)
    s = rec.final or s
    if rec.illegal:
        raise SystemExit(f"an illegal action before turn {args.turn} {args.phase}: "
                         f"{rec.illegal[0]}")
    if not there(s):
        why = f"the battle ended ({s.result})" if s.over else f"{args.phase} never began"
        raise SystemExit(f"{why} before turn {args.turn} {args.phase}")
    return s


def describe(s: GameState) -> str:
    o = s.ogre
    lines = [f"turn {s.turn} {s.phase.value}: Ogre at {o.hex:04d}, {o.treads} treads, "
             f"weapons {o.weapons}"]
    lines += [f"  {p.id:3} {p.name:<14} {p.hex:04d}" for p in s.pieces]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--game", type=int, required=True)
    ap.add_argument("--turn", type=int, required=True)
    ap.add_argument("--phase", required=True, help="e.g. ogre_move, defense_fire, gev_move")
    ap.add_argument("--mark", type=int, choices=(3, 5), default=3)
    ap.add_argument("--ogre", default="Hi")
    ap.add_argument("--defense", default="Hi")
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    if arena.reference.PREFIX in args.ogre + args.defense:
        arena.reference.load()
    s = replay(args)
    print(describe(s))
    if args.out:
        Path(args.out).write_text(json.dumps(state_data(s), indent=1) + "\n")
        print("written to", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
