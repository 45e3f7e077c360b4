"""The standalone game's entry point (PyInstaller freezes this file): the `ogre` command."""

import multiprocessing

from ogre.__main__ import main

if __name__ == "__main__":
    # the computer player's worker is a spawned process: in a frozen game the executable
    # itself starts it, and this lets it run the worker instead of the game
    multiprocessing.freeze_support()
    raise SystemExit(main())
