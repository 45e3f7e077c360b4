"""The host's door (X10): the join code, and how often an address may try it.

A code of six letters from 23 has 148 million values. Each address has FREE_TRIES wrong codes
free; after that it must wait before each try, twice as long each time up to LONGEST_WAIT,
so guessing from one computer takes years, not days. Every RENEW_AFTER wrong codes in all the
code is renewed (the host's screen shows the new one), and the host can renew it at will.
Nothing here reads a clock: the caller says what time it is.

>>> gate = Gate("ACDEFH")
>>> [gate.check("10.0.0.9", "WRONG", now=0.0) for _ in range(4)]
['wrong', 'wrong', 'wrong', 'wait']
>>> gate.wait("10.0.0.9", now=0.25), gate.check("10.0.0.9", "ACDEFH", now=2.0)
(0.75, 'right')
"""

from __future__ import annotations

import hmac
import secrets
from collections import OrderedDict
from typing import Literal

CODE_LETTERS = "ACDEFHJKMNPRTUVWXY34679"      # no look-alikes: 0/O, 1/I/L, 2/Z, 5/S, 8/B
CODE_LENGTH = 6
FREE_TRIES = 3
LONGEST_WAIT = 60.0
RENEW_AFTER = 30
REMEMBERED = 256          # addresses kept; the oldest is forgotten first

Verdict = Literal["right", "wrong", "wait"]


def new_code() -> str:
    """A short join code the host shows and the guest types."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


class Gate:
    def __init__(self, code: str) -> None:
        self.code = code
        self.wrong = 0                       # wrong codes in all since the last renewal
        self.renewed = 0                     # renewals so far (the screen shows the new code)
        self._tries: OrderedDict[str, tuple[int, float]] = OrderedDict()   # failures, until

    def wait(self, address: str, now: float) -> float:
        """Seconds before `address` may try a code again (0: at once)."""
        _, until = self._tries.get(address, (0, 0.0))
        return max(0.0, until - now)

    def check(self, address: str, code: str, now: float) -> Verdict:
        if self.wait(address, now) > 0:
            return "wait"
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
        if self.wrong >= RENEW_AFTER:
            self.renew()
        return "wrong"

    def renew(self) -> str:
        """A new code; the old one no longer opens the door."""
        self.code, self.wrong = new_code(), 0
        self.renewed += 1
        return self.code
