"""Odds, the Combat Results Table and kill probabilities (C2, C3, C5, C7).

>>> odds(4, 2)
'2-1'
>>> odds(3, 2)
'1-1'
>>> odds(2, 3)
'1-2'
>>> odds(6, 1)
'5-1'
>>> crt('1-1', 3)
'D'
"""

from __future__ import annotations

from fractions import Fraction

COLUMNS = ("1-2", "1-1", "2-1", "3-1", "4-1")
NO_EFFECT = "NE"
AUTO_KILL = "5-1"   # 5-1 or more: automatic X
BELOW = "<1-2"      # less than 1-2: always NE

# Rows are die rolls 1-6. The manual's flattened table reads D on a 2 at 4-1, but its own
# kill-probability table (83% at 4-1) and the pocket edition's CRT both say X: we follow those.
_TABLE = {
    "1-2": ("NE", "NE", "NE", "NE", "D", "X"),
    "1-1": ("NE", "NE", "D", "D", "X", "X"),
    "2-1": ("NE", "D", "D", "X", "X", "X"),
    "3-1": ("D", "D", "X", "X", "X", "X"),
    "4-1": ("D", "X", "X", "X", "X", "X"),
}


def odds(attack: int, defense: int) -> str:
    """The ratio of attack to defense, rounded in the target's favour."""
    if defense <= 0:
        return AUTO_KILL
    if attack * 2 < defense:
        return BELOW
    if attack < defense:
        return "1-2"
    ratio = attack // defense
    return AUTO_KILL if ratio >= 5 else f"{ratio}-1"


def crt(column: str, die: int) -> str:
    """NE, D or X for one die roll in one odds column."""
    if column == AUTO_KILL:
        return "X"
    if column == BELOW:
        return NO_EFFECT
    return _TABLE[column][die - 1]


def kill_probability(column: str, disabled: bool = False) -> Fraction:
    """Chance to destroy: X, or D as well against an already disabled unit (C5's table)."""
    if column == AUTO_KILL:
        return Fraction(1)
    if column == BELOW:
        return Fraction(0)
    kills = ("X", "D") if disabled else ("X",)
    return Fraction(sum(1 for r in _TABLE[column] if r in kills), 6)


def percent(p: Fraction) -> int:
    """A probability as the whole percent the sidebar shows (17, 33, 50 ...)."""
    return int(p * 100 + Fraction(1, 2))


TREADS_COLUMN = "1-1"   # attacks on treads are always at 1-1 (C7)
