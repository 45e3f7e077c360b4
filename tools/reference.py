"""Reference players (issue 17): the computer players of a frozen revision, side by side with
today's, as X5 controllers in today's battles.

    python -m tools.arena --ogre ref:Hi --defense Hi          # the reference Hi Ogre
    python -m tools.reference --export DIR                    # just export the package

The revision (the tag ai-reference-1, else the commit it names) is exported with `git archive`
into a temporary folder as its own package, `ogre_ref_<commit>`: only its rules and players,
their package-wide names rewritten, so it imports beside today's `ogre` and nothing of it is
copied into the tree. A reference controller sees today's state converted field by field to
the reference engine's types and answers in the notation, which today's engine parses: the
save format and the notation are the same in both, so the conversion is exact.
"""

from __future__ import annotations

import argparse
import atexit
import dataclasses
import enum
import importlib
import importlib.util
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

from ogre.rules import parse_action
from ogre.rules.actions import Action
from ogre.rules.state import GameState

ROOT = Path(__file__).resolve().parents[1]

TAG = "ai-reference-1"
# The commit the tag names: the players of issue 13's landing, before issue 17 changed them.
COMMIT = "94e466c"
PARTS = ("ogre/__init__.py", "ogre/rules", "ogre/ai")     # the players need nothing else
PREFIX = "ref:"                                          # "ref:Hi" names a reference player


def find_revision() -> str | None:
    """The full commit of the reference: the tag if this checkout has it, else COMMIT; None in
    a checkout without that history (a shallow clone, an sdist, no git at all)."""
    for name in (TAG, COMMIT):
        try:
            done = subprocess.run(["git", "rev-parse", "--verify", "--quiet",
                                   f"{name}^{{commit}}"], cwd=ROOT, capture_output=True,
                                  text=True)
        except OSError:                  # no git on this machine
            return None
        if done.returncode == 0:
            return done.stdout.strip()
    return None


def revision() -> str:
    """The full commit of the reference, or one sentence and an exit where it is missing."""
    commit = find_revision()
    if commit is None:
        raise SystemExit(f"the reference revision {TAG} ({COMMIT}) is not in this checkout "
                         "(a shallow clone or a copy without git history); export it where "
                         f"git is (--export DIR) and name DIR in {EXPORTED_ENV}")
    return commit


EXPORTED_ENV = "OGRE_REFERENCE_DIR"   # a folder `--export` wrote: for copies without git


def exported_package() -> tuple[str, Path] | None:
    """(commit prefix, folder) of a package already exported into $OGRE_REFERENCE_DIR, if any:
    how a copy of the tree without git history (a machine that only gets the files) plays it."""
    place = os.environ.get(EXPORTED_ENV)
    if not place:
        return None
    found = sorted(Path(place).glob("ogre_ref_*/__init__.py"))
    if not found:
        return None
    return found[0].parent.name.removeprefix("ogre_ref_"), Path(place)


def package_name(commit: str) -> str:
    return f"ogre_ref_{commit[:10]}"


def export(commit: str, folder: Path) -> str:
    """Write the revision's rules and players into folder/<package>; the package's name."""
    name = package_name(commit)
    target = folder / name
    if (target / "__init__.py").exists():
        return name
    archive = subprocess.run(["git", "archive", "--format=tar", commit, *PARTS], cwd=ROOT,
                             capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder / "_unpacked", filter="data")
    for path in sorted((folder / "_unpacked" / "ogre").rglob("*.py")):
        text = re.sub(r"\bogre\.(rules|ai)\b", rf"{name}.\1", path.read_text())
        out = target / path.relative_to(folder / "_unpacked" / "ogre")
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text)
    return name


_EXPORTED: dict[str, str] = {}


def load(commit: str | None = None, folder: Path | None = None) -> str:
    """Export the reference once per process (into `folder`, else a temporary folder kept for
    the process) and import it from there; the package's name."""
    if commit is None and folder is None and find_revision() is None:
        shipped = exported_package()
        if shipped is not None:
            commit, folder = shipped
    commit = commit or revision()
    if commit not in _EXPORTED:
        place = folder
        if place is None:
            place = Path(tempfile.mkdtemp(prefix="ogre-reference-"))
            atexit.register(shutil.rmtree, place, ignore_errors=True)
        name = export(commit, place)
        _import_from(place / name, name)
        _EXPORTED[commit] = name
    return _EXPORTED[commit]


def _import_from(folder: Path, name: str) -> None:
    """Import the package in `folder` as `name`; its modules are found through its own
    __path__, so no folder is added to the interpreter's path."""
    if name in sys.modules:
        return
    spec = importlib.util.spec_from_file_location(name, folder / "__init__.py",
                                                  submodule_search_locations=[str(folder)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)


class ReferencePlayer:
    """An X5 controller: the reference revision's player for `side` at `skill`."""

    def __init__(self, side: str, skill: str = "Hi", seed: int = 0, package: str | None = None,
                 **options: Any) -> None:
        package = package or load()
        self.side = side
        self.name = f"{PREFIX}{skill}"
        protocol = importlib.import_module(f"{package}.ai.protocol")
        self._inner = protocol.make_controller(side, skill, seed=seed, **options)
        self._to = _Converter(importlib.import_module(f"{package}.rules"),
                              importlib.import_module(f"{package}.rules.board"))

    def choose(self, state: GameState) -> Action:
        return parse_action(str(self._inner.choose(self._to.state(state))))


class _Converter:
    """Today's values as the reference engine's: same field names, enums by value."""

    def __init__(self, rules: Any, board: Any) -> None:
        self._types = {name: getattr(rules, name) for name in
                       ("GameState", "Piece", "Ogre", "Aiming", "Phase", "Kind", "Weapon")}
        self._types["Board"] = board.Board
        self._boards: dict[Any, Any] = {}

    def state(self, s: GameState) -> Any:
        return self._value(s)

    def _value(self, value: Any) -> Any:
        kind = type(value).__name__
        if isinstance(value, enum.Enum):
            return self._types[kind](value.value)
        if kind == "Board":              # made once: a board works out its step tables
            key = (value.craters, value.rubble)
            if key not in self._boards:
                self._boards[key] = self._types["Board"](value.craters, value.rubble)
            return self._boards[key]
        if dataclasses.is_dataclass(value) and kind in self._types:
            target = self._types[kind]
            return target(**{f.name: self._value(getattr(value, f.name))
                             for f in dataclasses.fields(target)
                             if f.init and not f.name.startswith("_")})
        if isinstance(value, tuple):
            return tuple(self._value(v) for v in value)
        return value


def controller(side: str, name: str, seed: int = 0, **options: Any) -> ReferencePlayer:
    """The reference player named "ref:<skill>" on the command line."""
    return ReferencePlayer(side, name.removeprefix(PREFIX), seed=seed, **options)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--export", metavar="DIR", required=True, help="where to write the package")
    args = ap.parse_args(argv)
    commit = revision()
    Path(args.export).mkdir(parents=True, exist_ok=True)
    print(f"{export(commit, Path(args.export))} ({commit[:10]}) in {args.export}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
