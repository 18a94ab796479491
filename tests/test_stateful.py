"""Whole random games, checked after every step.

A hypothesis state machine per variant plays random legal actions (one at a time, or in
seeded bursts) under random house rules, and after each step checks what must always
hold: every card is in exactly one place, hand sizes and trick counts add up, the
score is the sum of the hands' results, bags carry over, the observations show nothing
a seat may not know, and the record replays to the same game. Plain seeded loops then
play complete games to the end with the same checks.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from helpers import tricks_so_far, visible
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from spades import Action, Game, Phase, record, rules_for
from spades.cards import card_text, cards_in, parse_card

VARIANTS = ("two-player", "two-player-300", "partnership")
MAX_HANDS = 8
CARD_TOKEN = re.compile(r"^[2-9TJQKA][SHDC]$")
BLIND, NO_BLIND = Action.parse("blind nil"), Action.parse("no blind nil")


# ------------------------------------------------------------------ drivers


def _estimate(game: Game) -> int:
    """A rough count of the tricks the hand to move may take: a bid that is often made."""
    value = 0.0
    for card in game.hand_of(game.to_move):
        suit, rank = divmod(card, 13)
        if suit == 3:
            value += 0.45 + 0.5 * (rank >= 9)
        else:
            value += {12: 0.9, 11: 0.6, 10: 0.25}.get(rank, 0.0)
    if game.rules.players == 4:
        value *= 0.8
    return max(1, min(13, round(value)))


def sensible_action(game: Game, rng: random.Random, low: bool = False) -> Action:
    """A random legal action, but with fitting bids (or low ones) and few blind nils."""
    phase = game.phase
    if phase is Phase.BLIND_NIL:
        return BLIND if rng.random() < 0.04 else NO_BLIND
    if phase is Phase.BIDDING:
        if game.rules.nil and rng.random() < 0.04:
            return Action.bid(0)
        return Action.bid(rng.randint(1, 3) if low else _estimate(game))
    return rng.choice(game.legal_actions())


# ------------------------------------------------------------------ invariants


def _card_set(cards: int | Any) -> set[int]:
    """A set of cards, from a mask or from a sequence of cards."""
    return set(cards_in(cards)) if isinstance(cards, int) else set(cards)


def _trick_seats(leader: int, cards: list[int], n: int) -> list[tuple[int, int]]:
    """(seat, card) for each card of a trick, in the order played."""
    return [((leader + i) % n, card) for i, card in enumerate(cards)]


def _trick_winner(leader: int, cards: list[int], n: int) -> int:
    """The taker of a full trick: the highest spade, else the highest card of the suit led."""
    led = cards[0] // 13

    def strength(card: int) -> int:
        suit = card // 13
        return 200 + card if suit == 3 else (100 + card if suit == led else card)

    best = max(range(len(cards)), key=lambda i: strength(cards[i]))
    return (leader + best) % n


def check_cards(game: Game) -> None:
    """Each of the 52 cards is in exactly one place; sizes and counts add up."""
    n = game.rules.players
    log = game.hands[-1]
    where: dict[int, str] = {}

    def put(card: int, place: str) -> None:
        assert card not in where, f"{card_text(card)} is both in {where[card]} and in {place}"
        where[card] = place

    for seat in range(n):
        for card in cards_in(game._hands[seat]):
            put(card, f"hand {seat}")
    so_far = tricks_so_far(game)
    for t, trick in enumerate(so_far):
        for card in trick.cards:
            put(card, f"trick {t + 1}")
    if n == 2:
        assert not game._pending
        for card in game._pile:
            put(card, "the discard pile")
        for card in log.deck[game._stock_pos:]:
            put(card, "the stock")
    else:
        assert game._pile == []
        for seat, cards in game._pending.items():
            for card in cards:
                put(card, f"seat {seat}'s pending exchange")
    assert set(where) == set(range(52)), f"missing: {set(range(52)) - set(where)}"

    # Who played what in this hand, trick by trick.
    played = [0] * n
    completed = 0
    won = [0] * n
    for t, (leader, cards, winner) in enumerate((t.leader, list(t.cards), t.winner)
                                                for t in so_far):
        assert len(cards) <= n
        for seat, _ in _trick_seats(leader, cards, n):
            played[seat] += 1
        if winner is None:
            assert t == len(so_far) - 1, "only the last trick may be open"
            assert len(cards) < n
            assert cards == game._trick, "the open trick is the game's current trick"
        else:
            assert len(cards) == n
            assert winner == _trick_winner(leader, cards, n)
            completed += 1
            won[winner] += 1
            if t + 1 < len(so_far):
                assert so_far[t + 1].leader == winner, "the winner leads the next trick"
    assert len(so_far) <= 13
    assert max(played) - min(played) <= 1
    assert sum(game._won) == completed
    assert list(game._won) == won
    if log.result is not None:
        assert list(log.result.tricks) == won
        assert completed == 13

    # Hand sizes.
    sizes = [game._hands[s].bit_count() for s in range(n)]
    if n == 2:
        drafted = [sum(1 for e in log.draft if e[0] == s) for s in range(2)]
        assert len(game._pile) == len(log.draft)
        assert len(log.deck) - game._stock_pos == 52 - 2 * len(log.draft)
        if game.phase in (Phase.BLIND_NIL, Phase.DRAFT):
            assert sizes == drafted
        else:
            assert drafted == [13, 13]
            assert sizes == [13 - played[s] for s in range(2)]
        # Each seat's own discards are the draft's discards, one per draft turn.
        for seat in range(2):
            mine = {e[3] for e in log.draft if e[0] == seat}
            assert set(cards_in(game._discards[seat])) == mine
        # The pile: the discards, then each exchange takes its draw and adds what was given.
        pile = [e[3] for e in log.draft]
        for seat, gave, received in log.exchanges:
            assert seat in log.blind_nil
            assert received is not None and len(received) == len(gave) <= 3
            assert set(received) <= set(pile)
            pile = [c for c in pile if c not in received] + list(gave)
        assert sorted(pile) == sorted(game._pile)
    else:
        pending = {s: len(c) for s, c in game._pending.items()}
        assert sizes == [13 - played[s] - pending.get(s, 0) for s in range(4)]
        gave = {seat: g for seat, g, _ in log.exchanges}
        for seat, g, received in log.exchanges:
            partner = (seat + 2) % 4
            assert len(g) == 3
            if received is None:
                assert game._pending.get(seat) == g
                assert partner not in gave
            else:
                assert received == gave[partner]
    # Holdings when bidding starts: what each seat held then is what it holds now plus
    # what it has played since.
    if log.holdings:
        for seat in range(n):
            now = set(cards_in(game._hands[seat]))
            now |= {c for t in so_far for s, c in _trick_seats(t.leader, list(t.cards), n)
                    if s == seat}
            assert _card_set(log.holdings[seat]) == now
    if game.phase is Phase.PLAY:
        leader, cards = so_far[-1].leader, so_far[-1].cards
        assert game.to_move == (leader + len(cards)) % n


def _side_result(game: Game, log: Any, side: int) -> tuple[int, int]:
    """A side's points and bags for a finished hand, worked out afresh from the log."""
    rules, n = game.rules, game.rules.players
    seats = [s for s in range(n) if rules.side_of(s) == side]
    bids = dict(log.bids)
    for seat in log.blind_nil:
        bids[seat] = 0
    won = log.result.tricks
    contract = sum(bids[s] for s in seats if bids[s] > 0)
    toward = sum(won[s] for s in seats if bids[s] > 0)
    points = bags = 0
    if contract and toward >= contract:
        bags = toward - contract
        points = 10 * contract + bags
    elif contract:
        points = -10 * contract
    for s in seats:
        if bids[s] == 0:
            value = rules.blind_nil_points if s in log.blind_nil else rules.nil_points
            points += value if won[s] == 0 else -value + won[s]
            bags += won[s]
    return points, bags


def check_scores(game: Game) -> None:
    """Running scores and bag totals are the hands' results carried hand by hand."""
    rules = game.rules
    totals, bag_totals = [0, 0], [0, 0]
    finished = [log for log in game.hands if log.result is not None]
    assert len(finished) in (len(game.hands), len(game.hands) - 1)
    assert all(log.result is not None for log in game.hands[:-1])
    for i, log in enumerate(finished):
        result = log.result
        assert sum(result.tricks) == 13
        for side in range(2):
            points, bags = _side_result(game, log, side)
            assert (result.points[side], result.bags[side]) == (points, bags)
            before = bag_totals[side] + bags
            times = before // rules.bag_limit if rules.bag_limit > 0 else 0
            assert result.penalties[side] == times * rules.bag_penalty
            bag_totals[side] = before - times * rules.bag_limit
            totals[side] += result.points[side] - result.penalties[side]
        assert list(result.scores) == totals
        assert list(result.bag_totals) == bag_totals
        # The game goes on after every hand but the one that decided it.
        top = max(totals)
        decided = (top >= rules.target or (rules.lose_threshold is not None
                                           and min(totals) <= rules.lose_threshold))
        decided = decided and totals.count(top) == 1
        if i < len(finished) - 1 or not game.over:
            assert not decided, f"hand {log.number} should have ended the game"
        else:
            assert decided
            assert game.winner == totals.index(top)
    assert game.scores == totals
    assert game.bag_totals == bag_totals
    # Closed form: the bag total is every bag made less bag_limit per penalty.
    for side in range(2):
        made = sum(log.result.bags[side] for log in finished)
        penalties = sum(log.result.penalties[side] for log in finished)
        if rules.bag_limit > 0:
            assert penalties % rules.bag_penalty == 0
            times = penalties // rules.bag_penalty
            assert bag_totals[side] == made - rules.bag_limit * times
            assert 0 <= bag_totals[side] < rules.bag_limit
        else:
            assert bag_totals[side] == made and penalties == 0
    if game.over:
        assert game.phase is Phase.OVER and game.to_move is None
        assert game.legal_actions() == []
    else:
        assert game.winner is None


def _cards_named(value: Any) -> set[int]:
    """Every card written anywhere in a JSON value (cards, 'play AS', 'give 2C QH')."""
    if isinstance(value, str):
        return {parse_card(w) for w in value.split() if CARD_TOKEN.match(w)}
    if isinstance(value, dict):
        return set().union(*map(_cards_named, value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*map(_cards_named, value)) if value else set()
    return set()


def check_observations(game: Game) -> None:
    """Each seat's observation shows its own cards and no card it has not seen."""
    log = game.hands[-1]
    for seat in range(game.rules.players):
        obs = game.observation(seat)
        data = obs.to_json()
        assert json.loads(json.dumps(data)) == data
        named = _cards_named(data)
        hidden = named - visible(game, seat)
        assert not hidden, f"seat {seat} is shown {sorted(map(card_text, hidden))}"
        if game.phase is Phase.BLIND_NIL:
            assert obs.hand == ()
        else:
            assert set(obs.hand) == set(cards_in(game._hands[seat]))
        mover = game.phase is Phase.DRAFT and game.to_move == seat
        assert obs.offered == (log.deck[game._stock_pos] if mover else None)
        assert obs.legal == (tuple(game.legal_actions()) if game.to_move == seat else ())
        assert obs.scores == tuple(game.scores)
        assert obs.bag_totals == tuple(game.bag_totals)
        assert obs.tricks_won == tuple(game._won)
        for who, gave, _ in log.exchanges:
            assert obs.exchanged[who] == len(gave)
        # the cards chosen so far in an exchange: the chooser's own, in her hand
        choosing = bool(game._chosen) and game._queue[0] == seat
        assert obs.giving == (tuple(cards_in(game._chosen)) if choosing else ())
        assert set(obs.giving) <= set(obs.hand)


def check_all(game: Game) -> None:
    check_cards(game)
    check_scores(game)
    check_observations(game)


def check_round_trip(game: Game) -> None:
    """The record replays to the same game: same text, same observation for every seat."""
    text = record.dumps(game)
    loaded = record.loads(text)
    assert record.dumps(loaded) == text
    assert (loaded.phase, loaded.to_move, loaded.winner) == (game.phase, game.to_move, game.winner)
    if game._chosen and game.phase is Phase.EXCHANGE:  # a record keeps whole exchanges only
        assert loaded.observation(game.to_move).giving == ()
        return
    assert loaded.legal_actions() == game.legal_actions()
    for seat in range(game.rules.players):
        assert loaded.observation(seat) == game.observation(seat)
        assert loaded.observation(seat).to_json() == game.observation(seat).to_json()
        assert loaded.hand_of(seat) == game.hand_of(seat)


# ------------------------------------------------------------------ the state machines


house_rules = st.fixed_dictionaries(
    {},
    optional={
        "target": st.sampled_from([100, 150, 300]),
        "lose_threshold": st.sampled_from([None, -150, -300]),
        "lead_spades_anytime": st.booleans(),
        "bag_limit": st.sampled_from([0, 3, 5, 10]),
        "bag_penalty": st.sampled_from([50, 100]),
        "nil": st.booleans(),
        "blind_nil_deficit": st.sampled_from([0, 50]),
        "nil_points": st.sampled_from([50, 100]),
    },
)


class GameMachine(RuleBasedStateMachine):
    """Random play of one variant under random house rules."""

    variant = "two-player"

    @initialize(seed=st.integers(0, 2**32 - 1), options=house_rules)
    def start(self, seed: int, options: dict[str, Any]) -> None:
        options.setdefault("target", 100)
        self.rules = rules_for(self.variant, **options)
        self.game = Game(self.rules, seed=seed)
        self.steps = 0

    def playing(self) -> bool:
        return not self.game.over and self.game.hand_number <= MAX_HANDS

    @precondition(lambda self: self.playing())
    @rule(index=st.integers(0, 400))
    def act(self, index: int) -> None:
        legal = self.game.legal_actions()
        assert legal, f"no legal action in {self.game!r}"
        action = legal[index % len(legal)]
        assert self.game.can_apply(action)
        self.game.apply(action)
        self.steps += 1

    @precondition(lambda self: self.playing())
    @rule(seed=st.integers(0, 2**16), count=st.integers(1, 60), sensible=st.booleans())
    def burst(self, seed: int, count: int, sensible: bool) -> None:
        rng = random.Random(seed)
        for _ in range(count):
            if not self.playing():
                break
            action = (sensible_action(self.game, rng) if sensible
                      else rng.choice(self.game.legal_actions()))
            self.game.apply(action)
            check_cards(self.game)
            self.steps += 1

    @precondition(lambda self: self.playing())
    @rule(phase=st.sampled_from([Phase.BLIND_NIL, Phase.DRAFT, Phase.EXCHANGE, Phase.BIDDING,
                                 Phase.PLAY]), seed=st.integers(0, 2**16))
    def until_phase(self, phase: Phase, seed: int) -> None:
        """Random actions (blind nil half the time) until ``phase`` begins, or 150 steps."""
        rng = random.Random(seed)
        for _ in range(150):
            if not self.playing() or self.game.phase is phase:
                break
            self.game.apply(rng.choice(self.game.legal_actions()))
            self.steps += 1

    @precondition(lambda self: not self.playing())
    @rule(seed=st.integers(0, 2**32 - 1))
    def new_game(self, seed: int) -> None:
        check_round_trip(self.game)
        self.game = Game(self.rules, seed=seed)

    @rule()
    def round_trip(self) -> None:
        check_round_trip(self.game)

    @invariant()
    def consistent(self) -> None:
        check_all(self.game)
        event(f"phase {self.game.phase}")
        event(f"hands scored: {min(3, sum(1 for h in self.game.hands if h.result))}")
        if self.game.hands[-1].exchanges:
            event("an exchange")


MACHINE_SETTINGS = settings(
    max_examples=40,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


class TwoPlayerMachine(GameMachine):
    variant = "two-player"


class TwoPlayer300Machine(GameMachine):
    variant = "two-player-300"


class PartnershipMachine(GameMachine):
    variant = "partnership"


TestTwoPlayer = TwoPlayerMachine.TestCase
TestTwoPlayer.settings = MACHINE_SETTINGS
TestTwoPlayer300 = TwoPlayer300Machine.TestCase
TestTwoPlayer300.settings = MACHINE_SETTINGS
TestPartnership = PartnershipMachine.TestCase
TestPartnership.settings = MACHINE_SETTINGS


# ------------------------------------------------------------------ complete games


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", range(3))
def test_complete_games_checked_every_step(variant: str, seed: int) -> None:
    """A whole game to its end, every invariant checked after every action."""
    rng = random.Random(f"{variant}:{seed}")
    game = Game(rules_for(variant, target=100, lose_threshold=-300), seed=seed)
    while not game.over:
        game.apply(sensible_action(game, rng))
        check_all(game)
        assert game.hand_number <= 60, "the game should have reached 100 or -300 points"
    assert game.winner is not None
    assert max(game.scores) >= 100 or min(game.scores) <= -300
    assert game.scores[game.winner] == max(game.scores) > min(game.scores)
    check_round_trip(game)


@pytest.mark.parametrize("variant", VARIANTS)
def test_many_games_end_consistent(variant: str) -> None:
    """Many games, random and sensible, checked at the end of each hand and at the end."""
    finished = 0
    for seed in range(25):
        rng = random.Random(seed)
        sensible = seed % 2 == 0
        options = {"target": 100} if sensible else {"target": 100, "lose_threshold": -300}
        game = Game(rules_for(variant, **options), seed=seed)
        hand = game.hand_number
        while not game.over and game.hand_number <= 30:
            game.apply(sensible_action(game, rng) if sensible
                       else rng.choice(game.legal_actions()))
            if game.hand_number != hand or game.over:
                hand = game.hand_number
                check_all(game)
        finished += game.over
        check_round_trip(game)
    assert finished >= 20


@pytest.mark.parametrize("variant", VARIANTS)
def test_sandbag_penalties_happen_and_carry(variant: str) -> None:
    """Low bids make bags; a small bag limit makes penalties, and the totals still add up."""
    penalties = 0
    for seed in range(6):
        rng = random.Random(seed)
        game = Game(rules_for(variant, target=300, bag_limit=3, blind_nil=False), seed=seed)
        while not game.over and game.hand_number <= 25:
            game.apply(sensible_action(game, rng, low=True))
        check_scores(game)
        penalties += sum(sum(log.result.penalties) for log in game.hands if log.result)
    assert penalties > 0
