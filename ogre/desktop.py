"""The desktop entry (X13): desktop/ ships a .desktop file, the icon (drawn by ogre.ui.drawing.art,
written by tools/make_assets.py) and AppStream metadata; `ogre --install-desktop` puts them
where a Linux desktop looks (XDG_DATA_HOME, ~/.local/share), its Exec line naming this very copy
of OGRE, since pip, pipx and uv cannot install into those folders themselves.

>>> desktop_exec(["/opt/my games/ogre"])
'"/opt/my games/ogre"'
>>> desktop_exec(["/usr/bin/python3", "-m", "ogre"])
'/usr/bin/python3 -m ogre'
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

from .resources import data_dir
from .storage.atomic import write_bytes_atomic, write_text_atomic
from .storage.errors import StorageError
from .storage.paths import HOME_ENV

APP_ID = "io.github.ogre1986.ogre"
ENTRY = f"{APP_ID}.desktop"
ICON = f"{APP_ID}.png"
METAINFO = f"{APP_ID}.metainfo.xml"
ICON_SIZE = 256
_RESERVED = set(' \t\n"\'\\><~|&;$*?#()`')


def shipped(name: str) -> Path:
    """A file of desktop/, in a checkout or an installed wheel."""
    return data_dir("desktop") / name


def desktop_exec(argv: list[str]) -> str:
    """A command line as a .desktop Exec key spells it: an argument holding a reserved
    character in double quotes, with `"`, backquote, `$` and backslash escaped."""
    def quoted(arg: str) -> str:
        if not _RESERVED.intersection(arg):
            return arg
        escaped = "".join("\\" + ch if ch in '"`$\\' else ch for ch in arg)
        return f'"{escaped}"'
    return " ".join(quoted(a) for a in argv).replace("%", "%%")


def this_command() -> list[str]:
    """How this copy of OGRE starts: the `ogre` script installed beside this Python (a venv,
    pipx or uv's tool folder), else this Python with -m ogre (a checkout)."""
    script = Path(sys.executable).parent / "ogre"
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-m", "ogre"]


def share_folder() -> Path:
    """$XDG_DATA_HOME (~/.local/share); OGRE_HOME/share when set (tests)."""
    home = os.environ.get(HOME_ENV, "").strip()
    if home:
        return Path(home).expanduser() / "share"
    return platformdirs.user_data_path()


def install_desktop_entry(share: Path | None = None) -> int:
    """Write the entry, the icon and the metadata into `share`; the exit status, with one
    sentence on stdout or stderr."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        print("ogre: desktop entries are for Linux desktops; on this system start OGRE with "
              "the ogre command.", file=sys.stderr)
        return 1
    share = share_folder() if share is None else Path(share)
    entry = share / "applications" / ENTRY
    try:
        lines = shipped(ENTRY).read_text(encoding="utf-8").splitlines()
        lines = [f"Exec={desktop_exec(this_command())}" if ln.startswith("Exec=") else ln
                 for ln in lines]
        write_text_atomic(entry, "\n".join(lines) + "\n")
        write_bytes_atomic(share / "icons" / "hicolor" / f"{ICON_SIZE}x{ICON_SIZE}" / "apps" /
                           ICON, shipped(ICON).read_bytes())
        write_bytes_atomic(share / "metainfo" / METAINFO, shipped(METAINFO).read_bytes())
    except StorageError as exc:
        print(f"ogre: {exc.message}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"ogre: the desktop entry could not be read from the installed game "
              f"({(exc.strerror or 'missing').lower()}).", file=sys.stderr)
        return 1
    print(f"OGRE is now in this desktop's list of applications ({entry}).")
    return 0
