"""Load on `spades serve`: many tables of computer players, a websocket client watching each.

    .venv/bin/python benchmarks/server_load.py --tables 200 --seconds 30 --delay 0.6
    .venv/bin/python benchmarks/server_load.py --tables 200 --seconds 30 --workers 1,2,3,4 \\
        --postgres postgresql://spades:spades@127.0.0.1:5432/spades_test

Starts a real server (its own processes: uvicorn's supervisor and N workers, as `spades
serve --workers N` does, on a fresh SQLite file or, with ``--postgres``, a fresh schema of
that database, dropped afterwards), creates the tables (four `random` computer players in
`partnership`; the per-address limits lifted), watches each as a spectator through the one
port (so a watcher's worker is rarely its table's owner) and reports, for each number of
workers, the actions per second and the time from an action (when a worker received or
decided it, the state's ``at``) to its broadcast arriving at the watcher: p50 and p99.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator

import httpx
from websockets.asyncio.client import connect

UNLIMITED = {"create_burst": 10_000, "computer_tables": 1000, "max_tables": 100_000}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def watch(url: str, stop: float, latencies: list[float], counts: list[int]) -> None:
    async with connect(url, max_size=2**20) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        seq = None
        while time.time() < stop:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), stop - time.time()))
            except TimeoutError:
                break
            if message["type"] != "state":
                continue
            if seq is not None and message["seq"] > seq and message["at"] is not None:
                latencies.append(time.time() - message["at"])
                counts[0] += 1
            seq = message["seq"]


async def run(base: str, tables: list[str], seconds: float) -> dict[str, float]:
    latencies: list[float] = []
    counts = [0]
    stop = time.time() + seconds
    ws_base = base.replace("http", "ws", 1)
    await asyncio.gather(*(watch(f"{ws_base}/ws/{t}", stop, latencies, counts) for t in tables))
    latencies.sort()
    q = statistics.quantiles(latencies, n=100)
    return {"actions_per_second": round(counts[0] / seconds, 1),
            "broadcast_ms_p50": round(q[49] * 1000, 2), "broadcast_ms_p99": round(q[98] * 1000, 2),
            "actions": counts[0]}


@contextlib.contextmanager
def database(postgres: str | None) -> Iterator[str]:
    """A fresh store: a SQLite file, or a new schema of ``postgres`` (dropped after)."""
    if postgres is None:
        with tempfile.TemporaryDirectory() as tmp:
            yield f"{tmp}/load.sqlite"
        return
    import psycopg

    schema = f"load_{secrets.token_hex(4)}"
    with psycopg.connect(postgres, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
        try:
            yield f"{postgres}{'&' if '?' in postgres else '?'}options=-csearch_path%3D{schema}"
        finally:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")


@contextlib.contextmanager
def serving(options: dict[str, object], workers: int = 1) -> Iterator[str]:
    """A real server of ``workers`` workers (uvicorn's supervisor, as ``spades serve
    --workers N`` runs) with the worker ``options``, once it answers: its base URL."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", "import uvicorn; uvicorn.run('spades.server.serve:worker_app', "
         f"factory=True, workers={workers}, port={port}, ws='websockets-sansio', "
         "log_level='warning')"],
        env={**os.environ, "SPADES_SERVE": json.dumps(options)},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                httpx.get(base + "/api/options")
                break
            except httpx.TransportError:
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(30)


def measure(db: str, workers: int, args: argparse.Namespace) -> dict[str, float]:
    """One run: a server of ``workers`` workers on ``db``, its tables watched."""
    options = {"db": db, "computer_delay": args.delay, "allowed_origins": [], **UNLIMITED,
               "computer_workers": max(1, (os.cpu_count() or 1) // workers)}
    with serving(options, workers) as base:
        seats = [{"kind": "computer", "level": "random"}] * 4
        tables = [httpx.post(base + "/api/tables", json={
            "variant": "partnership", "seats": seats, "seat": None}).json()["table"]
            for _ in range(args.tables)]
        return asyncio.run(run(base, tables, args.seconds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--delay", type=float, default=0.6, help="the computer players' delay")
    parser.add_argument("--workers", default="1", help="numbers of workers to run, e.g. 1,2,4")
    parser.add_argument("--postgres", metavar="URL",
                        help="a PostgreSQL database (needed for more than one worker)")
    args = parser.parse_args()
    for workers in (int(n) for n in args.workers.split(",")):
        if workers > 1 and args.postgres is None:
            parser.error("more than one worker needs --postgres URL")
        with database(args.postgres) as db:
            report = measure(db, workers, args)
        print(json.dumps({"workers": workers, "store": "postgres" if args.postgres else "sqlite",
                          "tables": args.tables, "seconds": args.seconds, "delay": args.delay,
                          **report}), flush=True)


if __name__ == "__main__":
    main()
