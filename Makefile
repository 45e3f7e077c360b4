# `make play` and `make test` do every set-up step on a fresh machine.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test lint typecheck bench clean

$(BIN)/activate:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml $(BIN)/activate
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

play: $(VENV)/.installed
	$(BIN)/python -m ogre

# ruff and mypy first: a finding fails fast, before the five-minute suite (doctests included)
test: lint typecheck
	$(BIN)/python -m pytest

lint: $(VENV)/.installed
	$(BIN)/ruff check ogre tests tools

# strict on ogre/rules and ogre/storage, the default mode elsewhere (pyproject.toml)
typecheck: $(VENV)/.installed
	$(BIN)/mypy

bench: $(VENV)/.installed
	$(BIN)/python tools/bench_rules.py

clean:
	rm -rf $(VENV) build dist *.egg-info
