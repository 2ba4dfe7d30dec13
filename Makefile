# The two set-up commands: `make run` (the main job on the bundled corpus) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# CI (CI=true) runs the slow cross-checks too; locally they are skipped. The tests run on every core
# (pytest-xdist); `make test XDIST_ARGS=` runs them in one process.
PYTEST_ARGS ?= $(if $(CI),,-m "not slow")
XDIST_ARGS ?= -n auto --dist loadgroup

.PHONY: run test bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/agentgen-sym run --corpus corpus/domains --out out

test: $(STAMP)
	$(BIN)/python -m pytest -q $(XDIST_ARGS) $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python bench/parse.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
