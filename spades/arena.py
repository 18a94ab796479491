"""Duplicate comparison of two computer players: ``spades arena``.

Each board (one hand from 0-0, or a whole match) is played twice with the same
cards and the bots' sides swapped, so luck of the deal cancels out: the paired
difference of the two plays measures the bots alone.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from statistics import NormalDist
from typing import Any

from . import record
from .actions import Action
from .bots import EXTERNAL_PREFIX, close_bot, make_bot, reveal_hands
from .cards import Card
from .chance import shuffled_deck
from .cluster import ray_map
from .errors import SpadesError
from .game import Game
from .observation import Observation
from .progress import Progress
from .rules import Rules
from .scoring import contracts, made

MAX_MATCH_HANDS = 200
ROLES = ("a", "b")


@dataclass
class BotStats:
    """What one bot did over its plays: contracts, nils, bags, decision times."""

    hands: int = 0
    contracts: int = 0
    sets: int = 0
    nil_bids: int = 0
    nils_made: int = 0
    blind_nil_bids: int = 0
    blind_nils_made: int = 0
    bags: int = 0
    penalties: int = 0  # sandbag penalties paid, in points
    decision_seconds: list[float] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # an outside program's failures

    def add(self, other: BotStats) -> None:
        """Add ``other``'s counts and times to these."""
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def summary(self) -> dict[str, Any]:
        """The rates and percentiles of ``spades arena --json``."""
        times = sorted(self.decision_seconds)
        return {
            "hands": self.hands,
            "set_rate": _ratio(self.sets, self.contracts),
            "nil_bids": self.nil_bids,
            "nil_success": _ratio(self.nils_made, self.nil_bids),
            "blind_nil_bids": self.blind_nil_bids,
            "blind_nil_success": _ratio(self.blind_nils_made, self.blind_nil_bids),
            "bags_per_hand": _ratio(self.bags, self.hands),
            "decisions": len(times),
            "decision_seconds": {f"p{q}": percentile(times, q) for q in (50, 95, 99)},
            "problems": len(self.problems),
            "first_problems": self.problems[:5],
        }


@dataclass
class Board:
    """One board played twice: A's paired point difference per hand, A's win share, and
    how many of the two plays (hands or matches) A and B each won (the rest drawn)."""

    index: int
    points_per_hand: float
    a_wins: float
    stats: dict[str, BotStats]
    records: list[dict[str, Any]]
    won: tuple[int, int] = (0, 0)


def side_bots(spec: str) -> list[str]:
    """The bots of a side: one name for every seat, or two comma-separated (partners)."""
    names = [name.strip() for name in spec.split(",")]
    if len(names) > 2:
        raise SpadesError(f"a side has at most two bots, got {spec!r}")
    return names


def seat_bot(spec: str, seat: int) -> str:
    """The bot of ``seat`` in a side given as ``spec`` (``'hard,medium'``: seat 0 or 1 is
    hard, its partner medium)."""
    names = side_bots(spec)
    return names[seat // 2 % len(names)]


def _ratio(part: int, whole: int) -> float | None:
    return None if whole == 0 else round(part / whole, 4)


def percentile(sorted_values: Sequence[float], q: int) -> float | None:
    """The ``q``-th percentile (nearest rank) of already sorted values; None when empty."""
    if not sorted_values:
        return None
    rank = max(1, -(-q * len(sorted_values) // 100))
    return round(sorted_values[rank - 1], 6)


# t(0.975, df) for df = 1..29 (scipy.stats.t.ppf, four decimals)
_T975 = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
         2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
         2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452)


def t975(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom: the half width of
    a 95% interval in standard errors.

    The standard library only: the arena is in the core install, which has no dependency,
    and scipy comes only with OpenSpiel (the ``rl`` and ``bench`` extras). Below 30 degrees
    of freedom a table of ``scipy.stats.t.ppf(0.975, df)`` to four decimals; from 30 the
    normal quantile of :class:`statistics.NormalDist` with the Cornish-Fisher terms of
    Abramowitz and Stegun 26.7.5 (within 1e-7 of scipy's value there, and tending to the
    normal 1.96 as ``df`` grows). The tests hold both parts to scipy where it is installed.
    """
    if df < 1:
        raise ValueError(f"a t quantile needs at least one degree of freedom, not {df}")
    if df <= len(_T975):
        return _T975[df - 1]
    z = NormalDist().inv_cdf(0.975)
    terms = ((z**3 + z) / 4,
             (5 * z**5 + 16 * z**3 + 3 * z) / 96,
             (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
             (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160)
    return z + sum(term / float(df) ** (k + 1) for k, term in enumerate(terms))


def mean_ci95(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% confidence interval (Student's t with n - 1 degrees of
    freedom)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = t975(n - 1) * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def bag_charge(rules: Rules) -> float:
    """What a bag costs a match later: its share of the sandbag penalty (``bag_penalty``
    over ``bag_limit``; 0 when the penalty is off)."""
    return rules.bag_penalty / rules.bag_limit if rules.bag_limit else 0.0


def bags_charged(board: Board, rules: Rules) -> float:
    """The board's A - B points a hand with every bag charged its match cost.

    A hand from 0-0 counts a bag as +1 and its penalty almost never falls; here each bag
    also costs :func:`bag_charge` (with the preset's 100 every 10 bags, a bag nets -9),
    and a penalty that did fall is given back, as the bags that caused it are charged.
    """
    a, b = board.stats["a"], board.stats["b"]
    charged = (a.penalties - b.penalties) - bag_charge(rules) * (a.bags - b.bags)
    return board.points_per_hand + charged / max(a.hands, 1)


class _TimedBot:
    """A bot whose decision times are recorded."""

    def __init__(self, spec: str, seed: str, times: list[float]) -> None:
        self.bot = make_bot(spec, seed, benchmark=True)
        self.times = times

    def act(self, observation: Observation) -> Action:
        start = time.perf_counter()
        action = self.bot.act(observation)
        self.times.append(time.perf_counter() - start)
        return action


def hand_stats(game: Game, side: int) -> BotStats:
    """The counts of ``side`` over the scored hands of ``game``."""
    stats = BotStats()
    rules = game.rules
    for log in game.hands:
        if log.result is None:
            continue
        stats.hands += 1
        stats.bags += log.result.bags[side]
        stats.penalties += log.result.penalties[side]
        seats = rules.seats_of(side)
        bids = dict(log.bids)
        every = contracts([bids.get(s) for s in range(rules.players)], log.blind_nil)
        side_contracts = [every[s] for s in seats]
        outcome = made(side_contracts, [log.result.tricks[s] for s in seats])
        nils = [c.blind for c in side_contracts if c.tricks == 0]
        for blind, nil_made in zip(nils, outcome.nils_made, strict=True):
            if blind:
                stats.blind_nil_bids += 1
                stats.blind_nils_made += nil_made
            else:
                stats.nil_bids += 1
                stats.nils_made += nil_made
        if outcome.contract:
            stats.contracts += 1
            stats.sets += outcome.contract_set
    return stats


def _play(rules: Rules, decks: list[list[int]], specs: dict[str, str], a_side: int,
          seed: str, times: dict[str, list[float]], problems: dict[str, list[str]]) -> Game:
    """Play the decks with bot A on ``a_side``; stops when the decks run out.

    Each bot's decision times go to ``times`` and an outside program's failures to
    ``problems``, by role.
    """
    game = Game(rules, decks=decks)
    bots = []
    roles = ["a" if rules.side_of(seat) == a_side else "b" for seat in range(rules.players)]
    for seat, role in enumerate(roles):
        spec = seat_bot(specs[role], seat)
        # seeded by seat and bot, not by role: swapping A and B mirrors the games
        bots.append(_TimedBot(spec, f"{seed}:{seat}:{spec}", times[role]))
        reveal_hands(bots[-1].bot, game.hand_masks)
    try:
        while game.to_move is not None:
            seat = game.to_move
            game.apply(bots[seat].act(game.observation(seat)))
    finally:
        for seat, bot in enumerate(bots):
            problems[roles[seat]] += [f"seat {seat}: {p}" for p in close_bot(bot.bot)]
    return game


def board_deck(seed: int, index: int, hand: int = 0) -> list[Card]:
    """The deck of hand ``hand`` of board ``index`` from ``seed``: the same for every
    player on that board, and for every benchmark that plays the arena's boards."""
    return shuffled_deck(random.Random(f"{seed}:{index}:{hand}"))


def play_board(rules: Rules, specs: dict[str, str], seed: int, index: int,
               matches: bool, keep_records: bool) -> Board:
    """Play board ``index`` twice, A on side 0 then on side 1, and compare."""
    hands = MAX_MATCH_HANDS if matches else 1
    decks = [board_deck(seed, index, n) for n in range(hands)]
    stats = {role: BotStats() for role in ROLES}
    diffs, hands_played, a_wins, records = 0.0, 0, 0.0, []
    won = [0, 0]  # plays won by A, by B
    for a_side in (0, 1):
        times: dict[str, list[float]] = {role: [] for role in ROLES}
        problems: dict[str, list[str]] = {role: [] for role in ROLES}
        game = _play(rules, decks, specs, a_side, f"{seed}:{index}", times, problems)
        scores = game.scores
        diffs += scores[a_side] - scores[1 - a_side]
        played = sum(log.result is not None for log in game.hands)
        hands_played += played
        if matches:
            winner = game.winner
        else:
            winner = None if scores[0] == scores[1] else int(scores[1] > scores[0])
        if winner is None:
            a_wins += 0.5
        elif winner == a_side:
            a_wins += 1.0
            won[0] += 1
        else:
            won[1] += 1
        for role in ROLES:
            side = a_side if role == "a" else 1 - a_side
            played_stats = hand_stats(game, side)
            played_stats.decision_seconds = times[role]
            played_stats.problems = problems[role]
            stats[role].add(played_stats)
        if keep_records:
            names = [seat_bot(specs["a" if rules.side_of(s) == a_side else "b"], s)
                     for s in range(rules.players)]
            records.append(record.game_record(game, names))
    return Board(index, diffs / max(hands_played, 1), a_wins / 2, stats, records,
                 (won[0], won[1]))


def run_arena(rules: Rules, a: str, b: str, boards: int, seed: int, *, matches: bool = False,
              workers: int = 1, ray: str | None = None, records_dir: str | None = None,
              progress: Progress | None = None) -> dict[str, Any]:
    """Play ``boards`` duplicate boards of A against B; the report of ``spades arena --json``.

    The boards run in ``workers`` local processes, or as tasks on the Ray cluster at
    ``ray`` (``'local'`` starts one here): the same report either way.
    """
    if boards < 1:
        raise SpadesError(f"an arena needs at least one board, not {boards}")
    for spec in (a, b):
        if len(side_bots(spec)) > rules.players // 2:
            raise SpadesError(f"a side of {rules.variant} has one seat: {spec!r} names two bots")
    specs = {"a": a, "b": b}
    started = time.perf_counter()
    args = [(rules, specs, seed, i, matches, records_dir is not None) for i in range(boards)]
    results: list[Board] = []
    for board in _map(args, workers, ray, specs):
        results.append(board)
        if records_dir is not None:
            for play, doc in zip(("a-side-0", "a-side-1"), board.records, strict=True):
                path = Path(records_dir, f"board-{board.index + 1}-{play}.json")
                path.write_text(record.json_text(doc))
        if progress is not None:
            progress(len(results), boards, started)
    results.sort(key=lambda board: board.index)  # Ray gives them as they end
    return summarize(rules, specs, results, matches, time.perf_counter() - started)


def _play_board_args(args: tuple[Any, ...]) -> Board:
    return play_board(*args)


def _play_boards(boards: list[tuple[Any, ...]]) -> list[Board]:
    """One Ray task: the boards of ``boards`` (``play_board``'s arguments), in order."""
    return [play_board(*args) for args in boards]


def _map(args: list[tuple[Any, ...]], workers: int, ray: str | None,
         specs: dict[str, str]) -> Iterable[Board]:
    if ray is not None:
        programs = any(EXTERNAL_PREFIX in spec for spec in specs.values())
        yield from ray_map(_play_boards, args, ray, send_directory=programs)
        return
    if workers <= 1:
        yield from map(_play_board_args, args)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_play_board_args, args, chunksize=max(1, len(args) // (8 * workers)))


def summarize(rules: Rules, specs: dict[str, str], boards: Sequence[Board], matches: bool,
              seconds: float) -> dict[str, Any]:
    """The arena's report from its boards.

    Hands from 0-0 add ``points_per_hand_bags_charged`` (:func:`bags_charged`, with its
    interval over the same boards) and ``bag_charge``; whole matches add ``matches``, the
    matches won by A and by B.
    """
    wins = mean_ci95([b.a_wins for b in boards])
    stats = {role: BotStats() for role in ROLES}
    for board in boards:
        for role in ROLES:
            stats[role].add(board.stats[role])
    report: dict[str, Any] = {
        "variant": rules.variant,
        "mode": "matches" if matches else "hands",
        "boards": len(boards),
        "a": specs["a"],
        "b": specs["b"],
        "points_per_hand": _interval([b.points_per_hand for b in boards]),
    }
    if matches:
        report["matches"] = {"played": 2 * len(boards),
                             "a_won": sum(b.won[0] for b in boards),
                             "b_won": sum(b.won[1] for b in boards)}
    else:
        report["points_per_hand_bags_charged"] = _interval(
            [bags_charged(b, rules) for b in boards])
        report["bag_charge"] = round(bag_charge(rules), 3)
    report |= {
        "win_rate": {"value": round(wins[0], 4),
                     "ci95": [round(max(0.0, wins[1]), 4), round(min(1.0, wins[2]), 4)]},
        "bots": {role: stats[role].summary() for role in ROLES},
        "seconds": round(seconds, 2),
    }
    return report


def _interval(values: Sequence[float]) -> dict[str, Any]:
    mean, low, high = mean_ci95(values)
    return {"mean": round(mean, 3), "ci95": [round(low, 3), round(high, 3)]}
