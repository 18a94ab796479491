"""What a seat can infer about the hidden cards, and deals sampled consistent with it.

Everything here reads one :class:`~spades.Observation`: the seat's own hand, its
draft discards and exchanged cards, the cards played and who played them, and the
voids those plays showed. :func:`sample_hands` deals the unseen cards to the other
seats so that every sample could be the truth.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..cards import FULL_DECK, JACK, RANKS_PER_SUIT, SPADES, Card, cards_in, mask_of
from ..errors import SpadesError
from ..game import draft_pick
from ..observation import Observation, Phase

MAX_ATTEMPTS = 200
DRAFT_ATTEMPTS = 24  # drafts simulated for one consistent with the opponent's plays
PILE_SIZE = 26  # the two-player discard pile: 13 discards each, exchanges keep its size


class SampleError(SpadesError):
    """No deal consistent with what the seat has seen was found."""


@dataclass(frozen=True)
class Knowledge:
    """Facts about the hidden cards: where cards cannot be, and how many each seat holds.

    ``held`` is each seat's number of cards; ``known`` the cards known to be in each
    seat's hand (the seat's own hand, and cards it gave its partner); ``allowed`` the
    cards each seat may hold (voids removed); ``unseen`` the cards whose place the
    seat does not know; ``pile_known`` (two-player) the cards the seat knows were in
    the discard pile when the opponent drew from it (a pile of :data:`PILE_SIZE`),
    ``drawn`` how many cards the opponent drew.
    """

    seat: int
    held: tuple[int, ...]
    known: tuple[int, ...]
    allowed: tuple[int, ...]
    unseen: int
    pile_known: int = 0
    drawn: int = 0


def knowledge(observation: Observation) -> Knowledge:
    """What ``observation``'s seat knows of the other seats' hands."""
    seat, n = observation.seat, observation.rules.players
    declaring = observation.phase == Phase.BLIND_NIL and n == 4  # dealt, none of it seen yet
    if observation.phase not in (Phase.BIDDING, Phase.PLAY) and not declaring:
        raise SpadesError(f"hidden hands are sampled in bidding and play (and before a "
                          f"four-hand blind nil declaration), not {observation.phase}")
    played = observation.played_by()
    all_played = 0
    for mask in played:
        all_played |= mask
    hand = mask_of(observation.hand)
    held = tuple(13 - played[s].bit_count() for s in range(n))
    known = [0] * n
    known[seat] = hand
    void = observation.voids()
    partner = observation.rules.partner_of(seat)
    if partner is not None:
        known[partner] = mask_of(observation.gave) & ~all_played
        unseen = FULL_DECK & ~hand & ~all_played & ~known[partner]
        allowed = tuple(FULL_DECK if s == seat else (unseen & ~void[s]) | known[s]
                        for s in range(n))
        return Knowledge(seat, held, tuple(known), allowed, unseen)
    return _two_player_knowledge(observation, hand, all_played, played, held, known, void)


def _two_player_knowledge(observation: Observation, hand: int, all_played: int,
                          played: list[int], held: tuple[int, ...], known: list[int],
                          void: list[int]) -> Knowledge:
    """Two players: the opponent's hand is among the unseen cards, and perhaps the pile.

    If she exchanged, she drew from a pile that held the seat's own discards (and the
    cards the seat gave, if it exchanged first): those may be in her hand.
    """
    seat = observation.seat
    other = 1 - seat
    mine_out = mask_of(observation.discards) | mask_of(observation.gave)
    drawn = observation.exchanged[other] or 0
    first = observation.first_drawer
    if drawn and seat != first:
        # the opponent exchanged first: the pile held my discards, not what I gave later
        pile_known = mask_of(observation.discards)
    else:
        pile_known = (mask_of(observation.discards) & ~mask_of(observation.received)) | mask_of(
            observation.gave)
    pile_known &= ~hand
    unseen = FULL_DECK & ~hand & ~all_played & ~mine_out
    pile_candidates = pile_known & ~all_played if drawn else 0
    allowed = [FULL_DECK, FULL_DECK]
    allowed[other] = (unseen | pile_candidates) & ~void[other]
    return Knowledge(seat, held, tuple(known), tuple(allowed), unseen,
                     pile_known=pile_known, drawn=drawn)


def worth_keeping(card: Card) -> bool:
    """The draft rule the two-player samples assume of a player: spades and jacks or
    higher are kept, anything else is passed for the next card (the rule whose samples
    are least biased against three opponents' drafts: docs/benchmarks.md)."""
    return card >= SPADES * RANKS_PER_SUIT or card % RANKS_PER_SUIT >= JACK


Weights = Mapping[int, Sequence[float]]  # a factor per seat for each unseen card


def sample_hands(observation: Observation, rng: random.Random,
                 facts: Knowledge | None = None, drafted: bool = False,
                 weights: Weights | None = None) -> list[int]:
    """One deal of the current hands (a card mask per seat) consistent with what the seat saw.

    ``drafted`` (two players, no exchange): the opponent's hand is what a draft by
    :func:`worth_keeping` over the cards the seat has not seen, in a random order, keeps
    (she keeps more spades and honours than a uniform deal gives her), if one of
    :data:`DRAFT_ATTEMPTS` such drafts agrees with her plays; else a uniform deal.
    ``weights`` (by :mod:`.learned`), for each unseen card a factor per seat: with four
    hands a card goes to a seat in proportion to the seat's room left times its factor,
    with two the opponent's unseen cards are drawn one by one in proportion to their
    factors; the same constraints hold either way.
    """
    facts = facts or knowledge(observation)
    if len(facts.held) == 2:
        if drafted and weights is None and not any(observation.exchanged):
            hands = _sample_drafted(facts, observation, rng)
            if hands is not None:
                return hands
        return _sample_two_player(facts, observation, rng, weights)
    return _sample_partnership(facts, rng, weights)


def _sample_drafted(facts: Knowledge, observation: Observation, rng: random.Random
                    ) -> list[int] | None:
    """The opponent's hand by a simulated draft (see :func:`sample_hands`), or None."""
    seat, other = facts.seat, 1 - facts.seat
    played = observation.played_by()[other]
    cards = list(cards_in(facts.unseen | played))  # her 13 cards and her 13 discards
    for _ in range(DRAFT_ATTEMPTS):
        rng.shuffle(cards)
        kept = 0
        for first, second in zip(cards[::2], cards[1::2], strict=True):
            kept |= 1 << draft_pick(first, second, worth_keeping(first))[0]
        now = kept & ~played
        if kept & played == played and now & ~facts.allowed[other] == 0:
            hands = [0, 0]
            hands[seat], hands[other] = facts.known[seat], now
            return hands
    return None


def _sample_two_player(facts: Knowledge, observation: Observation, rng: random.Random,
                       weights: Weights | None = None) -> list[int]:
    seat = facts.seat
    other = 1 - seat
    hands = [0, 0]
    hands[seat] = facts.known[seat]
    need = facts.held[other]
    rest = list(cards_in(facts.unseen & facts.allowed[other]))
    from_pile: list[Card] = []
    if facts.drawn:
        # how many of her draws were cards I know were in the pile: hypergeometric
        played_from_pile = (facts.pile_known & observation.played_by()[other]).bit_count()
        candidates = list(cards_in(facts.pile_known & facts.allowed[other]))
        for _ in range(MAX_ATTEMPTS):
            pile = [True] * facts.pile_known.bit_count() + [False] * (
                PILE_SIZE - facts.pile_known.bit_count())
            hits = sum(rng.sample(pile, facts.drawn)) - played_from_pile
            if max(0, need - len(rest)) <= hits <= min(len(candidates), need):
                from_pile = rng.sample(candidates, hits)
                break
    if len(rest) < need - len(from_pile):
        raise SampleError("no deal is consistent with what this seat has seen")
    if weights is None:
        drawn = rng.sample(rest, need - len(from_pile))
    else:
        drawn = _weighted_sample(rest, [weights[c][other] for c in rest],
                                 need - len(from_pile), rng)
    hands[other] = mask_of(from_pile) | mask_of(drawn)
    return hands


def _weighted_sample(cards: list[Card], weights: list[float], k: int,
                     rng: random.Random) -> list[Card]:
    """``k`` of ``cards`` drawn one by one without replacement, each in proportion to its
    weight (Efraimidis and Spirakis: the ``k`` largest of ``u ** (1 / weight)``)."""
    keys = [math.log(1.0 - rng.random()) / max(w, 1e-12) for w in weights]
    chosen = sorted(range(len(cards)), key=keys.__getitem__, reverse=True)[:k]
    return [cards[i] for i in chosen]


def _sample_partnership(facts: Knowledge, rng: random.Random,
                        weights: Weights | None = None) -> list[int]:
    """Deal the unseen cards to the three other seats, each within its allowed cards, in
    proportion to each seat's room left (times the card's ``weights``, if given)."""
    n = len(facts.held)
    cards = list(cards_in(facts.unseen))
    capacity = [facts.held[s] - facts.known[s].bit_count() for s in range(n)]
    options = {c: [s for s in range(n) if capacity[s] and facts.allowed[s] >> c & 1]
               for c in cards}
    for _ in range(MAX_ATTEMPTS):
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(options[c]))
        room = list(capacity)
        hands = list(facts.known)
        for card in cards:
            seats = [s for s in options[card] if room[s]]
            if not seats:
                break
            factor = weights[card] if weights is not None else None
            seat = rng.choices(seats, weights=[
                room[s] * (1.0 if factor is None else factor[s]) for s in seats])[0]
            room[seat] -= 1
            hands[seat] |= 1 << card
        else:
            return hands
    raise SampleError("no deal is consistent with what this seat has seen")
