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


def serve(host: str, port: int, db: str | None, computer_delay: float, away: float,
          origins: tuple[str, ...] = ()) -> None:
    """Run the server until interrupted; ``origins`` are pages of other hosts (a proxy's)
    whose websockets are accepted."""
    settings = Settings(computer_delay=computer_delay, away_seconds=away,
                        allowed_origins=origins)
    app = create_app(db or default_db(), settings)
    uvicorn.run(app, host=host, port=port, ws="websockets-sansio", ws_max_size=65536,
                log_level="info")
