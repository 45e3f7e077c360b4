# For developers: `make play` and `make test` do every set-up step on a fresh machine, in a .venv
# inside the checkout. Players need no make: `pipx install .` or `uv tool install .` (README).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Which Python this is: its version and the interpreter underneath any venv, the same for $(PY)
# and for the .venv's python when the .venv was made from it.
WHICH := import os, sys; print(sys.version.split()[0], os.path.realpath(sys._base_executable))

.PHONY: play test test-all lint typecheck bench dist clean

# A .venv made by another Python (another version, or one since removed) fails in odd ways:
# say so and make it again.
ifneq ($(wildcard $(VENV)/pyvenv.cfg),)
WANT := $(shell $(PY) -c '$(WHICH)' 2>/dev/null)
HAVE := $(shell $(BIN)/python -c '$(WHICH)' 2>/dev/null)
ifneq ($(WANT),$(HAVE))
$(info .venv was made by another Python ($(or $(HAVE),one that no longer runs)); making it again with $(PY) ($(WANT)))
$(shell rm -rf $(VENV))
endif
endif

$(BIN)/activate:
	@$(PY) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || \
	  { echo "OGRE needs Python 3.11 or newer as $(PY); name another: make PY=python3.12 ..."; exit 1; }
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# the game alone, for `make play`
$(VENV)/.game: pyproject.toml $(BIN)/activate
	$(BIN)/pip install --quiet -e .
	touch $@

# the game, the test tools and the pinned lint tools (pyproject.toml's dev group: pip >= 25.1)
$(VENV)/.installed: pyproject.toml $(BIN)/activate
	$(BIN)/pip install --quiet -e '.[test]' --group dev
	touch $@ $(VENV)/.game

play: $(VENV)/.game
	$(BIN)/python -m ogre

# ruff and mypy first: a finding fails fast, before the suite (doctests included), on every
# core (pytest-xdist). The long stress runs and the standalone build's smoke test (marked
# `slow`) wait for `make test-all`, which CI runs (.ci/run) after building the game.
test: lint typecheck
	$(BIN)/python -m pytest -n auto -m "not slow" --durations=15

test-all: lint typecheck dist
	OGRE_DIST_REQUIRED=1 $(BIN)/python -m pytest -n auto --durations=15

# The standalone game: dist/ogre/ with its `ogre` executable, and that folder packed
# as dist/ogre-VERSION-SYSTEM-MACHINE.tar.gz; the spec is tools/standalone/ogre.spec.
$(VENV)/.dist: pyproject.toml $(VENV)/.game
	$(BIN)/pip install --quiet --group dist
	touch $@

dist: $(VENV)/.dist
	$(BIN)/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
	  tools/standalone/ogre.spec
	tar -C dist -czf "dist/ogre-$$($(BIN)/python -c 'from ogre.version import game_version; \
	  print(game_version())')-$$(uname -s | tr A-Z a-z)-$$(uname -m).tar.gz" ogre

lint: $(VENV)/.installed
	$(BIN)/ruff check ogre tests tools

# strict on ogre/rules and ogre/storage, the default mode elsewhere (pyproject.toml)
typecheck: $(VENV)/.installed
	$(BIN)/mypy

bench: $(VENV)/.installed
	$(BIN)/python -m tools.bench_rules

clean:
	rm -rf $(VENV) build dist *.egg-info
