# The two set-up commands: `make run` (the main job on the bundled corpus) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-dev
# CI (CI=true) runs the slow cross-checks too, and the consumers' version matrix (.ci/matrix.py: each adapter's
# tests against the oldest and latest releases it supports, a venv each); locally they are skipped. The tests run
# on every core (pytest-xdist); `make test XDIST_ARGS=` runs them in one process.
PYTEST_ARGS ?= $(if $(CI),,-m "not slow")
XDIST_ARGS ?= -n auto --dist loadgroup

.PHONY: run test bench clean

# Each install compiles the numba kernels into numba's cache (planners/kernel_cache.py), so no run pauses
# for it. `make run` installs the package alone (the main job needs no extra); `make test` the dev extras (anchors,
# server, Ray, Fast Downward, pytest, datasets), which include everything the run needs.
$(RUN_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	$(BIN)/python -c 'from agentgen_sym.planners import kernels; kernels.compile_now()'
	touch $(RUN_STAMP)

$(TEST_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/python -c 'from agentgen_sym.planners import kernels; kernels.compile_now()'
	touch $(TEST_STAMP) $(RUN_STAMP)

run: $(RUN_STAMP)
	$(BIN)/agentgen-sym run --corpus corpus/domains --out out

test: $(TEST_STAMP)
	$(BIN)/python -m pytest -q $(XDIST_ARGS) $(PYTEST_ARGS)
	$(if $(CI),$(BIN)/python .ci/matrix.py)

bench: $(TEST_STAMP)
	$(BIN)/python bench/parse.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
