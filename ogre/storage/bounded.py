"""The one JSON reader for everything that comes from outside (issue 28): network lines, saves,
fields, battle logs, preferences and the record.

Python's json module builds whatever it is given: a line nested 3,000 deep ends the process with
RecursionError, and a 5,000-digit number raises ValueError from the int-string limit. So the
text is measured first - its nesting depth and its longest number - before any object is made,
and each breach is refused in one sentence (JsonLimit, a ValueError). NaN and Infinity, which
are not JSON, are refused too.

>>> loads('{"a": [1, 2, {"b": null}]}')
{'a': [1, 2, {'b': None}]}
>>> loads("[" * 100 + "]" * 100)
Traceback (most recent call last):
...
ogre.storage.bounded.JsonLimit: it is nested more than 24 deep
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any, Final

MAX_DEPTH: Final = 24         # our deepest document (a saved game's aims) is 5 deep
MAX_DIGITS: Final = 24        # the dice state, the largest number we write, has 20 digits

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)   # unrolled: fast on long strings
_LONG_NUMBER = re.compile(r"[-+0-9.eE]{" + str(MAX_DIGITS + 1) + ",}")
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonLimit(ValueError):
    """JSON past a limit: its phrase (lower case, no full stop) in args[0]."""


def measure(text: str, max_depth: int = MAX_DEPTH) -> None:
    """JsonLimit when the text nests too deep or holds too long a number; no objects made."""
    bare = _STRING.sub('""', text)            # brackets and digits inside strings do not count
    if _LONG_NUMBER.search(bare):
        raise JsonLimit(f"it holds a number longer than {MAX_DIGITS} digits")
    brackets = _NOT_BRACKET.sub("", bare)
    opened = brackets.count("[") + brackets.count("{")
    if opened > max_depth and max(accumulate(_STEP[c] for c in brackets)) > max_depth:
        raise JsonLimit(f"it is nested more than {max_depth} deep")


def _no_constant(word: str) -> Any:
    raise JsonLimit(f"it holds {word}, which is not a number")


def loads(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """json.loads within the limits: JsonLimit past them, json.JSONDecodeError (a ValueError)
    when the text is not JSON, UnicodeDecodeError for bytes that are not UTF-8."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    measure(text, max_depth)
    return json.loads(text, parse_constant=_no_constant)
