"""Mines and camouflage over the network (X16): the host that defends keeps its sheet; the guest
that attacks is told of it only as the battle shows it (its memory and every message checked),
and a host that lies about it is caught (a guest that defends with its own sheet:
test_guest_sheet.py). Sessions are fed each other's messages as the wire carries them."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from ogre.ai.minelaying import with_mines
from ogre.ai.protocol import make_controller
from ogre.net.guest_session import GuestSession
from ogre.net.messages import Applied, Welcome, digest, read, state_data, write
from ogre.net.session import HostSession
from ogre.rules import new_game
from ogre.rules.options import Options
from ogre.rules.secrets import Secrets
from ogre.rules.sides import acting_side
from ogre.rules.state import Phase
from ogre.rules.units import MARKER, Kind
from ogre.rules.views import view
from tests.rules.helpers import mark_iii_field, scenario

HIDDEN = Options(mines=10, camouflage=True)


def _joined(start, guest_side="ogre"):
    host, guest = HostSession(start, guest_side), GuestSession("ABCDEF")
    lines = [write(m) for m in host.welcome()]
    for line in lines:
        guest.receive(line)
    guest.advance()
    return host, guest, lines


def _untold_in(guest, host) -> list[str]:
    """Whatever of the host's sheet the guest holds that the battle has not shown it."""
    wrong = [f"unit {p.id}" for p in guest.state.pieces
             if p.id in host.state.secrets.camouflaged and p.kind is not MARKER]
    told = set(host.told.mines)
    wrong += [f"mine {h}" for h in guest.state.secrets.mines | guest.start.secrets.mines
              if h not in told and h not in host.state.secrets.found]
    return wrong


@pytest.mark.parametrize("seed", (3, 8))
def test_x16_a_guest_attacking_the_hosts_sheet_is_told_only_what_the_battle_shows(seed):
    start = new_game(with_mines(mark_iii_field(), 10, seed), 3, seed, options=HIDDEN)
    host, guest, lines = _joined(start)
    welcome = json.loads(lines[0])
    hidden = start.secrets.camouflaged
    assert all(p["kind"] == "marker" for p in welcome["start"]["pieces"] if p["id"] in hidden)
    assert welcome["start"]["secrets"]["mines"] == []         # not one hex of a mine
    assert len(welcome["sheet"]["mines"]) == 10 and len(welcome["sheet"]["units"]) == len(hidden)
    players = {side: make_controller(side, "Med", seed) for side in ("ogre", "defense")}
    while not host.state.over:
        if acting_side(host.state) == "ogre":                  # the guest, from its own copy
            applied, _ = host.guest_acts(str(players["ogre"].choose(guest.state)))
        else:
            applied = host.host_act(players["defense"].choose(host.state))
        line = write(applied)
        assert guest.receive(line) == [] and not guest.refused
        assert not _untold_in(guest, host)
        told = json.loads(line).get("told") or {}
        assert all(pid not in host.state.secrets.camouflaged for pid, *_ in told.get("units", []))
    assert guest.state == host.state                           # all opened at the end


def _rammed_cp():
    """The guest's Ogre beside a mine, the CP beyond it: two moves end the battle."""
    s = scenario([("cp", 1013)], ogre=1015, options=Options(mines=1))
    return replace(s, secrets=Secrets(mines=frozenset({1014})))


def _cheat(host, mines):
    """The host's engine moves its mines where it pleases (the guest's copy cannot tell)."""
    host.state = replace(host.state, secrets=Secrets(mines=frozenset(mines)))


def test_x16_a_host_that_moves_a_mine_out_of_the_ogres_way_is_caught_at_the_end():
    host, guest, _ = _joined(_rammed_cp())
    _cheat(host, {101})                                      # away from 1014, as many as ever
    host.sealed.mines[101] = "0" * 32                        # and it makes up a salt for it
    for action in ("move O 1014", "move O 1013"):            # crossed without a roll
        guest.receive(write(host.guest_acts(action)[0]))
    assert host.state.over
    assert guest.refused == "The host's sheet lied: no mine was committed to at 0101."


def test_x16_a_host_that_opens_at_the_end_a_mine_it_let_the_ogre_cross_is_caught():
    host, guest, _ = _joined(_rammed_cp())
    _cheat(host, {101})
    guest.receive(write(host.guest_acts("move O 1014")[0]))  # crossed without a roll
    _cheat(host, {1014})                                     # and put back, to open honestly
    guest.receive(write(host.guest_acts("move O 1013")[0]))
    assert host.state.over
    assert guest.refused == ("The host's sheet lied: its mines and markers, opened, do not make "
                             "the battle it played.")


def test_x16_a_host_that_tells_a_marker_as_something_it_is_not_is_caught():
    s = scenario([("cp", 801), ("heavy", 1014)], ogre=1015, phase=Phase.OGRE_FIRE,
                 options=Options(camouflage=True))
    s = replace(s, secrets=Secrets(camouflaged=frozenset({2})))
    host, guest, _ = _joined(s)
    guest.receive(write(host.guest_acts("target 2 main=1")[0]))
    fired, _ = host.guest_acts("fire")
    lie = fired.told.model_copy(update={"units": [(2, Kind.GEV, 1, fired.told.units[0][3])]})
    guest.receive(write(fired.model_copy(update={"told": lie})))
    assert guest.refused == "The host's sheet lied: unit 2 is not what the host committed to."


def test_x16_a_welcome_of_mines_and_markers_without_the_hosts_commitments_is_refused():
    start = new_game(with_mines(mark_iii_field(), 10, 1), 3, 1, options=HIDDEN)
    guest = GuestSession("ABCDEF")
    answer = guest.receive(write(Welcome(side="defense", start=state_data(view(start, "ogre")),
                                         total=0, digest=digest(start))))
    assert guest.state is None and answer[0].reason == guest.refused
    assert guest.refused == ("The host's battle could not be taken: it has mines or "
                             "camouflage, and the host did not commit to them.")


def test_x16_a_battle_that_is_a_sides_view_is_never_hosted():
    start = new_game(with_mines(mark_iii_field(), 10, 1), 3, 1, options=HIDDEN)
    with pytest.raises(ValueError, match="view"):
        HostSession(view(start, "ogre"), "ogre")
    assert read(write(Applied(seq=0, action="done", digest="0" * 16))).told is None


def test_x16_a_battle_of_the_hosts_sheet_is_played_over_a_real_link_to_the_end():
    from peers import Host
    from test_network_game import _play_to_the_end

    from ogre.rules.hidden import blind
    start = new_game(with_mines(mark_iii_field(), 10, 5), 3, 5, options=HIDDEN)
    # both computers play with no thinking to speak of: faster than the links' flood limit
    host = Host(session=HostSession(start, "ogre", start=start), rate=0)
    try:
        guest = _play_to_the_end(host, guest_side="ogre",
                                 seen=lambda s: blind(view(s, "ogre")), rate=0)
    finally:
        host.link.close()
    assert host.session.state.over and not guest.refused
    assert guest.state == blind(host.session.state)      # the whole battle, told at the end
