"""`ogre` / `python -m ogre`: start the game."""

from __future__ import annotations

import argparse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="ogre", description="OGRE (1986), rebuilt.")
    parser.add_argument("--seed", type=int, default=None, help="dice seed (default: random)")
    parser.add_argument("--size", default="",
                        help="window size, e.g. 1280x900 (default: most of the screen's "
                             "height; a window taller than 1024:720 shows more of the map)")
    parser.add_argument("--replay", metavar="FILE", help="step through an exported battle log")
    parser.add_argument("--ogre", metavar="PLAYER", default=None,
                        help="the computer Ogre: a skill (Low, Med, Hi) or module:Class (X5)")
    parser.add_argument("--defense", metavar="PLAYER", default=None,
                        help="the computer defence: a skill (Low, Med, Hi) or module:Class (X5)")
    args = parser.parse_args(argv)
    import random

    from ogre.ui.app import App
    size = tuple(int(x) for x in args.size.split("x")) if args.size else None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    players = {side: spec for side, spec in (("ogre", args.ogre), ("defense", args.defense)) if spec}
    App(size=size, seed=seed, replay=args.replay, players=players).run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
