"""The position (docs/record.md §5): one line for a match's state, loaded back exactly.

A hypothesis state machine per variant plays random games (dealt by a seed, or by the
caller with draws awaited) and checks after every step that the position loads to the
same game and is written again the same, and that no seat's view names a card the seat
has not seen. Bad text is refused in one line. Then tricks, who played what, the voids
and the last trick, on games built from positions.
"""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import visible
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from test_stateful import house_rules, sensible_action

from spades import Game, Phase, Trick, card_text, parse_card, rules_for
from spades.cards import SUIT_MASKS, mask_of
from spades.chance import shuffled_deck
from spades.position import Position, PositionError

CARD = re.compile(r"[2-9TJQKA][CDHS]")
CLUBS = SUIT_MASKS[0]


def check_position(game: Game) -> None:
    """The position loads to the same game and is written again the same; each seat's view
    names no card the seat has not seen."""
    text = game.position()
    assert "\n" not in text and "  " not in text
    loaded = Game.from_position(text)
    assert loaded.position() == text
    assert Position.parse(text).text() == text
    assert (loaded.phase, loaded.to_move, loaded.winner) == (game.phase, game.to_move, game.winner)
    assert (loaded.scores, loaded.bag_totals) == (game.scores, game.bag_totals)
    assert loaded.hand_number == game.hand_number
    assert loaded.legal_actions() == game.legal_actions()
    assert loaded.hand_masks() == game.hand_masks()
    assert loaded.chance_step == game.chance_step
    for seat in range(game.rules.players):
        ours, theirs = game.observation(seat), loaded.observation(seat)
        # earlier hands are not part of a position: their results and last trick, and
        # while the next hand awaits its deal, the hand before
        assert theirs.results == ours.results[len(ours.results) - len(theirs.results):]
        if game.phase is not Phase.DEAL:
            if ours.tricks:
                assert theirs.last_trick == ours.last_trick
            assert dataclasses.replace(theirs, results=(), last_trick=None) == (
                dataclasses.replace(ours, results=(), last_trick=None))
        view = game.position(seat=seat)
        assert view.split(" ")[-1] == f"seat:{seat}"
        if game.phase is not Phase.DEAL:
            named = {parse_card(c) for c in CARD.findall(view)}
            hidden = named - visible(game, seat)
            assert not hidden, (seat, sorted(map(card_text, hidden)), view)


def step(game: Game, rng: random.Random, sensible: bool) -> None:
    """A random step: the deal or the draw the game waits for, else an action."""
    if game.phase is Phase.DEAL:
        game.deal(shuffled_deck(rng))
    elif game.phase is Phase.DRAW:
        chance = game.chance_step
        assert chance is not None
        game.draw(rng.sample(chance.cards, chance.count))
    else:
        game.apply(sensible_action(game, rng) if sensible else rng.choice(game.legal_actions()))


class PositionMachine(RuleBasedStateMachine):
    """Random play of one variant; the caller deals and draws when the game waits."""

    variant = "two-player"

    @initialize(seed=st.integers(0, 2**32 - 1), options=house_rules, by_caller=st.booleans())
    def start(self, seed: int, options: dict[str, Any], by_caller: bool) -> None:
        options.setdefault("target", 100)
        self.rng = random.Random(seed)
        self.game = Game(rules_for(self.variant, **options), seed=None if by_caller else seed)

    @precondition(lambda self: not self.game.over and self.game.hand_number <= 3)
    @rule(seed=st.integers(0, 2**16), count=st.integers(1, 40), sensible=st.booleans())
    def burst(self, seed: int, count: int, sensible: bool) -> None:
        rng = random.Random(seed)
        for _ in range(count):
            if self.game.over:
                break
            step(self.game, rng, sensible)

    @precondition(lambda self: not self.game.over and self.game.hand_number <= 3)
    @rule(seed=st.integers(0, 2**16))
    def to_the_next_phase(self, seed: int) -> None:
        rng, phase = random.Random(seed), self.game.phase
        while not self.game.over and self.game.phase is phase:
            step(self.game, rng, sensible=True)

    @precondition(lambda self: self.game.over or self.game.hand_number > 3)
    @rule(seed=st.integers(0, 2**32 - 1))
    def new_game(self, seed: int) -> None:
        self.game = Game(self.game.rules, seed=seed)

    @invariant()
    def loads_back(self) -> None:
        check_position(self.game)


MACHINE_SETTINGS = settings(max_examples=25, stateful_step_count=30, deadline=None,
                            suppress_health_check=[HealthCheck.too_slow])


VARIANTS = ("two-player", "two-player-300", "partnership")


@pytest.mark.parametrize("variant", VARIANTS)
def test_positions_load_back_through_random_games(variant: str) -> None:
    machine = type("Positions", (PositionMachine,), {"variant": variant})
    run_state_machine_as_test(machine, settings=MACHINE_SETTINGS)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_phase_round_trips(variant: str) -> None:
    """Games dealt by the caller, to their end: every phase the variant has is met."""
    met: set[Phase] = set()
    for seed in range(12):
        rng = random.Random(seed)
        game = Game(rules_for(variant, target=60, lose_threshold=-60))
        while not game.over:
            check_position(game)
            met.add(game.phase)
            # blind nil often, so that exchanges come
            if game.phase is Phase.BLIND_NIL and rng.random() < 0.5:
                game.apply("blind nil")
            else:
                step(game, rng, sensible=True)
        check_position(game)
        met.add(game.phase)
    two, blind_nil = game.rules.players == 2, game.rules.blind_nil
    expected = {Phase.DEAL, Phase.BIDDING, Phase.PLAY, Phase.OVER, *[Phase.DRAFT] * two}
    if blind_nil:
        expected |= {Phase.BLIND_NIL, Phase.EXCHANGE, *[Phase.DRAW] * two}
    assert met == expected


# ------------------------------------------------------------------ the text

DECK = "".join(card_text(c) for c in range(52))  # partnership hand 1: seat s holds c % 4 == s
PLAYS = "AC3C4C5C/2C7C8C9C/KC6CJCQC/4D5D2D3D/TC6D7D8D"
GIFT = "2C6CTC"  # seat 0's clubs, for a blind nil exchange with seat 2's 4C 8C QC


def test_a_constructed_position_reads_as_documented() -> None:
    text = f"partnership 1 0,0 0,0 {DECK} nnnn - - 3,3,3,3 {PLAYS}"
    game = Game.from_position(text)
    assert game.position() == text
    assert game.phase is Phase.PLAY and game.to_move == 0
    assert game.observation(0).tricks_won == (3, 0, 0, 2)
    position = game.position_value()
    assert position.bids == (3, 3, 3, 3) and len(position.tricks) == 5
    exchanged = f"partnership 1 0,0 0,0 {DECK} bnnn - {GIFT}>4C8CQC,4C8CQC>{GIFT} 2,4,1 -"
    game = Game.from_position(exchanged)
    assert game.position() == exchanged and game.observation(0).received == tuple(
        parse_card(c) for c in ("4C", "8C", "QC"))
    assert Game.from_position("two-player-300:target=200,nil=false 4 -40,170 3,12 - - - - - -"
                              ).position() == "two-player-300:target=200,nil=false 4 -40,170 " \
                                              "3,12 - - - - - -"


def test_the_documented_example_loads() -> None:
    document = (Path(__file__).parent.parent / "docs" / "record.md").read_text()
    example = document.split("## 5. The position")[1].split("```")[1].strip()
    game = Game.from_position(example)
    assert game.position() == example and game.observation(2).received == tuple(
        parse_card(c) for c in ("2C", "6C", "TC"))


def test_a_game_from_a_position_goes_on_with_a_seed() -> None:
    text = Game(rules_for("two-player"), seed=3).position()
    one, two = Game.from_position(text, seed=9), Game.from_position(text, seed=9)
    rng = random.Random(1)
    while one.hand_number < 3 and not one.over:
        action = rng.choice(one.legal_actions())
        one.apply(action)
        two.apply(action)
    assert one.position() == two.position() and one.hand_number >= 2


@pytest.mark.parametrize(("text", "says"), [
    ("", "10 fields"),
    ("partnership 1 0,0 0,0 - - - - -", "10 fields"),
    ("partnership  1 0,0 0,0 - - - - - -", "10 fields"),
    ("bridge 1 0,0 0,0 - - - - - -", "unknown variant"),
    ("partnership:target 1 0,0 0,0 - - - - - -", "name=value"),
    ("partnership:target=high 1 0,0 0,0 - - - - - -", "true, false, none or an integer"),
    ("partnership:colour=1 1 0,0 0,0 - - - - - -", "unknown rule option"),
    ("partnership 0 0,0 0,0 - - - - - -", "1 or more"),
    ("partnership x 0,0 0,0 - - - - - -", "hand must be an integer"),
    ("partnership 1 0 0,0 - - - - - -", "scores must be 2 integers"),
    ("partnership 1 0,0 0,0,0 - - - - - -", "bags must be 2 integers"),
    ("partnership 1 0,0 0,0 2C3C - - - - -", "each of the 52 cards once"),
    (f"partnership 1 0,0 0,0 {DECK[:-2]}2C - - - - -", "each of the 52 cards once"),
    (f"partnership 1 0,0 0,0 {DECK[:-2]}ZZ - - - - -", "not a card"),
    (f"partnership 1 0,0 0,0 {DECK} nnxn - - - -", "letters b and n"),
    (f"partnership 1 0,0 0,0 {DECK} nnnn k - - -", "draft decision 1: seat 0 cannot keep"),
    (f"partnership 1 0,0 0,0 {DECK} nnnn - - 3,3,3,14 -", "not a bid"),
    (f"partnership 1 0,0 0,0 {DECK} nnnn - - 3,3,3,3 AC3C4C5C/2C7C8C/9C", "a trick has 4"),
    (f"partnership 1 0,0 0,0 {DECK} nnnn - - 3,3,3,3 AC3C4C4D", "must follow clubs"),
    (f"partnership 1 0,0 0,0 {DECK} nnn - - 3,3,3,3 -", "bid 1: seat 3 cannot bid 3"),
    (f"partnership 1 0,0 0,0 {DECK} bnnn - {GIFT}>4C8CKS,4C8CQC>{GIFT} - -", "received 4C 8C QC"),
    ("partnership 1 0,0 0,0 - nnnn - - - -", "not dealt"),
    (f"partnership 1 0,0 0,0 {'??' * 52} - - - - - seat:1", "seat's view does not load"),
    (f"partnership 1 0,0 0,0 {'??' * 52} - - - - -", "seat's view does not load"),
    (f"two-player 1 0,0 0,0 {DECK} nn {'k' * 26} 2C3C - -", "'>'"),
])
def test_bad_text_is_refused_in_one_line(text: str, says: str) -> None:
    with pytest.raises(PositionError) as caught:
        Game.from_position(text)
    message = str(caught.value)
    assert "\n" not in message and says in message, message


def test_a_finished_hand_with_the_game_going_on_is_the_next_hands_position() -> None:
    game = Game(rules_for("two-player"), seed=4)
    rng = random.Random(4)
    while game.hand_number == 1:
        text = game.position()
        game.apply(rng.choice(game.legal_actions()))
    # the last card of hand 1, played into the position of before it
    last = game.hands[0].tricks[-1].cards[-1]
    with pytest.raises(PositionError, match="the next hand's position"):
        Game.from_position(text + card_text(last))
    assert game.position().startswith("two-player 2 ")


# ------------------------------------------------------------------ tricks and who played


def test_a_trick_knows_who_played_each_card() -> None:
    cards = [parse_card(c) for c in ("5C", "9C", "3H", "KC")]
    trick = Trick.of(1, cards, 4, 0)
    assert trick.plays == ((1, cards[0]), (2, cards[1]), (3, cards[2]), (0, cards[3]))
    assert trick.cards == tuple(cards)
    assert [trick.played_by(c) for c in cards] == [1, 2, 3, 0]
    assert trick.played_by(parse_card("AS")) is None
    assert Trick.of(1, cards[:2], 2).plays == ((1, cards[0]), (0, cards[1]))
    assert trick.to_json() == {"leader": 1, "cards": ["5C", "9C", "3H", "KC"], "winner": 0}


def test_played_by_voids_and_the_last_trick_of_a_constructed_game() -> None:
    game = Game.from_position(f"partnership 1 0,0 0,0 {DECK} nnnn - - 3,3,3,3 {PLAYS}")
    obs = game.observation(1)
    assert [t.winner for t in obs.tricks] == [0, 3, 3, 0, 0]
    assert obs.tricks[1].played_by(parse_card("9C")) == 3
    assert obs.last_trick == obs.tricks[-1] and obs.last_trick.leader == 0
    assert obs.trick == Trick.of(0, (), 4) == game.current_trick
    mine = mask_of(parse_card(c) for c in ("3C", "7C", "JC", "2D", "6D"))
    assert obs.played_by()[1] == mine
    assert sum(m.bit_count() for m in obs.played_by()) == 20
    assert obs.voids() == [0, CLUBS, CLUBS, CLUBS]
    assert game.spectator_observation().voids() == obs.voids()
    # a card on the table: its trick is under way, the last trick is still the fifth
    game.apply("play KD")
    obs = game.observation(2)
    assert obs.trick is not None and obs.trick.plays == ((0, parse_card("KD")),)
    assert obs.last_trick is not None and obs.last_trick.cards[0] == parse_card("TC")


def test_the_last_trick_before_a_hands_first_is_the_hand_befores_thirteenth() -> None:
    game = Game(rules_for("partnership"), seed=5)
    rng = random.Random(5)
    assert game.observation(0).last_trick is None
    while game.hand_number == 1:
        game.apply(rng.choice(game.legal_actions()))
    assert game.observation(2).last_trick == game.hands[0].tricks[-1]
    assert game.spectator_observation().last_trick == game.hands[0].tricks[-1]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_seats_view_names_no_card_of_another_hand(variant: str) -> None:
    game = Game(rules_for(variant), seed=11)
    rng = random.Random(11)
    while game.phase is not Phase.PLAY or len(game.hands[-1].tricks) < 3:
        game.apply(rng.choice(game.legal_actions()))
    for seat in range(game.rules.players):
        view = game.position(seat=seat)
        named = {parse_card(c) for c in CARD.findall(view)}
        assert set(game.hand_of(seat)) <= named
        seen = visible(game, seat)  # a card it gave, or discarded and the opponent drew
        for other in range(game.rules.players):
            if other != seat:
                assert not (named & set(game.hand_of(other))) - seen, (seat, other, view)
        with pytest.raises(PositionError, match="seat's view does not load"):
            Game.from_position(view)
