# Skat-en-deux: the two commands are `make play` and `make test`.
# Everything runs from .venv, built from the pinned requirements.txt on first use.
# Test tiers (tests/conftest.py, README "Tests"): `make test` (what a newcomer runs, minutes),
# `make test-all` (everything, CI: .ci/run), `make measure` (the README's measured figures).

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.stamp-requirements

.PHONY: venv test test-all measure play bench bundle freeze calibrate clean

START := $(shell date +%s)

venv: $(STAMP)

# Rebuilt when requirements.txt changes; a half-built venv is removed so the next
# run starts clean instead of trusting it.
$(STAMP): requirements.txt
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "$(PYTHON) not found (set PYTHON=...)"; exit 1; }
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11+ needed: rm -rf $(VENV); make PYTHON=python3.11")'
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt \
	    || { rm -f $(STAMP); exit 1; }
	@touch $(STAMP)

# pytest exits 5 when it collected no test: that is a failure here too. The time printed
# runs from the start of make, so it includes building the venv.
pytest = $(VENV)/bin/pytest -q $(1); status=$$?; \
	if [ $$status -eq 5 ]; then echo "pytest collected no tests: failing"; status=1; fi; \
	t=$$(( $$(date +%s) - $(START) )); \
	echo "make $@: $$((t / 60)) min $$((t % 60)) s (from the start of make, venv included)"; \
	exit $$status

# Tests run on a worker per core (pytest-xdist; JOBS=0: all in this one process). worksteal:
# each worker starts on its half of the tests in file order, so the tests of a module (and
# the fixture they share: a drive, a bench run) mostly stay on one worker.
JOBS   ?= auto
XDIST  := -n $(JOBS) --dist worksteal

# Every rule, record, engine, solver, bot and app test on the PyBadge, the heap-locked
# proofs, the device budgets where CircuitPython's interpreter is found.
test: venv
	@$(call pytest,$(XDIST) -m "not slow and not measure")

# Everything but the measurements: every board and language, fuzzing, every-frame
# rendering, the full brute-force comparisons, the WASI tours.
test-all: venv
	@$(call pytest,$(XDIST) -m "not measure")

# Measurements that assert nothing a release depends on; they print the README's figures.
measure: venv
	@$(call pytest,-s -m measure)

play: venv
	$(PY) -m sim play $(ARGS)

bench: venv
	$(PY) -m sim bench $(ARGS)

bundle: venv
	$(PY) -m sim bundle $(ARGS)

# Our packages and a manifest for freezing them into a CircuitPython firmware (README).
freeze: venv
	$(PY) -m sim freeze $(ARGS)

calibrate: venv
	$(PY) -m sim calibrate $(ARGS)

clean:
	rm -rf $(VENV) dist .pytest_cache .hypothesis
