"""Text read from a file, made safe to show: every name, label and reason passes through here.

A file may hold any Unicode. The font renderer refuses a NUL, cannot encode a lone surrogate,
and fails on a string with nothing but zero-width characters (format marks, combining marks,
unassigned code points), and a long string would run off the screen. So: composed to NFC,
line breaks and odd spaces become spaces, those characters go, and the length is bounded.

>>> for_screen("Howitzer\\x00 Umbrella\\u200b")
'Howitzer Umbrella'
>>> for_screen("tab\\there")
'tab here'
>>> for_screen("x" * 50, limit=10)
'xxxxxxx...'
>>> for_screen("\\u202e\\ud800")
''
"""

from __future__ import annotations

import unicodedata

ELLIPSIS = "..."
TEXT_LIMIT = 300         # no name, label or reason OGRE shows is longer


def for_screen(text: str, limit: int = TEXT_LIMIT) -> str:
    """`text` without control, format, surrogate, unassigned or combining characters, its
    whitespace as single spaces, at most `limit` characters (cut ones end in "...")."""
    cut = len(text) > 4 * limit           # (much) too long: no need to look at the rest
    kept = []
    for ch in unicodedata.normalize("NFC", text[:4 * limit]):
        cat = unicodedata.category(ch)
        if ch.isspace() or cat[0] == "Z":
            kept.append(" ")
        elif cat[0] != "C" and cat not in ("Mn", "Me"):
            kept.append(ch)
    clean = " ".join("".join(kept).split())
    if len(clean) > limit or cut:
        clean = clean[:max(0, limit - len(ELLIPSIS))].rstrip() + ELLIPSIS
    return clean


def sentence_for_screen(text: str, limit: int = TEXT_LIMIT) -> str:
    """A message for the player: like for_screen, and a cut sentence still ends with its stop."""
    clean = for_screen(text, limit)
    stop = text.rstrip()[-1:]
    if clean.endswith(ELLIPSIS) and stop in ".!?":
        clean = clean[:-len(ELLIPSIS) - 1].rstrip() + ELLIPSIS + stop
    return clean


def clean_text(value: object, limit: int = TEXT_LIMIT) -> object:
    """A schema's before-validator for text fields: strings for_screen, anything else as is
    (the schema then refuses it)."""
    return for_screen(value, limit) if isinstance(value, str) else value
