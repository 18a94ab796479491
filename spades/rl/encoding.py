"""One seat's :class:`~spades.Observation` as a flat float32 tensor, and the action mask.

Every learning environment (PettingZoo, Gymnasium, OpenSpiel) encodes with this
module, so an agent sees the same numbers everywhere. Seats are relative to the
observing seat: position 0 is the seat itself, 1 the next seat in turn order, and
so on; sides are relative too (0 is the seat's side). The slices are listed in
:func:`slices` and documented in ``docs/rl.md``.
"""

from __future__ import annotations

from functools import cache

import numpy as np
from gymnasium import spaces

from ..actions import GIVE_BASE, NUM_ACTIONS
from ..cards import DECK_SIZE, SUIT_MASKS, cards_in
from ..game import Phase
from ..observation import Observation
from ..rules import Rules

EPISODES = ("hand", "match")  # one hand from 0-0, or the whole match
PHASES = tuple(phase.value for phase in Phase)
EXCHANGE_SIZES = 5  # none, or 0..3 cards exchanged
BID_SIZES = 15  # none, or nil and 1..13
SCORE_CLIP = 4.0  # scores are in targets, clipped to +-SCORE_CLIP
BAG_SCALE = 10.0


def action_count(rules: Rules) -> int:
    """The number of action codes a game of ``rules`` can use: 70 without blind nil
    exchanges, else all 123 (an exchange's 52 give steps and its end)."""
    return NUM_ACTIONS if rules.blind_nil and rules.nil else GIVE_BASE


def slices(players: int) -> list[tuple[str, int]]:
    """The named parts of the tensor, in order, with their sizes."""
    n = players
    return [
        ("phase", len(PHASES)),
        ("to_move", n),
        ("hand", DECK_SIZE),
        ("offered", DECK_SIZE),
        ("discards", DECK_SIZE),
        ("gave", DECK_SIZE),
        ("received", DECK_SIZE),
        ("blind_nil", n),
        ("exchanged", n * EXCHANGE_SIZES),
        ("bids", n * BID_SIZES),
        ("dealer_or_first_drawer", n),
        ("played", n * DECK_SIZE),
        ("trick", n * DECK_SIZE),
        ("trick_leader", n),
        ("tricks_won", n),
        ("spades_broken", 1),
        ("stock_left", 1),
        ("scores", 2),
        ("bag_totals", 2),
        ("shown_void", n * 4),
        ("giving", DECK_SIZE),
    ]


@cache
def tensor_size(players: int) -> int:
    """The length of the tensor for ``players`` seats (592 with two, 858 with four)."""
    return sum(size for _, size in slices(players))


@cache
def offsets(players: int) -> dict[str, tuple[int, int]]:
    """Each slice's name: its start in the tensor and its size (one dict per player
    count, shared: do not change it)."""
    out, start = {}, 0
    for name, size in slices(players):
        out[name] = (start, size)
        start += size
    return out


def encode(obs: Observation, out: np.ndarray | None = None) -> np.ndarray:
    """The tensor of ``obs`` (written into ``out`` when given)."""
    n = obs.rules.players
    if out is None:
        out = np.zeros(tensor_size(n), np.float32)
    else:
        out.fill(0.0)
    view = {name: out[start:start + size] for name, (start, size) in offsets(n).items()}

    def rel(seat: int) -> int:
        return (seat - obs.seat) % n

    view["phase"][PHASES.index(obs.phase)] = 1
    if obs.to_move is not None:
        view["to_move"][rel(obs.to_move)] = 1
    for name in ("hand", "discards", "gave", "received", "giving"):
        view[name][list(getattr(obs, name))] = 1
    if obs.offered is not None:
        view["offered"][obs.offered] = 1
    for seat in obs.blind_nil:
        view["blind_nil"][rel(seat)] = 1
    exchanged = view["exchanged"].reshape(n, EXCHANGE_SIZES)
    bids = view["bids"].reshape(n, BID_SIZES)
    for seat in range(n):
        count = obs.exchanged[seat]
        exchanged[rel(seat), 0 if count is None else count + 1] = 1
        bid = obs.bids[seat]
        bids[rel(seat), 0 if bid is None else bid + 1] = 1
    first = obs.dealer if obs.dealer is not None else obs.first_drawer
    if first is not None:
        view["dealer_or_first_drawer"][rel(first)] = 1
    played = view["played"].reshape(n, DECK_SIZE)
    for seat, mask in enumerate(obs.played_by()):
        played[rel(seat), list(cards_in(mask))] = 1
    if obs.trick is not None:
        current = view["trick"].reshape(n, DECK_SIZE)
        for seat, card in obs.trick.plays:
            current[rel(seat), card] = 1
        view["trick_leader"][rel(obs.trick.leader)] = 1
    for seat in range(n):
        view["tricks_won"][rel(seat)] = obs.tricks_won[seat] / 13
    view["spades_broken"][0] = obs.spades_broken
    view["stock_left"][0] = obs.stock_left / DECK_SIZE
    side = obs.rules.side_of(obs.seat)
    for i, which in enumerate((side, 1 - side)):
        view["scores"][i] = np.clip(obs.scores[which] / obs.rules.target, -SCORE_CLIP, SCORE_CLIP)
        view["bag_totals"][i] = min(obs.bag_totals[which] / BAG_SCALE, SCORE_CLIP)
    shown = view["shown_void"].reshape(n, 4)
    for seat, void in enumerate(obs.voids()):
        for suit, suit_mask in enumerate(SUIT_MASKS):
            shown[rel(seat), suit] = void & suit_mask == suit_mask
    return out


def bounds(players: int) -> tuple[np.ndarray, np.ndarray]:
    """The lowest and highest value of each entry of the tensor."""
    low = np.zeros(tensor_size(players), np.float32)
    high = np.ones(tensor_size(players), np.float32)
    parts = offsets(players)
    start, size = parts["scores"]
    low[start:start + size] = -SCORE_CLIP
    high[start:start + size] = SCORE_CLIP
    start, size = parts["bag_totals"]
    high[start:start + size] = SCORE_CLIP
    return low, high


def action_mask(obs: Observation, size: int) -> np.ndarray:
    """An int8 array of ``size`` with a 1 at each legal action code of ``obs``."""
    mask = np.zeros(size, np.int8)
    if obs.legal:
        mask[list(obs.legal)] = 1
    return mask


def spaces_for(rules: Rules) -> tuple[spaces.Dict, spaces.Discrete]:
    """The Gymnasium spaces of an agent: ``{"observation", "action_mask"}`` and the codes."""
    size = action_count(rules)
    low, high = bounds(rules.players)
    observation = spaces.Dict({
        "observation": spaces.Box(low, high, dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
    })
    return observation, spaces.Discrete(size)
