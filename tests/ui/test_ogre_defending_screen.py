"""9.03 Ogre Defending on the screen (X15): the force enters from its list, moves, fires at
units and at the Ogre, and escapes; the Ogre defends with its weapon dialog; hot-seat, against
the computer, saved and loaded, to the report."""

from __future__ import annotations

import json
from dataclasses import replace

import pygame
import pytest
from aftermath_helpers import menu_command
from driver import Driver
from screen_hands import perform, play_both_sides
from test_advice_ui import _advised, _arrow_pixels, _key
from test_one_player import run_until
from test_play_choices import answer_field_questions, option

from ogre.ai import make_controller
from ogre.ai.deploy import watched
from ogre.rules import Done, Move, apply, new_game
from ogre.rules.actions import Exit
from ogre.rules.assault import ESCAPED, FIRST_ID
from ogre.rules.scenarios import OFFERED, OGRE_DEFENDING
from ogre.rules.sides import acting_side
from ogre.rules.state import Phase
from ogre.rules.units import Kind
from ogre.storage import Players, StorageError
from ogre.storage.fields import load_predesigned
from ogre.storage.games import game_from_text, game_to_text
from ogre.ui.app import App
from ogre.ui.dialogs.report_window import report_paragraphs
from ogre.ui.drawing import status
from ogre.ui.scenes import force_entry, sidebar


def _battle(seed: int = 3):
    field = watched(next(f.field for f in load_predesigned() if f.mark == 3))
    return new_game(field, 3, seed, OGRE_DEFENDING.key)


def test_x15_9_03_hot_seat_every_action_of_both_sides_is_done_on_the_screen():
    app = App(state=_battle())
    d = Driver(app)
    assert d.dialog is not None and d.dialog.title == "Units Enter"     # how the force comes on
    d.answer("OK")
    done = play_both_sides(d, app, lambda s: s.turn >= 4)
    assert app.battle.state.turn >= 4 or app.battle.state.over
    assert {"Move", "AimAt", "Fire", "Done"} <= {type(a).__name__ for _, a in done}


def test_x15_9_03_play_a_game_attack_the_computer_defense_at_hi_save_load_and_report():
    app = App()
    app.prefs = app.prefs.model_copy(update={"message_speed": "Hi"})
    d = Driver(app)
    menu_command(app, d, "Menu", "Play a Game")
    option(d, 0, OFFERED.index(OGRE_DEFENDING))
    words = [w for w, _ in d.dialog.groups[1][1]]
    assert words[2] == "One player: you attack, the computer defends with the Ogre"
    option(d, 1, 2)                                           # the computer defends
    option(d, 2, 2)                                           # at Hi
    assert d.dialog.groups[2][0] == "The computer Defense's skill"
    d.answer("OK")
    answer_field_questions(d)
    s = app.battle.state
    assert s.scenario == OGRE_DEFENDING.key and app.commands.computer == "defense"
    assert app.battle.sides == {"ogre": "Attacker player", "defense": "Computer Defense"}
    assert d.dialog is not None and d.dialog.title == "Units Enter"
    d.answer("OK")
    me = make_controller("ogre", "Hi", seed=2)
    saved = None
    for _ in range(3000):
        run_until(app, lambda: app.battle.state.over or acting_side(app.battle.state) == "ogre")
        s = app.battle.state
        if s.over:
            break
        if saved is None and s.turn == 2:
            saved = _save_and_load(app, d)
            continue
        perform(d, app, me.choose(s))
    s = app.battle.state
    assert saved is not None and s.over
    assert d.dialog is not None
    d.answer("Report")
    words = [p.words for p in report_paragraphs(app.dialog.report)]
    assert words[0] == s.result


def _save_and_load(app: App, d: Driver):
    """Save a Game in slot 1, end the phase, Load a Game: the battle is back as saved."""
    menu_command(app, d, "Menu", "Save a Game")
    d.click_at(app.dialog.row_rect(0).center)
    d.answer("OK")
    d.answer("OK")
    saved = app.battle.state
    perform(d, app, Done())
    menu_command(app, d, "Menu", "Load a Game")
    assert app.dialog.rows[0][0].startswith("1. Ogre Defending, turn 2, Attack Movement")
    d.click_at(app.dialog.row_rect(0).center)
    d.answer("OK")
    if d.dialog is not None and any(b.label == "Don't Save" for b in d.dialog.buttons):
        d.answer("Don't Save")
    assert app.battle.state == saved and app.commands.computer == "defense"
    assert d.dialog is None                         # no welcome again for a battle under way
    return saved


def test_x8_x15_9_03_the_advice_shows_on_the_map_for_either_side_and_plays_nothing():
    app = App(state=_battle(4))
    d = Driver(app)
    d.answer("OK")
    players = {side: make_controller(side, "Med", seed=4) for side in ("ogre", "defense")}
    seen: dict[str, int] = {}
    for _ in range(400):
        d.hand_over()
        s = app.battle.state
        if s.over or s.turn > 3:
            break
        if s.phase.value not in seen:
            log = list(app.battle.log)
            advice = _advised(app)
            assert advice is not None and advice.side == acting_side(s)
            assert app.battle.state is s and app.battle.log == log       # nothing played
            seen[s.phase.value] = _arrow_pixels(app)
            _key(app, pygame.K_a)                                         # hidden again
        perform(d, app, players[acting_side(s)].choose(s))
    assert set(seen) >= {"ogre_move", "ogre_fire", "defense_move", "defense_fire"}
    assert seen["ogre_move"] > 50             # the units' ways on from the bottom edge


def _to_phase(app: App, d: Driver, phase, seed: int = 5) -> None:
    """Both sides play on as the computer would, through the screen, until `phase`."""
    players = {side: make_controller(side, "Med", seed=seed) for side in ("ogre", "defense")}
    for _ in range(600):
        d.hand_over()
        s = app.battle.state
        if s.phase is phase and not d.dialog:
            return
        perform(d, app, players[acting_side(s)].choose(s))
    raise AssertionError(f"never reached {phase}")


def test_x15_9_03_the_hand_over_names_the_attacker_and_the_defense():
    app = App(state=_battle())
    d = Driver(app)
    d.answer("OK")
    d.button("Done")                                   # the attacker waits a phase
    d.answer("OK")                                     # the Reminder: end it anyway
    notices = []
    for _ in range(3):
        d.button("Done")
        if d.dialog is not None and d.dialog.title == "Reminder":
            d.answer("OK")
        if app.dialog is not None and app.dialog.title == "Hand Over":
            notices.append(app.dialog.message.splitlines()[0])
            d.hand_over()
    assert notices[0] == "Hand over to the Defense player."
    _to_phase(app, d, Phase.OGRE_MOVE)
    assert app.battle.sides["ogre"] == "Attacker player"


def test_x15_9_03_the_entry_list_dims_what_cannot_come_on_now():
    """In the attacker's GEV Movement only a GEV may enter (its second move)."""
    app = App(state=_battle())
    d = Driver(app)
    d.answer("OK")
    d.button("Done")
    d.answer("OK")
    d.button("Done")                                   # Attack Fire: nothing to fire at
    assert app.battle.state.phase is Phase.ATTACK_GEV_MOVE
    assert force_entry.entry_hexes(app.battle.state)   # a GEV waits: the bottom row is lit
    d.click_hex(822)
    rows = dict(d.dialog.rows)
    assert rows["GEV: 6 waiting"] and not rows["Heavy Tank: 3 waiting"]
    d.answer("OK")                                     # the first usable row: a GEV
    assert app.battle.state.at(822)[0].kind is Kind.GEV


def test_x15_9_03_a_unit_on_the_bottom_row_escapes_by_a_click_off_the_map():
    app = App(state=_battle())
    d = Driver(app)
    d.answer("OK")
    d.click_hex(822)
    d.answer("OK")                                     # a Heavy Tank comes on at 0822
    pid = app.battle.state.at(822)[0].id
    d.click_hex(822)
    d.click((app.battle.map.rect.right - 4, app.battle.map.rect.centery))
    dialog = d.dialog
    assert dialog.title == "Leave the Map" and "Heavy Tank" in dialog.message
    d.answer("OK")
    s = app.battle.state
    assert s.piece(pid).hex == ESCAPED
    assert "Escaped: 1 unit." in status.phase_hint(s)
    assert app.battle.selected is None                 # gone from the map, and from the picking
    _key(app, pygame.K_r)                              # Range then has nothing to show
    assert app.battle.umbrella is None and "-001" not in " ".join(app.battle.tactical_lines())


def test_g6_x15_9_03_a_save_keeps_waiting_units_off_the_map_and_escaped_ones_marked():
    s = _battle()
    log = [Move(FIRST_ID, 822), Exit(FIRST_ID)]
    for action in log:
        s, _ = apply(s, action)
    text = game_to_text(s, Players(), log, start=_battle())
    pieces = {p["id"]: p for p in json.loads(text)["state"]["pieces"]}
    assert pieces[FIRST_ID]["hex"] is None and pieces[FIRST_ID]["escaped"] is True
    assert pieces[FIRST_ID + 1]["hex"] is None and "escaped" not in pieces[FIRST_ID + 1]
    assert game_from_text(text, "x").state == s
    basic = new_game(load_predesigned()[0].field, 3, 1)
    assert '"escaped"' not in game_to_text(basic, Players())      # the 1986 files as they were
    doc = json.loads(text)
    doc["state"]["pieces"][-1] = {**doc["state"]["pieces"][-1], "hex": "0822", "escaped": True}
    with pytest.raises(StorageError, match="an escaped unit stands nowhere on the map"):
        game_from_text(json.dumps(doc), "x")


def test_g2_x15_9_03_the_computer_attacker_is_said_to_move_its_units_not_an_ogre():
    s = _battle()
    for phase in (Phase.OGRE_MOVE, Phase.OGRE_FIRE, Phase.ATTACK_GEV_MOVE):
        words = status.computer_doing(replace(s, phase=phase))
        assert "attacking" in words and "Ogre" not in words
    assert "Ogre" in status.computer_doing(replace(s, phase=Phase.DEFENSE_MOVE))


def test_m1_x15_a_1986_defender_with_a_high_id_is_the_defenses_and_moves():
    """Splits can take a 1986 defender's id past 1001, where Ogre Defending's attacking units
    begin: in the 1986 battles every piece is the defense's all the same."""
    from ogre.rules.sides import side_of
    s = new_game(load_predesigned()[0].field, 3, 1)
    tank = next(p for p in s.pieces if p.kind is Kind.HEAVY)
    moved = replace(tank, id=1001)
    s = replace(s.replace_piece(moved, tank.id), next_id=1002, phase=Phase.DEFENSE_MOVE)
    s = replace(s, ogres=(replace(s.ogres[0], hex=1021, undo_hex=1021),))
    assert side_of(s, 1001) == "defense"
    app = App(state=s)
    d = Driver(app)
    to = next(h for h in (moved.hex + 1, moved.hex - 1) if not s.at(h) and h not in
              s.board.craters)
    d.drag_hex(moved.hex, to)
    assert app.battle.state.piece(1001).hex == to, app.battle.message
    assert not sidebar.piece_lines(app.battle.state, 1001)[0].startswith("Attacking")
