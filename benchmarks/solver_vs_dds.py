"""Our double-dummy solver against DDS (through endplay) on the same random deals.

For each random partnership deal (``--tricks`` cards a seat, 13 by default), seat 0 on
lead, spades trump and the broken-spades rule off (DDS does not have it), both
solvers give the tricks of the leader's side after each card the leader may play.
The counts must be identical on every deal; the script prints the mean time per
deal of each solver, the ratio and our nodes per deal. Both solvers first solve one
small deal, so that neither DDS's set-up nor numba's compiling (or loading from its
cache) is timed.

Seats map to endplay's players clockwise: 0 North, 1 East, 2 South, 3 West; our
suits C D H S to endplay's clubs, diamonds, hearts, spades. Needs ``endplay``
(``pip install endplay``, extra ``bench``).

    .venv/bin/python benchmarks/solver_vs_dds.py --deals 5 --tricks 13 --seed 1

With ``--scores`` it times our ``score_values`` instead (no DDS), ``--tricks`` tricks
left with four hands and random contracts of 2 to 4 tricks: as they are, with one nil,
and with a 100-point sandbag penalty should the mover's side take 3 bags (as if it had 7
already), which makes its values fall as its tricks grow.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from spades import Contract, rules_for
from spades.bots.solver import Deal, _trick_search, hand_value, score_values
from spades.cards import RANK_LETTERS, mask_of


def random_deal(rng: random.Random, tricks: int) -> Deal:
    """``tricks`` random cards a seat, seat 0 on lead, nothing won yet."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = tuple(mask_of(deck[i * tricks:(i + 1) * tricks]) for i in range(4))
    return Deal(hands, leader=0, won=(0, 0, 0, 0), spades_broken=True, players=4)


def pbn(deal: Deal) -> str:
    """The deal in PBN, North (seat 0) first: each hand as spades.hearts.diamonds.clubs."""
    hands = []
    for mask in deal.hands:
        suits = []
        for suit in (3, 2, 1, 0):
            ranks = [RANK_LETTERS[r] for r in range(12, -1, -1) if mask >> (suit * 13 + r) & 1]
            suits.append("".join(ranks))
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


def dds_values(deal: Deal) -> dict[int, int]:
    """DDS's tricks for North-South after each card North may lead."""
    from endplay.dds import solve_board
    from endplay.types import Deal as BridgeDeal
    from endplay.types import Denom, Player

    board = BridgeDeal.from_pbn(pbn(deal))
    board.trump = Denom.spades
    board.first = Player.north
    suit_of = {Denom.clubs: 0, Denom.diamonds: 1, Denom.hearts: 2, Denom.spades: 3}
    out = {}
    for card, tricks in solve_board(board):
        rank = int(card.rank).bit_length() - 3  # endplay's ranks are 1 << (2..14)
        out[suit_of[card.suit] * 13 + rank] = tricks
    return out


SCORE_KINDS = ("no nil", "one nil", "bag penalty")


def score_deal(rng: random.Random, tricks: int,
               kind: str) -> tuple[Deal, list[Contract], Callable[[tuple[int, ...]], float]]:
    """A random deal of ``tricks`` cards a seat, its contracts and its end value for the
    mover's side, for a kind of contract of SCORE_KINDS."""
    rules = rules_for("partnership")
    deck = list(range(52))
    rng.shuffle(deck)
    won = [0] * 4
    for _ in range(13 - tricks):
        won[rng.randrange(4)] += 1
    deal = Deal(tuple(mask_of(deck[i * tricks:(i + 1) * tricks]) for i in range(4)),
                rng.randrange(4), (), tuple(won), tricks < 13, 4)
    bids = [Contract(rng.choice([2, 3, 4])) for _ in range(4)]
    if kind == "one nil":
        bids[rng.randrange(4)] = Contract(0)
    side = deal.to_move % 2
    plain = hand_value(bids, rules, side)
    penalty = 100 if kind == "bag penalty" else 0

    def evaluate(won: tuple[int, ...]) -> float:
        bags = sum(won[side::2]) - sum(b.tricks for b in bids[side::2])
        return plain(won) - (penalty if bags >= 3 else 0)

    return deal, bids, evaluate


def score_times(rng: random.Random, tricks: int, deals: int) -> None:
    """Print the median, mean and most time of ``score_values`` for each kind of contract."""
    rules = rules_for("partnership")
    score_values(Deal((1, 2, 4, 8), 0, (), (3, 3, 3, 3), True, 4), [Contract(3)] * 4, rules)
    for kind in SCORE_KINDS:
        times = []
        for _ in range(deals):
            deal, bids, evaluate = score_deal(rng, tricks, kind)
            start = time.perf_counter()
            score_values(deal, bids, rules, evaluate)
            times.append(1000 * (time.perf_counter() - start))
        times.sort()
        print(f"{tricks} tricks left, {kind}: median {times[len(times) // 2]:.0f} ms, "
              f"mean {sum(times) / len(times):.0f} ms, most {times[-1]:.0f} ms", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--tricks", type=int, default=13, help="cards a seat (an ending if < 13)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scores", action="store_true", help="time score_values, no DDS")
    args = parser.parse_args(argv)
    if args.scores:
        score_times(random.Random(args.seed), args.tricks, args.deals)
        return 0
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        print("endplay is not installed: pip install endplay", file=sys.stderr)
        return 2
    warm_up = random_deal(random.Random(0), 4)
    dds_values(warm_up)
    _trick_search(warm_up, rules_off_broken=True)
    rng = random.Random(args.seed)
    deals = [random_deal(rng, args.tricks) for _ in range(args.deals)]
    ours_time = dds_time = 0.0
    mismatches = nodes = 0
    for number, deal in enumerate(deals, 1):
        start = time.perf_counter()
        theirs = dds_values(deal)
        dds_time += time.perf_counter() - start
        start = time.perf_counter()
        ours, searched = _trick_search(deal, rules_off_broken=True)
        ours_time += time.perf_counter() - start
        nodes += searched
        same = ours == theirs
        mismatches += not same
        print(f"deal {number}: {'same' if same else 'DIFFERENT'}, {searched} nodes"
              f"{'' if same else f' ours {ours} dds {theirs} {pbn(deal)}'}", flush=True)
    ours_ms, dds_ms = 1000 * ours_time / len(deals), 1000 * dds_time / len(deals)
    print(f"{len(deals)} deals of {args.tricks} tricks, seed {args.seed}: "
          f"{'all identical' if not mismatches else f'{mismatches} differ'}")
    print(f"ours {ours_ms:.1f} ms/deal ({nodes // len(deals)} nodes), DDS {dds_ms:.1f} ms/deal, "
          f"ratio {ours_ms / dds_ms:.1f}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
