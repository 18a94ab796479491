"""Deals that anyone can check: a secret seed per hand, its SHA-256 published first.

At the start of a hand the server draws a seed from :mod:`secrets`, publishes
``commitment(seed)`` and deals ``deck_from_seed(seed)``; when the hand is over it reveals
the seed. Anyone can then check that the hash matches and that the seed gives the hand's
deck (docs/fair-deals.md). The shuffle is Fisher-Yates driven by SHA-256 in counter mode,
with rejection sampling so that every order is equally likely. The two-player blind nil
exchange draws from a generator seeded by the hand's deck (``events.apply_event``), so the
seed fixes the whole hand in advance.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator

from ..cards import DECK_SIZE, Card


def new_seed() -> str:
    """A fresh secret seed: 32 random bytes as 64 hex digits."""
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    """The SHA-256 of the seed's text (UTF-8), in hex: published before the deal."""
    return hashlib.sha256(seed.encode()).hexdigest()


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
