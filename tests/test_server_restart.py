"""Kill a real `spades serve` in the middle of a hand, start it again, finish the game."""

from __future__ import annotations

import asyncio
import json
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from spades.server import app as app_module
from spades.server.app import Server
from spades.server.settings import Settings
from spades.server.store import open_store

SPADES = str(Path(sys.executable).with_name("spades"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(db: Path, port: int, tmp: Path) -> subprocess.Popen[bytes]:
    log = (tmp / f"server-{time.monotonic_ns()}.log").open("wb")
    process = subprocess.Popen([SPADES, "serve", "--port", str(port), "--db", str(db),
                                "--computer-delay", "0"], stdout=log, stderr=log)
    for _ in range(200):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/options", timeout=1)
            return process
        except httpx.TransportError:
            time.sleep(0.05)
    process.kill()
    raise AssertionError("spades serve did not start")


def next_state(ws: Any) -> dict[str, Any]:
    while True:
        message = json.loads(ws.recv(timeout=10))
        assert message["type"] != "error", message
        if message["type"] == "state":
            return message


def play(ws: Any, seat: int, actions: int | None, state: dict[str, Any]) -> dict[str, Any]:
    """Take the first legal action on each of our turns, ``actions`` times or to the end."""
    while state["view"]["winner"] is None and actions != 0:
        if state["view"]["to_move"] == seat and state["view"]["legal"]:
            ws.send(json.dumps({"type": "action", "action": state["view"]["legal"][0]}))
            actions = None if actions is None else actions - 1
            seq = state["seq"]
            while state["seq"] <= seq:
                state = next_state(ws)
        else:
            state = next_state(ws)
    return state


def test_a_killed_server_comes_back_with_every_game_where_it_was(tmp_path):
    db, port = tmp_path / "games.sqlite", free_port()
    server = start(db, port, tmp_path)
    try:
        made = httpx.post(f"http://127.0.0.1:{port}/api/tables", json={
            "variant": "two-player-300", "rules": {"target": 10, "lose_threshold": -10},
            "seats": [{"kind": "person"}, {"kind": "computer", "level": "easy"}]}).json()
        url = f"ws://127.0.0.1:{port}/ws/{made['table']}"
        with connect(url) as ws:
            ws.send(json.dumps({"type": "hello", "token": made["token"]}))
            before = play(ws, 0, 20, next_state(ws))  # the draft, the bid, the first tricks
        assert before["view"]["phase"] == "play" and before["view"]["hand_number"] == 1
        server.kill()
        server.wait(10)

        server = start(db, port, tmp_path)
        with connect(url) as ws:
            ws.send(json.dumps({"type": "hello", "token": made["token"]}))
            assert json.loads(ws.recv(timeout=10))["seat"] == 0
            after = next_state(ws)
            assert after["seq"] >= before["seq"]
            assert after["commit"] == before["commit"]
            played = [t["cards"] for t in before["view"]["tricks"]]
            assert [t["cards"] for t in after["view"]["tricks"]][:len(played)] == played
            assert set(after["view"]["hand"]) <= set(before["view"]["hand"])
            final = play(ws, 0, None, after)
        assert final["view"]["winner"] is not None
        record = httpx.get(f"http://127.0.0.1:{port}/api/tables/{made['table']}/record")
        assert record.status_code == 200 and record.json()["winner"] is not None
    finally:
        server.kill()
        server.wait(10)


def test_the_turn_clock_does_not_run_while_the_server_is_down(tmp_path):
    """The person to move has, after a restart, the time she had left when the server
    was killed (to the second the server keeps that it is up), not less for the time it
    was down, nor a whole new turn."""
    db, port = tmp_path / "games.sqlite", free_port()
    server = start(db, port, tmp_path)
    try:
        made = httpx.post(f"http://127.0.0.1:{port}/api/tables", json={
            "variant": "two-player-300", "turn_seconds": 60,
            "seats": [{"kind": "person"}, {"kind": "computer", "level": "easy"}]}).json()
        url = f"ws://127.0.0.1:{port}/ws/{made['table']}"
        with connect(url) as ws:
            ws.send(json.dumps({"type": "hello", "token": made["token"]}))
            state = next_state(ws)
            while state["view"]["to_move"] != 0:
                state = next_state(ws)
        time.sleep(1.5)  # her clock runs
        with connect(url) as ws:  # a spectator reads it
            ws.send(json.dumps({"type": "hello"}))
            left = next_state(ws)["clock"]
        assert left["seat"] == 0 and left["seconds"] <= 58.6
        server.kill()
        server.wait(10)
        time.sleep(2)  # the server is down

        server = start(db, port, tmp_path)
        with connect(url) as ws:
            ws.send(json.dumps({"type": "hello"}))
            clock = next_state(ws)["clock"]
        assert clock["seat"] == 0
        assert left["seconds"] - 0.8 <= clock["seconds"] <= left["seconds"] + 1.1
    finally:
        server.kill()
        server.wait(10)


def test_a_store_error_does_not_stop_the_marks_that_the_server_is_up(tmp_path, monkeypatch):
    """A mark that fails with the database driver's own error (SQLite locked, say) is
    logged and the next one is still made, so that a later restart knows when the server
    was last up."""
    server = Server(open_store(tmp_path / "games.sqlite"), Settings(computer_workers=0))
    tries: list[float] = []
    kept = server.store.store.mark_up

    class Stop(BaseException):  # as a cancellation: not a store's failure
        """The second mark was made: enough."""

    def mark_up(when: float) -> None:
        tries.append(when)
        if len(tries) == 1:
            raise sqlite3.OperationalError("database is locked")
        kept(when)
        raise Stop

    monkeypatch.setattr(server.store.store, "mark_up", mark_up)
    monkeypatch.setattr(app_module, "UP_EVERY", 0)
    with pytest.raises(Stop):
        asyncio.run(server.keep_up())
    assert len(tries) == 2 and server.store.store.last_up() == tries[1]
    server.store.close()
