"""Train a policy on spades.rl.gymnasium against random, then against medium.

A benchmark to run by hand, not a test: numpy only, about four minutes on one CPU core.

    .venv/bin/python examples/train_policy.py

The policy is a small network (the observation tensor of docs/rl.md, one hidden layer
of ReLU units, a logit per action) with a softmax over the legal actions (the mask); a
second network of the same shape with one output, the critic, estimates the return
from any position. A hand's *margin* is the learner's side's points less the other
side's; the hand is *won* when its margin is positive. The return of each decision of
a hand is the hand's result (+1 won, -1 lost, 0 tied) plus its margin in hundreds of
points. Three phases on ``SpadesEnv("two-player-300")``, the learner in seat 0:

1. against ``random``, from scratch: actor-critic (REINFORCE of the return, less the
   critic's estimate as the baseline; Adam);
2. against ``medium``, imitation: the policy plays, and a ``medium`` bot labels each of
   the learner's positions with its own choice there, from the learner's Observation
   (``SpadesEnv.learner_observation``) and without playing it (DAgger); the policy
   learns to choose the same (cross-entropy on a replay of the latest labelled
   positions), and the critic learns the returns;
3. against ``medium``, actor-critic again, from the imitating policy, with no teacher.

While it learns it prints the win rate of the last 500 hands played (the sampled
policy, on fresh deals). At checkpoints it prints a hold-out evaluation: the greedy
policy (its likeliest action) on the same fixed deals every time, win rate and mean
margin; at the start, the ``medium`` bot itself in the learner's seat on those deals,
for reference; at the end, a table of the checkpoints.
"""

from __future__ import annotations

import argparse
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from spades.bots import Bot, make_bot
from spades.rl.gymnasium import SpadesEnv

EVAL_SEED = 10**9  # the hold-out deals are seeds EVAL_SEED, EVAL_SEED + 1, ...
OPPONENTS = ("random", "medium")


class Network:
    """``x -> relu(x W1 + b1) W2 + b2``, trained with Adam on a gradient of the output."""

    def __init__(self, inputs: int, hidden: int, outputs: int, rng: np.random.Generator,
                 rate: float) -> None:
        scale = np.sqrt(2.0 / inputs)
        self.params = {
            "w1": (rng.standard_normal((inputs, hidden)) * scale).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "w2": np.zeros((hidden, outputs), np.float32),  # a uniform policy, a zero value
            "b2": np.zeros(outputs, np.float32),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.rate, self.steps = rate, 0

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The hidden layer and the output for a batch of inputs (rows of ``x``)."""
        hidden = np.maximum(x @ self.params["w1"] + self.params["b1"], 0.0)
        return hidden, hidden @ self.params["w2"] + self.params["b2"]

    def descend(self, x: np.ndarray, hidden: np.ndarray, d_output: np.ndarray) -> None:
        """One Adam step down ``d_output``, the gradient of the loss by the output."""
        d_hidden = (d_output @ self.params["w2"].T) * (hidden > 0)
        grads = {"w1": x.T @ d_hidden, "b1": d_hidden.sum(0),
                 "w2": hidden.T @ d_output, "b2": d_output.sum(0)}
        self.steps += 1
        for key, grad in grads.items():
            m, v = self.moments[key]
            m += 0.1 * (grad - m)
            v += 0.001 * (grad * grad - v)
            m_hat = m / (1 - 0.9 ** self.steps)
            v_hat = v / (1 - 0.999 ** self.steps)
            self.params[key] -= self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Softmax of each row of ``logits`` over its legal actions (``mask``), 0 elsewhere."""
    z = np.where(mask, logits, -np.inf)
    z = np.exp(z - z.max(axis=-1, keepdims=True))
    return z / z.sum(axis=-1, keepdims=True)


class Agent:
    """The policy and its critic."""

    def __init__(self, features: int, actions: int, hidden: int, rate: float,
                 rng: np.random.Generator) -> None:
        self.policy = Network(features, hidden, actions, rng, rate)
        self.critic = Network(features, hidden, 1, rng, rate)
        self.rng = rng

    def act(self, x: np.ndarray, mask: np.ndarray, greedy: bool = False) -> int:
        """An action sampled from the policy (or its likeliest, ``greedy``)."""
        p = masked_softmax(self.policy.forward(x[None])[1][0], mask)
        return int(np.argmax(p)) if greedy else int(self.rng.choice(len(p), p=p))

    def learn_value(self, x: np.ndarray, returns: np.ndarray) -> np.ndarray:
        """One step of the critic towards ``returns``; its estimates before the step."""
        hidden, value = self.critic.forward(x)
        value = value[:, 0]
        self.critic.descend(x, hidden, ((value - returns) / len(x))[:, None])
        return value

    def reinforce(self, x: np.ndarray, mask: np.ndarray, actions: np.ndarray,
                  advantages: np.ndarray) -> None:
        """One step of the policy along the mean of ``advantage * grad log p(action)``."""
        hidden, logits = self.policy.forward(x)
        d_logits = masked_softmax(logits, mask) * advantages[:, None]
        d_logits[np.arange(len(x)), actions] -= advantages
        self.policy.descend(x, hidden, d_logits / len(x))

    def imitate(self, x: np.ndarray, mask: np.ndarray, labels: np.ndarray) -> None:
        """One step of the policy down the cross-entropy of choosing ``labels``."""
        hidden, logits = self.policy.forward(x)
        d_logits = masked_softmax(logits, mask)
        d_logits[np.arange(len(x)), labels] -= 1.0
        self.policy.descend(x, hidden, d_logits / len(x))


@dataclass
class Hand:
    """The learner's positions in one hand, its actions, the teacher's labels, the margin."""

    features: np.ndarray  # (decisions, tensor size)
    masks: np.ndarray  # (decisions, actions), bool
    actions: np.ndarray  # (decisions,)
    labels: np.ndarray  # (decisions,) the teacher's choices, or empty without a teacher
    margin: float

    def returns(self) -> np.ndarray:
        """Each decision's return: +1 / -1 / 0 for a won / lost / tied hand, plus the
        margin in hundreds of points."""
        return np.full(len(self.actions), np.sign(self.margin) + self.margin / 100.0,
                       np.float32)


def hand_margin(env: SpadesEnv) -> float:
    """The finished hand's margin, read from the learner's Observation (from 0-0, its
    scores are the hand's points)."""
    scores = env.learner_observation().scores
    side = env.rules.side_of(env.seat)
    return float(scores[side] - scores[1 - side])


def play_hand(env: SpadesEnv, agent: Agent, seed: int, teacher: Bot | None = None,
              greedy: bool = False) -> Hand:
    """One hand from 0-0; ``teacher`` (a bot) names its choice at each of the learner's
    positions, from the learner's own Observation, without playing it."""
    observation, _ = env.reset(seed=seed)
    features, masks, actions, labels = [], [], [], []
    done = False
    while not done:
        mask = observation["action_mask"].astype(bool)
        action = agent.act(observation["observation"], mask, greedy)
        if teacher is not None:
            labels.append(int(teacher.act(env.learner_observation())))
        features.append(observation["observation"])
        masks.append(mask)
        actions.append(action)
        observation, _, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    return Hand(np.array(features), np.array(masks), np.array(actions),
                np.array(labels, int), hand_margin(env))


def summary(margins: list[float]) -> tuple[float, float]:
    """The win rate and the mean margin."""
    return float(np.mean(np.array(margins) > 0)), float(np.mean(margins))


def evaluate(agent: Agent, variant: str, opponents: str, hands: int) -> tuple[float, float]:
    """The greedy policy on the hold-out deals: its win rate and mean margin."""
    env = SpadesEnv(variant=variant, opponents=opponents)
    return summary([play_hand(env, agent, EVAL_SEED + i, greedy=True).margin
                    for i in range(hands)])


def evaluate_bot(name: str, variant: str, opponents: str, hands: int) -> tuple[float, float]:
    """The bot ``name`` in the learner's seat on the hold-out deals."""
    env = SpadesEnv(variant=variant, opponents=opponents)
    margins = []
    for i in range(hands):
        env.reset(seed=EVAL_SEED + i)
        bot, done = make_bot(name, i), False
        while not done:
            *_, terminated, truncated, _ = env.step(int(bot.act(env.learner_observation())))
            done = terminated or truncated
        margins.append(hand_margin(env))
    return summary(margins)


class Trainer:
    """The phases, the clock, the printing and the table of checkpoints."""

    def __init__(self, agent: Agent, args: argparse.Namespace) -> None:
        self.agent, self.args = agent, args
        self.start = time.perf_counter()
        self.seed = args.seed * 10**7  # training deals, far from the hold-out ones
        self.trained = 0  # hands played while learning, all phases
        self.phase = ""  # the phase being trained, for the labels
        self.table: list[tuple[str, str, str, dict[str, tuple[float, float]]]] = []

    def print_results(self, label: str, results: dict[str, tuple[float, float]]) -> None:
        """One line of hold-out results."""
        text = "; ".join(f"vs {name} {win:.3f} won, {margin:+6.1f} pts"
                         for name, (win, margin) in results.items())
        print(f"  [hold-out, {self.args.eval_hands} deals, {label}] {text}", flush=True)

    def reference(self) -> None:
        """The teacher, ``medium``, in the learner's seat on the hold-out deals."""
        results = {name: evaluate_bot("medium", self.args.variant, name, self.args.eval_hands)
                   for name in OPPONENTS}
        self.print_results("the medium bot itself", results)
        self.table.append(("the medium bot itself (reference)", "", "", results))

    def checkpoint(self, label: str, opponents: tuple[str, ...] = OPPONENTS) -> None:
        """Evaluate the greedy policy on the hold-out deals against ``opponents``."""
        results = {name: evaluate(self.agent, self.args.variant, name, self.args.eval_hands)
                   for name in opponents}
        self.print_results(f"greedy policy, {label}", results)
        self.table.append((label, str(self.trained),
                           f"{time.perf_counter() - self.start:.0f} s", results))

    def hands(self, opponents: str, count: int, teacher: Bot | None = None
              ) -> Iterator[list[Hand]]:
        """Play ``count`` hands in batches, yielding each batch to learn from; print the
        win rate of the last 500 and, every ``--checkpoint`` hands, a hold-out result."""
        env = SpadesEnv(variant=self.args.variant, opponents=opponents)
        wins: deque[bool] = deque(maxlen=500)
        batch, every = self.args.batch, self.args.checkpoint
        for played in range(batch, count + 1, batch):
            hands = [play_hand(env, self.agent, self.seed + i, teacher) for i in range(batch)]
            self.seed += batch
            self.trained += batch
            wins.extend(hand.margin > 0 for hand in hands)
            yield hands
            if played % self.args.report < batch:
                print(f"  {played:6d} hands  {time.perf_counter() - self.start:5.0f}s  "
                      f"win rate of the last {len(wins)}: {np.mean(wins):.3f}", flush=True)
            if every and played < count and played % every < batch:
                self.checkpoint(f"{self.phase}: {played} hands", (opponents,))

    def actor_critic(self, opponents: str, count: int) -> None:
        """REINFORCE of the return with the critic's estimate as the baseline."""
        for hands in self.hands(opponents, count):
            x = np.concatenate([hand.features for hand in hands])
            returns = np.concatenate([hand.returns() for hand in hands])
            value = self.agent.learn_value(x, returns)
            self.agent.reinforce(x, np.concatenate([hand.masks for hand in hands]),
                                 np.concatenate([hand.actions for hand in hands]),
                                 returns - value)

    def imitation(self, opponents: str, count: int) -> None:
        """DAgger: the policy plays, a ``medium`` bot labels, the policy learns the labels
        from a replay of the latest ``--memory`` positions; the critic learns the returns."""
        teacher = make_bot("medium", self.args.seed)
        memory: deque[tuple[np.ndarray, np.ndarray, int]] = deque(maxlen=self.args.memory)
        for hands in self.hands(opponents, count, teacher):
            for hand in hands:
                memory.extend(zip(hand.features, hand.masks, hand.labels, strict=True))
            self.agent.learn_value(np.concatenate([hand.features for hand in hands]),
                                   np.concatenate([hand.returns() for hand in hands]))
            for _ in range(self.args.imitation_steps):
                rows = [memory[i] for i in self.agent.rng.integers(len(memory), size=256)]
                self.agent.imitate(*(np.array(column) for column in zip(*rows, strict=True)))

    def print_table(self) -> None:
        """The checkpoints as a Markdown table."""
        print("\n| checkpoint | hands trained | time | vs random: won | pts | vs medium: won "
              "| pts |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for label, trained, seconds, results in self.table:
            cells = " | ".join(f"{results[name][0]:.3f} | {results[name][1]:+.1f}"
                               if name in results else "|" for name in OPPONENTS)
            print(f"| {label} | {trained} | {seconds} | {cells} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="two-player-300",
                        help="two-player-300 has 70 actions (no blind nil exchanges)")
    parser.add_argument("--random-hands", type=int, default=3200,
                        help="phase 1: actor-critic against random")
    parser.add_argument("--imitation-hands", type=int, default=1200,
                        help="phase 2: imitation of medium, against medium")
    parser.add_argument("--medium-hands", type=int, default=4000,
                        help="phase 3: actor-critic against medium")
    parser.add_argument("--hidden", type=int, default=128, help="hidden units")
    parser.add_argument("--rate", type=float, default=1e-3, help="Adam's step size")
    parser.add_argument("--medium-rate", type=float, default=1e-4,
                        help="Adam's step size of the policy in phase 3")
    parser.add_argument("--batch", type=int, default=16, help="hands per update")
    parser.add_argument("--imitation-steps", type=int, default=8,
                        help="updates (of 256 positions each) per batch in phase 2")
    parser.add_argument("--memory", type=int, default=60000,
                        help="labelled positions kept for imitation")
    parser.add_argument("--report", type=int, default=480,
                        help="hands between two prints of the win rate")
    parser.add_argument("--checkpoint", type=int, default=2000,
                        help="hands between hold-out evaluations inside a phase (0: none)")
    parser.add_argument("--eval-hands", type=int, default=400, help="hold-out deals")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    env = SpadesEnv(variant=args.variant)
    agent = Agent(env.observation_space["observation"].shape[0], int(env.action_space.n),
                  args.hidden, args.rate, np.random.default_rng(args.seed))
    trainer = Trainer(agent, args)
    trainer.reference()
    trainer.checkpoint("untrained")
    phases = [  # name, how it learns, the opponents, hands, the policy's step size
        ("1. actor-critic vs random", trainer.actor_critic, "random", args.random_hands,
         args.rate),
        ("2. imitation of medium", trainer.imitation, "medium", args.imitation_hands,
         args.rate),
        ("3. actor-critic vs medium", trainer.actor_critic, "medium", args.medium_hands,
         args.medium_rate),
    ]
    for name, learn, opponents, hands, rate in phases:
        print(f"{name}, against {opponents}:")
        trainer.phase, agent.policy.rate = name, rate
        learn(opponents, hands)
        trainer.checkpoint(f"after {name}")
    trainer.print_table()


if __name__ == "__main__":
    main()
