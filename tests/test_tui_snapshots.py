"""Snapshots of the terminal game's main screens at 80x24, as text.

Each screen is compared with ``tests/snapshots/<name>.txt``. After a deliberate change
of the layout, look at the new screens and write them with
``SPADES_UPDATE_SNAPSHOTS=1 python -m pytest tests/test_tui_snapshots.py``.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from test_tui import SIZE, app_for, screen_text, wait_for

from spades.tui.session import HUMAN, PlaySession

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("SPADES_UPDATE_SNAPSHOTS") == "1"


def position(variant: str, seed: str, ready: Callable[[PlaySession], bool],
             blind_nil: bool = False) -> PlaySession:
    """A game played by medium players in every seat until ``ready`` holds; with
    ``blind_nil`` the person declares blind nil when offered."""
    session = PlaySession.new(variant, "medium", seed=seed)
    while not ready(session):
        seat = session.game.to_move
        assert seat is not None, "the game ended before the position was reached"
        if blind_nil and seat == HUMAN and session.observation().phase == "blind nil":
            session.apply("blind nil", seat)
        else:
            session.apply(session.computer_action(session.game.observation(seat)), seat)
    return session


def person_in(phase: str, trick_cards: int = 0) -> Callable[[PlaySession], bool]:
    """The person decides in ``phase``, with at least ``trick_cards`` on the table."""
    def ready(session: PlaySession) -> bool:
        obs = session.observation()
        on_table = len(obs.trick.cards) if obs.trick else 0
        return obs.phase == phase and obs.to_move == HUMAN and on_table >= trick_cards
    return ready


SCREENS: dict[str, tuple[str, str, Callable[[PlaySession], bool], tuple[str, ...]]] = {
    "blind-nil": ("partnership", "snap", person_in("blind nil"), ()),
    "draft": ("two-player-300", "snap", person_in("draft"), ()),
    "bidding": ("two-player-300", "snap", person_in("bidding"), ()),
    "play-two-player": ("two-player", "snap", person_in("play", 1), ()),
    "play-partnership": ("partnership", "snap", person_in("play", 3), ()),
    "exchange": ("partnership", "snap", person_in("exchange"), ()),
    "score-sheet": ("partnership", "sheet",
                    lambda s: len(s.observation().results) == 2 and person_in("bidding")(s),
                    ("r",)),
    "help": ("two-player-300", "snap", person_in("draft"), ("question_mark",)),
}


@pytest.mark.parametrize("name", list(SCREENS))
def test_main_screens_look_as_recorded(name: str, tmp_path: Path) -> None:
    variant, seed, ready, keys = SCREENS[name]
    session = position(variant, seed, ready, blind_nil=name == "exchange")

    async def main() -> str:
        app = app_for(session, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(0.2)
            await pilot.press(*keys)
            await wait_for(pilot, lambda: True)
            await pilot.pause(0.2)
            return "\n".join(line.rstrip() for line in screen_text(app).splitlines()) + "\n"

    shown = asyncio.run(main())
    path = SNAPSHOTS / f"{name}.txt"
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(shown, encoding="utf-8")
    assert path.exists(), f"no snapshot {path}: run with SPADES_UPDATE_SNAPSHOTS=1"
    assert shown == path.read_text(encoding="utf-8")
