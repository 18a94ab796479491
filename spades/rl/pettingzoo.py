"""A PettingZoo AEC environment: every seat an agent, every decision a step.

``env(variant="two-player", episode="hand")`` covers blind nil declarations, the
draft, exchanges, bids and play. ``observe(agent)`` is ``{"observation": float32
tensor, "action_mask": int8 array}`` built from that seat's Observation alone
(:mod:`spades.rl.encoding`); actions are docs/record.md's integer codes. Rewards: with
``episode="hand"`` each seat gets its side's change of score when the one hand is
scored; with ``episode="match"`` +1 to the winners and -1 to the losers, and the
match is truncated after ``max_hands`` hands.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..game import Game
from ..rules import rules_for
from .encoding import EPISODES, action_mask, encode, spaces_for


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual wrappers (an illegal action ends the
    episode with ``illegal_reward`` for its agent, -1 by default)."""
    illegal_reward = kwargs.pop("illegal_reward", -1.0)
    wrapped: AECEnv = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):
    """Spades as an AEC environment; see the module docstring. House rules go in
    ``rules`` (the options of :func:`spades.rules_for`)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"], "name": "spades_v0", "is_parallelizable": False}

    def __init__(self, variant: str = "two-player", episode: str = "hand",
                 rules: dict[str, Any] | None = None, max_hands: int = 50,
                 render_mode: str | None = None) -> None:
        super().__init__()
        if episode not in EPISODES:
            raise ValueError(f"episode must be one of {EPISODES}, not {episode!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.rules = rules_for(variant, **(rules or {}))
        self.episode = episode
        self.max_hands = max_hands
        self.render_mode = render_mode
        n = self.rules.players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self._observation_space, self._action_space = spaces_for(self.rules)
        self._size = int(self._action_space.n)
        self._rng = random.Random()
        self.game: Game | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        """The same Dict space for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        """Discrete over the action codes this game can use (see ``docs/rl.md``)."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, its deck drawn from ``seed`` (or from the previous seed's stream)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.game = Game(self.rules, seed=self._rng.getrandbits(64))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_move]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The seat's Observation, encoded, with its action mask (zeros when not to move)."""
        assert self.game is not None
        obs = self.game.observation(self.possible_agents.index(agent))
        return {"observation": encode(obs), "action_mask": action_mask(obs, self._size)}

    def step(self, action: int | None) -> None:
        """Take ``action`` (an action code) for the agent to move."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None and action is not None
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        game.apply(int(action))
        done = False
        if self.episode == "hand":
            result = game.hands[0].result
            if result is not None:
                done = True
                for seat, name in enumerate(self.possible_agents):
                    self.rewards[name] = float(result.scores[self.rules.side_of(seat)])
        elif game.over:
            done = True
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = 1.0 if self.rules.side_of(seat) == game.winner else -1.0
        elif game.hand_number > self.max_hands:
            self.truncations = dict.fromkeys(self.agents, True)
        if done:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[game.to_move]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The game's one-line summary (``render_mode="ansi"``)."""
        return None if self.render_mode is None else repr(self.game)

    def close(self) -> None:
        """Nothing to release."""
