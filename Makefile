# Every target creates .venv and installs what it needs, so each works on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test lint typecheck pytest play bench sim docs clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/python -m pytest

play: $(STAMP)
	$(BIN)/exobase play exobase

bench: $(STAMP)
	$(BIN)/python -m bench

sim: $(STAMP)
	$(BIN)/exobase sim exobase --games 1000 --policy greedy --mode normal --seed 1
	$(BIN)/exobase sim colony --games 1000 --policy greedy --players 2 --scenario verdance --seed 1

docs: $(STAMP)
	$(BIN)/exobase docs exobase
	$(BIN)/exobase docs colony

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
