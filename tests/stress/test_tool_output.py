"""The long tools' progress line and results files (issue 31, point 15): a count and the time
left on a terminal only, and the run as JSON or CSV beside the report."""

import io
import json

import pytest

from tools import progress, results


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_line_says_the_count_the_share_and_the_time_left():
    assert progress.line("fuzz_saves", 30, 120, 60.0, "files") == \
        "fuzz_saves: 30/120 files (25%), about 3 min 00 s left"
    assert progress.line("monkey", 0, 10, 5.0) == "monkey: 0/10 (0%)"
    assert progress.line("monkey", 10, 10, 5.0) == "monkey: 10/10 (100%)"
    assert progress.clock(59.4) == "59 s" and progress.clock(7300) == "2 h 01 min"


def test_off_a_terminal_the_progress_writes_nothing():
    log = io.StringIO()                       # a pipe, a log file, a test's capture
    shown = progress.Progress(3, "arena", stream=log)
    for _ in range(3):
        shown.tick()
    shown.close()
    assert log.getvalue() == ""


def test_on_a_terminal_one_line_is_redrawn_and_wiped_at_the_end():
    term = Terminal()
    shown = progress.Progress(4, "Ogre Hi vs defense Med", unit="games", stream=term)
    shown.tick()                              # the first tick draws at once
    shown.tick(3)                             # the last one always draws
    assert "\rOgre Hi vs defense Med: 1/4 games (25%), about" in term.getvalue()
    assert "4/4 games (100%)" in term.getvalue() and "\n" not in term.getvalue()
    shown.close()
    assert term.getvalue().endswith("\r")     # wiped: the report starts on a clean line


@pytest.mark.parametrize("suffix", [".json", ".csv"])
def test_a_results_file_gives_back_its_rows(tmp_path, suffix):
    out = tmp_path / f"run{suffix}"
    rows = [{"game": 0, "ogre_win": 1}, {"game": 1, "ogre_win": 0}]
    results.write(out, {"tool": "arena", "seed": 3, "pairings": [{"wins": 1}]}, rows)
    back = results.read_rows(out)
    assert [int(r["ogre_win"]) for r in back] == [1, 0]
    if suffix == ".csv":                      # each row carries the run's plain values
        assert back[0]["tool"] == "arena" and back[0]["seed"] == "3"
    else:
        assert json.loads(out.read_text())["pairings"] == [{"wins": 1}]


def test_an_unknown_results_kind_is_refused_in_one_sentence_before_the_run():
    with pytest.raises(SystemExit, match="must end in .json or .csv"):
        results.check_path("run.xlsx")


def test_fuzz_saves_writes_its_counts(tmp_path, capsys):
    from tools import fuzz_saves as fuzz
    out = tmp_path / "fuzz.json"
    assert fuzz.main(["--files", "6", "--battles", "1", "--ui-every", "0", "--out", str(out)]) == 0
    run = json.loads(out.read_text())
    assert run["tool"] == "fuzz_saves" and run["files"] == 6 and run["failures"] == 0
    assert run["played"] + run["refused"] == 6
    assert "results:" in capsys.readouterr().out


def test_the_monkey_writes_its_counts(tmp_path, capsys):
    from tools import monkey
    out = tmp_path / "monkey.csv"
    assert monkey.main(["--events", "60", "--seed", "5", "--home", str(tmp_path / "h"),
                        "--out", str(out)]) == 0
    row = results.read_rows(out)[0]
    assert row["tool"] == "monkey" and int(row["events"]) >= 60
    assert (row["exceptions"], row["freezes"], row["problems"]) == ("0", "0", "0")
