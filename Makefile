VENV = .venv
PY = $(VENV)/bin/python
# the engine: the standard library only, typed strictly
ENGINE = spades/game.py spades/rules.py spades/cards.py spades/actions.py \
	spades/observation.py spades/record.py spades/scoring.py spades/chance.py spades/errors.py \
	spades/eventlog.py

.PHONY: install play serve test bench clean

# One venv; each target installs the extras it needs once, behind its own marker file:
# `make play` the engine, the bots and the terminal game, `make serve` the web game,
# `make test` (and `make install`) everything.
install: $(VENV)/.installed

$(PY):
	python3 -m venv $(VENV)
	$(PY) -m pip install --upgrade pip

$(VENV)/.play: pyproject.toml | $(PY)
	$(PY) -m pip install -e ".[play]"
	touch $@

$(VENV)/.serve: pyproject.toml | $(PY)
	$(PY) -m pip install -e ".[serve]"
	touch $@

$(VENV)/.installed: pyproject.toml | $(PY)
	$(PY) -m pip install -e ".[test,bots,play,serve,rl,postgres,cluster]"
	touch $@

$(VENV)/.bench: pyproject.toml | $(PY)
	$(PY) -m pip install -e ".[test,bench]"
	touch $@

play: $(VENV)/.play
	$(VENV)/bin/spades play --variant two-player-300

serve: $(VENV)/.serve
	$(VENV)/bin/spades serve

test: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(PY) -m mypy --strict $(ENGINE)
	$(PY) -m pytest -q

bench: $(VENV)/.bench
	$(VENV)/bin/spades bench

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .mypy_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
