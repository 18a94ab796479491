"""Where ``cheat``'s edge over ``hard`` comes from: its bids, or its card play.

Two benchmark bots split ``cheat`` in two: ``cheat-bids`` sees every card when it bids
and draws its card-play samples as ``hard`` does; ``cheat-play`` bids as ``hard`` does and
sees every card in the play. (The draft is ``hard``'s in both, as it is ``cheat``'s: the
sampled draft does not read the hidden hands.) The half that plays as ``hard`` does plays
as ``hard`` does in full: with four hands the medium player's card until ``hard``'s ``dd``
tricks are left, and bags charged their share once the contract is made; the half that
bids as ``hard`` does bids by its rollouts with four hands. ``hard``, ``cheat`` and the two
play B on the same boards, compared pairwise as ``paired.py`` does; its report, one line a
player.

    .venv/bin/python benchmarks/where_cheat_gains.py --b medium --hands 300 --seed 88
    .venv/bin/python benchmarks/where_cheat_gains.py --variant partnership \
        --rule blind_nil_deficit=100 --b medium --hands 300 --seed 102
"""

from __future__ import annotations

import argparse
import inspect
import json
import random
from collections.abc import Callable
from typing import Any, ClassVar

from paired import check_players, compare

from spades import Observation, rules_for
from spades.actions import Action
from spades.bots import BENCHMARK_BOTS
from spades.bots.search import CheatBot, SearchBot
from spades.cli import parse_rules
from spades.errors import SpadesError

HARD_DD = inspect.signature(SearchBot.__init__).parameters["dd"].default


class _Split(CheatBot):
    """cheat in the phases of ``SEEN``, hard's sampling elsewhere."""

    SEEN: frozenset[str] = frozenset()

    def _sees(self, obs: Observation) -> bool:
        return obs.phase in self.SEEN

    def _worlds(self, obs: Observation, most: int | None = None
                ) -> Callable[[], list[int] | None]:
        if self._sees(obs):
            return super()._worlds(obs, most)
        return super(CheatBot, self)._worlds(obs, most)

    def _sample(self, obs: Observation) -> list[int]:
        return super()._sample(obs) if self._sees(obs) else super(CheatBot, self)._sample(obs)


class CheatBids(_Split):
    """Sees every card when it bids only; plays as ``hard`` does."""

    SEEN = frozenset({"bidding"})
    OWN_BAGS: ClassVar[float] = SearchBot.OWN_BAGS

    def __init__(self, rng: random.Random, **budget: Any) -> None:
        super().__init__(rng, **{"dd": HARD_DD, **budget})


class CheatPlay(_Split):
    """Sees every card in the play only."""

    SEEN = frozenset({"play"})

    def __init__(self, rng: random.Random, **budget: Any) -> None:
        super().__init__(rng, **budget)
        # it bids as hard does, on hard's number of sampled deals (cheat bids on one)
        self.bids = budget.get("bids")

    def _bid_partnership(self, obs: Observation) -> tuple[Action, str]:
        return SearchBot._bid_partnership(self, obs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="two-player")
    parser.add_argument("--b", default="medium")
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rule", action="append", default=[], help="NAME=VALUE, as the arena's")
    args = parser.parse_args()
    try:  # a wrong value: one line, before any board is played
        rules = rules_for(args.variant, **parse_rules(args.rule))
        check_players([args.b])
    except SpadesError as error:
        parser.error(str(error))
    # the arena builds bots by name; its worker processes are forked from this one
    BENCHMARK_BOTS["cheat-bids"], BENCHMARK_BOTS["cheat-play"] = CheatBids, CheatPlay
    players = ["hard", "cheat", "cheat-bids", "cheat-play"]
    for row in compare(rules, players, args.b, args.hands, args.seed, args.workers):
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
