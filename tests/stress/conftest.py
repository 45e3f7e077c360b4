"""Stress tests drive the real app under SDL's dummy drivers, with a private OGRE_HOME each."""

import importlib.util
import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def load_tool(name: str):
    """Import tools/<name>.py as a module (tools/ is not a package)."""
    key = f"ogre_tool_{name}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """Preferences, fields and saves go to a temporary folder, never the user's."""
    monkeypatch.setenv("OGRE_HOME", str(tmp_path / "home"))
