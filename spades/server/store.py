"""Where the server keeps its tables: a store interface and its SQLite implementation.

A table is its configuration (variant, rules, seats) and an append-only event log: each
hand's secret seed (``{"kind": "deal", "seed": ...}``) and each accepted action
(``{"kind": "action", "seat": 1, "action": "play AS"}``). The server appends an event and
the store commits it before anything is broadcast, so a restarted server rebuilds every
game from its log exactly where it was. An event is stored only under its table's next
number (a unique key), so of several writers appending at once one wins and the others get
:class:`LogConflict`. Seat claims (a name and the SHA-256 of the seat's
token, never the token), each person seat's invite secret (its SHA-256 too), the table's
chat and when someone was last at the table are kept beside the log. :class:`StoreWriter` runs the
writes in one thread of their own, in order, so that the server's event loop never waits
on a disk.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..errors import SpadesError


class LogConflict(SpadesError):
    """An event's number is not its table's next one: another worker got there first."""


@dataclass
class StoredTable:
    """One table as stored: its configuration, seat claims, invite secrets (hashed) and
    events in order."""

    table_id: str
    config: dict[str, Any]
    claims: dict[int, tuple[str, str]] = field(default_factory=dict)  # seat: (name, token hash)
    secrets: dict[int, str] = field(default_factory=dict)  # seat: invite secret hash
    events: list[dict[str, Any]] = field(default_factory=list)
    chat: list[dict[str, Any]] = field(default_factory=list)  # its lines, in order
    seen: float = 0.0  # when someone was last known at the table (time.time())


class Store(Protocol):
    """What the server needs from storage; every write is committed when the call returns."""

    def create_table(self, table_id: str, config: dict[str, Any]) -> None:
        """Keep a new table's configuration."""
        ...

    def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> None:
        """Bind ``seat`` to a player's name and token hash (replacing an earlier claim)."""
        ...

    def set_secret(self, table_id: str, seat: int, secret_hash: str) -> None:
        """Keep the hash of ``seat``'s invite secret (replacing an earlier one)."""
        ...

    def append(self, table_id: str, seq: int, event: dict[str, Any]) -> None:
        """Append event number ``seq`` (from 0), which must be the table's next; raises
        :class:`LogConflict` if it is not (another worker got there first)."""
        ...

    def mark_seen(self, table_id: str, when: float) -> None:
        """Keep when someone was last at the table (its creation until then)."""
        ...

    def add_chat(self, table_id: str, number: int, line: dict[str, Any]) -> None:
        """Keep chat line ``number`` (from 0) of the table."""
        ...

    def load_all(self) -> list[StoredTable]:
        """Every table, oldest first, with its claims and its events in order."""
        ...

    def close(self) -> None:
        """Release the storage."""
        ...


_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS spades_tables (
        id TEXT PRIMARY KEY, config TEXT NOT NULL, created DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS spades_claims (
        table_id TEXT NOT NULL REFERENCES spades_tables(id), seat INTEGER NOT NULL,
        name TEXT NOT NULL, token_hash TEXT NOT NULL, PRIMARY KEY (table_id, seat))""",
    # tables stored before invite secrets existed have no rows here
    """CREATE TABLE IF NOT EXISTS spades_secrets (
        table_id TEXT NOT NULL REFERENCES spades_tables(id), seat INTEGER NOT NULL,
        secret_hash TEXT NOT NULL, PRIMARY KEY (table_id, seat))""",
    """CREATE TABLE IF NOT EXISTS spades_seen (
        table_id TEXT PRIMARY KEY REFERENCES spades_tables(id),
        seen DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS spades_chat (
        table_id TEXT NOT NULL REFERENCES spades_tables(id), n INTEGER NOT NULL,
        line TEXT NOT NULL, PRIMARY KEY (table_id, n))""",
    """CREATE TABLE IF NOT EXISTS spades_events (
        table_id TEXT NOT NULL REFERENCES spades_tables(id), seq INTEGER NOT NULL,
        event TEXT NOT NULL, PRIMARY KEY (table_id, seq))""",
)


class SQLStore:
    """The store on a DB-API connection in autocommit mode: each write is one statement,
    committed when it returns. Subclasses open the connection and name the placeholder."""

    placeholder = "?"
    # the driver's error for a number stored by another connection at the same moment
    # (SQLite has one writer: its check of the next number and the insert are one step)
    unique_violation: tuple[type[Exception], ...] = ()

    def __init__(self, connection: Any) -> None:
        self._lock = threading.Lock()
        self._db = connection
        for statement in _SCHEMA:
            self._run(statement)

    def _run(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            cursor = self._db.execute(sql.replace("?", self.placeholder), params)
            return cursor.fetchall() if cursor.description else []

    def create_table(self, table_id: str, config: dict[str, Any]) -> None:
        self._run("INSERT INTO spades_tables (id, config, created) VALUES (?, ?, ?)",
                  (table_id, json.dumps(config), time.time()))

    def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> None:
        self._run("INSERT INTO spades_claims (table_id, seat, name, token_hash)"
                  " VALUES (?, ?, ?, ?) ON CONFLICT (table_id, seat) DO UPDATE"
                  " SET name = excluded.name, token_hash = excluded.token_hash",
                  (table_id, seat, name, token_hash))

    def set_secret(self, table_id: str, seat: int, secret_hash: str) -> None:
        self._run("INSERT INTO spades_secrets (table_id, seat, secret_hash) VALUES (?, ?, ?)"
                  " ON CONFLICT (table_id, seat) DO UPDATE SET secret_hash = excluded.secret_hash",
                  (table_id, seat, secret_hash))

    def append(self, table_id: str, seq: int, event: dict[str, Any]) -> None:
        # stored only as the table's next number; two connections that both saw the same
        # next number race on the key (table_id, seq), and the second fails
        try:
            stored = self._run(
                "INSERT INTO spades_events (table_id, seq, event) SELECT ?, ?, ?"
                " WHERE ? = (SELECT COALESCE(MAX(seq) + 1, 0) FROM spades_events"
                " WHERE table_id = ?) RETURNING seq",
                (table_id, seq, json.dumps(event), seq, table_id))
        except self.unique_violation:
            stored = []
        if not stored:
            raise LogConflict(f"table {table_id}: event {seq} is not the next in its log "
                              "(another worker got there first)")

    def mark_seen(self, table_id: str, when: float) -> None:
        self._run("INSERT INTO spades_seen (table_id, seen) VALUES (?, ?)"
                  " ON CONFLICT (table_id) DO UPDATE SET seen = excluded.seen", (table_id, when))

    def add_chat(self, table_id: str, number: int, line: dict[str, Any]) -> None:
        self._run("INSERT INTO spades_chat (table_id, n, line) VALUES (?, ?, ?)",
                  (table_id, number, json.dumps(line)))

    def load_all(self) -> list[StoredTable]:
        tables = {row[0]: StoredTable(row[0], json.loads(row[1]), seen=row[2])
                  for row in self._run(
                      "SELECT id, config, created FROM spades_tables ORDER BY created, id")}
        for table_id, seen in self._run("SELECT table_id, seen FROM spades_seen"):
            tables[table_id].seen = seen
        for table_id, seat, name, token_hash in self._run(
                "SELECT table_id, seat, name, token_hash FROM spades_claims"):
            tables[table_id].claims[seat] = (name, token_hash)
        for table_id, seat, secret_hash in self._run(
                "SELECT table_id, seat, secret_hash FROM spades_secrets"):
            tables[table_id].secrets[seat] = secret_hash
        for table_id, event in self._run(
                "SELECT table_id, event FROM spades_events ORDER BY table_id, seq"):
            tables[table_id].events.append(json.loads(event))
        for table_id, line in self._run(
                "SELECT table_id, line FROM spades_chat ORDER BY table_id, n"):
            tables[table_id].chat.append(json.loads(line))
        return list(tables.values())

    def close(self) -> None:
        with self._lock:
            self._db.close()


class SQLiteStore(SQLStore):
    """The store in one SQLite file (WAL journal, a full sync at each commit)."""

    def __init__(self, path: str | Path) -> None:
        try:
            db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            super().__init__(db)
        except sqlite3.Error as error:
            raise SpadesError(f"cannot open the SQLite database {path}: {error}") from None


class PostgresStore(SQLStore):
    """The store in a PostgreSQL database, through psycopg 3 (extra ``postgres``)."""

    placeholder = "%s"

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise SpadesError("PostgreSQL storage needs psycopg: pip install "
                              "'spades[postgres]'") from None
        try:
            connection = psycopg.connect(url, autocommit=True)
        except psycopg.Error as error:
            raise SpadesError(f"cannot connect to PostgreSQL: {error}") from None
        self.unique_violation = (psycopg.errors.UniqueViolation,)
        super().__init__(connection)


class StoreWriter:
    """A store's writes as coroutines: each runs in the writer's own thread, one after
    another in the order asked, and returns once committed."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="spades-store")

    async def _write(self, method: Any, *args: Any) -> None:
        await asyncio.get_running_loop().run_in_executor(self._thread, method, *args)

    async def create_table(self, table_id: str, config: dict[str, Any]) -> None:
        await self._write(self.store.create_table, table_id, config)

    async def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> None:
        await self._write(self.store.claim_seat, table_id, seat, name, token_hash)

    async def set_secret(self, table_id: str, seat: int, secret_hash: str) -> None:
        await self._write(self.store.set_secret, table_id, seat, secret_hash)

    async def append(self, table_id: str, seq: int, event: dict[str, Any]) -> None:
        await self._write(self.store.append, table_id, seq, event)

    async def mark_seen(self, table_id: str, when: float) -> None:
        await self._write(self.store.mark_seen, table_id, when)

    async def add_chat(self, table_id: str, number: int, line: dict[str, Any]) -> None:
        await self._write(self.store.add_chat, table_id, number, line)

    def close(self) -> None:
        """Finish the writes asked for, then release the store."""
        self._thread.shutdown(wait=True)
        self.store.close()


def is_postgres(where: str | Path) -> bool:
    """Whether ``--db`` names a PostgreSQL database (a URL), not a SQLite file."""
    return str(where).startswith(("postgresql://", "postgres://"))


def open_store(where: str | Path) -> Store:
    """The store named by ``--db``: a ``postgresql://`` URL, or a SQLite file path."""
    return PostgresStore(str(where)) if is_postgres(where) else SQLiteStore(where)
