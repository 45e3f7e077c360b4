"""A network host's dice (X10): a cryptographic stream no guest can foresee.

The local game's dice (rules.dice) are splitmix64 from a seed, so that the same seed plays the
same game; a guest told a dozen faces of such a stream could find its seed and know every later
face. A hosted battle rolls instead from BLAKE2b keyed with KEY_BYTES from the operating system
(secrets.token_bytes), a new key for every battle hosted: its blocks are a pseudorandom function
of a counter, so faces seen tell nothing of faces to come without the key, which never leaves
the host. Each block's bytes below 252 give faces (byte % 6 + 1, so each face has 42 of the 252
values: exactly even).

>>> dice = SecretDice(bytes(32))
>>> faces = dice.peek(3)
>>> faces == dice.peek(3) and all(1 <= f <= 6 for f in faces)
True
>>> dice.take(2) == faces[:2] and dice.peek(1) == faces[2:]
True
"""

from __future__ import annotations

import hashlib
import secrets
from collections import deque

KEY_BYTES = 32           # 256 bits: past any search, and twice the 128 a secret needs
_FAIR = 252              # the largest multiple of 6 a byte can hold


class SecretDice:
    """Faces 1-6 drawn ahead and taken in order; `key` only for tests (default: a fresh one)."""

    def __init__(self, key: bytes | None = None) -> None:
        self._key = secrets.token_bytes(KEY_BYTES) if key is None else key
        if len(self._key) < 16:
            raise ValueError("a dice key needs at least 128 bits")
        self._block = 0
        self._ahead: deque[int] = deque()

    def peek(self, n: int) -> list[int]:
        """The next `n` faces, not yet taken."""
        while len(self._ahead) < n:
            self._refill()
        return list(self._ahead)[:n]

    def take(self, n: int) -> list[int]:
        """The next `n` faces, taken: they will never be rolled again."""
        out = self.peek(n)
        for _ in range(n):
            self._ahead.popleft()
        return out

    def _refill(self) -> None:
        block = hashlib.blake2b(self._block.to_bytes(16, "big"), key=self._key).digest()
        self._block += 1
        self._ahead.extend(b % 6 + 1 for b in block if b < _FAIR)

    def __repr__(self) -> str:               # never the key, even in a crash report
        return "SecretDice(<key hidden>)"
