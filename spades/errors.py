"""The exceptions the engine raises: every one is a ``ValueError``.

This module is the engine's lowest: the others raise its errors, and it imports none of
them (an :class:`IllegalAction`'s action is typed as the int every action is).
"""

from __future__ import annotations

import reprlib


class SpadesError(ValueError):
    """Base class of every error the engine raises on bad input."""


class NotationError(SpadesError):
    """Text that is not a card or an action; the message quotes the input."""


class IllegalAction(SpadesError):
    """An action the rules forbid now; the game is unchanged afterwards.

    ``seat`` is the seat that tried (None if none was named and nobody is to move),
    ``action`` the :class:`~spades.actions.Action` (an int that prints as its text),
    ``phase`` the game's phase and ``reason`` why, in words for a person: ``"must follow
    hearts"``. The message puts them together:
    ``"seat 1 cannot play 2S during play: must follow hearts"``.
    """

    def __init__(self, seat: int | None, action: int, phase: str, reason: str) -> None:
        who = "no seat can" if seat is None else f"seat {seat} cannot"
        super().__init__(f"{who} {action} during {phase}: {reason}")
        self.seat, self.action, self.phase, self.reason = seat, action, phase, reason

    @property
    def reason_to_seat(self) -> str:
        """``reason`` said to the seat that tried: ``"you must follow hearts"``, ``"you do
        not hold 2S"``; a reason about the game (``"spades are not broken"``) as it is."""
        for said, told in (("does not ", "you do not "), ("must ", "you must ")):
            if self.reason.startswith(said):
                return told + self.reason.removeprefix(said)
        return self.reason

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[int | None, int, str, str]]:
        # pickled (say, from an arena worker) by its fields, not by its message
        return type(self), (self.seat, self.action, self.phase, self.reason)


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
