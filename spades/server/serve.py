"""``spades serve``: the application on uvicorn (with the ``websockets`` implementation)."""

from __future__ import annotations

from pathlib import Path

import uvicorn
from platformdirs import user_data_dir

from .app import create_app
from .table import Settings


def default_db() -> Path:
    """The SQLite file used without ``--db``: in the user's data directory."""
    directory = Path(user_data_dir("spades"))
    directory.mkdir(parents=True, exist_ok=True)
    return directory / "server.sqlite"


def serve(host: str, port: int, db: str | None, computer_delay: float, away: float) -> None:
    """Run the server until interrupted."""
    settings = Settings(computer_delay=computer_delay, away_seconds=away)
    app = create_app(db or default_db(), settings)
    uvicorn.run(app, host=host, port=port, ws="websockets-sansio", ws_max_size=65536,
                log_level="info")
