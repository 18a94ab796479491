"""Train a policy with REINFORCE on spades.rl.gymnasium, against random then medium.

A benchmark to run by hand, not a test: numpy only, a few minutes on one CPU core.

    .venv/bin/python examples/train_reinforce.py --minutes 4

The policy is linear and softmax over the legal actions (the action mask): the logit
of action ``a`` is ``W[a] . x + b[a]`` with ``x`` the observation tensor of
docs/rl.md. Each update uses a batch of hands; the return of a decision is the
hand's margin (the learner's side's points less the other side's), less a running
baseline. Every batch prints
the win rate of the last hands (a hand is won when the learner's side scores more
points in it than the other side).
"""

from __future__ import annotations

import argparse
import time
from collections import deque

import numpy as np

from spades.rl.gymnasium import SpadesEnv


class LinearPolicy:
    """Softmax over the legal actions of a linear score; trained by REINFORCE with Adam."""

    def __init__(self, features: int, actions: int, rng: np.random.Generator,
                 rate: float = 0.01) -> None:
        self.w = np.zeros((actions, features + 1), np.float64)
        self.rng, self.rate = rng, rate
        self.m = np.zeros_like(self.w)
        self.v = np.zeros_like(self.w)
        self.steps = 0

    def probabilities(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """The policy over ``legal`` (indices) at features ``x`` (with the bias 1 last)."""
        logits = self.w[legal] @ x
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, observation: dict[str, np.ndarray]) -> tuple[int, np.ndarray, np.ndarray,
                                                                  np.ndarray]:
        """A sampled action, and what its gradient needs: features, legal actions, policy."""
        x = np.append(observation["observation"], 1.0)
        legal = np.flatnonzero(observation["action_mask"])
        p = self.probabilities(x, legal)
        choice = self.rng.choice(len(legal), p=p)
        return int(legal[choice]), x, legal, p

    def update(self, decisions: list[tuple[np.ndarray, np.ndarray, np.ndarray, int, float]]
               ) -> None:
        """One Adam step along the REINFORCE gradient of a batch of decisions."""
        grad = np.zeros_like(self.w)
        for x, legal, p, chosen, advantage in decisions:
            coefficient = -p * advantage
            coefficient[chosen] += advantage
            grad[legal] += np.outer(coefficient, x)
        grad /= max(len(decisions), 1)
        self.steps += 1
        self.m = 0.9 * self.m + 0.1 * grad
        self.v = 0.999 * self.v + 0.001 * grad * grad
        m_hat = self.m / (1 - 0.9 ** self.steps)
        v_hat = self.v / (1 - 0.999 ** self.steps)
        self.w += self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)


def play_hand(env: SpadesEnv, policy: LinearPolicy, seed: int
              ) -> tuple[list[tuple[np.ndarray, np.ndarray, np.ndarray, int]], float]:
    """One hand: the learner's decisions and its margin (its side's points less the
    other side's: the environment's reward is its own points; the other side's are read
    from the game after the hand)."""
    observation, _ = env.reset(seed=seed)
    decisions, reward, done = [], 0.0, False
    while not done:
        action, x, legal, p = policy.act(observation)
        decisions.append((x, legal, p, int(np.flatnonzero(legal == action)[0])))
        observation, reward, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    other = 1 - env.rules.side_of(env.seat)
    return decisions, reward - env.game.hands[0].result.scores[other]


def train(variant: str, opponents: str, seconds: float, policy: LinearPolicy, batch: int,
          seed: int) -> None:
    """Train against ``opponents`` for ``seconds``, printing the recent win rate."""
    env = SpadesEnv(variant=variant, seat=0, opponents=opponents)
    wins: deque[bool] = deque(maxlen=500)
    baseline, hands, start = 0.0, 0, time.perf_counter()
    print(f"against {opponents}:")
    while time.perf_counter() - start < seconds:
        samples = []
        for _ in range(batch):
            decisions, margin = play_hand(env, policy, seed + hands)
            hands += 1
            wins.append(margin > 0)
            points = margin / 100.0
            baseline += 0.01 * (points - baseline)
            samples += [(x, legal, p, chosen, points - baseline)
                        for x, legal, p, chosen in decisions]
        policy.update(samples)
        if hands % (25 * batch) == 0:
            print(f"  {hands:6d} hands  {time.perf_counter() - start:5.0f}s  "
                  f"win rate of the last {len(wins)}: {np.mean(wins):.3f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="two-player-300",
                        help="two-player-300 has 70 actions (no blind nil exchanges)")
    parser.add_argument("--minutes", type=float, default=4.0, help="total training time")
    parser.add_argument("--batch", type=int, default=16, help="hands per update")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    env = SpadesEnv(variant=args.variant)
    policy = LinearPolicy(env.observation_space["observation"].shape[0],
                          int(env.action_space.n), np.random.default_rng(args.seed))
    half = args.minutes * 30.0
    train(args.variant, "random", half, policy, args.batch, args.seed)
    train(args.variant, "medium", half, policy, args.batch, args.seed + 10**6)


if __name__ == "__main__":
    main()
