"""How well ``hard`` knows, when it bids in two-player, the tricks it will take.

Plays hands from 0-0 of ``hard`` (or ``--a``, another searching player) against an
opponent (each board twice, the seats swapped). At each of its bids it records the
double-dummy tricks of the deals it sampled, the true deal's double-dummy tricks (what
``cheat`` bids), its bid and the tricks it then took. It reports, over all its bids
and apart for those it made first (her bid unknown) and second:

- the samples' bias and spread against the truth, and their calibration: where the
  true count falls in the sampled counts (a uniform spread over five bins is right);
- how far its bids fall below the truth, and its tricks above it;
- the hand's score under other bid rules on the same hands, with the tricks taken as
  they were (an estimate: a different bid would change the play a little): the
  sampled counts with bags free or at their share of the penalty, and the true count.

    .venv/bin/python benchmarks/bid_calibration.py --b medium --hands 150 --seed 1000
"""

from __future__ import annotations

import argparse
import json
import statistics
from typing import Any

from spades import Game, SpadesError, rules_for
from spades.bots import check_bot_name, make_bot
from spades.bots.search import SearchBot
from spades.bots.solver import opening_tricks


def play_hand(seed: int, seat_of_a: int, opponent: str, player: str = "hard"
              ) -> dict[str, Any] | None:
    """One hand from 0-0; the searching player's bid, samples and tricks (None if it bid
    nil)."""
    rules = rules_for("two-player")
    game = Game(rules, seed=seed)
    bots = {seat_of_a: make_bot(player, seed=seed), 1 - seat_of_a: make_bot(opponent, seed + 7)}
    row: dict[str, Any] = {}
    while game.hand_number == 1 and not game.over:
        seat = game.to_move
        assert seat is not None
        obs = game.observation(seat)
        bot = bots[seat]
        if seat == seat_of_a and game.phase == "bidding" and isinstance(bot, SearchBot):
            leader = rules.opening_leader(obs.dealer, obs.first_drawer)
            state = bot.rng.getstate()  # the same samples as the bid will draw
            next_world = bot._worlds(obs, bot._bid_deals(obs))
            counts = []
            while (hands := next_world()) is not None:
                counts.append(opening_tricks(hands, leader, seat, rules))
            bot.rng.setstate(state)
            row = {"counts": counts, "true": opening_tricks(game.hand_masks(), leader, seat, rules),
                   "first": obs.bids[1 - seat] is None}
        action = bot.act(obs)
        if row and "bid" not in row:
            row["bid"] = action.tricks
        game.apply(action)
    if not row or row["bid"] == 0:
        return None
    row["won"] = sum(1 for trick in game.hands[0].tricks if trick.winner == seat_of_a)
    return row


def score(bid: int, tricks: int, bag_cost: float) -> float:
    """A contract's points, each bag less ``bag_cost``."""
    return 10 * bid + (tricks - bid) * (1 - bag_cost) if tricks >= bid else -10 * bid


def best_bid(counts: list[int], bag_cost: float) -> int:
    """The bid of the best mean score over ``counts``."""
    return max(range(1, 14), key=lambda b: (sum(score(b, c, bag_cost) for c in counts), -b))


def report(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of the module docstring."""
    pits = [(sum(c < r["true"] for c in r["counts"]) + 0.5 * sum(
        c == r["true"] for c in r["counts"])) / len(r["counts"]) for r in rows]
    bins = [0] * 5
    for p in pits:
        bins[min(4, int(p * 5))] += 1

    def mean(values: list[float]) -> float:
        return round(statistics.mean(values), 2)

    out: dict[str, Any] = {
        "bids": len(rows),
        "samples_minus_true": mean([statistics.mean(r["counts"]) - r["true"] for r in rows]),
        "samples_sd": mean([statistics.pstdev(r["counts"]) for r in rows]),
        "calibration_bins": bins,
        "bid_minus_true": mean([r["bid"] - r["true"] for r in rows]),
        "won_minus_true": mean([r["won"] - r["true"] for r in rows]),
        "set_rate": round(sum(r["won"] < r["bid"] for r in rows) / len(rows), 3),
    }
    rules = {"as bid": lambda r: r["bid"], "true count": lambda r: r["true"],
             **{f"samples, bag cost {c}": (lambda r, c=c: best_bid(r["counts"], c))
                for c in (0, 5, 10)}}
    out["score"] = {name: {"bags free": mean([score(pick(r), r["won"], 0) for r in rows]),
                           "bag cost 10": mean([score(pick(r), r["won"], 10) for r in rows])}
                    for name, pick in rules.items()}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="hard", help="the searching player measured")
    parser.add_argument("--b", default="medium")
    parser.add_argument("--hands", type=int, default=150, help="boards, each played twice")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    try:
        for spec in (args.a, args.b):
            check_bot_name(spec)
    except SpadesError as error:
        parser.error(str(error))
    rows = [row for board in range(args.hands) for seat in (0, 1)
            if (row := play_hand(args.seed + board, seat, args.b, args.a)) is not None]
    if not rows:
        parser.error(f"no bids to measure: {args.a} bid nil throughout, or does not search "
                     "(hard and expert do)")
    split = {f"bidding {when}": report([r for r in rows if r["first"] == first])
             for when, first in (("first", True), ("second", False))
             if any(r["first"] == first for r in rows)}
    print(json.dumps({"a": args.a, "b": args.b, "boards": args.hands, "seed": args.seed,
                      **report(rows), **split}))


if __name__ == "__main__":
    main()
