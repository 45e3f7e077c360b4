"""Issue 32: the defence reads the Ogre it faces (X1, G3). An Ogre that stops short of its way
to the Command Post is read as wary and met with the `wary` options; one that keeps to its
course is met as before."""

from __future__ import annotations

from ogre.ai import make_controller
from ogre.ai.defense_player import DefensePlayer
from ogre.ai.match import play
from ogre.ai.reading import CourseReading
from ogre.ai.skill import wary_options
from ogre.rules import Phase, new_game
from ogre.rules.actions import Aim
from ogre.rules.units import Weapon
from ogre.storage.fields import load_predesigned
from tools.arena import game_seed

from .helpers import scenario


def defence_turn(turn: int, ogre: int):
    return scenario([("cp", 802), ("heavy", 810), ("missile", 909), ("infantry", 806, 3)],
                    ogre=ogre, phase=Phase.DEFENSE_MOVE, turn=turn)


def read(moves: list[tuple[int, int]]) -> CourseReading:
    """A reading of the Ogre at these (turn, hex) defence turns."""
    player = DefensePlayer("Hi", 3)
    reading = CourseReading()
    for turn, h in moves:
        s = defence_turn(turn, h)
        reading.observe(s, player.ogre_ends(s))
    return reading


def test_x1_an_ogre_that_stops_short_of_its_course_reads_wary():
    stays = read([(2, 1215), (3, 1215)])
    assert stays.on_course == [False] and stays.wary(1)
    assert not stays.wary(2)                    # one turn read is not yet two
    # 1213 is two hexes nearer the CP: as far along its way as the Ogre could come
    comes_on = read([(2, 1215), (3, 1213)])
    assert comes_on.on_course == [True] and not comes_on.wary(1)


def test_x1_the_reading_counts_each_turn_once_and_not_the_ogres_first_move():
    reading = read([(1, 1215), (2, 1215), (2, 1215), (3, 1213), (4, 1211), (5, 1211)])
    # turn 1's expectation is not kept (its move off the entry row says nothing); turn 2's
    # twice is one turn; 1213 and 1211 were on its way, 1211 again was not
    assert reading.on_course == [True, True, False]
    assert not reading.wary(1)


def test_x1_only_an_ogre_that_turned_aside_in_each_of_the_first_turns_read_is_wary():
    reading = CourseReading(on_course=[False, False, True, False])
    assert reading.wary(1) and reading.wary(2) and not reading.wary(3)
    # a bold Ogre may turn aside once it is in the fight: its first turns decide
    assert not CourseReading(on_course=[True, False, False, False]).wary(2)
    assert not CourseReading().wary(2)          # a fresh reading: met as before
    assert not reading.wary(0)                  # reading nothing reads nothing


def test_x1_a_reading_begun_in_mid_battle_never_calls_the_ogre_wary():
    # A battle loaded on turn 6: the Ogre's first moves were not seen, and an Ogre in the fight
    # turns aside whatever its kind, so the defence meets it as a bold one.
    late = read([(6, 1215), (7, 1215), (8, 1215)])
    assert late.on_course == [False, False] and late.first == 7
    assert not late.wary(2) and not late.wary(1)
    early = read([(2, 1215), (3, 1215), (4, 1215)])
    assert early.on_course == [False, False] and early.wary(2)


def test_x1_wary_options_are_read_as_option_values():
    k = DefensePlayer("Hi", 3, wary=("tread_weight:1.5", "lookahead:false", "reply:Hi")).skill
    assert wary_options(k) == {"tread_weight": 1.5, "lookahead": False, "reply": "Hi"}
    one = DefensePlayer("Hi", 3, wary="strike_distance:11").skill    # one item comes as words
    assert wary_options(one) == {"strike_distance": 11}


def test_x1_against_a_wary_ogre_the_defence_takes_its_wary_options():
    player = DefensePlayer("Hi", 3, read_ogre=2, wary=("tread_weight:1.5",))
    s = defence_turn(4, 1215)
    player.read(s)
    assert player.skill == player.base_skill and player.skill.tread_weight == 8.0
    player.reading.on_course[:] = [False, False]
    player.reading._turn = 0
    player.read(s)
    assert player.skill.tread_weight == 1.5
    # its style planners plan with the same options, and read nothing themselves
    styled = player._styled({"approach_weight": 5.0})
    assert styled.skill.tread_weight == 1.5 and styled.skill.read_ogre == 0
    assert styled.skill.approach_weight == 5.0


def test_x1_a_defence_that_does_not_read_keeps_its_options():
    player = DefensePlayer("Hi", 3, read_ogre=0, wary=("tread_weight:1.5",))
    player.reading.on_course[:] = [False, False, False]
    player.plan(defence_turn(4, 1215))
    assert player.skill is player.base_skill


def opening_reading(ogre: str, game: int, turns: int = 5) -> CourseReading:
    """The Hi defence's reading of the first turns of the arena's game `game` (seed 73)."""
    fields = [r.field for r in load_predesigned() if r.mark == 3]
    seed = game_seed(73, game)
    defence = make_controller("defense", "Hi", seed=seed)
    play(new_game(fields[game % len(fields)], 3, seed), make_controller("ogre", ogre, seed=seed),
         defence, max_turns=turns)
    return defence.reading


def test_x1_the_hi_ogre_reads_wary_and_the_med_ogre_bold():
    # The arena's first eight Mark III battles of seed 73: the Hi Ogre turns aside on both of
    # its first two turns read in most, the Med Ogre in none (the arena's rates over 30 battles
    # a level: docs/computer-players.md)
    hi = [opening_reading("Hi", game) for game in range(8)]
    med = [opening_reading("Med", game) for game in range(8)]
    assert all(len(r.on_course) >= 2 for r in hi + med)
    assert sum(r.wary(2) for r in hi) >= 5, [r.on_course for r in hi]
    assert not any(r.wary(2) for r in med), [r.on_course for r in med]


def fire_position():
    """Turn 4's defence fire: a fresh Mark III Ogre 15 hexes from the CP, with two heavy tanks,
    a missile tank and a GEV in range."""
    return scenario([("cp", 802), ("heavy", 1113), ("heavy", 1114), ("missile", 1013),
                     ("gev", 1316)], ogre=1215, phase=Phase.DEFENSE_FIRE, turn=4)


def reader(course: list[int]) -> DefensePlayer:
    """The Hi defence that has read the Ogre at these hexes at the start of turns 2, 3, 4."""
    player = DefensePlayer("Hi", 3, lookahead=False, read_ogre=2, wary=("tread_weight:1.5",))
    for turn, h in enumerate(course, 2):
        player.read(defence_turn(turn, h))
    return player


def test_x1_an_ogre_read_as_wary_is_fired_on_at_its_guns_a_bold_one_at_its_treads():
    # Stopping at 1215 twice is turning aside twice: the Ogre that will stand off and pick off
    # the defenders is fought for its guns (here its missiles), as the fight will be long.
    wary = reader([1215, 1215, 1215])
    assert wary.reading.on_course == [False, False]
    first, *_ = wary.plan(fire_position())
    assert isinstance(first, Aim) and first.part is Weapon.MISSILE
    # One coming on as far as it could (1219 -> 1217 -> 1215) races for the CP: its treads.
    bold = reader([1219, 1217, 1215])
    assert bold.reading.on_course == [True, True]
    first, *_ = bold.plan(fire_position())
    assert isinstance(first, Aim) and first.part is Weapon.TREADS
