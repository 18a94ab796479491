"""How well the search's deals place the hidden cards: uniform (hard's default) or learned.

Plays hands between two bots (by default ``medium`` against the Spadsbook opponent), and
at a share of the bidding and play decisions of every seat draws ``--samples`` deals the
way ``hard`` does (its own ``_sample``: the bid fit included) with each belief. For every
hidden card it counts how often each deal put the card where it truly is, and reports the
mean log loss of the truth (the frequencies smoothed by one deal) and the share of hidden
cards placed right on average, for each belief, with a 95% interval on the paired
difference by decision. Lower loss, higher share: deals nearer the truth.

    .venv/bin/python benchmarks/belief_fit.py --variant two-player --hands 40 --seed 7
"""

from __future__ import annotations

import argparse
import json
import math
import random

from spades import rules_for
from spades.arena import mean_ci95
from spades.bots import close_bot, make_bot
from spades.bots.belief import knowledge
from spades.bots.search import SearchBot
from spades.chance import shuffled_deck
from spades.cli import parse_rules
from spades.game import Game

BELIEFS = ("uniform", "learned")
SPADSBOOK = "cmd:.venv/bin/python benchmarks/spadsbook_bot.py"


def where(hands: list[int], card: int) -> int:
    """The seat holding ``card`` (-1: none, out of play)."""
    return next((s for s, h in enumerate(hands) if h >> card & 1), -1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="two-player")
    parser.add_argument("--bots", default=f"medium,{SPADSBOOK}", help="two bots, by side")
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--samples", type=int, default=64)
    parser.add_argument("--rate", type=float, default=0.3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rule", action="append", default=[])
    args = parser.parse_args()
    rules = rules_for(args.variant, **parse_rules(args.rule))
    sides = args.bots.split(",")
    rng = random.Random(args.seed)
    searchers = {b: SearchBot(random.Random(args.seed), belief=b) for b in BELIEFS}
    loss: dict[str, list[float]] = {b: [] for b in BELIEFS}
    right: dict[str, list[float]] = {b: [] for b in BELIEFS}
    for index in range(args.hands):
        game = Game(rules, decks=[shuffled_deck(random.Random(f"{args.seed}:{index}"))])
        bots = [make_bot(sides[rules.side_of(s)], f"{args.seed}:{index}:{s}")
                for s in range(rules.players)]
        while game.to_move is not None:
            seat = game.to_move
            obs = game.observation(seat)
            if obs.phase in ("bidding", "play") and rng.random() < args.rate and knowledge(
                    obs).unseen:
                truth = game.hand_masks()
                cards = [c for c in range(52) if knowledge(obs).unseen >> c & 1]
                for belief, bot in searchers.items():
                    hits = dict.fromkeys(cards, 0)
                    for _ in range(args.samples):
                        hands = bot._sample(obs)
                        for c in cards:
                            hits[c] += where(hands, c) == where(truth, c)
                    k = args.samples
                    loss[belief].append(sum(-math.log((hits[c] + 0.5) / (k + 1)) for c in cards)
                                        / len(cards))
                    right[belief].append(sum(hits.values()) / (k * len(cards)))
            game.apply(bots[seat].act(obs))
        for bot in bots:
            close_bot(bot)
    report = {"variant": args.variant, "bots": sides, "hands": args.hands,
              "decisions": len(loss["uniform"]), "samples": args.samples, "seed": args.seed}
    for name, values in (("log_loss", loss), ("placed_right", right)):
        for belief in BELIEFS:
            report[f"{name}_{belief}"] = round(sum(values[belief]) / len(values[belief]), 4)
        diff = [a - b for a, b in zip(values["learned"], values["uniform"], strict=True)]
        report[f"{name}_learned_minus_uniform"] = [round(x, 4) for x in mean_ci95(diff)]
    print(json.dumps(report))


if __name__ == "__main__":
    main()
