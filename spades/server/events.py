"""A table's event log: its typed events, how each is stored, and the replay.

A table's log is a list of events, each stored as a JSON object with its ``kind``:

- :class:`Deal` ``{"kind": "deal", "seed": "…"}``: a hand dealt from a secret seed
  (:mod:`.fair`);
- :class:`Act` ``{"kind": "action", "seat": 0, "action": "bid 4", "code": 56}``: one
  action, kept as its integer (``code``, :class:`~spades.Action`) with its text for
  reading; logs stored before the code had the text alone, and a give's text (``give
  2C``) in them is a whole give;
- :class:`Give` ``{"kind": "give", "seat": 0, "cards": ["2C", "QH", "KD"]}``: a whole
  blind nil exchange;
- :class:`SeatEvent` ``{"kind": "seat", "seat": 0, "away": true, "left": true}``: a seat
  left to the computer, or taken back;
- :class:`End` ``{"kind": "end", "reason": "idle"}``: the table ended before its game.

A person's action or give also says who took it for her (``by``: ``"clock"``,
``"computer"``, ``"auto"``), and every event when it was stored (``at``; none in older
logs). :func:`apply_event` takes a deal or a move to the game, :class:`Replay` rebuilds
a table's game from its log.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..actions import Action, parse_give
from ..cards import Card, card_text, parse_card
from ..chance import Chance
from ..errors import SpadesError, quoted
from ..game import Game, Phase
from ..rules import Rules
from .fair import deck_from_seed


@dataclass(frozen=True)
class Deal:
    """A hand dealt from ``seed`` (its deck: :func:`~.fair.deck_from_seed`)."""

    seed: str
    at: float | None = None

    def to_json(self) -> dict[str, Any]:
        return _stored({"kind": "deal", "seed": self.seed}, self.at)


@dataclass(frozen=True)
class Act:
    """``seat`` takes ``action``; ``by`` says who took it for her person, if not she."""

    seat: int
    action: Action
    by: str | None = None
    at: float | None = None

    def to_json(self) -> dict[str, Any]:
        event = {"kind": "action", "seat": self.seat, "action": str(self.action),
                 "code": int(self.action)}
        return _stored(event if self.by is None else {**event, "by": self.by}, self.at)


@dataclass(frozen=True)
class Give:
    """``seat`` gives ``cards`` as its whole blind nil exchange (none: nothing)."""

    seat: int
    cards: tuple[Card, ...]
    by: str | None = None
    at: float | None = None

    def to_json(self) -> dict[str, Any]:
        event = {"kind": "give", "seat": self.seat, "cards": [card_text(c) for c in self.cards]}
        return _stored(event if self.by is None else {**event, "by": self.by}, self.at)


@dataclass(frozen=True)
class SeatEvent:
    """Seat ``seat`` is left to the computer (``away``; ``left``: by her person) or hers
    again."""

    seat: int
    away: bool
    left: bool
    at: float | None = None

    def to_json(self) -> dict[str, Any]:
        return _stored({"kind": "seat", "seat": self.seat, "away": self.away,
                        "left": self.left}, self.at)


@dataclass(frozen=True)
class End:
    """The table ended before its game did, for ``reason`` (``"idle"``, ``"unwatched"``)."""

    reason: str
    at: float | None = None

    def to_json(self) -> dict[str, Any]:
        return _stored({"kind": "end", "reason": self.reason}, self.at)


Move = Act | Give
Event = Deal | Act | Give | SeatEvent | End


def _stored(event: dict[str, Any], at: float | None) -> dict[str, Any]:
    return event if at is None else {**event, "at": at}


class EventError(SpadesError):
    """A stored event that does not read as one."""


def move(seat: int, decision: Action | tuple[Card, ...], by: str | None = None,
         at: float | None = None) -> Move:
    """The event of ``seat``'s decision: an action, or the cards of a whole give."""
    if isinstance(decision, tuple):
        return Give(seat, decision, by, at)
    return Act(seat, decision, by, at)


def read_event(data: Mapping[str, Any]) -> Event:
    """The typed event of a stored one, old or new; raises :class:`EventError`."""
    try:
        return _read(data)
    except (KeyError, TypeError, SpadesError) as error:
        raise EventError(f"not an event: {quoted(data)} ({error!r})") from None


def _read(data: Mapping[str, Any]) -> Event:
    kind, at = data["kind"], data.get("at")
    if kind == "deal":
        return Deal(data["seed"], at)
    if kind == "seat":
        return SeatEvent(data["seat"], data["away"], data["left"], at)
    if kind == "end":
        return End(data["reason"], at)
    seat, by = data["seat"], data.get("by")
    if kind == "give":
        return Give(seat, tuple(parse_card(text) for text in data["cards"]), by, at)
    if kind != "action":
        raise EventError(f"no event has kind {quoted(kind)}")
    if "code" in data:
        return Act(seat, Action.from_code(data["code"]), by, at)
    # older logs kept the text alone, and a give whole as a give's text
    cards = parse_give(data["action"])
    if cards is not None:
        return Give(seat, cards, by, at)
    return Act(seat, Action.parse(data["action"]), by, at)


def apply_event(game: Game, event: Event | Mapping[str, Any], draws: Chance) -> None:
    """Apply a deal (from its seed) or a move (a stored one is read first) to ``game``;
    seat and end events do not change the game. A two-player exchange then draws from
    ``draws``, a generator seeded by the hand's deck (one ``Chance(None)`` for the whole
    game), so that the deal's seed fixes the hand (docs/fair-deals.md)."""
    if not isinstance(event, Deal | Act | Give | SeatEvent | End):
        event = read_event(event)
    if isinstance(event, Deal):
        game.deal(deck_from_seed(event.seed))
        return
    if isinstance(event, Give):
        game.give(event.cards, event.seat)
    elif isinstance(event, Act):
        game.apply(event.action, event.seat)
    else:
        return
    step = game.chance_step
    if game.phase is Phase.DRAW and step is not None:
        game.draw(draws.draw(step.cards, step.count, game.hands[-1].deck))


class Replay:
    """A table's log as stored (``events``) and what it rebuilds: the game, each hand's
    seed, and the number of deals and moves (``moves``: a turn is a seat and this)."""

    def __init__(self, rules: Rules) -> None:
        self.game = Game(rules)
        self.events: list[dict[str, Any]] = []
        self.seeds: list[str] = []
        self.moves = 0
        self._draws = Chance(None)  # the exchanges' draws, seeded by each hand's deck

    def apply(self, event: Event, stored: dict[str, Any]) -> None:
        """Apply ``event``, kept in the log as ``stored``."""
        if isinstance(event, Deal | Act | Give):
            apply_event(self.game, event, self._draws)
            self.moves += 1
            if isinstance(event, Deal):
                self.seeds.append(event.seed)
        self.events.append(stored)


def replay(rules: Rules, events: Iterable[Mapping[str, Any]]) -> Replay:
    """The replay of stored ``events`` under ``rules``."""
    replayed = Replay(rules)
    for stored in events:
        replayed.apply(read_event(stored), dict(stored))
    return replayed
