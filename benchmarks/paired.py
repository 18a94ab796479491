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
import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

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
from spades.progress import Progress, progress_bar


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
            matches: bool = False, log: TextIO | None = None,
            progress: Progress | None = None) -> list[dict[str, Any]]:
    """Every A of ``a_specs`` against ``b`` on the same boards: one report row an A.
    Each finished board is also written to ``log`` as a JSON line, for :func:`pool`, and
    counted to ``progress`` (a board of each A)."""
    tasks = [(i, rules, {"a": a, "b": b}, seed, board, matches)
             for board in range(hands) for i, a in enumerate(a_specs)]
    points: list[list[float]] = [[0.0] * hands for _ in a_specs]
    charged: list[list[float]] = [[0.0] * hands for _ in a_specs]
    wins: list[list[float]] = [[0.0] * hands for _ in a_specs]
    stats = [{role: BotStats() for role in ROLES} for _ in a_specs]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done, (which, board) in enumerate(pool.map(_board, tasks, chunksize=1), 1):
            points[which][board.index] = board.points_per_hand
            charged[which][board.index] = bags_charged(board, rules)
            wins[which][board.index] = board.a_wins
            for role in ROLES:
                stats[which][role].add(board.stats[role])
            if log is not None:
                log.write(json.dumps({"a": a_specs[which], "b": b, "rules": repr(rules),
                                      "seed": seed, "board": board.index,
                                      "points": board.points_per_hand,
                                      "charged": charged[which][board.index],
                                      "wins": board.a_wins}) + "\n")
                log.flush()
            if progress is not None:
                progress(done, len(tasks), started)
    rows = rows_of(a_specs, points, charged, wins, matches)
    for row, stat in zip(rows, stats, strict=True):
        summary = {role: stat[role].summary() for role in ROLES}
        for role, field in (("a", "set_rate"), ("a", "bags_per_hand"), ("b", "set_rate"),
                            ("a", "nil_success"), ("b", "nil_success"),
                            ("a", "decision_seconds")):
            row[f"{role}_{field}"] = summary[role][field]
    return rows


def rows_of(a_specs: list[str], points: list[list[float]], charged: list[list[float]],
            wins: list[list[float]], matches: bool) -> list[dict[str, Any]]:
    """The report's rows from each A's per-board values (the boards in the same order for
    every A): A - B, A - A1 paired, and the share of cheat's edge."""
    cheat = next((i for i, a in enumerate(a_specs) if a.split(":")[0] == "cheat"), None)
    rows = []
    for i, a in enumerate(a_specs):
        row: dict[str, Any] = {"a": a, "boards": len(points[i]),
                               "a_minus_b": _interval(points[i]), "a_wins": _interval(wins[i])}
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


def pool(paths: list[str], matches: bool) -> list[dict[str, Any]]:
    """The report over every board that all the A's finished in the ``--log`` files
    (several seeds pooled; a run stopped early keeps the boards it finished)."""
    found: dict[str, dict[tuple[int, int], dict[str, float]]] = {}
    opponents = set()
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                entry = json.loads(line)
                opponents.add((entry["b"], entry["rules"]))
                found.setdefault(entry["a"], {})[(entry["seed"], entry["board"])] = entry
    if len(opponents) > 1:
        raise SpadesError("those logs hold boards against different opponents or rules")
    a_specs = list(found)
    boards = sorted(set.intersection(*(set(found[a]) for a in a_specs)))
    if not boards:
        raise SpadesError("no board was finished by every player in those logs")
    values = {key: [[found[a][board][key] for board in boards] for a in a_specs]
              for key in ("points", "charged", "wins")}
    return rows_of(a_specs, values["points"], values["charged"], values["wins"], matches)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="two-player")
    parser.add_argument("--a", action="append", default=[], help="a player; repeat")
    parser.add_argument("--b", default="medium")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=63)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rule", action="append", default=[], help="NAME=VALUE, as the arena's")
    parser.add_argument("--matches", action="store_true", help="each board a whole match")
    parser.add_argument("--log", help="append each finished board to this file (JSON lines)")
    parser.add_argument("--pool", nargs="+", metavar="LOG",
                        help="play nothing: report the boards of these --log files together")
    args = parser.parse_args()
    if args.pool:
        try:
            rows = pool(args.pool, args.matches)
        except (OSError, ValueError, KeyError, SpadesError) as error:
            parser.error(f"cannot pool those logs: {error}")
        for row in rows:
            print(json.dumps(row))
        return
    if not args.a:
        parser.error("give at least one --a player (or --pool LOG ...)")
    try:  # a wrong value: one line, before any board is played
        rules = rules_for(args.variant, **parse_rules(args.rule))
        check_players([*args.a, args.b])
    except SpadesError as error:
        parser.error(str(error))
    with (open(args.log or os.devnull, "a", encoding="utf-8") as log,
          progress_bar("boards of every A") as progress):  # stderr: stdout is the report's
        rows = compare(rules, args.a, args.b, args.hands, args.seed, args.workers,
                       args.matches, log if args.log else None, progress)
    print(json.dumps({"variant": args.variant, "b": args.b, "boards": args.hands,
                      "mode": "matches" if args.matches else "hands", "seed": args.seed,
                      "rules": args.rule}))
    for row in rows:  # one line a player
        print(json.dumps(row))


if __name__ == "__main__":
    main()
