# hgrag — two commands for newcomers: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.hgrag-installed
DEMO_QUESTION ?= Who wrote "Fundamentals of crystallization at oil-brine interfaces for conformance control and oil spill remediation applications"?

.PHONY: install demo test test-unit bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --disable-pip-version-check torch==2.13.0
	$(BIN)/pip install -q --disable-pip-version-check -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

demo: install
	$(BIN)/hgrag build --dataset openalex
	$(BIN)/hgrag ask '$(DEMO_QUESTION)' --dataset openalex

test: install
	$(BIN)/python -m pytest -q -rs

test-unit: install
	$(BIN)/python -m pytest -q -m "not integration"

bench: install
	$(BIN)/python benchmarks/run_all.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache
