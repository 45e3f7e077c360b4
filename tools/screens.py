"""A fixed set of the game's screens, drawn by the real app off screen (issue 29's safety net).

    python -m tools.screens OUT_FOLDER
    python -m tools.screens --compare FOLDER_A FOLDER_B

Each screen is a PNG named for what it shows: the Field Editor, the battle in each phase, the
computer's turn, both menus, the dialogs (Play a Game, Preferences, the keys, the Save question,
Load a Game, the weapons, the Ogre part and the hot-seat hand-over), the seven Rules pages, the
after-action report, the record of battles, a lesson's panel, the Advice, and a battle each of
Ogre Defending and Mark III on Defense. Everything is seeded and the clock plays no part, so two
runs of the same code give the same pixels; a refactoring of the screen code shows it changed
nothing with --compare, which names every screen whose pixels differ. The script uses only what
the App has had since before the refactoring, so it runs on an older checkout too (the two
scenario battles are left out where the checkout has no such scenarios).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

SIZE = (1422, 1000)


def _setup() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["OGRE_THINK"] = "thread"
    os.environ["OGRE_HOME"] = tempfile.mkdtemp(prefix="ogre-screens-")


def _app(state=None):
    from ogre.ui.app import App
    app = App(state=state, size=SIZE) if state is not None else App(size=SIZE)
    app.prefs = app.prefs.model_copy(update={"reminders": True, "message_speed": "Hi"})
    return app


def _battle():
    from ogre.rules import new_game
    from ogre.storage.fields import load_predesigned
    return new_game(load_predesigned()[0].field, 3, 11)


def _mid_game():
    """Turn 4 at the Ogre's fire, the defenders come up around it (as the README's picture)."""
    from dataclasses import replace

    from ogre.rules.state import Phase
    advanced = {5: 1008, 6: 808, 9: 1107, 10: 711, 11: 1011, 17: 907, 18: 708}
    s = _battle()
    pieces = tuple(replace(p, hex=advanced.get(p.id, p.hex), start=advanced.get(p.id, p.hex))
                   for p in s.pieces)
    ogre = replace(s.ogre, hex=909, undo_hex=909, moved=3, undo_moved=3, treads=39,
                   weapons=(1, 1, 3, 8), missiles_spent=1)
    return replace(s.with_pieces(pieces), ogres=(ogre,), phase=Phase.OGRE_FIRE, turn=4)


def _shoot(app, out: Path, name: str) -> None:
    import pygame
    app.dirty = True
    app.step([])
    pygame.image.save(app.window, str(out / f"{name}.png"))   # what the player sees


def _command(app, label: str) -> None:
    command = next(c for m in app.menubar.menus for c in m.commands if c.label == label)
    command.run()


def _key(app, key: int, mod: int = 0) -> None:
    import pygame
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)])


def _first(state, kind):
    from ogre.rules import legal_actions
    return next(a for a in legal_actions(state) if isinstance(a, kind))


def battle_phases(out: Path) -> None:
    """The battle in each phase, a dialog or two on the way."""
    from ogre.rules import Aim, Done, Enter, Fire, Move, OgreAim
    from ogre.ui.dialogs.attack import PartDialog, WeaponDialog
    from ogre.ui.dialogs.handover import HandOverNotice
    app = _app(_battle())
    b = app.battle
    _shoot(app, out, "battle-1-ogre-entry")
    b.dialog = None
    b.act(_first(b.state, Enter), confirmed=True)
    _shoot(app, out, "battle-2-ogre-move")
    b.act(_first(b.state, Move), confirmed=True)
    app = _app(_mid_game())                         # where the Ogre has targets
    b = app.battle
    _shoot(app, out, "battle-3-ogre-fire")
    aims = [a for a in _legal(b) if isinstance(a, OgreAim)]
    if aims:
        b.open(WeaponDialog(b.state, aims[0].target, lambda *_: None))
        _shoot(app, out, "dialog-weapons")
        b.dialog = None
        b.act(aims[0], confirmed=True)
        b.act(Fire(), confirmed=True)
    b.act(Done(), confirmed=True)
    if isinstance(app.dialog, HandOverNotice):          # issue 30: whose turn, hot-seat
        _shoot(app, out, "hand-over")
        app.dialog = None
    _shoot(app, out, "battle-4-defense-move")
    b.act(Done(), confirmed=True)
    shots = [a for a in _legal(b) if isinstance(a, Aim)]
    if shots:
        b.open(PartDialog(b.state, shots[0].piece, lambda *_: None))
        _shoot(app, out, "dialog-ogre-part")
        b.dialog = None
        b.act(shots[0], confirmed=True)
    _shoot(app, out, "battle-5-defense-fire")
    if shots:
        b.act(Fire(), confirmed=True)
    b.act(Done(), confirmed=True)
    _shoot(app, out, "battle-6-gev-move")
    _rest_of_the_screens(app, out)


def _legal(b):
    from ogre.rules import legal_actions
    return legal_actions(b.state)


def _rest_of_the_screens(app, out: Path) -> None:
    """Menus, dialogs, the Rules pages, the report and the record, over the battle."""
    import pygame

    from ogre.ui.dialogs.rules_pages import pages
    menus = app.menubar.menus
    for m in menus:
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                     pos=app.to_window(m.title_rect.center)),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, button=1,
                                     pos=app.to_window(m.title_rect.center))])
        _shoot(app, out, f"menu-{m.title.lower()}")
        _key(app, pygame.K_ESCAPE)
    for label, name in (("Play a Game", "dialog-play-a-game"), ("Preferences", "dialog-prefs"),
                        ("Load a Game", "dialog-load-a-game"), ("Quit", "dialog-save-question")):
        _command(app, label)
        _shoot(app, out, name)
        app.dialog = None
    _key(app, pygame.K_k)
    _shoot(app, out, "dialog-keys")
    app.dialog = None
    _key(app, pygame.K_F1)
    for page in range(len(pages())):
        _key(app, pygame.K_1 + page)
        _shoot(app, out, f"rules-page-{page + 1}")
    _key(app, pygame.K_F1)
    app.aftermath.report_battle()
    _shoot(app, out, "report")
    app.dialog = None
    app.aftermath.show_record()
    _shoot(app, out, "record")
    app.dialog = None


def editor(out: Path) -> None:
    app = _app()
    _shoot(app, out, "editor")
    ed = app.editor
    if not hasattr(ed, "design_for"):
        return                          # an older checkout: no field designed for a battle
    from ogre.ai.deploy import defended
    ed.set_field(defended(ed.field), "mark-iii-on-defense")
    ed.select("watchdog")
    _shoot(app, out, "editor-9-01")


def computer_turn(out: Path) -> None:
    from ogre.rules import Enter
    app = _app(_battle())
    app.start_battle(app.battle.state, computer="defense")
    b = app.battle
    b.dialog = None
    b.act(_first(b.state, Enter), confirmed=True)
    from ogre.rules import Done
    b.act(Done(), confirmed=True)
    b.act(Done(), confirmed=True)                   # to the computer defence's move
    app.commands.hold_until = float("inf")          # it waits: the screen as it thinks
    _shoot(app, out, "computer-turn")
    app.commands.shutdown()


def lesson(out: Path) -> None:
    app = _app()
    app.start_tutorial()
    _shoot(app, out, "lesson-panel")
    app.commands.shutdown()


def advice(out: Path) -> None:
    from ogre.rules import Done, Enter
    app = _app(_battle())
    b = app.battle
    b.dialog = None
    for action in (_first(b.state, Enter), Done(), Done()):
        b.act(action, confirmed=True)
    app.dialog = b.dialog = None             # the hand-over, read
    app.advice.toggle()
    end = time.monotonic() + 60
    while app.advice.thinking is not None and time.monotonic() < end:
        app.step([])
        time.sleep(0.01)
    _shoot(app, out, "advice")
    app.advice.shutdown()


def _played_to(state, turn: int, phase):
    """Both sides at Med, as the computer plays them, up to `phase` of `turn`."""
    from ogre.ai import make_controller
    from ogre.rules import apply
    from ogre.rules.sides import acting_side
    players = {side: make_controller(side, "Med", seed=3) for side in ("ogre", "defense")}
    while (side := acting_side(state)) is not None and (state.turn, state.phase) != (turn, phase):
        state, _ = apply(state, players[side].choose(state))
    return state


def scenarios(out: Path) -> None:
    """The pocket edition's battles that have screens of their own: Ogre Defending's force
    coming on and firing, Mark III on Defense's two Ogres. An older checkout without them
    shoots none."""
    try:
        from ogre.ai.deploy import defended, watched
        from ogre.rules.scenarios import MARK_III_ON_DEFENSE, OGRE_DEFENDING, SCENARIOS
    except ImportError:
        return
    if OGRE_DEFENDING.key not in SCENARIOS:
        return
    from ogre.rules import new_game
    from ogre.rules.state import Phase
    from ogre.storage.fields import load_predesigned
    field = load_predesigned()[0].field
    for name, state in (
            ("battle-9-03-attack-fire",
             _played_to(new_game(watched(field), 3, 11, OGRE_DEFENDING.key), 3, Phase.OGRE_FIRE)),
            ("battle-9-01-defense-fire",
             _played_to(new_game(defended(field), 3, 11, MARK_III_ON_DEFENSE.key), 4,
                        Phase.DEFENSE_FIRE))):
        app = _app(state)
        app.dialog = app.battle.dialog = None
        _shoot(app, out, name)
        app.commands.shutdown()
    if "three-way-duel" in _offered_keys():
        duel(out, field)


def _offered_keys() -> set[str]:
    from ogre.rules.scenarios import OFFERED
    return {s.key for s in OFFERED}


def duel(out: Path, field) -> None:
    """A three-way Duel in its fourth turn, the third Ogre firing, as Med plays it."""
    from ogre.ai.duellist import Duellist
    from ogre.rules import apply, new_game
    from ogre.rules.state import Phase
    state = new_game(field, 3, 11, "three-way-duel")
    player = Duellist("Med", 11)
    while not state.over and (state.turn, state.phase, state.duellist) != (4, Phase.OGRE_FIRE,
                                                                             -2):
        state, _ = apply(state, player.choose(state))
    app = _app(state)
    app.dialog = app.battle.dialog = None
    _shoot(app, out, "battle-9-04-three-way-duel")
    app.commands.shutdown()


def hidden(out: Path) -> None:
    """Mines and camouflage (X16) in hot-seat at the Ogre's fire of turn 3, as Med plays both
    sides: the Ogre player's screen, then the defense's. An older checkout shoots none."""
    try:
        from ogre.ai.minelaying import with_mines
        from ogre.rules.views import view
    except ImportError:
        return
    from ogre.ai import make_controller
    from ogre.rules import apply, new_game
    from ogre.rules.options import Options
    from ogre.rules.sides import acting_side
    from ogre.rules.state import Phase
    from ogre.storage.fields import load_predesigned
    field = with_mines(load_predesigned()[0].field, 10, 11)
    state = new_game(field, 3, 11, options=Options(mines=10, camouflage=True))
    players = {side: make_controller(side, "Med", seed=3) for side in ("ogre", "defense")}
    while (side := acting_side(state)) is not None and \
            (state.turn, state.phase) != (3, Phase.OGRE_FIRE):
        state, _ = apply(state, players[side].choose(view(state, side)))
    for eyes in ("ogre", "defense"):
        app = _app(state)
        app.dialog = app.battle.dialog = None
        app.battle.eyes.viewer = lambda eyes=eyes: eyes
        _shoot(app, out, f"battle-hidden-{eyes}")
        app.commands.shutdown()


SCREENS: tuple[Callable[[Path], None], ...] = (editor, battle_phases, computer_turn, lesson,
                                               advice, scenarios, hidden)


def shoot_all(out: Path) -> list[str]:
    _setup()
    out.mkdir(parents=True, exist_ok=True)
    for screens in SCREENS:
        screens(out)
    return sorted(p.stem for p in out.glob("*.png"))


def compare(a: Path, b: Path) -> list[str]:
    """The screens whose pixels differ, or that one folder lacks."""
    import pygame
    names = sorted({p.name for p in a.glob("*.png")} | {p.name for p in b.glob("*.png")})
    differ = []
    for name in names:
        if not (a / name).exists() or not (b / name).exists():
            differ.append(f"{name} (only in one)")
            continue
        one, two = pygame.image.load(str(a / name)), pygame.image.load(str(b / name))
        if one.get_size() != two.get_size() or \
                pygame.image.tobytes(one, "RGB") != pygame.image.tobytes(two, "RGB"):
            differ.append(name)
    return differ


def _size(words: str) -> tuple[int, int]:
    w, _, h = words.lower().partition("x")
    return int(w), int(h)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--compare", action="store_true")
    parser.add_argument("--size", default="1422x1000",
                        help="the window's size, WxH (default %(default)s)")
    args = parser.parse_args(argv)
    global SIZE
    SIZE = _size(args.size)
    if args.compare:
        differ = compare(*args.folders[:2])
        print("\n".join(differ) if differ else "the same, pixel for pixel")
        return 1 if differ else 0
    names = shoot_all(args.folders[0])
    print(f"{len(names)} screens in {args.folders[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
