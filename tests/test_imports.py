"""The house rule on imports (issue 14): one way only - rules, then ai, storage, net, ui, tools -
and no module imports one that imports it back, not even from inside a function (an import for
the type checker alone is never run and closes no circle)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# a lower layer never imports a higher one
LAYERS = ("rules", "ai", "storage", "match", "net", "ui")


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(tree: ast.Module) -> set[ast.AST]:
    """The imports under `if TYPE_CHECKING:`: never run, so they close no circle."""
    return {node for block in ast.walk(tree)
            if isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING"
            for stmt in block.body for node in ast.walk(stmt)}


def _imports(path: Path, typing_too: bool = True) -> set[str]:
    """Every ogre module the file imports, at the top or inside a function (and, unless told
    otherwise, for type checking only)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    tree = ast.parse(path.read_text())
    skip = set() if typing_too else _type_checking_only(tree)
    for node in ast.walk(tree):
        if node in skip:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("ogre")}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            if base.startswith("ogre"):
                found.add(base)
                found |= {f"{base}.{a.name}" for a in node.names}
    return found


def _graph(typing_too: bool = True) -> dict[str, set[str]]:
    files = {_module_name(p): p for p in (ROOT / "ogre").rglob("*.py")}
    return {m: {i for i in _imports(p, typing_too) if i in files and i != m}
            for m, p in files.items()}


def _layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def test_no_lower_layer_imports_a_higher_one():
    wrong = [(m, i) for m, deps in _graph().items() for i in deps
             if _layer(m) is not None and _layer(i) is not None and _layer(i) > _layer(m)]
    assert wrong == []


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    cycles = []

    def visit(m, path):
        for i in sorted(graph[m]):
            if i in path:
                cycles.append(path[path.index(i):] + [i])
            elif i not in done:
                visit(i, path + [i])
        done.add(m)

    done: set[str] = set()
    for m in sorted(graph):
        if m not in done:
            visit(m, [m])
    # a package's __init__ re-exporting its modules is not a circle of two modules' code
    return [c for c in cycles if not any(len(x.split(".")) == 2 for x in c)]


def test_no_module_imports_one_that_imports_it_back():
    assert _cycles(_graph(typing_too=False)) == []


def test_no_circle_even_through_imports_for_the_type_checker():
    """Issue 29: rules/actions, board and state closed a circle over OGRE_ID, the battle screen
    one with its drawing, and the window (ui/app.py) one with every feature that named it; each
    feature now names the small typed interface it uses (a Protocol), never the App."""
    assert _cycles(_graph(typing_too=True)) == []


def test_the_rules_the_computer_players_and_the_match_import_no_pygame():
    """House rule 1: ogre/rules, ogre/ai and ogre/match draw nothing."""
    for package in ("rules", "ai", "match"):
        for path in (ROOT / "ogre" / package).rglob("*.py"):
            tree = ast.parse(path.read_text())
            names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
            names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
            assert not any(n.split(".")[0] == "pygame" for n in names), path


def test_no_file_in_ogre_or_tools_is_over_600_lines():
    for folder in ("ogre", "tools"):
        for path in (ROOT / folder).rglob("*.py"):
            lines = len(path.read_text().splitlines())
            assert lines <= 600, f"{path.relative_to(ROOT)} has {lines} lines"


# The window's layers, lowest first (issue 29): a layer never imports one above it.
UI_LAYERS = ("toolkit", "drawing", "dialogs", "scenes", "overlays", "commands", "app")


def _ui_layer(module: str) -> int | None:
    parts = module.split(".")
    if parts[:2] != ["ogre", "ui"] or len(parts) < 3:
        return None
    return UI_LAYERS.index(parts[2]) if parts[2] in UI_LAYERS else None


def test_the_windows_layers_point_one_way():
    wrong = [(m, i) for m, deps in _graph(typing_too=False).items() for i in deps
             if _ui_layer(m) is not None and _ui_layer(i) is not None
             and _ui_layer(i) > _ui_layer(m)]
    assert wrong == []
    folders = {p.parent.name for p in (ROOT / "ogre" / "ui").rglob("*.py")} - {"ui"}
    assert folders == set(UI_LAYERS) - {"app"}


def test_only_the_command_and_the_tests_import_the_app_module():
    importers = sorted(m for m, deps in _graph(typing_too=False).items() if "ogre.ui.app" in deps)
    assert importers == ["ogre.__main__"]


def test_dialogs_are_known_by_their_type_never_by_their_title():
    """Issue 29: the game's code matches no dialog by its title (a tester may read one)."""
    import re
    matched = [str(p.relative_to(ROOT)) for p in (ROOT / "ogre").rglob("*.py")
               if re.search(r"\.title\s*(==|!=|in\b)", p.read_text())]
    assert matched == []
