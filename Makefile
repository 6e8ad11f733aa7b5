PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NOTEBOOKS_STAMP := $(VENV)/.notebooks

.PHONY: run test bench targets notebooks example clean

$(STAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "error: $(PYTHON) not found; install Python 3.11 or run 'make PYTHON=python3 ...'"; exit 2; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/arkmc run --resume
	$(BIN)/arkmc report runs/demo --out reports/demo.html
	@echo "watch a game of it: $(BIN)/arkmc replay runs/demo 0 (writes reports/demo-game-0.html)"
	@echo "more commands: $(BIN)/arkmc --help (or 'source $(BIN)/activate' first, then arkmc --help)"

# The replay and report tests open their pages in headless Chromium: scripts/setup/chromium.sh finds it, or installs
# it with apt-get as root on Debian (as .ci/run does), or stops naming the one command to run.
test: $(STAMP)
	@sh scripts/setup/chromium.sh >/dev/null
	$(BIN)/ruff check sim heuristics tests scripts
	$(BIN)/mypy
	ARKMC_CHROMIUM=$$(sh scripts/setup/chromium.sh) $(BIN)/pytest -n 2

# reports/example-demo.html made again: the demo played afresh from this tree in a scratch folder, then reported
# (tests/install/test_example_report.py fails when the kept page no longer matches)
example: $(STAMP)
	$(BIN)/python scripts/reports/example_report.py

bench: $(STAMP)
	$(BIN)/python scripts/checks/bench.py

# a new bot against an old one side by side: the targets (strength, speed, opening keep) and the tracked
# figures (realism, solo) of docs/bots.md (not part of `make test`; about 10 minutes on 2 cores):
# make targets TARGETS="--new default --old heuristic_v1 --json reports/targets.json"
TARGETS ?=
targets: $(STAMP)
	$(BIN)/python scripts/checks/bot_targets.py $(TARGETS)

# JupyterLab (the notebooks extra) on the notebooks folder; the notebooks read the demo run, finished first
$(NOTEBOOKS_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[notebooks]'
	@touch $(NOTEBOOKS_STAMP)

notebooks: $(NOTEBOOKS_STAMP)
	$(BIN)/arkmc run --resume
	$(BIN)/jupyter lab --ServerApp.root_dir=notebooks $$([ "$$(id -u)" = 0 ] && echo --ServerApp.allow_root=True)

clean:
	rm -rf $(VENV)
