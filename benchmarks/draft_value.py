"""What a two-player draft is worth: the double-dummy tricks of the hand it leaves.

Plays the draft of each board (each board twice, seats swapped) with every A in turn
against B, stops at the bidding and solves the true deal: the tricks A's hand takes
double dummy, A's draft choices being the only difference between the A's. Which cards
each player is offered is fixed by the stock, whatever either keeps, and B sees none of
A's choices, so B drafts the same hand against every A (the script counts the boards
where she did not). Each A is compared with the first, paired hand by hand, in tricks a
hand with a 95% interval: a change to the draft measured without the noise of bids and
card play (an arena needs thousands of boards for what this sees in hundreds).

    .venv/bin/python benchmarks/draft_value.py --a hard --a hard:draft=96 --a medium --hands 200
"""

from __future__ import annotations

import argparse

from spades import rules_for
from spades.arena import board_deck, mean_ci95
from spades.bots import check_bot_name, close_bot, make_bot, reveal_hands
from spades.bots.solver import opening_tricks
from spades.errors import SpadesError
from spades.game import Game, Phase


def drafted(a: str, b: str, a_seat: int, deck: list[int], seed: str) -> tuple[int, int]:
    """A's double-dummy tricks once the draft of ``deck`` is over, and B's hand."""
    rules = rules_for("two-player")
    game = Game(rules, decks=[deck])
    bots = [make_bot(a if seat == a_seat else b, f"{seed}:{seat}", benchmark=True)
            for seat in range(rules.players)]
    for bot in bots:
        reveal_hands(bot, game.hand_masks)
    while game.phase is not Phase.BIDDING:
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat)))
    for bot in bots:
        close_bot(bot)
    obs = game.observation(a_seat)
    leader = rules.opening_leader(obs.dealer, obs.first_drawer)
    hands = game.hand_masks()
    return opening_tricks(hands, leader, a_seat, rules), hands[1 - a_seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", action="append", required=True,
                        help="a drafting player (repeat: each is compared with the first)")
    parser.add_argument("--b", default="medium")
    parser.add_argument("--hands", type=int, default=100, help="boards, each drafted twice")
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args()
    try:  # a wrong value: one line, before any board is drafted
        for name in (*args.a, args.b):
            check_bot_name(name, benchmark=True)
        if args.hands < 1:
            raise SpadesError(f"--hands must be at least 1, not {args.hands}")
    except SpadesError as error:
        parser.error(str(error))
    tricks: dict[str, list[int]] = {a: [] for a in args.a}
    her_hand_differs = 0
    for board in range(args.hands):
        deck = board_deck(args.seed, board)
        for a_seat in (0, 1):
            hers: set[int] = set()
            for a in args.a:
                taken, her_hand = drafted(a, args.b, a_seat, deck, f"{args.seed}:{board}")
                tricks[a].append(taken)
                hers.add(her_hand)
            her_hand_differs += len(hers) > 1
    first = args.a[0]
    print(f"B = {args.b}, {2 * args.hands} drafts (seed {args.seed}); B's hand differed "
          f"between the A's in {her_hand_differs}")
    for a in args.a:
        line = f"{a}: {sum(tricks[a]) / len(tricks[a]):.3f} tricks a hand"
        if a != first:
            mean, low, high = mean_ci95([x - y for x, y in zip(tricks[a], tricks[first],
                                                                strict=True)])
            line += f"; less {first}'s: {mean:+.3f} ({low:+.3f} .. {high:+.3f})"
        print(line)


if __name__ == "__main__":
    main()
