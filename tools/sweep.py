"""Many arena cells in one pool, each compared game by game with its base (issue 32's device
runs): every game of every cell is handed to the same processes, so a many-core machine stays
busy to the end instead of idling at each cell's last games.

    python -m tools.sweep --games 200 --seed 71 --jobs 16 --out results \\
        --cell "m3_hi_base Hi 3" \\
        --cell "m3_hi_read Hi 3 read_ogre=3" \\
        --cell "m3_ref_base ref:Hi 3" --cell "m3_ref_read ref:Hi 3 read_ogre=3"

A cell is "NAME OGRE MARK [defence option=value ...]" against the Hi defence (or
defense=LEVEL among the options). Each cell's games go to OUT/NAME.json, as the arena writes them
(`python -m tools.paired` reads them), and each cell is paired with the first cell of the same
Ogre and Mark (its base) in OUT/summary.txt.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from ogre.ai.match import UNFINISHED, play
from ogre.rules import new_game
from ogre.rules.field import Field
from ogre.rules.game import OGRE_WINS
from tools import paired, reference, results
from tools.arena import UNFINISHED_WON, game_seed, load_fields, make_player, parse_opts, wilson


@dataclass(frozen=True)
class Cell:
    name: str
    ogre: str
    mark: int
    defense: str
    options: tuple[str, ...]


def parse_cell(text: str) -> Cell:
    """'NAME OGRE MARK [option=value ...]' as a Cell; ValueError for anything else."""
    words = text.split()
    if len(words) < 3 or words[2] not in ("3", "5"):
        raise ValueError(f"a cell is 'NAME OGRE MARK [option=value ...]', not {text!r}")
    opts = [w for w in words[3:] if not w.startswith("defense=")]
    defense = next((w.split("=", 1)[1] for w in words[3:] if w.startswith("defense=")), "Hi")
    return Cell(words[0], words[1], int(words[2]), defense, tuple(opts))


FIELDS: dict[int, list[Field]] = {}


def _fields(mark: int) -> list[Field]:
    if mark not in FIELDS:
        FIELDS[mark] = load_fields(mark, None)
    return FIELDS[mark]


def play_one(job: tuple[Cell, int, int, int]) -> tuple[str, int, list[float]]:
    """One battle of a cell: (result, turns, the defence's think times)."""
    cell, game, seed, max_turns = job
    fields = _fields(cell.mark)
    state = new_game(fields[game % len(fields)], cell.mark, seed)
    ogre = make_player("ogre", cell.ogre, seed)
    defense = make_player("defense", cell.defense, seed, parse_opts(list(cell.options)))
    rec = play(state, ogre, defense, max_turns=max_turns)
    result = rec.result
    if result == UNFINISHED and rec.final is not None and rec.final.command_post is None:
        result = UNFINISHED_WON
    return result, rec.turns, rec.defense_turn_times


def cell_rows(cell: Cell, games: int, seed: int, outcomes: list) -> list[dict]:
    n_fields = len(_fields(cell.mark))
    return [{"ogre": cell.ogre, "defense": cell.defense, "game": i,
             "game_seed": game_seed(seed, i), "field": i % n_fields, "result": res,
             "ogre_win": int(res in (*OGRE_WINS, UNFINISHED_WON)), "turns": turns}
            for i, (res, turns, _) in enumerate(outcomes)]


def describe(cell: Cell, rows: list[dict], times: list[float]) -> str:
    n = len(rows)
    wins = sum(r["ogre_win"] for r in rows)
    lo, hi = wilson(wins, n)
    return (f"{cell.name}: Ogre {cell.ogre} vs defence {cell.defense} "
            f"{' '.join(cell.options) or '(as it is)'}, Mark {cell.mark}: Ogre wins "
            f"{wins}/{n} = {100 * wins / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]; "
            f"defence think median {1000 * statistics.median(times or [0]):.0f} ms, "
            f"worst {1000 * max(times, default=0):.0f} ms")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cell", action="append", required=True, metavar="'NAME OGRE MARK [opt=v]'")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=71)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--max-turns", type=int, default=100)
    ap.add_argument("--out", required=True, metavar="FOLDER")
    args = ap.parse_args(argv)
    try:
        cells = [parse_cell(c) for c in args.cell]
    except ValueError as exc:
        ap.error(str(exc))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if any(c.ogre.startswith(reference.PREFIX) for c in cells):
        print(f"reference players: {reference.load()}")     # before the pool: inherited
    jobs = [(c, i, game_seed(args.seed, i), args.max_turns)
            for c in cells for i in range(args.games)]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        outcomes = list(pool.map(play_one, jobs, chunksize=1))
    lines = [f"seed {args.seed}, {args.games} games a cell, {time.perf_counter() - t0:.0f} s"]
    rows_of: dict[str, list[dict]] = {}
    for k, cell in enumerate(cells):
        mine = outcomes[k * args.games:(k + 1) * args.games]
        rows = rows_of[cell.name] = cell_rows(cell, args.games, args.seed, mine)
        results.write(out / f"{cell.name}.json",
                      {"tool": "sweep", "mark": cell.mark, "seed": args.seed,
                       "opt_defense": list(cell.options), "cell": cell.name}, rows)
        lines.append(describe(cell, rows, [t for _, _, ts in mine for t in ts]))
        base = next(c for c in cells if (c.ogre, c.mark) == (cell.ogre, cell.mark))
        if base is not cell:
            outcome = paired.pair([bool(r["ogre_win"]) for r in rows_of[base.name]],
                                  [bool(r["ogre_win"]) for r in rows])
            lines.append("   " + paired.describe(outcome, base.name, cell.name)
                         .replace("\n", "\n   "))
    text = "\n".join(lines)
    print(text)
    (out / "summary.txt").write_text(text + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
