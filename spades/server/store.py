"""Where the server keeps its tables: a store interface and its SQLite implementation.

A table is its configuration (variant, rules, seats) and an append-only event log
(:mod:`.events`: the game's event log of :mod:`spades.eventlog`, docs/record.md §4, with
the server's seat and end events): each hand's secret seed (``{"kind": "deal", "seed":
...}``), each accepted action (``{"kind": "action", "seat": 1, "action": "play AS",
"code": 51}``; a whole blind nil exchange is ``{"kind": "give", "seat": 0, "cards": ["2C",
"QH", "KD"]}``), a seat left to the computer and back. The server appends an event and
the store commits it before anything is broadcast, so a restarted server rebuilds every
game from its log exactly where it was. An event is stored only under its table's next
number (a unique key), so of several writers appending at once one wins and the others get
:class:`LogConflict`. Seat claims (a name and the SHA-256 of the seat's
token, never the token), each person seat's invite secret (its SHA-256 too), the table's
chat and when someone was last at the table are kept beside the log, and when the server
was last known up (so that a person's turn clock does not run while it was down).
:class:`StoreWriter` runs the
writes in one thread of their own, in order, so that the server's event loop never waits
on a disk.

On PostgreSQL each write also announces itself on the channel ``spades`` (``NOTIFY``, in
the same statement, so a notice is sent exactly when its row is committed): that is how
the other workers on the database learn of it (:mod:`.cluster`). The same database keeps
the workers' heartbeats (``spades_workers``) and which worker owns which table
(``spades_owners``).
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

    def append(self, table_id: str, seq: int, event: dict[str, Any],
               at: float | None = None) -> None:
        """Append event number ``seq`` (from 0), which must be the table's next; raises
        :class:`LogConflict` if it is not (another worker got there first). ``at`` is when
        the action came, told to the other workers."""
        ...

    def events_since(self, table_id: str, seq: int) -> list[dict[str, Any]]:
        """The table's events from number ``seq`` on, in order."""
        ...

    def load_table(self, table_id: str) -> StoredTable | None:
        """One table as :meth:`load_all` gives it (None: no such table)."""
        ...

    def announce(self, notice: dict[str, Any]) -> None:
        """Tell the other workers on this database ``notice`` (nothing without them)."""
        ...

    def mark_seen(self, table_id: str, when: float) -> None:
        """Keep when someone was last at the table (its creation until then)."""
        ...

    def add_chat(self, table_id: str, number: int, line: dict[str, Any]) -> None:
        """Keep chat line ``number`` (from 0) of the table; raises :class:`LogConflict`
        if another worker stored that number first."""
        ...

    def mark_up(self, when: float) -> None:
        """Keep that the server (a worker of it) was up at ``when``."""
        ...

    def last_up(self) -> float | None:
        """When the server was last known up (None: never kept)."""
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
    # one row: when the server was last known up
    """CREATE TABLE IF NOT EXISTS spades_up (
        id INTEGER PRIMARY KEY, up DOUBLE PRECISION NOT NULL)""",
)
CHANNEL = "spades"  # PostgreSQL's channel of the workers' notices
# several workers on one PostgreSQL: their heartbeats, and the owner of each table
_CLUSTER_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS spades_workers (
        id TEXT PRIMARY KEY, expires TIMESTAMPTZ NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS spades_owners (
        table_id TEXT PRIMARY KEY REFERENCES spades_tables(id), worker TEXT NOT NULL)""",
)


class SQLStore:
    """The store on a DB-API connection in autocommit mode: each write is one statement,
    committed when it returns. Subclasses open the connection and name the placeholder."""

    placeholder = "?"
    # the driver's error for a number stored by another connection at the same moment
    # (SQLite has one writer: its check of the next number and the insert are one step)
    unique_violation: tuple[type[Exception], ...] = ()
    announces = False  # whether writes are announced to other workers (NOTIFY)

    def __init__(self, connection: Any) -> None:
        self._lock = threading.Lock()
        self._db = connection
        for statement in _SCHEMA:
            self._run(statement)

    def _run(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            cursor = self._db.execute(sql.replace("?", self.placeholder), params)
            return cursor.fetchall() if cursor.description else []

    def _write(self, sql: str, params: tuple[Any, ...], notice: dict[str, Any]) -> int:
        """Run one write ending in ``RETURNING``: the rows it wrote. Where other workers
        listen (PostgreSQL), ``notice`` is announced by the same statement."""
        if not self.announces:
            return len(self._run(sql, params))
        return len(self._run(f"WITH done AS ({sql}) SELECT pg_notify('{CHANNEL}', ?) FROM done",
                             (*params, json.dumps(notice))))

    def announce(self, notice: dict[str, Any]) -> None:
        if self.announces:
            self._run(f"SELECT pg_notify('{CHANNEL}', ?)", (json.dumps(notice),))

    def create_table(self, table_id: str, config: dict[str, Any]) -> None:
        self._write("INSERT INTO spades_tables (id, config, created) VALUES (?, ?, ?)"
                    " RETURNING 1", (table_id, json.dumps(config), time.time()),
                    {"t": "table", "table": table_id})

    def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> None:
        self._write("INSERT INTO spades_claims (table_id, seat, name, token_hash)"
                    " VALUES (?, ?, ?, ?) ON CONFLICT (table_id, seat) DO UPDATE"
                    " SET name = excluded.name, token_hash = excluded.token_hash RETURNING 1",
                    (table_id, seat, name, token_hash),
                    {"t": "claim", "table": table_id, "seat": seat, "name": name,
                     "token_hash": token_hash})

    def set_secret(self, table_id: str, seat: int, secret_hash: str) -> None:
        self._write("INSERT INTO spades_secrets (table_id, seat, secret_hash) VALUES (?, ?, ?)"
                    " ON CONFLICT (table_id, seat) DO UPDATE SET secret_hash = excluded.secret_hash"
                    " RETURNING 1", (table_id, seat, secret_hash),
                    {"t": "secret", "table": table_id, "seat": seat, "secret_hash": secret_hash})

    def append(self, table_id: str, seq: int, event: dict[str, Any],
               at: float | None = None) -> None:
        # stored only as the table's next number; two connections that both saw the same
        # next number race on the key (table_id, seq), and the second fails
        try:
            stored = self._write(
                "INSERT INTO spades_events (table_id, seq, event) SELECT ?, ?, ?"
                " WHERE ? = (SELECT COALESCE(MAX(seq) + 1, 0) FROM spades_events"
                " WHERE table_id = ?) RETURNING seq",
                (table_id, seq, json.dumps(event), seq, table_id),
                {"t": "event", "table": table_id, "seq": seq, "event": event, "at": at})
        except self.unique_violation:
            stored = 0
        if not stored:
            raise LogConflict(f"table {table_id}: event {seq} is not the next in its log "
                              "(another worker got there first)")

    def events_since(self, table_id: str, seq: int) -> list[dict[str, Any]]:
        return [json.loads(event) for (event,) in self._run(
            "SELECT event FROM spades_events WHERE table_id = ? AND seq >= ? ORDER BY seq",
            (table_id, seq))]

    def mark_seen(self, table_id: str, when: float) -> None:
        self._run("INSERT INTO spades_seen (table_id, seen) VALUES (?, ?)"
                  " ON CONFLICT (table_id) DO UPDATE SET seen = excluded.seen", (table_id, when))

    def mark_up(self, when: float) -> None:
        self._run("INSERT INTO spades_up (id, up) VALUES (0, ?)"
                  " ON CONFLICT (id) DO UPDATE SET up = excluded.up", (when,))

    def last_up(self) -> float | None:
        rows = self._run("SELECT up FROM spades_up WHERE id = 0")
        return float(rows[0][0]) if rows else None

    def add_chat(self, table_id: str, number: int, line: dict[str, Any]) -> None:
        try:
            self._write("INSERT INTO spades_chat (table_id, n, line) VALUES (?, ?, ?)"
                        " RETURNING 1", (table_id, number, json.dumps(line)),
                        {"t": "chat", "table": table_id, "n": number, "line": line})
        except self.unique_violation:
            raise LogConflict(f"table {table_id}: chat line {number} is taken "
                              "(another worker got there first)") from None

    def _load(self, where: str, params: tuple[Any, ...]) -> list[StoredTable]:
        """The tables whose id passes ``where`` (a condition on ``table_id``)."""
        tables = {row[0]: StoredTable(row[0], json.loads(row[1]), seen=row[2])
                  for row in self._run(
                      "SELECT id, config, created FROM spades_tables"
                      f" WHERE {where.replace('table_id', 'id')} ORDER BY created, id", params)}
        for table_id, seen in self._run(
                f"SELECT table_id, seen FROM spades_seen WHERE {where}", params):
            tables[table_id].seen = seen
        for table_id, seat, name, token_hash in self._run(
                f"SELECT table_id, seat, name, token_hash FROM spades_claims WHERE {where}",
                params):
            tables[table_id].claims[seat] = (name, token_hash)
        for table_id, seat, secret_hash in self._run(
                f"SELECT table_id, seat, secret_hash FROM spades_secrets WHERE {where}", params):
            tables[table_id].secrets[seat] = secret_hash
        for table_id, event in self._run(
                f"SELECT table_id, event FROM spades_events WHERE {where}"
                " ORDER BY table_id, seq", params):
            tables[table_id].events.append(json.loads(event))
        for table_id, line in self._run(
                f"SELECT table_id, line FROM spades_chat WHERE {where} ORDER BY table_id, n",
                params):
            tables[table_id].chat.append(json.loads(line))
        return list(tables.values())

    def load_all(self) -> list[StoredTable]:
        return self._load("1 = 1", ())

    def load_table(self, table_id: str) -> StoredTable | None:
        found = self._load("table_id = ?", (table_id,))
        return found[0] if found else None

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
    announces = True

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise SpadesError("PostgreSQL storage needs psycopg: pip install "
                              "'spades[postgres]'") from None
        try:
            connection = psycopg.connect(url, autocommit=True)
        except psycopg.Error as error:
            said = " ".join(str(error).split())  # psycopg's message has several lines
            raise SpadesError(f"cannot connect to PostgreSQL: {said}") from None
        self.unique_violation = (psycopg.errors.UniqueViolation,)
        self.url = url
        # workers starting at once: one makes the tables, the others wait for it
        connection.execute("SELECT pg_advisory_lock(hashtext('spades_schema'))")
        try:
            super().__init__(connection)
            for statement in _CLUSTER_SCHEMA:
                self._run(statement)
        finally:
            connection.execute("SELECT pg_advisory_unlock(hashtext('spades_schema'))")


class StoreWriter:
    """A store's writes as coroutines: each runs in the writer's own thread, one after
    another in the order asked, and returns once committed."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="spades-store")

    async def _call(self, method: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._thread, method, *args)

    async def create_table(self, table_id: str, config: dict[str, Any]) -> None:
        await self._call(self.store.create_table, table_id, config)

    async def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> None:
        await self._call(self.store.claim_seat, table_id, seat, name, token_hash)

    async def set_secret(self, table_id: str, seat: int, secret_hash: str) -> None:
        await self._call(self.store.set_secret, table_id, seat, secret_hash)

    async def append(self, table_id: str, seq: int, event: dict[str, Any],
                     at: float | None = None) -> None:
        await self._call(self.store.append, table_id, seq, event, at)

    async def events_since(self, table_id: str, seq: int) -> list[dict[str, Any]]:
        """The table's events from ``seq`` on, read after the writes asked before."""
        result: list[dict[str, Any]] = await self._call(self.store.events_since, table_id, seq)
        return result

    async def load_table(self, table_id: str) -> StoredTable | None:
        result: StoredTable | None = await self._call(self.store.load_table, table_id)
        return result

    async def announce(self, notice: dict[str, Any]) -> None:
        await self._call(self.store.announce, notice)

    async def mark_seen(self, table_id: str, when: float) -> None:
        await self._call(self.store.mark_seen, table_id, when)

    async def add_chat(self, table_id: str, number: int, line: dict[str, Any]) -> None:
        await self._call(self.store.add_chat, table_id, number, line)

    async def mark_up(self, when: float) -> None:
        await self._call(self.store.mark_up, when)

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
