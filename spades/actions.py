"""Actions: one int per decision, with RECORD.md's text both ways.

Codes (the integer encoding for learning code): 0-51 play that card; 52-65 bid
nil, 1..13; 66 blind nil; 67 no blind nil; 68 keep; 69 discard; from 70 on, give a
set of up to three cards, numbered by size and then by the combinatorial number
system (see :func:`give_code`).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from functools import cache
from math import comb
from operator import itemgetter
from typing import Any

from .cards import DECK_SIZE, Card, card_text, parse_card
from .errors import NotationError, quoted

BID_BASE = 52
BLIND_NIL = 66
NO_BLIND_NIL = 67
KEEP = 68
DISCARD = 69
GIVE_BASE = 70
MAX_GIVE = 3
_GIVE_OFFSETS = tuple(sum(comb(DECK_SIZE, k) for k in range(size)) for size in range(MAX_GIVE + 2))
_COMB = tuple(tuple(comb(card, k) for card in range(DECK_SIZE)) for k in range(MAX_GIVE + 1))
NUM_ACTIONS = GIVE_BASE + _GIVE_OFFSETS[MAX_GIVE + 1]



class Kind(StrEnum):
    """The kinds of action (:attr:`Action.kind`); each is also its text."""

    PLAY = "play"
    BID = "bid"
    DECLARE = "blind nil"  # either answer: blind nil or no blind nil
    DRAFT = "draft"
    GIVE = "give"


PLAY, BID, DECLARE, DRAFT, GIVE = Kind


def give_code(cards: Iterable[Card]) -> int:
    """The code of giving ``cards`` (a set of at most three cards)."""
    chosen = sorted(set(cards))
    if any(not 0 <= card < DECK_SIZE for card in chosen):
        raise NotationError(f"not cards: {quoted(chosen)} (cards are 0..{DECK_SIZE - 1})")
    if len(chosen) > MAX_GIVE:
        raise NotationError(f"cannot give {len(chosen)} cards: at most {MAX_GIVE}")
    index = sum(_COMB[i + 1][card] for i, card in enumerate(chosen))
    return GIVE_BASE + _GIVE_OFFSETS[len(chosen)] + index


@cache
def _give_cards(code: int) -> tuple[Card, ...]:
    """The cards of a give code, lowest first (the inverse of :func:`give_code`)."""
    index = code - GIVE_BASE
    size = bisect_right(_GIVE_OFFSETS, index) - 1
    index -= _GIVE_OFFSETS[size]
    cards = []
    for k in range(size, 0, -1):  # the highest card is the last whose comb(card, k) fits
        card = bisect_right(_COMB[k], index) - 1
        cards.append(card)
        index -= _COMB[k][card]
    return tuple(reversed(cards))


class Action(int):
    """One decision, an int with a text form: ``str(Action.play(51)) == 'play AS'``."""

    __slots__ = ()

    @classmethod
    def play(cls, card: Card) -> Action:
        """Play ``card``."""
        if not 0 <= card < DECK_SIZE:
            raise NotationError(f"not a card: {quoted(card)} (cards are 0..{DECK_SIZE - 1})")
        return _ACTIONS[card]

    @classmethod
    def bid(cls, tricks: int) -> Action:
        """Bid ``tricks`` (0 is nil)."""
        if not 0 <= tricks <= 13:
            raise NotationError(f"not a bid: {quoted(tricks)} (bids are 0..13)")
        return _ACTIONS[BID_BASE + tricks]

    @classmethod
    def give(cls, cards: Iterable[Card]) -> Action:
        """Give ``cards`` in a blind nil exchange."""
        return _ACTIONS[give_code(cards)]

    @classmethod
    def from_code(cls, code: int) -> Action:
        """The action with integer code ``code``."""
        if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < NUM_ACTIONS:
            raise NotationError(f"not an action code: {quoted(code)} (0..{NUM_ACTIONS - 1})")
        return _ACTIONS[code]

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action's text, case-insensitively: ``'play 10h'``, ``'AS'``, ``'bid 0'``."""
        words = text.strip().lower().split()
        if not words:
            raise NotationError(f"not an action: {quoted(text)}")
        phrase = " ".join(words)
        if phrase in _WORD_ACTIONS:
            return _ACTIONS[_WORD_ACTIONS[phrase]]
        head, rest = words[0], words[1:]
        try:
            if head == "give":
                cards = [parse_card(w) for w in rest]
                if len(set(cards)) != len(cards):
                    raise NotationError(f"not an action: {quoted(text)} (a card given twice)")
                return cls.give(cards)
            if head == "bid" and len(rest) == 1 and rest[0].isascii() and rest[0].isdigit():
                return cls.bid(int(rest[0]))
            if head == "play" and len(rest) == 1:
                return cls.play(parse_card(rest[0]))
            if not rest:
                return cls.play(parse_card(head))
        except NotationError as error:
            raise NotationError(f"not an action: {quoted(text)} ({error})") from None
        raise NotationError(
            f"not an action: {quoted(text)} (expected e.g. 'play AS', 'bid 4', 'nil', 'blind nil', "
            "'no blind nil', 'keep', 'discard' or 'give 2C QH KD')"
        )

    @property
    def kind(self) -> Kind:
        """The :class:`Kind`: ``'play'``, ``'bid'``, ``'blind nil'`` (either answer),
        ``'draft'`` or ``'give'``."""
        if self < BID_BASE:
            return PLAY
        if self < BLIND_NIL:
            return BID
        if self < KEEP:
            return DECLARE
        if self < GIVE_BASE:
            return DRAFT
        return GIVE

    @property
    def card(self) -> Card:
        """The card of a play."""
        return int(self)

    @property
    def tricks(self) -> int:
        """The number bid (0 for nil)."""
        return self - BID_BASE

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of a give, lowest first."""
        return _give_cards(self)

    def __str__(self) -> str:
        if self < BID_BASE:
            return "play " + card_text(self)
        if self < GIVE_BASE:
            return _TEXT[self - BID_BASE]
        return " ".join(["give", *map(card_text, self.cards)])

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


_TEXT = ("nil", *(f"bid {n}" for n in range(1, 14)), "blind nil", "no blind nil", "keep", "discard")
_WORD_ACTIONS = {
    **{text: BID_BASE + i for i, text in enumerate(_TEXT)},
    "bid nil": BID_BASE,
    "bid 0": BID_BASE,
}
_ACTIONS = tuple(Action(code) for code in range(NUM_ACTIONS))


# The lexicographic rank of each pair of cards (low, high), low < high: the order of
# itertools.combinations(range(52), 2); 0 where low >= high.
_PAIR_RANK = tuple(
    tuple(sum(DECK_SIZE - 1 - b for b in range(low)) + high - low - 1 if high > low else 0
          for high in range(DECK_SIZE))
    for low in range(DECK_SIZE))


_GIVES_OF_ONE = _ACTIONS[GIVE_BASE + _GIVE_OFFSETS[1]:GIVE_BASE + _GIVE_OFFSETS[2]]


def _gives_of_two(low: Card) -> tuple[Action, ...]:
    """The gives of ``low`` and a higher card, indexed by the higher card (the give of
    nothing where the card is not higher, never asked for)."""
    base = GIVE_BASE + _GIVE_OFFSETS[2] + low
    return tuple(_ACTIONS[base + _COMB[2][high] if high > low else GIVE_BASE]
                 for high in range(DECK_SIZE))


def _gives_of_three(low: Card) -> tuple[Action, ...]:
    """The gives of ``low`` and two higher cards, indexed by the pair's rank in
    ``_PAIR_RANK`` (the give of nothing where the pair is not above ``low``)."""
    base = GIVE_BASE + _GIVE_OFFSETS[3] + low
    return tuple(_ACTIONS[base + _COMB[2][mid] + _COMB[3][high] if mid > low else GIVE_BASE]
                 for mid in range(DECK_SIZE) for high in range(mid + 1, DECK_SIZE))


# the rows above, by lowest card, made when first needed (None until then)
_TWOS: list[tuple[Action, ...] | None] = [None] * DECK_SIZE
_THREES: list[tuple[Action, ...] | None] = [None] * DECK_SIZE


def _pick(row: Sequence[Any], keys: Sequence[int]) -> tuple[Any, ...]:
    """``row``'s items at ``keys``, in their order (at least two keys)."""
    picked: tuple[Any, ...] = itemgetter(*keys)(row)
    return picked


def gives(hand: Iterable[Card], sizes: Iterable[int]) -> list[Action]:
    """Every give of ``sizes`` cards of ``hand``, smallest gives first, each size's in the
    order of ``itertools.combinations`` of the sorted cards.

    Random games spend much of their time here (a blind nil exchange of three has 286
    gives), so each give is picked from rows of actions made once per lowest card.
    """
    cards = sorted(hand)
    n = len(cards)
    out: list[Action] = []
    for size in sizes:
        if size == 0:
            out.append(_ACTIONS[GIVE_BASE])
        elif size > n:
            continue
        elif size == 1:
            out += [_GIVES_OF_ONE[card] for card in cards]
        elif size == 2:
            for i in range(n - 2):
                row = _TWOS[cards[i]] or _row(_TWOS, _gives_of_two, cards[i])
                out += _pick(row, cards[i + 1:])
            row = _TWOS[cards[-2]] or _row(_TWOS, _gives_of_two, cards[-2])
            out.append(row[cards[-1]])
        elif size == 3:
            # the ranks of the pairs above each card, those above cards[i] from starts[i]
            ranks: list[int] = []
            starts = []
            for j in range(n - 2):
                starts.append(len(ranks))
                ranks += _pick(_PAIR_RANK[cards[j]], cards[j + 1:])
            starts.append(len(ranks))
            ranks.append(_PAIR_RANK[cards[-2]][cards[-1]])
            for i in range(n - 3):
                row = _THREES[cards[i]] or _row(_THREES, _gives_of_three, cards[i])
                out += _pick(row, ranks[starts[i + 1]:])
            row = _THREES[cards[-3]] or _row(_THREES, _gives_of_three, cards[-3])
            out.append(row[ranks[-1]])
        else:
            raise NotationError(f"cannot give {size} cards: at most {MAX_GIVE}")
    return out


def _row(rows: list[tuple[Action, ...] | None], make: Callable[[Card], tuple[Action, ...]],
         low: Card) -> tuple[Action, ...]:
    """``rows[low]``, made by ``make`` and kept."""
    row = rows[low] = make(low)
    return row
