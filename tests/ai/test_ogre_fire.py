"""The Ogre's fire options (C5): every odds column an attack can reach, with nothing wasted."""

from __future__ import annotations

import itertools

import pytest

from ogre.ai.analysis import W_ATTACK, column
from ogre.ai.ogre_fire import _options

MARK_V = (5, 2, 6, 12)     # missiles, main batteries, secondaries, antipersonnel


def reachable(rem, allowed, defense):
    """Every non-empty allocation within `rem` and its column, by brute force."""
    lims = [range(n + 1 if ok else 1) for n, ok in zip(rem, allowed)]
    for alloc in itertools.product(*lims):
        atk = sum(n * w for n, w in zip(alloc, W_ATTACK))
        if any(alloc) and column(atk, defense) != "<1-2":
            yield alloc, column(atk, defense)


ALLOWED = [(True,) * 4, (True, True, True, False), (True, False, False, False)]   # by range


@pytest.mark.parametrize("defense", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("allowed", ALLOWED)
def test_c5_fire_options_are_exactly_the_allocations_no_smaller_one_matches(defense, allowed):
    # A Mark V Ogre's whole armament and a part-spent one: an option is wasteful when a smaller
    # allocation (every count no greater) reaches the same column.
    for rem in (MARK_V, (2, 1, 3, 5)):
        everything = list(reachable(rem, allowed, defense))
        lean = {a for a, col in everything
                if not any(b != a and c == col and all(x <= y for x, y in zip(b, a))
                           for b, c in everything)}
        got = _options.__wrapped__(rem, allowed, defense)
        assert {a for a, _ in got} == lean
        assert all(atk == sum(n * w for n, w in zip(a, W_ATTACK)) for a, atk in got)
        assert len(got) == len(lean)           # each once
