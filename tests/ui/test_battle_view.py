"""The map keeps the action in view (B4): it follows the Ogre, and a defence phase opens on the
Ogre with the defenders that can reach it."""

from driver import Driver

from ogre.resources import standard_board
from ogre.rules import Done, Enter, Field, Move, Placement, new_game
from ogre.rules.state import OGRE_ID, Phase
from ogre.rules.units import Kind
from ogre.ui.app import App


def field() -> Field:
    """A Command Post far north and a GEV and heavy tank waiting mid-field."""
    return Field(standard_board(), (Placement(Kind.CP, 1005), Placement(Kind.GEV, 1012),
                                    Placement(Kind.HEAVY, 1114)))


def ogre_entered_at_822():
    """The battle on show, the Ogre just entered at 0822 (the entry dialog answered)."""
    app = App(state=new_game(field(), 3, seed=5))
    Driver(app).answer("OK")
    b = app.battle
    assert b.act(Enter(822))
    return b


def test_b4_map_follows_the_ogre_when_it_moves_out_of_view():
    b = ogre_entered_at_822()
    b.map.jump_half(bottom=False)                 # the player looks at the Command Post
    assert not b.map.hex_visible(822)
    assert b.act(Move(OGRE_ID, 820))
    assert b.map.hex_visible(820)


def test_b4_defence_phase_opens_on_the_ogre_and_the_defenders_beside_it():
    app = App(state=new_game(field(), 3, seed=5))
    d = Driver(app)
    d.answer("OK")
    d.click_hex(822)
    d.drag_hex(822, 820)
    d.button("Done")
    app.battle.map.jump_half(bottom=False)        # the Ogre player glanced north before Done
    d.button("Done")
    if d.dialog is not None:
        d.answer("OK")                            # the reminder: the Ogre did not fire
    b = app.battle
    assert b.state.phase is Phase.DEFENSE_MOVE
    m = b.map
    assert m.hex_visible(820) and m.hex_visible(1012) and m.hex_visible(1114)
    assert not m.hex_visible(1005)                # too far north to share the view


def test_b4_a_view_that_already_frames_the_action_stays_put():
    b = ogre_entered_at_822()
    top = b.map.top_row
    assert b.act(Move(OGRE_ID, 821))
    assert b.map.top_row == top
    assert b.act(Done())
    assert b.map.top_row == top                   # the Ogre fires where it stands
