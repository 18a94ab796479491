"""A table's seats: who sits (a person by her token, or a computer level), her invite
secret, whether she is connected and whether the computer plays for her.

Each person seat has an invite secret (kept hashed, as her token is): joining a seat
takes its secret, or nothing for a free seat of a table its creator listed in the lobby
(:func:`check_claim`); the secret takes the seat back from another device. A person's
seat is played by its level while she is away: gone, out of time ``TIMEOUTS_AWAY``
times in a row, or after she left it to the computer, until she takes it back.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .messages import ClientError, Forbidden

PERSON, COMPUTER = "person", "computer"
NAME_LIMIT = 24
TIMEOUTS_AWAY = 3  # decisions in a row the computer took for a person before she is away


@dataclass
class Seat:
    """A seat: a person (claimed by a token) or a computer level; ``level`` also plays
    for a person who is away: gone, out of time ``TIMEOUTS_AWAY`` times in a row
    (``timeouts``), or who ``left`` her seat to it (until she takes it back)."""

    kind: str
    level: str
    name: str
    token_hash: str | None = None
    secret_hash: str | None = None  # None: a seat of a table stored before invite secrets
    connections: int = 0  # to this worker
    elsewhere: int = 0  # to the other workers on the database
    away: bool = False
    left: bool = False
    timeouts: int = 0

    def public(self) -> dict[str, Any]:
        """What every client may know of the seat; ``out_of_time``: away for running out
        of time ``TIMEOUTS_AWAY`` turns in a row (her next action takes the seat back)."""
        return {"kind": self.kind, "level": self.level, "name": self.name,
                "claimed": self.token_hash is not None or self.kind == COMPUTER,
                "connected": self.present, "away": self.away, "left": self.left,
                "timeouts": self.timeouts, "out_of_time": self.out_of_time}

    @property
    def out_of_time(self) -> bool:
        """Whether she ran out of time ``TIMEOUTS_AWAY`` turns in a row (so is away)."""
        return self.timeouts >= TIMEOUTS_AWAY

    @property
    def present(self) -> bool:
        """Whether her person is connected to any worker."""
        return self.connections + self.elsewhere > 0

    def back(self) -> None:
        """Her person plays the seat again."""
        self.away = self.left = False
        self.timeouts = 0

    def left_to_computer(self, away: bool, left: bool) -> None:
        """The seat is left to the computer (``away``; ``left``: by her person), or hers
        again."""
        self.away, self.left = away, left
        if not away:
            self.timeouts = 0

    def moved(self, by: str | None) -> None:
        """A person seat's move was taken: by her (her seat is hers again), or for her by
        the clock (counted towards ``TIMEOUTS_AWAY``), the computer or her page's Auto
        Play One (counted towards neither)."""
        if self.kind != PERSON:
            return
        if by is None:
            self.back()
        elif by == "clock":
            self.timeouts += 1
            self.away = self.out_of_time

    def arrived(self) -> None:
        """Her person is connected: her seat is hers again unless she left it to the
        computer or ran out of time ``TIMEOUTS_AWAY`` times (then her next action takes
        it back)."""
        if not self.left and not self.out_of_time:  # away while gone, no more
            self.away = False


def hash_token(token: str) -> str:
    """The stored form of a seat token or an invite secret."""
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(name: Any, default: str) -> str:
    """A display name: printable, at most NAME_LIMIT characters."""
    if not isinstance(name, str):
        return default
    text = "".join(ch for ch in name if ch.isprintable()).strip()[:NAME_LIMIT]
    return text or default


def computer_name(players: int, seat: int) -> str:
    """A computer seat's name: "Computer" with two players, its place at a table of four
    (seat 0 is South, then clockwise), so that partners and opponents read apart."""
    return "Computer" if players == 2 else ("South", "West", "North", "East")[seat]


def seat_for(seats: Sequence[Seat], token: str) -> int | None:
    """The number of the seat ``token`` holds, if any."""
    digest = hash_token(token)
    for number, seat in enumerate(seats):
        if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
            return number
    return None


def new_secret() -> tuple[str, str]:
    """A new invite secret (given once) and its hash (kept)."""
    secret = secrets.token_urlsafe(16)
    return secret, hash_token(secret)


def new_token() -> tuple[str, str]:
    """A new seat token (given once) and its hash (kept)."""
    token = secrets.token_urlsafe(24)
    return token, hash_token(token)


def person_seat(seats: Sequence[Seat], number: Any) -> Seat:
    """Seat ``number``, if it is a person's; raises ClientError."""
    if not 0 <= number < len(seats):
        raise ClientError(f"no seat {number}: seats are 0..{len(seats) - 1}")
    if seats[number].kind != PERSON:
        raise ClientError(f"seat {number + 1} is a computer player")
    return seats[number]


def check_claim(seat: Seat, number: int, secret: str | None, open_to_all: bool) -> None:
    """Whether seat ``number`` may be claimed: with its invite ``secret``, even from
    another device; without it, only while it is free and ``open_to_all`` (a listed
    table, or a rematch). Raises :class:`Forbidden` or ClientError."""
    if secret is not None:
        if seat.secret_hash is None or not hmac.compare_digest(seat.secret_hash,
                                                               hash_token(secret)):
            raise Forbidden(f"this invite link is not the one of seat {number + 1}: "
                            "ask the table's creator for yours")
    elif seat.token_hash is not None:
        raise ClientError(f"seat {number + 1} is taken")
    elif not open_to_all:
        raise Forbidden(f"seat {number + 1} is private: it takes the invite link")


def recount(seats: Sequence[Seat], elsewhere: Sequence[Sequence[int]]) -> tuple[list[int],
                                                                             list[int]]:
    """Count each seat's connections to the other workers again from their counts by seat
    (``elsewhere``, one list per worker): the seats whose person is now connected where
    she was not, and those she has now left."""
    arrived, gone = [], []
    for number, seat in enumerate(seats):
        was = seat.present
        seat.elsewhere = sum(counts[number] for counts in elsewhere)
        if seat.present and not was:
            arrived.append(number)
        elif was and not seat.present:
            gone.append(number)
    return arrived, gone
