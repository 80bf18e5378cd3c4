# Everyday commands. Each one creates the virtual environment first if it is missing or stale.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export NO_MKDOCS_2_WARNING := 1

.PHONY: help serve build test test-fast lint bench snapshots check check-portable clean preview-zensical

## help: list these commands
help:
	@sed -n 's/^## //p' $(MAKEFILE_LIST)

# The tooling itself (src/fieldguide, and the helper packages under snippets/) is installed editable,
# so every interpreter of the environment imports it from the working tree.
$(VENV)/.runtime: requirements.txt pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $@

$(VENV)/.test: requirements-test.txt requirements-zensical.txt $(VENV)/.runtime
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
	touch $@

## serve: build and serve the site on http://127.0.0.1:8000; a save rebuilds only what changed
serve: $(VENV)/.runtime
	$(PY) -m properdocs serve -f mkdocs.yml --dirty --dev-addr 127.0.0.1:8000

## build: strict build into site/ (runs snippets that changed, fails on any error or drift)
build: $(VENV)/.runtime
	$(PY) -m properdocs build -f mkdocs.yml --strict

## test: lint, type-check, every snippet against its snapshot (each one run again whose inputs changed; from a clean clone, all), then the test suite
test: lint
	$(PY) -m fieldguide.engine check
	$(PY) -m pytest -n 2 --dist loadscope --no-loadscope-reorder

## test-fast: the tests that build no site and drive no browser (about a minute): the edit loop
test-fast: $(VENV)/.test
	$(PY) -m pytest -m "not slow" -x -q

## lint: ruff (lint and format), mypy
lint: $(VENV)/.test
	$(PY) -m ruff check src scripts snippets drills tests
	$(PY) -m ruff format --check src scripts drills tests
	$(PY) -m mypy src scripts

## snapshots: re-run every snippet and rewrite the committed snapshots (after a deliberate change)
snapshots: $(VENV)/.runtime
	$(PY) -m fieldguide.engine update

## check: compare every snippet with its snapshot, using the cache
check: $(VENV)/.runtime
	$(PY) -m fieldguide.engine check

## check-portable: the snapshot check again under every other set of CPU kernels this CPU can run
check-portable: $(VENV)/.runtime
	$(PY) -m fieldguide.engine.portability

## drill: run the drills in order and show the first unsolved one (NAME=<drill>: that one; DRILL_LANG=zh: in Chinese)
drill: $(VENV)/.runtime
	$(PY) -m drills.run $(NAME)

## bench: measure render floor, naive, cold, warm and one-edit builds, then make test, in one run
bench: $(VENV)/.test
	$(PY) scripts/bench.py

## preview-zensical: the English edition built by Zensical into site-zensical/, outputs embedded
preview-zensical: $(VENV)/.zensical
	$(PY) scripts/zensical_preview.py

$(VENV)/.zensical: requirements-zensical.txt $(VENV)/.runtime
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-zensical.txt
	touch $@

clean:
	rm -rf site site-zensical .cache
