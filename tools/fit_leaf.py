"""Fit the Hi defence's leaf (ogre/ai/leaf.py) to the outcomes of computer battles (issue 17).

    python -m tools.fit_leaf --games 600 --seed 100 --jobs 2

Plays battles of the Hi defence against several Ogres on the predesigned fields of both Marks,
records the leaf's features at the start of every defence turn with the Ogre on the map and
the Command Post standing, labels each with the battle's outcome (did the defence win?) and fits
a logistic model to them (Newton's method with a little ridge, pure Python). Prints the weights
to paste into leaf.WEIGHTS, the fit's log loss and how often it calls the winner right, on the
training positions and on held-out battles (every fifth). Use seeds apart from those the arena
reports on.
"""

from __future__ import annotations

import argparse
import math
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ogre.ai.base import OGRE_SIDE_PHASES
from ogre.ai.leaf import FEATURES, features
from ogre.ai.match import play
from ogre.rules import new_game
from ogre.rules.game import OGRE_WINS
from ogre.rules.state import Phase
from tools import arena

OGRES = ("ref:Hi", "Hi", "Med", "Low")


@dataclass
class Battle:
    ogre: str
    defense: str
    mark: int
    seed: int
    field_index: int


def play_one(b: Battle) -> tuple[list[tuple[float, ...]], int]:
    """The features at each defence turn's start, and 1 if the defence won."""
    fields = arena.load_fields(b.mark, None)
    state = new_game(fields[b.field_index % len(fields)], b.mark, b.seed)
    ogre = arena.make_player("ogre", b.ogre, b.seed)
    defense = arena.make_player("defense", b.defense, b.seed)
    rows = []

    def defence_turn_starts(before, _action, after, _events) -> None:
        if (before.phase in OGRE_SIDE_PHASES and after.phase is Phase.DEFENSE_MOVE
                and not after.over and after.turn <= 100
                and after.ogre.on_map and after.command_post is not None):
            rows.append(features(after))

    state = play(state, ogre, defense, max_turns=100, on_step=defence_turn_starts).final or state
    ogre_won = state.command_post is None or (state.over and state.result in OGRE_WINS)
    return rows, 0 if ogre_won else 1


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a is small and well conditioned by the ridge)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def fit(xs: list[tuple[float, ...]], ys: list[int], ridge: float = 1.0,
        rounds: int = 25) -> list[float]:
    """Logistic regression by Newton's method; the bias is weight 0 (not penalised)."""
    rows = [(1.0, *x) for x in xs]
    k = len(rows[0])
    w = [0.0] * k
    for _ in range(rounds):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in zip(rows, ys):
            z = max(-30.0, min(30.0, sum(wi * xi for wi, xi in zip(w, x))))
            p = 1.0 / (1.0 + math.exp(-z))
            g = p - y
            h = p * (1 - p)
            for i in range(k):
                grad[i] += g * x[i]
                hi = h * x[i]
                row = hess[i]
                for j in range(i, k):
                    row[j] += hi * x[j]
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
            if i:
                grad[i] += ridge * w[i]
                hess[i][i] += ridge
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def score(w: list[float], xs: list[tuple[float, ...]], ys: list[int]) -> tuple[float, float]:
    """(log loss, share called right) of weights w on these positions."""
    loss = right = 0.0
    for x, y in zip(xs, ys):
        z = max(-30.0, min(30.0, w[0] + sum(a * b for a, b in zip(w[1:], x))))
        p = min(1 - 1e-9, max(1e-9, 1.0 / (1.0 + math.exp(-z))))
        loss -= math.log(p if y else 1 - p)
        right += (p >= 0.5) == bool(y)
    n = max(1, len(ys))
    return loss / n, right / n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=600, help="battles per Mark")
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--defense", default="Hi")
    ap.add_argument("--ridge", type=float, default=1.0)
    args = ap.parse_args(argv)
    battles = [Battle(OGRES[i % len(OGRES)], args.defense, mark, arena.game_seed(args.seed, i), i)
               for mark in (3, 5) for i in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(play_one, battles, chunksize=4))
    train_x: list[tuple[float, ...]] = []
    test_x: list[tuple[float, ...]] = []
    train_y: list[int] = []
    test_y: list[int] = []
    for i, (rows, won) in enumerate(results):
        xs, ys = (test_x, test_y) if i % 5 == 4 else (train_x, train_y)
        xs.extend(rows)
        ys.extend([won] * len(rows))
    wins = sum(won for _, won in results)
    print(f"{len(results)} battles, the defence won {wins}; {len(train_y)} positions to fit, "
          f"{len(test_y)} held out")
    w = fit(train_x, train_y, args.ridge)
    for name, (xs, ys) in (("fitted", (train_x, train_y)), ("held out", (test_x, test_y))):
        loss, right = score(w, xs, ys)
        print(f"  {name:9} log loss {loss:.3f}, winner called right {100 * right:.1f}%")
    print("WEIGHTS = (" + ", ".join(f"{v:.4f}" for v in w) + ")")
    print("  # bias, " + ", ".join(FEATURES))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
