"""The PettingZoo and Gymnasium environments: their APIs' own checks, rewards, encoding."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from spades import Action, Game, rules_for
from spades.actions import NUM_ACTIONS
from spades.bots import make_bot
from spades.rl import pettingzoo as pz
from spades.rl.encoding import action_count, encode, offsets, tensor_size
from spades.rl.gymnasium import SpadesEnv
from tests.helpers import tricks_so_far

# PettingZoo's api_test suggests Box observations; ours are a Dict with the action mask
pytestmark = pytest.mark.filterwarnings("ignore:Observation:UserWarning")
VARIANTS = ("two-player", "two-player-300", "partnership")
SMALL_MATCH = {"rules": {"target": 100}, "max_hands": 4}


def _play_random(env, seed: int) -> dict[str, float]:
    """Play one episode with random legal actions; each agent's total reward."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        action = None if terminated or truncated else int(
            rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
    return totals


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("episode", ["hand", "match"])
def test_pettingzoo_api_and_seed(variant: str, episode: str) -> None:
    kwargs = {"variant": variant, "episode": episode, **(SMALL_MATCH if episode == "match" else {})}
    api_test(pz.env(**kwargs), num_cycles=200)
    seed_test(lambda: pz.env(**kwargs), num_cycles=100)


def test_action_space_sizes() -> None:
    assert action_count(rules_for("two-player")) == NUM_ACTIONS
    assert action_count(rules_for("partnership")) == NUM_ACTIONS
    assert action_count(rules_for("two-player-300")) == 70
    assert action_count(rules_for("partnership", blind_nil=False)) == 70
    assert action_count(rules_for("two-player", exchange_cards=1)) == NUM_ACTIONS
    # an exchange is chosen card by card: 52 give steps and their end, far under 200
    assert NUM_ACTIONS == 70 + 52 + 1 < 200
    assert pz.env(variant="partnership").action_space("player_0").n == 123
    env = pz.env(variant="two-player-300")
    env.reset(seed=1)
    assert env.action_space("player_0").n == 70


@pytest.mark.parametrize("variant", VARIANTS)
def test_hand_rewards_are_each_sides_score(variant: str) -> None:
    env = pz.env(variant=variant)
    totals = _play_random(env, seed=3)
    game = env.unwrapped.game
    assert game.hands[0].result is not None and len(game.hands) >= 1
    for seat in range(game.rules.players):
        side = game.rules.side_of(seat)
        assert totals[f"player_{seat}"] == game.hands[0].result.scores[side]


def test_match_rewards_are_win_and_loss() -> None:
    env = pz.env(variant="two-player", episode="match", rules={"target": 60, "nil": False},
                 max_hands=200)
    totals = _play_random(env, seed=5)
    game = env.unwrapped.game
    assert game.over
    assert totals[f"player_{game.winner}"] == 1.0 and totals[f"player_{1 - game.winner}"] == -1.0


def test_match_is_truncated_after_max_hands() -> None:
    env = pz.env(variant="partnership", episode="match", max_hands=1)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    while not any(env.truncations.values()):
        obs = env.observe(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.unwrapped.game.hand_number == 2 and not any(env.terminations.values())


def test_observation_is_the_seats_own_view() -> None:
    """The tensor shows the seat's cards and relative seats, and only what it may know."""
    env = pz.raw_env(variant="partnership")
    env.reset(seed=9)
    game = env.game
    while game.phase != "play" or len(tricks_so_far(game)) < 9:
        game.apply(game.legal_actions()[-1])
    parts = offsets(4)
    for seat in range(4):
        tensor = env.observe(f"player_{seat}")["observation"]
        assert tensor.shape == (tensor_size(4),)
        assert np.array_equal(tensor, encode(game.observation(seat)))
        start, size = parts["hand"]
        assert set(np.flatnonzero(tensor[start:start + size])) == set(game.hand_of(seat))
        start, _ = parts["to_move"]
        assert tensor[start + (game.to_move - seat) % 4] == 1
    start, size = parts["shown_void"]
    shown = tensor[start:start + size].reshape(4, 4)  # the last seat's view
    showed_out = 0
    for trick in game.observation(3).tricks:
        for i, card in enumerate(trick.cards):
            if card // 13 != trick.cards[0] // 13:
                assert shown[(trick.leader + i - 3) % 4, trick.cards[0] // 13] == 1
                showed_out += 1
    assert showed_out
    # the same seat in another deal with the other seats' cards moved: the same tensor
    deck = game.hands[0].deck
    other = list(deck)
    other[1::4], other[3::4] = deck[3::4], deck[1::4]  # swap seats 1 and 3 (dealer is 3)
    a, b = Game(rules_for("partnership"), decks=[deck]), Game(rules_for("partnership"),
                                                               decks=[other])
    for g in (a, b):
        while g.phase != "bidding":
            g.apply(g.legal_actions()[-1])
    assert np.array_equal(encode(a.observation(0)), encode(b.observation(0)))
    assert not np.array_equal(encode(a.observation(1)), encode(b.observation(1)))


@pytest.mark.parametrize("variant", VARIANTS)
def test_gymnasium_check_env(variant: str) -> None:
    check_env(SpadesEnv(variant=variant, seat=1, opponents="medium"), skip_render_check=True)
    check_env(SpadesEnv(variant=variant, opponents="random", episode="match", max_hands=2),
              skip_render_check=True)


def test_gymnasium_episode_reward_and_illegal_action() -> None:
    env = SpadesEnv(variant="partnership", seat=2, opponents="medium", partner="easy")
    obs, info = env.reset(seed=4)
    assert np.array_equal(obs["action_mask"], info["action_mask"])
    assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
    rng = np.random.default_rng(4)
    done, reward = False, 0.0
    while not done:
        assert env.game.to_move == 2
        obs, reward, terminated, truncated, _ = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        done = terminated or truncated
    assert reward == env.game.hands[0].result.scores[0]
    env.reset(seed=4)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal"]


def test_gymnasium_learner_observation_is_the_learners_own() -> None:
    """``learner_observation()`` is the learner's seat's Observation, the one the tensor and
    the mask come from, and a bot can act on it (imitation learning)."""
    env = SpadesEnv(variant="two-player-300", seat=1, opponents="medium")
    obs, _ = env.reset(seed=6)
    teacher = make_bot("medium", 6)
    done, steps = False, 0
    while not done:
        seen = env.learner_observation()
        assert seen == env.game.observation(1) and seen.seat == 1 and seen.to_move == 1
        assert np.array_equal(encode(seen), obs["observation"])
        assert set(np.flatnonzero(obs["action_mask"])) == {int(a) for a in seen.legal}
        obs, _, terminated, truncated, _ = env.step(int(teacher.act(seen)))
        done, steps = terminated or truncated, steps + 1
    assert steps == 27  # 13 draft decisions, a bid and 13 cards
    final = env.learner_observation()
    assert final.scores == env.game.hands[0].result.scores


def test_the_cards_chosen_so_far_are_in_the_choosers_tensor_only() -> None:
    game = Game(rules_for("partnership"), seed=5)
    game.apply("blind nil")
    while game.phase == "blind nil":
        game.apply("no blind nil")
    seat = game.to_move
    others = [encode(game.observation(s)) for s in range(4) if s != seat]
    card = game.hand_of(seat)[4]
    game.apply(Action.give(card))
    start, size = offsets(4)["giving"]
    assert list(np.flatnonzero(encode(game.observation(seat))[start:start + size])) == [card]
    assert all(np.array_equal(before, encode(game.observation(s)))
               for before, s in zip(others, [s for s in range(4) if s != seat], strict=True))
