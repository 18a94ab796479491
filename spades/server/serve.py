"""``spades serve``: the application on uvicorn (with the ``websockets`` implementation).

``--workers N`` (PostgreSQL only) runs N worker processes under uvicorn's own supervisor:
it binds the port once, each worker accepts connections on that one socket, and a worker
that dies is started again. uvicorn hands the workers an import string, so the options
reach them in the environment (``SPADES_SERVE``). Each worker is one of the database's
workers (:mod:`.cluster`), as a ``spades serve`` on another machine is.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import uvicorn
from platformdirs import user_data_dir
from starlette.applications import Starlette

from .app import create_app
from .settings import Settings
from .store import open_store

OPTIONS = "SPADES_SERVE"  # the workers' options, set by serve()


def default_db() -> Path:
    """The SQLite file used without ``--db``: in the user's data directory."""
    directory = Path(user_data_dir("spades"))
    directory.mkdir(parents=True, exist_ok=True)
    return directory / "server.sqlite"


def worker_app() -> Starlette:
    """One worker's application, from the options :func:`serve` left in the environment."""
    options = json.loads(os.environ[OPTIONS])
    options["allowed_origins"] = tuple(options["allowed_origins"])
    return create_app(options.pop("db"), Settings(**options))


def serve(host: str, port: int, db: str | None, computer_delay: float, away: float,
          origins: tuple[str, ...] = (), workers: int = 1,
          limits: dict[str, Any] | None = None) -> None:
    """Run the server until interrupted; ``origins`` are pages of other hosts (a proxy's)
    whose websockets are accepted; ``workers`` processes share the port (PostgreSQL);
    ``limits`` are the settings of :func:`.settings.bounded`, checked already."""
    limits = limits or {}
    settings = Settings(computer_delay=computer_delay, away_seconds=away,
                        allowed_origins=origins, **limits)
    run: dict[str, Any] = {"host": host, "port": port, "ws": "websockets-sansio",
                           "ws_max_size": 65536, "log_level": "info"}
    if workers == 1:
        uvicorn.run(create_app(db or default_db(), settings), **run)
        return
    open_store(db or default_db()).close()  # a database out of reach said once, here
    # the computer players' processes shared out between the workers
    os.environ[OPTIONS] = json.dumps({
        "db": db, "computer_delay": computer_delay, "away_seconds": away,
        "allowed_origins": origins, "computer_workers": max(1, (os.cpu_count() or 1) // workers),
        **limits})
    uvicorn.run("spades.server.serve:worker_app", factory=True, workers=workers,
                **run)
