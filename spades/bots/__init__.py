"""Computer players. Each sees only its seat's :class:`~spades.Observation`.

A bot is anything with ``act(observation) -> Action``. :func:`make_bot` builds one
from its name, with budget parameters after colons (``hard:samples=30``,
``hard:samples=30:time=0.5``), or an outside program (``cmd:python mybot.py``);
every bot is seeded, so its play can be repeated. The search players (``hard``,
``expert``, ``cheat``) import :mod:`.search` when first built: it needs numba (the
``bots`` extra), which ``import spades.bots`` does not load.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections.abc import Callable
from typing import Any, Protocol

from ..actions import BLIND_NIL, NO_BLIND_NIL, Action, Kind
from ..errors import SpadesError
from ..observation import Observation
from .policy import ALWAYS, BlindNilPolicy
from .rules_based import EasyBot, MediumBot


class Bot(Protocol):
    """A computer player: picks one of ``observation.legal``."""

    def act(self, observation: Observation) -> Action:
        """The action to take in this position."""
        ...


class RandomBot:
    """A uniformly random legal player, within its ``blind_nil`` policy."""

    def __init__(self, rng: random.Random, blind_nil: BlindNilPolicy | str = ALWAYS) -> None:
        self.rng = rng
        self.blind_nil = BlindNilPolicy.parse(blind_nil)

    def act(self, observation: Observation) -> Action:
        """Any legal action, each as likely as the others."""
        obs = observation
        if obs.legal[0].kind is Kind.DECLARE and not self.blind_nil.allows(obs):
            return Action(NO_BLIND_NIL)
        return self.rng.choice(obs.legal)


NIL_BIDS = (Action.bid(0), Action(BLIND_NIL))


def without_nil(observation: Observation) -> Observation:
    """``observation`` with nil and blind nil taken out of its legal actions, for a bot
    that stands in for a person and must not declare either for her: every bot chooses
    among ``legal``, so at the blind nil question it declines and at a bid it bids its
    best bid other than nil."""
    legal = tuple(a for a in observation.legal if a not in NIL_BIDS)
    return dataclasses.replace(observation, legal=legal)


def _searching(name: str, factory: str) -> Callable[..., Bot]:
    """The factory of search player ``name``: ``factory`` of :mod:`.search`, imported
    when the first one is built."""
    def build(rng: random.Random, **budget: Any) -> Bot:
        try:
            from . import search
        except ModuleNotFoundError as error:
            raise ModuleNotFoundError(f"the {name} player needs the bots extra: "
                                      "pip install 'spades[bots]'", name=error.name) from None
        made: Bot = getattr(search, factory)(rng, **budget)
        return made

    build.__name__ = build.__qualname__ = name
    return build


# the bots offered to players, by name; a factory takes a ``random.Random`` and budgets
BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot, "easy": EasyBot, "medium": MediumBot,
    "hard": _searching("hard", "hard"), "expert": _searching("expert", "expert"),
}
# bots for benchmarks only, never offered to players: ``cheat`` sees every card
BENCHMARK_BOTS: dict[str, Callable[..., Bot]] = {"cheat": _searching("cheat", "CheatBot")}
EXTERNAL_PREFIX = "cmd:"


def _parse_value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _known(benchmark: bool) -> dict[str, Callable[..., Bot]]:
    return {**BOTS, **BENCHMARK_BOTS} if benchmark else BOTS


def parse_bot_name(spec: str, benchmark: bool = False) -> tuple[str, dict[str, Any]]:
    """Split ``'hard:samples=30:time=0.5'`` into ``('hard', {'samples': 30, 'time': 0.5})``.

    ``benchmark`` admits the benchmark-only bots (``cheat``).
    """
    name, *parts = spec.strip().split(":")
    known = _known(benchmark)
    if name not in known:
        raise SpadesError(f"unknown bot {name!r}; valid: {', '.join(known)}, or cmd:PROGRAM")
    params: dict[str, Any] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise SpadesError(f"bad bot parameter {part!r} in {spec!r}: expected name=value")
        params[key.strip()] = _parse_value(value.strip())
    return name, params


def check_bot_name(spec: str, benchmark: bool = False) -> None:
    """Raise :class:`SpadesError` unless ``spec`` names a bot that can be built, with
    parameters it takes and budgets it accepts (an outside program is not started)."""
    if not spec.startswith(EXTERNAL_PREFIX):
        close_bot(make_bot(spec, 0, benchmark))


def make_bot(spec: str, seed: int | str, benchmark: bool = False,
             blind_nil: BlindNilPolicy | str | None = None) -> Bot:
    """The bot named by ``spec``, seeded by ``seed`` (``benchmark``: ``cheat`` too).

    ``blind_nil``, if given, is its blind nil policy (:mod:`.policy`), over one the name
    may give; an outside program (``cmd:``) follows its own judgement.
    """
    if spec.startswith(EXTERNAL_PREFIX):
        from .external import ExternalBot

        return ExternalBot(spec[len(EXTERNAL_PREFIX):], random.Random(seed))
    name, params = parse_bot_name(spec, benchmark)
    if blind_nil is not None:
        params["blind_nil"] = blind_nil
    try:
        return _known(benchmark)[name](random.Random(seed), **params)
    except TypeError as error:
        raise SpadesError(f"bad parameters for bot {name!r}: {error}") from None


def reveal_hands(bot: Bot, true_hands: Callable[[], list[int]]) -> None:
    """Show every hand to a bot that cheats by design (``cheat``, for benchmarks only)."""
    search = sys.modules.get(f"{__name__}.search")  # not loaded: no bot of it was built
    if search is not None and isinstance(bot, search.CheatBot):
        bot.reveal(true_hands)


def close_bot(bot: Bot) -> list[str]:
    """End a bot's outside resources (a program it runs); the problems it had, if any."""
    close = getattr(bot, "close", None)
    if close is not None:
        close()
    return list(getattr(bot, "problems", ()))
