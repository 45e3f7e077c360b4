"""One key map (S4, issue 29): every key, what it does, how the keys list names it and its line
of help. The keys list (K), the sidebar buttons' letters and every handler of a key read it, so
a key is bound, shown and explained in one place.

>>> command_of(pygame.K_c), command_of(pygame.K_q, ctrl=True), command_of(pygame.K_q)
('undo', 'quit', None)
>>> letter("range")
'R'
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Row:
    """One row of the keys list: its keys as the player reads them, its help, and the commands
    its keys run (a key is bound in exactly one row)."""

    label: str
    help: str
    does: tuple[tuple[str, tuple[int, ...]], ...] = ()
    ctrl: bool = False                       # the keys count with Ctrl held, and only then
    shift: bool = False                      # with Shift held, and only then


ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)

ROWS = (
    Row("Arrow keys", "a hex on the map (Shift: 3); sidebar: button to button",
        (("pointer", ARROWS),)),
    Row("Ctrl+arrows", "a few pixels (for the editor's hexsides)", (("nudge", ARROWS),),
        ctrl=True),
    Row("Space", "click where the pointer is", (("click", (pygame.K_SPACE,)),)),
    Row("Z", "pick up / drop: drag with the keyboard (Shift: an infantry unit aims all its "
        "squads)", (("carry", (pygame.K_z,)),)),
    Row("R  D", "Range, Done", (("range", (pygame.K_r,)), ("done", (pygame.K_d,)))),
    Row("U", "Undo (move phases) or Clear (fire phases)",
        (("undo", (pygame.K_u, pygame.K_c)),)),
    Row("G  F", "Group/Split, Fire", (("group", (pygame.K_g, pygame.K_f)),)),
    Row("Tab", "whole map / half map", (("whole_map", (pygame.K_TAB,)),)),
    Row("PgUp PgDn", "scroll one row;  Home End: top or bottom half",
        (("row_up", (pygame.K_PAGEUP,)), ("row_down", (pygame.K_PAGEDOWN,)),
         ("top_half", (pygame.K_HOME,)), ("bottom_half", (pygame.K_END,)))),
    Row("Shift+PgUp PgDn", "scroll the battle's messages;  Shift+End: the newest",
        (("story_back", (pygame.K_PAGEUP,)), ("story_on", (pygame.K_PAGEDOWN,)),
         ("story_newest", (pygame.K_END,))), shift=True),
    Row("M  O", "open the Menu / OSI menus; arrows choose, Enter runs",
        (("menu", (pygame.K_m,)), ("osi", (pygame.K_o,)))),
    Row("P", "Play a Game (at any time)", (("play", (pygame.K_p,)),)),
    Row("Enter  Esc", "OK, Cancel in dialogs",
        (("ok", (pygame.K_RETURN, pygame.K_KP_ENTER)), ("cancel", (pygame.K_ESCAPE,)))),
    Row("F1", "the rules at hand; while open, 1 to 9 turn its pages",
        (("rules", (pygame.K_F1,)),)),
    Row("A", "advice: what the computer would do for you now; A again hides it; after a move, "
        "a fresh plan",
        (("advice", (pygame.K_a,)),)),
    Row("F11  Alt+Enter", "full screen, or back to the window",
        (("fullscreen", (pygame.K_F11,)),)),
    Row("K", "this list", (("keys", (pygame.K_k,)),)),
    Row("Ctrl+Q", "Quit (asks first when a battle would be lost)",
        (("quit", (pygame.K_q,)),), ctrl=True),
)

_SHIFT_FIRST = sorted(ROWS, key=lambda row: not row.shift)     # Shift's own rows win with it


def command_of(key: int, ctrl: bool = False, shift: bool = False) -> str | None:
    """The command a key runs (with or without Ctrl or Shift held), or None; a row that asks
    for neither takes its keys whether Shift is held or not (Shift+arrows: three hexes)."""
    for row in _SHIFT_FIRST:
        if row.ctrl != ctrl or (row.shift and not shift):
            continue
        for command, keys in row.does:
            if key in keys:
                return command
    return None


def command(event: pygame.event.Event) -> str | None:
    """The command a KEYDOWN runs."""
    if event.type != pygame.KEYDOWN:
        return None
    mod = getattr(event, "mod", 0)
    return command_of(event.key, bool(mod & pygame.KMOD_CTRL), bool(mod & pygame.KMOD_SHIFT))


def keys_of(command: str) -> tuple[int, ...]:
    return next(keys for row in ROWS for c, keys in row.does if c == command)


def letter(command: str) -> str:
    """The letter a sidebar button shows for its key."""
    return chr(keys_of(command)[0]).upper()
