"""The computer Ogre decides from its side's view (X16, 8.03, 8.04): a belief of what lies
under the markers, drawn from what it has seen, never a peek at the defender's sheet."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ogre.ai.belief import believed
from ogre.ai.match import play
from ogre.ai.ogre_player import OgrePlayer
from ogre.rules import Done, new_game
from ogre.rules.options import Options
from ogre.rules.secrets import NO_SECRETS
from ogre.rules.units import HOWITZER, MARKER, Kind
from ogre.rules.views import view
from ogre.storage.fields import load_predesigned

HIDDEN = Options(mines=10, camouflage=True)


class Passive:
    """A defense that never moves nor fires: nothing is shown but by the Ogre's own doing."""

    side = "defense"

    def choose(self, state):
        return Done()


def _umbrella():
    return next(r.field for r in load_predesigned() if r.name == "Howitzer Umbrella")


def _mines(field, rows):
    board = field.board
    taken = {p.hex for p in field.placements}
    hexes = [c * 100 + r for r in rows for c in range(1, 16)]
    return tuple([h for h in hexes if h not in board.craters and h not in taken][:10])


def _ogre_until(state, kind):
    """The Hi Ogre's actions against the passive defense until the first event of `kind`."""
    seen: list = []

    def stop(before, action, after, events):
        seen.append(str(action))
        if any(e.kind == kind for e in events):
            raise StopIteration
        return None

    try:
        play(state, OgrePlayer("Hi"), Passive(), max_turns=8, on_step=stop)
    except StopIteration:
        pass
    return seen


def test_x16_8_03_the_ogres_choices_do_not_depend_on_where_the_hidden_mines_lie():
    field = _umbrella()
    near, far = _mines(field, (12, 13)), _mines(field, (3, 4))
    a = _ogre_until(new_game(replace(field, mines=near), 3, 5, options=HIDDEN), "mine")
    b = _ogre_until(new_game(replace(field, mines=far), 3, 5, options=HIDDEN), "mine")
    shared = min(len(a), len(b))
    assert shared > 10
    assert a[:shared] == b[:shared]


def _swapped(state):
    """The battle with the kinds under two markers of different kinds exchanged."""
    hidden = [p for p in state.pieces if p.id in state.secrets.camouflaged]
    p = next(q for q in hidden if q.kind is HOWITZER)
    q = next(q for q in hidden if q.kind is Kind.GEV)
    swap = {p.id: replace(p, kind=q.kind, squads=q.squads),
            q.id: replace(q, kind=p.kind, squads=p.squads)}
    return replace(state, pieces=tuple(swap.get(x.id, x) for x in state.pieces), _index=None)


def test_x16_8_04_the_ogres_choices_do_not_depend_on_what_the_markers_really_are():
    start = new_game(_umbrella(), 3, 5, options=Options(camouflage=True))
    other = _swapped(start)
    assert view(start, "ogre") == view(other, "ogre")
    a, b = _ogre_until(start, "shown"), _ogre_until(other, "shown")
    assert len(a) > 5 and a == b


def test_x16_8_04_an_ogre_told_the_whole_sheet_would_play_the_swapped_battle_otherwise():
    # the test above could fail: the swap matters to an Ogre that peeks
    def told(s):
        return replace(s, options=Options(), secrets=NO_SECRETS)

    start = new_game(_umbrella(), 3, 5, options=Options(camouflage=True))
    a, b = _ogre_until(told(start), "fire"), _ogre_until(told(_swapped(start)), "fire")
    assert a != b


def test_x16_8_04_markers_nearest_the_cp_are_believed_the_howitzer_and_infantry():
    s = view(new_game(_umbrella(), 3, 5, options=Options(camouflage=True)), "ogre")
    assert any(p.kind is MARKER for p in s.pieces)
    b = believed(s)
    assert not any(p.kind is MARKER for p in b.pieces)
    assert sorted((p.kind, p.squads) for p in b.pieces if p.id in s.secrets.camouflaged) == \
        sorted(s.secrets.markers)
    cp = b.command_post.hex
    nearest = min((p for p in b.pieces if p.id in s.secrets.camouflaged),
                  key=lambda p: (abs(p.hex - cp), p.id))
    assert nearest.kind in (HOWITZER, Kind.INFANTRY)


@pytest.mark.parametrize("seed", (1, 2))
def test_x16_the_hi_ogre_plays_whole_battles_of_mines_and_markers_without_a_refusal(seed):
    from ogre.ai.protocol import make_controller
    field = _umbrella()
    s = new_game(replace(field, mines=_mines(field, (9, 10, 11))), 3, seed, options=HIDDEN)
    rec = play(s, make_controller("ogre", "Hi", seed), make_controller("defense", "Med", seed))
    assert not rec.illegal and rec.final.over
