"""The host's door (X10): the join code, and how often it may be tried.

A code of eight characters from 23 has 78 billion values. Three limits keep strangers from
guessing it, however many computers they use:
- each address has FREE_TRIES wrong codes free, then waits before each try, twice as long each
  time up to LONGEST_WAIT;
- wrong codes from all addresses together spend one budget: BURST at once, then one each
  REFILL seconds; while it is spent no code is checked at all ("rest");
- at most BUDGET wrong codes are ever checked for one battle hosted, so the chance that any of
  them was right is below BUDGET / 23**8, one in a million, however long the battle lasts; after
  that the door stays shut ("shut") until the battle is hosted again.
Only the host renews the code (its New Code button); strangers cannot. Nothing here reads a
clock: the caller says what time it is.

>>> gate = Gate("ACDEFH34")
>>> [gate.check("10.0.0.9", "WRONG", now=0.0) for _ in range(4)]
['wrong', 'wrong', 'wrong', 'wait']
>>> gate.wait("10.0.0.9", now=0.25), gate.check("10.0.0.9", "ACDEFH34", now=2.0)
(0.75, 'right')
"""

from __future__ import annotations

import hmac
import secrets
from collections import OrderedDict
from typing import Literal

CODE_LETTERS = "ACDEFHJKMNPRTUVWXY34679"      # no look-alikes: 0/O, 1/I/L, 2/Z, 5/S, 8/B
CODE_LENGTH = 8
FREE_TRIES = 3
LONGEST_WAIT = 60.0
BURST = 100              # wrong codes from all addresses at once...
REFILL = 10.0            # ... then one each this many seconds (360 an hour)
BUDGET = 75_000          # wrong codes ever checked for one battle hosted
REMEMBERED = 256         # addresses kept; the oldest is forgotten first

Verdict = Literal["right", "wrong", "wait", "rest", "shut"]


def new_code() -> str:
    """A short join code the host shows and the guest types."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def shown(code: str) -> str:
    """The code as the host's screen shows it, in two groups: 'ACDE-FH34'."""
    return f"{code[:4]}-{code[4:]}" if len(code) == CODE_LENGTH else code


def odds_of_a_guess() -> float:
    """The most that strangers' guesses can win, over a whole battle hosted."""
    return BUDGET / len(CODE_LETTERS) ** CODE_LENGTH


class Gate:
    def __init__(self, code: str) -> None:
        self.code = code
        self.wrong = 0                       # wrong codes checked in all, for this battle
        self.renewed = 0                     # renewals so far (the screen shows the new code)
        self._tokens = float(BURST)          # wrong codes that may be checked now
        self._filled = 0.0                   # when the tokens were last counted
        self._tries: OrderedDict[str, tuple[int, float]] = OrderedDict()   # failures, until

    def wait(self, address: str, now: float) -> float:
        """Seconds before `address` may try a code again (0: at once)."""
        _, until = self._tries.get(address, (0, 0.0))
        return max(0.0, until - now)

    def rest(self, now: float) -> float:
        """Seconds before the door checks a code again, whoever sends it (0: at once)."""
        self._fill(now)
        return 0.0 if self._tokens >= 1 else (1 - self._tokens) * REFILL

    def check(self, address: str, code: str, now: float) -> Verdict:
        if self.wrong >= BUDGET:
            return "shut"
        if self.wait(address, now) > 0:
            return "wait"
        if self.rest(now) > 0:
            return "rest"
        if hmac.compare_digest(code.encode(), self.code.encode()):
            self._tries.pop(address, None)
            return "right"
        failures = self._tries.pop(address, (0, 0.0))[0] + 1
        pause = 0.0 if failures < FREE_TRIES else min(2.0 ** (failures - FREE_TRIES),
                                                      LONGEST_WAIT)
        self._tries[address] = (failures, now + pause)
        while len(self._tries) > REMEMBERED:
            self._tries.popitem(last=False)
        self.wrong += 1
        self._tokens -= 1
        return "wrong"

    def _fill(self, now: float) -> None:
        self._tokens = min(float(BURST), self._tokens + max(0.0, now - self._filled) / REFILL)
        self._filled = now

    def renew(self) -> str:
        """A new code (the host's New Code): the old one no longer opens the door."""
        self.code = new_code()
        self.renewed += 1
        return self.code
