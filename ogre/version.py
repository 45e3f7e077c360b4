"""What this copy of OGRE is, and what it runs on: for `ogre --version` and crash reports (X13,
X12). No pygame here; the window adds pygame-ce's and SDL's versions."""

from __future__ import annotations

import platform
import sys
from importlib import metadata

DISTRIBUTION = "ogre1986"


def game_version() -> str:
    """The installed package's version; "unknown" in a bare checkout that was never installed.

    >>> game_version() != ""
    True
    """
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown"


def platform_versions() -> dict[str, str]:
    """Python and the operating system, as a crash report names them."""
    return {"Python": f"{platform.python_version()} ({sys.implementation.name})",
            "OS": f"{platform.system()} {platform.release()} ({platform.machine()})"}
