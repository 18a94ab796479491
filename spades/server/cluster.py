"""Several server workers on one PostgreSQL database: how each learns what the others did,
and which of them does each table's once-only work.

Every worker holds every table. Each write to the store announces itself on the channel
``spades`` (:mod:`.store`: ``pg_notify`` in the same statement, so a notice goes out
exactly when its row is committed); each worker ``LISTEN``\\ s on its own connection and
applies the others' notices: an event (in order; a gap is read from the store), a new
table, a claimed seat, an invite secret, a chat line, and what is not stored at all: how
many of a worker's clients sit at each seat of a table (``here``), a seat left to the
computer or taken back (``seat``), a rematch. A worker that starts asks the others for
their clients (``roll``).

The once-only work of a table (dealing, computer turns, a turn clock's decision, taking
over for an absent person, expiry) is done by its owner. Ownership is a row with an
expiry, on the database's clock: each worker renews its heartbeat (``spades_workers``)
every quarter of ``Settings.lease_seconds``, and owns the tables whose ``spades_owners``
row names it while its heartbeat is fresh. At each beat a worker takes every running table
whose owner's heartbeat has expired (or that has no owner), so a killed worker's tables
move within ``lease_seconds`` and a beat (3.75 s by default); a worker that misses a beat
stops its once-only work at once. Two owners for a moment (a worker cut off from the
database) cannot store one event twice: the log's next-number key refuses the second.
A worker that stops cleanly hands its tables on at once.

Rows rather than advisory locks: they need no connection held per lock, say who owns what
(``SELECT * FROM spades_owners``), and expire on the database's clock even when a machine
vanishes without closing its connections.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import socket
from typing import Any, Protocol

from .store import CHANNEL, StoreWriter
from .table import Table, log

_TAKE = """
    INSERT INTO spades_owners (table_id, worker)
    SELECT t, %(me)s FROM unnest(%(tables)s::text[]) AS t
    WHERE NOT EXISTS (SELECT 1 FROM spades_owners o JOIN spades_workers w ON w.id = o.worker
                      WHERE o.table_id = t AND w.expires > now())
    ON CONFLICT (table_id) DO UPDATE SET worker = excluded.worker
    WHERE NOT EXISTS (SELECT 1 FROM spades_workers w
                      WHERE w.id = spades_owners.worker AND w.expires > now())"""


class Host(Protocol):
    """The server of this worker (:class:`spades.server.app.Server`), as the cluster uses it."""

    store: StoreWriter
    tables: dict[str, Table]

    async def on_notice(self, notice: dict[str, Any], me: str) -> None:
        """Apply another worker's notice."""

    async def resync(self) -> None:
        """Read again what notices may have been missed."""


class Cluster:
    """This worker among the others on one PostgreSQL database."""

    def __init__(self, url: str, server: Host, lease_seconds: float) -> None:
        self.url, self.server, self.lease = url, server, lease_seconds
        self.id = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self._listen: Any = None
        self._beat: Any = None
        self._tasks: list[asyncio.Task[None]] = []

    async def _connect(self) -> Any:
        import psycopg

        # named for this worker, so that an operator can tell its connections apart
        connection = await psycopg.AsyncConnection.connect(
            self.url, autocommit=True, application_name=f"spades {self.id}"[:63])
        await connection.execute(f"SET statement_timeout = {int(self.lease * 500)}")
        return connection

    async def listen(self) -> None:
        """Start listening (before the tables are loaded: no notice is missed between)."""
        self._listen = await self._connect()
        await self._listen.execute(f"LISTEN {CHANNEL}")
        self._beat = await self._connect()

    async def start(self) -> None:
        """Once the tables are loaded: the first beat (this worker takes the tables nobody
        owns), ask for the others' clients, then keep listening and beating."""
        await self.beat()
        await self.server.store.announce({"t": "roll", "w": self.id})
        self._tasks = [asyncio.create_task(self._notices()),
                       asyncio.create_task(self._beats())]

    async def own_new(self, table_id: str) -> None:
        """Own a table this worker just made."""
        await self._beat.execute(
            "INSERT INTO spades_owners (table_id, worker) VALUES (%s, %s)"
            " ON CONFLICT (table_id) DO NOTHING", (table_id, self.id))

    async def _notices(self) -> None:
        while True:
            try:
                async for notice in self._listen.notifies():
                    try:
                        await self.server.on_notice(json.loads(notice.payload), self.id)
                    except Exception:  # one bad notice must not stop the others
                        log.exception("cannot apply the notice %.200s", notice.payload)
            except Exception as error:  # the connection was lost: listen again, read all
                log.error("listening to PostgreSQL failed (%s); listening again", error)
                with contextlib.suppress(Exception):
                    await self._listen.close()
                await asyncio.sleep(1)
                with contextlib.suppress(Exception):
                    self._listen = await self._connect()
                    await self._listen.execute(f"LISTEN {CHANNEL}")
                    await self.server.resync()

    async def _beats(self) -> None:
        while True:
            await asyncio.sleep(self.lease / 4)
            try:
                await self.beat()
            except Exception:  # a table that cannot be taken now is tried at the next beat
                log.exception("worker %s: a heartbeat failed", self.id)

    async def beat(self) -> None:
        """Renew this worker's heartbeat, take the tables whose owner's has expired, let
        go of those another worker took, forget the clients of workers gone."""
        tables = self.server.tables
        try:
            if self._beat.closed:
                self._beat = await self._connect()
            await self._beat.execute(
                "INSERT INTO spades_workers (id, expires) VALUES (%s, now() + %s * interval"
                " '1 second') ON CONFLICT (id) DO UPDATE SET expires = excluded.expires",
                (self.id, self.lease))
            live = {row[0] for row in await (await self._beat.execute(
                "SELECT id FROM spades_workers WHERE expires > now()")).fetchall()}
            wanted = [t.table_id for t in tables.values() if t.running and not t.owned]
            if wanted:
                await self._beat.execute(_TAKE, {"me": self.id, "tables": wanted})
            mine = {row[0] for row in await (await self._beat.execute(
                "SELECT table_id FROM spades_owners WHERE worker = %s", (self.id,))).fetchall()}
        except Exception as error:  # no heartbeat: another worker may own them any moment
            log.error("cannot renew this worker's lease (%s); its tables wait", error)
            for table in tables.values():
                if table.owned:
                    table.disown()
            return
        for table in list(tables.values()):
            if table.owned and table.table_id not in mine:
                table.disown()
            elif not table.owned and table.table_id in mine:  # taken now, or again
                log.info("worker %s owns table %s", self.id, table.table_id)
                await table.own()
            for worker in set(table.elsewhere) - live:
                await table.presence_elsewhere(worker, None)

    async def stop(self) -> None:
        """Stop listening and beating; hand this worker's tables on at once."""
        for task in self._tasks:
            task.cancel()
        for table in self.server.tables.values():
            table.disown()
        with contextlib.suppress(Exception):
            await self._beat.execute("DELETE FROM spades_owners WHERE worker = %s", (self.id,))
            await self._beat.execute("DELETE FROM spades_workers WHERE id = %s"
                                     " OR expires < now() - interval '1 hour'", (self.id,))
        for connection in (self._listen, self._beat):
            with contextlib.suppress(Exception):
                await connection.close()
