"""Starting battles from the Field Editor (E1, E8, G1), and the game and field slots (G5, G6)."""

import random
from dataclasses import replace

import pygame
from driver import Driver

from ogre.rules import apply, legal_actions
from ogre.rules.state import Phase
from ogre.storage.games import GameStore
from ogre.storage.paths import games_folder
from ogre.ui.app import App
from ogre.ui.scenes.battle import Battle
from ogre.ui.scenes.editor import Editor


def menu(d: Driver, title: str, label: str) -> None:
    """Choose a menu command by pressing on the title and dragging to the command."""
    app = d.app
    m = next(m for m in app.menubar.menus if m.title == title)
    i = next(i for i, c in enumerate(m.commands) if c.label == label)
    x, y = m.rect.left + 20, m.rect.top + 4 + i * 26 + 13
    d._send(pygame.MOUSEBUTTONDOWN, m.title_rect.center)
    d._send(pygame.MOUSEMOTION, (x, y))
    d._send(pygame.MOUSEBUTTONUP, (x, y))


def pick(d: Driver, row: int, button: str = "OK") -> None:
    d.click_at(d.dialog.row_rect(row).center)
    d.answer(button)


def slot_row(d: Driver, slot: int) -> int:
    """Where the player's field slot is in Load a Field's list: after the predesigned ones,
    the last five rows."""
    return len(d.dialog.rows) - 5 + slot - 1


def choose_options(d: Driver, choices: list[int]) -> None:
    rects = {(g, i): r for g, i, r in d.dialog.option_rects() if i >= 0}
    for g, i in enumerate(choices):
        d.click_at(rects[(g, i)].center)
    d.answer("OK")


def start_two_player(d: Driver, mark_choice: int = 0) -> None:
    menu(d, "Menu", "Play a Game")
    assert d.dialog is not None and d.dialog.title == "Play a Game"
    choose_options(d, [mark_choice, 1])


def test_e1_the_game_starts_in_the_field_editor_with_a_field():
    app = App()
    assert isinstance(app.screen, Editor)
    assert len(app.editor.field.placements) >= 15


def test_g1_play_a_game_two_players_from_the_editor():
    app = App()
    d = Driver(app)
    start_two_player(d)
    assert isinstance(app.screen, Battle)
    assert app.commands.computer is None
    assert app.battle.state.phase is Phase.OGRE_ENTRY and app.battle.state.ogre.mark == 3
    assert d.dialog is not None and d.dialog.title == "Ogre Entry"


def test_e8_play_a_game_asks_about_a_non_standard_field():
    app = App()
    d = Driver(app)
    start_two_player(d, mark_choice=1)          # a Mark III field, played as the Mark V scenario
    assert isinstance(app.screen, Battle)       # a Mark III deployment fits the Mark V allowance
    d.answer("OK")                               # the entry dialog
    menu(d, "Menu", "Edit the Field")
    assert isinstance(app.screen, Battle)        # T2: locked until the Ogre has entered
    d.click_hex(822)
    menu(d, "Menu", "Edit the Field")
    assert isinstance(app.screen, Editor)
    menu(d, "Menu", "Clear Pieces")
    d.answer("OK")
    assert not app.editor.field.placements
    menu(d, "Menu", "Play a Game")
    choose_options(d, [0, 1])
    d.answer("OK")                               # Start new Ogre
    assert d.dialog is not None and "Command Post" in d.dialog.message
    d.answer("OK")
    assert isinstance(app.screen, Editor)        # refused: no Command Post


def test_g1_keep_old_ogre_keeps_its_damage_and_place():
    app = App()
    d = Driver(app)
    start_two_player(d)
    d.answer("OK")
    d.click_hex(822)
    d.drag_hex(822, 820)
    menu(d, "Menu", "Edit the Field")
    menu(d, "Menu", "Play a Game")
    choose_options(d, [0, 1])
    choose_options(d, [1])                       # Keep old Ogre
    s = app.battle.state
    assert isinstance(app.screen, Battle)
    assert s.ogre.hex == 820 and s.phase is Phase.OGRE_MOVE


def test_g1_start_new_ogre_enters_fresh_at_the_bottom():
    app = App()
    d = Driver(app)
    start_two_player(d)
    d.answer("OK")
    d.click_hex(822)
    menu(d, "Menu", "Edit the Field")
    menu(d, "Menu", "Play a Game")
    choose_options(d, [1, 1])                    # Mark V this time
    choose_options(d, [0])                       # Start new Ogre
    assert d.dialog.buttons[1].label == "Don't Save"      # G6: the entered Ogre would be lost
    d.answer("Don't Save")
    s = app.battle.state
    assert s.phase is Phase.OGRE_ENTRY and s.ogre.mark == 5 and s.ogre.treads == 60


def _play_some(app, n: int, seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(n):
        s = app.battle.state
        if s.over:
            return
        app.battle.act(rnd.choice(legal_actions(s)), confirmed=True)


def test_g6_save_and_load_a_game_continues_exactly():
    app = App()
    d = Driver(app)
    start_two_player(d)
    d.answer("OK")
    _play_some(app, 120, seed=9)
    d.hand_over()
    saved_state = app.battle.state
    menu(d, "Menu", "Save a Game")
    pick(d, 2)                                   # slot 3
    assert d.dialog.title == "Save a Game" and "game 3" in d.dialog.message
    d.answer("OK")
    # Play on, then come back to the save and play the same actions: the same game.
    rnd = random.Random(1)
    line = []
    s = saved_state
    for _ in range(60):
        if s.over:
            break
        a = rnd.choice(legal_actions(s))
        line.append(a)
        s, _ = apply(s, a)
    for a in line[:3]:
        app.battle.act(a, confirmed=True)        # the battle moves on past its save
    d.hand_over()
    menu(d, "Menu", "Load a Game")
    pick(d, 2)
    assert d.dialog is not None and "lost" in d.dialog.message   # a battle is in progress
    d.answer("Don't Save")
    assert app.battle.state == saved_state
    for a in line:
        app.battle.act(a, confirmed=True)
    assert app.battle.state == s


def test_g6_a_damaged_slot_is_reported_and_loads_nothing():
    app = App()
    d = Driver(app)
    start_two_player(d)
    d.answer("OK")
    folder = games_folder()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "slot2.json").write_text('{"format": "ogre-game", "version": 1, "sta')
    before = app.battle.state
    menu(d, "Menu", "Load a Game")
    dialog = d.dialog
    assert dialog.rows[1][1] is False and "saved game 2 is incomplete" in dialog.rows[1][0].lower()
    d.click_at(dialog.row_rect(1).center)         # dimmed: cannot be chosen
    assert dialog.selected != 1
    d.answer("Cancel")
    assert app.battle.state is before
    assert GameStore.default().list_slots()[1].status.name == "UNREADABLE"


def test_g5_save_a_field_then_load_it_back():
    app = App()
    d = Driver(app)
    menu(d, "Menu", "Clear Pieces")
    d.answer("OK")
    menu(d, "Menu", "Save a Field")
    pick(d, 0)                                    # slot 1
    assert d.dialog.title == "Save a Field"
    for ch in "X":
        d.key(pygame.K_x, unicode=ch)
    d.answer("OK")
    assert "Saved" in d.dialog.message
    d.answer("OK")
    menu(d, "Menu", "Load a Field")
    pick(d, 1)                                    # a predesigned field
    assert len(app.editor.field.placements) >= 15
    menu(d, "Menu", "Load a Field")
    pick(d, slot_row(d, 1))                       # the player's slot 1: the empty field
    assert not app.editor.field.placements


def _battle_then_editor(d: Driver) -> None:
    """A two-player battle on the first predesigned field: the Ogre enters on 0822 and moves
    to 0820, then Edit the Field."""
    start_two_player(d)
    d.answer("OK")
    d.click_hex(822)
    d.drag_hex(822, 820)
    menu(d, "Menu", "Edit the Field")
    assert isinstance(d.app.screen, Editor)


def test_e7_e10_the_ogre_stands_in_the_editor_mid_battle_and_can_be_dragged_but_not_saved():
    from ogre.ui.scenes.editor_plans import CRATER_IN_WAY, OGRE_IN_WAY
    app = App()
    d = Driver(app)
    _battle_then_editor(d)
    ed = app.editor
    assert ed.ogre_hex == 820
    field = ed.field
    ed.select("heavy")
    d.click_hex(820)                                 # Drop mode: not on the Ogre
    assert ed.field == field and ed.message == OGRE_IN_WAY
    ed.set_mode("drag")
    board = ed.field.board.with_crater(819, True)
    ed.set_field(replace(ed.field, board=board))
    d.drag_hex(820, 819)
    assert ed.ogre_hex == 820 and ed.message == CRATER_IN_WAY
    d.drag_hex(820, 1020)
    assert ed.ogre_hex == 1020 and ed.message == ""
    assert all(p.hex != 1020 for p in ed.field.placements)        # E10: not part of the field
    menu(d, "Menu", "Play a Game")
    choose_options(d, [0, 1])
    choose_options(d, [1])                           # Keep old Ogre: where the editor left it
    while d.dialog is not None and d.dialog.title == "Play a Game":
        d.answer("OK")                               # E8: the extra crater is non-standard
    assert isinstance(app.screen, Battle)
    s = app.battle.state
    assert s.ogre.hex == 1020 and s.ogre.moved == 3 and s.board.is_crater(819)


def test_g1_keep_old_ogre_keeps_the_state_of_defenders_the_edit_left_alone():
    from test_battle_setup import CP, HEAVY, P, battle_state, with_piece

    from ogre.rules.field import Placement
    from ogre.rules.state import Aiming
    from ogre.rules.units import Kind, Weapon
    from ogre.ui.commands.kept_ogre import field_from_state, keep_old_ogre
    s = battle_state([P(CP, 1418), P(HEAVY, 1018), P(HEAVY, 1217)], Phase.DEFENSE_FIRE, 1020)
    s = with_piece(s, 2, fired=1)
    s = with_piece(s, 3, disabled_turn=1)
    s = replace(s, aim=Aiming(part=Weapon.MAIN, attackers=(2,)))
    field = field_from_state(s)
    moved = replace(field, placements=(*field.placements[:2], Placement(Kind.HEAVY, 1216),
                                       Placement(Kind.GEV, 1015)))
    kept = keep_old_ogre(s, moved)
    assert kept.piece(2) == s.piece(2) and kept.aim == s.aim          # untouched: fired, aiming
    assert kept.piece(3) is None                                      # moved in the editor ...
    fresh = [p for p in kept.pieces if p.id >= s.next_id]
    assert [(p.kind, p.hex, p.disabled_turn, p.fired) for p in fresh] == [
        (Kind.HEAVY, 1216, 0, 0), (Kind.GEV, 1015, 0, 0)]            # ... starts fresh
    assert kept.next_id == s.next_id + 2 and kept.ogre == s.ogre
    gone = keep_old_ogre(s, replace(field, placements=field.placements[::2]))
    assert gone.piece(2) is None and gone.aim is None                 # the aimer was removed


def test_g1_e8_a_kept_mark_v_ogre_checks_the_field_against_the_mark_v_allowance():
    app = App()
    d = Driver(app)
    start_two_player(d, mark_choice=1)            # the Mark V scenario
    d.answer("OK")
    d.click_hex(822)
    menu(d, "Menu", "Edit the Field")
    ed = app.editor
    ed.select("heavy")
    d.click_hex(1505)                             # a 13th armor unit: over Mark III's 12
    assert ed.counts()["armor"] == 13
    menu(d, "Menu", "Play a Game")
    choose_options(d, [0, 1])                     # Mark III chosen ...
    choose_options(d, [1])                        # ... but the Mark V Ogre is kept
    assert isinstance(app.screen, Battle) and d.dialog is None    # no allowance question
    assert app.battle.state.ogre.mark == 5 and len(app.battle.state.pieces) == 19


def _kept(s, *, ogre_hex=0, crater=0):
    """Keep old Ogre over the battle's own field, the Ogre dragged and/or one crater added."""
    from ogre.ui.commands.kept_ogre import field_from_state, keep_old_ogre
    field = field_from_state(s)
    if crater:
        field = replace(field, board=field.board.with_crater(crater, True))
    return keep_old_ogre(s, field, ogre_hex)


def test_g1_keep_old_ogre_drops_an_aim_the_dragged_ogre_is_now_out_of_range_for():
    import pytest
    from test_battle_setup import CP, HOWITZER, P, battle_state

    from ogre.rules import Fire, OgreAim, RuleError, check
    s = battle_state([P(CP, 1418), P(HOWITZER, 1010)], Phase.OGRE_FIRE, 1015)
    s, _ = apply(s, OgreAim(2, (1, 0, 0, 0)))          # a missile at the howitzer 5 hexes off
    kept = _kept(s, ogre_hex=1521)                       # 14 hexes off now
    assert kept.aim is None and kept.ogre.hex == 1521
    with pytest.raises(RuleError):
        check(kept, Fire())
    assert _kept(s, crater=1310).aim == s.aim            # the Ogre left where it was: aim stands


def test_g1_m4_undo_never_goes_back_across_an_edit_onto_a_new_crater():
    import pytest
    from test_battle_setup import CP, HEAVY, P, battle_state

    from ogre.rules import Move, RuleError, Undo, check
    s = battle_state([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 1022)
    s, _ = apply(s, Move(2, 1016))
    kept = _kept(s, crater=1018)                         # a crater where the tank began its move
    assert kept.board.is_crater(1018) and kept.piece(2).hex == 1016
    with pytest.raises(RuleError):
        check(kept, Undo(2))
    assert kept.piece(2).moved == s.piece(2).moved       # the move points stay spent


def test_g1_m4_a_dragged_ogre_gets_no_spent_movement_back_by_undo():
    import pytest
    from test_battle_setup import CP, P, battle_state

    from ogre.rules import Move, RuleError, Undo, check
    from ogre.rules.state import OGRE_ID
    s = battle_state([P(CP, 1418)], Phase.OGRE_MOVE, 822)
    s, _ = apply(s, Move(OGRE_ID, 820))
    assert s.ogre.moved == 2
    kept = _kept(s, ogre_hex=1020)
    assert kept.ogre.hex == 1020 and kept.ogre.moved == 2
    with pytest.raises(RuleError):
        check(kept, Undo(OGRE_ID))


def _place_a_piece(app: App, d: Driver) -> None:
    """A click on an empty hex in view: the editor drops its selected piece there."""
    ed = app.editor
    h = next(h for h in range(101, 1523) if ed.map.hex_visible(h) and ed.field.at(h) is None
             and not ed.field.board.is_crater(h) and ed.plan_drop(h).field is not None)
    before = ed.field
    d.click_at(ed.map.layout.center(h))
    assert ed.field != before


def test_g5_load_a_field_asks_before_it_loses_the_edits():
    """Issue 30 (10): Load a Field threw unsaved edits away without asking."""
    from ogre.ui.scenes.editor import FIELD_LOST
    app = App()
    d = Driver(app)
    ed = app.editor
    menu(d, "Menu", "Load a Field")
    assert d.dialog.title == "Load a Field" and d.dialog.message != FIELD_LOST   # nothing edited
    d.answer("Cancel")
    _place_a_piece(app, d)
    edited = ed.field
    menu(d, "Menu", "Load a Field")
    assert d.dialog.message == FIELD_LOST
    assert [b.label for b in d.dialog.buttons] == ["Save", "Don't Save", "Cancel"]
    d.answer("Cancel")
    assert ed.field == edited and d.dialog is None
    menu(d, "Menu", "Load a Field")
    d.answer("Save")                                  # the Save a Field flow, then the list
    pick(d, 0)
    d.answer("OK")                                    # the name offered
    assert "Saved" in d.dialog.message
    d.answer("OK")
    assert d.dialog.title == "Load a Field" and d.dialog.message != FIELD_LOST
    pick(d, 1)                                        # a predesigned field
    assert ed.field != edited and not ed.edited()
    _place_a_piece(app, d)
    menu(d, "Menu", "Load a Field")
    d.answer("Don't Save")
    pick(d, slot_row(d, 1))                           # the player's slot 1: the saved edits
    assert ed.field.placements == edited.placements


def test_g5_e5_a_cleared_field_is_not_offered_the_old_fields_name():
    """Issue 30 (10): after Clear Field and a new layout, Save a Field offered the old name."""
    app = App()
    d = Driver(app)
    old = app.editor.field.name
    assert old
    menu(d, "Menu", "Clear Field")
    d.answer("OK")
    _place_a_piece(app, d)
    menu(d, "Menu", "Save a Field")
    pick(d, 1)                                        # slot 2
    assert d.dialog.title == "Save a Field" and d.dialog.name == "Field 2"
    d.answer("OK")
    d.answer("OK")
    menu(d, "Menu", "Save a Field")                   # saved: now it has a name of its own
    pick(d, 2)
    assert d.dialog.name == "Field 2"
