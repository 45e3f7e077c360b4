"""Shared by the stress tests: the one app driver (tools/app_driver.py) as Player, and the
one-sentence check of what the player is told."""

from __future__ import annotations

import re

from tools.app_driver import Driver as Player

__all__ = ["Player", "one_sentence"]


def one_sentence(text: str) -> bool:
    """One sentence for the player: ends with a full stop, no second sentence inside."""
    text = text.strip()
    return bool(text) and text[-1] in ".!?" and not re.search(r"[.!?]\s+[A-Z]", text[:-1])
