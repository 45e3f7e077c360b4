"""Two players on the same seeds, compared game by game (issue 31, point 15).

    python -m tools.arena --ogre Hi --defense Med --compare-ogre Med --games 200 --seed 3
    python -m tools.arena --ogre Hi --defense Med --games 200 --seed 3 --out a.json
    python -m tools.arena --ogre Hi --defense Med --games 200 --seed 3 --opt-ogre x=1 --out b.json
    python -m tools.paired a.json b.json
    python -m tools.paired a73.json,a91.json b73.json,b91.json    # runs on several seeds, pooled

The arena seeds game i of a run the same way whoever plays, so two runs with one --seed play the
same fields on the same dice streams. Their Ogre-win shares are then not independent, and two
overlapping Wilson intervals understate the difference. The paired test looks only at the games
the two runs decided differently: under "no difference" each such game goes either way with even
odds (McNemar's exact test, a sign test on the discordant seeds).
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass
from pathlib import Path

from tools import results


@dataclass(frozen=True)
class Paired:
    n: int              # seeds both runs played
    both: int           # the Ogre won in both
    first_only: int     # won in the first run alone
    second_only: int
    neither: int

    @property
    def difference(self) -> float:
        """First share minus second share."""
        return (self.first_only - self.second_only) / self.n if self.n else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """A 95% interval of the difference of paired shares (the Wald form for matched pairs:
        only the discordant games carry its variance)."""
        if not self.n:
            return -1.0, 1.0
        b, c, n = self.first_only, self.second_only, self.n
        half = z * math.sqrt(max(0.0, (b + c) - (b - c) ** 2 / n)) / n
        return max(-1.0, self.difference - half), min(1.0, self.difference + half)

    @property
    def p_value(self) -> float:
        """McNemar's exact two-sided p: the chance of a split this uneven among the discordant
        games if each went either way with even odds.

        >>> Paired(10, 0, 0, 0, 10).p_value
        1.0
        >>> round(Paired(20, 0, 10, 0, 10).p_value, 5)
        0.00195
        """
        b, c = self.first_only, self.second_only
        m = b + c
        if m == 0:
            return 1.0
        tail = sum(math.comb(m, k) for k in range(min(b, c) + 1)) / 2 ** m
        return min(1.0, 2 * tail)


def pair(first: list[bool], second: list[bool]) -> Paired:
    """Count the outcomes of two runs game by game (index i is the same seed in both)."""
    if len(first) != len(second):
        raise ValueError("the two runs must have played the same seeds")
    both = sum(a and b for a, b in zip(first, second))
    first_only = sum(a and not b for a, b in zip(first, second))
    second_only = sum(b and not a for a, b in zip(first, second))
    return Paired(len(first), both, first_only, second_only,
                  len(first) - both - first_only - second_only)


def describe(p: Paired, first: str, second: str) -> str:
    """The comparison in a few lines."""
    if not p.n:
        return "paired: no seeds in common"
    lo, hi = p.interval()
    share1, share2 = (p.both + p.first_only) / p.n, (p.both + p.second_only) / p.n
    return (f"Paired on {p.n} seeds: Ogre wins {100 * share1:.1f}% ({first}) against "
            f"{100 * share2:.1f}% ({second})\n"
            f"  difference {100 * p.difference:+.1f} points [{100 * lo:+.1f}, {100 * hi:+.1f}]; "
            f"the Ogre won in both {p.both}, the first only {p.first_only}, the second only "
            f"{p.second_only}, neither {p.neither}; McNemar exact p = {p.p_value:.3g}")


def by_seed(path: Path) -> dict[str, bool]:
    """A results file's Ogre wins by game seed, refused in one sentence where that is unclear."""
    out: dict[str, bool] = {}
    for row in results.read_rows(path):
        seed = str(row["game_seed"])
        if seed in out:
            raise SystemExit(f"{path} holds several pairings on the same seeds (an --all or "
                             "--compare run): compare runs of one pairing each")
        out[seed] = str(row["ogre_win"]).lower() in ("1", "true")
    return out


def by_seeds(paths: str) -> dict[str, bool]:
    """Several results files joined by commas (one player's runs on several seeds), pooled."""
    out: dict[str, bool] = {}
    for name in paths.split(","):
        run = by_seed(Path(name))
        if run.keys() & out.keys():
            raise SystemExit(f"{name} plays seeds already read for the same side: pool runs "
                             "on different --seed values")
        out.update(run)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("first", help="an arena results file (--out), .json or .csv; several "
                    "joined by commas are pooled (runs on several seeds)")
    ap.add_argument("second")
    args = ap.parse_args(argv)
    try:
        a, b = by_seeds(args.first), by_seeds(args.second)
    except (OSError, ValueError, KeyError) as exc:
        raise SystemExit(f"not an arena results file: {exc}") from None
    seeds = [s for s in a if s in b]
    if len(seeds) < len(a) or len(seeds) < len(b):
        print(f"{len(seeds)} seeds in common ({len(a)} and {len(b)} played); "
              "only those are compared")
    print(describe(pair([a[s] for s in seeds], [b[s] for s in seeds]), args.first, args.second))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
