"""UI tests drive the real app under SDL's dummy drivers with synthetic events."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["OGRE_LISTEN"] = "127.0.0.1"     # a network game hosted in a test stays on this computer

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """Preferences, fields and saves go to a temporary folder, never the user's."""
    monkeypatch.setenv("OGRE_HOME", str(tmp_path / "home"))
