"""Where a player's card play loses points: its double-dummy regret by trick and seat.

Plays duplicate boards of A against B (each board twice, seats swapped) and, at each of
A's card plays with a choice, solves the true deal: the best card's end value less the
value of A's card (``match_value``, the points a search bot plays for). The regret is
seen with every card known, so part of it is what no player without the other hands
could avoid. One line a (cards in hand, cards already on the table) position, then the
total, in points a hand:

    .venv/bin/python benchmarks/play_regret.py --a hard --b medium --hands 60 --seed 6100

``--other SPEC`` also asks another player at each of those very positions (A's card is
the one played) and reports its regret beside A's, paired position by position: a change
to the card play compared without the noise of the hands taking other courses.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from spades import rules_for
from spades.arena import board_deck, mean_ci95
from spades.bots import check_bot_name, close_bot, make_bot, reveal_hands
from spades.bots.search import match_value
from spades.bots.solver import Deal, score_values
from spades.errors import SpadesError
from spades.game import Game
from spades.scoring import contracts

COSTLY = 0.5  # a play that loses more than this many points is counted as costly


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="two-player")
    parser.add_argument("--a", default="hard")
    parser.add_argument("--b", default="medium")
    parser.add_argument("--hands", type=int, default=60, help="boards, each played twice")
    parser.add_argument("--seed", type=int, default=6100)
    parser.add_argument("--other", help="a player asked at A's positions too")
    args = parser.parse_args()
    try:  # a wrong value: one line, before any board is played
        rules = rules_for(args.variant)
        for name in (args.a, args.b, *([args.other] if args.other else [])):
            check_bot_name(name, benchmark=True)
    except SpadesError as error:
        parser.error(str(error))
    regret: dict[tuple[int, int], float] = defaultdict(float)
    plays: dict[tuple[int, int], int] = defaultdict(int)
    costly: dict[tuple[int, int], int] = defaultdict(int)
    other: dict[tuple[int, int], float] = defaultdict(float)
    gains: list[float] = []  # A's regret less the other's, at each position
    hands = 0
    for board in range(args.hands):
        deck = board_deck(args.seed, board)
        for a_side in (0, 1):
            game = Game(rules, decks=[deck])
            bots = [make_bot(args.a if rules.side_of(s) == a_side else args.b,
                             f"{args.seed}:{board}:{s}", benchmark=True)
                    for s in range(rules.players)]
            for bot in bots:
                reveal_hands(bot, game.hand_masks)
            asked = {s: make_bot(args.other, f"{args.seed}:{board}:{s}", benchmark=True)
                     for s in range(rules.players)} if args.other else {}
            for bot in asked.values():
                reveal_hands(bot, game.hand_masks)
            while game.to_move is not None:
                seat = game.to_move
                obs = game.observation(seat)
                action = bots[seat].act(obs)
                if rules.side_of(seat) == a_side and action.kind == "play" and len(obs.legal) > 1:
                    bids = contracts(obs.bids, obs.blind_nil)
                    deal = Deal.from_observation(obs, game.hand_masks())
                    values = score_values(deal, bids, rules, match_value(obs, bids))
                    lost = max(values.values()) - values[action.card]
                    where = (len(obs.hand), len(obs.trick.cards) if obs.trick else 0)
                    regret[where] += lost
                    plays[where] += 1
                    costly[where] += lost > COSTLY
                    if asked:
                        theirs = max(values.values()) - values[asked[seat].act(obs).card]
                        other[where] += theirs
                        gains.append(lost - theirs)
                game.apply(action)
            for bot in [*bots, *asked.values()]:
                close_bot(bot)
            hands += 1
    print(f"A = {args.a}, B = {args.b}, {args.variant}, {hands} hands (seed {args.seed})")
    print("cards in hand, cards on the table: regret a hand, plays, costly plays"
          + (f", {args.other}'s regret a hand" if asked else ""))
    for where in sorted(regret, key=lambda w: (-w[0], w[1])):
        print(f"{where[0]:2d}, {where[1]}: {regret[where] / hands:5.2f}  {plays[where]:4d}  "
              f"{costly[where] / plays[where]:4.0%}"
              + (f"  {other[where] / hands:5.2f}" if args.other else ""))
    print(f"all: {sum(regret.values()) / hands:.2f} points a hand")
    if args.other:
        mean, low, high = mean_ci95(gains)
        per_hand = len(gains) / hands
        print(f"{args.other}: {sum(other.values()) / hands:.2f} points a hand; A's regret less "
              f"its, a hand: {mean * per_hand:+.2f} ({low * per_hand:+.2f} .. "
              f"{high * per_hand:+.2f})")


if __name__ == "__main__":
    main()
