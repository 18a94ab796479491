"""Rollouts: sampled four-hand deals bid and played out by the medium player."""

from __future__ import annotations

import random

import pytest

from spades import Game, rules_for
from spades.bots.rollout import Rollout
from spades.bots.rules_based import MediumBot
from spades.cards import SPADES, SUIT_MASKS

PARTNERSHIP = rules_for("partnership")


def one_suit_each(first: int) -> list[int]:
    """Seat ``first`` holds every spade; the others a side suit each."""
    side = [s for s in range(4) if s != SPADES]
    hands = [0] * 4
    for i in range(4):
        hands[(first + i) % 4] = SUIT_MASKS[SPADES] if i == 0 else SUIT_MASKS[side[i - 1]]
    return hands


def play_out(game: Game, bots: list[MediumBot]) -> None:
    """Let ``bots`` take every decision until the hand is scored."""
    while game.hands[0].result is None:
        seat = game.to_move
        game.apply(bots[seat].act(game.observation(seat)))


@pytest.mark.parametrize("first", range(4))
def test_the_first_bidder_leads_and_seats_keep_their_hands(first: int) -> None:
    rollout = Rollout(PARTNERSHIP, one_suit_each(first), dealer=(first - 1) % 4)
    bids, _, won = rollout.play([None] * 4, seed=1)
    assert won[first] == 13 and sum(won) == 13
    assert bids[first] == 13  # the medium player counts thirteen spades as thirteen tricks


@pytest.mark.parametrize("first", range(4))
def test_bids_already_made_stand_and_the_others_are_the_medium_players(first: int) -> None:
    made = [None] * 4
    made[(first + 1) % 4] = 2
    rollout = Rollout(PARTNERSHIP, one_suit_each(first), dealer=(first - 1) % 4)
    bids, _, won = rollout.play(made, seed=1)
    assert bids[(first + 1) % 4] == 2 and sum(won) == 13


def test_a_bid_fits_the_sample_when_the_medium_player_would_have_made_it() -> None:
    rollout = Rollout(PARTNERSHIP, one_suit_each(2), dealer=1)
    assert rollout.fits([None, None, 13, None], seed=1)
    assert rollout.fits([None, None, 12, None], seed=1)  # within a trick
    assert not rollout.fits([None, None, 0, None], seed=1)  # nil with thirteen spades
    assert not rollout.fits([None, None, 10, None], seed=1)
    assert rollout.fits([None] * 4, seed=1)  # nothing bid yet: any deal fits


def test_a_rollout_plays_the_hand_as_the_engine_does_with_medium_bots() -> None:
    game = Game(PARTNERSHIP, seed=7)
    hands = game.hand_masks()
    bots = [MediumBot(random.Random(seat)) for seat in range(4)]
    while game.phase == "blind nil":
        game.apply("no blind nil")
    play_out(game, bots)
    bids, _, won = Rollout(PARTNERSHIP, hands, dealer=game.hands[0].dealer).play([None] * 4, seed=3)
    assert bids == [tricks for _, tricks in sorted(game.hands[0].bids)]
    assert won == list(game.hands[0].result.tricks)


def test_a_rollout_from_the_deal_plays_a_blind_nil_as_the_engine_does() -> None:
    game = Game(PARTNERSHIP, seed=7)
    dealt = game.hand_masks()
    bots = [MediumBot(random.Random(seat)) for seat in range(4)]
    while game.phase == "blind nil":
        game.apply("blind nil" if game.to_move == 1 else "no blind nil")
    play_out(game, bots)
    rollout = Rollout(PARTNERSHIP, dealt, dealer=game.hands[0].dealer, deciding=1)
    bids, blind_nil, won = rollout.play([None] * 4, seed=3, declares=True)
    assert blind_nil == (1,) and bids[1] == 0
    assert bids == [tricks for _, tricks in sorted([*game.hands[0].bids, (1, 0)])]
    assert won == list(game.hands[0].result.tricks)


@pytest.mark.parametrize("declares", [True, False])
@pytest.mark.parametrize("first", range(4))
def test_declarations_before_the_deciding_seat_stand(first: int, declares: bool) -> None:
    """``first`` declares first; its partner, deciding, declares as it is told."""
    partner = (first + 2) % 4
    rollout = Rollout(PARTNERSHIP, one_suit_each(first), dealer=(first - 1) % 4,
                      blind_nil=(first,), deciding=partner)
    bids, blind_nil, won = rollout.play([None] * 4, seed=1, declares=declares)
    assert blind_nil == ((first, partner) if declares else (first,))
    assert bids[first] == 0
    # two blind nils exchange nothing: ``first`` keeps its thirteen spades and every
    # trick; with one, it gives its partner three of them
    assert (won[first] == 13) == declares


def test_a_rollout_from_the_bidding_plays_a_blind_nil_as_the_engine_does() -> None:
    """After the exchange, the blind nil seat bids nothing: the rollout enters its 0."""
    game = Game(PARTNERSHIP, seed=8)
    bots = [MediumBot(random.Random(seat)) for seat in range(4)]
    while game.phase == "blind nil":
        game.apply("blind nil" if game.to_move == 2 else "no blind nil")
    while game.phase == "exchange":
        game.apply(bots[game.to_move].act(game.observation(game.to_move)))
    at_bidding = game.hand_masks()
    play_out(game, bots)
    rollout = Rollout(PARTNERSHIP, at_bidding, dealer=game.hands[0].dealer, blind_nil=(2,))
    bids, blind_nil, won = rollout.play([None] * 4, seed=3)
    assert blind_nil == (2,)
    assert bids == [tricks for _, tricks in sorted([*game.hands[0].bids, (2, 0)])]
    assert won == list(game.hands[0].result.tricks)
