"""Make the README's picture of an after-action report (X9), drawn by the real app.

    python -m tools.report_screenshot [--out docs/report.png] [--record docs/record.png]

A seeded battle between two computer players (a Low Ogre against a Med defence on the arena's
standard deployment, seed 2: the Ogre loses its first gun in turn 5, destroys the Command Post
in turn 10 and is stopped in turn 16) is played through the battle screen action by action, as
a player's clicks would be; its end is recorded, and the report is opened from the battle-over
dialog's Report button. The picture is the window at the canvas's own size, drawn with SDL's
dummy driver (the same pixels a window shows). With --record, the Record window too.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SEED = 2


def computer_battle(ogre: str = "Low", defense: str = "Med", seed: int = SEED):
    """(start, actions) of a seeded battle between two computer players, played to its end."""
    from ogre.ai import make_controller
    from ogre.ai.deploy import standard_deployment
    from ogre.ai.match import play
    from ogre.resources import standard_board
    from ogre.rules import new_game

    start = new_game(standard_deployment(standard_board(), seed), 3, seed * 10_007)
    actions: list = []
    players = make_controller("ogre", ogre, seed), make_controller("defense", defense, seed)
    rec = play(start, *players, max_turns=1000,
               on_step=lambda _b, action, _a, _e: actions.append(action))
    if rec.final is None or not rec.final.over:
        raise SystemExit(f"the battle did not end ({rec.result}, {rec.illegal[:1]})")
    return start, actions


def played_app():
    """The app with the battle played through its battle screen, the report open."""
    from ogre.ui.app import App
    from ogre.ui.dialogs.battle_over import Ended
    from ogre.ui.toolkit import theme

    start, actions = computer_battle()
    app = App(state=start, size=theme.LOGICAL_SIZE)
    app.commands.field_name = f"Standard deployment {SEED}"
    app.battle.dialog = None
    for action in actions:
        if not app.battle.act(action, confirmed=True):
            raise SystemExit(f"{action}: refused ({app.battle.message})")
    over = app.battle.dialog
    over.close(Ended.REPORT)              # the battle-over dialog's Report button
    return app


def capture(app, out: Path) -> None:
    import pygame

    app.dirty = True
    app.step([])
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.window, str(out))
    print(f"{out} ({out.stat().st_size // 1024} KB)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "report.png"))
    parser.add_argument("--record", default="", help="also the Record window, to this file")
    args = parser.parse_args(argv)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    with tempfile.TemporaryDirectory() as home:
        os.environ["OGRE_HOME"] = home         # the player's own record stays untouched
        app = played_app()
        capture(app, Path(args.out).resolve())
        if args.record:
            app.dialog = None
            app.aftermath.show_record()
            capture(app, Path(args.record).resolve())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
