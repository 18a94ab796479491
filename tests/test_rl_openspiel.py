"""python_spades in OpenSpiel: the API test, parameters, resampling, ISMCTS, and the same
deals and actions as OpenSpiel's own ``spades``."""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import spades.rl.openspiel  # noqa: F401 (registers python_spades)
from spades.actions import BID_BASE, BLIND_NIL, NO_BLIND_NIL, NUM_ACTIONS
from spades.cards import SPADES, suit_of
from spades.rl.encoding import encode

VARIANTS = ("two-player", "two-player-300", "partnership")


def _load(**params: object) -> pyspiel.Game:
    text = ",".join(f"{k}={v}" for k, v in params.items())
    return pyspiel.load_game(f"python_spades({text})")


def _random_step(state: pyspiel.State, rng: random.Random, blind: float = 0.5) -> None:
    """A random chance outcome or action; blind nil declared with probability ``blind``."""
    if state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        return
    legal = state.legal_actions()
    if BLIND_NIL in legal:
        state.apply_action(BLIND_NIL if rng.random() < blind else NO_BLIND_NIL)
    else:
        state.apply_action(rng.choice(legal))


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_sim_test(variant: str) -> None:
    pyspiel.random_sim_test(_load(variant=variant), num_sims=2, serialize=True, verbose=False)


def test_random_sim_test_of_a_match() -> None:
    game = _load(variant="two-player", episode="match", target=60, max_hands=3)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_parameters_take_the_variants_values_unless_given() -> None:
    assert _load(variant="two-player").num_distinct_actions() == NUM_ACTIONS
    assert _load(variant="two-player-300").num_distinct_actions() == 70
    assert _load(variant="two-player-300", blind_nil=1).num_distinct_actions() == NUM_ACTIONS
    assert _load(variant="partnership", blind_nil=0).num_distinct_actions() == 70
    game = _load(variant="partnership", target=300, lead_spades_anytime=1)
    assert game.num_players() == 4
    state = game.new_initial_state()
    rules = state.engine.rules
    assert (rules.target, rules.lead_spades_anytime, rules.blind_nil) == (300, True, True)
    assert _load(variant="two-player-300").new_initial_state().engine.rules.target == 300


def test_hand_returns_are_the_sides_points() -> None:
    rng = random.Random(3)
    state = _load(variant="partnership").new_initial_state()
    while not state.is_terminal():
        _random_step(state, rng)
    scores = state.engine.hands[0].result.scores
    assert state.returns() == [scores[0], scores[1], scores[0], scores[1]]


def test_tensor_and_strings_are_the_seats_observation() -> None:
    rng = random.Random(1)
    game = _load(variant="two-player")
    state = game.new_initial_state()
    for _ in range(80):
        _random_step(state, rng)
    seat = state.current_player()
    view = state.engine.observation(seat)
    assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), encode(view))
    assert np.array_equal(np.array(state.information_state_tensor(seat), np.float32),
                          encode(view))
    assert json.loads(state.information_state_string(seat))["hand"] == json.loads(
        json.dumps(view.to_json()))["hand"]
    assert state.observation_string(seat) == state.information_state_string(seat)


@pytest.mark.parametrize("variant", ["two-player", "partnership"])
def test_resampling_keeps_the_view_and_changes_the_hidden_cards(variant: str) -> None:
    """At every decision of games rich in blind nil exchanges, a resampled state shows
    the seat to move the same view and legal actions, and deals the others' cards anew."""
    game = _load(variant=variant)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = changed = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                seat = state.current_player()
                other = state.resample_from_infostate(seat, sampler)
                assert other.information_state_string(seat) == state.information_state_string(
                    seat)
                assert other.legal_actions() == state.legal_actions()
                checked += 1
                hidden = [s for s in range(game.num_players()) if s != seat]
                changed += any(other.engine.hand_of(s) != state.engine.hand_of(s)
                               for s in hidden)
            _random_step(state, rng)
    assert checked > 200 and changed > checked * 0.8


@pytest.mark.parametrize(("variant", "expected"), [("partnership", 13 / 3), ("two-player", 6.5)])
def test_resampling_does_not_leak_the_hidden_cards(variant: str, expected: float) -> None:
    """At the first bid, an opponent's resampled hand shares with her true one only what
    chance would: a third of her 13 cards in partnership, half in two-player."""
    game = _load(variant=variant)
    rng = random.Random(5)
    state = game.new_initial_state()
    while state.is_chance_node() or state.engine.phase != "bidding":
        _random_step(state, rng, blind=0.0)
    seat = state.current_player()
    opponent = (seat + 1) % game.num_players()
    true = set(state.engine.hand_of(opponent))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    shared = [len(true & set(state.resample_from_infostate(seat, sampler).engine.hand_of(
        opponent))) for _ in range(200)]
    assert abs(sum(shared) / len(shared) - expected) < 1.0


def test_resampled_two_player_draws_come_from_the_discard_pile() -> None:
    """Both players exchange: the resampled history replays every draw from the pile."""
    game = _load(variant="two-player")
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal() and state.engine.phase != "play":
            _random_step(state, rng, blind=1.0)
        assert len(state.engine.hands[0].exchanges) == 2
        seat = state.current_player()
        other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        log = other.engine.hands[0]
        assert [e[0] for e in log.exchanges] == [0, 1]
        mine = next(e for e in log.exchanges if e[0] == seat)
        assert mine == next(e for e in state.engine.hands[0].exchanges if e[0] == seat)


def test_ismcts_plays_a_hand() -> None:
    game = _load(variant="partnership")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=np.random.RandomState(0))
    rng = random.Random(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node() or state.current_player() != 0:
            _random_step(state, rng)
        else:
            state.apply_action(bot.step(state))
    assert state.engine.hands[0].result is not None


# ------------------------------------------------- against OpenSpiel's own spades

def _failed_nil(bids: list[int], tricks: list[int], side: int) -> bool:
    return any(bids[s] == 0 and tricks[s] > 0 for s in (side, side + 2))


@pytest.mark.parametrize("seed", range(12))
def test_same_deals_and_actions_as_openspiels_spades(seed: int) -> None:
    """Legal actions, trick winners, trick counts and scores agree with OpenSpiel's
    ``spades`` on the same deal and actions, except where its rules differ (docs/rl.md):
    no blind nil there, partners' bids may not sum above 13 there, spades never break
    there, and a failed nil's tricks count toward the partner's contract there."""
    rng = random.Random(seed)
    ours = _load(variant="partnership").new_initial_state()
    theirs = pyspiel.load_game("spades").new_initial_state()
    while theirs.is_chance_node():
        card = rng.choice([a for a, _ in theirs.chance_outcomes()])
        theirs.apply_action(card)
        ours.apply_action(card)
    while ours.legal_actions() == [BLIND_NIL, NO_BLIND_NIL]:  # not in OpenSpiel
        ours.apply_action(NO_BLIND_NIL)
    winners: list[int] = []
    plays = 0
    while not theirs.is_terminal():
        assert ours.current_player() == theirs.current_player()
        mine, its = set(ours.legal_actions()), set(theirs.legal_actions())
        engine = ours.engine
        view = engine.observation(engine.to_move)
        if engine.phase == "bidding":
            assert its <= mine  # OpenSpiel caps the partners' sum at 13
        elif not view.trick.cards and view.spades_broken:
            # leading after spades broke: only we may lead a spade
            assert its == {c for c in mine if suit_of(c) != SPADES} or its == mine
        else:
            assert mine == its
        action = rng.choice(sorted(mine & its))
        ours.apply_action(action)
        theirs.apply_action(action)
        plays += action < BID_BASE
        if plays % 4 == 0 and action < BID_BASE and not theirs.is_terminal():
            winners.append(theirs.current_player())  # the trick's winner leads
    log = ours.engine.hands[0]
    assert [t.winner for t in log.tricks[:12]] == winners
    counts = str(theirs).split("North East  South  West\n")[-1].split()[:4]
    assert list(log.result.tricks) == [int(c) for c in counts]
    bids = [dict(log.bids)[s] for s in range(4)]
    for side in (0, 1):
        if not _failed_nil(bids, list(log.result.tricks), side):
            assert ours.returns()[side] == theirs.returns()[side]
