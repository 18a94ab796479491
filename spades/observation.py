"""What one seat may know (docs/rules.md §5), as a value with a JSON form."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, NamedTuple

from .actions import Action
from .cards import FULL_DECK, RANKS_PER_SUIT, SPADES, SUIT_MASKS, Card, card_text
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


# for each number of players and leader, the seats in the order they play a trick
_ORDER = {n: tuple(tuple((leader + i) % n for i in range(n)) for leader in range(n))
          for n in (2, 4)}


class Trick(NamedTuple):
    """A trick, a frozen value: who led, the cards in the order played, who won (None while
    open), and the seats in the order they play it, the leader's first. Make one with
    :meth:`of`; :attr:`plays` pairs each card with its seat."""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None
    seats: tuple[int, ...]

    @classmethod
    def of(cls, leader: int, cards: Sequence[Card], players: int,
           winner: int | None = None) -> Trick:
        """The trick ``leader`` led at a table of ``players``, ``cards`` in the order
        played: the seats play in turn from the leader's."""
        return tuple.__new__(cls, (leader, tuple(cards), winner, _ORDER[players][leader]))

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """Each card with the seat that played it, in the order played."""
        return tuple(zip(self.seats, self.cards, strict=False))

    def played_by(self, card: Card) -> int | None:
        """The seat that played ``card`` in this trick, None if nobody did."""
        return self.seats[self.cards.index(card)] if card in self.cards else None

    def to_json(self, seats: bool = False) -> dict[str, Any]:
        """The record's trick object; with ``seats``, also the seat that played each card
        (as a client is sent it, so that it need not work that out)."""
        out = {"leader": self.leader, "cards": [card_text(c) for c in self.cards],
               "winner": self.winner}
        return {**out, "seats": [seat for seat, _ in self.plays]} if seats else out


@dataclass(frozen=True)
class Observation:
    """Everything ``seat`` may know now, and nothing else; ``seat`` None is a spectator,
    who sees no cards of any hand (:meth:`spades.Game.spectator_observation`).

    ``hand`` is empty until the seat has seen its cards; ``offered`` is the draft card
    it looks at; ``discards``, ``gave`` and ``received`` are its own; ``giving`` is
    the cards it has chosen so far in the exchange under way (still in ``hand``; nobody
    else sees which or how many); ``exchanged`` says how many cards each seat exchanged
    (None: no exchange). ``bids`` has None
    for a seat that has not bid, 0 for nil and blind nil (see ``blind_nil``). ``tricks``
    are this hand's tricks completed, ``trick`` the one under way; ``last_trick`` is the
    last trick completed, of this hand or, before its first, of the hand before (public to
    all: None before any).
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
    tricks: tuple[Trick, ...]
    trick: Trick | None
    tricks_won: tuple[int, ...]
    spades_broken: bool
    legal: tuple[Action, ...]
    results: tuple[HandResult, ...]
    winner: int | None
    last_trick: Trick | None = None

    @property
    def tricks_so_far(self) -> tuple[Trick, ...]:
        """This hand's tricks in the order played, the one in progress (if any) last."""
        return (*self.tricks, self.trick) if self.trick is not None else self.tricks

    def played_by(self) -> list[int]:
        """The mask of cards each seat has played this hand."""
        played = [0] * self.rules.players
        for trick in self.tricks_so_far:
            for seat, card in zip(trick.seats, trick.cards, strict=False):
                played[seat] |= 1 << card
        return played

    def voids(self) -> list[int]:
        """For each seat, the mask of suits (as card masks) it has shown it holds none of:
        a card off the suit led, or a spade led before spades were broken (the leader
        held nothing else)."""
        void = [0] * self.rules.players
        broken = self.rules.lead_spades_anytime
        for trick in self.tricks_so_far:
            if not trick.cards:
                continue
            led_suit = trick.cards[0] // RANKS_PER_SUIT
            if led_suit == SPADES and not broken:
                void[trick.leader] |= FULL_DECK & ~SUIT_MASKS[SPADES]
            for seat, card in zip(trick.seats, trick.cards, strict=False):
                suit = card // RANKS_PER_SUIT
                if suit != led_suit:
                    void[seat] |= SUIT_MASKS[led_suit]
                if suit == SPADES:
                    broken = True
        return void

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: cards and actions as text (docs/record.md). Besides the fields,
        ``partner`` (the seat's partner, None with two players or for a spectator),
        ``sides`` (each seat's side, :meth:`Rules.side_of`) and, in ``rules``,
        ``give_sizes`` (how many cards an exchange may give), so that a client need not
        work out those rules for itself. ``last_trick`` is left out (a server sends it
        apart, with its hand and number)."""
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
                value = [t.to_json(seats=True) for t in value]
            elif f.name == "last_trick":
                continue  # the server sends it apart, with its hand and number
            elif f.name == "trick":
                value = None if value is None else value.to_json(seats=True)
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
