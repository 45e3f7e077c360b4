"""Mines and camouflage over the network (X16): not played yet, and said so in one sentence on
both sides, before any sheet could cross the wire."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ogre.net.messages import Welcome, digest, state_data, write
from ogre.net.session import GuestSession, HostSession
from ogre.rules import new_game
from ogre.rules.options import Options
from tests.rules.helpers import mark_iii_field

HIDDEN = Options(mines=2, camouflage=True)


def _hidden_battle():
    return new_game(replace(mark_iii_field(), mines=(1212, 1313)), 3, 4, options=HIDDEN)


def test_x16_a_host_session_never_takes_a_battle_with_a_sheet():
    with pytest.raises(ValueError, match="not played over the network"):
        HostSession(_hidden_battle(), "ogre")


def test_x16_a_guest_refuses_a_host_battle_with_mines_or_markers_in_a_sentence():
    guest = GuestSession("ABCDEF")
    start = _hidden_battle()
    answer = guest.receive(write(Welcome(side="ogre", start=state_data(start), total=0,
                                         digest=digest(start))))
    assert guest.state is None
    assert guest.refused == ("The host's battle could not be taken: it has mines or camouflage, "
                             "which are not played over the network yet.")
    assert answer and answer[0].reason == guest.refused
