"""What a Field Editor gesture would do (E4, E7): a click or a drag planned before it happens,
as words for the sidebar and the field it would leave, or the 1986 message refusing it.

The defense's own Ogre (9.01, 9.03) is placed, moved and removed as a piece is. The attacking
Ogre, on the map while a battle is edited, is no part of the field: nothing goes onto its hex,
and a drag moves it (`Plan.ogre_to`). No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ogre.rules.errors import MESSAGES
from ogre.rules.field import Field, Placement
from ogre.rules.hexes import label
from ogre.rules.options import MOST_MINES
from ogre.rules.units import Kind
from ogre.ui.scenes.editor_sidebar import Choice, piece_name
from ogre.ui.scenes.field_edits import watchdog_at, with_piece, with_watchdog, without_piece

CP_PRESENT = MESSAGES["cp_present"]
OGRE_IN_WAY = "THE OGRE IS IN THE WAY"     # ours: the manual has no message for this
CRATER_IN_WAY = MESSAGES["crater_in_way"]
OFF_MAP = MESSAGES["off_map"]
TOO_MANY_MINES = f"NO MORE THAN {MOST_MINES} MINES"   # ours: the 1986 game had none
WATCHDOG_NAME = "Defense's Mark III"       # the defense's own Ogre, named as the pieces are


@dataclass(frozen=True)
class Plan:
    """What a click or a drag would do: words for the sidebar and the resulting field."""

    text: str
    field: Field | None = None      # None when nothing would change
    refusal: str = ""               # the 1986 message when the gesture is refused
    ogre_to: int = 0                # where a drag takes the Ogre (mid-battle editing)


def what_is_on(f: Field, h: int) -> str:
    """The name of the piece on hex h ('' for none), the defense's Ogre among them."""
    if watchdog_at(f, h):
        return WATCHDOG_NAME
    here = f.at(h)
    return "" if here is None else piece_name(here.kind, here.squads)


def plan_rubble(f: Field, a: int, b: int) -> Plan:
    """E2: a click on the hexside between a and b."""
    present = f.board.has_rubble(a, b)
    verb = "Remove" if present else "Add"
    return Plan(f"{verb} rubble between {label(a)} and {label(b)}.",
                replace(f, board=f.board.with_rubble(a, b, not present)))


def plan_drop(f: Field, c: Choice, h: int, ogre_hex: int = 0) -> Plan:
    """E4 Drop mode: the choice `c` onto hex h (the attacking Ogre, if shown, on ogre_hex)."""
    here = what_is_on(f, h)
    crater = f.board.is_crater(h)
    where = label(h)
    if h == ogre_hex and not (c.key == "blank" and here):
        return Plan(f"Not here: the Ogre is on {where}.", refusal=OGRE_IN_WAY)
    if c.key == "mine":
        return _plan_mine(f, h)
    if c.key == "blank":
        if here:
            return Plan(f"Remove the {here} from {where}.", without_piece(f, h))
        if h in f.mines:
            return _plan_mine(f, h)
        if crater:
            return Plan(f"Remove the crater from {where}.",
                        replace(f, board=f.board.with_crater(h, False)))
        return Plan(f"{where} is empty.")
    if c.key == "crater":
        if crater:
            return Plan(f"Remove the crater from {where}.",
                        replace(f, board=f.board.with_crater(h, False)))
        text = f"Put a crater on {where}" + (f", removing the {here}." if here else ".")
        cratered = without_piece(replace(f, mines=tuple(m for m in f.mines if m != h)), h)
        return Plan(text, replace(cratered, board=f.board.with_crater(h, True)))
    if crater:
        return Plan(f"Not here: a crater is on {where}.", refusal=CRATER_IN_WAY)
    if c.key == "watchdog":
        return _plan_watchdog(f, h)
    placed = f.at(h)
    if placed is not None and placed.kind is c.kind and placed.squads == c.squads:
        return Plan(f"Remove the {here} from {where}.", without_piece(f, h))
    cp = next((p for p in f.placements if p.kind is Kind.CP and p.hex != h), None)
    if c.kind is Kind.CP and cp is not None:
        return Plan(f"Not here: the Command Post is on {label(cp.hex)}, and a field has one.",
                    refusal=CP_PRESENT)
    assert c.kind is not None                    # the blank and the crater are done above
    new = Placement(c.kind, h, c.squads)
    name = piece_name(new.kind, new.squads)
    if here:
        return Plan(f"Replace the {here} on {where} with the {name}.", with_piece(f, new))
    return Plan(f"Place the {name} on {where}.", with_piece(f, new))


def _plan_mine(f: Field, h: int) -> Plan:
    """8.03: a mine laid on hex h, under any piece there, or taken up when one lies there."""
    where = label(h)
    if h in f.mines:
        left = tuple(m for m in f.mines if m != h)
        return Plan(f"Take up the mine on {where} ({len(left)} laid).", replace(f, mines=left))
    if f.board.is_crater(h):
        return Plan(f"Not here: a crater is on {where}.", refusal=CRATER_IN_WAY)
    if len(f.mines) >= MOST_MINES:
        return Plan(f"A field holds {MOST_MINES} mines at most.", refusal=TOO_MANY_MINES)
    return Plan(f"Lay a mine on {where} ({len(f.mines) + 1} laid). Only the defense sees it.",
                replace(f, mines=(*f.mines, h)))


def _plan_watchdog(f: Field, h: int) -> Plan:
    """The defense's Ogre dropped on hex h: placed there, moved there from where it stood,
    or taken off when it is there already (a field has one)."""
    where = label(h)
    here = what_is_on(f, h)
    if watchdog_at(f, h):
        return Plan(f"Remove the {WATCHDOG_NAME} from {where}.", without_piece(f, h))
    verb = f"Move the {WATCHDOG_NAME} from {label(f.ogres[0])} to" if f.ogres else \
        f"Place the {WATCHDOG_NAME} on"
    return Plan(f"{verb} {where}" + (f", removing the {here}." if here else "."),
                with_watchdog(f, h))


def plan_drag(f: Field, src: int, dst: int, ogre_hex: int = 0) -> Plan:
    """E4 Drag mode: from hex src to hex dst (0 when the drag ends off the map)."""
    if not dst:
        return Plan("Off the map: releasing here changes nothing.", refusal=OFF_MAP)
    if dst == src:
        return Plan("Release on another hex to move there.")
    if src == ogre_hex:
        return _plan_ogre_drag(f, dst)
    if dst == ogre_hex:
        return Plan(f"Not there: the Ogre is on {label(dst)}.", refusal=OGRE_IN_WAY)
    moving, there = what_is_on(f, src), what_is_on(f, dst)
    removing = f", removing the {there}." if there else "."
    if moving:
        if f.board.is_crater(dst):
            return Plan(f"Not there: a crater is on {label(dst)}.", refusal=CRATER_IN_WAY)
        rest = without_piece(f, src)
        piece = f.at(src)
        moved = with_watchdog(rest, dst) if piece is None else \
            with_piece(rest, Placement(piece.kind, dst, piece.squads))
        return Plan(f"Move the {moving} to {label(dst)}{removing}", moved)
    if f.board.is_crater(src):
        if f.board.is_crater(dst):
            return Plan(f"Not there: a crater is already on {label(dst)}.",
                        refusal=CRATER_IN_WAY)
        board = f.board.with_crater(src, False).with_crater(dst, True)
        return Plan(f"Move the crater to {label(dst)}{removing}",
                    replace(without_piece(f, dst), board=board))
    if there:
        return Plan(f"Remove the {there} from {label(dst)}.", without_piece(f, dst))
    return Plan("Nothing to move.")


def _plan_ogre_drag(f: Field, dst: int) -> Plan:
    if f.board.is_crater(dst):
        return Plan(f"Not there: a crater is on {label(dst)}.", refusal=CRATER_IN_WAY)
    there = what_is_on(f, dst)
    if there:
        return Plan(f"Not there: the {there} is on {label(dst)}.", refusal=OGRE_IN_WAY)
    return Plan(f"Move the Ogre to {label(dst)}.", ogre_to=dst)
