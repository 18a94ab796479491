"""A table's chat and its limits: players write; spectators read, and write if the table
lets them. A line is plain text, never markup (the client shows it as text), kept in the
store beside the log; each client may write ``Settings.chat_burst`` lines at once, then
one every ``chat_every`` seconds (a :class:`Bucket`, as for its messages). A spectator is
"Spectator N" until she gives a name, numbered on from those in the chat."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Sequence
from typing import Any

from .messages import ClientError

CHAT_LIMIT, CHAT_SHOWN = 200, 100  # characters of a chat message; lines a newcomer gets
SPECTATOR = re.compile(r"Spectator (\d+)")  # a spectator's name until she gives one


class Bucket:
    """A rate limit: ``burst`` at once, then ``per_second`` (a token bucket) by ``clock``
    (seconds; the running event loop's time unless given)."""

    def __init__(self, per_second: float, burst: int,
                 clock: Callable[[], float] | None = None) -> None:
        self.per_second, self.burst, self._allowance = per_second, burst, float(burst)
        self._clock = clock or asyncio.get_running_loop().time
        self._last = self._clock()

    def take(self) -> bool:
        """Whether one more fits, counting it if it does."""
        now = self._clock()
        refill = (now - self._last) * self.per_second
        self._allowance = min(self.burst, self._allowance + refill)
        self._last = now
        if self._allowance < 1:
            return False
        self._allowance -= 1
        return True


def chat_text(seat: int | None, text: Any, name: Any, spectators_write: bool) -> str:
    """The text of the line ``seat`` (None: a spectator, who may give her ``name``)
    writes: on one line of printable characters, at most ``CHAT_LIMIT``; raises
    ClientError."""
    if seat is None and not spectators_write:
        raise ClientError("spectators read the chat here; only the players write")
    if name is not None and not isinstance(name, str):
        raise ClientError("'name' must be your name, as a string")
    if not isinstance(text, str):
        raise ClientError("'text' must be the message, as a string")
    text = " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())
    if not text:
        raise ClientError("the message is empty")
    if len(text) > CHAT_LIMIT:
        raise ClientError(f"a message has at most {CHAT_LIMIT} characters, not {len(text)}")
    return text


def last_spectator(lines: Sequence[dict[str, Any]]) -> int:
    """The highest N of the spectators named "Spectator N" in the chat ``lines`` (0: none),
    so that a restart does not give a name twice."""
    return max([int(m[1]) for line in lines if line["seat"] is None
                and (m := SPECTATOR.fullmatch(line["name"]))], default=0)
