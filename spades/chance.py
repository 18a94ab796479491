"""Where a game's chance comes from: decks for each hand and draws from the discards.

Chance is injected, never a module-level random: a seeded ``random.Random``, explicit
decks (tests, duplicate matches), a record's own outcomes (replays), or the caller:
a hand this module has no deck for is dealt by :meth:`spades.Game.deal`, and its
exchange draws by :meth:`spades.Game.draw` (see :attr:`spades.Game.chance_step`).
A hand can also be dealt from a seed's text (:func:`deck_from_seed`, docs/fair-deals.md),
as the event log's deals are (:mod:`spades.eventlog`).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Iterator, Sequence
from itertools import repeat, starmap
from typing import Self

from .cards import DECK_SIZE, Card, parse_card
from .errors import SpadesError, quoted


def as_cards(cards: Iterable[Card | str], what: str = "a deck") -> list[Card]:
    """Cards as ints (text such as ``'AS'`` read), checked to be ints or card text."""
    read = [parse_card(c) if isinstance(c, str) else c for c in cards]
    strays = [c for c in read if isinstance(c, bool) or not isinstance(c, int)]
    if strays:
        raise SpadesError(f"{what} holds cards (0..51, or text such as 'AS'), "
                          f"not {quoted(strays[0])}")
    return read


def as_deck(cards: Sequence[Card | str]) -> list[Card]:
    """A deck as card ints, checked to hold each of the 52 cards once."""
    deck = as_cards(cards)
    if len(deck) != DECK_SIZE or set(deck) != set(range(DECK_SIZE)):
        raise SpadesError(f"a deck must hold each of the 52 cards once, got {len(deck)} cards")
    return deck


def shuffled_deck(rng: random.Random) -> list[Card]:
    """The 52 cards in an order drawn by ``rng``."""
    keys = list(starmap(rng.random, repeat((), DECK_SIZE)))  # rng.random() 52 times
    return sorted(range(DECK_SIZE), key=keys.__getitem__)


def _forked(rng: random.Random) -> random.Random:
    """A generator of ``rng``'s type in ``rng``'s state."""
    new = type(rng).__new__(type(rng))
    new.setstate(rng.getstate())
    return new


class Chance:
    """Decks from ``decks`` while they last, then shuffled by ``rng``; draws by ``rng``.

    With no ``rng`` and no deck left, :meth:`deck` returns None and the game waits
    for :meth:`spades.Game.deal` (and then for :meth:`spades.Game.draw`). A draw with
    no ``rng`` is seeded by the hand's deck.
    """

    def __init__(self, rng: random.Random | None,
                 decks: Iterable[Sequence[Card | str]] = ()) -> None:
        self.rng = rng
        self._decks = [as_deck(d) for d in decks]
        self._next = 0
        self._deck_rng: tuple[tuple[Card, ...], random.Random] | None = None
        self._shared = False  # whether a copy holds the same generators

    def copy(self) -> Self:
        """A copy that draws the same outcomes as this one from now on, independently.

        The generators are shared until either draws: it then draws from its own copy
        of them, so after a copy neither advances a generator the caller passed in."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        self._shared = new._shared = True
        return new

    def _own(self) -> None:
        """Before a draw: generators of its own (copied if shared, see :meth:`copy`)."""
        self._shared = False
        if self.rng is not None:
            self.rng = _forked(self.rng)
        if self._deck_rng is not None:
            self._deck_rng = (self._deck_rng[0], _forked(self._deck_rng[1]))

    def deck(self) -> list[Card] | None:
        """The deck for the next hand, or None when the caller must deal it."""
        if self._next < len(self._decks):
            self._next += 1
            return list(self._decks[self._next - 1])
        if self.rng is None:
            return None
        if self._shared:
            self._own()
        return shuffled_deck(self.rng)

    def draw(self, pile: Sequence[Card], count: int, deck: Sequence[Card]) -> list[Card]:
        """``count`` cards drawn at random from ``pile`` (the two-player blind nil exchange)."""
        return self._draw_rng(deck).sample(list(pile), count)

    def _draw_rng(self, deck: Sequence[Card]) -> random.Random:
        """``rng``, or without one a generator seeded by the hand's deck, one per hand."""
        if self._shared:
            self._own()
        if self.rng is not None:
            return self.rng
        key = tuple(deck)
        if self._deck_rng is None or self._deck_rng[0] != key:
            self._deck_rng = (key, random.Random(",".join(map(str, deck))))
        return self._deck_rng[1]


class RecordedChance(Chance):
    """The chance outcomes written in a record (the game checks each draw)."""

    def __init__(self, decks: Iterable[Sequence[Card | str]], draws: Iterable[Sequence[Card]],
                 rng: random.Random | None = None) -> None:
        super().__init__(rng, decks)
        self._draws = [list(d) for d in draws]

    def copy(self) -> Self:
        new = super().copy()
        new._draws = list(self._draws)
        return new

    def draw(self, pile: Sequence[Card], count: int, deck: Sequence[Card]) -> list[Card]:
        if not self._draws:
            return super().draw(pile, count, deck)
        return self._draws.pop(0)


def _words(seed: str) -> Iterator[int]:
    """32-bit numbers from SHA-256(seed ':' counter), counter = 0, 1, 2, ..."""
    counter = 0
    while True:
        block = hashlib.sha256(f"{seed}:{counter}".encode()).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(block[i:i + 4], "big")
        counter += 1


def deck_from_seed(seed: str) -> list[Card]:
    """The hand's 52 cards in order: a Fisher-Yates shuffle of 0..51 driven by the seed."""
    deck = list(range(DECK_SIZE))
    words = _words(seed)
    for i in range(DECK_SIZE - 1, 0, -1):
        span = i + 1
        limit = (1 << 32) - (1 << 32) % span  # reject the top values: no bias
        word = next(words)
        while word >= limit:
            word = next(words)
        j = word % span
        deck[i], deck[j] = deck[j], deck[i]
    return deck
