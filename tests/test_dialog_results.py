"""Issue 29 (3): dialogs are known by their type and give a typed result, never matched by
their words. A dialog's buttons are (label, value) pairs and its on_close gets the value (an
Enum member, or what the dialog picked); this test reads ogre/ and fails where code compares
what a dialog gave - its on_close's parameter, its `result`, a button's `label`, a dialog's
`title` - with a string, the way the words on a button used to be matched."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WATCHED = ("result", "label", "title")     # a dialog's result, a button's words, its title


def _dialog_classes(trees: list[ast.Module]) -> set[str]:
    """Dialog and every class that derives from it, by name, across the given modules."""
    names = {"Dialog"}
    classes = [c for t in trees for c in ast.walk(t) if isinstance(c, ast.ClassDef)]
    grew = True
    while grew:
        grew = False
        for c in classes:
            bases = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "")
                     for b in (x.value if isinstance(x, ast.Subscript) else x for x in c.bases)}
            if c.name not in names and bases & names:
                names.add(c.name)
                grew = True
    return names


def _callee(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _word_names(tree: ast.Module) -> set[str]:
    """The module's names bound to words (REPORT = "Report")."""
    return {t.id for node in tree.body if isinstance(node, ast.Assign) and _is_words(node.value)
            for t in node.targets if isinstance(t, ast.Name)}


def _is_words(node: ast.AST, names: set[str] = frozenset()) -> bool:  # type: ignore[assignment]
    """A string literal or a name bound to one, or a tuple, list or set of them."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.Name):
        return node.id in names
    return isinstance(node, ast.Tuple | ast.List | ast.Set) and bool(node.elts) and all(
        _is_words(e, names) for e in node.elts)


def _callbacks(tree: ast.Module, dialogs: set[str]) -> list[ast.AST]:
    """The functions a dialog is handed to call when it closes: lambdas and functions (by
    name, or a method by self.name) passed to a dialog's constructor or as on_close, and
    whatever is assigned to a dialog's on_close; and a dialog's own `close` and
    `_enabled_for`, which are handed a button's value."""
    by_name: dict[str, list[ast.AST]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            by_name.setdefault(node.name, []).append(node)
    handed: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            in_dialog = _callee(node) in dialogs or _callee(node) == "__init__"
            handed += [k.value for k in node.keywords if k.arg == "on_close"]
            if in_dialog:
                handed += list(node.args)
        elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Attribute) and t.attr == "on_close" for t in node.targets):
            handed.append(node.value)
    found: list[ast.AST] = [
        f for c in ast.walk(tree) if isinstance(c, ast.ClassDef) and c.name in dialogs
        for f in c.body if isinstance(f, ast.FunctionDef) and f.name in ("close", "_enabled_for")]
    for h in handed:
        if isinstance(h, ast.Lambda):
            found.append(h)
        elif isinstance(h, ast.Name | ast.Attribute):
            found += by_name.get(h.id if isinstance(h, ast.Name) else h.attr, [])
    return found


def _params(fn: ast.AST) -> set[str]:
    args = fn.args  # type: ignore[attr-defined]
    return {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)} - {"self"}


def _compared(node: ast.Compare) -> list[ast.AST]:
    return [node.left, *node.comparators]


def matched_by_words(source: str, dialogs: set[str] | None = None) -> list[str]:
    """Where `source` compares what a dialog gave with words: each as 'line: code'."""
    tree = ast.parse(source)
    dialogs = dialogs or _dialog_classes([tree])
    names = _word_names(tree)
    wrong: list[ast.Compare] = []
    for fn in _callbacks(tree, dialogs):
        params = _params(fn)
        wrong += [c for c in ast.walk(fn) if isinstance(c, ast.Compare)
                  and any(_is_words(x, names) for x in _compared(c))
                  and any(isinstance(x, ast.Name) and x.id in params for x in _compared(c))]
    wrong += [c for c in ast.walk(tree) if isinstance(c, ast.Compare)
              and any(_is_words(x, names) for x in _compared(c))
              and any(isinstance(x, ast.Attribute) and x.attr in WATCHED
                      and ("dialog" in ast.unparse(x.value).lower() or x.attr == "label")
                      for x in _compared(c))]
    return [f"{c.lineno}: {ast.unparse(c)}"
            for c in sorted(set(wrong), key=lambda c: (c.lineno, c.col_offset))]


def test_issue29_no_code_in_ogre_matches_a_dialog_by_its_words():
    paths = sorted((ROOT / "ogre").rglob("*.py"))
    trees = [ast.parse(p.read_text()) for p in paths]
    dialogs = _dialog_classes(trees)
    assert {"Dialog", "ListDialog", "BattleOver", "Question", "ReportWindow"} <= dialogs
    wrong = {str(p.relative_to(ROOT)): found for p in paths
             if (found := matched_by_words(p.read_text(), dialogs))}
    assert wrong == {}


def test_issue29_the_check_finds_the_old_ways_of_matching_by_words():
    """The forms the code had before issue 29, each found (so the test above can fail)."""
    old = textwrap.dedent('''
        class Question(Dialog):
            pass

        class ListDialog(Question):
            def _enabled_for(self, label):
                return label != "Cancel"

        REPORT = "Report"

        class Commands:
            def ask(self, a):
                def answered(button):
                    if button == "Save":
                        save()
                    elif button in ("Don't Save", "Later"):
                        go_on()
                a.dialog = Question("Quit", LOST, BUTTONS, answered)
                a.dialog = Dialog("T", "m", ("OK", "Cancel"), lambda b: b == "OK" and go())
                a.dialog = ListDialog("T", "m", rows, lambda b, i: b != "OK" or pick(i))
                d = Dialog("T", "m", on_close=self._closed)
                d.on_close = lambda label: REPORT == label

            def _closed(self, label):
                return label == "New Code"

        def reported(app):
            return app.dialog.result == "Report" or [b for b in d.buttons if b.label == "OK"]
        ''')
    found = matched_by_words(old)
    assert len(found) == 9, found


def test_issue29_comparing_other_words_is_no_match():
    """The battle's own words (a result level, a piece's kind) are not a dialog's."""
    fine = textwrap.dedent('''
        def f(app, s, e, close):
            if s.result == "Ogre Victory" or e.kind == "fire":
                app.dialog = Dialog("T", "m", OK_CANCEL, lambda a: a is Answer.OK and go())
            return [c for c in menu.commands if c.label == label]
        ''')
    assert matched_by_words(fine) == []
