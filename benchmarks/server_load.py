"""Load on `spades serve`: many tables of computer players, a websocket client watching each.

    .venv/bin/python benchmarks/server_load.py --tables 200 --seconds 30 --delay 0.6

Starts a real server (a subprocess, a fresh SQLite file), creates the tables (four
`random` computer players in `partnership`), watches each as a spectator and reports the
actions per second and the time from an action (when the server received or decided it,
the state's ``at``) to its broadcast arriving at the watcher: p50 and p99.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

SPADES = str(Path(sys.executable).with_name("spades"))


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--delay", type=float, default=0.6, help="the computer players' delay")
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen([SPADES, "serve", "--port", str(port), "--db",
                                   f"{tmp}/load.sqlite", "--computer-delay", str(args.delay)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    httpx.get(base + "/api/options")
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            seats = [{"kind": "computer", "level": "random"}] * 4
            tables = [httpx.post(base + "/api/tables", json={
                "variant": "partnership", "seats": seats, "seat": None}).json()["table"]
                for _ in range(args.tables)]
            report = asyncio.run(run(base, tables, args.seconds))
        finally:
            server.terminate()
            server.wait(10)
    print(json.dumps({"tables": args.tables, "seconds": args.seconds, "delay": args.delay,
                      **report}))


if __name__ == "__main__":
    main()
