"""E8-E9: the checks before a battle, and the standard Mark III / Mark V allowances."""

from __future__ import annotations

from dataclasses import replace

from ogre.resources import standard_board
from ogre.rules import Field, Kind, Phase, Placement, new_game, validate
from ogre.rules.field import armor_units, forward_attack_points, infantry_squads

from .helpers import MARK_III_DEPLOYMENT, mark_iii_field

ANYWAY = "Play this game anyway?"
NOT_OFFICIAL = "Field does not conform to official Ogre rules."


def _behind_line(n: int, skip=()):
    """n free hexes on or behind the crater line (rows 01-07), no craters, none in `skip`."""
    craters = standard_board().craters
    out = [c * 100 + r for r in range(1, 8) for c in range(1, 16)
           if c * 100 + r not in craters and c * 100 + r not in skip]
    assert len(out) >= n
    return out[:n]


def _field(*groups, cp=801, board=None) -> Field:
    """groups: (kind, count, squads). Pieces fill rows 01-07; a CP at `cp` unless None."""
    placements = [Placement(Kind.CP, cp)] if cp else []
    kinds = [(Kind(k), sq) for k, n, sq in groups for _ in range(n)]
    for (kind, sq), h in zip(kinds, _behind_line(len(kinds), skip={cp})):
        placements.append(Placement(kind, h, sq))
    return Field(board or standard_board(), tuple(placements))


def _codes(field, mark):
    return [(f.code, f.fatal) for f in validate(field, mark, standard_board())]


def test_e9_the_test_deployment_is_standard():
    f = mark_iii_field()
    assert (armor_units(f), infantry_squads(f), forward_attack_points(f)) == (12, 20, 18)
    assert validate(f, 3, standard_board()) == []
    assert validate(f, 5, standard_board()) == []
    assert len(MARK_III_DEPLOYMENT) == 19          # CP, 11 armor pieces, 7 infantry


def test_e9_mark_iii_allowance_12_armor_units_a_howitzer_counting_two():
    assert _codes(_field(("howitzer", 6, 1)), 3) == []
    assert _codes(_field(("heavy", 12, 1)), 3) == []
    assert _codes(_field(("howitzer", 6, 1), ("gev", 1, 1)), 3) == [("armor", False)]
    assert _codes(_field(("heavy", 13, 1)), 3) == [("armor", False)]
    assert armor_units(_field(("howitzer", 6, 1), ("gev", 1, 1))) == 13


def test_e9_mark_iii_allowance_20_squads():
    assert _codes(_field(("infantry", 6, 3), ("infantry", 1, 2)), 3) == []
    assert _codes(_field(("infantry", 7, 3)), 3) == [("infantry", False)]


def test_e9_mark_v_allowances_20_armor_30_squads():
    f = _field(("heavy", 20, 1), ("infantry", 10, 3))
    assert (armor_units(f), infantry_squads(f)) == (20, 30)
    assert _codes(f, 5) == []
    assert _codes(f, 3) == [("infantry", False), ("armor", False)]
    assert _codes(_field(("heavy", 21, 1), ("infantry", 10, 3), ("infantry", 1, 1)), 5) == \
        [("infantry", False), ("armor", False)]


def _forward(points_by_kind):
    """A CP, and these pieces just south of the crater line (row 08 onwards)."""
    craters = standard_board().craters
    free = [c * 100 + r for r in range(8, 17) for c in range(1, 16) if c * 100 + r not in craters]
    placements = [Placement(Kind.CP, 801)]
    for (kind, sq), h in zip(points_by_kind, free):
        placements.append(Placement(Kind(kind), h, sq))
    return Field(standard_board(), tuple(placements))


def test_e9_all_but_20_attack_points_on_or_behind_the_crater_line():
    twenty = [("heavy", 1)] * 5                                   # 5 x 4 = 20
    assert forward_attack_points(_forward(twenty)) == 20
    assert _codes(_forward(twenty), 3) == []
    assert _codes(_forward(twenty + [("infantry", 1)]), 3) == [("forward", False)]
    # Mark V: 40
    forty = [("heavy", 1)] * 10
    assert _codes(_forward(forty), 5) == []
    assert _codes(_forward(forty + [("gev", 1)]), 5) == [("forward", False)]
    # a howitzer is 6 points, a CP none; row 07 counts as on the line
    assert forward_attack_points(Field(standard_board(), (Placement(Kind.HOWITZER, 808),
                                                           Placement(Kind.CP, 809),
                                                           Placement(Kind.HEAVY, 807)))) == 6


def test_e8_every_warning_has_the_manuals_text():
    f = validate(_field(("infantry", 7, 3), ("heavy", 13, 1)), 3, standard_board())
    assert [x.message for x in f] == [
        f"{NOT_OFFICIAL} There are too many infantry on the map. {ANYWAY}",
        f"{NOT_OFFICIAL} There are too many armor units on the map. {ANYWAY}",
    ]
    f = validate(_forward([("heavy", 1)] * 6), 3, standard_board())
    assert [x.message for x in f] == [
        f"{NOT_OFFICIAL} Too many pieces are below the crater line. {ANYWAY}"]


def test_e8_changed_craters_or_rubble():
    b = standard_board()
    for board in (b.with_crater(808, True), b.with_crater(107, False),
                  b.with_rubble(808, 809, True), b.with_rubble(808, 908, False)):
        found = validate(_field(("heavy", 1, 1), board=board), 3, b)
        assert [(x.code, x.fatal, x.message) for x in found] == [
            ("terrain", False, f"{NOT_OFFICIAL} The craters or rubble have been changed. {ANYWAY}")]


def test_e8_pieces_in_the_clear_area():
    f = Field(standard_board(), (Placement(Kind.CP, 801), Placement(Kind.INFANTRY, 817, 1)))
    found = validate(f, 3, standard_board())
    assert [(x.code, x.message) for x in found] == [
        ("clear_area", f"{NOT_OFFICIAL} There are pieces in the clear area of the map. {ANYWAY}")]


def test_e8_no_command_post_is_fatal():
    found = validate(_field(("heavy", 3, 1), cp=None), 3, standard_board())
    assert [(x.code, x.fatal, x.message) for x in found] == [
        ("no_cp", True, "Please add a Command Post to start the game.")]


def test_e8_no_way_to_the_command_post_is_fatal():
    # A CP in the corner 0101 walled in by craters on its three neighbours.
    board = standard_board()
    for h in (102, 201, 202):
        board = board.with_crater(h, True)
    found = validate(Field(board, (Placement(Kind.CP, 101),)), 3, standard_board())
    assert [(x.code, x.fatal) for x in found] == [("no_way", True), ("terrain", False)]
    assert found[0].message == ("There is no way to reach the Command Post! "
                                "Please remove some craters.")


def test_e8_rubble_does_not_stop_the_ogre_reaching_the_cp():
    board = standard_board()
    for h in (102, 201, 202):
        board = board.with_rubble(101, h, True)
    found = validate(Field(board, (Placement(Kind.CP, 101),)), 3, standard_board())
    assert [x.code for x in found] == ["terrain"]


def test_e8_all_findings_at_once():
    f = Field(standard_board().with_crater(808, True),
              tuple(Placement(Kind.HEAVY, h) for h in _behind_line(13)) +
              tuple(Placement(Kind.INFANTRY, h, 3) for h in range(1017, 1022)) +
              tuple(Placement(Kind.INFANTRY, h, 3) for h in range(1117, 1120)))
    assert [x.code for x in validate(f, 3, standard_board())] == [
        "no_cp", "infantry", "armor", "forward", "terrain", "clear_area"]


def test_e9_new_game_deploys_the_field_and_a_fresh_ogre():
    f = mark_iii_field()
    s = new_game(f, 3, seed=42)
    assert s.phase is Phase.OGRE_ENTRY and s.turn == 1 and s.scenario == "basic"
    assert [(p.id, p.kind, p.hex, p.squads) for p in s.pieces] == [
        (i + 1, p.kind, p.hex, p.squads) for i, p in enumerate(f.placements)]
    assert s.next_id == 20 and s.ogre.hex == 0 and s.ogre.treads == 45
    assert new_game(f, 3, seed=42) == s and new_game(f, 3, seed=43) != s
    s5 = new_game(f, 5, seed=42, scenario="basic")
    assert s5.ogre.weapons == (6, 2, 6, 12) and s5.scenario == "basic"


def test_e8_t2_a_field_with_no_hex_for_the_ogre_to_enter_is_fatal():
    # Issue 15: defenders on all 15 bottom-row hexes passed the crater-only check, and the
    # computer Ogre then failed with "Cannot choose from an empty sequence".
    from ogre.rules.field import ogre_entries
    from ogre.rules.hexes import BOTTOM_ROW
    wall = tuple(Placement(Kind.INFANTRY, h, 1) for h in sorted(BOTTOM_ROW))
    field = Field(standard_board(), (Placement(Kind.CP, 101),) + wall)
    assert ogre_entries(field) == []
    found = validate(field, 3, standard_board())
    assert found[0].code == "no_entry" and found[0].fatal
    assert found[0].message == ("There is no hex where the Ogre can enter! "
                                "Please clear a hex of the bottom row.")
    # one bottom-row hex left free (and not a crater) is enough
    field = Field(standard_board(), (Placement(Kind.CP, 101),) + wall[1:])
    assert ogre_entries(field) == [min(BOTTOM_ROW)]
    assert not [f for f in validate(field, 3, standard_board()) if f.fatal]


def test_e8_x15_mark_iiis_attacking_allows_the_advanced_defense_two_more_armor_units():
    from ogre.rules.field import armor_units, validate
    from ogre.rules.scenarios import MARK_IIIS_ATTACKING
    from ogre.storage.fields import load_predesigned

    field = next(f.field for f in load_predesigned() if f.mark == 5)
    assert armor_units(field) == 20
    heavies = tuple(Placement(Kind.HEAVY, h) for h in (102, 202))
    more = Field(field.board, field.placements + heavies)
    assert [f.code for f in validate(more, 5, field.board)] == ["armor"]
    assert validate(more, MARK_IIIS_ATTACKING, field.board) == []


def _mark_iii_field() -> Field:
    from ogre.storage.fields import load_predesigned
    return next(f.field for f in load_predesigned() if f.mark == 3)


def test_e9_x15_each_battle_has_its_own_allowance():
    from ogre.rules.scenarios import (
        ADVANCED,
        BASIC,
        MARK_III_ON_DEFENSE,
        MARK_IIIS_ATTACKING,
        OGRE_DEFENDING,
        Allowance,
    )
    assert BASIC.allowance == Allowance(12, 20, 20)
    assert ADVANCED.allowance == Allowance(20, 30, 40)
    assert MARK_IIIS_ATTACKING.allowance == Allowance(22, 30, 40)     # 9.02: two more armor
    assert MARK_III_ON_DEFENSE.allowance == Allowance(12, 15, 20)     # 9.01: 15 infantry
    assert OGRE_DEFENDING.allowance == Allowance(6, 10, 10)           # 9.03: half the force


def test_e8_x15_9_01_a_basic_field_has_five_squads_too_many_and_no_defending_ogre():
    from ogre.rules.field import validate
    from ogre.rules.scenarios import MARK_III_ON_DEFENSE
    field = _mark_iii_field()
    found = validate(field, MARK_III_ON_DEFENSE, standard_board())
    assert [f.code for f in found] == ["infantry", "no_watchdog"]
    assert "The defense's Mark III is not on the map" in found[1].message
    assert not any(f.fatal for f in found)


def test_e8_x15_9_01_the_defending_ogre_stands_in_the_obstructed_area():
    from ogre.ai.deploy import defended
    from ogre.rules.field import validate
    from ogre.rules.scenarios import MARK_III_ON_DEFENSE
    field = defended(_mark_iii_field())
    assert validate(field, MARK_III_ON_DEFENSE, standard_board()) == []
    in_the_clear = replace(field, ogres=(1120,))
    assert [f.code for f in validate(in_the_clear, MARK_III_ON_DEFENSE, standard_board())] == [
        "watchdog_clear"]


def test_e8_x15_9_03_the_defense_is_half_the_force_with_its_mark_iii():
    from ogre.ai.deploy import watched
    from ogre.rules.field import validate
    from ogre.rules.scenarios import OGRE_DEFENDING
    full = _mark_iii_field()
    assert [f.code for f in validate(full, OGRE_DEFENDING, standard_board())] == [
        "infantry", "armor", "no_watchdog"]
    assert validate(watched(full), OGRE_DEFENDING, standard_board()) == []


def test_t2_x15_no_ogre_enters_on_the_defending_ogres_hex():
    from ogre.rules.field import ogre_entries
    field = _mark_iii_field()
    bottom = ogre_entries(field)[0]
    assert bottom not in ogre_entries(replace(field, ogres=(bottom,)))


def test_e8_x15_the_1986_checks_never_ask_about_a_defending_ogre():
    from ogre.rules.field import validate
    field = replace(_mark_iii_field(), ogres=(1120,))
    assert validate(field, 3, standard_board()) == []


def test_e8_x15_9_04_a_duel_asks_only_about_the_terrain():
    """A Duel is fought by Ogres alone: the field's units and Command Post stay off the map,
    so only changed terrain is asked about."""
    from ogre.rules.field import validate
    from ogre.rules.scenarios import DUEL
    board = standard_board()
    assert validate(Field(board, ()), DUEL, board) == []
    crater = next(h for h in range(101, 1500) if h % 100 and h not in board.craters
                  and 1 <= h % 100 <= 15)
    changed = Field(board.with_crater(crater, True), ())
    assert [f.code for f in validate(changed, DUEL, board)] == ["terrain"]
