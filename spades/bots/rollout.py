"""Sampled four-hand deals played out by the medium player: the search's blind nil
declarations, bids and early play.

A rollout starts from a sampled deal as it stood when the bidding began (a card mask
per seat), takes the bids already made and the cards already played, lets the medium
player bid for the seats still to bid and play every card after those, and gives the
bids each seat ended with, the blind nils and the tricks each seat won. A rollout can
also start from the deal itself, before the blind nil declarations: the seats before
the one deciding declare as they did, the deciding seat as it is told, and the medium
player declares for the seats after it, exchanges and bids. The engine plays the
hand, so no rule is copied here: the hand is loaded from a position (:mod:`spades.position`)
whose number gives it the real dealer, its deck laid out as the engine deals that hand
(read from the engine once). The hand is dealt once; each rollout plays a copy of it
(:meth:`Game.copy`).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import replace
from functools import cache
from typing import NamedTuple

from ..actions import BLIND_NIL, NO_BLIND_NIL, Action
from ..cards import cards_in
from ..game import Game, Phase
from ..position import Position
from ..rules import Rules
from .rules_based import MediumBot


def bid_agrees(guess: int, made: int) -> bool:
    """Whether a bid ``made`` agrees with the bid ``guess`` the medium player would have
    made: within a trick, and nil exactly when nil."""
    return (guess == 0) == (made == 0) and abs(guess - made) <= 1


@cache
def _dealt_by(rules: Rules, dealer: int) -> tuple[int, tuple[int, ...]]:
    """The number of a hand the engine has ``dealer`` deal with ``rules`` (the first such),
    and the deck positions (as a mask) each seat is dealt in it."""
    for number in range(1, rules.players + 1):
        game = Game.from_position(Position(rules, number, (0, 0), (0, 0), tuple(range(52))))
        if game.hands[0].dealer == dealer:
            return number, tuple(game.hand_masks())
    raise ValueError(f"no hand is dealt by seat {dealer}")


class Outcome(NamedTuple):
    """How a rollout's hand ended, by seat of the real table: the bids (0 for a blind
    nil), the seats that bid blind nil, and the tricks each seat won."""

    bids: list[int]
    blind_nil: tuple[int, ...]
    tricks: list[int]


class Rollout:
    """One sampled deal played by medium bots.

    ``hands``: a card mask per seat as the bidding began; ``dealer``: the seat that
    dealt the hand; ``blind_nil``: the seats that declared blind nil. With ``deciding``
    (a seat about to declare blind nil or not), ``hands`` are as dealt, and
    ``blind_nil`` the seats that declared before it.
    """

    def __init__(self, rules: Rules, hands: Sequence[int], dealer: int,
                 blind_nil: Collection[int] = (), deciding: int | None = None) -> None:
        if deciding is None:  # declarations are over when bids start
            self.rules = replace(rules, blind_nil=False)
        else:  # the real table's rules let the deciding seat declare; here any seat may
            self.rules = replace(rules, blind_nil_deficit=0)
        self.blind_nil, self.deciding = tuple(blind_nil), deciding
        number, places = _dealt_by(self.rules, dealer)
        deck = [0] * 13 * rules.players
        for seat, cards in enumerate(hands):
            for place, card in zip(cards_in(places[seat]), cards_in(cards), strict=True):
                deck[place] = card
        # each rollout plays a copy; the bots' generators go to the seats in bidding order
        self._dealt = Game.from_position(Position(self.rules, number, (0, 0), (0, 0),
                                                  tuple(deck)))
        self._order = self.rules.bidding_order(dealer, None)

    def fits(self, bids: Sequence[int | None], seed: int, unchecked: Collection[int] = ()
             ) -> bool:
        """Whether the medium player, holding the sampled hands, would have bid (within a
        trick, and nil exactly when nil) what the seats that have bid did bid; the bids
        of the ``unchecked`` seats (of the real table) are taken as they were made."""
        assert self.deciding is None, "bids are checked from the bidding, not the deal"
        game, bots = self._start(seed)
        while game.phase is Phase.BIDDING:
            seat = game.to_move
            assert seat is not None
            made = bids[seat]
            if made is None:
                return True
            if seat not in unchecked and not bid_agrees(
                    bots[seat].act(game.observation(seat)).tricks, made):
                return False
            game.apply(Action.bid(made))
        return True

    def play(self, bids: Sequence[int | None], seed: int, cards: Sequence[int] = (),
             declares: bool = False) -> Outcome:
        """Bid from ``bids`` (None: the medium player's bid; 0 for a blind nil seat),
        play ``cards`` (the hand's cards in the order played), then let the medium player
        play the hand out; the deciding seat, if any, declares blind nil if ``declares``.
        Returns how the hand ended."""
        game, bots = self._start(seed)
        played = iter(cards)
        decided = self.deciding is None
        while game.hands[0].result is None:
            seat = game.to_move
            assert seat is not None
            if game.phase is Phase.BLIND_NIL and not decided:
                chose = seat == self.deciding
                decided = chose
                blind = declares if chose else seat in self.blind_nil
                game.apply(Action(BLIND_NIL if blind else NO_BLIND_NIL))
            elif game.phase is Phase.BIDDING and (made := self._made(bids, seat)) is not None:
                game.apply(Action.bid(made))
            elif game.phase is Phase.PLAY and (card := next(played, None)) is not None:
                game.apply(Action.play(card))
            else:
                game.apply(bots[seat].act(game.observation(seat)))
        log = game.hands[0]
        assert log.result is not None
        final = dict(log.bids) | dict.fromkeys(log.blind_nil, 0)
        blind_nil = self.blind_nil if self.deciding is None else tuple(log.blind_nil)
        return Outcome([final[s] for s in range(self.rules.players)], blind_nil,
                       list(log.result.tricks))

    def _made(self, bids: Sequence[int | None], seat: int) -> int | None:
        """The bid already made by ``seat``: 0 for a blind nil."""
        return 0 if seat in self.blind_nil else bids[seat]

    def _start(self, seed: int) -> tuple[Game, list[MediumBot]]:
        rng = random.Random(seed)
        generators = {seat: random.Random(rng.getrandbits(32)) for seat in self._order}
        return self._dealt.copy(), [MediumBot(generators[s]) for s in range(self.rules.players)]

