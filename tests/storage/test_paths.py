"""Where files go: platformdirs, or OGRE_HOME for tests and the monkey runner."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ogre.storage import FieldStore, GameStore, paths


def test_ogre_home_holds_data_and_config(tmp_path, monkeypatch):
    monkeypatch.setenv("OGRE_HOME", str(tmp_path))
    assert paths.fields_folder() == tmp_path / "data" / "fields"
    assert paths.games_folder() == tmp_path / "data" / "games"
    assert paths.preferences_folder() == tmp_path / "config"
    assert FieldStore.default().folder == tmp_path / "data" / "fields"
    assert GameStore.default().folder == tmp_path / "data" / "games"
    assert not (tmp_path / "data").exists()           # finding a folder never creates it


def test_without_ogre_home_the_platform_folders_are_used(monkeypatch):
    monkeypatch.delenv("OGRE_HOME", raising=False)
    assert "ogre1986" in paths.user_data_folder().parts
    assert "ogre1986" in paths.user_config_folder().parts
    assert paths.fields_folder().parent == paths.user_data_folder()


def test_an_empty_ogre_home_is_ignored(monkeypatch):
    monkeypatch.setenv("OGRE_HOME", "  ")
    assert "ogre1986" in paths.user_data_folder().parts


def test_storage_does_not_import_pygame():
    code = "import sys, ogre.storage; sys.exit('pygame' in sys.modules)"
    root = Path(__file__).resolve().parents[2]
    assert subprocess.run([sys.executable, "-c", code], cwd=root).returncode == 0


def test_storage_never_pickles():
    src = Path(__file__).resolve().parents[2] / "ogre" / "storage"
    for path in src.glob("*.py"):
        assert "pickle" not in path.read_text(), path.name
