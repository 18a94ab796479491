"""The rules of a game as one frozen value, and the three variants of RULES.md."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .errors import SpadesError


@dataclass(frozen=True)
class Rules:
    """Every option of a game. Build one with :func:`rules_for`.

    ``blind_nil_deficit``: when above 0, a side may declare blind nil only while it
    trails the other side by at least that many points. ``bag_limit`` 0 turns the
    sandbag penalty off. ``first_drawer_bids_first`` is the two-player-300 order
    (the first drawer bids and leads; otherwise the second drawer does).
    ``exchange_cards`` is how many cards a blind nil exchange moves: exactly that many
    with the partner in ``partnership``, up to that many against the discards with two.
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
        checks = (
            (self.players in (2, 4), "players must be 2 or 4"),
            (self.target > 0, "target must be above 0"),
            (self.lose_threshold is None or self.lose_threshold < self.target,
             "lose_threshold must be below the target"),
            (self.bag_limit >= 0 and self.bag_penalty >= 0,
             "bag_limit and bag_penalty must not be negative"),
            (0 <= self.exchange_cards <= 3, "exchange_cards must be 0..3"),
        )
        for ok, message in checks:
            if not ok:
                raise SpadesError(f"invalid rules: {message}")

    @property
    def sides(self) -> int:
        """Two sides in every variant."""
        return 2

    def side_of(self, seat: int) -> int:
        """The side of ``seat``: the seat itself with two players, seat % 2 with four."""
        return seat % 2

    def partner_of(self, seat: int) -> int | None:
        """The partner of ``seat``: the seat opposite with four players, None with two."""
        return (seat + 2) % 4 if self.players == 4 else None

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

_OPTIONS = {
    f.name: f.type for f in dataclasses.fields(Rules) if f.name not in ("variant", "players")
}


def rules_for(variant: str, **overrides: Any) -> Rules:
    """The preset ``variant`` with options changed: ``rules_for("partnership", target=300)``."""
    preset = PRESETS.get(variant)
    if preset is None:
        raise SpadesError(f"unknown variant {variant!r}; valid: {', '.join(PRESETS)}")
    for name, value in overrides.items():
        kind = _OPTIONS.get(name)
        if kind is None:
            raise SpadesError(f"unknown rule option {name!r}; valid: {', '.join(_OPTIONS)}")
        if not _fits(value, kind):
            raise SpadesError(f"rule option {name} must be {kind}, not {value!r}")
    return dataclasses.replace(preset, **overrides)


def _fits(value: object, kind: str) -> bool:
    """Whether ``value`` is of the annotated ``kind`` ('int', 'bool' or 'int | None')."""
    if value is None:
        return kind == "int | None"
    if kind == "bool":
        return isinstance(value, bool)
    return isinstance(value, int) and not isinstance(value, bool)
