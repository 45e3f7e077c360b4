"""A seeded die whose whole state is one int kept in the game state (splitmix64)."""

from __future__ import annotations

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
