"""Scoring as pure functions: one side's hand, the sandbag penalty, the end of the game,
:func:`score_hand`, which puts them together for a whole hand, and :func:`breakdown`,
which says in words what each side's hand was worth."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .rules import Rules


@dataclass(frozen=True)
class Contract:
    """One player's bid: ``tricks`` (0 is nil) and whether it was a blind nil."""

    tricks: int
    blind: bool = False


def contracts(bids: Sequence[int | None], blind_nil: Collection[int]) -> list[Contract]:
    """Each seat's contract from its bid (None, not yet made, counts as 0) and the
    seats that bid blind nil."""
    return [_contract(bid or 0, seat in blind_nil) for seat, bid in enumerate(bids)]


def _contract(tricks: int, blind: bool) -> Contract:
    """``Contract(tricks, blind)``, one made once for each bid (they are immutable)."""
    if 0 <= tricks < len(_CONTRACTS):
        return _CONTRACTS[tricks][blind]
    return Contract(tricks, blind)


_CONTRACTS = tuple((Contract(tricks), Contract(tricks, True)) for tricks in range(14))


@dataclass(frozen=True)
class Made:
    """Which of one side's contracts were made: ``contract``, the tricks its non-nil bids
    add up to (0: none), and ``toward`` it; ``nils_made``, for each nil or blind nil
    contract in the order given, whether it was made (no trick won)."""

    contract: int
    toward: int
    nils_made: tuple[bool, ...]

    @property
    def contract_set(self) -> bool:
        """Whether the side's contract failed."""
        return self.toward < self.contract


def made(contracts: Sequence[Contract], won: Sequence[int]) -> Made:
    """Which of one side's ``contracts`` the tricks each player ``won`` made: the non-nil
    bids as one contract, each nil on its own."""
    contract = toward = 0
    nils_made = []
    for c, w in zip(contracts, won, strict=True):
        if c.tricks:
            contract += c.tricks
            toward += w
        else:
            nils_made.append(w == 0)
    return Made(contract, toward, tuple(nils_made))


@dataclass(frozen=True)
class SideScore:
    """What one side's hand is worth: ``points`` with bags at one point each, and ``bags``."""

    points: int
    bags: int


def score_side(contracts: Sequence[Contract], won: Sequence[int], rules: Rules) -> SideScore:
    """Score one side's hand: each player's contract with the tricks that player won.

    The non-nil bids make one contract, made (+10 a trick bid, +1 a bag) or set
    (-10 a trick bid); each nil and blind nil scores on its own, and the tricks a
    failed nil wins are bags for the side.
    """
    outcome = made(contracts, won)
    contract = outcome.contract
    points = bags = 0
    if contract:
        if outcome.contract_set:
            points = -10 * contract
        else:
            bags = outcome.toward - contract
            points = 10 * contract + bags
    nils_made = iter(outcome.nils_made)
    for c, w in zip(contracts, won, strict=True):
        if c.tricks == 0:
            value = rules.blind_nil_points if c.blind else rules.nil_points
            points += value if next(nils_made) else w - value
            bags += w
    return SideScore(points, bags)


def sandbag_penalty(bag_total: int, new_bags: int, rules: Rules) -> tuple[int, int]:
    """The penalty (a positive number) that ``new_bags`` cause, and the bag total after it."""
    total = bag_total + new_bags
    if rules.bag_limit <= 0:
        return 0, total
    times = total // rules.bag_limit
    return times * rules.bag_penalty, total - times * rules.bag_limit


def winner(scores: Sequence[int], rules: Rules) -> int | None:
    """The side that has won after a hand, or None when another hand is played.

    The game ends once a side reaches the target or falls to the losing threshold;
    the higher score wins, and a tie at the top plays another hand.
    """
    best = max(scores)
    over = best >= rules.target
    under = rules.lose_threshold is not None and min(scores) <= rules.lose_threshold
    if not (over or under):
        return None
    return scores.index(best) if scores.count(best) == 1 else None


def score_hand(contracts: Sequence[Contract], won: Sequence[int], scores: Sequence[int],
               bag_totals: Sequence[int], rules: Rules) -> tuple[HandResult, int | None]:
    """A whole hand scored: each seat's contract and tricks ``won``, with the match's
    ``scores`` and ``bag_totals`` by side before it, give the hand's result (docs/record.md's
    ``result``: the scores and bag totals after it) and the side that has won the match
    (None: another hand is played)."""
    points, bags, penalties, after, totals = [], [], [], [], []
    for side in range(rules.sides):
        seats = rules.seats_of(side)
        result = score_side([contracts[s] for s in seats], [won[s] for s in seats], rules)
        penalty, total = sandbag_penalty(bag_totals[side], result.bags, rules)
        points.append(result.points)
        bags.append(result.bags)
        penalties.append(penalty)
        after.append(scores[side] + result.points - penalty)
        totals.append(total)
    hand = HandResult(tuple(won), tuple(points), tuple(bags), tuple(penalties), tuple(after),
                      tuple(totals))
    return hand, winner(after, rules)


@dataclass(frozen=True)
class HandResult:
    """A scored hand, as docs/record.md's ``result``: ``tricks`` by seat, the rest by side."""

    tricks: tuple[int, ...]
    points: tuple[int, ...]
    bags: tuple[int, ...]
    penalties: tuple[int, ...]
    scores: tuple[int, ...]
    bag_totals: tuple[int, ...]

    def to_json(self) -> dict[str, list[int]]:
        """The record's ``result`` object."""
        return {name: list(getattr(self, name)) for name in self.__dataclass_fields__}

    @classmethod
    def from_json(cls, data: dict[str, list[int]]) -> HandResult:
        """Read a record's ``result`` object."""
        return cls(**{name: tuple(data[name]) for name in cls.__dataclass_fields__})


@dataclass(frozen=True)
class Item:
    """One line of a side's hand in words: ``label`` and the ``points`` it is worth
    (None: a fact worth no points of its own, such as the bags so far)."""

    label: str
    points: int | None = None

    def to_json(self) -> dict[str, str | int | None]:
        """``{"label": ..., "points": ...}``."""
        return {"label": self.label, "points": self.points}


def breakdown(contracts: Sequence[Contract], result: HandResult, rules: Rules,
              names: Sequence[str]) -> tuple[tuple[Item, ...], ...]:
    """Each side's scored hand in words, from each seat's contract and the hand's
    ``result``: the side's contract (made or set), each nil and blind nil, the bags (a
    point each; this hand's and the total toward the limit) and the bag penalty.
    Each part is :func:`score_side` of the contracts it is about, so that the parts' points
    add up to the side's points less its penalty; ``names`` are the seats' names."""
    sides = []
    for side in range(rules.sides):
        seats = rules.seats_of(side)
        items = []
        bidders = [s for s in seats if contracts[s].tricks]
        if bidders:
            bids, won = [contracts[s] for s in bidders], [result.tricks[s] for s in bidders]
            outcome, part = made(bids, won), score_side(bids, won, rules)
            items.append(Item(f"Bid {outcome.contract}, took {outcome.toward}: "
                              f"{'set' if outcome.contract_set else 'made'}",
                              part.points - part.bags))
        for seat in seats:
            if not contracts[seat].tricks:
                part = score_side([contracts[seat]], [result.tricks[seat]], rules)
                kind = "Blind nil" if contracts[seat].blind else "Nil"
                how = "made" if not result.tricks[seat] else \
                    f"failed, took {result.tricks[seat]}"
                items.append(Item(f"{kind} by {names[seat]}: {how}", part.points - part.bags))
        bags = result.bags[side]
        words = "No bags" if not bags else "1 bag" if bags == 1 else f"{bags} bags"
        total = result.bag_totals[side]
        items.append(Item(f"{words} this hand · bags {total}/{rules.bag_limit}"
                          if rules.bag_limit > 0 else f"{words} this hand", bags or None))
        if result.penalties[side]:
            items.append(Item(f"Bag penalty (every {rules.bag_limit} bags)",
                              -result.penalties[side]))
        sides.append(tuple(items))
    return tuple(sides)
