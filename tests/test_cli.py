"""The command line (X13, issue 31 points 7 and 12): --version, a --help for players, players'
names checked by argparse at once, no pygame banner, and "no display found" with a status
rather than a game running invisibly."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from ogre.__main__ import NO_DISPLAY_STATUS, main, parser
from ogre.storage.paths import crash_folder


def run_ogre(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ogre", *args], capture_output=True, text=True,
                          timeout=120, env=env)


def test_x13_version_names_the_game_and_what_it_runs_on_with_no_banner():
    done = run_ogre("--version")
    assert done.returncode == 0
    [line] = done.stdout.splitlines()               # pygame's greeting would be a second line
    assert line.startswith("ogre ") and "pygame-ce " in line and "SDL " in line
    assert "Python " in line and done.stderr == ""


def test_x13_help_has_no_internal_labels_and_says_where_files_live(capsys, tmp_path,
                                                                  monkeypatch):
    monkeypatch.setenv("OGRE_HOME", str(tmp_path))
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    words = capsys.readouterr().out
    assert "(X" not in words and "OGRE_HOME" in words
    for folder in ("data", "config", "log"):
        assert str(tmp_path / folder) in words
    assert "F11" in words


@pytest.mark.parametrize("given, taken", [("Low", "Low"), ("med", "Med"), ("HIGH", "Hi"),
                                          ("my_players.strong:Ogre", "my_players.strong:Ogre")])
def test_x5_a_player_is_a_skill_or_a_module_class(given, taken):
    assert parser().parse_args(["--ogre", given, "--defense", given]).ogre == taken


@pytest.mark.parametrize("given", ["Expert", "", "a b:C", ":Class", "module:"])
def test_x5_an_unknown_player_is_refused_at_once_in_one_sentence(given, capsys, monkeypatch):
    monkeypatch.setattr("ogre.ui.app.App", None)      # never opened
    with pytest.raises(SystemExit) as done:
        main(["--ogre", given])
    assert done.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert error.startswith("ogre: error: argument --ogre: ") and error.endswith(".")
    assert error.count(". ") == 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SDL's fallback is Linux's")
def test_x13_no_display_is_one_sentence_and_a_status(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["XDG_RUNTIME_DIR"] = str(tmp_path)      # no Wayland socket to find by its default name
    env["OGRE_HOME"] = str(tmp_path / "home")
    done = run_ogre("--seed", "1", env=env)
    assert done.returncode == NO_DISPLAY_STATUS
    assert done.stderr.strip().splitlines()[-1] == (
        "ogre: no display found: OGRE needs a desktop to open its window on.")
    assert "Traceback" not in done.stderr


def test_x13_the_dummy_driver_asked_for_by_name_still_opens():
    """Tests and tools ask for SDL's dummy driver explicitly: that is no missing display."""
    code = "from ogre.ui.drawing.window import no_display; print(no_display())"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env=env)
    assert done.stdout.strip() == "None"


def test_x12_a_window_that_will_not_open_is_a_report_and_one_sentence(capsys, monkeypatch,
                                                                       tmp_path):
    monkeypatch.setenv("OGRE_HOME", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")

    def broken(**kwargs):
        raise RuntimeError("the window would not open")
    monkeypatch.setattr("ogre.ui.app.App", broken)
    assert main(["--seed", "1"]) == 1
    [report] = crash_folder().glob("crash-*.txt")
    assert "RuntimeError: the window would not open" in report.read_text(encoding="utf-8")
    err = capsys.readouterr().err.strip()
    assert err == f"ogre: OGRE stopped because of an internal error; its report is in {report}."
