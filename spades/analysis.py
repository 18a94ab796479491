"""``spades analyze``: what each card played was worth with every card known.

For every card of a record, the double-dummy value of the position after it (the
points of the player's side less the other side's at the end of the hand, best
play by everyone afterwards) against the best card at that moment. With four
hands the solver is only fast enough near the end of a hand: earlier tricks are
left out (``max_tricks_left``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .bots.solver import Deal, score_values
from .cards import Card, card_text
from .errors import SpadesError, quoted
from .game import Game
from .record import replay
from .scoring import contracts


@dataclass(frozen=True)
class PlayValue:
    """One card played: its value and the best card's, for the player's side."""

    hand: int
    trick: int
    seat: int
    card: Card
    value: float
    best_card: Card
    best_value: float

    @property
    def cost(self) -> float:
        """The points the play gave away (0 for a best card)."""
        return self.best_value - self.value

    def to_json(self) -> dict[str, Any]:
        """The play as ``spades analyze --json`` prints it."""
        return {"hand": self.hand, "trick": self.trick, "seat": self.seat,
                "card": card_text(self.card), "value": self.value,
                "best_card": card_text(self.best_card), "best_value": self.best_value,
                "cost": self.cost}


def analyze(document: dict[str, Any] | str | bytes, hand: int | None = None,
            max_tricks_left: int | None = None) -> list[PlayValue]:
    """The value of every card played (in hand ``hand`` only, if given).

    ``max_tricks_left``: positions with more tricks left are skipped (default: every
    position with two players, the last 6 tricks with four). A bad record raises
    RecordError; a ``hand`` the record lacks or a bad ``max_tricks_left``, SpadesError.
    """
    if hand is not None and not (type(hand) is int and hand >= 1):
        raise SpadesError(f"no hand {quoted(hand)}: hands are numbered from 1")
    if max_tricks_left is not None and not (type(max_tricks_left) is int
                                            and 0 <= max_tricks_left <= 13):
        raise SpadesError(f"tricks left must be 0..13, not {quoted(max_tricks_left)}")
    plays: list[PlayValue] = []

    def before_play(game: Game, card: Card) -> None:
        if hand is not None and game.hand_number != hand:
            return
        deal = Deal.from_game(game)
        limit = max_tricks_left if max_tricks_left is not None else (
            13 if deal.players == 2 else 6)
        if deal.tricks_left > limit:
            return
        log = game.hands[-1]
        bids = dict(log.bids)
        hand_contracts = contracts([bids.get(s) for s in range(deal.players)], log.blind_nil)
        values = score_values(deal, hand_contracts, game.rules)
        best = max(values, key=lambda c: (values[c], -c))
        plays.append(PlayValue(game.hand_number, 14 - deal.tricks_left, deal.to_move, card,
                               values[card], best, values[best]))

    game = replay(document, before_play=before_play)
    if hand is not None and hand > game.hand_number:
        count = game.hand_number
        raise SpadesError(f"no hand {hand}: the record has {count} hand{'s' * (count != 1)}")
    return plays


def format_analysis(plays: list[PlayValue], names: list[str]) -> str:
    """The plays that cost points, hand by hand, as text."""
    if not plays:
        return "No position was analysed (with four hands, only the last tricks are)."
    lines = []
    hands = sorted({p.hand for p in plays})
    for number in hands:
        analysed = [p for p in plays if p.hand == number]
        costly = [p for p in analysed if p.cost > 0]
        first = min(p.trick for p in analysed)
        lines.append(f"Hand {number}: {len(analysed)} cards analysed from trick {first}, "
                     f"{len(costly)} cost points")
        for p in costly:
            lines.append(f"  trick {p.trick:>2}: {names[p.seat]} played {card_text(p.card)} "
                         f"({p.value:+.0f}); {card_text(p.best_card)} was worth "
                         f"{p.best_value:+.0f}: cost {p.cost:.0f}")
    return "\n".join(lines)
