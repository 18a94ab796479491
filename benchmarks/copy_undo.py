"""Game.copy() and Game.undo() against the ways to get a game back without them.

    .venv/bin/python benchmarks/copy_undo.py [--rounds 15]

The position: a seeded random partnership match after ``--actions`` decisions (default
300) and on to its hand's sixth trick. Each way is timed in short rounds taken in
turn (copy, undo, replay, ...), so that a busy machine slows them alike; the median of
the rounds is printed, in microseconds per operation:

- ``copy``: ``game.copy()``;
- ``apply + undo``: one card played and taken back by ``game.undo()``, on an undoable
  game (``apply`` then keeps a copy of the state before it);
- ``copy + apply``: the same card played on a copy;
- ``deepcopy``: ``copy.deepcopy`` of the game's attributes (what a generic deep copy
  costs; ``copy.deepcopy(game)`` itself now calls ``copy()``);
- ``replay actions``: a new game from the seed, every action applied again (what the
  terminal game's undo did);
- ``replay record``: ``spades.record.replay`` of the game's record (checks every rule).
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import time
from collections.abc import Callable

from spades import Action, Game, rules_for
from spades.record import game_record, replay


def position(actions: int, undoable: bool) -> tuple[Game, list[Action]]:
    """A seeded random partnership game after ``actions`` decisions, and those actions."""
    game = Game(rules_for("partnership", target=10_000), seed=1, undoable=undoable)
    rng = random.Random(2)
    taken: list[Action] = []
    # then mid-hand: five tricks done, the sixth under way
    while len(taken) < actions or len(game.hands[-1].tricks) != 5 or game.current_trick is None:
        taken.append(rng.choice(game.legal_actions()))
        game.apply(taken[-1])
    return game, taken


def per_call(work: Callable[[], object], calls: int) -> float:
    """Microseconds per call of ``work``, over ``calls`` calls."""
    start = time.perf_counter()
    for _ in range(calls):
        work()
    return (time.perf_counter() - start) / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    game, taken = position(args.actions, undoable=False)
    undoable, _ = position(args.actions, undoable=True)
    nxt = undoable.legal_actions()[0]
    plain = game.copy()
    document = game_record(game)

    def apply_and_undo() -> None:
        undoable.apply(nxt)
        undoable.undo()

    def apply_on_copy() -> None:
        plain.copy().apply(nxt)

    def deep() -> None:
        clone = object.__new__(Game)
        clone.__dict__ = copy.deepcopy(game.__dict__)

    def replay_actions() -> None:
        again = Game(game.rules, seed=1)
        for action in taken:
            again.apply(action)

    ways: dict[str, tuple[Callable[[], object], int]] = {
        "copy": (game.copy, 2000),
        "apply + undo": (apply_and_undo, 2000),
        "copy + apply": (apply_on_copy, 2000),
        "deepcopy": (deep, 100),
        "replay actions": (replay_actions, 10),
        "replay record": (lambda: replay(document), 10),
    }
    times: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(args.rounds):
        for name, (work, calls) in ways.items():
            times[name].append(per_call(work, calls))
    median = {name: statistics.median(t) for name, t in times.items()}
    print(f"partnership, hand {game.hand_number}, {len(taken)} actions, phase {game.phase};"
          f" median of {args.rounds} rounds, microseconds per operation")
    for name, value in median.items():
        print(f"  {name:16} {value:10.1f}  ({median['replay actions'] / value:,.1f}x as fast"
              " as replaying the actions)")


if __name__ == "__main__":
    main()
