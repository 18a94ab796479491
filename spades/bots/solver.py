"""Double-dummy solver: the value of each legal card with every hand known.

Two questions, both with best play by every seat:

- :func:`trick_values`: how many tricks the mover's side ends the hand with (the
  tricks already won included) after each legal card.
- :func:`score_values`: the final hand value for the mover's side after each legal
  card, by default its hand score minus the other side's (``scoring.score_hand``),
  or any ``evaluate(tricks_per_seat)``.

One search answers both, compiled with numba (``cache=True``: compiled once, then
loaded from ``__pycache__``). It asks zero-window questions, "does side 0 (seats 0
and 2, or seat 0 of two) reach ``need``?", where ``need`` is a count of tricks still
to take, or, for scores, an index into the sorted final values the hand can still
end with; the root finds each card's value by a binary search on ``need`` that
starts from the last card's value. The techniques are those of Bo Haglund's DDS
("Search Algorithms for a Bridge Double Dummy Solver"):

- a transposition table at trick starts, keyed on the suit lengths of every hand,
  the leader and (for scores) the tricks won per seat; an entry stores bounds and,
  per suit, who holds each card from the top down to the lowest card whose rank
  decided the result (the "winning ranks"), so that it matches every position with
  the same holders of those relative ranks;
- once a card fails, the cards of its suit below every rank that mattered are not
  searched (they would fail alike);
- sure tricks: the leader's top cards (with the opponents' ruffs counted, or its
  partner's after a lead to them) and each side's trumps above all of the other
  side's; for scores they bound side 0's total when the values depend on it only;
- move ordering by weights (DDS's for leads: cash or set up the side's tricks, lead
  to partner's winner or ruff, not into a ruff or a tenace, suits the opponents hold
  few of, and a little the last lead that reached its goal at the same depth; DDS's
  for the second and third hands following suit and for every hand void in the suit
  led; else win cheaply, play low when partner wins), equivalent cards searched once;
- the second hand's side sure to win the trick (a ruff the third hand cannot
  overruff, or the top card) when it needs one trick, or the other side every one.

For scores the table key holds the tricks won (per side when partners' tricks count
only together), and when the values depend on side 0's tricks only and never fall as
they grow, the trick search answers.

Cards and hands are int masks as in :mod:`spades.cards`. Sides are seats 0/2
against 1/3 with four players, seat 0 against seat 1 with two: ``seat % 2``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from ..cards import DECK_SIZE, RANKS_PER_SUIT, SPADE_MASK, SPADES, SUIT_MASKS, Card
from ..observation import Phase
from ..rules import Rules
from ..scoring import Contract, score_hand

if TYPE_CHECKING:
    from ..game import Game
    from ..observation import Observation

Evaluate = Callable[[tuple[int, ...]], float]


@dataclass(frozen=True)
class Deal:
    """A position in the play of a hand, every hand known.

    ``hands``: a card mask per seat; ``leader``: who led the current trick;
    ``trick``: the cards played to it so far, the leader's first; ``won``: tricks won
    per seat; ``spades_broken``: whether spades may be led (also True when the rules
    let spades be led at any time); ``players``: 2 or 4.
    """

    hands: tuple[int, ...]
    leader: int
    trick: tuple[Card, ...] = ()
    won: tuple[int, ...] = (0, 0, 0, 0)
    spades_broken: bool = False
    players: int = 4

    def __post_init__(self) -> None:
        n = self.players
        if n not in (2, 4) or len(self.hands) != n or len(self.won) != n:
            raise ValueError(f"a deal needs 2 or 4 players with a hand and a count each: {self!r}")
        if len(self.trick) >= n or not 0 <= self.leader < n:
            raise ValueError(f"bad leader or trick: {self!r}")
        sizes = {h.bit_count() + (1 if self._played(s) else 0) for s, h in enumerate(self.hands)}
        if len(sizes) != 1:
            raise ValueError(f"hands of unequal sizes: {self!r}")
        seen = 0
        for mask in (*self.hands, *(1 << c for c in self.trick)):
            if seen & mask:
                raise ValueError(f"a card is in two places: {self!r}")
            seen |= mask

    def _played(self, seat: int) -> bool:
        return (seat - self.leader) % self.players < len(self.trick)

    @property
    def to_move(self) -> int:
        """The seat that plays next."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def tricks_left(self) -> int:
        """Tricks still to be won, the current one included."""
        return self.hands[self.to_move].bit_count()

    def legal(self, rules_off_broken: bool = False) -> int:
        """The mask of cards the seat to move may play."""
        hand = self.hands[self.to_move]
        if self.trick:
            return hand & SUIT_MASKS[self.trick[0] // 13] or hand
        if self.spades_broken or rules_off_broken:
            return hand
        return hand & ~SPADE_MASK or hand

    @classmethod
    def from_game(cls, game: Game) -> Deal:
        """The position of a live :class:`spades.Game` in its play phase."""
        if game.phase is not Phase.PLAY or game.to_move is None:
            raise ValueError(f"the game is not in its play phase: {game!r}")
        return cls.from_observation(game.observation(game.to_move), game.hand_masks())

    @classmethod
    def from_observation(cls, obs: Observation, hands: Sequence[int]) -> Deal:
        """The position ``obs`` (the seat to move's) shows in the play phase, with ``hands``
        (a card mask per seat: the true deal or a sampled one) for the cards."""
        trick = obs.trick
        return cls(
            hands=tuple(hands),
            leader=trick.leader if trick else obs.seat,
            trick=trick.cards if trick else (),
            won=tuple(obs.tricks_won),
            spades_broken=obs.spades_broken or obs.rules.lead_spades_anytime,
            players=obs.rules.players,
        )


# ------------------------------------------------------------ the compiled search
#
# A suit's holding is 13 bits (``mask >> 13 * suit & _SUIT``); spades, the trump suit, are
# the top 13 bits of a mask (``mask >> _FIRST_SPADE``), so a card is a spade when it is at
# least _FIRST_SPADE.
# ``work``, the search's state, an int64 vector laid out below: the hands (a card mask a
# seat), the tricks won per seat, the counters (slots used, nodes, the mode (_SCORE,
# _PLAIN, _SIDES), blocks used, the table's slots), the seat holding each card; from _KEYS
# the key of the position at the start of the trick with each count of tricks left (suit
# lengths and patterns as _shape gives them, 3 a count); and from _BUF a row of _WIDTH per
# depth: the moves in search order, their weights, per suit the rank below which its
# cards are skipped, the last lead that reached its goal there.
# ``tt``, the transposition table, 8 columns a row: first the slots, a row for each suit
# lengths and tag (suit lengths, leader/broken/won tag + 1 or 0 when free, newest block or
# -1, entries used in it) found by open addressing; then blocks of _BLOCK entries, a row
# each (pattern of suits 0-1, of suits 2-3, mask of suits 0-1, of suits 2-3, lower bound,
# upper bound, and in a block's first row the older block or -1).
# A pattern gives, per suit, 2 bits for the seat holding each card in play, the top
# card highest (32 bits a suit); the mask keeps the cards from the top down to the
# lowest that decided the bounds.
# ``table`` (score mode): per packed tricks-won (4 bits a seat) the value index at the
# end of the hand, the least and the most value index still reachable, the tricks-won
# key for the transposition table; per range of side 0's total (``low * 16 + high``) the
# least and the most value index in it.

_FIRST_SPADE = SPADES * RANKS_PER_SUIT  # the lowest spade
_SPADES = SPADE_MASK
_SUIT = (1 << RANKS_PER_SUIT) - 1  # a suit's holding
_TRICKS = DECK_SIZE // 4  # the most tricks a hand has, and the most cards a hand holds
_PLIES = 56  # rows of the move buffer: one a card played, the root's last
_ROOT = _PLIES - 1
_UNBOUNDED = 1 << 20  # an upper bound no value reaches
_SCORE = 1  # values are final value indices, not tricks
_PLAIN = 2  # for tests: no sure tricks, no small-card skips, exact positions only
_SIDES = 4  # score mode whose values depend on side 0's tricks only
_BLOCK = 16  # entries a block
_SCAN = 32  # blocks a look-up reads at most, the newest first
_LINE = 8  # int64s in a 64-byte cache line: the move buffer and its rows start at multiples


def _line_up(at: int) -> int:
    """``at`` rounded up to the start of a cache line."""
    return -(-at // _LINE) * _LINE


# ``work``: where each part starts
_WON = 4  # past the hands, a card mask a seat (4)
_SLOTS_USED = _WON + 4  # past the tricks won, a count a seat
_NODES = _SLOTS_USED + 1
_MODE = _NODES + 1
_BLOCKS_USED = _MODE + 1
_SLOTS = _BLOCKS_USED + 1  # the table's slot rows
_OWNER = _SLOTS + 1  # the seat holding each card, 52
_KEYS = _OWNER + DECK_SIZE  # 3 a count of tricks left (0 to 13): a trick's first position
_BUF = _line_up(_KEYS + 3 * (_TRICKS + 1))  # the move buffer: a row of _WIDTH a depth
# a depth's row: where each part starts
_MOVES = 0  # the moves in search order (a hand's cards at most)
_WEIGHTS = 16  # their weights
_SKIP = _WEIGHTS + 16  # per suit: skip its cards below this rank (0: none)
_CUT = _SKIP + 4  # the last lead that reached its goal at this depth (-1: none)
_WIDTH = _line_up(_CUT + 1)
_WORK = _BUF + _WIDTH * _PLIES  # the size of ``work``

assert _FIRST_SPADE + RANKS_PER_SUIT == DECK_SIZE, "spades are the top suit"
assert _WEIGHTS - _MOVES >= _TRICKS and _SKIP - _WEIGHTS >= _TRICKS, "a row holds a hand"
assert _ROOT >= DECK_SIZE, "a row for each card played, the root's apart"


# The kernel's functions other than _solve take the arrays it makes and never make one:
# without numba's reference counts (``_nrt=False``) an array passes to a call for free,
# where counting took a quarter of the time; they never divide by zero, so numpy's error
# model spares a test a division.
_kernel = njit(cache=True, _nrt=False, error_model="numpy")


@intrinsic
def _pop(typingctx: object, x: types.Integer) -> tuple[types.Signature, Callable]:
    """The number of bits set in ``x`` (one instruction)."""
    def codegen(context: object, builder: ir.IRBuilder, sig: object, args: list) -> ir.Value:
        return builder.ctpop(args[0])
    return types.int64(types.int64), codegen


@intrinsic
def _high(typingctx: object, x: types.Integer) -> tuple[types.Signature, Callable]:
    """The highest bit set in ``x``, -1 if none (one instruction)."""
    def codegen(context: object, builder: ir.IRBuilder, sig: object, args: list) -> ir.Value:
        zeros = builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))
        return builder.sub(ir.Constant(ir.IntType(64), 63), zeros)
    return types.int64(types.int64), codegen


@intrinsic
def _trailing(typingctx: object, x: types.Integer) -> tuple[types.Signature, Callable]:
    """The zero bits below the lowest bit set in ``x`` (64 if none; one instruction)."""
    def codegen(context: object, builder: ir.IRBuilder, sig: object, args: list) -> ir.Value:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))
    return types.int64(types.int64), codegen


@_kernel
def _low(x: int) -> int:
    """The lowest bit set in ``x``, -1 if none."""
    return _trailing(x) if x else -1


@_kernel
def _beats(card: int, best: int) -> bool:
    """Whether ``card`` beats ``best``, the card winning a trick so far (spades are trump):
    the search's only copy of the trick rule (:func:`spades.cards.beats`)."""
    if card // 13 == best // 13:
        return card > best
    return card >= _FIRST_SPADE


@_kernel
def _played(card: int, seat: int, win_card: int, win_seat: int,
            same: int) -> tuple[int, int, int]:
    """The card winning a trick, its seat and the cards of its suit in the trick once
    ``seat`` plays ``card`` to it, where ``win_card`` of ``win_seat`` won it so far with
    ``same`` cards of its suit."""
    follows = card // 13 == win_card // 13
    if _beats(card, win_card):
        return card, seat, same + 1 if follows else 1
    return win_card, win_seat, same + 1 if follows else same


@_kernel
def _sure_trumps(work: np.ndarray, n: int, side: int) -> tuple[int, int]:
    """Tricks ``side`` is sure of, and the cards that decide it: one hand's trumps above
    all of the other side's, or the two top trumps held one by each partner when one of
    them has another trump (ranks matter only if the other side has trumps)."""
    top = -1
    for seat in range(1 - side, n, 2):
        top = max(top, _high(work[seat] >> _FIRST_SPADE & _SUIT))
    best = tops = cards = 0
    for seat in range(side, n, 2):
        above = (work[seat] >> _FIRST_SPADE & _SUIT) >> top + 1
        if above:
            tops += 1
            cards |= above << _FIRST_SPADE + top + 1
            best = max(best, _pop(above))
    if best == 1 and tops == 2 and (_pop(work[side] >> _FIRST_SPADE) > 1
                                    or _pop(work[side + 2] >> _FIRST_SPADE) > 1):
        best = 2
    return best, cards if top >= 0 else 0


@_kernel
def _run(mine: int, alive: int, suit: int) -> int:
    """The cards of ``mine`` above every other card of ``suit`` still in play."""
    own = mine >> 13 * suit & _SUIT
    rest = alive >> 13 * suit & _SUIT
    run = 0
    rank = _high(rest)
    while rank >= 0 and own >> rank & 1:
        run |= 1 << 13 * suit + rank
        rest ^= 1 << rank
        rank = _high(rest)
    return run


@_kernel
def _cash(work: np.ndarray, n: int, seat: int, broken: bool, alive: int,
          enough: int) -> tuple[int, int]:
    """Tricks ``seat``, on lead, is sure to take with its top cards: in each side suit as
    many as every opponent holding trumps can follow to, and its top trumps if it may
    lead them (cashed last), counted until ``enough``; and the cards that decide it."""
    count = cards = 0
    for suit in range(4):
        run = _run(work[seat], alive, suit)
        if not run:
            continue
        cash = _pop(run)
        if suit < 3:
            for other in range(1 - seat % 2, n, 2):
                if work[other] & _SPADES:
                    cash = min(cash, _pop(work[other] >> 13 * suit & _SUIT))
        elif not broken and work[seat] & ~_SPADES:
            cash = 0
        if cash:
            count += cash
            cards |= run
            if count >= enough:
                break
    return count, cards


@_kernel
def _quick(work: np.ndarray, n: int, leader: int, broken: bool, alive: int,
           enough: int) -> tuple[int, int]:
    """Tricks the leader's side is sure to take by cashing the leader's top cards, or
    its partner's after a lead to a winner of theirs, counted until ``enough``; and the
    cards that decide it."""
    best, cards = _cash(work, n, leader, broken, alive, enough)
    if n == 2 or best >= enough:
        return best, cards
    partner = (leader + 2) % 4
    for suit in range(4):
        if not work[leader] >> 13 * suit & _SUIT or (suit == 3 and not broken):
            continue
        entry = _run(work[partner], alive, suit)
        if not entry:
            continue
        if suit < 3:  # an opponent void with trumps would ruff the lead
            for other in range(1 - leader % 2, n, 2):
                if not work[other] >> 13 * suit & _SUIT and work[other] & _SPADES:
                    entry = 0
        if entry:
            count, more = _cash(work, n, partner, broken, alive, enough)
            if count > best:
                best, cards = count, more | entry
            break
    return best, cards


@_kernel
def _side_bounds(work: np.ndarray, n: int, leader: int, broken: bool, alive: int,
                 table: np.ndarray, left: int, need: int) -> tuple[int, int]:
    """In score mode with values that depend on side 0's tricks only: 1 if side 0 is
    sure to reach ``need``, 0 if sure not to, -1 if neither, from the tricks each side is
    sure of (and those the leader's side can cash); and the cards that decide it."""
    total = 0
    for seat in range(0, n, 2):
        total += work[_WON + seat]
    mine, mine_cards = _sure_trumps(work, n, np.int64(0))
    theirs, their_cards = _sure_trumps(work, n, np.int64(1))
    cash, cash_cards = _quick(work, n, leader, broken, alive, left)
    least, cards = mine, mine_cards
    if leader % 2 == 0 and cash > least:
        least, cards = cash, cash_cards
    if least + theirs > left:  # sure and cashed tricks never overlap; a guard all the same
        return -1, 0
    if table[4, (total + least) * 16 + total + left - theirs] >= need:
        return 1, cards | their_cards
    most, cards = theirs, their_cards
    if leader % 2 == 1 and cash > most:
        most, cards = cash, cash_cards
    if table[5, (total + mine) * 16 + total + left - most] < need:
        return 0, cards | mine_cards
    return -1, 0


@_kernel
def _second_wins(work: np.ndarray, seat: int, led: int, lead: int) -> tuple[bool, int]:
    """Whether the side of ``seat``, second to play to a trick led with ``lead`` (four
    hands), is sure to win it: it can ruff and the third hand cannot, or it holds the
    top card of the suit and the third hand cannot ruff; and the cards that decide it."""
    third, fourth = work[(seat + 1) % 4], work[(seat + 2) % 4]
    if led < 3 and not third >> 13 * led & _SUIT and third & _SPADES:
        return False, 0
    for other in (work[seat], fourth):
        if led < 3 and not other >> 13 * led & _SUIT and other & _SPADES:
            return True, 0
    ours = (work[seat] | fourth) >> 13 * led & _SUIT
    top = _high(ours)
    if top > lead % 13 and top > _high(third >> 13 * led & _SUIT):
        return True, 1 << 13 * led + top
    return False, 0


@_kernel
def _shape(work: np.ndarray, n: int, alive: int) -> tuple[int, int, int]:
    """The suit lengths of every hand, and per suit who holds each card (2 bits a card,
    the top card highest)."""
    lengths = 0
    for seat in range(n):
        for suit in range(4):
            lengths = lengths << 4 | _pop(work[seat] >> 13 * suit & _SUIT)
    low = high = 0
    for suit in range(4):
        rest = alive >> 13 * suit & _SUIT
        pattern = 0
        while rest:
            rank = _high(rest)
            rest ^= 1 << rank
            pattern = pattern << 2 | work[_OWNER + 13 * suit + rank]
        if suit < 2:
            low |= pattern << 32 * suit
        else:
            high |= pattern << 32 * (suit - 2)
    return lengths, low, high


@_kernel
def _without(work: np.ndarray, n: int, cards: int, alive: int, lengths: int, low: int,
             high: int) -> tuple[int, int, int]:
    """The suit lengths and patterns of _shape once ``cards`` (among ``alive``) leave play."""
    for suit in range(4):
        held = cards >> 13 * suit & _SUIT
        if not held:
            continue
        rest = alive >> 13 * suit & _SUIT
        shift = 32 * (suit % 2)
        pattern = (low if suit < 2 else high) >> shift & 0xFFFFFFFF
        while held:
            rank = _high(held)  # from the top down: the cards below keep their places
            held ^= 1 << rank
            seat = work[_OWNER + 13 * suit + rank]
            lengths -= 1 << 4 * (4 * (n - 1 - seat) + 3 - suit)
            below = 2 * _pop(rest & (1 << rank) - 1)
            pattern = (pattern >> below + 2 << below) | (pattern & (1 << below) - 1)
        if suit < 2:
            low = low & ~(0xFFFFFFFF << shift) | pattern << shift
        else:
            high = high & ~(0xFFFFFFFF << shift) | pattern << shift
    return lengths, low, high


@_kernel
def _pattern_masks(cards: int, alive: int) -> tuple[int, int]:
    """Pattern masks covering, per suit, the cards from the top down to the lowest of
    ``cards``."""
    low = high = 0
    for suit in range(4):
        held = cards >> 13 * suit & _SUIT
        if held:
            rest = alive >> 13 * suit & _SUIT
            depth = _pop(rest >> _low(held))
            mask = ((1 << 2 * depth) - 1) << 2 * (_pop(rest) - depth)
            if suit < 2:
                low |= mask << 32 * suit
            else:
                high |= mask << 32 * (suit - 2)
    return low, high


@_kernel
def _masked_cards(low: int, high: int, alive: int) -> int:
    """The cards that pattern masks cover in this position: the top ones of each suit."""
    cards = 0
    for suit in range(4):
        word = (low if suit < 2 else high) >> 32 * (suit % 2) & 0x3FFFFFF
        depth = _pop(word) // 2
        rest = alive >> 13 * suit & _SUIT
        for _ in range(depth):
            rank = _high(rest)
            rest ^= 1 << rank
            cards |= 1 << 13 * suit + rank
    return cards


@_kernel
def _clear(work: np.ndarray, tt: np.ndarray) -> None:
    """Empty the transposition table."""
    tt[:work[_SLOTS], 1] = 0
    work[_SLOTS_USED] = work[_BLOCKS_USED] = 0


@_kernel
def _slot(work: np.ndarray, tt: np.ndarray, lengths: int, tag: int, create: bool) -> int:
    """The slot row for a position's suit lengths and tag (-1 if none and not ``create``).
    When three quarters of the slots are used, the table starts again."""
    size = work[_SLOTS]
    mixed = (lengths ^ tag * 0x1E3779B97F4A7C15) * 0x3F58476D1CE4E5B9
    i = mixed >> 32 & size - 1
    while tt[i, 1]:
        if tt[i, 0] == lengths and tt[i, 1] == tag + 1:
            return i
        i = (i + 1) & size - 1
    if not create:
        return -1
    if 4 * work[_SLOTS_USED] >= 3 * size:
        _clear(work, tt)
        i = mixed >> 32 & size - 1
    work[_SLOTS_USED] += 1
    tt[i, 0], tt[i, 1], tt[i, 2], tt[i, 3] = lengths, tag + 1, -1, 0
    return i


@_kernel
def _lookup(work: np.ndarray, tt: np.ndarray, lengths: int, tag: int, low: int, high: int,
            need: int) -> int:
    """The row of the newest entry matching the position whose bounds decide ``need``; -1
    if none."""
    k = _slot(work, tt, lengths, tag, np.bool_(False))
    if k < 0:
        return -1
    block, used = tt[k, 2], tt[k, 3]
    for _ in range(_SCAN):
        if block < 0:
            break
        first = work[_SLOTS] + block * _BLOCK
        for row in range(first + used - 1, first - 1, -1):
            if (low & tt[row, 2] == tt[row, 0] and high & tt[row, 3] == tt[row, 1]
                    and (tt[row, 4] >= need or tt[row, 5] < need)):
                return row
        block, used = tt[first, 6], _BLOCK
    return -1


@_kernel
def _store(work: np.ndarray, tt: np.ndarray, lengths: int, tag: int, low: int, high: int,
           cards: int, alive: int, lower: int, upper: int) -> None:
    """Remember ``lower <= value <= upper`` for the positions that hold ``cards`` (and the
    cards above them) where this one does, as a new entry: the look-up reads on past the
    entries whose bounds do not decide its question. When the blocks run out, the table
    starts again."""
    mask_low, mask_high = _pattern_masks(cards, alive)
    low &= mask_low
    high &= mask_high
    k = _slot(work, tt, lengths, tag, np.bool_(True))
    if tt[k, 2] < 0 or tt[k, 3] == _BLOCK:
        if work[_SLOTS] + (work[_BLOCKS_USED] + 1) * _BLOCK > tt.shape[0]:
            _clear(work, tt)
            k = _slot(work, tt, lengths, tag, np.bool_(True))
        fresh = work[_BLOCKS_USED]
        work[_BLOCKS_USED] += 1
        tt[work[_SLOTS] + fresh * _BLOCK, 6] = tt[k, 2]
        tt[k, 2], tt[k, 3] = fresh, 0
    row = work[_SLOTS] + tt[k, 2] * _BLOCK + tt[k, 3]
    tt[k, 3] += 1
    tt[row, 0], tt[row, 1], tt[row, 2], tt[row, 3], tt[row, 4], tt[row, 5] = (
        low, high, mask_low, mask_high, lower, upper)


@_kernel
def _reps(moves: int, hand: int, alive: int) -> int:
    """The lowest card of each run of ``moves`` adjacent in ``hand`` among ``alive`` cards."""
    reps = 0
    for suit in range(4):
        held = moves >> 13 * suit & _SUIT
        own = hand >> 13 * suit & _SUIT
        rest = alive >> 13 * suit & _SUIT
        while held:
            rank = _low(held)
            held ^= 1 << rank
            below = _high(rest & (1 << rank) - 1)  # the next card in play below it
            if below < 0 or not own >> below & 1:
                reps |= 1 << 13 * suit + rank
    return reps


@_kernel
def _run_top(hand: int, alive: int, card: int) -> int:
    """The highest card of ``hand`` equal to ``card`` (no other card in play between)."""
    suit, rank = divmod(card, 13)
    rest = alive >> 13 * suit & _SUIT
    while rest >> rank + 1:
        above = rank + 1 + _low(rest >> rank + 1)
        if not hand >> 13 * suit + above & 1:
            break
        rank = above
    return 13 * suit + rank


@_kernel
def _lead_weight(work: np.ndarray, seat: int, card: int, alive: int) -> int:
    """DDS's weight for leading ``card`` (the lowest of cards equal in ``seat``'s hand),
    four hands: cash or set up tricks for the side, lead towards partner's high cards or
    ruffs, away from suits the opponents may ruff or that the opponents hold many of."""
    suit, rank = divmod(card, 13)
    lho, partner, rho = (seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4
    rest = alive >> 13 * suit & _SUIT
    r0 = _high(rest)  # the three top cards in play and their holders (-1: none)
    r1 = _high(rest ^ 1 << r0)
    r2 = _high(rest ^ 1 << r0 ^ (1 << r1 if r1 >= 0 else 0)) if r1 >= 0 else -1
    h0 = work[_OWNER + 13 * suit + r0]
    h1 = work[_OWNER + 13 * suit + r1] if r1 >= 0 else -1
    h2 = work[_OWNER + 13 * suit + r2] if r2 >= 0 else -1
    n_seat, n_lho, n_partner, n_rho = (_pop(work[seat] >> 13 * suit & _SUIT),
                                       _pop(work[lho] >> 13 * suit & _SUIT),
                                       _pop(work[partner] >> 13 * suit & _SUIT),
                                       _pop(work[rho] >> 13 * suit & _SUIT))
    t_seat, t_lho, t_partner, t_rho = (work[seat] >> _FIRST_SPADE, work[lho] >> _FIRST_SPADE,
                                       work[partner] >> _FIRST_SPADE, work[rho] >> _FIRST_SPADE)
    side = suit < 3
    tricks = _pop(work[seat])
    weight = -(((n_lho or tricks + 1) + (n_rho or tricks + 1)) * 128) // 13
    if side and ((not n_lho and t_lho) or (not n_rho and t_rho)):  # an opponent ruffs
        weight -= 12
    if side and not n_partner and t_partner and n_rho:
        weight += 17
    if h0 == rho or h1 == rho:
        if n_rho != 1:
            weight -= 12
    elif h0 == lho and h1 == partner and n_partner != 1:
        weight += 27
    if side and n_seat == 1 and t_seat and n_partner > 1 and h0 == partner:
        weight += 19
    top = _run_top(work[seat], alive, card) % 13
    relative = 1 + _pop(rest >> top + 1)
    sequence = top != rank
    follow = (n_lho or not t_lho) and (n_rho or not t_rho)
    bare = (n_lho == 1 and h0 == lho) or (n_rho == 1 and h0 == rho)  # a bare top card
    wins = False
    if top == r0:
        if not side:
            wins = True
        elif n_partner or not t_partner:
            wins = follow
        else:
            wins = (n_lho or t_partner > t_lho) and (n_rho or t_partner > t_rho)
    elif _high(work[partner] >> 13 * suit & _SUIT) > max(
            _high(work[lho] >> 13 * suit & _SUIT), _high(work[rho] >> 13 * suit & _SUIT)):
        wins = follow or not side
    elif side and not n_partner and t_partner:
        wins = ((n_lho or not t_lho or t_partner > t_lho)
                and (n_rho or not t_rho or t_partner > t_rho))
    if wins:
        if bare:
            return weight + 35 + relative
        if h0 == seat:
            if h1 == partner:
                return weight + 48 + relative
            return weight + 31 if top == r0 else weight - 3 + relative
        if h0 == partner:
            return weight + (42 if h1 == seat else 28) + relative
        if sequence and top == r1:
            return weight + 40
        return weight + (22 if sequence else 11) + relative
    if h1 == partner and h2 == partner:
        weight += 20
    elif n_partner > 1 and ((h1 == seat and h2 == partner) or (h1 == partner and h2 == seat)):
        weight += 13
    if bare:
        return weight + relative + 2
    if h0 == seat:
        if h1 == partner:
            return weight + 33 + relative
        return weight + 38 if top == r0 else weight - 14 + relative
    if h0 == partner:
        return weight + 34 + relative
    if sequence and top == r1:
        return weight + 35
    return weight + 17 - top


@_kernel
def _second_weight(work: np.ndarray, seat: int, card: int, lead: int, alive: int) -> int:
    """DDS's weight for the second hand following suit with ``card`` (the lowest of
    cards equal in its hand) to ``lead``, four hands: win cheaply when partner cannot,
    else play low."""
    suit = lead // 13
    third, fourth = work[(seat + 1) % 4], work[(seat + 2) % 4]
    held3, held4 = third >> 13 * suit & _SUIT, fourth >> 13 * suit & _SUIT
    max3, max4 = _high(held3) + 2, _high(held4) + 2  # DDS's ranks 2..14, 1 for none
    min3, min4 = _low(held3) + 2, _low(held4) + 2
    led = lead % 13 + 2
    top = _run_top(work[seat], alive, card) % 13
    rank = top + 2
    relative = 1 + _pop((alive >> 13 * suit & _SUIT) >> top + 1)
    sequence = top != card % 13
    trumps3, trumps4 = third >> _FIRST_SPADE, fourth >> _FIRST_SPADE
    wins = False
    if suit == 3:
        wins = (max4 > led and max4 > max3) or (rank > led and rank > max3)
    elif rank > led and rank > max3:
        wins = held3 != 0 or not trumps3 or (not held4 and trumps4 > trumps3)
    elif max4 > led and max4 > max3:
        wins = held3 != 0 or not trumps3
    elif led > max4 and led > max3 and led > rank:
        if not held4 and trumps4:
            wins = held3 != 0 or not trumps3 or trumps4 > trumps3
    elif not held4 and trumps4:
        wins = True
    if wins:
        if min3 > rank:
            return 40 + relative
        if max4 > led and work[(seat + 3) % 4] >> 13 * suit & _SUIT > held4:
            return 41 + relative
        if rank > led:
            if rank < max4:
                return 78 - rank
            if rank > max3:
                return 73 - rank
            return (62 if sequence else 49) - rank
        return (47 if held4 else 40) - rank
    if rank < min3 or rank < min4:
        return -9 + relative
    if rank < led:
        return -16 + relative
    return (22 if sequence else 10) - rank


@_kernel
def _third_weight(work: np.ndarray, seat: int, card: int, win: int, win_seat: int,
                  alive: int) -> int:
    """DDS's weight for the third hand following suit with ``card`` (the lowest of cards
    equal in its hand), ``win`` winning the trick so far, four hands: play low when
    partner wins or our cards are too low, else win cheaply, or force out the fourth
    hand's top card."""
    suit, rank = divmod(card, 13)
    fourth = work[(seat + 1) % 4] >> 13 * suit & _SUIT
    own = work[seat] >> 13 * suit & _SUIT
    max3, max4, min4 = _high(own), _high(fourth), _low(fourth)
    partner_wins = win_seat == (seat + 2) % 4
    if win // 13 != suit:  # the second hand ruffed
        return -rank
    best = win % 13
    if suit < 3 and not fourth:
        return -rank if partner_wins else (20 - rank if rank > best else -rank)
    if (partner_wins and best > max4) or max3 < min4 or max3 < best:
        return -rank
    if max3 > max4:
        return 58 - rank if rank > max4 and rank > best else -rank
    # force out the fourth hand's top card as cheaply as possible (above the top of its
    # second run of cards), or beat the second hand's card
    rest, top = alive >> 13 * suit & _SUIT, max4
    while rest & (1 << top) - 1 and fourth >> _high(rest & (1 << top) - 1) & 1:
        top = _high(rest & (1 << top) - 1)
    second = _high(fourth & (1 << top) - 1)
    target = second if second > best else (-1 if partner_wins else best)
    if 0 <= target < rank and not own & (1 << rank) - (2 << target):
        return 20 - rank
    return -rank


@_kernel
def _void_weight(work: np.ndarray, pos: int, seat: int, card: int, led: int, win: int,
                 win_seat: int, alive: int) -> int:
    """DDS's weight for ``card`` (the lowest of cards equal in ``seat``'s hand) played
    by the second, third or fourth hand (``pos``) void in the suit led, four hands:
    discard small from long suits but not from a guarded second card when partner may
    win, ruff when it wins, not partner's sure winner and not under the opponents'."""
    suit, rank = divmod(card, 13)
    length = _pop(work[seat] >> 13 * suit & _SUIT)
    rest = alive >> 13 * suit & _SUIT
    second = _high(rest ^ 1 << _high(rest)) if _pop(rest) > 1 else -1
    guarded = length == 2 and second >= 0 and work[seat] >> 13 * suit + second & 1
    relative = 1 + _pop(rest >> rank + 1)
    rank += 2  # DDS's ranks, 2 to 14
    partner = work[(seat + 2) % 4]
    if pos == 1:  # the third hand is the leader's partner, the fourth ours
        third = work[(seat + 1) % 4]
        led3, led4 = third >> 13 * led & _SUIT, partner >> 13 * led & _SUIT
        trumps3, trumps4 = third >> _FIRST_SPADE, partner >> _FIRST_SPADE
        lead = 1 << win % 13
        if led == 3:
            if trumps4 > (trumps3 | lead):
                return -rank + length * 64 // 44
            return -rank + length * 64 // 36 - 4 * guarded
        if suit < 3:
            if led3:
                wins = led4 > (led3 | lead) or (not led4 and trumps4 != 0)
            else:
                wins = (not led4 and trumps4 > trumps3) or (not trumps3 and led4 > lead)
            if wins:
                return 60 - rank + length * 64 // 44
            return -2 - rank + length * 64 // 36 - 4 * guarded
        if led3 or (not led4 and trumps4 > trumps3) or 1 << card % 13 > trumps3:
            return 24 - rank + length * 64 // 44
        return 15 - rank + length * 64 // 36 - 4 * guarded
    if pos == 2:  # the fourth hand is an opponent
        fourth = work[(seat + 1) % 4]
        led4, trumps4 = fourth >> 13 * led & _SUIT, fourth >> _FIRST_SPADE
        if led == 3 or suit < 3:
            return -rank + length * 64 // 40
        partner_wins = win_seat == (seat + 2) % 4
        if partner_wins and win % 13 > _high(led4) and (led4 or not trumps4):
            return -rank - 50
        if win >= _FIRST_SPADE and card < win:
            return -32 + relative + length * 64 // 40
        weight = length * 64 // 50 - rank
        if partner_wins:
            if led4:
                rest = alive >> 13 * led & _SUIT
                top2 = _high(rest ^ 1 << _high(rest)) if _pop(rest) > 1 else -1
                leads = top2 >= 0 and work[_OWNER + 13 * led + top2] == (seat + 2) % 4
                return weight + (36 if leads else 48)
            return weight + (48 if 1 << card % 13 > trumps4 else -12)
        if led4:
            return weight + 72
        return weight + (48 if 1 << card % 13 > trumps4 else 36)
    value = length * 64 // 24 - 2 * guarded
    if led == 3:
        return -rank + value
    if win_seat == (seat + 2) % 4:
        return (2 if suit == 3 else 25) - rank + value
    if win >= _FIRST_SPADE:
        if suit == 3:
            return 33 + relative if card > win else -13 + relative
        return 14 - rank + value
    return 33 + relative if suit == 3 else 14 - rank + value


@_kernel
def _order(work: np.ndarray, n: int, leader: int, pos: int, led: int, win_card: int,
           win_seat: int, moves: int, alive: int, ply: int) -> int:
    """Put ``moves`` in search order in depth ``ply``'s row of ``work``, best first, the
    lowest card of each run of cards adjacent in the hand only (as _reps); return how
    many."""
    seat = (leader + pos) & n - 1
    at = _BUF + _WIDTH * ply
    cards = work[at + _MOVES:at + _WEIGHTS]
    weights = work[at + _WEIGHTS:at + _SKIP]
    k = 0
    # the weights below the four-hand ones are the last hand's (or the second of two)
    mine_sure = pos == n - 1 and win_seat % 2 == seat % 2
    for suit in range(4):
        held = moves >> 13 * suit & _SUIT
        if not held:
            continue
        own = work[seat] >> 13 * suit & _SUIT
        rest = alive >> 13 * suit & _SUIT
        length = _pop(own)
        top = _high(rest)
        ruff, spread = False, 0
        if pos == 0 and n == 2:  # the opponent may ruff, or holds many cards of the suit
            other = work[1 - seat]
            ruff = suit < 3 and not other >> 13 * suit & _SUIT and other & _SPADES
            count = _pop(other >> 13 * suit & _SUIT)
            spread = 2 * (count if count else _pop(work[seat]) + 1)
        while held:
            rank = _low(held)
            held ^= 1 << rank
            below = _high(rest & (1 << rank) - 1)  # the next card in play below it
            if below >= 0 and own >> below & 1:
                continue
            card = 13 * suit + rank
            weight = -rank
            if pos == 0:
                if n == 4:
                    weight = _lead_weight(work, seat, card, alive)
                else:
                    weight -= 2 * spread
                    if ruff:
                        weight -= 30
                    elif _run_top(work[seat], alive, card) == 13 * suit + top:
                        weight += 30
                    else:
                        weight -= length
            elif n == 4 and suit != led:
                weight = _void_weight(work, pos, seat, card, led, win_card, win_seat, alive)
            elif n == 4 and pos == 1:
                weight = _second_weight(work, seat, card, win_card, alive)
            elif n == 4 and pos == 2:
                weight = _third_weight(work, seat, card, win_card, win_seat, alive)
            elif mine_sure:
                weight -= length
            elif _beats(card, win_card):
                weight += 60
            elif card >= _FIRST_SPADE:
                weight -= 40
            else:
                weight -= length
            if pos == 0 and card == work[at + _CUT]:  # the last lead that reached its goal here
                weight += 20
            cards[k] = card
            weights[k] = weight
            k += 1
    for i in range(1, k):
        card, weight = cards[i], weights[i]
        j = i - 1
        while j >= 0 and weights[j] < weight:
            cards[j + 1], weights[j + 1] = cards[j], weights[j]
            j -= 1
        cards[j + 1], weights[j + 1] = card, weight
    return k


@_kernel
def _node(work: np.ndarray, n: int, tt: np.ndarray, table: np.ndarray, leader: int,
          pos: int, led: int, win_card: int, win_seat: int, same: int,
          trick: int, need: int, broken: bool, ply: int, only: int) -> tuple[bool, int]:
    """Whether side 0 reaches ``need``, the seat in position ``pos`` of the trick to
    play (only card ``only`` if not -1), and the cards whose ranks decided it.

    ``led``: the suit led; ``win_card``, ``win_seat``: the card winning the trick so far
    and its seat; ``same``: the cards of its suit in the trick; ``trick``: the mask of
    the trick's cards. Score mode keeps the tricks won in ``work``.
    """
    zero, one, none = np.int64(0), np.int64(1), np.int64(-1)
    work[_NODES] += 1
    score = work[_MODE] & _SCORE == _SCORE
    plain = work[_MODE] & _PLAIN == _PLAIN
    sides = work[_MODE] & _SIDES == _SIDES
    seat = (leader + pos) & n - 1  # n is 2 or 4: a mask for % n
    hand = work[seat]
    alive = trick
    for other in range(n):
        alive |= work[other]
    maximise = seat % 2 == 0
    store = False
    lengths = low = high = tag = left = 0
    if pos == 0:
        left = _pop(hand)
        won = work[_WON] | work[_WON + 1] << 4 | work[_WON + 2] << 8 | work[_WON + 3] << 12
        if score:
            if table[1, won] >= need:
                return True, zero
            if table[2, won] < need:
                return False, zero
        elif need <= 0:
            return True, zero
        elif need > left:
            return False, zero
        if left == 1:
            wc, ws, sm = _high(work[leader]), leader, one
            for i in range(1, n):
                other = (leader + i) & n - 1
                wc, ws, sm = _played(_high(work[other]), other, wc, ws, sm)
            reached = table[0, won + (1 << 4 * ws)] >= need if score else ws % 2 == 0
            return reached, (1 << wc) if sm >= 2 else zero
        if only < 0:
            if not score and not plain:
                sure, cards = _sure_trumps(work, n, zero)
                if sure >= need:
                    return True, cards
                sure, cards = _sure_trumps(work, n, one)
                if left - sure < need:
                    return False, cards
            key = _KEYS + 3 * left
            lengths, low, high = work[key], work[key + 1], work[key + 2]
            if score and sides and not plain:
                reached, cards = _side_bounds(work, n, leader, broken, alive, table,
                                              left, need)
                if reached >= 0:
                    return reached == 1, cards
            tag = leader << 1 | (1 if broken else 0) | (table[3, won] << 3 if score else 0)
            row = _lookup(work, tt, lengths, tag, low, high, need)
            if row >= 0:
                return tt[row, 4] >= need, _masked_cards(tt[row, 2], tt[row, 3], alive)
            if not score and not plain:
                sure, cards = _quick(work, n, leader, broken, alive,
                                     need if maximise else left - need + 1)
                if maximise and sure >= need:
                    _store(work, tt, lengths, tag, low, high, cards, alive,
                           sure, left)
                    return True, cards
                if not maximise and left - sure < need:
                    _store(work, tt, lengths, tag, low, high, cards, alive,
                           zero, left - sure)
                    return False, cards
            store = True
        moves = hand if broken else (hand & ~_SPADES or hand)
    else:
        if pos == 1 and n == 4 and only < 0 and not score and not plain:
            # the second hand's side needs one trick, or the other side every trick
            side = seat % 2
            decides = need == 1 if side == 0 else need >= _pop(hand)
            if decides:
                wins, cards = _second_wins(work, seat, led, win_card)
                if wins:
                    return side == 0, cards
        moves = hand & _SUIT << 13 * led or hand
    if only >= 0:
        moves = 1 << only
    k = _order(work, n, leader, pos, led, win_card, win_seat, moves, alive, ply)
    decided = zero
    reached = not maximise
    at = _BUF + _WIDTH * ply
    key = _KEYS + 3 * _pop(hand)  # the key of this trick's first position
    small = work[at + _SKIP:at + _CUT]  # per suit: skip the cards below this rank (0: none)
    small[:] = 0
    for i in range(k):
        card = work[at + _MOVES + i]
        if i and not plain:
            # a failed card below every rank that mattered stands for its suit's other
            # cards below them too
            tried = work[at + _MOVES + i - 1]
            if not small[tried // 13]:
                below = _low(decided >> 13 * (tried // 13) & _SUIT)
                if below < 0:
                    below = 13
                if tried % 13 < below:
                    small[tried // 13] = below
            if card % 13 < small[card // 13]:
                continue
        bit = 1 << card
        if pos == 0:
            led, wc, ws, sm = card // 13, card, seat, 1
        else:
            wc, ws, sm = _played(card, seat, win_card, win_seat, same)
        work[seat] ^= bit
        if pos < n - 1:
            result, cards = _node(work, n, tt, table,
                                   leader, pos + 1, led, wc, ws, sm, trick | bit, need,
                                   broken or card >= _FIRST_SPADE, ply + 1, none)
        else:
            work[_WON + ws] += 1
            work[key - 3], work[key - 2], work[key - 1] = _without(
                work, n, trick | bit, alive, work[key], work[key + 1], work[key + 2])
            rest = need if score else need - (1 - ws % 2)
            result, cards = _node(work, n, tt, table,
                                   ws, zero, zero, none, ws, zero, zero, rest,
                                   broken or card >= _FIRST_SPADE, ply + 1, none)
            work[_WON + ws] -= 1
            if sm >= 2:
                cards |= 1 << wc
        work[seat] ^= bit
        if result == maximise:
            work[at + _CUT] = card
            reached = result
            decided = cards
            break
        decided |= cards
    if store:
        lower, upper = (need, _UNBOUNDED) if reached else (-1, need - 1)
        if not score:
            lower, upper = max(lower, 0), min(upper, left)
        _store(work, tt, lengths, tag, low, high, alive if plain else decided,
               alive, lower, upper)
    return reached, decided


@njit(cache=True, nogil=True)  # a thread solving (a hint, an analysis) lets the others run
def _solve(hands: np.ndarray, n: int, leader: int, trick: np.ndarray, legal: int,
           broken: bool, won: np.ndarray, table: np.ndarray, mode: int, least: int, most: int,
           tt: np.ndarray, slots: int, out: np.ndarray) -> int:
    """``out[card]``: for each ``legal`` card of the seat to move, the value for side 0 (its
    tricks from the current trick on, or its final value index), between ``least`` and
    ``most``, with a transposition table of ``slots`` slot rows in ``tt``. Returns the
    nodes searched."""
    work = np.zeros(_WORK, np.int64)
    work[:n] = hands
    work[_WON:_WON + n] = won
    work[_MODE] = mode
    work[_SLOTS] = slots
    for depth in range(_PLIES):
        work[_BUF + _WIDTH * depth + _CUT] = -1
    _clear(work, tt)
    pos = len(trick)
    for i in range(pos):  # the trick's cards back in their hands for its first position
        work[(leader + i) % n] |= 1 << trick[i]
    alive = 0
    for seat in range(n):
        alive |= work[seat]
        for card in range(52):
            if work[seat] >> card & 1:
                work[_OWNER + card] = seat
    key = _KEYS + 3 * _pop(work[leader])
    work[key], work[key + 1], work[key + 2] = _shape(work, n, alive)
    work[:n] = hands
    led = wc = np.int64(-1)  # int64 throughout: one compiled version of each callee
    ws, sm, mask = np.int64(leader), np.int64(0), np.int64(0)
    for i in range(pos):
        card, seat = trick[i], (leader + i) % n
        if i == 0:
            led, wc, ws, sm = card // 13, card, seat, 1
        else:
            wc, ws, sm = _played(card, seat, wc, ws, sm)
        mask |= 1 << card
    reps = _reps(legal, work[(leader + pos) % n], alive)
    k = _order(work, n, leader, pos, led, wc, ws, reps, alive, np.int64(_ROOT))
    guess = -1
    for i in range(k):
        card = work[_BUF + _WIDTH * _ROOT + _MOVES + i]
        lo, hi, steps = least, most, 0
        test = (lo + hi + 1) // 2 if guess < 0 else guess
        while lo < hi:
            test = min(max(test, lo + 1), hi)
            reached, _ = _node(work, n, tt, table, leader,
                               np.int64(pos), np.int64(led), np.int64(wc), np.int64(ws),
                               np.int64(sm), np.int64(mask), np.int64(test), broken,
                               np.int64(0), np.int64(card))
            if reached:
                lo = test
            else:
                hi = test - 1
            steps += 1
            # step from the guess twice (MTD(f)), then bisect
            test = (lo + 1 if reached else hi) if guess >= 0 and steps < 3 else (lo + hi + 1) // 2
        out[card] = guess = lo
    for card in range(52):  # each card takes the value of the lowest card of its run
        if legal >> card & 1 and not reps >> card & 1:
            rep = card - 1
            while not reps >> rep & 1:
                rep -= 1
            out[card] = out[rep]
    return work[_NODES]


# ------------------------------------------------------------ the public questions

_NO_TABLE = np.zeros((3, 1), np.int32)
_THREAD = threading.local()


def _transpositions() -> np.ndarray:
    """This thread's transposition table, made once: a search uses the first rows it
    needs (its slots, then twice as many blocks), and pages are touched as blocks are
    used."""
    tt = getattr(_THREAD, "tt", None)
    if tt is None:
        tt = _THREAD.tt = np.empty(((1 << 16) * (1 + 2 * _BLOCK), 8), np.int64)
    return tt


def _pack(won: Sequence[int]) -> int:
    """Tricks won per seat, 4 bits a seat."""
    return sum(w << 4 * seat for seat, w in enumerate(won))


def _spreads(tricks: int, seats: int) -> list[tuple[int, ...]]:
    """Every way to share ``tricks`` among ``seats``."""
    if seats == 1:
        return [(tricks,)]
    return [(first, *rest) for first in range(tricks + 1)
            for rest in _spreads(tricks - first, seats - 1)]


@dataclass(frozen=True)
class _Values:
    """The score search's view of an evaluate function after ``won`` with ``left`` tricks
    to go: ``values``, the sorted end values for side 0; ``table``, the kernel's rows
    (see the kernel's notes); ``sides``, whether the values depend on side 0's tricks
    only; ``by_tricks``, the value index per side-0 total if they do and never fall as
    that total grows (else empty)."""

    table: np.ndarray
    values: tuple[float, ...]
    sides: bool
    by_tricks: dict[int, int]


@lru_cache(maxsize=4)
def _value_table(final: Evaluate, won: tuple[int, ...], left: int, side: int) -> _Values:
    """The score search's tables for ``final`` (a value for ``side``)."""
    n = len(won)
    ends = {}
    for spread in _spreads(left, n):
        end = tuple(w + s for w, s in zip(won, spread, strict=True))
        value = float(final(end))
        ends[end] = value if side == 0 else -value
    values = tuple(sorted(set(ends.values())))
    index = {end: values.index(value) for end, value in ends.items()}
    # partners whose tricks count only together share a key in the transposition table
    merged = [n == 4 and all(index.get((*end[:s], end[s] - 1, *end[s + 1:s + 2],
                                        end[s + 2] + 1, *end[s + 3:]), i) == i
                             for end, i in index.items() if end[s] > won[s])
              for s in (0, 1)]
    table = np.zeros((6, 1 << 16), np.int32)
    for tricks in range(left, -1, -1):
        for spread in _spreads(tricks, n):
            now = tuple(w + s for w, s in zip(won, spread, strict=True))
            key = _pack(now)
            if tricks == left:
                table[0:3, key] = index[now]
            else:
                table[1, key] = min(table[1, key + (1 << 4 * seat)] for seat in range(n))
                table[2, key] = max(table[2, key + (1 << 4 * seat)] for seat in range(n))
            short = list(now)
            for s in (0, 1):
                if merged[s]:
                    short[s], short[s + 2] = now[s] + now[s + 2], 0
            table[3, key] = _pack(short)
    totals = {sum(end[0::2]): i for end, i in index.items()}
    sides = n == 2 or all(merged)
    if sides:
        for low in totals:
            for high in totals:
                if low <= high:
                    span = [totals[t] for t in range(low, high + 1)]
                    table[4, low * 16 + high] = min(span)
                    table[5, low * 16 + high] = max(span)
    rising = sides and all(totals[t] <= totals[t + 1] for t in totals if t + 1 in totals)
    return _Values(table, values, sides, totals if rising else {})


def _search(deal: Deal, off: bool, won: Sequence[int], table: np.ndarray, least: int,
            most: int, mode: int) -> tuple[dict[Card, int], int]:
    """The kernel's value for side 0 of each legal card of the seat to move, and the
    nodes searched."""
    out = np.full(52, -1, np.int64)
    rows = 1 << max(10, min(16, 4 + deal.tricks_left))
    nodes = _solve(np.array(deal.hands, np.int64), deal.players, deal.leader,
                   np.array(deal.trick, np.int64), deal.legal(off), deal.spades_broken or off,
                   np.array(won, np.int64), table, mode, least, most,
                   _transpositions()[:rows * (1 + 2 * _BLOCK)], rows, out)
    return {card: int(out[card]) for card in range(52) if out[card] >= 0}, int(nodes)


def _trick_search(deal: Deal, rules_off_broken: bool = False,
                  plain: bool = False) -> tuple[dict[Card, int], int]:
    """:func:`trick_values` and the nodes searched; ``plain`` searches without the
    winning-rank generalisation, sure tricks and small-card skips (to test them)."""
    side = deal.to_move % 2
    left = deal.tricks_left
    base = sum(deal.won[side::2])
    values, nodes = _search(deal, rules_off_broken, (0,) * deal.players, _NO_TABLE, 0, left,
                            _PLAIN if plain else 0)
    return {card: base + (v if side == 0 else left - v) for card, v in values.items()}, nodes


def trick_values(deal: Deal, rules_off_broken: bool = False) -> dict[Card, int]:
    """For each legal card of the seat to move, the tricks its side ends the hand with.

    Best play by every seat: the mover's side maximises its tricks, the other side
    minimises them. The tricks already in ``deal.won`` are counted. With
    ``rules_off_broken`` spades may be led at any time (as in bridge solvers).
    """
    return _trick_search(deal, rules_off_broken)[0]


def opening_tricks(hands: Sequence[int], leader: int, seat: int, rules: Rules) -> int:
    """The tricks ``seat``'s side takes double dummy in a whole hand of ``hands`` (a card
    mask per seat), ``leader`` leading the first trick."""
    players = len(hands)
    deal = Deal(tuple(hands), leader, (), (0,) * players, rules.lead_spades_anytime, players)
    best = max(trick_values(deal).values())
    return best if rules.side_of(leader) == rules.side_of(seat) else deal.tricks_left - best


def hand_value(contracts: Sequence[Contract], rules: Rules, side: int) -> Evaluate:
    """The default end value for ``side``: its hand score minus the other side's.

    ``contracts`` has one :class:`~spades.scoring.Contract` per seat.
    """
    def evaluate(won: tuple[int, ...]) -> float:
        points = score_hand(contracts, won, (0, 0), (0, 0), rules)[0].points
        return float(points[side] - points[1 - side])

    return evaluate


def score_values(deal: Deal, contracts: Sequence[Contract], rules: Rules,
                 evaluate: Evaluate | None = None) -> dict[Card, float]:
    """For each legal card of the seat to move, the end value of the hand for its side.

    The value is ``evaluate(tricks_per_seat)`` at the end of the hand, by default
    :func:`hand_value` (the side's hand score minus the other side's); the mover's
    side maximises it, the other side minimises it. ``rules.lead_spades_anytime``
    turns the broken-spades rule off.
    """
    return _score_search(deal, contracts, rules, evaluate)


def _score_search(deal: Deal, contracts: Sequence[Contract], rules: Rules,
                  evaluate: Evaluate | None = None, plain: bool = False) -> dict[Card, float]:
    """:func:`score_values`; ``plain`` as in :func:`_trick_search`. When the values
    depend on side 0's tricks only and never fall as they grow, the trick search
    answers."""
    n = deal.players
    if len(contracts) != n:
        raise ValueError(f"need a contract per seat, got {len(contracts)} for {n} players")
    side = deal.to_move % 2
    final = evaluate or hand_value(contracts, rules, side)
    ends = _value_table(final, tuple(deal.won), deal.tricks_left, side)
    off = rules.lead_spades_anytime
    if ends.by_tricks and not plain:
        tricks, _ = _trick_search(deal, off)
        total = sum(deal.won) + deal.tricks_left
        indices = {card: ends.by_tricks[t if side == 0 else total - t]
                   for card, t in tricks.items()}
    else:
        won = _pack(deal.won)
        mode = _SCORE | (_SIDES if ends.sides else 0) | (_PLAIN if plain else 0)
        indices, _ = _search(deal, off, deal.won, ends.table, int(ends.table[1, won]),
                             int(ends.table[2, won]), mode)
    values = ends.values
    return {card: values[i] if side == 0 else -values[i] for card, i in indices.items()}
