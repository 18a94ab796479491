"""``spades bench``: random hands per second through our public API and OpenSpiel's.

Our side: ``legal_actions()``, one ``choice`` and ``apply()`` (legality checked) per
decision, games of the variant one after another, counting complete hands.

OpenSpiel's side, the peer we measure against in the same run:

OpenSpiel's game (``pyspiel.load_game("spades")``) is one hand: 52 chance actions deal the cards
(the i-th dealt card goes to seat ``i % 4``; outcomes are uniform), then four bids (actions
52..65 = Nil, 1..13) from seat 0, then 52 card plays (actions 0..51 = suit * 13 + rank, suits
C, D, H, S, ranks 2..A). The state is terminal after the 52nd card.

The loop below does, per decision, what a random driver of our engine does: one
``legal_actions()``, one ``choice`` and one ``apply_action``. pyspiel is optional (extra
``bench``); without it the measurement is ``None``.
"""

from __future__ import annotations

import random
import time

from .game import Game
from .rules import PRESETS, rules_for

MAX_HANDS = 200


def openspiel_hands_per_second(seconds: float, seed: int) -> float | None:
    """Play complete random hands of OpenSpiel spades for about ``seconds``; return hands/s.

    Returns ``None`` when ``pyspiel`` cannot be imported.
    """
    try:
        import pyspiel
    except ImportError:
        return None

    game = pyspiel.load_game("spades")
    rng = random.Random(seed)
    choice = rng.choice
    clock = time.perf_counter
    hands = 0
    start = clock()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                # Spades' chance outcomes are uniform, so a plain choice is the weighted draw.
                action = choice(state.chance_outcomes())[0]
            else:
                action = choice(state.legal_actions())
            state.apply_action(action)
        hands += 1
        now = clock()
        if now >= deadline:
            return hands / (now - start)


def engine_hands_per_second(variant: str, seconds: float, seed: int) -> float:
    """Play complete random hands of ``variant`` for about ``seconds``; return hands/s."""
    rules = rules_for(variant)
    rng = random.Random(seed)
    choice = rng.choice
    clock = time.perf_counter
    hands = 0
    start = clock()
    deadline = start + seconds
    while True:
        game = Game(rules, seed=rng)
        while not game.over:
            game.apply(choice(game.legal_actions()))
            if game.hand_number > MAX_HANDS:
                break
        hands += len(game.hands) - (not game.over)
        now = clock()
        if now >= deadline:
            return hands / (now - start)


def run(seconds: float, seed: int) -> dict[str, dict[str, float | None]]:
    """Hands per second of each variant, with OpenSpiel's and the ratio for ``partnership``."""
    report: dict[str, dict[str, float | None]] = {}
    for variant in PRESETS:
        ours = engine_hands_per_second(variant, seconds, seed)
        report[variant] = {"hands_per_s": round(ours, 1)}
        if variant == "partnership":
            peer = openspiel_hands_per_second(seconds, seed)
            report[variant]["openspiel_hands_per_s"] = None if peer is None else round(peer, 1)
            report[variant]["ratio"] = None if peer is None else round(ours / peer, 3)
    return report
