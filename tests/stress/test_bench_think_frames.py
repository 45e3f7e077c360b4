"""The responsiveness bench (issue 17, goal 5): it times the frames drawn while the computer
thinks, in the real app."""

from __future__ import annotations


def test_frames_are_timed_while_the_computer_thinks(tmp_path):
    from tools import bench_think_frames as bench
    frames = bench.think_frames(1, "Low", "defense", tmp_path / "home")
    assert frames and all(f > 0 for f in frames)
