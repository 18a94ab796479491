"""What declaring blind nil in every hand is worth to the medium player.

A duplicate arena (``spades arena --hands``, one process) of ``medium`` declaring blind
nil whenever it may (not beside a partner's) against plain ``medium``, which declares
only when far behind, so never from 0-0. It shows whether a variant's rules make blind
nil pay: the search players decide it by sampling in partnership and keep the medium
player's rule in two-player. With ``--b`` another player defends (and declares as it
would): A's ``blind_nil_success`` in the report is then the share of blind nils made
against B's defence. With ``--a`` other bidders declare: the guide bot, which we did not
write, with ``--blind-nil always``. Prints the report of ``spades arena --json``.

    .venv/bin/python benchmarks/blind_nil_value.py --variant partnership --hands 400 --seed 5
    .venv/bin/python benchmarks/blind_nil_value.py --b cheat --hands 300 --seed 7
    .venv/bin/python benchmarks/blind_nil_value.py \\
        --a "cmd:python benchmarks/guide_bot.py --blind-nil always" --b hard --hands 100
"""

from __future__ import annotations

import argparse
import json

from spades import Action, Observation, rules_for
from spades.actions import BLIND_NIL, NO_BLIND_NIL
from spades.arena import run_arena
from spades.bots import BENCHMARK_BOTS
from spades.bots.rules_based import MediumBot
from spades.errors import SpadesError


class AlwaysBlindNil(MediumBot):
    """The medium player, but blind nil whenever it may and its partner has not."""

    def act(self, observation: Observation) -> Action:
        """Blind nil if allowed and alone on its side; otherwise the medium player's action."""
        if observation.legal[0].kind != "blind nil":
            return super().act(observation)
        rules = observation.rules
        partner_declared = any(rules.side_of(seat) == rules.side_of(observation.seat)
                               for seat in observation.blind_nil)
        return Action(NO_BLIND_NIL if partner_declared else BLIND_NIL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="partnership", choices=["two-player", "partnership"])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--b", default="medium", help="the defending player (a bot name)")
    parser.add_argument("--a", default="medium-blind-nil",
                        help="the blind nil bidders (a bot name; by default the medium "
                        "player declaring whenever it may)")
    args = parser.parse_args()
    # the arena builds bots by name; it runs in this one process, which sees this entry
    BENCHMARK_BOTS["medium-blind-nil"] = AlwaysBlindNil
    try:
        report = run_arena(rules_for(args.variant), args.a, args.b, args.hands,
                           args.seed)
    except SpadesError as error:  # a bot name or count it cannot use: one line, no trace
        parser.error(str(error))
    print(json.dumps(report))


if __name__ == "__main__":
    main()
