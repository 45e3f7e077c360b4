"""A player's hands for the UI tests: an action a computer player chose, done on the battle
screen with the clicks, drags, dialogs and buttons a person would use (9.03's force entering
from its list, units aiming at units, an Ogre's weapons from the weapon dialog...)."""

from __future__ import annotations

from driver import Driver

from ogre.ai import make_controller
from ogre.rules import Aim, Clear, Done, Enter, Fire, Group, Move, OgreAim, Split, Undo
from ogre.rules.actions import AimAt, Exit
from ogre.rules.hexes import BOTTOM_ROW, DISTANCE
from ogre.rules.sides import acting_side
from ogre.rules.units import WEAPONS, Weapon
from ogre.ui.app import App
from ogre.ui.scenes import force_entry
from ogre.ui.scenes.battle_fire import PART_TITLE

PARTS = (*WEAPONS, Weapon.TREADS)
CONFIRMS = ("Reminder", "Ram", "Overrun", "Ram the Ogre", "Leave the Map", "Onto a Marker")


def hex_of(app: App, pid: int) -> int:
    s = app.battle.state
    piece = s.piece(pid) or s.ogre_unit(pid)
    assert piece is not None, f"no piece {pid}"
    return piece.hex


def select(d: Driver, app: App, pid: int) -> None:
    """Click the piece's hex until it is the one selected (a stack shows each in turn, M3)."""
    h = hex_of(app, pid)
    for _ in range(5):
        d.click_hex(h)
        if app.battle.selected == pid:
            return
    raise AssertionError(f"piece {pid} could not be picked at {h:04d}")


def drag(d: Driver, app: App, a: int, b: int) -> None:
    """Drag from hex a to hex b with both in view (the driver scrolls to each in turn); onto
    its own hex (a stay-and-ram), out of it and back."""
    m = app.battle.map
    d.bring_into_view(b)
    d.bring_into_view(a)
    assert m.hex_visible(b), f"{a:04d} and {b:04d} do not show together"
    (x, y) = m.layout.center(a)
    via = (x, y - m.layout.size * 1.7) if a == b else None
    d.drag_between(m.layout.center(a), m.layout.center(b), via)


def perform(d: Driver, app: App, action) -> None:
    """Do `action` on the screen, confirming what asks (a ram, a unit leaving, a Reminder)."""
    b = app.battle
    if b.banner:                                # a turning point's banner: a click reads it
        d.click(b.map.rect.center)
    if isinstance(action, Move) and b.state.piece(action.piece) is not None \
            and b.state.piece(action.piece).hex == 0:
        _enter(d, app, action)
    elif isinstance(action, Move):
        select(d, app, action.piece)
        drag(d, app, hex_of(app, action.piece), action.to)
    elif isinstance(action, (AimAt, Aim, OgreAim)):
        _aim(d, app, action)
    elif isinstance(action, Enter):
        d.click_hex(action.to)
    elif isinstance(action, Exit):
        select(d, app, action.piece)
        d.click((b.map.rect.right - 4, b.map.rect.centery))      # off the map's hexes
    elif isinstance(action, (Fire, Clear)):
        d.button("Fire" if isinstance(action, Fire) else "Clear")
    elif isinstance(action, Done):
        d.button("Done")
    elif isinstance(action, (Undo, Group, Split)):
        select(d, app, action.piece)
        d.button(type(action).__name__)
    else:
        raise AssertionError(f"no hands for {action}")
    while d.dialog is not None and d.dialog.title in CONFIRMS:
        d.answer("OK")


def _enter(d: Driver, app: App, move: Move) -> None:
    """A waiting unit comes on: at the bottom-row hex nearest where it is going, picked by its
    kind from the list, then dragged on."""
    s = app.battle.state
    p = s.known(move.piece)
    free = [h for h in BOTTOM_ROW if not s.at(h) and not s.board.is_crater(h)]
    entry = move.to if move.to in free else min(free, key=lambda h: (DISTANCE[h][move.to], h))
    d.click_hex(entry)
    dialog = d.dialog
    assert dialog is not None and dialog.title == force_entry.TITLE
    kinds = list(force_entry.kinds_waiting(s))
    d.pick_row(kinds.index((p.kind, p.squads)))
    d.answer("OK")
    entered = app.battle.state.at(entry)
    assert entered and entered[0].kind is p.kind, "the unit picked did not come on"
    if entry != move.to:
        drag(d, app, entry, move.to)


def _aim(d: Driver, app: App, action) -> None:
    """Drag from the firer onto the target with each on top of its hex, then the dialog."""
    firer = action.ogre if isinstance(action, OgreAim) else action.piece
    target = action.ogre if isinstance(action, Aim) else action.target
    select(d, app, target)
    select(d, app, firer)
    drag(d, app, hex_of(app, firer), hex_of(app, target))
    dialog = d.dialog
    if isinstance(action, Aim) and dialog is not None and dialog.title != "Hand Over":
        d.pick_row(PARTS.index(action.part))
        d.answer("OK")
    elif isinstance(action, OgreAim):
        assert dialog is not None, f"no weapon dialog for {action} ({app.battle.message})"
        if action.part is not None and dialog.title == PART_TITLE:     # at an Ogre's part
            d.pick_row(PARTS.index(action.part))
            d.answer("OK")
            dialog = d.dialog
        for i, n in enumerate(action.weapons):
            for _ in range(n - dialog.counts[i]):
                d.click(dialog.arrows(i)[0].center)
        d.answer("OK")


def play_both_sides(d: Driver, app: App, until, skill: str = "Med", seed: int = 5,
                    limit: int = 3000) -> list:
    """Hot-seat: each side's computer player's choices done on the screen, the hand-over
    dismissed, until `until(state)`; each action must be taken. The (state, action) pairs."""
    players = {side: make_controller(side, skill, seed=seed) for side in ("ogre", "defense")}
    done = []
    for _ in range(limit):
        d.hand_over()
        s = app.battle.state
        if s.over or until(s):
            return done
        side = acting_side(s)
        assert side is not None
        action = players[side].choose(s)
        perform(d, app, action)
        assert app.battle.state != s, f"{action} was not taken: {app.battle.message}"
        done.append((s, action))
    raise AssertionError(f"the battle went on past {limit} actions")
