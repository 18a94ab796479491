"""Several players against the same opponent on the same boards, compared pairwise.

``spades arena`` reports one A against one B. Two arenas of A1 and A2 against B on the
same boards each have an interval of a few points, so a change worth two points cannot
be told from the noise by comparing them. This script plays every A on every board
against B (the boards shared, the work interleaved so that the machine's load falls on
all alike) and reports each A - B, each A - A1 paired board by board, and, when
``cheat`` is among the A's, each A's share of cheat's edge over B with its interval
(the ratio of the two means, by the delta method). A board from 0-0 pays no sandbag
penalty, so each difference is also given with every bag charged its share of the
penalty, as in a long match (``..._bags_charged``). With ``--matches`` each board is a
whole match, whose penalties are paid, and each A's match win share is paired too.

    .venv/bin/python benchmarks/paired.py --variant two-player --b medium \\
        --a hard --a cheat --a hard:draft=48 --hands 300 --seed 63
"""

from __future__ import annotations

import argparse
import json
import math
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from spades import Rules, rules_for
from spades.arena import (
    ROLES,
    Board,
    BotStats,
    bags_charged,
    mean_ci95,
    play_board,
    side_bots,
    t975,
)
from spades.bots import check_bot_name
from spades.cli import parse_rules
from spades.errors import SpadesError


def check_players(specs: list[str]) -> None:
    """Raise :class:`SpadesError` naming the first bot in ``specs`` (sides, as the
    arena's) that is not a player or benchmark player."""
    for name in (n for spec in specs for n in side_bots(spec)):
        check_bot_name(name, benchmark=True)


def _board(args: tuple[Any, ...]) -> tuple[int, Board]:
    which, rules, specs, seed, index, matches = args
    return which, play_board(rules, specs, seed, index, matches, False)


def share(edge: list[float], ceiling: list[float]) -> tuple[float, float, float]:
    """mean(edge) / mean(ceiling) and its 95% interval (the delta method, paired; the
    arena's t quantile)."""
    n = len(edge)
    me, mc = sum(edge) / n, sum(ceiling) / n
    if n < 2 or mc == 0:
        return math.nan, math.nan, math.nan
    ratio = me / mc
    resid = [e - ratio * c for e, c in zip(edge, ceiling, strict=True)]
    sd = math.sqrt(sum(r * r for r in resid) / (n - 1)) / abs(mc)
    half = t975(n - 1) * sd / math.sqrt(n)
    return ratio, ratio - half, ratio + half


def _interval(values: list[float]) -> dict[str, Any]:
    mean, low, high = mean_ci95(values)
    return {"mean": round(mean, 2), "ci95": [round(low, 2), round(high, 2)]}


def compare(rules: Rules, a_specs: list[str], b: str, hands: int, seed: int, workers: int,
            matches: bool = False) -> list[dict[str, Any]]:
    """Every A of ``a_specs`` against ``b`` on the same boards: one report row an A."""
    tasks = [(i, rules, {"a": a, "b": b}, seed, board, matches)
             for board in range(hands) for i, a in enumerate(a_specs)]
    points: list[list[float]] = [[0.0] * hands for _ in a_specs]
    charged: list[list[float]] = [[0.0] * hands for _ in a_specs]
    wins: list[list[float]] = [[0.0] * hands for _ in a_specs]
    stats = [{role: BotStats() for role in ROLES} for _ in a_specs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for which, board in pool.map(_board, tasks, chunksize=1):
            points[which][board.index] = board.points_per_hand
            charged[which][board.index] = bags_charged(board, rules)
            wins[which][board.index] = board.a_wins
            for role in ROLES:
                stats[which][role].add(board.stats[role])
    cheat = next((i for i, a in enumerate(a_specs) if a.split(":")[0] == "cheat"), None)
    rows = []
    for i, a in enumerate(a_specs):
        summary = {role: stats[i][role].summary() for role in ROLES}
        row: dict[str, Any] = {"a": a, "a_minus_b": _interval(points[i]),
                               "a_wins": _interval(wins[i])}
        for role, field in (("a", "set_rate"), ("a", "bags_per_hand"), ("b", "set_rate"),
                            ("a", "nil_success"), ("b", "nil_success"),
                            ("a", "decision_seconds")):
            row[f"{role}_{field}"] = summary[role][field]
        if not matches:
            row["a_minus_b_bags_charged"] = _interval(charged[i])
        if i:
            row["minus_first"] = _interval([p - q for p, q in zip(points[i], points[0],
                                                                   strict=True)])
            if not matches:
                row["minus_first_bags_charged"] = _interval(
                    [p - q for p, q in zip(charged[i], charged[0], strict=True)])
            row["wins_minus_first"] = _interval([p - q for p, q in zip(wins[i], wins[0],
                                                                        strict=True)])
        if cheat is not None and i != cheat:
            ratio, low, high = share(points[i], points[cheat])
            row["share_of_cheat"] = {"mean": round(ratio, 3), "ci95": [round(low, 3),
                                                                       round(high, 3)]}
        rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="two-player")
    parser.add_argument("--a", action="append", required=True, help="a player; repeat")
    parser.add_argument("--b", default="medium")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=63)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rule", action="append", default=[], help="NAME=VALUE, as the arena's")
    parser.add_argument("--matches", action="store_true", help="each board a whole match")
    args = parser.parse_args()
    try:  # a wrong value: one line, before any board is played
        rules = rules_for(args.variant, **parse_rules(args.rule))
        check_players([*args.a, args.b])
    except SpadesError as error:
        parser.error(str(error))
    rows = compare(rules, args.a, args.b, args.hands, args.seed, args.workers, args.matches)
    print(json.dumps({"variant": args.variant, "b": args.b, "boards": args.hands,
                      "mode": "matches" if args.matches else "hands", "seed": args.seed,
                      "rules": args.rule}))
    for row in rows:  # one line a player
        print(json.dumps(row))


if __name__ == "__main__":
    main()
