"""Issue 13 (4): the moved and fired marks are true for the turn being played (T1, S1, C5).

The rules keep the counts longer than the turn they belong to (the Ogre's fire until its
move phase ends, a defender's fire until the Ogre's fire phase ends, a GEV's second move until
then too); the battle screen shows them only during their own side's turn. The state itself
is left as the rules make it: saves and the golden transcripts do not change.
"""

from __future__ import annotations

import pytest
from test_battle_setup import CP, GEV, HEAVY, P, battle_app, shown_text

from ogre.rules.state import Phase
from ogre.ui.drawing import art


@pytest.fixture
def counters(monkeypatch):
    """counters(app) -> {kind: state} of every counter drawn in one full redraw."""
    seen: dict[str, str] = {}
    real = art.counter

    def spy(kind, size, *args, **kwargs):
        seen[kind] = kwargs.get("state", "normal")
        return real(kind, size, *args, **kwargs)

    monkeypatch.setattr(art, "counter", spy)

    def redraw(app) -> dict[str, str]:
        seen.clear()
        app.dirty = True
        app.step([])
        return dict(seen)
    return redraw


def done(d) -> None:
    """Done, through the Reminder when it asks."""
    d.button("Done")
    if d.dialog is not None and d.dialog.title == "Reminder":
        d.answer("OK")
    d.hand_over()                   # two players here: whose turn it is, at a change of side


def summary(app) -> list[str]:
    """The Ogre Summary's weapon lines the Tactical Display is given (unwrapped)."""
    app.step([])
    return [w for w in app.battle.tactical_lines() if w.split(":")[0] in (
        "Missiles", "Main Battery", "Secondary Battery", "Antipersonnel")]


def test_t1_the_ogres_weapons_are_ready_again_when_its_turn_starts():
    # the Ogre fired its main battery and two secondaries this turn; the defence plays on
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.GEV_MOVE, 1020,
                        fired=(0, 1, 2, 0))
    b = app.battle
    d.click_hex(1020)
    assert "Main Battery: 0 ready, 1 fired" in summary(app)    # true in the defence's turn
    assert "Secondary Battery: 2 ready, 2 fired" in summary(app)
    done(d)
    assert b.state.phase is Phase.OGRE_MOVE and b.selected == 0
    assert b.state.ogre.fired == (0, 1, 2, 0)       # the rules clear it when the move ends ...
    assert "Main Battery: 1 ready" in summary(app)  # ... the player sees a new turn at once
    assert "Secondary Battery: 4 ready" in summary(app)
    assert not any("fired" in line for line in summary(app))
    done(d)
    assert b.state.phase is Phase.OGRE_FIRE and "Main Battery: 1 ready" in summary(app)


def test_t1_m6_defenders_marks_last_through_their_own_turn_and_clear_when_it_ends(counters):
    app, d = battle_app([P(CP, 1418), P(GEV, 1016), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 1020)
    b = app.battle
    d.drag_hex(1016, 1014)                                   # the GEV moves 2 of its 4
    assert b.state.piece(2).hex == 1014
    assert counters(app)["gev"] == "moved" and "Moved 2" in shown_text(app)
    done(d)
    d.drag_hex(1018, 1020)                                   # the heavy tank aims and fires
    d.answer("OK")
    d.button("Fire")
    assert b.state.piece(3).fired == 1
    assert counters(app)["heavy"] == "fired"
    done(d)

    # M6: the GEV's second move starts fresh; the heavy tank's fire is still this turn's
    assert b.state.phase is Phase.GEV_MOVE
    assert counters(app)["gev"] == "normal"
    d.click_hex(1014)
    assert not any(w.startswith("Moved") for w in shown_text(app))
    d.click_hex(1018)
    assert "Fired" in shown_text(app)
    d.drag_hex(1014, 1013)
    assert counters(app)["gev"] == "moved" and "Moved 1" in shown_text(app)
    done(d)

    # the defence's turn is over: the Ogre's turn shows no defender as moved or fired
    assert b.state.phase is Phase.OGRE_MOVE
    assert b.state.piece(2).moved == 1 and b.state.piece(3).fired == 1   # the rules' counts
    assert counters(app)["gev"] == "normal" and counters(app)["heavy"] == "normal"
    for h in (1013, 1018):
        d.click_hex(h)
        words = shown_text(app)
        assert not any(w.startswith("Moved") or w == "Fired" for w in words), words
    done(d)
    assert b.state.phase is Phase.OGRE_FIRE and b.state.piece(3).fired == 1
    assert counters(app)["heavy"] == "normal"
    d.click_hex(1018)
    assert "Fired" not in shown_text(app)
