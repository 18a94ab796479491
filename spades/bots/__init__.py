"""Computer players. Each sees only its seat's :class:`~spades.Observation`.

A bot is anything with ``act(observation) -> Action``; :func:`make_bot` builds one
from its name (``random``), seeded so that its play can be repeated.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ..actions import Action
from ..errors import SpadesError
from ..observation import Observation


class Bot(Protocol):
    """A computer player: picks one of ``observation.legal``."""

    def act(self, observation: Observation) -> Action:
        """The action to take in this position."""
        ...


class RandomBot:
    """A uniformly random legal player."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, observation: Observation) -> Action:
        """Any legal action, each as likely as the others."""
        return self.rng.choice(observation.legal)


BOTS: dict[str, Callable[[random.Random], Bot]] = {"random": RandomBot}


def make_bot(name: str, seed: int | str) -> Bot:
    """The bot called ``name``, seeded by ``seed``."""
    factory = BOTS.get(name)
    if factory is None:
        raise SpadesError(f"unknown bot {name!r}; valid: {', '.join(BOTS)}")
    return factory(random.Random(seed))
