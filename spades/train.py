"""``spades train``: the data and the training of the learned card-location model.

:func:`generate` plays hands between computer players (any mix of levels and outside
programs, a bot drawn at random for every seat of every hand, two-player and partnership
alternately) and records, at a share of the decisions in the bidding and the play, the
deciding seat's :func:`~spades.bots.learned.table` and where each hidden card truly is.
:func:`fit` trains :class:`~spades.bots.learned.LocationModel` on it with numpy
(a one-hidden-layer network, its gradients written out, Adam), seeded, and writes the
weights that :mod:`spades.bots.learned` loads. Both report their progress on stderr.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np

from .bots import Bot, close_bot, make_bot
from .bots.learned import LocationModel, feature_count, features, save, softmax, table
from .chance import shuffled_deck
from .game import Game
from .progress import Progress
from .rules import Rules, rules_for

VARIANTS = ("two-player", "partnership")
PACKED = ("played", "allowed", "hidden")  # boolean arrays stored as bits


def _labels(tables: dict[str, np.ndarray], hands: Sequence[int], seat: int) -> np.ndarray:
    """Where each hidden card is, as an option index (-1: not hidden); two players: 0
    in her hand, 1 out of play."""
    n = len(hands)
    label = np.full(52, -1, np.int8)
    for card in np.flatnonzero(tables["hidden"][0]):
        holder = next((s for s in range(n) if hands[s] >> int(card) & 1), None)
        if n == 2:
            label[card] = 0 if holder == 1 - seat else 1
        else:
            assert holder is not None and holder != seat
            label[card] = (holder - seat) % n - 1
    return label


def generate(path: str | Path, games: int, seed: int, bots: Sequence[str], rate: float = 0.2,
             rules: dict[str, Any] | None = None,
             progress: Progress | None = None) -> dict[str, Any]:
    """Play ``games`` hands (alternately two-player and partnership, each from 0-0 under
    ``rules``) with a bot of ``bots`` drawn for each seat, record a ``rate`` share of
    the bidding and play decisions, and write them to ``path`` (a compressed ``.npz``,
    opened first: a path that cannot be written fails before any hand is played).
    Returns the summary written beside them: decision points, bytes, seconds."""
    with Path(path).open("wb") as file:
        summary = _generate(file, games, seed, bots, rate, rules or {}, progress)
    summary["bytes"] = Path(path).stat().st_size
    return summary


def _generate(file: BinaryIO, games: int, seed: int, bots: Sequence[str], rate: float,
              rules: dict[str, Any], progress: Progress | None) -> dict[str, Any]:
    rng = random.Random(seed)
    variants: list[Rules] = [rules_for(v, **rules) for v in VARIANTS]
    rows: dict[int, list[dict[str, np.ndarray]]] = {2: [], 4: []}
    cache: dict[tuple[str, int], Bot] = {}
    started = time.perf_counter()
    try:
        for index in range(games):
            game_rules = variants[index % 2]
            game = Game(game_rules, decks=[shuffled_deck(random.Random(f"{seed}:{index}"))])
            seats = [rng.choice(bots) for _ in range(game_rules.players)]
            while game.to_move is not None:
                seat = game.to_move
                obs = game.observation(seat)
                if obs.phase in ("bidding", "play") and rng.random() < rate:
                    one = table(obs)
                    one["label"] = _labels(one, game.hand_masks(), seat)[None]
                    one["game"] = np.array([index], np.int32)
                    rows[game_rules.players].append(one)
                key = (seats[seat], seat)
                if key not in cache:
                    cache[key] = make_bot(seats[seat], f"{seed}:{seats[seat]}:{seat}")
                game.apply(cache[key].act(obs))
            if progress:
                progress(index + 1, games, started)
    finally:
        for bot in cache.values():
            close_bot(bot)
    arrays: dict[str, np.ndarray] = {}
    for players, found in rows.items():
        for name in found[0] if found else ():
            stacked = np.concatenate([r[name] for r in found])
            arrays[f"p{players}_{name}"] = np.packbits(stacked, -1) if name in PACKED else stacked
    seconds = time.perf_counter() - started
    summary = {"games": games, "seed": seed, "bots": list(bots), "rate": rate,
               "points": {p: len(r) for p, r in rows.items()}, "seconds": round(seconds, 1)}
    np.savez_compressed(file, **arrays, summary=np.array(repr(summary)))
    return summary


def load_data(path: str | Path, players: int) -> dict[str, np.ndarray]:
    """The decision points for ``players`` from a file :func:`generate` wrote."""
    with np.load(path) as data:
        prefix = f"p{players}_"
        out = {k[len(prefix):]: data[k] for k in data.files if k.startswith(prefix)}
    for name in PACKED:
        out[name] = np.unpackbits(out[name], -1, count=52).astype(bool)
    return out


def examples(data: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                                     np.ndarray, np.ndarray]:
    """Every hidden card of every decision point: inputs ``[M, options, features]``, the
    allowed options, the true option, the uniform deal's probabilities (each option in
    proportion to its room) and the game each came from."""
    xs, masks, ys, priors, game_of = [], [], [], [], []
    for start in range(0, len(data["label"]), 512):  # in slices: the inputs are 52 wide
        part = {k: v[start:start + 512] for k, v in data.items()}
        x = features(part)
        allowed = part["allowed"].transpose(0, 2, 1)
        where = part["label"] >= 0
        room = np.broadcast_to(part["seat"][:, None, :, 4].astype(np.float32), allowed.shape)
        xs.append(x[where])
        masks.append(allowed[where])
        ys.append(part["label"][where].astype(np.int64))
        priors.append(softmax(np.log(np.maximum(room, 1e-9)), allowed)[where])
        game_of.append(np.broadcast_to(part["game"][:, None], where.shape)[where])
    return (np.concatenate(xs), np.concatenate(masks), np.concatenate(ys),
            np.concatenate(priors), np.concatenate(game_of))


def log_loss(probs: np.ndarray, y: np.ndarray) -> float:
    """The mean negative log probability of the true options."""
    return float(-np.log(np.maximum(probs[np.arange(len(y)), y], 1e-12)).mean())


def fit(data_path: str | Path, out: str | Path, seed: int = 0, hidden: int = 32,
        epochs: int = 20, batch: int = 1024, rate: float = 3e-3,
        progress: Progress | None = None) -> dict[str, Any]:
    """Train a model for each number of players on ``data_path`` (a tenth of the games
    held out), write them to ``out``; returns the held-out log losses of the model and of
    the uniform deal, and the seconds taken."""
    rng = np.random.default_rng(seed)
    started = time.perf_counter()
    models, report = [], {}
    sets = {p: examples(load_data(data_path, p)) for p in (2, 4)}
    steps = sum(epochs * -(-int((g // 2 % 10 != 0).sum()) // batch) for *_, g in sets.values())
    done = 0
    for players, (x, mask, y, prior, game) in sets.items():
        held = game // 2 % 10 == 0  # a tenth of each variant's hands
        train = ~held
        width = feature_count(players)
        params = [rng.normal(0, 1 / np.sqrt(width), (width, hidden)).astype(np.float32),
                  np.zeros(hidden, np.float32),
                  rng.normal(0, 1 / np.sqrt(hidden), hidden).astype(np.float32)]
        moments = [(np.zeros_like(p), np.zeros_like(p)) for p in params]
        order = np.flatnonzero(train)
        t = 0
        for _ in range(epochs):
            rng.shuffle(order)
            for start in range(0, len(order), batch):
                pick = order[start:start + batch]
                grads = _gradients(params, x[pick], mask[pick], y[pick])
                t += 1
                for p, g, (m, v) in zip(params, grads, moments, strict=True):
                    m *= 0.9
                    m += 0.1 * g
                    v *= 0.999
                    v += 0.001 * g * g
                    p -= rate * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
                done += 1
                if progress:
                    progress(done, steps, started)
        model = LocationModel(players, params[0], params[1], params[2], 0.0)
        probs = softmax(model.logits(x[held]), mask[held])
        report[players] = {"examples": int(train.sum()), "held_out": int(held.sum()),
                           "loss": round(log_loss(probs, y[held]), 4),
                           "uniform_loss": round(log_loss(prior[held], y[held]), 4)}
        models.append(model)
    report["seconds"] = round(time.perf_counter() - started, 1)
    save(out, models, summary=np.array(repr(report)))
    return report


def _gradients(params: list[np.ndarray], x: np.ndarray, mask: np.ndarray,
               y: np.ndarray) -> list[np.ndarray]:
    """The gradients of the mean log loss for ``w1``, ``b1``, ``w2`` on one batch."""
    w1, b1, w2 = params
    h = np.tanh(x @ w1 + b1)  # [M, O, H]
    probs = softmax(h @ w2, mask)
    dz = probs
    dz[np.arange(len(y)), y] -= 1.0
    dz /= len(y)
    dh = dz[..., None] * w2 * (1 - h * h)
    return [x.reshape(-1, x.shape[-1]).T @ dh.reshape(-1, dh.shape[-1]),
            dh.sum((0, 1)), (h * dz[..., None]).sum((0, 1))]
