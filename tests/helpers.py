"""Positions and views shared by several test files."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades import Game, Phase, Trick, parse_card, rules_for
from spades.cards import cards_in
from spades.chance import RecordedChance

if TYPE_CHECKING:
    from spades.bots.learned import LocationModel


def tricks_so_far(game: Game) -> list[Trick]:
    """The current hand's tricks: those completed, then the one under way (if play is on)."""
    under_way = game.current_trick
    return [*game.hands[-1].tricks, *([] if under_way is None else [under_way])]


def visible(game: Game, seat: int) -> set[int]:
    """The cards of the current hand that ``seat`` has seen, worked out from the log."""
    log = game.hands[-1]
    if game.phase is Phase.BLIND_NIL:
        return set()
    seen = set(cards_in(game._hands[seat]))
    seen |= {c for trick in tricks_so_far(game) for c in trick.cards}
    seen |= {c for who, _, kept, dropped in log.draft if who == seat for c in (kept, dropped)}
    for who, gave, received in log.exchanges:
        if who == seat:
            seen |= set(gave) | set(received or ())
    if game.phase is Phase.DRAFT and game.to_move == seat:
        seen.add(log.deck[game._stock_pos])
    return seen


def opponent_must_hold_drawn_cards() -> Game:
    """A two-player hand where seat 1's hand is forced to hold cards from the pile.

    Seat 0 keeps 13 side cards and discards the AS KS QS among its 13 discards; seat 1
    keeps ten spades 2S..JS and three side cards, bids blind nil, gives the side cards
    and draws QS KS AS from the pile; she leads the 2S: all spades, and only 9 of the
    spades seat 0 has not seen are left for the 12 cards she holds.
    """
    low_spades = [parse_card(f"{r}S") for r in "23456789TJ"]
    high_spades = [parse_card(c) for c in ("QS", "KS", "AS")]
    side = list(range(39))
    keep0, discard0 = side[:13], high_spades + side[13:23]
    keep1, discard1 = low_spades + side[23:26], side[26:39]
    deck = [c for r in range(13) for c in (keep0[r], discard0[r], keep1[r], discard1[r])]
    game = Game(rules_for("two-player"), chance=RecordedChance([deck], [high_spades]))
    for action in ["no blind nil", "blind nil", *["keep"] * 26]:
        game.apply(action)
    game.give(side[23:26])
    game.apply("bid 4")
    game.apply("play 2S")
    assert game.hand_of(1) == low_spades[1:] + high_spades
    return game


def tiny_model(players: int, seed: int = 0, hidden: int = 4) -> LocationModel:
    """A small learned card-location model with random weights."""
    import numpy as np

    from spades.bots.learned import LocationModel, feature_count

    rng = np.random.default_rng(seed)
    width = feature_count(players)
    return LocationModel(players, rng.normal(0, 1, (width, hidden)).astype(np.float32),
                         rng.normal(0, 1, hidden).astype(np.float32),
                         rng.normal(0, 2, hidden).astype(np.float32), 0.0)
