"""Deals that anyone can check: a secret seed per hand, its SHA-256 published first.

At the start of a hand the server draws a seed from :mod:`secrets`, publishes
``commitment(seed)`` and deals ``deck_from_seed(seed)``; when the hand is over it reveals
the seed. Anyone can then check that the hash matches and that the seed gives the hand's
deck (docs/fair-deals.md). The shuffle is Fisher-Yates driven by SHA-256 in counter mode,
with rejection sampling so that every order is equally likely (:func:`deck_from_seed`,
in the engine's :mod:`spades.chance`, which the event log's deals use too). The
two-player blind nil exchange draws from a generator seeded by the hand's deck
(:func:`spades.eventlog.apply_event`), so the seed fixes the whole hand in advance.
"""

from __future__ import annotations

import hashlib
import secrets

from ..chance import deck_from_seed

__all__ = ["commitment", "deck_from_seed", "new_seed"]


def new_seed() -> str:
    """A fresh secret seed: 32 random bytes as 64 hex digits."""
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    """The SHA-256 of the seed's text (UTF-8), in hex: published before the deal."""
    return hashlib.sha256(seed.encode()).hexdigest()
