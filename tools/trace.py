"""An arena battle turn by turn (issue 32): how the Ogre comes on and what each side has left,
to see where a defence loses.

    python -m tools.trace --ogre Hi --mark 5 --seed 73 --games 0,1
    python -m tools.trace --ogre ref:Hi --seed 73 --games 2 --opt-defense approach_weight=3.0

Replays games of `tools/arena.py --seed S` (same fields, same dice) and prints a row at the start
of each defence turn while the Command Post stands: the Ogre's steps to the CP, its treads and
move value, its weapons (missiles, main, secondary, antipersonnel), the attack the defence has
left in infantry and in the rest, and what a reading defence has read of the Ogre's course (o:
kept it, x: turned aside; W once it fights the Ogre as wary).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from ogre.ai.analysis import ogre_distance_to
from ogre.ai.match import play
from ogre.rules.state import GameState, Phase
from ogre.rules.units import Kind
from tools.arena import opening, parse_opts


@dataclass(frozen=True)
class Row:
    turn: int
    steps: int              # the Ogre's steps to the Command Post
    treads: int
    move: int
    weapons: tuple[int, ...]
    infantry: int           # the defence's attack left, infantry squads
    armor: int              # ... and every other unit but the CP
    read: str               # the defence's reading so far ("" for a defence that reads nothing)

    def line(self) -> str:
        return (f"turn {self.turn:2}  steps {self.steps:2}  treads {self.treads:2} "
                f"(move {self.move})  weapons {self.weapons}  infantry {self.infantry:2}  "
                f"armor {self.armor:2}  {self.read}")


def row(s: GameState, defense) -> Row:
    o = s.ogre
    cp = s.command_post
    steps = ogre_distance_to(s.board, (cp.hex,)).get(o.hex, 99) if cp and o.on_map else -1
    infantry = sum(p.attack for p in s.pieces if p.kind is Kind.INFANTRY)
    armor = sum(p.attack for p in s.pieces if p.kind not in (Kind.INFANTRY, Kind.CP))
    reading = getattr(defense, "reading", None)
    read = ""
    if reading is not None:
        read = "".join("o" if kept else "x" for kept in reading.on_course)
        if defense.skill is defense.wary_skill and defense.wary_skill != defense.base_skill:
            read += " W"
    return Row(s.turn, steps, o.treads, o.move_value, tuple(o.weapons), infantry, armor, read)


def trace(ogre: str, defense: str, mark: int, seed: int, game: int,
          defense_opts: dict | None = None, max_turns: int = 100) -> tuple[list[Row], str]:
    """One battle of the arena's run: a row each defence turn while the CP stands, and the
    result."""
    state, ogre_player, defense_player = opening(ogre, defense, mark, seed, game, defense_opts)
    rows: list[Row] = []

    def on_step(_before: GameState, _action, after: GameState, _events) -> None:
        starts = after.phase is Phase.DEFENSE_MOVE and not (rows and rows[-1].turn == after.turn)
        if starts and after.command_post is not None:
            # the defence reads the Ogre when it plans this phase: its reading is one turn
            # behind here, so the row shows what it knew at its last turn
            rows.append(row(after, defense_player))

    rec = play(state, ogre_player, defense_player, max_turns=max_turns, on_step=on_step)
    return rows, rec.result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ogre", default="Hi")
    ap.add_argument("--defense", default="Hi")
    ap.add_argument("--mark", type=int, choices=(3, 5), default=3)
    ap.add_argument("--seed", type=int, default=73)
    ap.add_argument("--games", default="0", help="game numbers, comma-separated: 0,1,5")
    ap.add_argument("--opt-defense", action="append", default=[], metavar="KEY=VALUE")
    args = ap.parse_args(argv)
    try:
        games = [int(g) for g in args.games.split(",") if g.strip()]
    except ValueError:
        ap.error(f"--games takes game numbers such as 0,1,5, not {args.games!r}")
    for g in games:
        rows, result = trace(args.ogre, args.defense, args.mark, args.seed, g,
                             parse_opts(args.opt_defense))
        print(f"game {g} (Ogre {args.ogre}, defence {args.defense}, Mark {args.mark}, "
              f"seed {args.seed}): {result}")
        for r in rows:
            print("  " + r.line())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
