"""The web game's ASGI application: the lobby's HTTP API, the table websocket, the client.

Routes:

- ``GET /api/options``: the variants with their rules, the computer levels and the
  server's default turn time (``turn_seconds_default``).
- ``GET /api/tables``: the running tables listed in the lobby (public facts only);
  ``GET /api/tables?mine=ID,ID`` those of the ids given (a browser's own tables).
  ``POST /api/tables`` creates one (``{"variant", "rules", "seats", "seat", "name",
  "computer_blind_nil", "listed", "turn_seconds", "spectator_chat"}``,
  ``computer_blind_nil`` the blind nil policy of every computer player at a table with a
  person: ``"trailing-100"`` (the default), ``"always"`` or ``"never"`` (a table of
  computers only keeps the bots' own; one stored with the older ``partner_blind_nil``
  applies it to every computer), ``listed``
  whether the lobby offers its free seats to anyone, ``turn_seconds`` a person's time for
  a decision (default 60, 0 for none), ``spectator_chat`` whether spectators may write in
  the chat) and returns once the creator's seat token and each person seat's invite secret
  (``"invites": {"1": ...}``); a client address creating too fast gets 429 with
  ``Retry-After``. ``POST /api/tables/{id}/join`` (``{"seat", "name", "secret"}``) takes a
  seat with its invite secret (from another device too), or a free seat of a listed table
  without one (403 otherwise); it returns the seat's token and its secret.
  ``GET /api/tables/{id}/record`` downloads a finished game's record (docs/record.md).
- ``/ws/{id}``: the table. The first message is ``{"type": "hello", "token": ...}``
  (no token: a spectator); then ``{"type": "action", "action": "bid 4"}`` (in a blind
  nil exchange the whole give: ``"give 2C QH KD"``, ``"give 2C"`` one card, ``"give"`` none;
  with ``"auto": true`` when the page's Auto Play One chose it: refused while the seat is
  left to the computer, and never taking a seat back), ``{"type": "summary_closed"}`` (the
  page closed the hand summary: from a hand's end a person's turn clock waits for it, or
  for ``Settings.summary_hold_seconds``), ``{"type": "hint"}`` (in an exchange the hint is
  a whole give), ``{"type": "costly", "hand": 2}`` (the seat's plays of a finished hand
  that cost points), ``{"type": "rematch"}``, ``{"type": "seat", "away": true}`` (leave
  the seat to its computer level; ``false`` takes it back) and ``{"type": "chat", "text":
  ..., "name": ...}`` (``name``: a spectator's, "Spectator N" until given). A hint and an
  analysis are worked out one at a time for each seat and for each client address. The
  server answers with ``welcome`` (with the chat so far), ``state`` (the seat's own view,
  the last completed trick, the turn clock: none while a hand summary holds it),
  ``hand_over`` (the hand's seed, its record, its tricks with each card's seat and each
  side's breakdown in words),
  ``hint``, ``costly``, ``rematch``, ``chat`` and ``error`` messages (in the player's
  words), and ``replaced`` (then it closes the socket, code 4001) when the seat was taken
  on another device.
- JSON nested deeper than :data:`JSON_DEPTH`, in a message or a request body, is refused.
- ``/``: the browser client (static files of :mod:`spades.web`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import re
import secrets
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..bots import BOTS
from ..bots.policy import AT_A_PERSONS_TABLE, CHOICES
from ..errors import quoted
from ..record import dumps
from ..rules import PRESETS
from .clients import Client, Costly
from .cluster import Cluster
from .compute import Computer
from .config import table_config
from .messages import ClientError, Forbidden
from .seats import COMPUTER, PERSON
from .settings import Settings
from .store import PostgresStore, Store, StoredTable, StoreWriter, open_store
from .table import Table, log

WEB = Path(__file__).resolve().parent.parent / "web"
BODY_LIMIT = 8192
HELLO_SECONDS = 30.0
MESSAGE_TYPES = ("hello", "action", "hint", "costly", "rematch", "seat", "chat",
                 "summary_closed")
JSON_DEPTH = 16  # arrays and objects within each other a message may have, at most
# a JSON string (to its end, closed or not: one pass, no backtracking) or a bracket
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')
UP_EVERY = 1.0  # seconds between the marks that the server is up (see Server.keep_up)
MINE_LIMIT = 100  # ids a browser may ask about at once
ADDRESSES_KEPT = 10_000  # creation allowances remembered before the full ones are dropped


class TooFast(ClientError):
    """A table asked for too soon after the last ones from the same address."""

    def __init__(self, wait: float) -> None:
        super().__init__(f"too many new tables: wait {math.ceil(wait)} s and try again")
        self.wait = wait


class Server:
    """Every table of one server, rebuilt from the store at start-up; on PostgreSQL one
    worker of several (:mod:`.cluster`), which may be alone."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.settings = settings
        self.store = StoreWriter(store)
        self.computer = Computer(settings.computer_workers)
        self.tables: dict[str, Table] = {}
        self.cluster = (Cluster(store.url, self, settings.lease_seconds)
                        if isinstance(store, PostgresStore) else None)
        self._allowances: dict[str, tuple[float, float]] = {}  # address: (tables, when)
        self.costly = Costly()  # hints and analyses under way, by seat and by address
        self._rematching = asyncio.Lock()
        self._creating = asyncio.Lock()

    def _table(self, table_id: str, config: dict[str, Any]) -> Table:
        table = Table(table_id, config, self.store, self.settings, self.computer,
                      worker=self.cluster.id if self.cluster else "", costly_requests=self.costly)
        table.owned = self.cluster is None  # among several, once the lease is taken
        return table

    def _rebuilt(self, stored: StoredTable) -> Table:
        """A stored table, its game replayed from its log."""
        table = self._table(stored.table_id, stored.config)
        for seat, (name, token_hash) in stored.claims.items():
            table.seats[seat].name, table.seats[seat].token_hash = name, token_hash
        for seat, secret_hash in stored.secrets.items():
            table.seats[seat].secret_hash = secret_hash
        table.idle_since = table.seen_kept = stored.seen
        table.chat = stored.chat
        table.replay(stored.events)
        self.tables[table.table_id] = table
        return table

    async def load(self) -> None:
        """Rebuild every stored table from its log, deal what waits, start computer turns
        (among several workers: those of the tables this one takes). The turn under way
        at each table when the server stopped (when it was last known up, or its last
        event) keeps the time its person had left."""
        if self.cluster is not None:
            await self.cluster.listen()
        for stored in self.store.store.load_all():
            self._rebuilt(stored)
        stopped = max([self.store.store.last_up() or 0.0,
                       *(event.get("at", 0.0) for table in self.tables.values()
                         for event in table.events[-1:])])
        for table in self.tables.values():
            table.resume(stopped)
            async with table.lock:  # a notice of the same event waits for it
                await table.deal_if_needed()
            table.schedule()
            for seat in range(len(table.seats)):
                table.watch_absence(seat)  # people who do not come back are played for
        if self.cluster is not None:
            await self.cluster.start()

    async def find(self, table_id: str) -> Table | None:
        """The table ``table_id``; among several workers, one just made by another is read
        from the store."""
        table = self.tables.get(table_id)
        if table is None and self.cluster is not None:
            stored = await self.store.load_table(table_id)
            if stored is not None and table_id not in self.tables:
                self._rebuilt(stored).schedule()  # its turn clock, shown here too
            table = self.tables.get(table_id)
        return table

    async def on_notice(self, notice: dict[str, Any], me: str) -> None:
        """Apply another worker's notice (:mod:`.cluster`)."""
        kind, table_id = notice["t"], notice.get("table")
        if notice.get("w") == me:
            return
        if kind == "roll":
            for known in list(self.tables.values()):
                if known.clients:
                    await known.tell_presence()
            return
        table = await self.find(table_id) if isinstance(table_id, str) else None
        if table is None:
            return
        if kind == "event":
            await table.receive(notice["seq"], notice["event"], notice["at"])
        elif kind == "claim":
            await table.claimed_elsewhere(notice["seat"], notice["name"], notice["token_hash"])
        elif kind == "secret":
            table.seats[notice["seat"]].secret_hash = notice["secret_hash"]
        elif kind == "chat":
            await table.chat_elsewhere(notice["n"], notice["line"])
        elif kind == "here":
            await table.presence_elsewhere(notice["w"], notice["seats"], notice["spectators"])
        elif kind == "rematch":
            table.rematch_id = notice["rematch"]
            await table.broadcast()
        elif kind == "summary":
            await table.summary_closed_by(notice["seat"])

    async def resync(self) -> None:
        """Read again what notices may have been missed (the listening connection was
        lost): new tables, events, claims."""
        for stored in await asyncio.to_thread(self.store.store.load_all):
            table = self.tables.get(stored.table_id)
            if table is None:
                self._rebuilt(stored)
                continue
            if len(stored.events) > len(table.events):
                seq = len(stored.events) - 1
                await table.receive(seq, stored.events[seq], None)
            for seat, (name, token_hash) in stored.claims.items():
                await table.claimed_elsewhere(seat, name, token_hash)

    def check_creation(self, address: str, computers_only: bool) -> None:
        """Count a new table against ``address``'s allowance; raises :class:`TooFast` (and
        counts nothing) when it has none left, ClientError past a cap."""
        settings, now = self.settings, time.monotonic()
        running = [t for t in self.tables.values() if t.running]
        if len(running) >= settings.max_tables:
            raise ClientError("the server has too many tables; try again later")
        if computers_only and sum(t.creator == address and t.computers_only
                                  for t in running) >= settings.computer_tables:
            many = settings.computer_tables
            raise ClientError(f"you already have {many} table{'' if many == 1 else 's'} of "
                              "computer players only; watch one to its end or leave it, and "
                              "it ends")
        tables, when = self._allowances.get(address, (settings.create_burst, now))
        tables = min(settings.create_burst, tables + (now - when) / settings.create_every)
        if tables < 1:
            raise TooFast((1 - tables) * settings.create_every)
        if len(self._allowances) >= ADDRESSES_KEPT:
            self._allowances = {a: (t, w) for a, (t, w) in self._allowances.items()
                                if t + (now - w) / settings.create_every < settings.create_burst}
        self._allowances[address] = (tables - 1, now)

    async def admit(self, config: dict[str, Any],
                    address: str) -> tuple[Table, dict[int, str]]:
        """:meth:`create` for ``address`` if :meth:`check_creation` lets it; one at a time,
        so that requests at once cannot all pass a cap that each alone would meet."""
        async with self._creating:
            self.check_creation(address, all(s["kind"] == COMPUTER for s in config["seats"]))
            return await self.create(config, address)

    async def create(self, config: dict[str, Any],
                     creator: str | None) -> tuple[Table, dict[int, str]]:
        """A new table (dealt, its computers started) and its seats' invite secrets; the
        ``creator``'s address is stored with it."""
        table_id = secrets.token_urlsafe(6)
        config = {**config, "creator": creator}
        await self.store.create_table(table_id, config)
        # its own notice may have brought it here already: one table, never two
        table = self.tables.get(table_id) or self._table(table_id, config)
        self.tables[table_id] = table
        if self.cluster is not None:
            await self.cluster.own_new(table_id)
            table.owned = True
        invites = await table.invite_secrets()
        async with table.lock:
            await table.deal_if_needed()
        table.schedule()
        return table, invites

    async def rematch(self, table: Table) -> Table:
        """The table's rematch: same rules and seats, a new game (created once)."""
        async with self._rematching:  # two players asking at once get the same one
            if table.rematch_id is None:
                config = {**table.config, "bot_seed": secrets.token_hex(16)}
                table.rematch_id = (await self.create(config, table.creator))[0].table_id
                await self.store.announce({"t": "rematch", "w": table.worker,
                                           "table": table.table_id, "rematch": table.rematch_id})
        return self.tables[table.rematch_id]

    async def keep_up(self) -> None:
        """Keep, every ``UP_EVERY`` seconds, that the server is up; a store that fails
        once (a locked SQLite file, a lost PostgreSQL connection) is tried again."""
        while True:
            try:
                await self.store.mark_up(time.time())
            except Exception as error:  # the driver's own errors too: the marks go on
                log.error("cannot store that the server is up (%s)", error)
            await asyncio.sleep(UP_EVERY)

    async def sweep(self) -> None:
        """End, now and then, the tables nobody is at (see :meth:`Table.expired`), and keep
        when people were at the others."""
        settings = self.settings
        every = max(0.05, min(60.0, settings.idle_seconds / 4, settings.unwatched_seconds / 4))
        while True:
            await asyncio.sleep(every)
            now = time.time()
            for table in list(self.tables.values()):
                reason = table.expired(now) if table.owned else None
                try:
                    if reason is not None:
                        await table.end(reason)
                    else:
                        await table.keep_seen(now)
                except Exception as error:  # one table's store error must not stop it
                    log.error("table %s: cannot store it (%s)", table.table_id, error)


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def parse_json(text: str, what: str, not_json: str) -> Any:
    """``text`` as JSON; ClientError in one line: ``not_json`` when it is not JSON, else
    if it nests arrays and objects deeper than ``JSON_DEPTH`` (such text would exhaust
    the parser's recursion), naming it ``what`` (``"the request body"``)."""
    depth = most = 0
    for token in _JSON_TOKEN.findall(text):
        if token in ("[", "{"):
            depth += 1
            most = max(most, depth)
        elif token in ("]", "}"):
            depth -= 1
    if most > JSON_DEPTH:
        raise ClientError(f"{what} nests arrays and objects {most} deep; the limit is "
                          f"{JSON_DEPTH}")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise ClientError(not_json) from None


async def _body(request: Request) -> Any:
    data = await request.body()
    if len(data) > BODY_LIMIT:
        raise ClientError(f"request too large ({len(data)} bytes; the limit is {BODY_LIMIT})")
    try:
        text = data.decode() if data else "{}"
    except UnicodeDecodeError:
        raise ClientError("the request body must be JSON in UTF-8") from None
    return parse_json(text, "the request body", "the request body must be JSON")


def origin_allowed(headers: Any, allowed: tuple[str, ...]) -> bool:
    """A websocket from a page of this server (or of an allowed origin); no Origin header
    (a program, not a browser) is let through."""
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    return urlsplit(origin).netloc == headers.get("host", "")


def create_app(db: str | Path = ":memory:", settings: Settings | None = None) -> Starlette:
    """The application on the store ``db`` (a SQLite path)."""
    settings = settings or Settings()
    store = open_store(db)
    server = Server(store, settings)

    async def table_or_404(request: Request) -> Table:
        table = await server.find(request.path_params["table_id"])
        if table is None:
            raise ClientError("no such table")
        return table

    async def options(request: Request) -> Response:
        return JSONResponse({
            "variants": {name: {"players": r.players, "rules": r.to_dict()}
                         for name, r in PRESETS.items()},
            "levels": list(BOTS), "computer_blind_nil": CHOICES,
            "computer_blind_nil_default": str(AT_A_PERSONS_TABLE),
            "turn_seconds_default": settings.turn_seconds})

    async def list_tables(request: Request) -> Response:
        mine = request.query_params.get("mine")
        if mine is None:
            return JSONResponse([t.summary() for t in server.tables.values()
                                 if t.running and t.listed])
        ids = mine.split(",")
        if len(ids) > MINE_LIMIT:
            return _error(f"'mine' names {len(ids)} tables; the limit is {MINE_LIMIT}")
        return JSONResponse([server.tables[i].summary() for i in ids if i in server.tables])

    async def create_table(request: Request) -> Response:
        try:
            body = await _body(request)
            config = table_config(body, settings.turn_seconds)
            seat = body.get("seat", 0)
            if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
                raise ClientError("'seat' must be a seat number or null (watch only)")
            if seat is not None and not (0 <= seat < len(config["seats"])
                                         and config["seats"][seat]["kind"] == PERSON):
                raise ClientError(f"seat {seat} is not a person's seat of this table")
            address = request.client.host if request.client else "unknown"
            table, invites = await server.admit(config, address)
            token = None if seat is None else (await table.claim(
                seat, body.get("name"), invites[seat]))[0]
        except TooFast as error:
            return JSONResponse({"error": str(error)}, status_code=429,
                                headers={"Retry-After": str(math.ceil(error.wait))})
        except ClientError as error:
            return _error(str(error))
        return JSONResponse({"table": table.table_id, "seat": seat, "token": token,
                             "invites": invites})

    async def table_info(request: Request) -> Response:
        try:
            return JSONResponse((await table_or_404(request)).summary())
        except ClientError as error:
            return _error(str(error), 404)

    async def join(request: Request) -> Response:
        try:
            table = await table_or_404(request)
            body = await _body(request)
            seat = body.get("seat") if isinstance(body, dict) else None
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise ClientError("'seat' must be a seat number")
            secret = body.get("secret")
            token, new_secret = await table.claim(seat, body.get("name"), secret)
            await table.broadcast()
        except Forbidden as error:
            return _error(str(error), 403)
        except ClientError as error:
            return _error(str(error), 404 if str(error) == "no such table" else 400)
        return JSONResponse({"table": table.table_id, "seat": seat, "token": token,
                             "secret": new_secret or secret})

    async def record(request: Request) -> Response:
        try:
            table = await table_or_404(request)
        except ClientError as error:
            return _error(str(error), 404)
        if not table.game.over:
            return _error("the record is downloadable when the game is over", 409)
        return Response(dumps(table.game, table.names), media_type="application/json",
                        headers={"Content-Disposition":
                                 f'attachment; filename="spades-{table.table_id}.json"'})

    async def websocket(ws: WebSocket) -> None:
        if not origin_allowed(ws.headers, settings.allowed_origins):
            await ws.close(code=1008)
            return
        await ws.accept()
        table = await server.find(ws.path_params["table_id"])
        if table is None:
            await ws.send_json({"type": "error", "message": "no such table"})
            await ws.close(code=4404)
            return
        client: Client | None = None
        try:
            seat = await _hello(ws, table)
            client = Client(ws.send_text, seat, settings, ws.close,
                            ws.client.host if ws.client else "unknown")
            await table.attach(client)
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                try:
                    await _handle(client, table, message)
                except ClientError as error:
                    await client.send({"type": "error", "message": str(error)})
        except (WebSocketDisconnect, TimeoutError):
            pass
        finally:
            if client is not None:
                await table.detach(client)

    async def _hello(ws: WebSocket, table: Table) -> int | None:
        """The first message: a seat's token, or none to watch. Retries until it is good."""
        check = Client(ws.send_text, None, settings)
        while True:
            message = await asyncio.wait_for(ws.receive(), HELLO_SECONDS)
            if message["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(message.get("code", 1000))
            try:
                data = _decode(check, message)
                if data.get("type") != "hello":
                    raise ClientError("the first message must be {'type': 'hello', 'token': ...}")
                token = data.get("token")
                if token is None:
                    return None
                seat = await table.find_seat(token) if isinstance(token, str) else None
                if seat is None:
                    raise ClientError("this token holds no seat at this table")
                return seat
            except ClientError as error:
                await check.send({"type": "error", "message": str(error)})

    def _decode(client: Client, message: dict[str, Any]) -> dict[str, Any]:
        if not client.messages.take():
            raise ClientError("too many messages: slow down")
        text = message.get("text")
        if text is None:
            raise ClientError("messages must be JSON text, not binary")
        if len(text.encode()) > settings.message_limit:
            raise ClientError(f"message too large ({len(text.encode())} bytes; "
                              f"the limit is {settings.message_limit})")
        data = parse_json(text, "the message", "malformed message: not JSON")
        if not isinstance(data, dict):
            raise ClientError("a message must be a JSON object")
        if data.get("type") not in MESSAGE_TYPES:
            raise ClientError(f"unknown message type {quoted(data.get('type'))}; "
                              f"expected one of {', '.join(MESSAGE_TYPES)}")
        return data

    async def _handle(client: Client, table: Table, message: dict[str, Any]) -> None:
        data = _decode(client, message)
        kind = data["type"]
        if kind == "hello":
            raise ClientError("already joined: send actions now")
        if kind == "action":
            await table.act(client.seat, data.get("action"), data.get("auto", False))
        elif kind == "summary_closed":
            await table.summary_closed(client)
        elif kind == "hint":
            await table.hint(client)
        elif kind == "costly":
            await table.costly(client, data.get("hand"))
        elif kind == "seat":
            await table.leave(client, data.get("away"))
        elif kind == "chat":
            await table.say(client, data.get("text"), data.get("name"))
        elif kind == "rematch":
            if client.seat is None or table.seats[client.seat].kind != PERSON:
                raise ClientError("only a seated person can ask for a rematch")
            if not table.game.over:
                raise ClientError("a rematch is offered when the game is over")
            new = await server.rematch(table)
            token, secret = await new.claim(client.seat, table.seats[client.seat].name,
                                            trusted=True)
            await client.send({"type": "rematch", "table": new.table_id, "seat": client.seat,
                               "token": token, "secret": secret})
            await table.broadcast()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.load()
        sweeper = asyncio.create_task(server.sweep())
        keeper = asyncio.create_task(server.keep_up())
        yield
        sweeper.cancel()
        keeper.cancel()
        if server.cluster is not None:
            await server.cluster.stop()
        for table in server.tables.values():
            async with table.lock:  # an action being committed is applied first
                table.stop()
        await server.store.mark_up(time.time())  # the clocks stop here
        server.computer.close()
        server.store.close()

    app = Starlette(routes=[
        Route("/api/options", options),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", table_info),
        Route("/api/tables/{table_id}/join", join, methods=["POST"]),
        Route("/api/tables/{table_id}/record", record),
        WebSocketRoute("/ws/{table_id}", websocket),
        Mount("/", StaticFiles(directory=WEB, html=True)),
    ], lifespan=lifespan)
    app.state.server = server
    return app


__all__ = ["COMPUTER", "PERSON", "Server", "Settings", "create_app"]
