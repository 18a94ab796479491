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

On a shared machine a figure measured once, after the other, swings with whatever else
runs. :func:`run` therefore alternates the loops in short rounds (ours, OpenSpiel's
chance-node loop, OpenSpiel's shuffled deal, ours without blind nil, ...; every other
round in the reverse order, so that a steady drift of the machine favours neither) and
reports, for each loop, the median of its rounds, and for each comparison the median of
the ratios paired within a round, with their quartiles and range. Time is the thread's
processor time (``time.thread_time``), not the wall clock: while other programs hold the
cores, neither loop is charged for their turns (it narrowed a busy machine's quartiles
of the ratio from 0.52-0.86 to 0.53-0.64).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from .errors import SpadesError, quoted
from .game import Game
from .rules import PRESETS, Rules, rules_for

MAX_HANDS = 200
DEFAULT_ROUNDS = 10
MAX_SECONDS = 3600.0  # a loop's whole measurement: an hour
MAX_ROUNDS = 1000

Loop = Callable[[], int]
"""A measurement's body: play one game (or hand) and return the hands it completed."""

Figures = dict[str, Any]
"""One variant's figures in :func:`run`'s report (JSON-ready)."""

PAIRED = ("partnership", "partnership-no-blind-nil")
_CHANCE, _SHUFFLED = "openspiel (chance nodes)", "openspiel (shuffled deal)"


def openspiel_loop(seed: int, shuffled: bool = False) -> Loop | None:
    """A loop playing one random hand of OpenSpiel spades per call (None without pyspiel).

    The deal goes through its 52 chance nodes, each outcome drawn from
    ``chance_outcomes()``; with ``shuffled`` the deck is shuffled once and its cards
    applied as the chance actions (OpenSpiel's fastest deal). The generator lasts from
    call to call, so each call plays a new hand.
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

    return one_hand


def engine_loop(rules: Rules, seed: int) -> Loop:
    """A loop playing one random hand under ``rules`` per call: the hands of a game one
    call after another, then a new game (after its last hand, or after ``MAX_HANDS``
    hands); the generator lasts from call to call."""
    rng = random.Random(seed)
    choice = rng.choice
    games: list[Game] = []

    def one_hand() -> int:
        if not games or games[0].to_move is None or len(games[0].hands) > MAX_HANDS:
            games[:] = [Game(rules, seed=rng)]
        game = games[0]
        legal_actions, apply, hands_so_far = game.legal_actions, game.apply, game.hands
        number = len(hands_so_far)
        while len(hands_so_far) == number and game.to_move is not None:
            apply(choice(legal_actions()))
        return 1

    return one_hand


def openspiel_hands_per_second(seconds: float, seed: int, shuffled: bool = False) -> float | None:
    """Play complete random hands of OpenSpiel spades for about ``seconds``; return hands/s
    (None without ``pyspiel``). One measurement: :func:`run` alternates them."""
    loop = openspiel_loop(seed, shuffled)
    return None if loop is None else _per_second(loop, seconds)


def engine_hands_per_second(rules: Rules, seconds: float, seed: int) -> float:
    """Play complete random hands under ``rules`` for about ``seconds``; return hands/s."""
    return _per_second(engine_loop(rules, seed), seconds)


def _per_second(play: Loop, seconds: float) -> float:
    """Call ``play`` (which returns the hands it completed) for about ``seconds`` of this
    thread's processor time: hands per second of it. Time the machine gives to other
    programs counts for neither loop (on a busy machine the run takes longer)."""
    clock = time.thread_time
    hands = 0
    start = clock()
    deadline = start + seconds
    while True:
        hands += play()
        now = clock()
        if now >= deadline:
            return hands / (now - start)


def check(seconds: object, rounds: object) -> None:
    """Raise :class:`SpadesError` unless ``seconds`` (each loop's whole measurement) is a
    number above 0 and at most ``MAX_SECONDS`` and ``rounds`` an int from 1 to
    ``MAX_ROUNDS``."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not (
            0 < seconds <= MAX_SECONDS):
        raise SpadesError(f"the seconds of a measurement must be above 0 and at most "
                          f"{MAX_SECONDS:g}, not {quoted(seconds)}")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not (
            1 <= rounds <= MAX_ROUNDS):
        raise SpadesError(f"the rounds must be a whole number from 1 to {MAX_ROUNDS}, "
                          f"not {quoted(rounds)}")


def spread(values: Sequence[float]) -> tuple[float, list[float], list[float]]:
    """The median of ``values``, their quartiles ``[q1, q3]`` and their range ``[min, max]``."""
    quartiles = (statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1
                 else [values[0]] * 3)
    return (statistics.median(values), [quartiles[0], quartiles[2]],
            [min(values), max(values)])


def run(seconds: float, seed: int, rounds: int = DEFAULT_ROUNDS
        ) -> dict[str, Figures]:
    """Hands per second of each variant; for ``partnership`` and its OpenSpiel-rules twin
    also OpenSpiel's, and the ratios.

    Each loop runs ``seconds`` of processor time in all, in ``rounds`` rounds of
    ``seconds / rounds``; a round runs every loop once (see the module's docstring for
    the order), after one hand of each to warm up. A variant's ``hands_per_s`` is the median of its
    rounds. ``partnership-no-blind-nil`` plays OpenSpiel's own rules (no blind nil), the
    like for like comparison. ``ratio`` is the median of the round-by-round ratios to
    OpenSpiel's deal through chance nodes, ``shuffled_ratio`` to its shuffled deal, each
    with its ``_quartiles`` and ``_range``; all None without pyspiel.
    """
    check(seconds, rounds)
    variants = {name: rules_for(name) for name in PRESETS}
    variants["partnership-no-blind-nil"] = rules_for("partnership", blind_nil=False)
    loops: dict[str, Loop | None] = {name: engine_loop(rules, seed)
                                     for name, rules in variants.items()}
    loops[_CHANCE] = openspiel_loop(seed)
    loops[_SHUFFLED] = openspiel_loop(seed, shuffled=True)
    head = [PAIRED[0], _CHANCE, _SHUFFLED, PAIRED[1]]
    order = head + [name for name in variants if name not in head]
    for loop in loops.values():
        if loop is not None:
            loop()
    rates: dict[str, list[float]] = {name: [] for name in order}
    for number in range(rounds):
        for name in order if number % 2 == 0 else order[::-1]:
            loop = loops[name]
            if loop is not None:
                rates[name].append(_per_second(loop, seconds / rounds))

    report: dict[str, Figures] = {}
    for name in variants:
        ours = rates[name]
        report[name] = {"hands_per_s": round(statistics.median(ours), 1), "rounds": rounds}
        if name not in PAIRED:
            continue
        for peer, key in ((_CHANCE, "ratio"), (_SHUFFLED, "shuffled_ratio")):
            theirs = rates[peer]
            figures = report[name]
            figures[f"openspiel{'_shuffled' if peer == _SHUFFLED else ''}_hands_per_s"] = (
                round(statistics.median(theirs), 1) if theirs else None)
            if not theirs:
                figures.update({key: None, f"{key}_quartiles": None, f"{key}_range": None})
                continue
            middle, quartiles, extremes = spread([a / b for a, b in zip(ours, theirs,
                                                                        strict=True)])
            figures[key] = round(middle, 3)
            figures[f"{key}_quartiles"] = [round(x, 3) for x in quartiles]
            figures[f"{key}_range"] = [round(x, 3) for x in extremes]
    return report



def format_report(report: dict[str, Figures]) -> list[str]:
    """The report of :func:`run` as lines of text, one a variant."""
    lines = []
    for variant, figures in report.items():
        line = f"{variant:>24}: {figures['hands_per_s']:>9.1f} hands/s"
        if "ratio" in figures:
            if figures["ratio"] is None:
                line += "  (OpenSpiel not installed: pip install -e .[bench])"
            for peer, key in (("chance nodes", "ratio"), ("shuffled deal", "shuffled_ratio")):
                if figures[key] is None:
                    continue
                rate = figures[f"openspiel{'_shuffled' if key != 'ratio' else ''}_hands_per_s"]
                low, high = figures[f"{key}_quartiles"]
                line += (f"; OpenSpiel ({peer}) {rate:.1f}, ratio {figures[key]:.2f}"
                         f" [{low:.2f}-{high:.2f}]")
        lines.append(line)
    rounds = next(iter(report.values()))["rounds"] if report else 0
    lines.append(f"(medians of {rounds} alternating rounds; ratios paired within a round, "
                 "[their quartiles])")
    return lines
