# Every target creates .venv and installs what it needs, so each works on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The oldest Python the bot runs on, as pyproject.toml's requires-python says.
PY_OK := import sys; sys.exit(sys.version_info < (3, 11))
# A .venv whose interpreter is older than that, or gone (made by another Python), is rebuilt.
VENV_STALE := $(shell [ -d $(VENV) ] && ! $(BIN)/python -c '$(PY_OK)' >/dev/null 2>&1 && echo yes)
# Running the bot needs only the package; extras on request: make install EXTRAS=postgres.
# The tools (tests, linters, type checker, the PostgreSQL driver the tests use) come with .[dev].
EXTRAS ?=
STAMP := $(VENV)/.installed$(if $(EXTRAS),-$(EXTRAS))
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: install native run test lint typecheck pytest play bench fuzz sim docs clean

# pyvenv.cfg is written when the .venv is made: a plain file whose time tells a rebuilt one. A venv
# that fails half-made (Debian without python3-venv) is removed, so the next run starts afresh.
VENV_MADE := $(VENV)/pyvenv.cfg

$(VENV_MADE): $(if $(VENV_STALE),FORCE)
	@$(PYTHON) -c '$(PY_OK)' 2>/dev/null || { echo "The bot needs Python 3.11 or newer, but $(PYTHON) is \
	$$($(PYTHON) --version 2>/dev/null || echo missing). Install one and run e.g.: make $(or $(MAKECMDGOALS),install) PYTHON=python3.12" >&2; exit 1; }
	$(if $(VENV_STALE),@echo "$(VENV) was made by a Python older than 3.11 or one that is gone: rebuilding it."; rm -rf $(VENV))
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml $(VENV_MADE)
	$(BIN)/python -m pip install --quiet -e .
	touch $@

# With extras the package is there too, so the plain stamp is brought up to date with it.
$(VENV)/.installed-%: pyproject.toml $(VENV_MADE)
	$(BIN)/python -m pip install --quiet -e '.[$*]'
	touch $@ $(VENV)/.installed

install: $(STAMP)

# The Space Base engine's hot modules compiled to C by mypyc (engine/native.py): a no-op while the
# compiled copies match their sources; without a C compiler the engine stays plain Python. Each
# target names it after its install stamp, which brings mypyc.
native:
	@$(BIN)/python scripts/build_native.py

# The bot's own line says what went wrong. GNU make then adds "make: *** [...] Error N" for any
# recipe that fails: only an ignored failure goes unreported, and that would make `make run` exit 0.
run: $(STAMP) native
	@$(BIN)/python -m bot

test: $(DEV_STAMP) lint typecheck pytest

lint: $(DEV_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(DEV_STAMP)
	$(BIN)/mypy

pytest: $(DEV_STAMP) native
	$(BIN)/python -m pytest

# make play GAME=spacebase PLAYERS=Ann,Bob (every game: exobase, colony, spacebase, europa)
GAME ?= exobase
PLAYERS ?= $(if $(filter spacebase europa,$(GAME)),Ann$(comma)Bob,Captain)
comma := ,
play: $(STAMP) native
	$(BIN)/exobase play $(GAME) --players $(PLAYERS)

bench: $(DEV_STAMP) native
	$(BIN)/python -m bench

# The random-interaction fuzz alone (100,000 interactions, as in `make test`).
fuzz: $(DEV_STAMP)
	FUZZ_INTERACTIONS=100000 $(BIN)/python -m pytest tests/bot/test_fuzz.py

sim: $(STAMP) native
	$(BIN)/exobase sim exobase --games 1000 --policy greedy --mode normal --seed 1
	$(BIN)/exobase sim colony --games 1000 --policy greedy --players 2 --scenario verdance --seed 1
	$(BIN)/exobase sim spacebase --games 1000 --policy greedy --players 3 --seed 1
	$(BIN)/exobase sim spacebase --games 1000 --policy greedy --players 3 --expansion genesis --seed 1
	$(BIN)/exobase sim europa --games 1000 --policy greedy --players 3 --seed 1
	$(BIN)/exobase sim europa --games 1000 --policy greedy --players 3 --invaders --seed 1

docs: $(STAMP)
	$(BIN)/exobase docs exobase
	$(BIN)/exobase docs colony
	$(BIN)/exobase docs spacebase
	$(BIN)/exobase docs europa

FORCE:

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
