VENV = .venv
PY = $(VENV)/bin/python
# the engine: the standard library only, typed strictly
ENGINE = spades/game.py spades/rules.py spades/cards.py spades/actions.py \
	spades/observation.py spades/record.py spades/scoring.py spades/chance.py spades/errors.py

.PHONY: install play serve test bench clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -e ".[test,bots,play,serve,rl,postgres,cluster]"
	touch $@

play: $(VENV)/.installed
	$(VENV)/bin/spades play --variant two-player-300

serve: $(VENV)/.installed
	$(VENV)/bin/spades serve

test: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(PY) -m mypy --strict $(ENGINE)
	$(PY) -m pytest -q

bench: $(VENV)/.installed
	$(PY) -m pip install -e ".[test,bench]"
	$(VENV)/bin/spades bench

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .mypy_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
