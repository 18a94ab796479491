"""A table's connections: each websocket client with its seat, its address and its rate
limits, and the costly requests (hints, analyses) being worked out for the whole server."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

from .chat import Bucket
from .messages import ClientError
from .settings import Settings


class Costly:
    """The costly requests (hints, analyses) being worked out: one at a time for each seat
    and for each client address, however many connections they open. One for the whole
    server, shared by its tables."""

    def __init__(self) -> None:
        self._busy: set[str] = set()

    @contextlib.contextmanager
    def one(self, table_id: str, seat: int, address: str) -> Iterator[None]:
        """Work one out for ``seat`` of table ``table_id``, asked from ``address``; raises
        ClientError while another is under way for either."""
        mine, theirs = f"seat {seat} of {table_id}", f"address {address}"
        if mine in self._busy:
            raise ClientError("a hint or an analysis is already being worked out for your "
                              "seat: wait for it")
        if theirs in self._busy:
            raise ClientError("a hint or an analysis asked from your network is already being "
                              "worked out: wait for it")
        self._busy |= {mine, theirs}
        try:
            yield
        finally:
            self._busy -= {mine, theirs}


class Client:
    """One websocket connection: its seat (None for a spectator), its client address, its
    rate limits (of messages, of chat lines), and how to close it (when its seat is taken
    back from another device)."""

    def __init__(self, send: Callable[[str], Awaitable[None]], seat: int | None,
                 settings: Settings, close: Callable[[int], Awaitable[None]] | None = None,
                 address: str = "unknown") -> None:
        self.send_text, self.seat, self._close = send, seat, close
        self.address = address
        self.name = ""  # a spectator's name in the chat (a seat's is the seat's)
        self.messages = Bucket(settings.rate_per_second, settings.rate_burst)
        self.chat = Bucket(1 / settings.chat_every, settings.chat_burst)

    async def send(self, message: dict[str, Any] | str) -> None:
        """Send ``message`` (JSON, or its text); a closed connection is left to its
        handler."""
        text = message if isinstance(message, str) else json.dumps(message)
        with contextlib.suppress(Exception):  # a closed connection: its handler cleans up
            await self.send_text(text)

    async def close(self, code: int) -> None:
        """Close the connection with ``code``."""
        if self._close is not None:
            with contextlib.suppress(Exception):
                await self._close(code)
