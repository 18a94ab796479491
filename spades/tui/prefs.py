"""The player's preferences, kept as JSON in the user's config directory (platformdirs)."""

from __future__ import annotations

import json
import os
from contextlib import suppress
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from platformdirs import user_config_dir, user_data_dir

from ..bots import BOTS
from ..bots.policy import AT_A_PERSONS_TABLE, BlindNilPolicy

APP_NAME = "spades"
PREFS_FILE = "preferences.json"
# the computer players' speed: the pause before each of their actions, in seconds
SPEEDS = {"instant": 0.0, "fast": 0.15, "normal": 0.6, "slow": 1.2}
# keys of earlier versions, read as today's: the partner's policy is now every computer's
RENAMED = {"partner_blind_nil": "computer_blind_nil"}
# how long a finished trick stays on the table before the next one's first card, in
# seconds ("until a key": until the person presses one); a key always goes on at once
TRICK_PAUSES: dict[str, float | None] = {"off": 0.0, "short": 0.8, "normal": 1.5,
                                         "long": 3.0, "until a key": None}


@dataclass(frozen=True)
class Preferences:
    """What the player chose on the Preferences screen."""

    auto_play_one: bool = True
    speed: str = "normal"
    trick_pause: str = "normal"
    level: str = "medium"
    four_colour: bool = False
    confirm_play: bool = False
    # the blind nil policy of every computer seat, partner and opponents (bots/policy.py)
    computer_blind_nil: str = str(AT_A_PERSONS_TABLE)

    def __post_init__(self) -> None:
        # written one way (a SpadesError, so a ValueError, if unreadable)
        object.__setattr__(self, "computer_blind_nil",
                           str(BlindNilPolicy.parse(self.computer_blind_nil)))
        if self.speed not in SPEEDS:
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, not {self.speed!r}")
        if self.trick_pause not in TRICK_PAUSES:
            raise ValueError(f"trick_pause must be one of {', '.join(TRICK_PAUSES)}, "
                             f"not {self.trick_pause!r}")
        if self.level not in BOTS:
            raise ValueError(f"level must be one of {', '.join(BOTS)}, not {self.level!r}")

    @property
    def delay(self) -> float:
        """Seconds before each computer action."""
        return SPEEDS[self.speed]

    @property
    def trick_seconds(self) -> float | None:
        """Seconds a finished trick stays on the table (None: until a key is pressed)."""
        return TRICK_PAUSES[self.trick_pause]


def config_dir() -> Path:
    """Where preferences live: the platform's user config directory for spades."""
    return Path(user_config_dir(APP_NAME))


def data_dir() -> Path:
    """Where the saved game lives: the platform's user data directory for spades."""
    return Path(user_data_dir(APP_NAME))


def load_preferences(directory: Path) -> Preferences:
    """The saved preferences, or the defaults where the file is missing or unreadable.

    A value of the wrong type or an unknown key is ignored, so an old or hand-edited
    file never stops the game from starting; a key of an earlier version is read under
    its new name (:data:`RENAMED`).
    """
    try:
        data = json.loads((directory / PREFS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Preferences()
    if not isinstance(data, dict):
        return Preferences()
    for old, new in RENAMED.items():
        if old in data and new not in data:
            data[new] = data[old]
    prefs = Preferences()
    for f in fields(Preferences):
        value = data.get(f.name)
        if isinstance(value, type(getattr(prefs, f.name))):
            with suppress(ValueError):
                prefs = replace(prefs, **{f.name: value})
    return prefs


def save_preferences(prefs: Preferences, directory: Path) -> None:
    """Write the preferences (atomically: a crash leaves the old file or the new one)."""
    write_atomically(directory / PREFS_FILE, json.dumps(asdict(prefs), indent=2))


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` through a temporary file in the same directory."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(path.suffix + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)
