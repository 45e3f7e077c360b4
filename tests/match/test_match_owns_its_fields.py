"""The battle in progress has one owner: nothing outside ogre/match writes a Match's fields
(its state, log, told dice, seats, the safe position, the advice count...). The screen asks the
Match to act, to keep a position, to count an asked advice or to seat a player; this test reads
ogre/ and fails where other code assigns to a field of a Match, to an item of one, or changes
one in place (append, pop, update...)."""

from __future__ import annotations

import ast
import textwrap
from dataclasses import fields
from pathlib import Path

from ogre.match import Match

ROOT = Path(__file__).resolve().parents[2]
FIELDS = frozenset(f.name for f in fields(Match))
MUTATORS = frozenset({"append", "extend", "insert", "pop", "remove", "clear", "update",
                      "setdefault", "popitem", "sort", "reverse", "__setitem__"})


def _match_names(tree: ast.AST) -> set[str]:
    """Names bound to a Match in this code: `match`, and any name assigned `<x>.match` or
    `Match.begin(...)` / `Match(...)`."""
    names = {"match"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and _is_match(node.value, set()):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def _is_match(node: ast.AST, names: set[str]) -> bool:
    if isinstance(node, ast.Attribute) and node.attr == "match":
        return True
    if isinstance(node, ast.Name):
        return node.id in names
    if isinstance(node, ast.Call):
        f = node.func
        return (isinstance(f, ast.Name) and f.id == "Match") or (
            isinstance(f, ast.Attribute) and f.attr == "begin"
            and isinstance(f.value, ast.Name) and f.value.id == "Match")
    return False


def _field_of_match(node: ast.AST, names: set[str], held: frozenset[str] = frozenset()) -> bool:
    """`<a match>.<one of its fields>`, or a name bound to one (`seats = b.match.seats`)."""
    if isinstance(node, ast.Name):
        return node.id in held
    return (isinstance(node, ast.Attribute) and node.attr in FIELDS
            and _is_match(node.value, names))


def _held_fields(tree: ast.AST, names: set[str]) -> frozenset[str]:
    """Names bound to a Match's field itself (its list or dict, shared, not copied)."""
    return frozenset(t.id for node in ast.walk(tree) if isinstance(node, ast.Assign)
                     and _field_of_match(node.value, names)
                     for t in node.targets if isinstance(t, ast.Name))


def writes(source: str) -> list[str]:
    """Where `source` writes a Match's fields: each as 'line: code'."""
    tree = ast.parse(source)
    names = _match_names(tree)
    held = _held_fields(tree, names)
    found: list[ast.AST] = []
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        for t in targets:
            for part in ast.walk(t):       # a, match.log = ... and match.seats[x] = ...
                if isinstance(part, ast.Subscript) and _field_of_match(part.value, names, held):
                    found.append(node)
                    break
                if _field_of_match(part, names):
                    found.append(node)
                    break
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in MUTATORS
                and _field_of_match(node.func.value, names, held)):
            found.append(node)
    return [f"{n.lineno}: {ast.unparse(n)}"
            for n in sorted(set(found), key=lambda n: (n.lineno, n.col_offset))]


def test_architecture_nothing_outside_ogre_match_writes_a_matchs_fields():
    outside = [p for p in sorted((ROOT / "ogre").rglob("*.py"))
               if (ROOT / "ogre" / "match") not in p.parents]
    assert len(outside) > 100
    wrong = {str(p.relative_to(ROOT)): found for p in outside if (found := writes(p.read_text()))}
    assert wrong == {}


def test_architecture_the_check_finds_every_way_of_writing_a_match():
    """The forms the screen used before the Match owned its fields, each found (so the test
    above can fail), and reads left alone."""
    old = textwrap.dedent('''
        def f(b, app, a):
            b.match.safe = state
            app.battle.match.seats["ogre"] = Seat("computer", spec)
            b.match.advice_asked += 1
            a.battle.match.log.append("done")
            m = b.match
            m.told.extend([1, 2])
            m.state = other
            match = Match.begin(state)
            match.field_name = "x"
            seats = b.match.seats                 # a read
            n = len(b.match.log) + b.match.advice_asked
            b.match.kept(state)
            seats["defense"] = Seat()
            seats.update(more)
            seats = dict(seats)                   # a copy, written freely
    ''')
    found = writes(old)
    assert [int(line.split(":")[0]) for line in found] == [3, 4, 5, 6, 8, 9, 11, 15, 16]
    assert not any("kept" in line or "len(" in line for line in found)
