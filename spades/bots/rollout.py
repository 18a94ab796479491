"""Sampled four-hand deals played out by the medium player: the search's bids and early play.

A rollout starts from a sampled deal as it stood when the bidding began (a card mask
per seat), takes the bids already made and the cards already played, lets the medium
player bid for the seats still to bid and play every card after those, and gives the
tricks each seat won and the bids it ended with. The engine plays the hand, so no
rule is copied here: seats are turned so that the real dealer sits where the
engine's first hand puts its dealer, and the deck is laid out as the engine deals it
(both read from the engine once).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import replace
from functools import cache

from ..actions import Action
from ..cards import cards_in
from ..game import Game, Phase
from ..rules import Rules
from .rules_based import MediumBot


def bid_agrees(guess: int, made: int) -> bool:
    """Whether a bid ``made`` agrees with the bid ``guess`` the medium player would have
    made: within a trick, and nil exactly when nil."""
    return (guess == 0) == (made == 0) and abs(guess - made) <= 1


@cache
def _first_deal(rules: Rules) -> tuple[int, tuple[int, ...]]:
    """The engine's first hand with ``rules``: its dealer, and the deck positions (as a
    mask) each seat is dealt."""
    game = Game(rules, decks=[list(range(13 * rules.players))])
    dealer = game.hands[0].dealer
    assert dealer is not None
    return dealer, tuple(game.hand_masks())


class Rollout:
    """One sampled deal at the start of the bidding, played by medium bots.

    ``hands``: a card mask per seat; ``dealer``: the seat that dealt the hand.
    """

    def __init__(self, rules: Rules, hands: Sequence[int], dealer: int) -> None:
        self.rules = replace(rules, blind_nil=False)  # declarations are over when bids start
        n = rules.players
        engine_dealer, positions = _first_deal(self.rules)
        self.turn = (dealer - engine_dealer) % n  # engine seat + turn = real seat
        self.deck = [0] * 13 * n
        for seat in range(n):
            for place, card in zip(cards_in(positions[seat]), cards_in(hands[self._real(seat)]),
                                   strict=True):
                self.deck[place] = card

    def _real(self, seat: int) -> int:
        return (seat + self.turn) % self.rules.players

    def fits(self, bids: Sequence[int | None], seed: int, unchecked: Collection[int] = ()
             ) -> bool:
        """Whether the medium player, holding the sampled hands, would have bid (within a
        trick, and nil exactly when nil) what the seats that have bid did bid; the bids
        of the ``unchecked`` seats (of the real table) are taken as they were made."""
        game, bots = self._start(seed)
        while game.phase is Phase.BIDDING:
            seat = game.to_move
            assert seat is not None
            made = bids[self._real(seat)]
            if made is None:
                return True
            if self._real(seat) not in unchecked and not bid_agrees(
                    bots[seat].act(game.observation(seat)).tricks, made):
                return False
            game.apply(Action.bid(made))
        return True

    def play(self, bids: Sequence[int | None], seed: int, cards: Sequence[int] = ()
             ) -> tuple[list[int], list[int]]:
        """Bid from ``bids`` (None: the medium player's bid), play ``cards`` (the hand's
        cards in the order played), then let the medium player play the hand out.

        Returns the bids and the tricks won, by seat of the real table.
        """
        game, bots = self._start(seed)
        played = iter(cards)
        while game.hands[0].result is None:
            seat = game.to_move
            assert seat is not None
            if game.phase is Phase.BIDDING and bids[self._real(seat)] is not None:
                game.apply(Action.bid(bids[self._real(seat)]))
            elif game.phase is Phase.PLAY and (card := next(played, None)) is not None:
                game.apply(Action.play(card))
            else:
                game.apply(bots[seat].act(game.observation(seat)))
        n = self.rules.players
        final = dict(game.hands[0].bids)
        result = game.hands[0].result
        order = [(seat - self.turn) % n for seat in range(n)]
        return [final[s] for s in order], [result.tricks[s] for s in order]

    def _start(self, seed: int) -> tuple[Game, list[MediumBot]]:
        rng = random.Random(seed)
        bots = [MediumBot(random.Random(rng.getrandbits(32))) for _ in range(self.rules.players)]
        return Game(self.rules, decks=[self.deck]), bots

