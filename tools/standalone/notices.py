"""The licences the standalone game ships under, for ogre.spec: ours, Python's, each
bundled package's own licence file, and for pygame-ce and the libraries its wheel carries (which
ship none of their own) our notice and the LGPL 2.1's text. All go in the build's licenses/."""

from __future__ import annotations

import sys
import sysconfig
from importlib import metadata
from pathlib import Path

# the distributions the game imports; pygame-ce's wheel has no licence file (NOTICES covers it)
PACKAGES = ("pydantic", "pydantic_core", "platformdirs", "typing_extensions", "annotated_types",
            "typing_inspection")
HERE = Path(__file__).resolve().parent


def licence_files(root: Path) -> list[tuple[str, str]]:
    """(source, folder in the build) for every licence and notice to ship."""
    out = [(str(root / "LICENSE"), "licenses/ogre"),
           (str(HERE / "THIRD-PARTY-NOTICES.txt"), "licenses"),
           (str(HERE / "licenses" / "LGPL-2.1.txt"), "licenses/pygame-ce")]
    python = _python_licence()
    if python is not None:
        out.append((str(python), "licenses/python"))
    for name in PACKAGES:
        for file in metadata.files(name) or []:
            if "LICEN" in file.name.upper() or "COPYING" in file.name.upper():
                out.append((str(file.locate()), f"licenses/{name}"))
    return out


def _python_licence() -> Path | None:
    """Python's own LICENSE (the PSF licence asks that it go with the interpreter)."""
    for folder in (sysconfig.get_paths()["stdlib"], sys.base_prefix):
        for name in ("LICENSE.txt", "LICENSE"):
            path = Path(folder) / name
            if path.is_file():
                return path
    return None
