"""OpenSpiel's ISMCTSBot against spades' ``hard`` in duplicate hands, on python_spades.

A benchmark to run by hand, not a test:

    .venv/bin/python examples/ismcts_vs_hard.py --boards 4 --simulations 100

Each board is one hand from 0-0 with a deck drawn as ``spades arena`` draws it, played
twice: ISMCTS (side A) on side 0, then on side 1, with ``hard`` on the other side. ISMCTS
searches python_spades itself (resample_from_infostate deals the hidden cards again
at each simulation; random rollouts value the leaves in the hand's points); ``hard``
sees only its seat's Observation. The report is the arena's (spades.arena.summarize):
A's paired points per hand, its win rate, and each side's contracts, nils, bags and
decision times.
"""

from __future__ import annotations

import argparse
import json
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import spades.rl.openspiel  # noqa: F401 (registers python_spades)
from spades.arena import Board, BotStats, hand_stats, summarize
from spades.bots import make_bot
from spades.chance import shuffled_deck


def play(game: pyspiel.Game, deck: list[int], a_side: int, bot: ismcts.ISMCTSBot,
         seed: str, times: dict[str, list[float]]) -> pyspiel.State:
    """One hand of ``deck`` with ISMCTS on ``a_side`` and hard on the other side."""
    state = game.new_initial_state()
    for card in deck:
        state.apply_action(card)
    rules = state.engine.rules
    hard = {s: make_bot("hard", f"{seed}:{s}:hard") for s in range(rules.players)
            if rules.side_of(s) != a_side}
    draws = random.Random(f"{seed}:draws")  # two-player blind nil exchanges
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(draws.choice([c for c, _ in state.chance_outcomes()]))
            continue
        seat = state.current_player()
        start = time.perf_counter()
        if seat in hard:
            action = int(hard[seat].act(state.engine.observation(seat)))
            times["b"].append(time.perf_counter() - start)
        else:
            action = int(bot.step(state))
            times["a"].append(time.perf_counter() - start)
        state.apply_action(action)
    return state


def board(game: pyspiel.Game, index: int, seed: int, bot: ismcts.ISMCTSBot) -> Board:
    """Board ``index`` played twice, the sides swapped; as the arena scores it."""
    deck = shuffled_deck(random.Random(f"{seed}:{index}:0"))
    stats = {role: BotStats() for role in ("a", "b")}
    diffs = a_wins = 0.0
    for a_side in (0, 1):
        times: dict[str, list[float]] = {"a": [], "b": []}
        engine = play(game, deck, a_side, bot, f"{seed}:{index}", times).engine
        scores = engine.hands[0].result.scores
        diffs += scores[a_side] - scores[1 - a_side]
        a_wins += (scores[a_side] > scores[1 - a_side]) + 0.5 * (scores[0] == scores[1])
        for role, side in (("a", a_side), ("b", 1 - a_side)):
            played = hand_stats(engine, side)
            played.decision_seconds = times[role]
            stats[role].add(played)
    return Board(index, diffs / 2, a_wins / 2, stats, [])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="partnership")
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=100, help="ISMCTS simulations")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = pyspiel.load_game(f"python_spades(variant={args.variant})")
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(args.seed)),
                           uct_c=2.0, max_simulations=args.simulations,
                           random_state=np.random.RandomState(args.seed))
    start = time.perf_counter()
    boards = []
    for index in range(args.boards):
        boards.append(board(game, index, args.seed, bot))
        print(f"board {index + 1}/{args.boards}: ISMCTS {boards[-1].points_per_hand:+.1f} "
              f"points a hand", flush=True)
    rules = game.new_initial_state().engine.rules
    report = summarize(rules, {"a": f"ismcts:{args.simulations}", "b": "hard"}, boards,
                       False, time.perf_counter() - start)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
