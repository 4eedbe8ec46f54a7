# Skat-en-deux: the two commands are `make play` and `make test`.
# Everything runs from .venv, built from the pinned requirements.txt on first use.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.stamp-requirements

.PHONY: venv test test-fast play bench bundle freeze calibrate clean

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

# pytest exits 5 when it collected no test: that is a failure here too.
test: venv
	@$(VENV)/bin/pytest -q; status=$$?; \
	if [ $$status -eq 5 ]; then echo "pytest collected no tests: failing"; exit 1; fi; \
	exit $$status

# Skip the slow marks (the long heap-locked and benchmark runs) while developing.
test-fast: venv
	@$(VENV)/bin/pytest -q -m "not slow"; status=$$?; \
	if [ $$status -eq 5 ]; then echo "pytest collected no tests: failing"; exit 1; fi; \
	exit $$status

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
