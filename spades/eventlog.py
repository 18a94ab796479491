"""A game's event log: its typed events, how each is stored, and the one replay.

The terminal's saved games and the server's tables keep a game the same way: a list of
events, each stored as a JSON object with its ``kind`` (docs/record.md §4):

- :class:`Deal` ``{"kind": "deal", "seed": "…"}``: a hand dealt from a seed
  (:func:`~spades.chance.deck_from_seed`; the server's deals, docs/fair-deals.md);
- :class:`Act` ``{"kind": "action", "seat": 0, "action": "bid 4", "code": 56}``: one
  action, kept as its integer (``code``, :class:`~spades.Action`) with its text for
  reading; one step of an exchange is an action too (``give 2C``, and ``give`` to end);
- :class:`Give` ``{"kind": "give", "seat": 0, "cards": ["2C", "QH", "KD"]}``: a whole
  blind nil exchange.

A move may say who took it for the seat's person (``by``: ``"clock"``, ``"computer"``,
``"auto"``) and an event when it was stored (``at``). Logs and saves stored before the
code had an action's text alone: :func:`read_event` reads them too (:func:`read_text`).
A front end may keep events of its own kinds in the same log (the server's seats and
ends, :mod:`spades.server.events`): the replay keeps them and leaves the game alone.

:func:`apply_event` takes a deal or a move to a game; :class:`Replay` is a game and the
log that built it, and :func:`replay` rebuilds one from a stored log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .actions import Action, parse_give
from .cards import Card, card_text, parse_card
from .chance import Chance, deck_from_seed
from .errors import SpadesError, quoted
from .game import Game, Phase


@dataclass(frozen=True)
class Deal:
    """A hand dealt from ``seed`` (its deck: :func:`~spades.chance.deck_from_seed`)."""

    seed: str
    at: float | None = None

    def to_json(self) -> dict[str, Any]:
        return stored({"kind": "deal", "seed": self.seed}, self.at)


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
        return stored(event if self.by is None else {**event, "by": self.by}, self.at)


@dataclass(frozen=True)
class Give:
    """``seat`` gives ``cards`` as its whole blind nil exchange (none: nothing)."""

    seat: int
    cards: tuple[Card, ...]
    by: str | None = None
    at: float | None = None

    def to_json(self) -> dict[str, Any]:
        event = {"kind": "give", "seat": self.seat, "cards": [card_text(c) for c in self.cards]}
        return stored(event if self.by is None else {**event, "by": self.by}, self.at)


Move = Act | Give
GameEvent = Deal | Act | Give


def stored(event: dict[str, Any], at: float | None) -> dict[str, Any]:
    """A stored event with when it was stored (``at``), if known."""
    return event if at is None else {**event, "at": at}


class EventError(SpadesError):
    """A stored event that does not read as one."""


def move(seat: int, decision: Action | tuple[Card, ...], by: str | None = None,
         at: float | None = None) -> Move:
    """The event of ``seat``'s decision: an action, or the cards of a whole give."""
    if isinstance(decision, tuple):
        return Give(seat, decision, by, at)
    return Act(seat, decision, by, at)


def not_an_event(data: object, error: Exception) -> EventError:
    """The error of ``data`` read as an event, which went wrong with ``error``."""
    return EventError(f"not an event: {quoted(data)} ({error!r})")


def read_event(data: Mapping[str, Any]) -> GameEvent:
    """The typed event of a stored one, old or new; raises :class:`EventError`."""
    try:
        return _read(data)
    except (KeyError, TypeError, SpadesError) as error:
        raise not_an_event(data, error) from None


def _read(data: Mapping[str, Any]) -> GameEvent:
    kind, at = data["kind"], data.get("at")
    if kind == "deal":
        return Deal(data["seed"], at)
    seat, by = data["seat"], data.get("by")
    if kind == "give":
        return Give(seat, tuple(parse_card(text) for text in data["cards"]), by, at)
    if kind != "action":
        raise EventError(f"no event has kind {quoted(kind)}")
    if "code" in data:
        return Act(seat, Action.from_code(data["code"]), by, at)
    return read_text(seat, data["action"], by=by, at=at)


def read_text(seat: int, text: str, whole_gives: bool = True, by: str | None = None,
              at: float | None = None) -> Move:
    """An action kept as its text alone (logs and saves from before the code). A give's
    text of two cards or more is a whole give; of one card or none (``give 2C``,
    ``give``) it is a whole give too where gives were kept whole (``whole_gives``: the
    server's logs, the terminal's first saves), else one step."""
    cards = parse_give(text)
    if cards is not None and (whole_gives or len(cards) > 1):
        return Give(seat, cards, by, at)
    return Act(seat, Action.parse(text), by, at)


def apply_event(game: Game, event: GameEvent, draws: Chance) -> None:
    """Apply a deal (from its seed) or a move to ``game``. A two-player exchange that
    waits for its draw then draws from ``draws``, a generator seeded by the hand's deck
    (one ``Chance(None)`` for the whole game), so that the deal's seed fixes the hand
    (docs/fair-deals.md); a game with chance of its own draws itself."""
    if isinstance(event, Deal):
        game.deal(deck_from_seed(event.seed))
        return
    if isinstance(event, Give):
        game.give(event.cards, event.seat)
    else:
        game.apply(event.action, event.seat)
    step = game.chance_step
    if game.phase is Phase.DRAW and step is not None:
        game.draw(draws.draw(step.cards, step.count, game.hands[-1].deck))


class Replay:
    """A game and its log as stored (``events``): each hand's seed, and the number of
    deals and moves (``moves``: a turn is a seat and this)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.events: list[dict[str, Any]] = []
        self.seeds: list[str] = []
        self.moves = 0
        self._draws = Chance(None)  # the exchanges' draws, seeded by each hand's deck

    def apply(self, event: object, kept: dict[str, Any] | None = None) -> None:
        """Apply ``event`` and keep it in the log as ``kept`` (default: as it is stored
        now); an event of another kind than a game's is kept and changes nothing."""
        if isinstance(event, Deal | Act | Give):
            apply_event(self.game, event, self._draws)
            self.moves += 1
            if isinstance(event, Deal):
                self.seeds.append(event.seed)
            kept = event.to_json() if kept is None else kept
        if kept is None:
            raise SpadesError(f"{quoted(event)} is kept only as stored")
        self.events.append(kept)

    def undo(self, count: int) -> None:
        """Take back the last ``count`` events, actions each one step of an ``undoable``
        game (:meth:`Game.undo`)."""
        last = self.events[len(self.events) - count:]
        if len(last) != count or any(kept["kind"] != "action" for kept in last):
            raise SpadesError(f"cannot undo {quoted(count)} events: only actions are undone")
        self.game.undo(count)
        del self.events[len(self.events) - count:]
        self.moves -= count


def replay(game: Game, events: Iterable[Mapping[str, Any]],
           read: Callable[[Mapping[str, Any]], object] = read_event) -> Replay:
    """``game`` (new) with the stored ``events`` applied, each read by ``read``."""
    replayed = Replay(game)
    for kept in events:
        replayed.apply(read(kept), dict(kept))
    return replayed
