"""How the game installs (issue 31, points 1-3; X13): players install it without make, the
Makefile installs the game alone for `make play` and makes a .venv of another Python again, the
package says its licence and whom it is for, and the lint tools are pinned outside the published
extras."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def _dry_run(folder: Path, target: str) -> str:
    """`make -n target` on a copy of the Makefile in folder: what it would do."""
    shutil.copy(ROOT / "Makefile", folder / "Makefile")
    shutil.copy(ROOT / "pyproject.toml", folder / "pyproject.toml")
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAKE")}
    done = subprocess.run(["make", "-n", target, f"PY={sys.executable}"], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=60)
    return done.stdout + done.stderr


def _venv_of(folder: Path, version: str) -> None:
    """A .venv whose python says it is another Python."""
    bin_ = folder / ".venv" / "bin"
    bin_.mkdir(parents=True)
    (folder / ".venv" / "pyvenv.cfg").write_text(f"version = {version}\n")
    python = bin_ / "python"
    python.write_text(f"#!/bin/sh\necho {version} /somewhere/else/python\n")
    python.chmod(python.stat().st_mode | stat.S_IEXEC)
    (bin_ / "activate").write_text("")


@needs_make
def test_x13_make_play_installs_the_game_alone(tmp_path):
    plan = _dry_run(tmp_path, "play")
    assert "pip install --quiet -e .\n" in plan and "[test]" not in plan and "--group" not in plan


@needs_make
def test_x13_make_test_installs_the_test_and_pinned_lint_tools(tmp_path):
    plan = _dry_run(tmp_path, "lint")
    assert "pip install --quiet -e '.[test]' --group dev" in plan


@needs_make
def test_x13_a_venv_made_by_another_python_is_made_again(tmp_path):
    _venv_of(tmp_path, "3.99.0")
    plan = _dry_run(tmp_path, "play")
    assert ".venv was made by another Python (3.99.0 /somewhere/else/python)" in plan
    assert f"{sys.executable} -m venv .venv" in plan
    assert not (tmp_path / ".venv").exists()


@needs_make
def test_x13_a_venv_of_this_python_is_kept(tmp_path):
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(tmp_path / ".venv")],
                   check=True, timeout=60)
    plan = _dry_run(tmp_path, "play")
    assert "another Python" not in plan and "-m venv" not in plan
    assert (tmp_path / ".venv" / "pyvenv.cfg").exists()


def test_x13_players_install_with_pipx_or_uv_and_start_with_ogre():
    readme = (ROOT / "README.md").read_text()
    first_screen = "\n".join(readme.splitlines()[:30])
    assert "pipx install ." in first_screen and "uv tool install ." in first_screen
    assert PROJECT["project"]["scripts"]["ogre"] == "ogre.__main__:main"


def test_the_package_says_its_licence_authors_and_audience():
    project = PROJECT["project"]
    assert project["license"] == "MIT" and (ROOT / "LICENSE").read_text().startswith("MIT")
    assert project["license-files"] == ["LICENSE"] and project["authors"]
    classifiers = set(project["classifiers"])
    assert {f"Programming Language :: Python :: 3.{m}" for m in (11, 12, 13)} <= classifiers
    assert "Intended Audience :: End Users/Desktop" in classifiers
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    # PEP 639: the expression replaces the licence classifiers, which tools now refuse beside it
    assert not any(c.startswith("License ::") for c in classifiers)
    assert "trademark of Steve Jackson Games" in (ROOT / "README.md").read_text()


def test_lint_tools_are_pinned_in_the_dev_group_not_the_published_extras():
    dev = PROJECT["dependency-groups"]["dev"]
    assert {d.split("==")[0] for d in dev} == {"ruff", "mypy"} and all("==" in d for d in dev)
    published = " ".join(sum(PROJECT["project"]["optional-dependencies"].values(), []))
    assert "ruff" not in published and "mypy" not in published


def test_the_lower_bounds_are_the_versions_the_suite_was_run_on():
    deps = " ".join(PROJECT["project"]["dependencies"])
    figures = (ROOT / "docs" / "performance.md").read_text()
    for name, floor in (("pygame-ce", "2.5.0"), ("pydantic", "2.0.3"), ("platformdirs", "3.0")):
        assert f"{name}>={floor}" in deps
        assert f"{name} {floor}" in figures          # with the run that tried it
