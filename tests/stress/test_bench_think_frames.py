"""The responsiveness bench (issue 17, goal 5): it times the frames drawn while the computer
thinks, in the real app."""

from __future__ import annotations

from stress_helpers import load_tool


def test_frames_are_timed_while_the_computer_thinks(tmp_path):
    bench = load_tool("bench_think_frames")
    frames = bench.think_frames(1, "Low", "defense", tmp_path / "home")
    assert frames and all(f > 0 for f in frames)
