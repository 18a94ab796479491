"""The terminal game: ``spades play``, one person against the computer (Textual)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from ..errors import SpadesError
from .app import SpadesApp
from .prefs import config_dir, data_dir, load_preferences
from .session import SAVE_FILE, PlaySession


def play(variant: str = "two-player-300", level: str | None = None, seed: str | None = None,
         name: str = "You", resume: bool = False, **house_rules: Any) -> None:
    """Run the terminal game until the person quits, then say where the game is saved;
    see :func:`make_app`."""
    farewell = make_app(variant, level, seed, name, resume, **house_rules).run()
    if farewell:
        print(farewell)


def make_app(variant: str = "two-player-300", level: str | None = None,
             seed: str | None = None, name: str = "You", resume: bool = False,
             config: Path | None = None, data: Path | None = None, warm_up: bool = True,
             **house_rules: Any) -> SpadesApp:
    """The app with a new game, or the saved one with ``resume``.

    Without ``resume``, an unfinished saved game is offered first (resume it, start the
    new game, or quit); the new game replaces it only from its first action on.
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
        if session.game.over:
            raise SpadesError(f"the game saved in {data / SAVE_FILE} is over: "
                              "spades play starts a new one")
        return SpadesApp(session, replace(prefs, level=session.level), config, data, warm_up)
    prefs = replace(prefs, level=level or prefs.level)
    session = PlaySession.new(variant, prefs.level, seed=seed, name=name, **house_rules)
    return SpadesApp(session, prefs, config, data, warm_up, PlaySession.waiting(data))
