"""Double-dummy solver: the value of each legal card with every hand known.

Two questions, both with best play by every seat:

- :func:`trick_values`: how many tricks the mover's side ends the hand with (the
  tricks already won included) after each legal card. Zero-window alpha-beta
  searches (a binary search on the trick count, guessed from the last card), a
  transposition table at trick starts, equivalent-card reduction, move ordering
  and quick-trick cut-offs.
- :func:`score_values`: the final hand value for the mover's side after each legal
  card, by default its hand score minus the other side's (``scoring.score_side``),
  or any ``evaluate(tricks_per_seat)``. Alpha-beta over values with a
  transposition table keyed on the cards left, the leader and the tricks won per
  seat, and cut-offs from the least and most the hand can still be worth.

Cards and hands are int masks as in :mod:`spades.cards`. Sides are seats 0/2
against 1/3 with four players, seat 0 against seat 1 with two: ``seat % 2``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import SPADE_MASK, SUIT_MASKS, Card, beats
from ..rules import Rules
from ..scoring import Contract, score_side

if TYPE_CHECKING:
    from ..game import Game

_FIRST_SPADE = 39
_FULL = (1 << 52) - 1
_BOTTOMS = 1 | 1 << 13 | 1 << 26 | 1 << 39
_NOT_BOTTOM = _FULL & ~_BOTTOMS
_SIDE_SUITS = SUIT_MASKS[:3]
_INF = float("inf")

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
        if game.phase != "play":
            raise ValueError(f"the game is not in its play phase: {game!r}")
        return cls(
            hands=tuple(game._hands),
            leader=game.hands[-1].tricks[-1][0],
            trick=tuple(game._trick),
            won=tuple(game._won),
            spades_broken=game._broken or game.rules.lead_spades_anytime,
            players=game.rules.players,
        )


def _reps(moves: int, alive: int) -> int:
    """The lowest card of each run of ``moves`` that are adjacent among ``alive`` cards."""
    dead = ~alive & _NOT_BOTTOM
    smear = moves
    while True:
        wider = smear | (smear << 1 & dead)
        if wider == smear:
            break
        smear = wider
    return moves & ~(smear << 1 & _NOT_BOTTOM)


def _rep_of(card: Card, reps: int) -> Card:
    """The representative in ``reps`` of ``card``'s run (``_reps`` keeps the lowest)."""
    while not reps >> card & 1:
        card -= 1
    return card


def _bits(mask: int) -> list[Card]:
    """The cards of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _pext_table() -> list[int]:
    """``table[mask << 7 | x]``: the bits of ``x`` under ``mask`` (7 bits each), packed low."""
    table = []
    for mask in range(128):
        for x in range(128):
            out = j = 0
            for i in range(7):
                if mask >> i & 1:
                    out |= (x >> i & 1) << j
                    j += 1
            table.append(out)
    return table


_PEXT7 = _pext_table()


def _pext(x: int, mask: int) -> int:
    """The bits of ``x`` under ``mask`` packed low (``mask`` up to 56 bits)."""
    out = shift = 0
    while mask:
        m = mask & 127
        if m:
            out |= _PEXT7[m << 7 | (x & 127)] << shift
            shift += m.bit_count()
        mask >>= 7
        x >>= 7
    return out


def _relative_key(h: list[int], leader: int, broken: bool) -> tuple[int, ...]:
    """A key equal for positions alike but for the ranks of cards already played."""
    alive = 0
    for hand in h:
        alive |= hand
    counts = 0
    for suit in SUIT_MASKS:
        counts = counts << 4 | (alive & suit).bit_count()
    return (*(_pext(hand, alive) for hand in h[1:]), counts << 3 | leader << 1 | broken)


def _follow_order(moves: int, win_card: int, mine_winning: bool) -> list[Card]:
    """Order a follower's cards: the cheapest winners first unless the side already wins."""
    if win_card >= _FIRST_SPADE:
        winners = moves & SPADE_MASK & ~((2 << win_card) - 1)
    else:
        suit = SUIT_MASKS[win_card // 13]
        winners = (moves & suit & ~((2 << win_card) - 1)) | (moves & SPADE_MASK & ~suit)
    losers = moves & ~winners
    if mine_winning:
        return _bits(losers) + _bits(winners)
    return _bits(winners) + _bits(losers)


class _Search:
    """What both searches share: the hands (changed in place), the best leads found."""

    def __init__(self, hands: Sequence[int], players: int, rules_off_broken: bool) -> None:
        self.h = list(hands)
        self.n = players
        self.off = rules_off_broken
        self.best: dict[tuple, int] = {}

    def lead_order(self, leader: int, moves: int, key: tuple[int, ...]) -> list[Card]:
        """The leader's cards: the remembered best, then sure winners, then low cards."""
        h = self.h
        partner = h[(leader + 2) % self.n] if self.n == 4 else 0
        alive = 0
        for hand in h:
            alive |= hand
        first: list[Card] = []
        rest: list[Card] = []
        for suit in SUIT_MASKS:
            cards = moves & suit
            if not cards:
                continue
            top = (alive & suit).bit_length() - 1
            if cards >> top & 1:
                first.append(top)
                rest.extend(_bits(cards & ~(1 << top)))
            elif partner >> top & 1:
                first.extend(_bits(cards))
            else:
                rest.extend(_bits(cards))
        order = first + rest
        remembered = self.best.get(key)
        if remembered is not None and remembered in order and order[0] != remembered:
            order.remove(remembered)
            order.insert(0, remembered)
        return order

    def _follower(self, leader: int, pos: int, suit: int, trick: int) -> tuple[int, int, int]:
        """The seat in position ``pos``, its hand, and its distinct legal cards (it
        follows the suit led if it can)."""
        h = self.h
        seat = (leader + pos) % self.n
        hand = h[seat]
        alive = trick
        for other in h:
            alive |= other
        return seat, hand, _reps(hand & suit or hand, alive)

    def _after(self, leader: int, pos: int, suit: int, win_card: int, win_seat: int,
               trick: int, broken: bool, card: Card, *bounds: float) -> Any:
        """Play ``card`` in position ``pos`` of the trick, search on with ``follow`` (and
        its ``bounds``), and take the card back."""
        seat = (leader + pos) % self.n
        bit = 1 << card
        self.h[seat] ^= bit
        if pos == 0:
            suit, win_card, win_seat = SUIT_MASKS[card // 13], card, seat
        elif beats(card, win_card):
            win_card, win_seat = card, seat
        result = self.follow(leader, pos + 1, suit, win_card, win_seat, trick | bit,
                             broken or self.off or card >= _FIRST_SPADE, *bounds)
        self.h[seat] ^= bit
        return result



class _TrickSearch(_Search):
    """Zero-window searches on side 0's tricks, sharing one transposition table."""

    def __init__(self, hands: Sequence[int], players: int, rules_off_broken: bool) -> None:
        super().__init__(hands, players, rules_off_broken)
        self.tt: dict[tuple[int, ...], tuple[int, int]] = {}

    def quick(self, leader: int, broken: bool) -> int:
        """Tricks the leader's side is sure to take by cashing the leader's top cards."""
        h = self.h
        alive = 0
        for hand in h:
            alive |= hand
        mine = h[leader]
        opps = [h[s] for s in range(leader % 2 ^ 1, self.n, 2)]

        def run(suit: int) -> int:
            own = mine & suit
            others = alive & suit & ~own
            if not others:
                return own.bit_count()
            return (own & ~((1 << others.bit_length()) - 1)).bit_count()

        trumps = run(SPADE_MASK)
        if not broken and mine & ~SPADE_MASK:
            trumps = 0
        opp_trumps = max((o & SPADE_MASK).bit_count() for o in opps)
        if trumps >= opp_trumps:
            return trumps + sum(run(s) for s in _SIDE_SUITS)
        best = trumps
        for suit in _SIDE_SUITS:
            cash = run(suit)
            for o in opps:
                if o & SPADE_MASK:
                    cash = min(cash, (o & suit).bit_count())
            best = max(best, cash)
        return best

    def ge(self, leader: int, need: int, broken: bool) -> bool:
        """Whether side 0 takes at least ``need`` of the tricks left, ``leader`` to lead."""
        if need <= 0:
            return True
        h = self.h
        left = h[leader].bit_count()
        if need > left:
            return False
        n = self.n
        if left == 1:
            win_card, win_seat = -1, leader
            for i in range(n):
                seat = (leader + i) % n
                card = h[seat].bit_length() - 1
                if i == 0 or beats(card, win_card):
                    win_card, win_seat = card, seat
            return win_seat % 2 == 0
        broken = broken or self.off
        key = _relative_key(h, leader, broken)
        entry = self.tt.get(key)
        if entry is None:
            lo, hi = 0, left
        else:
            lo, hi = entry
            if lo >= need:
                return True
            if hi < need:
                return False
        sure = self.quick(leader, broken)
        if leader % 2 == 0:
            if sure > lo:
                lo = sure
                if lo >= need:
                    self.tt[key] = (lo, hi)
                    return True
        elif left - sure < hi:
            hi = left - sure
            if hi < need:
                self.tt[key] = (lo, hi)
                return False
        result = self.lead(leader, need, broken, key)
        if result:
            lo = need
        else:
            hi = need - 1
        self.tt[key] = (lo, hi)
        return result

    def lead(self, leader: int, need: int, broken: bool, key: tuple[int, ...]) -> bool:
        """Try each lead of ``leader``; True when side 0 reaches ``need``."""
        h = self.h
        hand = h[leader]
        moves = hand if broken else (hand & ~SPADE_MASK or hand)
        alive = 0
        for other in h:
            alive |= other
        moves = _reps(moves, alive)
        maximise = leader % 2 == 0
        for card in self.lead_order(leader, moves, key):
            bit = 1 << card
            h[leader] = hand ^ bit
            result = self.follow(leader, 1, SUIT_MASKS[card // 13], card, leader, bit,
                                 broken or card >= _FIRST_SPADE, need)
            h[leader] = hand
            if result == maximise:
                self.best[key] = card
                return result
        return not maximise

    def follow(self, leader: int, pos: int, suit: int, win_card: int, win_seat: int,
               trick: int, broken: bool, need: int) -> bool:
        """The player in position ``pos`` of the trick plays; True when side 0 reaches ``need``.

        ``suit`` is the mask of the suit led, ``trick`` the mask of the cards played to it.
        """
        n = self.n
        if pos == n:
            return self.ge(win_seat, need - (win_seat % 2 == 0), broken)
        h = self.h
        seat, hand, moves = self._follower(leader, pos, suit, trick)
        maximise = seat % 2 == 0
        for card in _follow_order(moves, win_card, win_seat % 2 == seat % 2):
            bit = 1 << card
            h[seat] = hand ^ bit
            if beats(card, win_card):
                result = self.follow(leader, pos + 1, suit, card, seat, trick | bit,
                                     broken or card >= _FIRST_SPADE, need)
            else:
                result = self.follow(leader, pos + 1, suit, win_card, win_seat, trick | bit,
                                     broken or card >= _FIRST_SPADE, need)
            h[seat] = hand
            if result == maximise:
                return result
        return not maximise

    def after(self, leader: int, pos: int, suit: int, win_card: int, win_seat: int, trick: int,
              broken: bool, card: Card, need: int) -> bool:
        """Whether side 0 reaches ``need`` (of the tricks left, this one included) after
        ``card`` is played in position ``pos`` of the current trick."""
        return self._after(leader, pos, suit, win_card, win_seat, trick, broken, card, need)


class _ScoreSearch(_Search):
    """Alpha-beta on the final value for one side, ``final(tricks_per_seat)``."""

    def __init__(self, hands: Sequence[int], players: int, rules_off_broken: bool,
                 won: Sequence[int], side: int, final: Evaluate) -> None:
        super().__init__(hands, players, rules_off_broken)
        self.won = list(won)
        self.side = side
        self.evaluate = final
        self.total = sum(won) + max(h.bit_count() for h in hands)
        self.tt: dict[tuple, tuple[float, float]] = {}
        self.finals: dict[tuple[int, ...], float] = {}
        self.ranges: dict[tuple[int, ...], tuple[float, float]] = {}

    def final(self, won: tuple[int, ...]) -> float:
        """The value of the hand ending with ``won`` tricks per seat (cached)."""
        value = self.finals.get(won)
        if value is None:
            value = self.finals[won] = float(self.evaluate(won))
        return value

    def range(self, won: tuple[int, ...]) -> tuple[float, float]:
        """The least and most the hand can still be worth, ``won`` tricks won so far."""
        bounds = self.ranges.get(won)
        if bounds is None:
            if sum(won) >= self.total:
                value = self.final(won)
                bounds = (value, value)
            else:
                lo, hi = _INF, -_INF
                for seat in range(self.n):
                    more = list(won)
                    more[seat] += 1
                    low, high = self.range(tuple(more))
                    lo, hi = min(lo, low), max(hi, high)
                bounds = (lo, hi)
            self.ranges[won] = bounds
        return bounds

    def value(self, leader: int, alpha: float, beta: float, broken: bool) -> float:
        """The value of the position at a trick start (fail-soft within ``alpha, beta``)."""
        h = self.h
        won = tuple(self.won)
        lo, hi = self.range(won)
        if lo == hi:
            return lo
        n = self.n
        left = h[leader].bit_count()
        if left == 1:
            win_card, win_seat = -1, leader
            for i in range(n):
                seat = (leader + i) % n
                card = h[seat].bit_length() - 1
                if i == 0 or beats(card, win_card):
                    win_card, win_seat = card, seat
            self.won[win_seat] += 1
            result = self.final(tuple(self.won))
            self.won[win_seat] -= 1
            return result
        broken = broken or self.off
        key = (*h, leader, broken, won)
        entry = self.tt.get(key)
        if entry is not None:
            lo, hi = max(lo, entry[0]), min(hi, entry[1])
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        low, high = max(alpha, lo), min(beta, hi)
        result = self.lead(leader, low, high, broken, key)
        if result <= low:
            hi = result
        elif result >= high:
            lo = result
        else:
            lo = hi = result
        self.tt[key] = (lo, hi)
        return result

    def lead(self, leader: int, alpha: float, beta: float, broken: bool,
             key: tuple) -> float:
        """The best lead of ``leader`` for its side."""
        h = self.h
        hand = h[leader]
        moves = hand if broken else (hand & ~SPADE_MASK or hand)
        alive = 0
        for other in h:
            alive |= other
        moves = _reps(moves, alive)
        maximise = leader % 2 == self.side
        best = -_INF if maximise else _INF
        best_card = -1
        for card in self.lead_order(leader, moves, key):
            bit = 1 << card
            h[leader] = hand ^ bit
            value = self.follow(leader, 1, SUIT_MASKS[card // 13], card, leader, bit,
                                broken or card >= _FIRST_SPADE, alpha, beta)
            h[leader] = hand
            if maximise:
                if value > best:
                    best, best_card = value, card
                    if best >= beta:
                        break
                    alpha = max(alpha, best)
            elif value < best:
                best, best_card = value, card
                if best <= alpha:
                    break
                beta = min(beta, best)
        self.best[key] = best_card
        return best

    def follow(self, leader: int, pos: int, suit: int, win_card: int, win_seat: int,
               trick: int, broken: bool, alpha: float, beta: float) -> float:
        """The player in position ``pos`` of the trick plays its best card."""
        n = self.n
        if pos == n:
            self.won[win_seat] += 1
            value = self.value(win_seat, alpha, beta, broken)
            self.won[win_seat] -= 1
            return value
        h = self.h
        seat, hand, moves = self._follower(leader, pos, suit, trick)
        maximise = seat % 2 == self.side
        best = -_INF if maximise else _INF
        for card in _follow_order(moves, win_card, win_seat % 2 == seat % 2):
            bit = 1 << card
            h[seat] = hand ^ bit
            if beats(card, win_card):
                value = self.follow(leader, pos + 1, suit, card, seat, trick | bit,
                                    broken or card >= _FIRST_SPADE, alpha, beta)
            else:
                value = self.follow(leader, pos + 1, suit, win_card, win_seat, trick | bit,
                                    broken or card >= _FIRST_SPADE, alpha, beta)
            h[seat] = hand
            if maximise:
                if value > best:
                    best = value
                    if best >= beta:
                        break
                    alpha = max(alpha, best)
            elif value < best:
                best = value
                if best <= alpha:
                    break
                beta = min(beta, best)
        return best

    def after(self, leader: int, pos: int, suit: int, win_card: int, win_seat: int, trick: int,
              broken: bool, card: Card) -> float:
        """The exact value after ``card`` is played in position ``pos`` of the trick."""
        return self._after(leader, pos, suit, win_card, win_seat, trick, broken, card,
                           -_INF, _INF)


def _trick_state(deal: Deal) -> tuple[int, int, int, int, int]:
    """The current trick as (suit mask, winning card, its seat, cards mask, position)."""
    suit, win_card, win_seat, mask = 0, -1, deal.leader, 0
    for i, card in enumerate(deal.trick):
        if i == 0:
            suit, win_card = SUIT_MASKS[card // 13], card
        elif beats(card, win_card):
            win_card, win_seat = card, (deal.leader + i) % deal.players
        mask |= 1 << card
    return suit, win_card, win_seat, mask, len(deal.trick)


def _root_cards(deal: Deal, legal: int) -> tuple[int, list[Card]]:
    """The representatives of the legal cards, in search order."""
    _, win_card, win_seat, mask, pos = _trick_state(deal)
    alive = mask
    for hand in deal.hands:
        alive |= hand
    reps = _reps(legal, alive)
    if pos == 0:
        return reps, _Search(deal.hands, deal.players, False).lead_order(deal.leader, reps, ())
    return reps, _follow_order(reps, win_card, win_seat % 2 == deal.to_move % 2)


def trick_values(deal: Deal, rules_off_broken: bool = False) -> dict[Card, int]:
    """For each legal card of the seat to move, the tricks its side ends the hand with.

    Best play by every seat: the mover's side maximises its tricks, the other side
    minimises them. The tricks already in ``deal.won`` are counted. With
    ``rules_off_broken`` spades may be led at any time (as in bridge solvers).
    """
    n, mover = deal.players, deal.to_move
    side = mover % 2
    search = _TrickSearch(deal.hands, n, rules_off_broken)
    left = deal.tricks_left
    base = sum(deal.won[side::2])
    suit, win_card, win_seat, mask, pos = _trick_state(deal)
    broken = deal.spades_broken or rules_off_broken
    legal = deal.legal(rules_off_broken)
    reps, order = _root_cards(deal, legal)
    future: dict[Card, int] = {}
    guess = None
    for card in order:

        def mine(tricks: int, card: Card = card) -> bool:
            need = tricks if side == 0 else left - tricks + 1
            result = search.after(deal.leader, pos, suit, win_card, win_seat, mask, broken,
                                  card, need)
            return result if side == 0 else not result

        lo, hi, steps = 0, left, 0
        test = (left + 1) // 2 if guess is None else guess
        while lo < hi:
            test = min(max(test, lo + 1), hi)
            success = mine(test)
            if success:
                lo = test
            else:
                hi = test - 1
            steps += 1
            # step from a guess (MTD(f)), then bisect
            if guess is not None and steps < 3:
                test = lo + 1 if success else hi
            else:
                test = (lo + hi + 1) // 2
        future[card] = guess = lo
    return {card: base + future[_rep_of(card, reps)] for card in _bits(legal)}


def hand_value(contracts: Sequence[Contract], rules: Rules, side: int) -> Evaluate:
    """The default end value for ``side``: its hand score minus the other side's.

    ``contracts`` has one :class:`~spades.scoring.Contract` per seat.
    """
    n = len(contracts)
    mine = list(range(side, n, 2))
    theirs = list(range(1 - side, n, 2))

    def evaluate(won: tuple[int, ...]) -> float:
        ours = score_side([contracts[s] for s in mine], [won[s] for s in mine], rules)
        other = score_side([contracts[s] for s in theirs], [won[s] for s in theirs], rules)
        return float(ours.points - other.points)

    return evaluate


def score_values(deal: Deal, contracts: Sequence[Contract], rules: Rules,
                 evaluate: Evaluate | None = None) -> dict[Card, float]:
    """For each legal card of the seat to move, the end value of the hand for its side.

    The value is ``evaluate(tricks_per_seat)`` at the end of the hand, by default
    :func:`hand_value` (the side's hand score minus the other side's); the mover's
    side maximises it, the other side minimises it. ``rules.lead_spades_anytime``
    turns the broken-spades rule off.
    """
    n, mover = deal.players, deal.to_move
    if len(contracts) != n:
        raise ValueError(f"need a contract per seat, got {len(contracts)} for {n} players")
    side = mover % 2
    off = rules.lead_spades_anytime
    final = evaluate or hand_value(contracts, rules, side)
    search = _ScoreSearch(deal.hands, n, off, deal.won, side, final)
    suit, win_card, win_seat, mask, pos = _trick_state(deal)
    broken = deal.spades_broken or off
    legal = deal.legal(off)
    reps, order = _root_cards(deal, legal)
    values = {card: search.after(deal.leader, pos, suit, win_card, win_seat, mask, broken, card)
              for card in order}
    return {card: values[_rep_of(card, reps)] for card in _bits(legal)}
