"""The terminal game: ``spades play``, one person against the computer (Textual)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from ..errors import SpadesError
from .app import SpadesApp
from .prefs import config_dir, data_dir, load_preferences
from .screens import resumed_words
from .session import PlaySession, SavedGame, saved_games

DEFAULT_VARIANT = "two-player-300"


def play(variant: str | None = None, level: str | None = None, seed: str | None = None,
         name: str = "You", resume: bool = False, **house_rules: Any) -> None:
    """Run the terminal game until the person quits, then say where the game is saved;
    see :func:`make_app`."""
    farewell = make_app(variant, level, seed, name, resume, **house_rules).run()
    if farewell:
        print(farewell)


def make_app(variant: str | None = None, level: str | None = None,
             seed: str | None = None, name: str = "You", resume: bool = False,
             config: Path | None = None, data: Path | None = None, warm_up: bool = True,
             **house_rules: Any) -> SpadesApp:
    """The app with a new game of ``variant`` (two-player-300 when None was asked for),
    or with ``resume`` the newest unfinished saved game of ``variant`` (of any variant
    for None).

    Without ``resume``, the unfinished saved games are offered first (resume one, start
    the new game, or quit); Enter alone resumes only a game of the variant asked for.
    ``level`` defaults to the preferences' level; ``config`` and ``data`` to the
    platform's user directories; ``warm_up`` compiles the solver in another process
    while the game starts. Raises SpadesError before the screen opens if the
    arguments are bad or there is no game to resume.
    """
    config = config or config_dir()
    data = data or data_dir()
    prefs = load_preferences(config)
    saved = saved_games(data)
    if resume:
        game = next((g for g in saved if g.of(variant)), None)
        if game is None or game.session is None:
            raise SpadesError(no_game_words(variant, saved))
        session = game.session
        return SpadesApp(session, replace(prefs, level=session.level), config, data, warm_up,
                         greeting=resumed_words(game))
    prefs = replace(prefs, level=level or prefs.level)
    session = PlaySession.new(variant or DEFAULT_VARIANT, prefs.level, seed=seed, name=name,
                              **house_rules)
    return SpadesApp(session, prefs, config, data, warm_up, saved, asked=variant)


def no_game_words(variant: str | None, saved: list[SavedGame]) -> str:
    """Why there is nothing to resume, and how to resume the games that are saved."""
    asked = "" if variant is None else f"{variant} "
    others = sorted({g.session.rules.variant for g in saved if g.session is not None})
    if not others:
        return f"no unfinished {asked}game is saved: spades play starts a new one"
    commands = " or ".join(f"spades play --variant {other} --resume" for other in others)
    return f"no unfinished {asked}game is saved; to resume another: {commands}"
