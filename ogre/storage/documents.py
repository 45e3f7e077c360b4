"""Versioned, format-tagged JSON documents: decode with migrations, encode for saving.

Every file OGRE writes is a JSON object that starts with its format tag and
version, e.g. ``{"format": "ogre-field", "version": 2, ...}``. Reading one:

1. JSON it is, or StorageError "damaged" / "truncated";
2. an object with our format tag, or "foreign" (naming what it is if it is ours);
3. a version we know: newer is "future"; older is carried forward by the
   migration hook, one step at a time (``migrations[n]`` turns version n into n+1);
4. then the pydantic schema, whose first complaint becomes "invalid".
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from . import bounded
from .errors import StorageError

M = TypeVar("M", bound=BaseModel)
Migration = Callable[[dict[str, Any]], dict[str, Any]]

# What each of our format tags holds, for "this holds a saved game, not a field".
FORMAT_NAMES = {
    "ogre-field": "a field",
    "ogre-game": "a saved game",
    "ogre-preferences": "the preferences",
    "ogre-record": "the record of battles",
}
FORMAT_NOUNS = {"ogre-field": "field", "ogre-game": "saved game", "ogre-preferences": "preferences",
                "ogre-record": "record"}


def parse_json(text: str, where: str) -> Any:
    """JSON, or StorageError telling a cut-off file from a damaged one."""
    if not text.strip():
        raise StorageError(f"{where} is empty: the file was cut off, perhaps by a crash while "
                           "saving.", "truncated")
    try:
        return bounded.loads(text)
    except bounded.JsonLimit as exc:
        raise StorageError(f"{where} cannot be read: {exc}.", "damaged") from None
    except json.JSONDecodeError as exc:
        end = len(text.rstrip())
        if exc.msg.startswith("Unterminated string") or exc.pos >= end:
            raise StorageError(f"{where} is incomplete: the file was cut off, perhaps by a crash "
                               "while saving.", "truncated") from None
        raise StorageError(f"{where} is damaged: it is not valid JSON.", "damaged") from None
    except (ValueError, RecursionError):
        raise StorageError(f"{where} is damaged: it is not valid JSON.", "damaged") from None


def upgrade(raw: Any, fmt: str, version: int, migrations: Mapping[int, Migration],
            where: str) -> dict[str, Any]:
    """Check the tag and version of a decoded document and migrate it to `version`."""
    what = FORMAT_NAMES.get(fmt, "an OGRE file")
    tag = raw.get("format") if isinstance(raw, dict) else None
    if tag != fmt:
        if isinstance(tag, str) and tag in FORMAT_NAMES:
            raise StorageError(f"{where} holds {FORMAT_NAMES[tag]}, not {what}.", "foreign")
        raise StorageError(f"{where} is not an OGRE file holding {what}.", "foreign")
    found = raw.get("version")
    if isinstance(found, bool) or not isinstance(found, int):
        raise StorageError(f"{where} has no valid format version number.", "invalid")
    if found > version:
        raise StorageError(f"{where} was saved by a newer version of OGRE (format version "
                           f"{found}) and this one reads only up to version {version}.", "future")
    doc = dict(raw)
    while found < version:
        step = migrations.get(found)
        if step is None:
            raise StorageError(f"{where} uses an old format (version {found}) that this version "
                               "of OGRE can no longer read.", "old")
        try:
            doc = step(doc)
        except (KeyError, TypeError, ValueError) as exc:
            raise StorageError(f"{where} could not be converted from format version {found}: "
                               f"{exc}.", "invalid") from None
        found += 1
        doc["version"] = found
    return doc


def explain(exc: ValidationError) -> str:
    """The first schema complaint as a phrase: where in the file, and what is wrong."""
    err = exc.errors(include_url=False)[0]
    msg = str(err.get("msg", "bad value"))
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix):]
    msg = msg.rstrip(".")
    words: list[str] = []
    for part in err.get("loc", ()):
        if isinstance(part, int) and words and words[-1].endswith("s"):
            words[-1] = f"{words[-1][:-1]} {part + 1}"      # pieces, 3 -> piece 4
        else:
            words.append(str(part).replace("_", " "))
    loc = " ".join(words)
    kind = err.get("type")
    if kind == "extra_forbidden" and loc:
        return f"'{loc}' does not belong in this file"
    if kind == "missing" and loc:
        return f"'{loc}' is missing"
    if msg[:1].isupper() and msg[1:2].islower():
        msg = msg[0].lower() + msg[1:]
    return f"{msg} (at {loc})" if loc else msg


def decode(text: str, model: type[M], *, fmt: str, version: int,
           migrations: Mapping[int, Migration], where: str) -> M:
    """Text -> a validated model of the current version, or StorageError."""
    doc = upgrade(parse_json(text, where), fmt, version, migrations, where)
    try:
        return model.model_validate(doc)
    except ValidationError as exc:
        noun = FORMAT_NOUNS.get(fmt, "OGRE")
        raise StorageError(f"{where} is not a valid {noun} file: {explain(exc)}.",
                           "invalid") from None


def encode(doc: BaseModel) -> str:
    """The JSON text of a document, format tag first, one short item a line, ending with a
    newline."""
    return _pretty(doc.model_dump(mode="json"), "") + "\n"


_LINE = 100


def _pretty(value: Any, indent: str) -> str:
    """JSON that keeps short containers on one line and breaks long ones, one item a line."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, (dict, list)) or len(indent) + len(flat) <= _LINE or not value:
        return flat
    if isinstance(value, dict) and len(flat) <= 2 * _LINE and all(
            not isinstance(v, (dict, list)) for v in value.values()):
        return flat     # a record of scalars (one piece) stays on its line
    inner = indent + " "
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {_pretty(v, inner).lstrip()}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if all(not isinstance(v, dict) and len(json.dumps(v)) <= 30 for v in value):
        # hexes, hexsides, numbers: fill each line
        lines, line = [], ""
        for v in value:
            word = json.dumps(v, ensure_ascii=False)
            if line and len(inner) + len(line) + len(word) + 2 > _LINE:
                lines.append(line)
                line = ""
            line = f"{line}, {word}" if line else word
        lines.append(line)
        return "[\n" + ",\n".join(inner + ln for ln in lines) + "\n" + indent + "]"
    return "[\n" + ",\n".join(inner + _pretty(v, inner) for v in value) + "\n" + indent + "]"
