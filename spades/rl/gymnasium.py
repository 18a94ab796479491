"""A Gymnasium environment: the learner in one seat, computer players in the others.

``SpadesEnv(variant="two-player", seat=0, opponents="medium")``: each step takes one
decision of the learner (an action code), then lets the bots play until the learner
must decide again or the episode ends. Observations are the PettingZoo ones
(``{"observation", "action_mask"}``, from the learner's Observation alone); the mask
is also in ``info["action_mask"]`` and :meth:`SpadesEnv.action_masks`, and the
Observation itself in :meth:`SpadesEnv.learner_observation`. Rewards: the
learner's side's change of score over one hand (``episode="hand"``), or +1 / -1 for
winning or losing the match (``episode="match"``, truncated after ``max_hands``). An
illegal action ends the episode with ``illegal_reward``.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import gymnasium
import numpy as np

from ..bots import Bot, close_bot, make_bot
from ..errors import IllegalAction
from ..game import Game
from ..observation import Observation
from ..rules import rules_for
from .encoding import EPISODES, action_mask, encode, spaces_for


class SpadesEnv(gymnasium.Env):
    """One learner against bots; see the module docstring. ``partner`` is the bot in the
    learner's partner seat (partnership; ``opponents`` by default); ``rules`` holds
    house rules (the options of :func:`spades.rules_for`)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"]}

    def __init__(self, variant: str = "two-player", seat: int = 0, opponents: str = "random",
                 partner: str | None = None, episode: str = "hand",
                 rules: dict[str, Any] | None = None, max_hands: int = 50,
                 illegal_reward: float = -1.0, render_mode: str | None = None) -> None:
        if episode not in EPISODES:
            raise ValueError(f"episode must be one of {EPISODES}, not {episode!r}")
        self.rules = rules_for(variant, **(rules or {}))
        if not 0 <= seat < self.rules.players:
            raise ValueError(f"no seat {seat} in {variant}")
        self.seat, self.episode, self.max_hands = seat, episode, max_hands
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.bot_names = [
            (partner or opponents) if self.rules.side_of(s) == self.rules.side_of(seat)
            else opponents for s in range(self.rules.players)
        ]
        self.observation_space, self.action_space = spaces_for(self.rules)
        self._size = int(self.action_space.n)
        self._rng = random.Random()
        self.game: Game | None = None
        self._bots: dict[int, Bot] = {}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict]:
        """A new game with fresh bots, all drawn from ``seed`` (or the previous stream)."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        self.close()
        self.game = Game(self.rules, seed=self._rng.getrandbits(64))
        self._bots = {s: make_bot(name, self._rng.getrandbits(64))
                      for s, name in enumerate(self.bot_names) if s != self.seat}
        self._bots_play()
        return self._observe()

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict]:
        """The learner's decision, then the bots' until the learner's next turn."""
        game = self.game
        assert game is not None, "call reset() first"
        try:
            game.apply(int(action), seat=self.seat)
        except IllegalAction:
            obs, info = self._observe()
            return obs, float(self.illegal_reward), True, False, {**info, "illegal": True}
        self._bots_play()
        terminated = self._finished()
        truncated = not terminated and self.episode == "match" and (
            game.hand_number > self.max_hands)
        reward = 0.0
        side = self.rules.side_of(self.seat)
        if terminated and self.episode == "hand":
            reward = float(game.hands[0].result.scores[side])
        elif terminated:
            reward = 1.0 if game.winner == side else -1.0
        obs, info = self._observe()
        return obs, reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as a boolean array (sb3-contrib's MaskablePPO asks this)."""
        return action_mask(self.learner_observation(), self._size).astype(bool)

    def learner_observation(self) -> Observation:
        """The learner's own :class:`~spades.Observation`, the object the tensor is
        encoded from (no other seat's view): for code that acts on Observations, such as
        a bot labelling the learner's positions in imitation learning."""
        assert self.game is not None, "call reset() first"
        return self.game.observation(self.seat)

    def render(self) -> str | None:
        """The game's one-line summary (``render_mode="ansi"``)."""
        return None if self.render_mode is None else repr(self.game)

    def close(self) -> None:
        """End the bots' outside resources (programs run by ``cmd:`` bots)."""
        for bot in self._bots.values():
            close_bot(bot)
        self._bots = {}

    def _finished(self) -> bool:
        game = self.game
        assert game is not None
        if self.episode == "hand":
            return game.hands[0].result is not None
        return game.over

    def _bots_play(self) -> None:
        """Let the bots decide until the learner is to move or the episode is over."""
        game = self.game
        assert game is not None
        while (game.to_move is not None and game.to_move != self.seat
               and not self._finished()
               and not (self.episode == "match" and game.hand_number > self.max_hands)):
            seat = game.to_move
            game.apply(self._bots[seat].act(game.observation(seat)))

    def _observe(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        obs = self.learner_observation()
        mask = action_mask(obs, self._size)
        return {"observation": encode(obs), "action_mask": mask}, {"action_mask": mask}
