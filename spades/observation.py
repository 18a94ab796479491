"""What one seat may know (docs/rules.md §5), as a value with a JSON form."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from .actions import Action
from .cards import Card, card_text
from .rules import Rules
from .scoring import HandResult


class Phase(StrEnum):
    """The phases of a hand, and the two states between and after hands; each is also
    its text."""

    BLIND_NIL = "blind nil"
    DRAFT = "draft"
    EXCHANGE = "exchange"
    BIDDING = "bidding"
    PLAY = "play"
    DEAL = "deal"
    DRAW = "draw"
    OVER = "game over"


@dataclass(frozen=True)
class TrickView:
    """A trick: who led, the cards in the order played, and who won (None while open)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The record's trick object."""
        return {"leader": self.leader, "cards": [card_text(c) for c in self.cards],
                "winner": self.winner}


@dataclass(frozen=True)
class Observation:
    """Everything ``seat`` may know now, and nothing else; ``seat`` None is a spectator,
    who sees no cards of any hand (:meth:`spades.Game.spectator_observation`).

    ``hand`` is empty until the seat has seen its cards; ``offered`` is the draft card
    it looks at; ``discards``, ``gave`` and ``received`` are its own; ``giving`` is
    the cards it has chosen so far in the exchange under way (still in ``hand``; nobody
    else sees which or how many); ``exchanged`` says how many cards each seat exchanged
    (None: no exchange). ``bids`` has None
    for a seat that has not bid, 0 for nil and blind nil (see ``blind_nil``).
    """

    seat: int | None
    rules: Rules
    phase: Phase
    to_move: int | None
    hand_number: int
    dealer: int | None
    first_drawer: int | None
    scores: tuple[int, ...]
    bag_totals: tuple[int, ...]
    hand: tuple[Card, ...]
    offered: Card | None
    discards: tuple[Card, ...]
    stock_left: int
    blind_nil: tuple[int, ...]
    gave: tuple[Card, ...]
    received: tuple[Card, ...]
    giving: tuple[Card, ...]
    exchanged: tuple[int | None, ...]
    bids: tuple[int | None, ...]
    tricks: tuple[TrickView, ...]
    trick: TrickView | None
    tricks_won: tuple[int, ...]
    spades_broken: bool
    legal: tuple[Action, ...]
    results: tuple[HandResult, ...]
    winner: int | None

    @property
    def tricks_so_far(self) -> tuple[TrickView, ...]:
        """This hand's tricks in the order played, the one in progress (if any) last."""
        return (*self.tricks, self.trick) if self.trick is not None else self.tricks

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: cards and actions as text (docs/record.md). Besides the fields,
        ``partner`` (the seat's partner, None with two players or for a spectator),
        ``sides`` (each seat's side, :meth:`Rules.side_of`) and, in ``rules``,
        ``give_sizes`` (how many cards an exchange may give), so that a client need not
        work out those rules for itself."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "rules":
                value = {"variant": value.variant, **value.to_dict(),
                         "give_sizes": list(value.give_sizes)}
            elif f.name in ("hand", "discards", "gave", "received", "giving"):
                value = [card_text(c) for c in value]
            elif f.name == "offered":
                value = None if value is None else card_text(value)
            elif f.name == "tricks":
                value = [t.to_json() for t in value]
            elif f.name == "trick":
                value = None if value is None else value.to_json()
            elif f.name == "legal":
                value = [str(a) for a in value]
            elif f.name == "results":
                value = [r.to_json() for r in value]
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        out["partner"] = None if self.seat is None else self.rules.partner_of(self.seat)
        out["sides"] = [self.rules.side_of(seat) for seat in range(self.rules.players)]
        return out
