"""The terminal game: ``spades play``, one person against the computer (Textual)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from .app import SpadesApp
from .prefs import config_dir, data_dir, load_preferences
from .session import PlaySession


def play(variant: str = "two-player-300", level: str | None = None, seed: str | None = None,
         name: str = "You", resume: bool = False, **house_rules: Any) -> None:
    """Run the terminal game until the person quits; see :func:`make_app`."""
    make_app(variant, level, seed, name, resume, **house_rules).run()


def make_app(variant: str = "two-player-300", level: str | None = None,
             seed: str | None = None, name: str = "You", resume: bool = False,
             config: Path | None = None, data: Path | None = None, warm_up: bool = True,
             **house_rules: Any) -> SpadesApp:
    """The app with a new game, or the saved one with ``resume``.

    ``level`` defaults to the preferences' level; ``config`` and ``data`` to the
    platform's user directories; ``warm_up`` compiles the solver in another process
    while the game starts. Raises SpadesError before the screen opens if the
    arguments or the saved game are bad.
    """
    config = config or config_dir()
    data = data or data_dir()
    prefs = load_preferences(config)
    if resume:
        session = PlaySession.load(data)
        prefs = replace(prefs, level=session.level)
    else:
        prefs = replace(prefs, level=level or prefs.level)
        session = PlaySession.new(variant, prefs.level, seed=seed, name=name, **house_rules)
    return SpadesApp(session, prefs, config, data, warm_up)
