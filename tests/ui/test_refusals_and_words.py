"""A new player's second evening: what the screen says and where.

C6: Shift+drag's part dialog gives the chance of every squad that will fire. S2: Range says
what its colours and yellow rings mean, and that it disregards rubble. M1: a refused move is
said beside the piece for a moment, as well as in the sidebar; a move round rubble says why it
cost more than the hexes it crossed. S1: "Under the Ogre" says what it means. X7: the Rules
pages tell of craters, rubble, Glanced, Range and the Ogre's hex. X13: About names the version.
"""

from __future__ import annotations

import pygame
import pytest
from test_battle_setup import CP, GEV, INF, P, battle_app, drawn_text, shown_text, with_piece

from ogre.rules import combat
from ogre.rules.game import aim_kill_probability
from ogre.rules.state import Aiming, Phase
from ogre.rules.units import Weapon
from ogre.ui.dialogs.attack import PARTS, PartDialog
from ogre.ui.dialogs.rules_pages import pages
from ogre.ui.drawing import status
from ogre.ui.scenes import note
from ogre.version import game_version


@pytest.fixture
def shift():
    """Shift held down, as SDL reports it, for the drags made while it is on."""
    pygame.display.init()
    pygame.key.set_mods(pygame.KMOD_LSHIFT)
    yield
    pygame.key.set_mods(pygame.KMOD_NONE)


def _chance(state, part, *attackers) -> str:
    p = aim_kill_probability(state, Aiming(part=part, attackers=attackers))
    return f"Probability of kill: {combat.percent(p)}%"


# ---------------------------------------------------------------- C6: the aim dialog

def test_c6_shift_drag_shows_the_chance_of_every_squad_that_will_fire(shift):
    app, d = battle_app([P(CP, 1418), P(INF, 1019, 3)], Phase.DEFENSE_FIRE, 1020)
    b = app.battle
    d.drag_hex(1019, 1020)
    dialog = d.dialog
    assert isinstance(dialog, PartDialog) and "3 squads" in dialog.message
    for part in (Weapon.SECONDARY, Weapon.AP):
        dialog.selected = PARTS.index(part)
        assert dialog.kill_text() == _chance(b.state, part, 2, 2, 2)
    assert _chance(b.state, Weapon.SECONDARY, 2, 2, 2) != _chance(b.state, Weapon.SECONDARY, 2)
    shown = dialog.kill_text()                             # the Antipersonnel's
    d.answer("OK")
    assert b.state.aim.attackers == (2, 2, 2)
    assert shown in shown_text(app)                        # the sidebar's figure, the same


def test_c6_a_plain_drag_shows_one_squads_chance_and_shift_counts_only_squads_not_fired():
    app, d = battle_app([P(CP, 1418), P(INF, 1019, 3)], Phase.DEFENSE_FIRE, 1020)
    s = app.battle.state
    d.drag_hex(1019, 1020)                                 # no Shift: one squad aims
    d.dialog.selected = PARTS.index(Weapon.AP)
    assert d.dialog.kill_text() == _chance(s, Weapon.AP, 2)
    assert "squads" not in d.dialog.message
    d.answer("Cancel")
    fired = with_piece(s, 2, fired=1)                     # one of its squads has fired
    dialog = PartDialog(fired, 2, lambda *_: None, every_squad=True)
    dialog.selected = PARTS.index(Weapon.AP)
    assert dialog.kill_text() == _chance(fired, Weapon.AP, 2, 2)


# ---------------------------------------------------------------- S2, M1: Range and a refusal

def _gev_in_the_rubble(phase=Phase.GEV_MOVE, at=1010):
    """The player's GEV of turn 10 on the standard map; 1012 is walled by rubble but for
    1011, so 1013 is 4 hexes away for armor."""
    return battle_app([P(CP, 101), P(GEV, at)], phase, 1520, turn=10)


def test_s2_range_says_what_its_colours_mean_and_that_it_disregards_rubble():
    app, d = _gev_in_the_rubble()
    b = app.battle
    d.click_hex(1010)
    d.button("Range")
    assert 1013 in b.umbrella[0]                             # green, as in 1986
    words = " ".join(shown_text(app))
    assert "ringed in yellow" in words and "disregards rubble" in words
    d.click_hex(1010)                                        # any click clears it
    assert b.umbrella is None
    assert "disregards rubble" not in " ".join(shown_text(app))


def test_m1_a_refused_move_is_said_beside_the_piece_for_a_moment_and_done_still_reminds():
    app, d = _gev_in_the_rubble()
    b = app.battle
    now = [100.0]
    b.note.clock = lambda: now[0]
    d.drag_hex(1010, 1013)
    assert b.message == "NO CLEAR PATH" and b.state.piece(2).hex == 1010
    box = b.note.rect(b.map)
    counter = b.map.counter_rect(1010)
    assert b.map.rect.contains(box) and not box.colliderect(counter)
    assert abs(box.centery - counter.centery) <= counter.height
    on_map = [pos for text, pos in drawn_text(app) if text == "NO CLEAR PATH"
              and box.collidepoint(pos)]
    assert on_map                                            # beside the piece, inside its box
    now[0] += note.NOTE_SECONDS + 0.1
    assert not [pos for text, pos in drawn_text(app) if text == "NO CLEAR PATH"
                and b.map.rect.collidepoint(pos)]             # gone from the map after a moment
    assert b.message == "NO CLEAR PATH"                      # the sidebar keeps it
    d.button("Done")                                         # T3: the GEV has not moved
    assert d.dialog is not None and d.dialog.title == "Reminder"


def test_m1_the_note_goes_with_the_sidebars_message():
    app, d = _gev_in_the_rubble()
    b = app.battle
    d.drag_hex(1010, 1013)
    assert b.note.live(b.message)
    d.drag_hex(1010, 1012)                                   # a move that is taken
    assert b.message == "" and not b.note.live(b.message)


def test_m1_a_move_round_rubble_says_it_was_counted_along_its_path():
    app, d = _gev_in_the_rubble(Phase.DEFENSE_MOVE, at=1012)
    d.drag_hex(1012, 1013)
    words = shown_text(app)
    assert app.battle.state.piece(2).hex == 1013
    assert "Moved 4" in words
    assert "Counted along its path: it stands 1 hex from where it began." in " ".join(words)


# ---------------------------------------------------------------- S1: under the Ogre

def test_s1_under_the_ogre_says_what_it_means():
    app, d = battle_app([P(CP, 1418), P(INF, 1020, 1)], Phase.DEFENSE_MOVE, 1020)
    d.click_hex(1020)                                        # the pointer on the Ogre's hex
    words = shown_text(app)
    assert "Under the Ogre: Infantry (1)" in words
    assert "Infantry here loses a squad as the Ogre's next move begins." in " ".join(words)
    assert status.under_ogre_words(app.battle.state.ogre, ()) == []


# ---------------------------------------------------------------- X7, X13

def test_x7_the_rules_pages_tell_of_craters_rubble_glanced_range_and_the_ogres_hex():
    text = " ".join(b for p in pages() for b in p.blocks if isinstance(b, str))
    for words in ("Craters", "Rubble", "Fire passes over craters and rubble", "Glanced",
                  "ringed in yellow", "disregards rubble", "Under the Ogre"):
        assert words in text, words
    app, d = battle_app([P(CP, 1418)], Phase.DEFENSE_MOVE, 1020)
    d.key(pygame.K_F1)
    d.key(pygame.K_9)                                 # the last page, the keys
    assert app.rules.page == 8 == len(pages()) - 1


def test_x13_about_ogre_names_the_version():
    app, d = battle_app([P(CP, 1418)], Phase.DEFENSE_MOVE, 1020)
    d.menu("OSI", "About Ogre")
    assert d.dialog is not None and f"Version {game_version()}" in d.dialog.message
