"""Actions: one int per decision, with RECORD.md's text both ways.

Codes (the integer encoding for learning code): 0-51 play that card; 52-65 bid
nil, 1..13; 66 blind nil; 67 no blind nil; 68 keep; 69 discard; from 70 on, give a
set of up to three cards, numbered by size and then by the combinatorial number
system (see :func:`give_code`).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from functools import cache
from math import comb

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
    size = max(k for k in range(MAX_GIVE + 1) if _GIVE_OFFSETS[k] <= index)
    index -= _GIVE_OFFSETS[size]
    cards = []
    for k in range(size, 0, -1):
        card = k - 1
        while comb(card + 1, k) <= index:
            card += 1
        cards.append(card)
        index -= comb(card, k)
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


def gives(hand: list[Card], sizes: Iterable[int]) -> list[Action]:
    """Every give of ``sizes`` cards of ``hand``, smallest gives first."""
    cards = sorted(hand)
    n = len(cards)
    out: list[Action] = []
    for size in sizes:
        if size == 0:
            out.append(_ACTIONS[GIVE_BASE])
            continue
        if size > n:
            continue
        # partial: (index of the highest card chosen, code so far); code sums comb(card_i, i + 1)
        partial = [(-1, GIVE_BASE + _GIVE_OFFSETS[size])]
        for level in range(1, size):
            values = [_COMB[level][c] for c in cards]
            partial = [(j, code + values[j]) for i, code in partial for j in range(i + 1, n)]
        values = [_COMB[size][c] for c in cards]
        out += [_ACTIONS[code + value] for i, code in partial for value in values[i + 1 :]]
    return out
