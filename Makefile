# `make run` and `make test` set up .venv from pyproject.toml by themselves.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test cluster bench lint docs clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,sandbox,dev]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot

test: $(STAMP)
	$(PY) -m pytest

# N bot processes on one PostgreSQL database (RUMMY_DB, else a local server in data/postgres).
N ?= 2
cluster: $(STAMP)
	$(PY) -m bot.cluster $(N)

bench: $(STAMP)
	$(PY) -m pip install --quiet -e '.[bench]'
	@failed=""; for b in benchmarks/bench_*.py; do echo "== $$b"; \
		$(PY) -m benchmarks.$$(basename $$b .py) --quick || failed="$$failed $$b"; done; \
	if [ -n "$$failed" ]; then echo "targets not met or failed:$$failed"; exit 1; fi

docs: $(STAMP)
	$(PY) -m cogs.rules_docs

lint: $(STAMP)
	$(PY) -m ruff check engine bot cogs card_images tests benchmarks
	$(PY) -m mypy
	$(VENV)/bin/lint-imports

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
