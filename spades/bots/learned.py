"""A learned model of where the hidden cards are, for the search's samples.

For one seat's :class:`~spades.Observation`, every card whose place the seat does not
know has a few possible places, its *options*: with four hands the three other seats
(left, partner, right), with two the opponent's hand or out of play (her discards). The
model gives each option a probability from what the table showed: each seat's bid, nil,
tricks won, the cards it played in each suit, the voids it showed, how many unknown
cards it holds; the card's suit and rank; what is still unseen. It is a one-hidden-layer
network, scored option by option with shared weights and normalised over the options
the card may be at (voids honoured), trained on games played here (:mod:`spades.train`).

:func:`table` reads an observation into a few small arrays (the form the training data is
stored in), :func:`features` turns a batch of them into the network's inputs, and
:class:`LocationModel` gives the probabilities and the weights with which
:func:`~spades.bots.belief.sample_hands` deals the hidden cards. The weights that ship
are in ``spades/bots/data/belief.npz``; numpy is all play needs.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np

from ..cards import DECK_SIZE, RANKS_PER_SUIT, SPADES, SUIT_MASKS
from ..observation import Observation
from .belief import Knowledge, knowledge

SHIPPED = Path(__file__).parent / "data" / "belief.npz"
SEAT_FIELDS = ("bid", "nil", "blind", "won", "room", "voids")  # the columns of ``seat``
OUT = -1  # two players: the option "out of play" in a table's ``owner``
CARDS = np.arange(DECK_SIZE)
SUIT = CARDS // RANKS_PER_SUIT
RANK = CARDS % RANKS_PER_SUIT
HONOUR = 9  # jack and higher
# one option's inputs, in order (then one column per option: which option it is)
FEATURES = ("bid", "no bid yet", "nil", "blind nil", "tricks won", "tricks still needed",
            "unknown cards held", "share of the unknown cards held", "voids shown",
            "spades played", "played in the card's suit", "played above the card in its suit",
            "void in the card's suit", "clubs", "diamonds", "hearts", "spades", "rank",
            "jack or higher", "unseen in the card's suit", "unseen above the card in its suit",
            "own bid", "tricks done")
FLOOR = 1e-4  # the least probability the sampler is given: a fitting deal is never ruled out


def options(players: int) -> int:
    """How many places a hidden card may be: the other seats, or with two players the
    opponent's hand and out of play."""
    return 3 if players == 4 else 2


def table(obs: Observation, facts: Knowledge | None = None) -> dict[str, np.ndarray]:
    """``obs`` as the model reads it, a batch of one: per option ``seat`` (bid, or -1
    before it; nil; blind nil; tricks won; unknown cards held; shown voids as suit bits),
    ``played`` (its cards played) and ``allowed`` (hidden cards it may hold); ``hidden``,
    the cards whose place the seat does not know; ``own`` (the seat's bid or -1, tricks
    done)."""
    facts = facts or knowledge(obs)
    n, me = obs.rules.players, obs.seat
    assert me is not None
    count = options(n)
    seats = [(me + k) % n for k in range(1, n)] + ([OUT] if n == 2 else [])
    played, void = obs.played_by(), obs.voids()
    seat = np.zeros((1, count, len(SEAT_FIELDS)), np.int16)
    played_bits = np.zeros((1, count, DECK_SIZE), bool)
    allowed = np.zeros((1, count, DECK_SIZE), bool)
    hidden_cards = facts.unseen
    for o, s in enumerate(seats):
        if s == OUT:
            room = hidden_cards.bit_count() - facts.held[1 - me]
            seat[0, o] = (-1, 0, 0, 0, room, 0)
            allowed[0, o] = _bits(hidden_cards)
            continue
        bid = obs.bids[s]
        void_suits = sum(1 << k for k in range(4) if void[s] & SUIT_MASKS[k] == SUIT_MASKS[k])
        room = facts.held[s] - facts.known[s].bit_count()
        seat[0, o] = (-1 if bid is None else bid, bid == 0 and s not in obs.blind_nil,
                      s in obs.blind_nil, obs.tricks_won[s], room, void_suits)
        played_bits[0, o] = _bits(played[s])
        allowed[0, o] = _bits(facts.allowed[s] & hidden_cards)
    own_bid = obs.bids[me]
    own = np.array([[-1 if own_bid is None else own_bid, len(obs.tricks)]], np.int16)
    return {"seat": seat, "played": played_bits, "allowed": allowed,
            "hidden": _bits(hidden_cards)[None], "own": own}


def _bits(mask: int) -> np.ndarray:
    """A card mask as 52 booleans."""
    return np.int64(mask) >> CARDS & 1 == 1


def features(batch: dict[str, np.ndarray]) -> np.ndarray:
    """The network's inputs for every card and option of a batch of tables: an array
    ``[tables, 52, options, features]`` (float32)."""
    seat = batch["seat"].astype(np.float32)
    played = batch["played"]
    hidden = batch["hidden"]
    tables, count = seat.shape[:2]
    by_suit = played.reshape(tables, count, 4, RANKS_PER_SUIT)
    in_suit = by_suit.sum(-1)[:, :, SUIT]  # [B, O, 52]
    above = (by_suit[..., ::-1].cumsum(-1)[..., ::-1] - by_suit).reshape(tables, count, -1)
    hidden_suits = hidden.reshape(tables, 4, RANKS_PER_SUIT)
    hidden_above = (hidden_suits[..., ::-1].cumsum(-1)[..., ::-1] - hidden_suits).reshape(
        tables, -1)
    void_bits = batch["seat"][..., 5].astype(np.int64)
    void = (void_bits[..., None] >> np.arange(4) & 1).astype(np.float32)  # [B, O, 4]
    bid = seat[..., 0]
    has_bid = bid >= 0
    bid = np.where(has_bid, bid, 0.0)
    won, room = seat[..., 3], seat[..., 4]
    room_share = room / np.maximum(room.sum(1, keepdims=True), 1.0)
    per_option = [bid / 13, ~has_bid, seat[..., 1], seat[..., 2], won / 13,
                  np.where(has_bid, np.maximum(bid - won, 0), 0) / 13, room / 13, room_share,
                  void.sum(-1) / 4, by_suit[..., SPADES, :].sum(-1) / 13]
    own = batch["own"].astype(np.float32)
    shape = (tables, DECK_SIZE, count)
    columns = [np.broadcast_to(np.asarray(c, np.float32)[:, None, :], shape) for c in per_option]
    columns += [np.broadcast_to(np.asarray(c, np.float32).transpose(0, 2, 1), shape) for c in (
        in_suit / 13, above / 13, void[:, :, SUIT])]
    card_columns = [*np.eye(4, dtype=np.float32)[SUIT].T, RANK / 12, RANK >= HONOUR]
    columns += [np.broadcast_to(np.asarray(c, np.float32)[None, :, None], shape)
                for c in card_columns]
    per_table = [hidden.reshape(tables, 4, RANKS_PER_SUIT).sum(-1)[:, SUIT] / 13,
                 hidden_above / 13]
    columns += [np.broadcast_to(np.asarray(c, np.float32)[:, :, None], shape) for c in per_table]
    columns += [np.broadcast_to((own[:, k] / 13)[:, None, None], shape) for k in range(2)]
    columns += [np.broadcast_to(np.eye(count, dtype=np.float32)[k][None, None, :], shape)
                for k in range(count)]
    assert len(columns) == len(FEATURES) + count
    return np.stack(columns, -1)


def feature_count(players: int) -> int:
    """The length of one option's input vector."""
    return len(FEATURES) + options(players)


class LocationModel:
    """The network for one number of players: ``w1`` [features, hidden], ``b1``,
    ``w2`` [hidden], ``b2`` (a scalar)."""

    def __init__(self, players: int, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray,
                 b2: float) -> None:
        self.players = players
        self.w1, self.b1, self.w2, self.b2 = w1, b1, w2, float(b2)

    def logits(self, inputs: np.ndarray) -> np.ndarray:
        """Each option's score for inputs ``[..., features]``."""
        hidden = np.tanh(inputs @ self.w1 + self.b1)
        return hidden @ self.w2 + self.b2

    def probabilities(self, batch: dict[str, np.ndarray]) -> np.ndarray:
        """``[tables, 52, options]``: where each hidden card is, over the options it may be
        at (zero elsewhere, and for cards not hidden)."""
        return softmax(self.logits(features(batch)), batch["allowed"].transpose(0, 2, 1))

    def weights(self, obs: Observation, facts: Knowledge) -> dict[int, tuple[float, ...]]:
        """For :func:`~spades.bots.belief.sample_hands`: for each hidden card, a factor
        per seat. With four hands the model's probability over the seat's room (a deal
        drawn card by card in proportion to room times factor gives each card, drawn
        first, the model's probability); with two the odds of her holding it."""
        one = table(obs, facts)
        probs = self.probabilities(one)[0]
        n, me = obs.rules.players, obs.seat
        assert me is not None
        room = one["seat"][0, :, 4]
        out: dict[int, tuple[float, ...]] = {}
        for card in np.flatnonzero(one["hidden"][0]):
            factors = [0.0] * n
            if n == 2:
                p = float(np.clip(probs[card, 0], FLOOR, 1 - FLOOR))
                factors[1 - me] = p / (1 - p)
            else:
                for o in range(n - 1):
                    p = max(float(probs[card, o]), FLOOR)
                    factors[(me + 1 + o) % n] = p / max(int(room[o]), 1)
            out[int(card)] = tuple(factors)
        return out

    def arrays(self) -> dict[str, np.ndarray]:
        """The weights by name, as :func:`save` writes them."""
        prefix = f"p{self.players}_"
        return {prefix + "w1": self.w1, prefix + "b1": self.b1, prefix + "w2": self.w2,
                prefix + "b2": np.array(self.b2)}


def softmax(logits: np.ndarray, allowed: np.ndarray) -> np.ndarray:
    """Softmax over the last axis among ``allowed`` entries (zero elsewhere; all zero
    where none is allowed)."""
    masked = np.where(allowed, logits, -np.inf)
    top = masked.max(-1, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    exp = np.where(allowed, np.exp(masked - top), 0.0)
    return exp / np.maximum(exp.sum(-1, keepdims=True), 1e-30)


def save(path: str | Path, models: list[LocationModel], **info: np.ndarray) -> None:
    """Write ``models`` (and any ``info`` arrays) to one compressed ``.npz``."""
    arrays = {k: v for m in models for k, v in m.arrays().items()}
    np.savez_compressed(path, **arrays, **info)


def load(path: str | Path, players: int) -> LocationModel:
    """The model for ``players`` from a file :func:`save` wrote."""
    with np.load(path) as data:
        prefix = f"p{players}_"
        return LocationModel(players, data[prefix + "w1"], data[prefix + "b1"],
                             data[prefix + "w2"], float(data[prefix + "b2"]))


@cache
def shipped(players: int) -> LocationModel:
    """The model that ships with the package, for ``players``."""
    return load(SHIPPED, players)
