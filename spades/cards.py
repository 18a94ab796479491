"""Cards as small ints, sets of cards as 52-bit masks, and their text.

A card is ``suit * 13 + rank`` with suits in the order clubs, diamonds, hearts,
spades and ranks 2..A as 0..12: OpenSpiel's numbering. A set of cards is an int
whose bit ``c`` is set when card ``c`` is in it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

from .errors import NotationError, quoted

Card = int
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT_LETTERS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "♣♦♥♠"
RANK_LETTERS = "23456789TJQKA"
RANKS_PER_SUIT = 13
TEN, JACK, QUEEN, KING, ACE = (RANK_LETTERS.index(r) for r in "TJQKA")  # rank indices
DECK_SIZE = 52
FULL_DECK = (1 << DECK_SIZE) - 1
SUIT_MASKS = tuple(((1 << RANKS_PER_SUIT) - 1) << (RANKS_PER_SUIT * s) for s in range(4))
SPADE_MASK = SUIT_MASKS[SPADES]

_SUIT_INPUT = {**{c: i for i, c in enumerate(SUIT_LETTERS)},
               **{c: i for i, c in enumerate(SUIT_SYMBOLS)}}
_RANK_INPUT = {**{c: i for i, c in enumerate(RANK_LETTERS)}, "10": 8}
CARD_TEXT = tuple(RANK_LETTERS[c % 13] + SUIT_LETTERS[c // 13] for c in range(DECK_SIZE))


def suit_of(card: Card) -> int:
    """The suit (0 clubs .. 3 spades) of ``card``."""
    return card // RANKS_PER_SUIT


def rank_of(card: Card) -> int:
    """The rank (0 for a two .. 12 for an ace) of ``card``."""
    return card % RANKS_PER_SUIT


def beats(card: Card, best: Card) -> bool:
    """Whether ``card`` beats ``best``, the card winning a trick so far (spades are trump)."""
    if card // RANKS_PER_SUIT == best // RANKS_PER_SUIT:
        return card > best
    return card // RANKS_PER_SUIT == SPADES


# for each card, the mask of the cards that beat it: beats() as a table
_BEATEN_BY = tuple(sum(1 << c for c in range(DECK_SIZE) if beats(c, best))
                   for best in range(DECK_SIZE))


def winning_index(trick: Sequence[Card]) -> int:
    """The position in a (partial) trick of the card winning it, the led card first."""
    best = 0
    for i in range(1, len(trick)):
        if _BEATEN_BY[trick[best]] >> trick[i] & 1:
            best = i
    return best


def card_text(card: Card) -> str:
    """``card`` in its output form, e.g. ``'AS'``."""
    return CARD_TEXT[card]


def card_label(card: Card) -> str:
    """``card`` as a person reads it: ``'Q♥'``, ``'10♠'``."""
    rank = rank_of(card)
    return ("10" if rank == TEN else RANK_LETTERS[rank]) + SUIT_SYMBOLS[suit_of(card)]


_NOTATION = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")


def in_symbols(text: str) -> str:
    """``text`` with every card in record notation (``'play TH'``) as a person reads it
    (``'play 10♥'``)."""
    return _NOTATION.sub(lambda m: card_label(parse_card(m[0])), text)


def parse_card(text: str) -> Card:
    """Read a card in any accepted spelling: ``'AS'``, ``'10h'``, ``'Q♠'``."""
    cleaned = text.strip().upper()
    rank = _RANK_INPUT.get(cleaned[:-1])
    suit = _SUIT_INPUT.get(cleaned[-1:])
    if rank is None or suit is None:
        raise NotationError(f"not a card: {quoted(text)} (expected e.g. 'AS', '10h' or 'Q♠')")
    return suit * RANKS_PER_SUIT + rank


def mask_of(cards: Iterable[Card]) -> int:
    """The mask holding ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_in(mask: int) -> Iterator[Card]:
    """The cards of ``mask``, lowest first (clubs 2 .. spades ace)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards sorted for display: spades, hearts, clubs, diamonds, high cards first."""
    order = {SPADES: 0, HEARTS: 1, CLUBS: 2, DIAMONDS: 3}
    return sorted(cards, key=lambda c: (order[suit_of(c)], -rank_of(c)))
