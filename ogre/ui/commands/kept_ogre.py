"""G1 "Keep old Ogre" and E1's "Edit the Field": the field a battle stands on, and a battle going
on over an edited field. Pure functions of the game state (no pygame), for the menu commands."""

from __future__ import annotations

from dataclasses import replace

from ogre.rules import Field, Placement
from ogre.rules.scenarios import WATCHDOGS
from ogre.rules.secrets import NO_SECRETS, Secrets
from ogre.rules.sides import side_of
from ogre.rules.state import GameState, Piece


def field_from_state(state: GameState) -> Field:
    """The field a battle stands on now: terrain and defenders with the defense's own Ogre
    (9.01, 9.03) and the mines still lying (8.03), never the attacking Ogre (E10), nor Ogre
    Defending's attacking units."""
    return Field(state.board, tuple(Placement(p.kind, p.hex, p.squads) for p in state.pieces
                                    if side_of(state, p.id) == "defense"),
                 ogres=tuple(o.hex for o in state.ogres
                             if o.on_map and not o.destroyed
                             and o.id in WATCHDOGS.get(state.scenario, ())),
                 mines=tuple(sorted(state.secrets.mines)))


def keep_old_ogre(state: GameState, field: Field, ogre_hex: int = 0) -> GameState:
    """G1 'Keep old Ogre': the Ogre keeps its type and damage, on the hex the editor left it;
    the terrain and defenders are the field as edited. A defender the edit left where it was
    keeps its id and its state (disabled, moved, fired); only new or moved ones start fresh.
    Undo starts from the edit; an aim is dropped once the Ogre was dragged (its range changed)."""
    o = state.ogre
    ogre_hex = ogre_hex or o.hex
    if (ogre_hex == o.hex and field.board == state.board
            and field.placements == field_from_state(state).placements
            and field.mines == field_from_state(state).mines):
        return state
    moved_ogre = o.on_map and ogre_hex != o.hex
    if o.on_map:
        # The edit is the new starting point: Undo must not go back across it onto a new crater,
        # or refund a move the dragged Ogre had spent.
        o = replace(o, hex=ogre_hex, undo_hex=ogre_hex, undo_moved=o.moved)
    board = field.board.with_crater(ogre_hex, False) if o.on_map else field.board
    old: dict[tuple, list[Piece]] = {}
    for p in state.pieces:
        old.setdefault((p.kind, p.hex, p.squads), []).append(p)
    pieces, next_id = [], state.next_id
    for pl in field.placements:
        same = old.get((pl.kind, pl.hex, pl.squads))
        if same:
            p = same.pop(0)
            pieces.append(replace(p, start=p.hex, base_moved=p.moved))
        elif not (o.on_map and pl.hex == o.hex):   # a loaded field's piece under the Ogre
            pieces.append(Piece(next_id, pl.kind, pl.hex, pl.squads, start=pl.hex))
            next_id += 1
    kept = {p.id for p in pieces}
    aim = state.aim
    if aim is not None and (moved_ogre or not {aim.target, *aim.attackers} - {0} <= kept):
        aim = None           # it was aimed by or at a piece the edit removed, or its range changed
    return replace(state, board=board, ogres=(o,), pieces=tuple(pieces), next_id=next_id, aim=aim,
                   ap_hit=state.ap_hit & kept, _index=None,
                   secrets=_sheet_kept(state, field, kept))


def _sheet_kept(state: GameState, field: Field, unmoved: set[int]) -> Secrets:
    """8.03, 8.04: the mines as the field now lays them, and the markers of the units the edit
    left where they stood; a new unit comes in shown (the edit put it there in the open)."""
    sheet = state.secrets
    mines = frozenset(field.mines) if state.options.mines else frozenset()
    kept = Secrets(mines, sheet.found & mines, sheet.camouflaged & unmoved)
    return kept if kept.lying else NO_SECRETS
