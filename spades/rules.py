"""The rules of a game as one frozen value, and the three variants of docs/rules.md."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .errors import SpadesError, quoted

MAX_POINTS = 1_000_000

_KINDS = {"str": "text", "int": "an integer", "bool": "true or false",
          "int | None": "an integer or none"}


def _fits(value: object, kind: str) -> bool:
    """Whether ``value`` is of the annotated ``kind`` (a key of ``_KINDS``)."""
    if value is None:
        return kind == "int | None"
    if kind == "str":
        return isinstance(value, str)
    if kind == "bool":
        return isinstance(value, bool)
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Rules:
    """Every option of a game. Build one with :func:`rules_for`.

    ``blind_nil_deficit``: when above 0, a side may declare blind nil only while it
    trails the other side by at least that many points. ``bag_limit`` 0 turns the
    sandbag penalty off. ``first_drawer_bids_first`` is the two-player-300 order
    (the first drawer bids and leads; otherwise the second drawer does).
    ``exchange_cards`` is how many cards a blind nil exchange moves: exactly that many
    with the partner in ``partnership``, up to that many against the discards with two.
    Every field must have its annotated type (an int is not a bool, nor a bool an int);
    points, the target and thresholds lie within ``±MAX_POINTS``.
    """

    variant: str
    players: int
    target: int = 500
    lose_threshold: int | None = None
    nil: bool = True
    nil_points: int = 100
    blind_nil: bool = True
    blind_nil_points: int = 200
    blind_nil_deficit: int = 0
    bag_limit: int = 10
    bag_penalty: int = 100
    lead_spades_anytime: bool = False
    exchange_cards: int = 3
    first_drawer_bids_first: bool = False

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value, kind = getattr(self, f.name), str(f.type)  # annotations are text here
            if not _fits(value, kind):
                raise SpadesError(f"invalid rules: {f.name} must be {_KINDS[kind]}, "
                                  f"not {quoted(value)}")
        limits = (
            ("players", self.players in (2, 4), "2 or 4"),
            ("target", 0 < self.target <= MAX_POINTS, f"above 0 (at most {MAX_POINTS})"),
            ("lose_threshold", self.lose_threshold is None
             or -MAX_POINTS <= self.lose_threshold < self.target,
             f"below the target (at least {-MAX_POINTS})"),
            *((name, 0 <= getattr(self, name) <= MAX_POINTS, f"from 0 to {MAX_POINTS}")
              for name in ("nil_points", "blind_nil_points", "blind_nil_deficit", "bag_limit",
                           "bag_penalty")),
            ("exchange_cards", 0 <= self.exchange_cards <= 3, "0..3"),
        )
        for name, ok, requirement in limits:
            if not ok:
                raise SpadesError(f"invalid rules: {name} must be {requirement}, "
                                  f"not {quoted(getattr(self, name))}")

    @property
    def sides(self) -> int:
        """Two sides in every variant."""
        return 2

    def side_of(self, seat: int) -> int:
        """The side of ``seat``: the seat itself with two players, seat % 2 with four."""
        return seat % 2

    def seats_of(self, side: int) -> list[int]:
        """The seats of ``side``."""
        return [seat for seat in range(self.players) if self.side_of(seat) == side]

    def partner_of(self, seat: int) -> int | None:
        """The partner of ``seat``: the seat opposite with four players, None with two."""
        return (seat + 2) % 4 if self.players == 4 else None

    @property
    def bids(self) -> range:
        """The numbers a seat may bid: nil (0) unless the rules forbid it, up to 13."""
        return range(0 if self.nil else 1, 14)

    @property
    def give_sizes(self) -> range:
        """How many cards a blind nil exchange may give: up to ``exchange_cards`` with two
        players, exactly that many with four."""
        most = self.exchange_cards
        return range(most + 1) if self.players == 2 else range(most, most + 1)

    def bidding_order(self, dealer: int | None, first_drawer: int | None) -> list[int]:
        """The seats in the order they bid (the first leads: :meth:`opening_leader`). With
        four players from the ``dealer``'s left; with two, the ``first_drawer`` first
        under ``first_drawer_bids_first``, else the other player."""
        if self.players == 2:
            if first_drawer is None:
                raise ValueError("a two-player hand's bidding order needs its first drawer")
            other = 1 - first_drawer
            return [first_drawer, other] if self.first_drawer_bids_first else [other, first_drawer]
        if dealer is None:
            raise ValueError("a four-player hand's bidding order needs its dealer")
        return [(dealer + 1 + i) % 4 for i in range(4)]

    def opening_leader(self, dealer: int | None, first_drawer: int | None) -> int:
        """The seat that leads a hand's first trick: the first to bid."""
        return self.bidding_order(dealer, first_drawer)[0]

    def to_dict(self) -> dict[str, Any]:
        """The options by name, as the record's ``rules`` (the variant stands apart)."""
        fields = dataclasses.asdict(self)
        del fields["variant"], fields["players"]
        return fields


PRESETS: dict[str, Rules] = {
    "two-player": Rules("two-player", players=2),
    "two-player-300": Rules(
        "two-player-300", players=2, target=300, blind_nil=False, first_drawer_bids_first=True
    ),
    "partnership": Rules("partnership", players=4),
}

_OPTIONS = tuple(f.name for f in dataclasses.fields(Rules) if f.name not in ("variant", "players"))
# Options that make the variant what it is: a record or a caller may state them, but only
# at the variant's own value (two-player-300 is the two-player game with this order).
_VARIANT_OWN = ("first_drawer_bids_first",)


def rules_for(variant: str, /, **overrides: Any) -> Rules:
    """The preset ``variant`` with options changed: ``rules_for("partnership", target=300)``."""
    preset = PRESETS.get(variant) if isinstance(variant, str) else None
    if preset is None:
        raise SpadesError(f"unknown variant {quoted(variant)}; valid: {', '.join(PRESETS)}")
    for name, value in overrides.items():
        if name not in _OPTIONS:
            raise SpadesError(f"unknown rule option {quoted(name)}; valid: {', '.join(_OPTIONS)}")
        if name in _VARIANT_OWN and value != getattr(preset, name):
            raise SpadesError(f"rule option {name} is {getattr(preset, name)} in {variant!r}, "
                              f"not {quoted(value)}")
    return dataclasses.replace(preset, **overrides)

