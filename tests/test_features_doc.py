"""Every feature ID cited in the code resolves inside the repository (issue 31, point 14): an ID
such as M7 or X9 named in a comment, a docstring or a test's name under ogre/, tests/ or tools/
is listed in docs/features.md."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FEATURES = ROOT / "docs" / "features.md"
# the spec's areas: battlefield, units, turn, movement, combat, sidebar, game, editor, beyond
CITED = re.compile(r"\b[BUTMCSGEX][0-9]{1,2}\b")
IN_A_TEST_NAME = re.compile(r"(?<=_)[butmcsgex][0-9]{1,2}(?=_|\b)")
LISTED = re.compile(r"^- \*\*([A-Z][0-9]{1,2})\*\* ", re.MULTILINE)
NOT_AN_ID = re.compile(r"#\s*noqa.*$|\bD[0-9]\b", re.MULTILINE)   # linter codes, defence values


def cited_ids() -> dict[str, str]:
    """Each ID cited in the code, with the first file citing it."""
    found: dict[str, str] = {}
    for folder in ("ogre", "tests", "tools"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == Path(__file__).resolve():        # its own examples are not citations
                continue
            text = NOT_AN_ID.sub("", path.read_text(encoding="utf-8"))
            names = " ".join(re.findall(r"def (test_\w+)", text))
            for fid in CITED.findall(text) + [i.upper() for i in IN_A_TEST_NAME.findall(names)]:
                found.setdefault(fid, str(path.relative_to(ROOT)))
    return found


def test_every_cited_feature_id_is_explained_in_docs_features():
    listed = set(LISTED.findall(FEATURES.read_text(encoding="utf-8")))
    cited = cited_ids()
    missing = {fid: where for fid, where in cited.items() if fid not in listed}
    assert not missing, f"cited but not in docs/features.md: {missing}"
    assert {"B1", "M7", "G6", "X9"} <= set(cited)       # the scan itself finds them


def test_each_id_is_listed_once():
    listed = LISTED.findall(FEATURES.read_text(encoding="utf-8"))
    assert len(listed) == len(set(listed)) > 60
