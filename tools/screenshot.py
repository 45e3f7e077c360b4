"""Save a screenshot of the battle screen mid-game (the README's picture).

    python tools/screenshot.py [OUT.png]    # uses the real display if there is one (Xvfb),
                                            # otherwise SDL's dummy driver
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from ogre.rules import Done, Enter, Move, OgreAim, apply  # noqa: E402
from ogre.rules.state import OGRE_ID  # noqa: E402


def main(out: str = "docs/screenshot.png") -> None:
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from ogre.rules import new_game
    from ogre.storage.fields import load_predesigned
    from ogre.ui.app import App
    app = App(state=new_game(load_predesigned()[0].field, 3, 7))
    b = app.battle
    b.dialog = None
    s = b.state
    for a in (Enter(1022), Move(OGRE_ID, 1020), Done()):
        s, _ = apply(s, a)
    target = min(s.pieces, key=lambda p: abs(p.hex - 1020))
    b.state = s
    b.selected = OGRE_ID
    b.map.show_hex(1017)
    try:
        s2, _ = apply(s, OgreAim(target.id, (1, 0, 0, 0)))
        b.state = s2
    except Exception:
        pass
    app.dirty = True
    app.step([])
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.window, out)
    print(out)


if __name__ == "__main__":
    main(*sys.argv[1:])
