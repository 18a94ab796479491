"""Spades: the rules engine, the game record and the computer players.

``import spades`` loads the engine only (the standard library); the computer players,
the terminal game, the server and the learning environments are subpackages, some of
them needing an extra (``pip install 'spades[bots]'``, ``[play]``, ``[serve]``, ``[rl]``).
"""

__version__ = "0.1.0"

from .actions import Action, Kind
from .cards import Card, card_text, parse_card
from .errors import IllegalAction, NotationError, RecordError, SpadesError
from .game import ChanceStep, Game
from .observation import Observation, Phase, Trick
from .rules import PRESETS, Rules, rules_for
from .scoring import (
    Contract,
    HandResult,
    SideScore,
    sandbag_penalty,
    score_hand,
    score_side,
    winner,
)

__all__ = [
    "PRESETS", "Action", "Card", "ChanceStep", "Contract", "Game", "HandResult", "IllegalAction",
    "Kind", "NotationError", "Observation", "Phase", "RecordError", "Rules", "SideScore",
    "SpadesError", "Trick", "__version__", "card_text", "parse_card", "rules_for",
    "sandbag_penalty", "score_hand", "score_side", "winner",
]
