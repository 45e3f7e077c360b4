"""A guest that defends with mines and camouflage over the network, on screen (X16, 8.03, 8.04):
the host waits while the guest sets up its Field Editor's field out of its sight; two games play
the battle to the end, the host's memory holding no mine and no marker's kind the battle has not
shown, every frame; at the end both screens hold the same whole battle."""

from __future__ import annotations

from test_network_ui import _app, _steps, play_both

from ogre.ai.minelaying import with_mines
from ogre.ai.protocol import make_controller
from ogre.net.messages import Frame
from ogre.rules import new_game
from ogre.rules.options import Options
from ogre.rules.units import MARKER
from ogre.storage.fields import load_predesigned
from ogre.storage.state_data import OptionsData
from ogre.ui.commands.network import BEGUN, Hosted, NetworkGuest, NetworkHost
from ogre.ui.commands.network_guest import guest_defense
from ogre.ui.commands.network_play import SETTING_UP

HIDDEN = Options(mines=10, camouflage=True)


def _hosts_own(seed: int = 3):
    """The host's own battle: only its frame (scenario, Ogre, rules) plays."""
    field = next(r.field for r in load_predesigned() if r.name == "Howitzer Umbrella")
    return new_game(with_mines(field, 10, seed), 3, seed, options=HIDDEN)


def _untold_with_host(host, guest) -> list[str]:
    """What the host's screen or session holds of the guest's sheet that was not shown."""
    own = guest.network.session.own
    told = host.network.session.guests.told
    named = {pid for pid, _, _ in told.units}
    hidden = own.start.secrets.camouflaged - named
    wrong = []
    for s in (host.battle.state, host.battle.match.start, host.network.session.state):
        wrong += [f"unit {p.id}" for p in s.pieces if p.id in hidden and p.kind is not MARKER]
        wrong += [f"mine {h}" for h in s.secrets.mines if h not in told.mines]
    return wrong


def _guest_defends(tmp_path):
    """A host attacking and a guest setting up its own defense, both battles begun."""
    host, guest = _app(tmp_path, "host"), _app(tmp_path, "guest")
    state = _hosts_own()
    host.network = NetworkHost(host, Hosted(state, [], state), "ogre", 0)
    guest.network = NetworkGuest(guest, "127.0.0.1", host.network.link.port, host.network.code)
    _steps(host, guest, lambda: guest.battle is not None and host.battle is not None)
    return host, guest


def _close(*apps) -> None:
    for app in apps:
        if app is not None and app.network is not None:
            app.network.close()


def test_x16_a_guest_defends_with_its_own_sheet_and_the_hosts_screen_never_holds_it(tmp_path):
    host, guest = _guest_defends(tmp_path)
    own = guest.network.session.own
    assert own is not None and len(own.start.secrets.mines) == 10
    assert guest.dialog.message.startswith("You defend with the field in your Field Editor.")
    assert "The computer laid 10 of your 10 mines" in guest.dialog.message
    guest.dialog = None                                       # read
    assert guest.battle.seen is guest.battle.state            # the defender sees it all
    assert all(p.kind is MARKER for p in host.battle.state.pieces if p.id in
               own.start.secrets.camouflaged)
    players = {"ogre": make_controller("ogre", "Low", seed=1),
               "defense": make_controller("defense", "Low", seed=1)}
    checked = []

    def host_memory() -> None:
        if host.network.session.guests.last is None:
            assert not _untold_with_host(host, guest)          # the host's memory, every frame
            checked.append(1)
    try:
        play_both(host, guest, players, lambda: host.battle.state.over
                  and guest.battle.state.over and host.network.all_shown, host_memory)
    finally:
        _close(host, guest)
    assert host.battle.state.over and len(checked) > 100
    assert host.battle.log == guest.battle.log
    assert host.battle.state == guest.battle.state               # all shown at the end
    assert host.battle.match.start == guest.battle.match.start


def test_x16_a_guest_defender_whose_line_drops_joins_again_with_its_own_sheet(tmp_path):
    host, guest = _guest_defends(tmp_path)
    port, code = host.network.link.port, host.network.code
    ogre = make_controller("ogre", "Low", seed=1)
    try:
        own = guest.network.session.own
        guest.dialog = host.battle.dialog = None               # both notes, read
        host.battle.act(ogre.choose(host.battle.seen))         # asked, told, played
        assert host.battle.message == "Sent to the guest: its sheet says what this shows."
        assert host.battle.match.refusal(ogre.choose(host.battle.seen)) == \
            "The guest is looking at its sheet..."              # nothing else meanwhile
        _steps(host, guest, lambda: len(guest.battle.log) == len(host.battle.log) == 1)
        guest.network.link.close()                             # the guest's line drops
        _steps(host, guest, lambda: host.dialog is not None and guest.dialog is not None)
        host.dialog = guest.dialog = None
        guest.network = NetworkGuest(guest, "127.0.0.1", port, code)     # joins again
        _steps(host, guest, lambda: guest.network.remote is not None
               and guest.network.session.welcomes == 1)
        assert guest.network.session.own is own and not guest.network.session.refused
        assert guest.battle.state.secrets.mines == own.start.secrets.mines   # still whole
        assert guest.dialog is None                            # no second set-up note
        host.battle.act(ogre.choose(host.battle.seen))         # asked of the guest again
        _steps(host, guest, lambda: len(guest.battle.log) == len(host.battle.log) == 2)
        assert not _untold_with_host(host, guest)
    finally:
        _close(host, guest)


def test_x16_a_restarted_guest_defender_goes_on_with_the_sheet_in_its_recovery_slot(tmp_path):
    from ogre.storage.recovery import RecoverySlot
    from ogre.ui.commands.crash import keep_battle
    host, guest = _guest_defends(tmp_path)
    port, code = host.network.link.port, host.network.code
    ogre = make_controller("ogre", "Low", seed=1)
    restarted = None
    try:
        own = guest.network.session.own
        guest.dialog = host.battle.dialog = None
        host.battle.act(ogre.choose(host.battle.seen))
        _steps(host, guest, lambda: len(guest.battle.log) == len(host.battle.log) == 1)
        assert keep_battle(guest)                               # as after every turn
        start, salts = RecoverySlot.default().sheet("127.0.0.1", port)
        assert start == own.start and len(salts.mines) == 10
        assert RecoverySlot.default().sheet("127.0.0.1", port + 1) is None   # another host's
        guest.network.close()                                   # the guest's game dies
        _steps(host, host, lambda: host.dialog is not None and "gone" in host.dialog.message)
        host.dialog = None
        restarted = _app(tmp_path, "restarted")                 # nothing of the last run kept
        assert restarted.dialog.message.startswith("OGRE stopped during a battle")
        restarted.dialog = None                                 # the offer to resume, put off
        restarted.network = NetworkGuest(restarted, "127.0.0.1", port, code)
        _steps(host, restarted, lambda: restarted.network.remote is not None
               and restarted.battle.log == host.battle.log)
        assert restarted.network.session.own.sealed == own.sealed    # the same salts
        host.battle.act(ogre.choose(host.battle.seen))          # the restarted guest tells
        _steps(host, restarted, lambda: len(restarted.battle.log) == len(host.battle.log) == 2)
        assert not host.network.session.lied
    finally:
        _close(host, guest, restarted)


def test_x16_a_host_attacking_waits_for_the_guest_to_set_up(tmp_path):
    host = _app(tmp_path, "host")
    state = _hosts_own()
    host.network = NetworkHost(host, Hosted(state, [], state), "ogre", 0)
    try:
        session = host.network.session
        assert session.guest_side == "defense" and not session.ready
        assert session.welcome()[0].kind == "setup"
        host.network._note("The guest has joined.")
        assert host.dialog.message == SETTING_UP.format(name="")
        assert host.battle is None                              # nothing to play yet
    finally:
        host.network.close()


def test_x16_a_begun_battle_of_mines_is_not_hosted_for_a_guest_to_defend(tmp_path):
    from test_optional_rules_network import _host_hidden

    from ogre.ui.app import App
    app = App()
    app.start_battle(_hosts_own())
    app.battle.dialog = None                                   # the Ogre Entry note, read
    app.battle.act(make_controller("ogre", "Low", seed=1).choose(app.battle.state),
                   confirmed=True)
    _host_hidden(app, defending=False)
    assert app.network is None and app.dialog.message == BEGUN


def test_x16_a_guests_defense_keeps_its_fields_mines_and_the_computer_lays_the_rest():
    field = next(r.field for r in load_predesigned() if r.name == "Howitzer Umbrella")
    field = field.__class__(field.board, field.placements, field.name, field.ogres,
                            mines=(1207, 1308))
    frame = Frame(scenario="basic", mark=3, options=OptionsData(mines=10, camouflage=True))
    state, laid = guest_defense(field, frame, 12345)
    assert {1207, 1308} <= state.secrets.mines and len(state.secrets.mines) == 10
    assert laid == 8 and state.secrets.camouflaged


def test_x16_a_guests_field_that_cannot_start_a_battle_is_said_in_one_sentence():
    import pytest

    from ogre.resources import standard_board
    from ogre.rules import Field
    frame = Frame(scenario="basic", mark=3, options=OptionsData(mines=10))
    with pytest.raises(ValueError, match="^the field in your Field Editor cannot start a "
                                         "battle: please add a Command Post"):
        guest_defense(Field(standard_board()), frame, 1)
    with pytest.raises(ValueError, match="not one this game sets up a defense for"):
        guest_defense(Field(standard_board()), frame.model_copy(update={"scenario": "duel"}),
                      1)
