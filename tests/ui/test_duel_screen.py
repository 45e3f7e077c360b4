"""The Duel (9.04, X15) on the screen: every Ogre's actions done with the clicks, drags and
dialogs a player uses, hot-seat in a Duel of two and one of three; against the computer from
Play a Game, saved, loaded and reported."""

from __future__ import annotations

from aftermath_helpers import menu_command
from driver import Driver
from screen_hands import perform, play_both_sides
from test_one_player import run_until
from test_play_choices import option

from ogre.ai import make_controller
from ogre.rules import new_game
from ogre.rules.scenarios import DUEL, OFFERED, THREE_WAY_DUEL
from ogre.rules.sides import acting_side, acts_for
from ogre.ui.app import App
from ogre.ui.dialogs.handover import TITLE as HAND_OVER
from ogre.ui.dialogs.report_window import ReportWindow, report_paragraphs
from ogre.ui.scenes.banner import turning_points
from ogre.ui.scenes.battle import entry_words


def _duel(battle, seed: int):
    app = App()
    app.start_battle(new_game(app.editor.field, battle.against, seed, battle.key))
    d = Driver(app)
    assert d.dialog is not None and d.dialog.title == "Ogre Entry"
    words = d.dialog.message
    d.answer("OK")
    return app, d, words


def test_x15_9_04_a_duel_of_two_is_played_whole_on_the_screen_hot_seat():
    app, d, words = _duel(DUEL, 3)
    assert words.startswith("Each Ogre enters at its own edge of the map: Ogre 1 on the "
                            "bottom row and Ogre 2 on the top row.")
    done = play_both_sides(d, app, lambda s: False, skill="Med", seed=3)
    s = app.battle.state
    assert s.over and s.result.endswith("Holds the Field")
    assert {before.duellist for before, _ in done} == {o.id for o in s.ogres}
    dialog = d.dialog
    assert dialog is not None and dialog.title == "The Battle Is Over"
    assert dialog.message.startswith(f"{s.result}.")
    assert "Command Post" not in dialog.message and "Defenders" not in dialog.message


def test_x15_9_04_in_a_three_way_duel_an_ogre_fires_on_either_enemy_and_moves_only_itself():
    app, d, words = _duel(THREE_WAY_DUEL, 3)
    assert "Ogre 3 on the left edge" in words
    done = play_both_sides(d, app, lambda s: False, skill="Hi", seed=3)
    assert app.battle.state.over
    # the second and third Ogres share a seat, yet each fired on the other from the screen
    shots = {(a.ogre, a.target) for _, a in done if type(a).__name__ == "OgreAim"}
    o2, o3 = app.battle.state.ogres[1].id, app.battle.state.ogres[2].id
    assert (o2, o3) in shots or (o3, o2) in shots
    for before, action in done:
        mover = getattr(action, "ogre", None) if type(action).__name__ == "Move" else None
        assert mover is None or acts_for(before, mover)


def test_x15_9_04_a_turning_point_names_the_ogre_it_befell():
    app, _, _ = _duel(THREE_WAY_DUEL, 3)
    from dataclasses import replace
    s = app.battle.state
    o3 = s.ogres[2]
    after = replace(s, ogres=(*s.ogres[:2], replace(o3, treads=0)))
    assert turning_points(replace(s, ogres=(*s.ogres[:2], replace(o3, treads=5))), after) == [
        "Ogre 3 is immobilized: its treads are gone."]
    assert entry_words(s).endswith("Ogre 2 on the top row and Ogre 3 on the left edge.")


def test_x15_9_04_the_words_for_a_duels_seats():
    from ogre.ui.commands.play import players_rows, skill_name
    assert players_rows(THREE_WAY_DUEL.key) == (
        "One player: the computer is Ogre 1, you are Ogres 2 and 3",
        "Players taking turns at this computer, one for each Ogre",
        "One player: you are Ogre 1, the computer is Ogres 2 and 3")
    assert players_rows(DUEL.key)[1] == "Two players, taking turns at this computer"
    assert skill_name(DUEL.key, "defense") == "The computer Ogre 2's skill"


def test_x15_9_04_hot_seat_each_ogre_of_a_three_way_duel_is_handed_over_to():
    app, d, _ = _duel(THREE_WAY_DUEL, 3)
    players = {side: make_controller(side, "Med", seed=3) for side in ("ogre", "defense")}
    told = []
    for _ in range(200):
        if d.dialog is not None and d.dialog.title == HAND_OVER:
            told.append(d.dialog.message.splitlines()[0])
            d.hand_over()
        s = app.battle.state
        if len(told) >= 3 or s.over:
            break
        perform(d, app, players[acting_side(s)].choose(s))
    assert told[:3] == ["Hand over to the Ogre 2 player.", "Hand over to the Ogre 3 player.",
                        "Hand over to the Ogre 1 player."]


def test_x15_9_04_play_a_game_duel_against_the_computer_saves_loads_and_reports():
    app = App()
    app.prefs = app.prefs.model_copy(update={"message_speed": "Hi"})
    d = Driver(app)
    menu_command(app, d, "Menu", "Play a Game")
    option(d, 0, OFFERED.index(DUEL))
    option(d, 1, 2)                                    # you are Ogre 1, the computer Ogre 2
    option(d, 2, 1)                                    # at Med
    d.answer("OK")
    assert d.dialog is not None and d.dialog.title == "Ogre Entry"   # no field question
    d.answer("OK")
    s = app.battle.state
    assert s.scenario == DUEL.key and app.commands.computer == "defense" and not s.pieces
    me = make_controller("ogre", "Med", seed=2)
    saved = None
    for _ in range(3000):
        run_until(app, lambda: app.battle.state.over or acting_side(app.battle.state) == "ogre")
        s = app.battle.state
        if s.over:
            break
        if saved is None and s.turn == 3:
            menu_command(app, d, "Menu", "Save a Game")
            d.pick_row(0)
            d.answer("OK")
            d.answer("OK")
            assert app.dialog is None or app.dialog.title != "Save a Game"
            saved = app.battle.state
            menu_command(app, d, "Menu", "Load a Game")
            assert d.dialog.rows[0][0].startswith("1. Duel, turn 3")
            d.pick_row(0)
            d.answer("OK")
            assert app.battle.state == saved and app.commands.computer == "defense"
            continue
        perform(d, app, me.choose(s))
    s = app.battle.state
    assert saved is not None and s.over
    d.answer("Report")
    window = app.dialog
    assert isinstance(window, ReportWindow) and len(window.report.duellists) == 2
    words = [p.words for p in report_paragraphs(window.report)]
    assert words[0] == s.result and words[1].startswith("A Duel of two Mark V Ogres, ")
    assert any(w.startswith("Ogre 2 (Mark V): ") for w in words)
    assert "The defense lost" not in words


# ---------------------------------------------------------------- found by a hostile review

def _played_to(battle, until, seed: int = 6):
    """A Duel played by Low seats from its start to the first state `until` takes, with the
    start and the log."""
    from ogre.rules import apply
    start = s = new_game(App().editor.field, battle.against, seed, battle.key)
    seats = {side: make_controller(side, "Low", seed=seed) for side in ("ogre", "defense")}
    log = []
    while not until(s):
        action = seats[acting_side(s)].choose(s)
        s = apply(s, action)[0]
        log.append(action)
    return start, s, log


def test_x15_9_04_t2_the_second_ogre_is_shown_its_own_edge_to_enter_by():
    from ogre.rules.duel import TOP_ROW
    from ogre.rules.state import Phase
    from ogre.ui.drawing.status import entry_edge, phase_hint
    app, d, _ = _duel(THREE_WAY_DUEL, 3)
    players = {side: make_controller(side, "Med", seed=3) for side in ("ogre", "defense")}
    while not (app.battle.state.phase is Phase.OGRE_ENTRY and app.battle.state.duellist == -1):
        d.hand_over()
        s = app.battle.state
        perform(d, app, players[acting_side(s)].choose(s))
    d.hand_over()
    s = app.battle.state
    assert entry_edge(s) == TOP_ROW
    assert phase_hint(s) == "Click a lit hex on the top row to bring Ogre 2 on."
    m = app.battle.map
    shown = [h for h in TOP_ROW if m.hex_visible(h)]
    assert shown, "the top row is out of view"
    d.click(m.layout.center(shown[len(shown) // 2]))      # no scrolling: as the screen shows it
    assert app.battle.state.ogre_unit(-1).hex in TOP_ROW


def test_x15_9_04_g1_new_battle_on_another_field_stays_a_duel():
    app, d, _ = _duel(DUEL, 3)
    play_both_sides(d, app, lambda s: False, skill="Med", seed=3)
    d.answer("OK")                                         # the battle is over
    app.commands.play.after_battle()
    option(d, 0, 1)                                        # another field
    d.answer("OK")
    row = next(i for i, (words, _) in enumerate(d.dialog.rows) if "(Mark III)" in words)
    d.pick_row(row)                                        # a Mark III field: a Duel of Mark Vs
    d.answer("OK")
    while d.dialog is not None and d.dialog.title != "Ogre Entry":
        d.answer("Don't Save" if "lost" in d.dialog.message else "OK")
    assert app.battle.state.scenario == DUEL.key


def test_x15_9_04_g6_a_duel_loaded_at_the_computers_entry_goes_on_at_once():
    from ogre.rules.state import Phase
    from ogre.storage.games import GameStore, Players
    start, s, log = _played_to(DUEL, lambda s: s.phase is Phase.OGRE_ENTRY and s.duellist == -1)
    app = App()
    app.prefs = app.prefs.model_copy(update={"message_speed": "Hi"})
    d = Driver(app)
    GameStore.default().save(1, s, Players(count=1, computer="defense", skill="Low"),
                             log=log, start=start)
    menu_command(app, d, "Menu", "Load a Game")
    d.pick_row(0)
    d.answer("OK")
    assert app.battle.state == s and d.dialog is None      # no entry box in the computer's turn
    run_until(app, lambda: len(app.battle.log) > len(log), limit=3000)
    assert str(app.battle.log[len(log)]).startswith("enter O2 ")


def test_x15_9_04_x9_a_duels_report_keeps_the_time_limit_and_names_whose_losses():
    from ogre.report import TIME_UP, battle_report
    from ogre.rules import apply
    from ogre.rules.options import Options
    start = s = new_game(App().editor.field, 5, 4, DUEL.key, Options(time_limit=12))
    seats = {side: make_controller(side, "Low", seed=4) for side in ("ogre", "defense")}
    log = []
    while not s.over:
        action = seats[acting_side(s)].choose(s)
        s = apply(s, action)[0]
        log.append(action)
    events = [k.what for k in battle_report(start, log).key_events]
    assert s.turn == 12 and TIME_UP in events
    assert all(e == TIME_UP or e.startswith("Ogre") for e in events)
