"""`ogre` / `python -m ogre`: start the game."""

from __future__ import annotations

import argparse
import os
import re
import stat
from pathlib import Path

MIN_SIZE = (320, 240)
MAX_SIDE = 16384          # SDL's largest window; the desktop bounds it further when the app opens


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


class Parser(argparse.ArgumentParser):
    def error(self, message: str):
        """argparse's usage line and one sentence on stderr, exit status 2."""
        super().error(message.rstrip(".") + ".")


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="ogre", description="OGRE (1986), rebuilt.")
    parser.add_argument("--seed", type=int, default=None, help="dice seed (default: random)")
    parser.add_argument("--size", type=window_size, default=None,
                        help="window size, e.g. 1280x900 (default: most of the screen's "
                             "height; at most the screen; a window taller than 1024:720 "
                             "shows more of the map)")
    parser.add_argument("--replay", metavar="FILE", type=replay_file,
                        help="step through an exported battle log")
    parser.add_argument("--ogre", metavar="PLAYER", default=None,
                        help="the computer Ogre: a skill (Low, Med, Hi) or module:Class (X5)")
    parser.add_argument("--defense", metavar="PLAYER", default=None,
                        help="the computer defence: a skill (Low, Med, Hi) or module:Class (X5)")
    args = parser.parse_args(argv)
    import random

    from ogre.ui.app import App, _fit_desktop
    size = args.size
    if size is not None:
        import pygame
        pygame.display.init()
        size = _fit_desktop(size)          # no bigger than the screen
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    players = {side: spec for side, spec in (("ogre", args.ogre), ("defense", args.defense))
               if spec}
    App(size=size, seed=seed, replay=args.replay, players=players).run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
