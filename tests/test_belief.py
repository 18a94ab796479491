"""Belief: what a seat can infer about hidden hands, and the deals sampled from it.

Random games of every variant (random blind nils, so exchanges of every kind happen)
are stopped at sampled bidding and play steps; for every seat's observation the true
deal must be among the allowed ones, and every sampled deal must obey what that seat
saw: its own cards, the cards played, the voids shown, the draft discards and the
blind nil exchanges.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections import Counter
from dataclasses import dataclass

import pytest
from helpers import opponent_must_hold_drawn_cards, tiny_model

from spades import Game, Observation, SpadesError, Trick, parse_card, rules_for
from spades.bots.belief import knowledge, sample_hands, worth_keeping
from spades.cards import FULL_DECK, SUIT_MASKS, cards_in, mask_of

CONFIGS = {
    "two-player": rules_for("two-player", target=250),
    "two-player-300": rules_for("two-player-300", target=250),
    "two-player-1-card": rules_for("two-player", exchange_cards=1, target=250),
    "two-player-spades-anytime": rules_for("two-player", lead_spades_anytime=True, target=250),
    "partnership": rules_for("partnership", target=250),
    "partnership-spades-anytime": rules_for("partnership", lead_spades_anytime=True,
                                            target=250),
}
SEEDS = {2: 40, 4: 16}
SAMPLES = 4
KEEP = {"bidding": 1.0, "play": 0.15}
CLUBS, DIAMONDS, HEARTS, SPADES = SUIT_MASKS
NON_SPADES = CLUBS | DIAMONDS | HEARTS
FULL = (1 << 52) - 1


@dataclass(frozen=True)
class Position:
    """One seat's observation with the truth behind it."""

    label: str
    obs: Observation
    truth: tuple[int, ...]


def _random_action(game: Game, rng: random.Random):
    legal = game.legal_actions()
    if game.phase == "blind nil":  # often enough for exchanges, not every hand
        return legal[0] if rng.random() < 0.4 else legal[1]
    return rng.choice(legal)


@functools.cache
def positions(config: str) -> tuple[Position, ...]:
    """Every seat's view at sampled bidding and play steps of random games."""
    rules = CONFIGS[config]
    found = []
    for seed in range(SEEDS[rules.players]):
        game = Game(rules, seed=f"belief:{config}:{seed}")
        rng = random.Random(seed)
        while not game.over and game.hand_number <= 2:
            if rng.random() < KEEP.get(game.phase, 0.0):
                truth = tuple(game.hand_masks())
                for seat in range(rules.players):
                    obs = game.observation(seat)
                    label = (f"{config} seed {seed} hand {obs.hand_number} {obs.phase} "
                             f"trick {len(obs.tricks)} seat {seat}")
                    found.append(Position(label, obs, truth))
            game.apply(_random_action(game, rng))
    return tuple(found)


def played_by(obs: Observation) -> list[int]:
    n = obs.rules.players
    played = [0] * n
    for trick in [*obs.tricks, *([obs.trick] if obs.trick else [])]:
        for i, card in enumerate(trick.cards):
            played[(trick.leader + i) % n] |= 1 << card
    return played


def shown_voids(obs: Observation) -> list[int]:
    """The test's own reading of the voids: a failure to follow, and a spade led
    before any spade was played (the leader held nothing else)."""
    n = obs.rules.players
    void = [0] * n
    spade_seen = obs.rules.lead_spades_anytime
    for trick in [*obs.tricks, *([obs.trick] if obs.trick else [])]:
        if not trick.cards:
            continue
        led = trick.cards[0] // 13
        if led == 3 and not spade_seen:
            void[trick.leader] |= NON_SPADES
        for i, card in enumerate(trick.cards):
            if card // 13 != led:
                void[(trick.leader + i) % n] |= SUIT_MASKS[led]
            spade_seen = spade_seen or card // 13 == 3
    return void


def pile_cards_of(obs: Observation) -> tuple[int, int]:
    """Two players: the seat's cards that may have reached the opponent through her
    exchange, and how many cards she drew (0: she did not exchange)."""
    other = 1 - obs.seat
    drawn = obs.exchanged[other] or 0
    own_discards = mask_of(obs.discards)
    gave = mask_of(obs.gave)
    if not drawn:
        return 0, 0
    she_first = obs.exchanged[obs.seat] is not None and obs.first_drawer == other
    if obs.exchanged[obs.seat] is None or she_first:
        return own_discards, drawn  # what I gave (if I did) went to the pile after her draw
    return own_discards | gave, drawn


def expected_allowed(obs: Observation) -> list[int]:
    """The cards each other seat may hold: none of the seat's own, none played, none of
    a shown void, none the seat knows are elsewhere (its discards and what it gave,
    unless the opponent may have drawn them; the cards it gave its partner are the
    partner's, and hers alone)."""
    n = obs.rules.players
    hand = mask_of(obs.hand)
    all_played = 0
    for mask in played_by(obs):
        all_played |= mask
    void = shown_voids(obs)
    free = FULL & ~hand & ~all_played
    if n == 2:
        may, _ = pile_cards_of(obs)
        elsewhere = (mask_of(obs.discards) | mask_of(obs.gave)) & ~may
        allowed = [FULL, FULL]
        allowed[1 - obs.seat] = free & ~elsewhere & ~void[1 - obs.seat]
        return allowed
    partner = (obs.seat + 2) % 4
    gift = mask_of(obs.gave) & ~all_played
    return [FULL if s == obs.seat else
            (free & ~gift & ~void[s]) | (gift if s == partner else 0) for s in range(4)]


def check_sample(position: Position, hands: list[int]) -> None:
    obs, label = position.obs, position.label
    n = obs.rules.players
    seat = obs.seat
    played = played_by(obs)
    all_played = 0
    for mask in played:
        all_played |= mask
    void = shown_voids(obs)
    assert len(hands) == n, label
    assert hands[seat] == mask_of(obs.hand), label
    union = 0
    for s in range(n):
        assert hands[s] & union == 0, (label, "a card dealt twice")
        union |= hands[s]
        assert hands[s].bit_count() == position.truth[s].bit_count(), (label, s, "hand size")
        assert hands[s] & all_played == 0, (label, s, "a played card came back")
        if s != seat:
            assert hands[s] & void[s] == 0, (label, s, "a card of a shown void")
    if n == 2:
        other = 1 - seat
        mine = mask_of(obs.discards) | mask_of(obs.gave)
        may, drawn = pile_cards_of(obs)
        assert hands[other] & mine & ~may == 0, (label, "a card the opponent cannot have")
        from_me = (hands[other] & may).bit_count() + (played[other] & may).bit_count()
        assert from_me <= drawn, (label, "more of my cards than she drew")
    else:
        partner = (seat + 2) % 4
        given = mask_of(obs.gave) & ~all_played
        assert hands[partner] & given == given, (label, "my gift is not with my partner")


# ------------------------------------------------------------------ sampled deals


@pytest.mark.parametrize("config", CONFIGS)
def test_true_deal_is_allowed(config: str) -> None:
    for position in positions(config):
        obs, truth = position.obs, position.truth
        facts = knowledge(obs)
        assert facts.seat == obs.seat
        for s in range(obs.rules.players):
            assert truth[s] & ~facts.allowed[s] == 0, (position.label, s)
            assert facts.known[s] & ~truth[s] == 0, (position.label, s)
            assert facts.held[s] == truth[s].bit_count(), (position.label, s)
        assert facts.known[obs.seat] == truth[obs.seat]
        expected = expected_allowed(obs)
        for s in range(obs.rules.players):
            if s != obs.seat:
                assert facts.allowed[s] == expected[s], (position.label, s)
        # the test's oracle agrees with the truth too
        check_sample(position, list(truth))


@pytest.mark.parametrize("how", ["uniform", "drafted", "learned"])
@pytest.mark.parametrize("config", CONFIGS)
def test_samples_obey_what_the_seat_saw(config: str, how: str) -> None:
    """Uniform, drafted, or weighted by a learned model (a small random one here)."""
    found = positions(config)
    assert len(found) >= 100
    model = tiny_model(CONFIGS[config].players)
    for i, position in enumerate(found):
        weights = (model.weights(position.obs, knowledge(position.obs)) if how == "learned"
                   else None)
        for k in range(SAMPLES):
            hands = sample_hands(position.obs, random.Random(f"{i}:{k}"),
                                 drafted=how == "drafted", weights=weights)
            check_sample(position, hands)
            assert all(h & ~a == 0 for h, a in zip(hands, knowledge(position.obs).allowed,
                                                   strict=True)), position.label


@pytest.mark.parametrize("config", CONFIGS)
def test_positions_cover_the_cases(config: str) -> None:
    """The generator reaches what the checks are about: voids, exchanges, gifts."""
    found = positions(config)
    phases = Counter(p.obs.phase for p in found)
    assert phases["bidding"] and phases["play"] >= 50
    assert any(any(shown_voids(p.obs)) for p in found)
    n = CONFIGS[config].players
    if not CONFIGS[config].blind_nil:
        return
    if n == 4:
        assert any(p.obs.gave and p.obs.phase == "play" for p in found)
    else:
        drew = [p for p in found if p.obs.exchanged[1 - p.obs.seat]]
        assert any(p.obs.exchanged[p.obs.seat] is None for p in drew)
        if CONFIGS[config].exchange_cards > 1:
            assert any(p.obs.exchanged[p.obs.seat] for p in drew)


def test_sampling_is_repeatable() -> None:
    for position in positions("partnership")[:40] + positions("two-player")[:40]:
        first = sample_hands(position.obs, random.Random(3))
        assert sample_hands(position.obs, random.Random(3)) == first


def _nothing_played(obs: Observation) -> bool:
    return not obs.tricks and not (obs.trick and obs.trick.cards)


def test_two_player_samples_do_use_the_pile() -> None:
    """Not over-cautious: when the opponent drew k cards from a pile of 26 holding m
    cards the seat knows, samples give her about k m / 26 of them (the exact mean before
    any card is played, unless the seat exchanged after her)."""
    cases = [p for p in positions("two-player") + positions("two-player-1-card")
             if p.obs.exchanged[1 - p.obs.seat] and _nothing_played(p.obs)
             and not (p.obs.exchanged[p.obs.seat] and p.obs.first_drawer != p.obs.seat)]
    assert len(cases) >= 5
    assert any(p.obs.exchanged[p.obs.seat] for p in cases)
    for i, position in enumerate(cases):
        may, drawn = pile_cards_of(position.obs)
        other = 1 - position.obs.seat
        hits = [(sample_hands(position.obs, random.Random(f"{i}:{k}"))[other] & may).bit_count()
                for k in range(400)]
        known = may & ~mask_of(position.obs.received)  # what the seat drew back was not hers
        expected = drawn * known.bit_count() / 26
        assert abs(sum(hits) / len(hits) - expected) < 0.2, (position.label, expected)


def test_partnership_samples_spread_the_unseen_cards() -> None:
    """Every unseen card that a seat may hold lands with that seat in some sample."""
    position = next(p for p in positions("partnership")
                    if p.obs.phase == "play" and 6 <= len(p.obs.hand) <= 8)
    facts = knowledge(position.obs)
    seen = [0] * 4
    for k in range(400):
        for s, hand in enumerate(sample_hands(position.obs, random.Random(k))):
            seen[s] |= hand
    for s in range(4):
        if s != position.obs.seat:
            assert seen[s] == facts.allowed[s] & (facts.unseen | facts.known[s]), s


def test_sampler_when_the_opponent_must_hold_drawn_cards() -> None:
    game = opponent_must_hold_drawn_cards()
    obs = game.observation(0)
    position = Position("forced pile cards", obs, tuple(game.hand_masks()))
    check_sample(position, list(position.truth))
    for k in range(50):
        hands = sample_hands(obs, random.Random(k))
        check_sample(position, hands)
        assert hands[1] == position.truth[1]  # the only deal there is


@pytest.mark.parametrize("phase", ["blind nil", "draft", "exchange"])
def test_knowledge_is_for_bidding_and_play(phase: str) -> None:
    rules = rules_for("two-player")
    game = Game(rules, seed=1)
    rng = random.Random(1)
    while game.phase != phase:
        legal = game.legal_actions()
        game.apply(legal[0] if game.phase == "blind nil" else rng.choice(legal))
    with pytest.raises(SpadesError):
        knowledge(game.observation(game.to_move))
    with pytest.raises(SpadesError):
        sample_hands(game.observation(game.to_move), random.Random(0))


def test_before_a_four_hand_blind_nil_declaration_any_deal_may_be_the_truth() -> None:
    """Nothing is seen yet: the seat's own thirteen cards are sampled like the others',
    and over many samples every card lands in every hand."""
    game = Game(rules_for("partnership"), seed=1)
    obs = game.observation(game.to_move)
    assert obs.phase == "blind nil" and obs.hand == ()
    rng = random.Random(2)
    seen_at = [0] * 4
    for _ in range(200):
        hands = sample_hands(obs, rng)
        assert [hand.bit_count() for hand in hands] == [13] * 4
        assert hands[0] | hands[1] | hands[2] | hands[3] == FULL_DECK
        seen_at = [seen | hand for seen, hand in zip(seen_at, hands, strict=True)]
    assert seen_at == [FULL_DECK] * 4


# ------------------------------------------------------------------ voids


@pytest.mark.parametrize("config", CONFIGS)
def test_voids_are_true_and_complete(config: str) -> None:
    for position in positions(config):
        shown = position.obs.voids()
        assert shown == shown_voids(position.obs), position.label
        for s, mask in enumerate(shown):
            assert mask & position.truth[s] == 0, (position.label, s)


def _with_tricks(variant: str, tricks: list[tuple[int, str, int | None]],
                 **options) -> Observation:
    """An observation of seat 0 in play whose tricks are given as (leader, cards, winner);
    the last one is the open trick when its winner is None."""
    game = Game(rules_for(variant, **options), seed=0)
    obs = game.observation(0)
    views = [Trick.of(leader, [parse_card(c) for c in cards.split()], obs.rules.players, winner)
             for leader, cards, winner in tricks]
    current = views.pop() if views and views[-1].winner is None else None
    return dataclasses.replace(obs, phase="play", tricks=tuple(views), trick=current)


def test_voids_from_failing_to_follow() -> None:
    obs = _with_tricks("partnership", [(1, "5C 9C 3H KC", 3)])
    assert obs.voids() == [0, 0, 0, CLUBS]
    # two-player, and the open trick counts too
    obs = _with_tricks("two-player", [(0, "AD 2D", 0), (0, "KH 4S", None)])
    assert obs.voids() == [0, HEARTS]


def test_a_spade_led_unbroken_shows_only_spades() -> None:
    obs = _with_tricks("partnership", [(2, "3S 5S 7S 9S", 1)])
    assert obs.voids() == [0, 0, NON_SPADES, 0]
    obs = _with_tricks("two-player", [(1, "QS 2S", 1)])
    assert obs.voids() == [0, NON_SPADES]


def test_a_spade_led_after_spades_broke_shows_nothing() -> None:
    # seat 2 ruffs the clubs (void in clubs, spades broken); then seat 2 leads a spade
    obs = _with_tricks("partnership", [(0, "AC 5C 2S 7C", 2), (2, "4S 6S 8S TS", 1)])
    assert obs.voids() == [0, 0, CLUBS, 0]
    # after a spade lead broke them, a later spade lead by another seat shows nothing
    obs = _with_tricks("two-player", [(0, "3S 9S", 1), (1, "JS 4S", 1), (1, "TS", None)])
    assert obs.voids() == [NON_SPADES, 0]
    # a spade played on a spade lead is following suit
    obs = _with_tricks("two-player", [(1, "2D 3D", 0), (0, "4D 5D", 1), (1, "KS AS", 0)])
    assert obs.voids() == [0, NON_SPADES]


def test_spades_led_any_time_show_nothing() -> None:
    obs = _with_tricks("partnership", [(0, "3S 5S 7S 9S", 3)], lead_spades_anytime=True)
    assert obs.voids() == [0, 0, 0, 0]


def test_a_spade_discard_breaks_spades() -> None:
    # seat 1 discards a spade on hearts: void in hearts, spades broken; seat 0's spade
    # lead on the next trick shows nothing more
    obs = _with_tricks("partnership", [(0, "2H 5S 4H 6H", 1), (1, "7D 8D 9D TD", 0),
                                       (0, "3S 4S", None)])
    assert obs.voids() == [0, HEARTS, 0, 0]


def test_the_draft_model_keeps_every_spade_and_side_cards_from_the_jack() -> None:
    """The two-player samples assume she keeps spades and side jacks or higher, and
    passes side tens and lower for the next card."""
    cards = ("2S", "TS", "JH", "AD", "TC", "9H", "2D")
    assert [worth_keeping(parse_card(c)) for c in cards] == [True] * 4 + [False] * 3


def test_drafted_samples_give_the_opponent_the_cards_a_drafter_keeps() -> None:
    """Before any card is played, an opponent who drafted by the sampler's rule holds
    more of the cards worth keeping in drafted samples than in uniform ones (at least
    one more on average; on one such position about 9 against 6)."""
    cases = [p for p in positions("two-player") if p.obs.phase == "bidding"
             and not any(p.obs.exchanged)]
    assert len(cases) >= 5
    for i, position in enumerate(cases):
        other = 1 - position.obs.seat

        def keepers(hands: list[int], other: int = other) -> int:
            return sum(worth_keeping(c) for c in cards_in(hands[other]))

        uniform = [keepers(sample_hands(position.obs, random.Random(f"{i}:{k}")))
                   for k in range(200)]
        drafted = [keepers(sample_hands(position.obs, random.Random(f"{i}:{k}"), drafted=True))
                   for k in range(200)]
        assert sum(drafted) > sum(uniform) + 200, position.label
