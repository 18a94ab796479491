"""A table's event log: the game's events (:mod:`spades.eventlog`) and the server's own.

A table's log is the game's event log (deals from secret seeds, actions kept as their
code with their text, whole gives; :mod:`spades.eventlog`, docs/record.md §4) with two
kinds of the server's own, stored in the same list:

- :class:`SeatEvent` ``{"kind": "seat", "seat": 0, "away": true, "left": true}``: a seat
  left to the computer, or taken back;
- :class:`End` ``{"kind": "end", "reason": "idle"}``: the table ended before its game.

Every event keeps when it was stored (``at``; none in older logs), and a person's move who
took it for her (``by``). :func:`read_event` reads all five kinds, and logs stored before
the code (an action's text alone, a give as a give's text) too; :func:`replay` rebuilds a
table's game from its log with the one replay of :mod:`spades.eventlog`, and
:func:`apply_event` applies one event, of any kind, to a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .. import eventlog
from ..chance import Chance
from ..eventlog import Act, Deal, EventError, Give, Replay, move, not_an_event, stored
from ..game import Game
from ..rules import Rules

__all__ = ["Act", "Deal", "End", "Event", "EventError", "Give", "Replay", "SeatEvent",
           "apply_event", "move", "read_event", "replay"]


@dataclass(frozen=True)
class SeatEvent:
    """Seat ``seat`` is left to the computer (``away``; ``left``: by her person) or hers
    again."""

    seat: int
    away: bool
    left: bool
    at: float | None = None

    def to_json(self) -> dict[str, Any]:
        return stored({"kind": "seat", "seat": self.seat, "away": self.away,
                       "left": self.left}, self.at)


@dataclass(frozen=True)
class End:
    """The table ended before its game did, for ``reason`` (``"idle"``, ``"unwatched"``)."""

    reason: str
    at: float | None = None

    def to_json(self) -> dict[str, Any]:
        return stored({"kind": "end", "reason": self.reason}, self.at)


Event = Deal | Act | Give | SeatEvent | End


def read_event(data: Mapping[str, Any]) -> Event:
    """The typed event of a stored one, old or new; raises :class:`EventError`."""
    try:
        kind = data["kind"]
        if kind == "seat":
            return SeatEvent(data["seat"], data["away"], data["left"], data.get("at"))
        if kind == "end":
            return End(data["reason"], data.get("at"))
    except (KeyError, TypeError) as error:
        raise not_an_event(data, error) from None
    return eventlog.read_event(data)


def apply_event(game: Game, event: Event | Mapping[str, Any], draws: Chance) -> None:
    """Apply an event (a stored one is read first) to ``game``: a deal or a move by
    :func:`spades.eventlog.apply_event`; a seat or end event does not change the game."""
    if not isinstance(event, Deal | Act | Give | SeatEvent | End):
        event = read_event(event)
    if isinstance(event, Deal | Act | Give):
        eventlog.apply_event(game, event, draws)


def replay(rules: Rules, events: Iterable[Mapping[str, Any]]) -> Replay:
    """The replay of a table's stored ``events`` under ``rules``."""
    return eventlog.replay(Game(rules), events, read_event)
