"""The web game's ASGI application: the lobby's HTTP API, the table websocket, the client.

Routes:

- ``GET /api/options``: the variants with their rules and the computer levels.
- ``GET /api/tables``: the open and running tables (public facts only);
  ``POST /api/tables`` creates one (``{"variant", "rules", "seats", "seat", "name",
  "partner_blind_nil"}``, the last the blind nil policy of a computer partnering a person)
  and returns the creator's seat token once; ``POST /api/tables/{id}/join``
  (``{"seat", "name"}``) claims a free person seat; ``GET /api/tables/{id}/record``
  downloads a finished game's record (RECORD.md).
- ``/ws/{id}``: the table. The first message is ``{"type": "hello", "token": ...}``
  (no token: a spectator); then ``{"type": "action", "action": "bid 4"}``,
  ``{"type": "hint"}``, ``{"type": "costly", "hand": 2}`` (the seat's plays of a
  finished hand that cost points) and ``{"type": "rematch"}``. The server answers with
  ``welcome``, ``state`` (the seat's own view), ``hand_over`` (the hand's seed and
  record), ``hint``, ``costly``, ``rematch`` and ``error`` messages.
- ``/``: the browser client (static files of :mod:`spades.web`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
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
from ..bots.policy import BESIDE_A_PERSON, CHOICES
from ..record import dumps
from ..rules import PRESETS
from .store import Store, open_store
from .table import COMPUTER, PERSON, Client, ClientError, Settings, Table, table_config

WEB = Path(__file__).resolve().parent.parent / "web"
BODY_LIMIT = 8192
HELLO_SECONDS = 30.0
MESSAGE_TYPES = ("hello", "action", "hint", "costly", "rematch")


class Server:
    """Every table of one server, rebuilt from the store at start-up."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store, self.settings = store, settings
        self.tables: dict[str, Table] = {}

    def load(self) -> None:
        """Rebuild every stored table from its log, deal what waits, start computer turns."""
        for stored in self.store.load_all():
            table = Table(stored.table_id, stored.config, self.store, self.settings)
            for seat, (name, token_hash) in stored.claims.items():
                table.seats[seat].name, table.seats[seat].token_hash = name, token_hash
            table.replay(stored.events)
            self.tables[table.table_id] = table
        for table in self.tables.values():
            table.deal_if_needed()
            table.schedule()
            for seat in range(len(table.seats)):
                table.watch_absence(seat)  # people who do not come back are played for

    def create(self, config: dict[str, Any]) -> Table:
        if sum(not t.game.over for t in self.tables.values()) >= self.settings.max_tables:
            raise ClientError("the server has too many tables; try again later")
        table_id = secrets.token_urlsafe(6)
        self.store.create_table(table_id, config)
        table = Table(table_id, config, self.store, self.settings)
        self.tables[table_id] = table
        table.deal_if_needed()
        table.schedule()
        return table

    def rematch(self, table: Table) -> Table:
        """The table's rematch: same rules and seats, a new game (created once)."""
        if table.rematch_id is None:
            config = {**table.config, "bot_seed": secrets.token_hex(16)}
            table.rematch_id = self.create(config).table_id
        return self.tables[table.rematch_id]


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> Any:
    data = await request.body()
    if len(data) > BODY_LIMIT:
        raise ClientError(f"request too large ({len(data)} bytes; the limit is {BODY_LIMIT})")
    try:
        return json.loads(data or b"{}")
    except ValueError:
        raise ClientError("the request body must be JSON") from None


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

    def table_or_404(request: Request) -> Table:
        table = server.tables.get(request.path_params["table_id"])
        if table is None:
            raise ClientError("no such table")
        return table

    async def options(request: Request) -> Response:
        return JSONResponse({
            "variants": {name: {"players": r.players, "rules": r.to_dict()}
                         for name, r in PRESETS.items()},
            "levels": list(BOTS), "partner_blind_nil": CHOICES,
            "partner_blind_nil_default": str(BESIDE_A_PERSON)})

    async def list_tables(request: Request) -> Response:
        return JSONResponse([t.summary() for t in server.tables.values() if not t.game.over])

    async def create_table(request: Request) -> Response:
        try:
            body = await _body(request)
            config = table_config(body)
            seat = body.get("seat", 0)
            if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
                raise ClientError("'seat' must be a seat number or null (watch only)")
            if seat is not None and not (0 <= seat < len(config["seats"])
                                         and config["seats"][seat]["kind"] == PERSON):
                raise ClientError(f"seat {seat} is not a person's seat of this table")
            table = server.create(config)
            token = None if seat is None else table.claim(seat, body.get("name"))
        except ClientError as error:
            return _error(str(error))
        return JSONResponse({"table": table.table_id, "seat": seat, "token": token})

    async def table_info(request: Request) -> Response:
        try:
            return JSONResponse(table_or_404(request).summary())
        except ClientError as error:
            return _error(str(error), 404)

    async def join(request: Request) -> Response:
        try:
            table = table_or_404(request)
            body = await _body(request)
            seat = body.get("seat") if isinstance(body, dict) else None
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise ClientError("'seat' must be a seat number")
            token = table.claim(seat, body.get("name"))
            await table.broadcast()
        except ClientError as error:
            return _error(str(error), 404 if str(error) == "no such table" else 400)
        return JSONResponse({"table": table.table_id, "seat": seat, "token": token})

    async def record(request: Request) -> Response:
        try:
            table = table_or_404(request)
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
        table = server.tables.get(ws.path_params["table_id"])
        if table is None:
            await ws.send_json({"type": "error", "message": "no such table"})
            await ws.close(code=4404)
            return
        client: Client | None = None
        try:
            seat = await _hello(ws, table)
            client = Client(ws.send_text, seat, settings)
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
                seat = table.seat_for(token) if isinstance(token, str) else None
                if seat is None:
                    raise ClientError("this token holds no seat at this table")
                return seat
            except ClientError as error:
                await check.send({"type": "error", "message": str(error)})

    def _decode(client: Client, message: dict[str, Any]) -> dict[str, Any]:
        if not client.allow():
            raise ClientError("too many messages: slow down")
        text = message.get("text")
        if text is None:
            raise ClientError("messages must be JSON text, not binary")
        if len(text.encode()) > settings.message_limit:
            raise ClientError(f"message too large ({len(text.encode())} bytes; "
                              f"the limit is {settings.message_limit})")
        try:
            data = json.loads(text)
        except ValueError:
            raise ClientError("malformed message: not JSON") from None
        if not isinstance(data, dict):
            raise ClientError("a message must be a JSON object")
        if data.get("type") not in MESSAGE_TYPES:
            raise ClientError(f"unknown message type {str(data.get('type'))[:40]!r}; "
                              f"expected one of {', '.join(MESSAGE_TYPES)}")
        return data

    async def _handle(client: Client, table: Table, message: dict[str, Any]) -> None:
        data = _decode(client, message)
        kind = data["type"]
        if kind == "hello":
            raise ClientError("already joined: send actions now")
        if kind == "action":
            await table.act(client.seat, data.get("action"))
        elif kind == "hint":
            await table.hint(client)
        elif kind == "costly":
            await table.costly(client, data.get("hand"))
        elif kind == "rematch":
            if client.seat is None or table.seats[client.seat].kind != PERSON:
                raise ClientError("only a seated person can ask for a rematch")
            if not table.game.over:
                raise ClientError("a rematch is offered when the game is over")
            new = server.rematch(table)
            token = new.claim(client.seat, table.seats[client.seat].name)
            await client.send({"type": "rematch", "table": new.table_id, "seat": client.seat,
                               "token": token})
            await table.broadcast()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.load()
        yield
        for table in server.tables.values():
            table.stop()
        store.close()

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
