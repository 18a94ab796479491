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

import math
import random
import time
from collections.abc import Callable

from .errors import SpadesError, quoted
from .game import Game
from .rules import PRESETS, Rules, rules_for

MAX_HANDS = 200


def openspiel_hands_per_second(seconds: float, seed: int, shuffled: bool = False) -> float | None:
    """Play complete random hands of OpenSpiel spades for about ``seconds``; return hands/s.

    The deal goes through its 52 chance nodes, each outcome drawn from
    ``chance_outcomes()``; with ``shuffled`` the deck is shuffled once and its cards
    applied as the chance actions (OpenSpiel's fastest deal). None without ``pyspiel``.
    """
    try:
        import pyspiel
    except ImportError:
        return None

    game = pyspiel.load_game("spades")
    rng = random.Random(seed)
    choice = rng.choice
    deck = list(range(52))

    def one_hand() -> int:
        state = game.new_initial_state()
        is_terminal, is_chance = state.is_terminal, state.is_chance_node
        legal_actions, apply = state.legal_actions, state.apply_action
        if shuffled:
            rng.shuffle(deck)
            for card in deck:
                apply(card)
        while not is_terminal():
            if is_chance():
                # Spades' chance outcomes are uniform, so a plain choice is the weighted draw.
                apply(choice(state.chance_outcomes())[0])
            else:
                apply(choice(legal_actions()))
        return 1

    return _per_second(one_hand, seconds)


def engine_hands_per_second(rules: Rules, seconds: float, seed: int) -> float:
    """Play complete random hands under ``rules`` for about ``seconds``; return hands/s."""
    rng = random.Random(seed)
    choice = rng.choice

    def one_game() -> int:
        game = Game(rules, seed=rng)
        legal_actions, apply, hands_so_far = game.legal_actions, game.apply, game.hands
        while game.to_move is not None and len(hands_so_far) <= MAX_HANDS:
            apply(choice(legal_actions()))
        return len(hands_so_far) - (not game.over)

    return _per_second(one_game, seconds)


def _per_second(play: Callable[[], int], seconds: float) -> float:
    """Call ``play`` (which returns the hands it completed) for about ``seconds``: hands/s."""
    clock = time.perf_counter
    hands = 0
    start = clock()
    deadline = start + seconds
    while True:
        hands += play()
        now = clock()
        if now >= deadline:
            return hands / (now - start)


def run(seconds: float, seed: int) -> dict[str, dict[str, float | None]]:
    """Hands per second of each variant; for ``partnership`` also OpenSpiel's, and the ratio.

    ``partnership-no-blind-nil`` plays OpenSpiel's own rules (no blind nil), the like
    for like comparison; the ratio is against OpenSpiel's deal through chance nodes,
    and ``openspiel_shuffled_hands_per_s`` is OpenSpiel with one shuffle a hand.
    ``seconds`` (per measurement) must be above 0 and finite.
    """
    if not (isinstance(seconds, int | float) and 0 < seconds < math.inf):
        raise SpadesError(f"the seconds of a measurement must be above 0 and finite, "
                          f"not {quoted(seconds)}")
    variants = {name: rules_for(name) for name in PRESETS}
    variants["partnership-no-blind-nil"] = rules_for("partnership", blind_nil=False)
    report: dict[str, dict[str, float | None]] = {}
    for name, rules in variants.items():
        report[name] = {"hands_per_s": round(engine_hands_per_second(rules, seconds, seed), 1)}
    peer = openspiel_hands_per_second(seconds, seed)
    peer_shuffled = openspiel_hands_per_second(seconds, seed, shuffled=True)
    for name in ("partnership", "partnership-no-blind-nil"):
        ours = report[name]["hands_per_s"] or 0.0
        report[name]["openspiel_hands_per_s"] = None if peer is None else round(peer, 1)
        report[name]["openspiel_shuffled_hands_per_s"] = (
            None if peer_shuffled is None else round(peer_shuffled, 1))
        report[name]["ratio"] = None if peer is None else round(ours / peer, 3)
    return report
