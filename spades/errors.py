"""The exceptions the engine raises: every one is a ``ValueError``."""

from __future__ import annotations


class SpadesError(ValueError):
    """Base class of every error the engine raises on bad input."""


class NotationError(SpadesError):
    """Text that is not a card or an action; the message quotes the input."""


class IllegalAction(SpadesError):
    """An action the rules forbid now; the game is unchanged afterwards."""


class RecordError(SpadesError):
    """A game record that does not parse or that breaks a rule."""
