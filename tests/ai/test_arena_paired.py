"""The arena's results file and its paired comparison (X2, issue 31 point 15): two players on
the same seeds are compared game by game, as their games share fields and dice."""

import json

import pytest

from tools import arena, paired


def test_x2_pairs_count_the_games_decided_differently():
    p = paired.pair([True, True, False, False, True], [True, False, False, True, False])
    assert (p.n, p.both, p.first_only, p.second_only, p.neither) == (5, 1, 2, 1, 1)
    assert p.difference == pytest.approx(0.2)
    lo, hi = p.interval()
    assert lo < p.difference < hi


def test_x2_mcnemar_exact_p_is_the_sign_test_on_the_discordant_games():
    assert paired.pair([True] * 10, [True] * 10).p_value == 1.0      # nothing discordant
    # 9 of 10 discordant games one way: 2 * (1 + 10) / 1024
    p = paired.Paired(30, 10, 9, 1, 10)
    assert p.p_value == pytest.approx(22 / 1024)
    assert paired.Paired(30, 10, 1, 9, 10).p_value == p.p_value      # two-sided


def test_x2_unequal_runs_are_not_paired():
    with pytest.raises(ValueError):
        paired.pair([True], [True, False])


def test_x2_compare_plays_the_other_ogre_on_the_same_seeds_and_writes_every_game(tmp_path,
                                                                                capsys):
    out = tmp_path / "run.json"
    assert arena.main(["--ogre", "Low", "--defense", "Low", "--compare-ogre", "Med",
                       "--games", "2", "--seed", "4", "--jobs", "1", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Paired on 2 seeds" in text and "McNemar exact p" in text
    run = json.loads(out.read_text())
    low = [r for r in run["rows"] if r["ogre"] == "Low"]
    med = [r for r in run["rows"] if r["ogre"] == "Med"]
    assert [r["game_seed"] for r in low] == [r["game_seed"] for r in med] != []
    assert [p["ogre"] for p in run["pairings"]] == ["Low", "Med"]
    assert all(r["ogre_win"] in (0, 1) and r["result"] for r in run["rows"])


def test_x2_paired_compares_two_earlier_runs_by_seed(tmp_path, capsys):
    first, second = tmp_path / "a.csv", tmp_path / "b.json"
    for path, ogre in ((first, "Low"), (second, "Med")):
        arena.main(["--ogre", ogre, "--defense", "Low", "--games", "2", "--seed", "4",
                    "--jobs", "1", "--out", str(path)])
    capsys.readouterr()
    assert paired.main([str(first), str(second)]) == 0
    assert "Paired on 2 seeds" in capsys.readouterr().out


def test_x2_paired_pools_runs_on_several_seeds_and_refuses_a_seed_read_twice(tmp_path, capsys):
    runs = {}
    for ogre in ("Low", "Med"):
        for seed in ("4", "5"):
            runs[ogre, seed] = tmp_path / f"{ogre}{seed}.json"
            arena.main(["--ogre", ogre, "--defense", "Low", "--games", "2", "--seed", seed,
                        "--jobs", "1", "--out", str(runs[ogre, seed])])
    capsys.readouterr()
    low = f"{runs['Low', '4']},{runs['Low', '5']}"
    med = f"{runs['Med', '4']},{runs['Med', '5']}"
    assert paired.main([low, med]) == 0
    assert "Paired on 4 seeds" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="seeds already read"):
        paired.main([f"{runs['Low', '4']},{runs['Low', '4']}", med])


def test_x2_a_file_of_several_pairings_is_refused_in_one_sentence(tmp_path):
    both = tmp_path / "both.json"
    arena.main(["--ogre", "Low", "--defense", "Low", "--compare-defense", "Med", "--games", "1",
                "--jobs", "1", "--out", str(both)])
    with pytest.raises(SystemExit, match="several pairings"):
        paired.main([str(both), str(both)])


def test_x15_the_arena_plays_every_battle_with_the_optional_rules_named(tmp_path, capsys):
    out = tmp_path / "run.json"
    assert arena.main(["--ogre", "Low", "--defense", "Low", "--games", "2", "--jobs", "1",
                       "--time-limit", "12", "--crawler", "--hardened-cp", "2",
                       "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "Time Limit 12 turns, Command Crawler, Hardened CP (defense 2)" in said
    run = json.loads(out.read_text())
    assert run["optional_rules"].startswith("Time Limit 12 turns")
    assert all(r["turns"] <= 12 for r in run["rows"])


def test_x15_the_arena_refuses_a_time_limit_it_does_not_offer(capsys):
    with pytest.raises(SystemExit):
        arena.main(["--time-limit", "7", "--games", "1"])
    assert "invalid choice" in capsys.readouterr().err


def test_x15_the_arena_plays_a_scenario_by_name_and_lists_them(tmp_path, capsys):
    assert arena.main(["--scenario", "list"]) == 0
    listed = capsys.readouterr().out
    assert "mark-iiis-attacking" in listed and "Mark IIIs Attacking" in listed
    out = tmp_path / "run.json"
    assert arena.main(["--scenario", "mark-iiis-attacking", "--ogre", "Low", "--defense", "Low",
                       "--games", "2", "--jobs", "1", "--out", str(out)]) == 0
    run = json.loads(out.read_text())
    assert run["scenario"] == "mark-iiis-attacking" and run["mark"] == 5
    assert len(run["rows"]) == 2 and all(r["result"] for r in run["rows"])
    with pytest.raises(SystemExit):
        arena.main(["--scenario", "duel-of-ten", "--games", "1"])
    assert "invalid choice" in capsys.readouterr().err
