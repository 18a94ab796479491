"""Where the server keeps its tables: a store interface and its SQLite implementation.

A table is its configuration (variant, rules, seats) and an append-only event log: each
hand's secret seed (``{"kind": "deal", "seed": ...}``) and each accepted action
(``{"kind": "action", "seat": 1, "action": "play AS"}``). The server appends an event and
the store commits it before anything is broadcast, so a restarted server rebuilds every
game from its log exactly where it was. Seat claims (a name and the SHA-256 of the seat's
token, never the token) are kept beside the log.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol


@dataclass
class StoredTable:
    """One table as stored: its configuration, seat claims and events in order."""

    table_id: str
    config: dict[str, Any]
    claims: dict[int, tuple[str, str]] = field(default_factory=dict)  # seat: (name, token hash)
    events: list[dict[str, Any]] = field(default_factory=list)


class Store(Protocol):
    """What the server needs from storage; every write is committed when the call returns."""

    def create_table(self, table_id: str, config: dict[str, Any]) -> None:
        """Keep a new table's configuration."""
        ...

    def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> None:
        """Bind ``seat`` to a player's name and token hash (replacing an earlier claim)."""
        ...

    def append(self, table_id: str, seq: int, event: dict[str, Any]) -> None:
        """Append event number ``seq`` (from 0); raises if that number is taken."""
        ...

    def load_all(self) -> list[StoredTable]:
        """Every table, oldest first, with its claims and its events in order."""
        ...

    def close(self) -> None:
        """Release the storage."""
        ...


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, config TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS claims (
    table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,
    name TEXT NOT NULL, token_hash TEXT NOT NULL, PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL,
    event TEXT NOT NULL, PRIMARY KEY (table_id, seq));
"""


class SQLiteStore:
    """The store in one SQLite file (WAL journal, a full sync at each commit)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)

    def _write(self, sql: str, params: tuple[Any, ...]) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(sql, params)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def create_table(self, table_id: str, config: dict[str, Any]) -> None:
        self._write("INSERT INTO tables (id, config, created) VALUES (?, ?, ?)",
                    (table_id, json.dumps(config), time.time()))

    def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> None:
        self._write("INSERT OR REPLACE INTO claims (table_id, seat, name, token_hash)"
                    " VALUES (?, ?, ?, ?)", (table_id, seat, name, token_hash))

    def append(self, table_id: str, seq: int, event: dict[str, Any]) -> None:
        self._write("INSERT INTO events (table_id, seq, event) VALUES (?, ?, ?)",
                    (table_id, seq, json.dumps(event)))

    def load_all(self) -> list[StoredTable]:
        with self._lock:
            tables = {row[0]: StoredTable(row[0], json.loads(row[1])) for row in self._db.execute(
                "SELECT id, config FROM tables ORDER BY created, id")}
            for table_id, seat, name, token_hash in self._db.execute(
                    "SELECT table_id, seat, name, token_hash FROM claims"):
                tables[table_id].claims[seat] = (name, token_hash)
            for table_id, event in self._db.execute(
                    "SELECT table_id, event FROM events ORDER BY table_id, seq"):
                tables[table_id].events.append(json.loads(event))
        return list(tables.values())

    def close(self) -> None:
        with self._lock:
            self._db.close()


def open_store(where: str | Path) -> Store:
    """The store named by ``--db``: a SQLite file path (``:memory:`` for none)."""
    text = str(where)
    if text.startswith(("postgresql://", "postgres://")):
        from ..errors import SpadesError

        raise SpadesError("PostgreSQL storage is not available yet; use a SQLite file path")
    return SQLiteStore(text)
