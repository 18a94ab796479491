"""Does a busy table slow another? A person's reply times on an idle server, then beside
tables of `expert` computers.

    .venv/bin/python benchmarks/busy_neighbours.py --busy 6 --probes 60

Starts a real server (`spades serve`'s worker app, one worker, a fresh SQLite file, the
per-address limits lifted, no computer delay), seats a person against a `medium` computer
in `two-player-300`, and at each of her turns measures two replies: to a refused action
(the error message) and to a legal one (until her next turn: the computer's decision, its
store write and broadcast). It does so first with no other table, then with ``--busy``
partnership tables of four `expert` computers playing, each watched by a spectator (a table
of computers nobody watches ends). Prints one JSON line per phase, and the ratios of the
busy phase's p50 and p99 to the idle phase's.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from typing import Any

import httpx
from server_load import UNLIMITED, serving
from websockets.asyncio.client import ClientConnection, connect

WARM_UP = 3  # replies measured but not counted at the start of each phase
PACE = 0.3  # seconds the person waits at her turn before she acts


@contextlib.contextmanager
def server() -> Iterator[str]:
    """A one-worker server on a fresh SQLite file: its base URL."""
    with tempfile.TemporaryDirectory() as tmp, serving(
            {"db": f"{tmp}/busy.sqlite", "computer_delay": 0, "allowed_origins": [],
             "rate_burst": 1000, **UNLIMITED}) as base:
        yield base


async def my_turn(ws: ClientConnection, seat: int) -> dict[str, Any]:
    """Read until a state in which ``seat`` is to move (a new game when one ends)."""
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "state":
            view = message["view"]
            if view["to_move"] == seat and view["legal"]:
                return view
            if view["winner"] is not None:
                await ws.send(json.dumps({"type": "rematch"}))


async def probe(base: str, probes: int, rng: random.Random) -> dict[str, float]:
    """A person's error and move reply times, ``probes`` of each after :data:`WARM_UP`
    (the first computer decision starts the server's worker processes)."""
    made = httpx.post(base + "/api/tables", json={
        "variant": "two-player-300", "seat": 0, "name": "Ann",
        "seats": [{"kind": "person"}, {"kind": "computer", "level": "medium"}]}).json()
    errors: list[float] = []
    moves: list[float] = []
    url = base.replace("http", "ws", 1) + f"/ws/{made['table']}"
    async with connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "token": made["token"]}))
        view = await my_turn(ws, made["seat"])
        while len(moves) < probes + WARM_UP:
            await asyncio.sleep(PACE)
            start = time.perf_counter()
            await ws.send(json.dumps({"type": "action", "action": "play ZZ"}))
            while json.loads(await ws.recv())["type"] != "error":
                pass
            errors.append(time.perf_counter() - start)
            start = time.perf_counter()
            await ws.send(json.dumps({"type": "action", "action": rng.choice(view["legal"])}))
            view = await my_turn(ws, made["seat"])
            moves.append(time.perf_counter() - start)
    return {**quantiles("error", errors[WARM_UP:]), **quantiles("move", moves[WARM_UP:])}


def quantiles(name: str, seconds: list[float]) -> dict[str, float]:
    q = statistics.quantiles(seconds, n=100)
    return {f"{name}_ms_p50": round(q[49] * 1000, 1), f"{name}_ms_p99": round(q[98] * 1000, 1)}


async def watch(url: str, stop: asyncio.Event, seen: list[int]) -> None:
    """A spectator of a busy table, reading until ``stop``, counting the states that show
    an action in ``seen``."""
    async with connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                message = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
                seen[0] += message["type"] == "state"


async def busy_probe(base: str, busy: int, probes: int, rng: random.Random
                     ) -> dict[str, float]:
    """:func:`probe` with ``busy`` watched tables of four expert computers playing, and
    the actions a second those tables took meanwhile."""
    seats = [{"kind": "computer", "level": "expert"}] * 4
    stop, seen = asyncio.Event(), [0]
    watchers = []
    for _ in range(busy):
        table = httpx.post(base + "/api/tables", json={
            "variant": "partnership", "seats": seats, "seat": None}).json()["table"]
        url = base.replace("http", "ws", 1) + f"/ws/{table}"
        watchers.append(asyncio.create_task(watch(url, stop, seen)))
    await asyncio.sleep(10)  # the computers' workers start
    start, before = time.perf_counter(), seen[0]
    try:
        replies = await probe(base, probes, rng)
    finally:
        stop.set()
        await asyncio.gather(*watchers)
    return {**replies, "busy_actions_per_second": round(
        (seen[0] - before) / (time.perf_counter() - start), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--busy", type=int, default=6, help="tables of expert computers")
    parser.add_argument("--probes", type=int, default=60, help="replies measured a phase")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 1 <= args.busy <= 100 or not 3 <= args.probes <= 10_000:
        parser.error("--busy must be 1..100 and --probes 3..10000")
    rng = random.Random(args.seed)
    with server() as base:
        idle = asyncio.run(probe(base, args.probes, rng))
        print(json.dumps({"phase": "idle", **idle}), flush=True)
        busy = asyncio.run(busy_probe(base, args.busy, args.probes, rng))
        print(json.dumps({"phase": f"beside {args.busy} expert tables", **busy}), flush=True)
    print(json.dumps({f"ratio_{key}": round(busy[key] / idle[key], 2) for key in idle}))


if __name__ == "__main__":
    main()
