"""Mines and camouflage on the screen (X16, 8.03, 8.04): in hot-seat the attacker's screen
never shows a mine or what a marker is, the defender's shows everything once the hand-over is
dismissed; the computer Ogre walks into mines it could not know of; the editor lays them."""

from __future__ import annotations

from dataclasses import replace

from driver import Driver
from test_one_player import run_until
from test_play_choices import shot
from test_text_boxes import check_frame

from ogre.ai.minelaying import with_mines
from ogre.rules import Done, new_game
from ogre.rules.options import Options
from ogre.rules.state import Phase
from ogre.rules.units import MARKER
from ogre.storage.fields import load_predesigned
from ogre.ui.app import App
from ogre.ui.dialogs.handover import TITLE as HAND_OVER
from ogre.ui.scenes import editor_sidebar as bar

HIDDEN = Options(mines=10, camouflage=True)


def _umbrella():
    return next(r.field for r in load_predesigned() if r.name == "Howitzer Umbrella")


def _mined_start(seed: int = 5):
    return new_game(with_mines(_umbrella(), 10, seed), 3, seed, options=HIDDEN)


def _hidden_from_ogre(app: App) -> None:
    """What the attacker's screen holds: markers, no mine it has not found, no kind named."""
    seen, s = app.battle.seen, app.battle.state
    hidden = s.secrets.camouflaged
    assert hidden and all(seen.piece(pid).kind is MARKER for pid in hidden)
    assert seen.secrets.mines == s.secrets.found
    words = " ".join(app.battle.tactical_lines() + app.battle.results)
    for pid in hidden:
        assert s.piece(pid).name not in words or s.piece(pid).name == "Infantry"


def test_x16_hot_seat_the_ogre_player_never_sees_a_mine_nor_what_a_marker_is():
    app = App(state=_mined_start())
    d = Driver(app)
    d.answer("OK")                                       # the Ogre Entry dialog
    _hidden_from_ogre(app)
    d.click_hex(822)                                     # the Ogre enters
    marker = next(p for p in app.battle.seen.pieces if p.kind is MARKER)
    d.click_hex(marker.hex)                              # what the Tactical Display says of it
    lines = app.battle.tactical_lines()
    assert lines[0] == f"Marker at {marker.hex:04d}"
    assert not any("Attack" in line for line in lines)
    _hidden_from_ogre(app)
    shot(app, "hidden-ogre-turn.png")
    app.battle.hover = 0                                 # the pointer's hex label aside
    check_frame(app)
    d.button("Done")                                     # its move
    d.button("Done")                                     # its fire
    while d.dialog is not None and d.dialog.title == "Reminder":
        d.answer("OK")
    assert app.battle.state.phase is Phase.DEFENSE_MOVE
    assert d.dialog is not None and d.dialog.title == HAND_OVER
    _hidden_from_ogre(app)                               # the Ogre's player is still here
    shot(app, "hidden-hand-over.png")
    d.hand_over()
    seen = app.battle.seen                               # the defender's: everything
    assert seen is app.battle.state
    assert not any(p.kind is MARKER for p in seen.pieces) and len(seen.secrets.mines) == 10
    shot(app, "hidden-defense-turn.png")
    check_frame(app)


def test_x16_a_loaded_hot_seat_game_does_not_show_the_ogre_player_the_mines(tmp_path):
    from ogre.storage.games import Players, game_from_text, game_to_text
    start = _mined_start(6)
    saved = game_from_text(game_to_text(start, Players(count=2, computer=None), start=start),
                           "test")
    app = App(state=saved.state)
    Driver(app).answer("OK")
    _hidden_from_ogre(app)


def test_x16_play_a_game_the_hi_ogre_walks_into_a_mine_it_could_not_know_of():
    # the player defends Howitzer Umbrella with 10 mines and camouflage against the Hi Ogre
    state = _mined_start(2)
    app = App(state=state, computer="ogre", ogre_skill="Hi")
    app.prefs = app.prefs.model_copy(update={"message_speed": "Hi"})
    Driver(app)

    def mine_went_off() -> bool:
        if app.battle.state.phase in (Phase.DEFENSE_MOVE, Phase.DEFENSE_FIRE, Phase.GEV_MOVE):
            assert app.battle.act(Done(), confirmed=True)    # the defense holds still
        return any("sets off a mine" in line or "does not go off" in line
                   for line in app.battle.results) or app.battle.state.over

    run_until(app, mine_went_off, limit=60000)
    lines = [line for line in app.battle.results if "mine" in line]
    assert lines and lines[0].startswith(("Ogre sets off a mine", "A mine at"))
    shot(app, "hidden-mine.png")


def test_x16_8_03_the_field_editor_lays_and_takes_up_mines():
    app = App()
    d = Driver(app)
    ed = app.editor
    d.click(bar.choice_rect("mine").center)
    assert ed.selected == "mine"
    d.click_hex(1212)
    assert ed.field.mines == (1212,)
    assert "Lay a mine" in ed.hint() or ed.message == ""
    d.click_hex(1313)
    d.click_hex(1212)                                    # clicked again: taken up
    assert ed.field.mines == (1313,)
    crater = next(iter(ed.field.board.craters))
    d.click_hex(crater)
    assert ed.field.mines == (1313,) and ed.message      # never in a crater
    shot(app, "hidden-editor.png")
    check_frame(app)


def test_x16_8_03_the_editor_keeps_mines_with_a_saved_field(tmp_path):
    from ogre.storage.fields import read_field_file, write_field_file
    field = replace(_umbrella(), mines=(1212, 1313))
    write_field_file(tmp_path / "mined.json", field, "Mined", 3)
    assert read_field_file(tmp_path / "mined.json").field.mines == (1212, 1313)


def _next_to_a_marker():
    from ogre.rules.secrets import Secrets
    from tests.rules.helpers import scenario
    s = scenario([("cp", 801), ("heavy", 1014), ("infantry", 1114, 3)], ogre=1015,
                 phase=Phase.OGRE_MOVE, options=Options(camouflage=True))
    return replace(s, secrets=Secrets(camouflaged=frozenset({2, 3})))


def test_x16_8_04_range_on_a_marker_shows_nothing_of_what_it_is():
    app = App(state=_next_to_a_marker())
    d = Driver(app)
    d.click_hex(1014)
    assert app.battle.selected == 2
    d.button("Range")
    green, blue = app.battle.umbrella
    assert green == {1014} and not blue                  # a heavy tank's would reach 3 and 2


def test_x16_8_04_the_ogre_moving_onto_a_marker_is_asked_neither_ram_nor_overrun():
    from screen_hands import drag
    for marker, shown in ((1014, "a Heavy Tank"), (1114, "Infantry (3)")):
        app = App(state=_next_to_a_marker())
        d = Driver(app)
        d.click_hex(1015)
        drag(d, app, 1015, marker)
        assert d.dialog is not None and d.dialog.title == "Onto a Marker"
        assert "Heavy" not in d.dialog.message and "Infantry" not in d.dialog.message
        d.answer("OK")
        assert f"The marker at {marker:04d} is {shown}" in app.battle.results


def test_x16_8_03_the_player_defending_is_told_how_many_mines_the_computer_laid():
    for computer, told in (("ogre", True), ("defense", False)):
        app = App()
        app.editor.set_field(replace(_umbrella(), mines=(1212, 1313, 1011)))
        app.commands.play.options = HIDDEN
        app.commands.play.start(3, computer, keep=False)
        s = app.battle.state
        assert len(s.secrets.mines) == 10 and {1212, 1313, 1011} <= s.secrets.mines
        words = app.dialog.message if app.dialog is not None else ""
        assert (words == "The computer laid 7 of the defense's 10 mines across the Ogre's "
                         "likely ways. The Field Editor's Mine piece lays your own.") == told


def test_x16_a_hot_seat_battle_loaded_at_the_defenses_turn_hides_the_sheet_until_handed_over():
    from ogre.rules import Enter, apply, legal_actions
    s = _mined_start(7)
    s, _ = apply(s, next(a for a in legal_actions(s) if isinstance(a, Enter)))
    while s.phase is not Phase.DEFENSE_MOVE:
        s, _ = apply(s, Done())
    app = App(state=s)
    d = Driver(app)
    assert d.dialog is not None and d.dialog.title == HAND_OVER
    _hidden_from_ogre(app)                               # whoever loaded it sees no sheet
    d.hand_over()
    assert app.battle.seen is app.battle.state           # the defender, once it sits down


def test_x16_over_the_network_the_guest_attacking_never_holds_the_hosts_untold_sheet(tmp_path):
    from test_network_ui import _app, play_both

    from ogre.ai.protocol import make_controller
    from ogre.rules.hidden import blind
    from ogre.ui.commands.network import Hosted, NetworkGuest, NetworkHost
    host, guest = _app(tmp_path, "host"), _app(tmp_path, "guest")
    state = _mined_start(4)
    host.network = NetworkHost(host, Hosted(state, [], state), "defense", 0)
    guest.network = NetworkGuest(guest, "127.0.0.1", host.network.link.port, host.network.code)
    players = {"ogre": make_controller("ogre", "Low", seed=1),
               "defense": make_controller("defense", "Low", seed=1)}
    checked = []

    def guest_memory() -> None:                         # the guest's memory, every frame
        hb, gb = host.battle, guest.battle
        if hb is not None and gb is not None:
            hidden = hb.state.secrets.camouflaged
            assert all(p.kind is MARKER for p in gb.state.pieces if p.id in hidden)
            assert gb.state.secrets.mines <= hb.state.secrets.mines
            checked.append(1)
    try:
        play_both(host, guest, players, lambda: host.battle is not None and host.battle.state.over
                  and guest.battle is not None and guest.battle.state.over, guest_memory)
    finally:
        host.network.close()
        guest.network.close()
    assert host.battle.state.over and len(checked) > 100
    assert guest.battle.state == blind(host.battle.state)          # all told at the end
    assert guest.battle.match.start == blind(host.battle.match.start)
    assert guest.battle.log == host.battle.log
