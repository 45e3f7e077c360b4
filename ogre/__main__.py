"""`ogre` / `python -m ogre`: start the game."""

from __future__ import annotations

import argparse
import os
import re
import stat
import sys
from pathlib import Path

# pygame-ce greets the terminal at every import unless told not to (X13); set before any import
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

MIN_SIZE = (320, 240)
MAX_SIDE = 16384          # SDL's largest window; the desktop bounds it further when the app opens
NO_DISPLAY_STATUS = 3     # no display to open a window on (X13); 2 is argparse's bad argument
INTERRUPTED_STATUS = 130  # the shell's own status for a program Ctrl+C stopped


def window_size(text: str) -> tuple[int, int]:
    """--size WIDTHxHEIGHT, each side a plain number from the smallest window to the largest."""
    found = re.fullmatch(r"\s*([0-9]{1,6})\s*[xX]\s*([0-9]{1,6})\s*", text)
    if not found:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a window size such as 1280x900.")
    size = (int(found[1]), int(found[2]))
    if size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is smaller than the smallest window, "
                                         f"{MIN_SIZE[0]}x{MIN_SIZE[1]}.")
    if max(size) > MAX_SIDE:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is larger than any screen.")
    return size


def replay_file(text: str) -> Path:
    """--replay FILE: an existing regular file (never a pipe, device or folder, which would wait
    for ever or make no sense), whose name can be shown in the window title."""
    path = Path(text)
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"{text[:80]!r} cannot be read "
                                         f"({(exc.strerror or 'no such file').lower()}).")
    if not stat.S_ISREG(mode):
        raise argparse.ArgumentTypeError(f"{text[:80]!r} is not a battle log file.")
    try:
        path.name.encode("utf-8")
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError("the battle log's file name cannot be shown; "
                                         "rename the file to replay it.") from None
    return path


def player(text: str) -> str:
    """--ogre / --defense: a skill level (Low, Med, Hi; any case) or a plugin's module:Class
    (X5), checked at once rather than in a dialog after the window opens."""
    if ":" in text:
        if re.fullmatch(r"[A-Za-z_][\w.]*:[A-Za-z_][\w.]*", text.strip()):
            return text.strip()
        raise argparse.ArgumentTypeError(f"{text[:60]!r} is not a player's module:Class.")
    from ogre.ai.skill import level_name
    try:
        return level_name(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a skill level: use Low, Med "
                                         "or Hi, or a player's module:Class.") from None


def mailbox_url(text: str) -> str:
    """--mailbox URL: a magic-wormhole mailbox server's ws:// or wss:// address (X14)."""
    from ogre.net.servers import mailbox_problem
    problem = mailbox_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(f"{text[:80]!r}: {problem[:1].lower()}{problem[1:]}")
    return text.strip()


def version_line() -> str:
    """`ogre --version`: the game's version and what it runs on."""
    import pygame

    from ogre.version import game_version
    sdl = ".".join(map(str, pygame.get_sdl_version()))
    return (f"ogre {game_version()} (pygame-ce {pygame.version.ver}, SDL {sdl}, "
            f"Python {sys.version.split()[0]})")


def where_files_live() -> str:
    """--help's last lines: the player's folders on this computer, and OGRE_HOME."""
    from ogre.storage.paths import HOME_ENV, crash_folder, preferences_folder, user_data_folder
    return (f"files:\n"
            f"  saved games, fields, logs  {user_data_folder()}\n"
            f"  preferences                {preferences_folder()}\n"
            f"  crash reports              {crash_folder()}\n"
            f"  Set {HOME_ENV}=FOLDER to keep them all under one folder instead\n"
            f"  (FOLDER/data, FOLDER/config, FOLDER/log).\n\n"
            f"keys: F11 or Alt+Enter full screen, F1 the rules, K the list of keys.")


class Parser(argparse.ArgumentParser):
    def error(self, message: str):
        """argparse's usage line and one sentence on stderr, exit status 2."""
        super().error(message.rstrip(".") + ".")


def parser() -> Parser:
    p = Parser(prog="ogre", description="OGRE (1986), rebuilt: a cybernetic supertank against "
               "a defending armor battalion.", epilog=where_files_live(),
               formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=version_line())
    p.add_argument("--seed", type=int, default=None, help="dice seed (default: random)")
    p.add_argument("--size", type=window_size, default=None,
                   help="window size, e.g. 1280x900 (default: the screen's height less room "
                        "for a title bar and a panel; at most the screen; a window taller than "
                        "1024:720 shows more of the map)")
    p.add_argument("--replay", metavar="FILE", type=replay_file,
                   help="step through an exported battle log")
    p.add_argument("--ogre", metavar="PLAYER", type=player, default=None,
                   help="the computer Ogre: a skill (Low, Med, Hi) or a player's module:Class")
    p.add_argument("--defense", metavar="PLAYER", type=player, default=None,
                   help="the computer defense: a skill (Low, Med, Hi) or a player's "
                        "module:Class")
    p.add_argument("--mailbox", metavar="URL", type=mailbox_url, default=None,
                   help="the mailbox server internet games meet through, for this run "
                        "(default: Preferences', else the magic-wormhole project's public one)")
    p.add_argument("--install-desktop", action="store_true",
                   help="add OGRE to this desktop's list of applications (Linux), then exit")
    return p


# The window's class, which a desktop matches to the desktop entry's StartupWMClass: pygame
# names it after the program when it is first imported ("__main__.py" under python -m).
WINDOW_CLASS = "OGRE"


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WINDOW_CLASS)     # before pygame is imported
    args = parser().parse_args(argv)
    if args.install_desktop:
        from ogre.desktop import install_desktop_entry
        return install_desktop_entry()
    import random

    if args.mailbox:                # the network game reads it when a player hosts or joins
        from ogre.net.servers import MAILBOX_ENV
        os.environ[MAILBOX_ENV] = args.mailbox
    from ogre.ui.drawing import window
    missing = window.no_display()
    if missing:
        print(f"ogre: {missing}", file=sys.stderr)
        return NO_DISPLAY_STATUS
    from ogre.ui.app import App
    size = args.size
    if size is not None:
        size = window.fit_desktop(size)    # no bigger than the screen
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    players = {side: spec for side, spec in (("ogre", args.ogre), ("defense", args.defense))
               if spec}
    from ogre.ui.commands.crash import crashed
    try:
        app = App(size=size, seed=seed, replay=args.replay, players=players)
    except KeyboardInterrupt:
        return INTERRUPTED_STATUS       # Ctrl+C while the window was opening: nothing to lose
    except Exception as exc:        # X12: the window would not open; a report, not a traceback
        return crashed(None, exc)
    try:
        return app.run() or 0       # the loop itself takes Ctrl+C as the close button (X12)
    except KeyboardInterrupt:
        return INTERRUPTED_STATUS       # Ctrl+C again while it closed: it was closing anyway


if __name__ == "__main__":
    raise SystemExit(main())
