"""Many arena cells in one pool, each compared game by game with its base (issue 32's device
runs): every game of every cell is handed to the same processes, so a many-core machine stays
busy to the end instead of idling at each cell's last games.

    python -m tools.sweep --games 200 --seed 71 --jobs 16 --out results \\
        --cell "m3_hi_base Hi 3" \\
        --cell "m3_hi_hold Hi 3 strike_fraction=0.3 strike_distance=11" \\
        --cell "m3_ref_base ref:Hi 3" --cell "m3_ref_hold ref:Hi 3 strike_fraction=0.3"

A cell is "NAME OGRE MARK [defence option=value ...]" against the Hi defence (or
defense=LEVEL among the options). Each cell's games go to OUT/NAME.json, as the arena writes them
(`python -m tools.paired` reads them), and each cell is paired with the first cell of the same
Ogre and Mark (its base) in OUT/summary.txt, written as each cell finishes. `--cells FILE`
reads the cells from a file, one a line (tools/sweeps/ keeps those of the recorded runs).
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from ogre.rules.field import Field
from tools import paired, reference, results
from tools.arena import Job, battle, game_row, game_seed, load_fields, parse_opts, wilson


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


def job_of(cell: Cell, game: int, seed: int, max_turns: int) -> Job:
    """The arena's job for game `game` of a cell (its seed as the arena's run would give it)."""
    return Job(cell.ogre, cell.defense, cell.mark, game_seed(seed, game), game, {},
               parse_opts(list(cell.options)), max_turns)


def play_one(job: Job) -> tuple[str, int, list[float], list[float], list[str]]:
    """One battle of a cell, on its Mark's fields: the arena's battle."""
    fields = _fields(job.mark)
    return battle(fields[job.field_index % len(fields)], job)


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
    ap.add_argument("--cell", action="append", default=[], metavar="'NAME OGRE MARK [opt=v]'")
    ap.add_argument("--cells", type=Path, default=None,
                    help="a file of cells, one a line (# starts a comment)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=71)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--max-turns", type=int, default=100)
    ap.add_argument("--out", required=True, metavar="FOLDER")
    args = ap.parse_args(argv)
    listed = list(args.cell)
    if args.cells is not None:
        lines = args.cells.read_text().splitlines()
        listed += [x.split("#")[0].strip() for x in lines if x.split("#")[0].strip()]
    if not listed:
        ap.error("name the cells: --cell or --cells")
    try:
        cells = [parse_cell(c) for c in listed]
    except ValueError as exc:
        ap.error(str(exc))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if any(c.ogre.startswith(reference.PREFIX) for c in cells):
        print(f"reference players: {reference.load()}")     # before the pool: inherited
    jobs = [job_of(c, i, args.seed, args.max_turns) for c in cells for i in range(args.games)]
    t0 = time.perf_counter()
    (out / "summary.txt").write_text(f"seed {args.seed}, {args.games} games a cell\n")
    rows_of: dict[str, list[dict]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        played = pool.map(play_one, jobs, chunksize=1)      # in order: cell by cell
        for k, cell in enumerate(cells):
            mine = list(zip(jobs[k * args.games:(k + 1) * args.games], played))
            report(cell, cells, mine, rows_of, args, out, time.perf_counter() - t0)
    return 0


def report(cell: Cell, cells: list[Cell], mine: list, rows_of: dict[str, list[dict]], args,
           out: Path, elapsed: float) -> None:
    """Write a finished cell's games and its line (paired with its base) as soon as it is done,
    so a run cut short keeps the cells it finished."""
    n_fields = len(_fields(cell.mark))
    rows = rows_of[cell.name] = [game_row(j, res[0], res[1], n_fields) for j, res in mine]
    results.write(out / f"{cell.name}.json",
                  {"tool": "sweep", "mark": cell.mark, "seed": args.seed,
                   "opt_defense": list(cell.options), "cell": cell.name}, rows)
    lines = [describe(cell, rows, [t for _, res in mine for t in res[3]])
             + f" ({elapsed:.0f} s so far)"]
    base = next(c for c in cells if (c.ogre, c.mark) == (cell.ogre, cell.mark))
    if base is not cell and base.name in rows_of:
        outcome = paired.pair([bool(r["ogre_win"]) for r in rows_of[base.name]],
                              [bool(r["ogre_win"]) for r in rows])
        lines.append("   " + paired.describe(outcome, base.name, cell.name)
                     .replace("\n", "\n   "))
    text = "\n".join(lines)
    print(text, flush=True)
    with (out / "summary.txt").open("a") as f:
        f.write(text + "\n")


if __name__ == "__main__":
    raise SystemExit(main())
