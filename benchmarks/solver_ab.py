"""Two versions of the double-dummy solver in one process, in turn on the same deals.

The speed of a change to ``spades/bots/solver.py`` against the file it replaced, on a
shared machine: both versions are loaded side by side (``--before`` names the old file,
say ``git show main:spades/bots/solver.py > /tmp/before/solver.py``), each deal is solved
by one then the other (the first of each pair alternating), and each solve is timed in
this process's CPU time (``time.process_time``), which other processes' load changes
less than the wall clock. Both must give the same values and search the same nodes.

The deals are those of ``benchmarks/solver_vs_dds.py``: ``--deals`` random partnership
deals of ``--tricks`` cards a seat (spades may be led at once, as DDS has it), or with
``--scores`` its score deals (``--deals`` of each kind of contract). ``--rounds`` times
over. The report: each version's mean CPU time a deal per round, and the geometric mean
of the paired ratios (after / before) with a 95% interval over the pairs (the normal
approximation: run enough rounds for a hundred pairs or more).

    PYTHONPATH=. .venv/bin/python benchmarks/solver_ab.py --before /tmp/before/solver.py \\
        --deals 10 --tricks 13 --seed 1 --rounds 10
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any

from solver_vs_dds import SCORE_KINDS, random_deal, score_deal

from spades import rules_for
from spades.bots import solver


def load_before(path: str) -> ModuleType:
    """The solver file at ``path``, loaded as a module of ``spades.bots`` (its relative
    imports are those of the installed package's)."""
    spec = importlib.util.spec_from_file_location("spades.bots._solver_before", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def trick_work(rng: random.Random, deals: int, tricks: int) -> list[Callable[[ModuleType], Any]]:
    """The trick searches of solver_vs_dds.py: values and nodes of each deal."""
    chosen = [random_deal(rng, tricks) for _ in range(deals)]
    return [lambda m, d=d: m._trick_search(d, rules_off_broken=True) for d in chosen]


def score_work(rng: random.Random, deals: int, tricks: int) -> list[Callable[[ModuleType], Any]]:
    """The score searches of solver_vs_dds.py --scores, drawn in its order."""
    rules = rules_for("partnership")
    chosen = [score_deal(rng, tricks, kind) for kind in SCORE_KINDS for _ in range(deals)]
    return [lambda m, d=d, bids=bids, value=value: m.score_values(d, bids, rules, value)
            for d, bids, value in chosen]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the old solver.py")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--tricks", type=int, default=13)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--scores", action="store_true", help="the score searches")
    args = parser.parse_args(argv)
    versions = {"before": load_before(args.before), "after": solver}
    make = score_work if args.scores else trick_work
    work = make(random.Random(args.seed), args.deals, args.tricks)
    for module in versions.values():  # compiled (or loaded from numba's cache) first
        make(random.Random(0), 1, 4)[0](module)
    ratios = []
    for number in range(args.rounds):
        spent = dict.fromkeys(versions, 0.0)
        for index, search in enumerate(work):
            order = list(versions) if (number + index) % 2 == 0 else list(versions)[::-1]
            took, answers = {}, {}
            for name in order:
                start = time.process_time()
                answers[name] = search(versions[name])
                took[name] = time.process_time() - start
                spent[name] += took[name]
            if answers["before"] != answers["after"]:
                print(f"search {index + 1} DIFFERS: {answers}", file=sys.stderr)
                return 1
            ratios.append(took["after"] / took["before"])
        print(f"round {number + 1}: " + ", ".join(
            f"{name} {1000 * spent[name] / len(work):.1f}" for name in versions)
            + " ms a search (CPU)", flush=True)
    # the interval from the normal distribution: meant for many pairs (a hundred or more)
    logs = [math.log(r) for r in ratios]
    mean = statistics.fmean(logs)
    z = statistics.NormalDist().inv_cdf(0.975)
    half = z * statistics.stdev(logs) / math.sqrt(len(logs)) if len(logs) > 1 else 0.0
    print(f"after / before, paired: {math.exp(mean):.3f} (95% {math.exp(mean - half):.3f} to "
          f"{math.exp(mean + half):.3f}, {len(logs)} pairs); same values and nodes throughout")
    return 0


if __name__ == "__main__":
    sys.exit(main())
