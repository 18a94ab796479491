"""Random-play throughput of OpenSpiel's ``spades`` game, the peer our engine is measured against.

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
