"""A seeded die whose whole state is one int kept in the game state (splitmix64)."""

from __future__ import annotations

from collections.abc import Sequence

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """The starting state for a seed. Mixed, not just scaled: the stream only ever steps by
    the golden gamma, so a scaled seed n + 1 would replay seed n's dice one roll later."""
    return _mix((seed * 0xD1B54A32D192ED03 + 0x632BE59BD9B4E019) & _MASK)


def roll(rng: int) -> tuple[int, int]:
    """(die 1-6, next rng state)."""
    rng = (rng + 0x9E3779B97F4A7C15) & _MASK
    return _mix(rng) % 6 + 1, rng


def _mix(z: int) -> int:
    """splitmix64's finaliser: every input bit reaches every output bit."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


# -- hidden dice (X10): the network guest is told each roll, never the state that makes them

_GAMMA = 0x9E3779B97F4A7C15
_GAMMA_INVERSE = pow(_GAMMA, -1, 1 << 64)     # the gamma is odd, so it has one mod 2**64
# a shot or a ram rolls once, an Ogre ramming an Ogre up to four (5.03.4); a stand-in for k
# dice is 6**(k-1) work
MOST_ROLLS = 4


def rolls_between(before: int, after: int) -> list[int]:
    """The dice rolled going from state `before` to `after` of one stream, in order.

    >>> rng = seed_state(7)
    >>> d1, r1 = roll(rng); d2, r2 = roll(r1)
    >>> rolls_between(rng, r2) == [d1, d2]
    True
    """
    count = ((after - before) * _GAMMA_INVERSE) & _MASK
    if count > 1_000_000:
        raise ValueError("those two dice states are not of one stream")
    out = []
    for _ in range(count):
        die, before = roll(before)
        out.append(die)
    return out


def rng_for(dice: Sequence[int]) -> int:
    """A dice state whose next rolls are `dice` (1-6 each, at most MOST_ROLLS): the guest's
    stand-in for the host's hidden one. splitmix64's finaliser is a bijection, so the first
    die is had at once and each further one by a search over the first's candidates.

    >>> r = rng_for([6, 1])
    >>> roll(r)[0], roll(roll(r)[1])[0]
    (6, 1)
    """
    if len(dice) > MOST_ROLLS or any(not 1 <= d <= 6 for d in dice):
        raise ValueError(f"no stand-in for the dice {list(dice)[:MOST_ROLLS + 1]}")
    if not dice:
        return 0
    for candidate in range(dice[0] - 1, 1 << 30, 6):
        rng = (_unmix(candidate) - _GAMMA) & _MASK
        if _next(rng, len(dice)) == list(dice):
            return rng
    raise ValueError(f"no stand-in for the dice {list(dice)}")     # pragma: no cover


def _next(rng: int, n: int) -> list[int]:
    out = []
    for _ in range(n):
        die, rng = roll(rng)
        out.append(die)
    return out


def _unmix(z: int) -> int:
    """The inverse of _mix."""
    z = _unshift(z, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & _MASK
    z = _unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & _MASK
    return _unshift(z, 30)


def _unshift(z: int, shift: int) -> int:
    """The inverse of z ^ (z >> shift) on 64 bits."""
    out = z
    for _ in range(64 // shift + 1):
        out = z ^ (out >> shift)
    return out & _MASK
