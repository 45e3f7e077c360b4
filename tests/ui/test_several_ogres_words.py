"""U2: the words the screen builds for an Ogre are about the Ogre asked for, each Ogre of a
battle by its id; nothing the Tactical Display, the banner or the battle's end says assumes
there is one."""

from __future__ import annotations

from dataclasses import replace

from ogre.rules import Ogre
from ogre.rules.units import ogre_id
from ogre.ui.drawing import status
from ogre.ui.scenes import banner, sidebar
from tests.rules.helpers import scenario


def _two_ogres():
    s = scenario([("cp", 801)], ogre=1015)
    second = replace(Ogre.fresh(5, id=ogre_id(2)), hex=1213, treads=40)
    return replace(s, ogres=(s.ogre, second))


def test_u2_the_tactical_display_sums_up_the_ogre_selected():
    s = _two_ogres()
    first, second = sidebar.piece_lines(s, 0), sidebar.piece_lines(s, -1)
    assert first[:2] == ["Ogre Summary - Mark III", "At 1015"]
    assert second[:2] == ["Ogre 2 Summary - Mark V", "At 1213"]
    assert "Treads 40 of 60" in second


def test_u2_the_battle_end_and_the_banner_speak_of_every_ogre():
    s = _two_ogres()
    gone = s.with_ogre(replace(s.ogre_unit(-1), hex=0, exited=True))
    words = status.victory_words(gone)             # each Ogre by its name
    assert "The Ogre is still in the field. Ogre 2 escaped off the map." in words
    assert banner.turning_points(s, gone) == ["Ogre 2 leaves the map."]     # by its name
