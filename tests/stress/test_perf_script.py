"""The performance script (issue 8) measures what it says: a broken row is a defect."""

from tools import perf


def test_think_times_give_a_median_and_worst_for_each_side_of_a_level():
    rows = perf.think_times(["Low"], games=1, seed=1)
    assert [name for name, _, _ in rows] == ["think time, Ogre Low, per turn",
                                            "think time, defence Low, per turn"]
    for _, figure, how in rows:
        assert figure.startswith("median ") and " ms, worst " in figure, figure
        assert "turns in 1 game" in how


def test_rules_speed_counts_games_per_second():
    figure, how = perf.rules_speed(2)
    assert float(figure.split()[0]) > 0 and figure.endswith("games/s")
    assert how.startswith("2 random Mark III games")
