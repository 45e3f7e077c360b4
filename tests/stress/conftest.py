"""Stress tests drive the real app under SDL's dummy drivers, with a private OGRE_HOME each."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["OGRE_LISTEN"] = "127.0.0.1"     # a network game the monkey hosts stays local

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """Preferences, fields and saves go to a temporary folder, never the user's."""
    monkeypatch.setenv("OGRE_HOME", str(tmp_path / "home"))
