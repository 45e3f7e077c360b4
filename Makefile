# `make play` and `make test` do every set-up step on a fresh machine.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test bench clean

$(BIN)/activate:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml $(BIN)/activate
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

play: $(VENV)/.installed
	$(BIN)/python -m ogre

test: $(VENV)/.installed
	$(BIN)/python -m pytest

bench: $(VENV)/.installed
	$(BIN)/python tools/bench_rules.py

clean:
	rm -rf $(VENV) build dist *.egg-info
