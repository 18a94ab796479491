"""The exceptions the engine raises: every one is a ``ValueError``."""

from __future__ import annotations

import reprlib


class SpadesError(ValueError):
    """Base class of every error the engine raises on bad input."""


class NotationError(SpadesError):
    """Text that is not a card or an action; the message quotes the input."""


class IllegalAction(SpadesError):
    """An action the rules forbid now; the game is unchanged afterwards."""


class RecordError(SpadesError):
    """A game record that does not parse or that breaks a rule."""



class _Quote(reprlib.Repr):
    """A ``repr`` short enough for one line of an error message."""

    def __init__(self) -> None:
        super().__init__()
        self.maxstring = self.maxother = self.maxlong = 60
        self.maxlist = self.maxdict = 6
        self.maxlevel = 3

    def repr_int(self, x: int, level: int) -> str:
        # beyond 4,300 digits int's repr raises ValueError
        return f"<an integer of {x.bit_length()} bits>" if x.bit_length() > 200 else repr(x)


def quoted(value: object) -> str:
    """``repr(value)`` cut to one readable line, for an error message that quotes input."""
    return _Quote().repr(value)
