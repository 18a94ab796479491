"""Private seats and the server's limits: invite secrets, taking a seat back from another
device, listed tables, the creation rate limit, score bounds, tables that end when nobody
is there, and tables stored before any of this."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from spades.server.compute import BACKGROUND_NICE, Computer
from spades.server.config import table_config
from spades.server.messages import ClientError
from spades.server.store import SQLiteStore
from tests.test_server import QUICK, create, drive, join, new_client


def make(client: Any, kinds: str = "pp", **body: Any) -> dict[str, Any]:
    seats = [{"kind": "person" if k == "p" else "computer", "level": "random"} for k in kinds]
    made = client.post("/api/tables", json={"variant": "two-player", "rules": QUICK,
                                            "seats": seats, **body})
    assert made.status_code == 200, made.json()
    return made.json()


def join_seat(client: Any, table: str, seat: int, **body: Any) -> Any:
    return client.post(f"/api/tables/{table}/join", json={"seat": seat, **body})


def test_a_private_seat_refuses_a_stranger_and_a_wrong_secret():
    with new_client() as client:
        made = make(client, seat=0, name="Ann")
        table_id, invites = made["table"], made["invites"]
        assert set(invites) == {"0", "1"} and invites["0"] != invites["1"]
        assert len(invites["1"]) >= 20  # unguessable: 128 bits
        table = client.app.state.server.tables[table_id]
        before = (table.seats[1].token_hash, table.seats[1].secret_hash, len(table.events))
        cases = [({}, "private: it takes the invite link"),
                 ({"secret": "guess"}, "not the one of seat 2"),
                 ({"secret": invites["0"]}, "not the one of seat 2"),
                 ({"secret": invites["1"][:-1]}, "not the one of seat 2")]
        for body, expected in cases:
            refused = join_seat(client, table_id, 1, name="Eve", **body)
            assert refused.status_code == 403 and expected in refused.json()["error"], body
        assert "'secret' must be" in join_seat(client, table_id, 1, secret=5).json()["error"]
        assert (table.seats[1].token_hash, table.seats[1].secret_hash,
                len(table.events)) == before
        assert table.seats[1].name == "Seat 2"
        # private: not in the lobby, but its ids ask about it
        assert client.get("/api/tables").json() == []
        mine = client.get(f"/api/tables?mine={table_id},nothing").json()
        assert [t["table"] for t in mine] == [table_id] and mine[0]["listed"] is False
        assert "secret" not in json.dumps(mine) and invites["1"] not in json.dumps(mine)
        too_many = client.get("/api/tables?mine=" + ",".join(["x"] * 101))
        assert too_many.status_code == 400 and "limit is 100" in too_many.json()["error"]
        # the right secret takes the seat, and keeps taking it (the link stays good)
        bob = join_seat(client, table_id, 1, name="Bob", secret=invites["1"]).json()
        assert bob["secret"] == invites["1"] and table.seats[1].name == "Bob"


def test_the_secret_takes_a_seat_back_from_another_device():
    with new_client() as client, contextlib.ExitStack() as stack:
        made = make(client, seat=0, name="Ann")
        table_id, secret = made["table"], made["invites"]["1"]
        first = join_seat(client, table_id, 1, name="Bob", secret=secret).json()["token"]
        old = join(client, table_id, first, stack)
        old.read_state()
        # a stranger without the secret cannot take it
        assert "taken" in join_seat(client, table_id, 1, name="Eve").json()["error"]
        # Bob's phone, with his link
        again = join_seat(client, table_id, 1, name="Bob", secret=secret)
        assert again.status_code == 200
        second = again.json()["token"]
        assert second != first
        replaced = old.read()
        while replaced["type"] == "state":
            replaced = old.read()
        assert replaced["type"] == "replaced" and "another device" in replaced["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            old.read()
        assert closed.value.code == 4001
        table = client.app.state.server.tables[table_id]
        assert table.seats[1].connections == 0
        # the old token holds nothing now; the new one plays seat 1
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            ws.send_json({"type": "hello", "token": first})
            assert "holds no seat" in ws.receive_json()["message"]
        phone = join(client, table_id, second, stack)
        assert phone.seat == 1 and phone.read_state()["seats"][1]["connected"]
        assert table.seats[1].connections == 1


def test_a_listed_table_offers_its_free_seats_to_anyone():
    with new_client() as client:
        made = make(client, seat=0, name="Ann", listed=True)
        table_id = made["table"]
        [line] = client.get("/api/tables").json()
        assert line["table"] == table_id and line["listed"] is True
        assert not line["seats"][1]["claimed"]
        eve = join_seat(client, table_id, 1, name="Eve")
        assert eve.status_code == 200
        # Eve's seat has a secret of its own now: the creator's invite no longer takes it
        assert eve.json()["secret"] != made["invites"]["1"]
        stale = join_seat(client, table_id, 1, secret=made["invites"]["1"])
        assert stale.status_code == 403
        assert join_seat(client, table_id, 1, secret=eve.json()["secret"]).status_code == 200
        assert "taken" in join_seat(client, table_id, 1).json()["error"]
        bad = client.post("/api/tables", json={"variant": "two-player", "listed": "yes"})
        assert "'listed' must be true" in bad.json()["error"]


def test_table_creation_is_rate_limited_per_address():
    with new_client(create_burst=2, create_every=30) as client:
        for _ in range(2):
            make(client, seat=0)
        refused = client.post("/api/tables", json={"variant": "two-player"})
        assert refused.status_code == 429
        assert 1 <= int(refused.headers["Retry-After"]) <= 30
        assert "too many new tables: wait" in refused.json()["error"]
        assert len(client.app.state.server.tables) == 2
        # bad input is still told what is wrong with it
        assert client.post("/api/tables", json={"variant": "x"}).status_code == 400


def test_targets_and_losing_thresholds_are_bounded():
    with new_client() as client:
        for rules, expected in [
                ({"target": 2001}, "target must be between -2,000 and 2,000, not 2,001"),
                ({"target": 1_000_000}, "not 1,000,000"),
                ({"lose_threshold": -2001}, "lose_threshold must be between"),
                ({"lose_threshold": -1_000_000}, "not -1,000,000")]:
            response = client.post("/api/tables", json={"variant": "partnership",
                                                         "rules": rules})
            assert response.status_code == 400 and expected in response.json()["error"], rules
        assert client.app.state.server.tables == {}
        ok = client.post("/api/tables", json={
            "variant": "partnership", "rules": {"target": 2000, "lose_threshold": -2000}})
        assert ok.status_code == 200


def test_computer_only_tables_are_capped_per_client():
    with new_client(computer_tables=1) as client:
        make(client, "cc", seat=None)
        refused = client.post("/api/tables", json={
            "variant": "two-player", "seat": None,
            "seats": [{"kind": "computer"}, {"kind": "computer"}]})
        assert refused.status_code == 400
        assert "already have 1 table of computer players" in refused.json()["error"]
        make(client, "pc", seat=0)  # a person's table is not capped by it


def test_requests_at_once_cannot_all_pass_the_cap_and_it_holds_after_a_restart(tmp_path):
    db = tmp_path / "capped.sqlite"
    computers = {"variant": "two-player", "seats": [{"kind": "computer"}] * 2}
    with new_client(db, computer_tables=1) as client:
        server = client.app.state.server

        async def three_at_once() -> list[Any]:
            return await asyncio.gather(*(server.admit(table_config(computers), "10.0.0.1")
                                          for _ in range(3)), return_exceptions=True)

        made = client.portal.call(three_at_once)
        assert sum(isinstance(m, ClientError) for m in made) == 2
        assert [t.creator for t in server.tables.values()] == ["10.0.0.1"]
        first = make(client, "cc", seat=None)["table"]
    with new_client(db, computer_tables=1) as client:  # the creator is stored with the table
        assert client.app.state.server.tables[first].creator == "testclient"
        refused = client.post("/api/tables", json={**computers, "seat": None})
        assert "already have 1 table" in refused.json()["error"]


def test_tables_nobody_is_at_end_and_leave_the_lobby(tmp_path):
    db = tmp_path / "games.sqlite"
    with new_client(db, idle_seconds=0.4, unwatched_seconds=0.4,
                    computer_delay=0.05) as client, \
            contextlib.ExitStack() as stack:
        left = make(client, seat=0, listed=True)["table"]
        kept = make(client, seat=0, listed=True)
        watched = make(client, "cc", seat=None, listed=True)["table"]
        unwatched = make(client, "cc", seat=None, listed=True)["table"]
        ann = join(client, kept["table"], kept["token"], stack)
        watcher = join(client, watched, None, stack)
        time.sleep(1.2)
        tables = client.app.state.server.tables
        assert tables[left].ended == "idle" and tables[unwatched].ended == "unwatched"
        assert tables[kept["table"]].ended is None and tables[watched].ended is None
        assert {t["table"] for t in client.get("/api/tables").json()} == {
            kept["table"], watched}
        assert tables[left].events[-1] == {"kind": "end", "reason": "idle",
                                           "at": tables[left].events[-1]["at"]}
        summary = client.get(f"/api/tables/{left}").json()
        assert summary["ended"] == "nobody was at this table for a long time"
        # an ended table takes no seat and no action
        assert "has ended" in join_seat(client, left, 1, secret="x").json()["error"]
        seq = len(tables[unwatched].events)
        time.sleep(0.3)
        assert len(tables[unwatched].events) == seq  # its computers stopped
        ann.read_state()
        watcher.read_state()
        for player in (ann, watcher):
            player.ws.close()
        time.sleep(1.2)
        assert tables[kept["table"]].ended == "idle" and tables[watched].ended == "unwatched"
    with new_client(db) as client:  # ended stays ended after a restart
        again = client.app.state.server.tables
        assert again[left].ended == "idle" and again[unwatched].ended == "unwatched"
        assert client.get("/api/tables").json() == []


def test_an_ended_table_refuses_actions():
    with new_client(idle_seconds=0.2) as client, contextlib.ExitStack() as stack:
        table_id, tokens = create(client, "two-player", "pc")
        time.sleep(0.8)
        assert client.app.state.server.tables[table_id].ended == "idle"
        ann = join(client, table_id, tokens[0], stack)
        state = ann.read_state()
        assert state["ended"] == "nobody was at this table for a long time"
        assert "has ended" in ann.error({"type": "action", "action": state["view"]["legal"][0]})


def test_tables_stored_before_invite_secrets_still_load(tmp_path):
    """A table of the old schema (no invite secrets, no 'listed'): it loads, is listed as
    all tables were, its claimed seat plays with its token and its free seat is open."""
    db = tmp_path / "old.sqlite"
    with new_client(db) as client:
        made = make(client, seat=0, name="Ann")
        table_id, token = made["table"], made["token"]
        events = list(client.app.state.server.tables[table_id].events)
    raw = sqlite3.connect(db)
    raw.execute("DROP TABLE spades_secrets")
    config = json.loads(raw.execute("SELECT config FROM spades_tables").fetchone()[0])
    del config["listed"]
    raw.execute("UPDATE spades_tables SET config = ?", (json.dumps(config),))
    raw.commit()
    raw.close()
    with new_client(db) as client, contextlib.ExitStack() as stack:
        table = client.app.state.server.tables[table_id]
        assert table.events == events and table.listed
        assert table.seats[0].secret_hash is None
        assert [t["table"] for t in client.get("/api/tables").json()] == [table_id]
        ann = join(client, table_id, token, stack)
        assert ann.seat == 0 and ann.read_state()["view"]["hand_number"] == 1
        bob = join_seat(client, table_id, 1, name="Bob")
        assert bob.status_code == 200 and bob.json()["secret"]


def test_computer_decisions_run_in_worker_processes():
    with new_client(computer_workers=1) as client, contextlib.ExitStack() as stack:
        table_id, tokens = create(client, "two-player", "pc")
        ann = join(client, table_id, tokens[0], stack)
        state = ann.read_state()
        ann.send({"type": "action", "action": state["view"]["legal"][0]})
        computer = client.app.state.server.computer
        ann.read_state(state["seq"] + 2)  # seat 1 answers, decided by the pool's one worker
        assert client.app.state.server.tables[table_id].events[-1]["seat"] == 1
        assert computer.workers == 1 and False in computer._pools  # a table with a person
        workers = computer._pools[False]._processes
        assert len(workers) == 1 and all(p.pid for p in workers.values())


def test_the_workers_of_a_server_killed_outright_end_with_it():
    """A server that dies without stopping its workers (SIGKILL, here os._exit) leaves
    none behind: each worker watches its server and ends when it is gone."""
    script = textwrap.dedent("""
        import asyncio, os, spades
        from spades.server.compute import Computer, decide

        async def main():
            computer = Computer(2)
            game = spades.Game(spades.rules_for("partnership"), seed=1)
            await computer.run(decide, "random", "s", None, game.observation(game.to_move))
            print(" ".join(str(pid) for pid in computer._pools[False]._processes), flush=True)
            os._exit(0)

        asyncio.run(main())
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120, check=True).stdout
    pids = [int(pid) for pid in out.split()]
    assert pids
    deadline = time.monotonic() + 20
    while any(Path(f"/proc/{pid}").exists() for pid in pids):
        assert time.monotonic() < deadline, f"workers {pids} outlived their server"
        time.sleep(0.1)


def test_tables_of_computers_only_leave_a_worker_for_the_others():
    """With two workers, computer-only work runs one at a time: another table's decision
    is taken meanwhile, not after it."""
    async def main() -> tuple[float, float]:
        computer = Computer(2)
        start = time.monotonic()
        try:
            background = [asyncio.create_task(computer.run(time.sleep, 1.0, background=True))
                          for _ in range(2)]
            await asyncio.sleep(0.2)
            await computer.run(time.sleep, 0)
            person = time.monotonic() - start
            await asyncio.gather(*background)
            return person, time.monotonic() - start
        finally:
            computer.close()

    person, both = asyncio.run(main())
    assert both >= 1.9  # one after the other
    assert person < both - 0.5  # not behind them


def test_tables_of_computers_only_think_at_a_lower_priority():
    """On a busy machine the event loop and a person's computer go first: computer-only
    work runs in processes of lower CPU priority than the rest."""
    async def main() -> tuple[int, int]:
        computer = Computer(2)
        try:
            return (await computer.run(os.nice, 0),
                    await computer.run(os.nice, 0, background=True))
        finally:
            computer.close()

    person, background = asyncio.run(main())
    assert background == min(19, person + BACKGROUND_NICE)  # 19: the least priority


def test_a_finished_games_seat_moves_with_its_link_for_the_rematch():
    with new_client() as client, contextlib.ExitStack() as stack:
        made = make(client, "pc", seat=0, name="Ann")
        table_id = made["table"]
        ann = join(client, table_id, made["token"], stack)
        assert drive([ann], random.Random(2))["view"]["winner"] is not None
        assert "game is over" in join_seat(client, table_id, 0).json()["error"]
        moved = join_seat(client, table_id, 0, secret=made["invites"]["0"])
        assert moved.status_code == 200
        phone = join(client, table_id, moved.json()["token"], stack)
        phone.send({"type": "rematch"})
        while (reply := phone.read())["type"] != "rematch":
            assert reply["type"] != "error", reply
        assert reply["seat"] == 0 and reply["token"] and reply["secret"]
        rematch = client.app.state.server.tables[reply["table"]]
        assert rematch.seats[0].name == "Ann" and rematch.running


def test_the_time_nobody_was_at_a_table_counts_across_a_restart(tmp_path):
    db = tmp_path / "games.sqlite"
    with new_client(db, idle_seconds=2.0) as client, contextlib.ExitStack() as stack:
        old = make(client, seat=0)["table"]
        new = make(client, seat=0)
        ann = join(client, new["table"], new["token"], stack)
        ann.read_state()
        table = client.app.state.server.tables[new["table"]]
        made = table.seen_kept
        time.sleep(1.2)  # the sweep keeps that Ann is there
        assert table.seen_kept > made
    raw = sqlite3.connect(db)
    seen = dict(raw.execute("SELECT table_id, seen FROM spades_seen").fetchall())
    assert old not in seen and time.time() - seen[new["table"]] < 60  # Ann left just now
    raw.execute("UPDATE spades_tables SET created = created - 7200 WHERE id = ?", (old,))
    raw.commit()
    raw.close()
    with new_client(db, idle_seconds=3600, unwatched_seconds=0.4) as client:
        time.sleep(0.6)
        tables = client.app.state.server.tables
        assert tables[old].ended == "idle" and tables[new["table"]].ended is None


def test_the_sqlite_store_keeps_invite_secrets_and_when_a_table_was_seen(tmp_path):
    store = SQLiteStore(tmp_path / "games.sqlite")
    store.create_table("t1", {"variant": "two-player"})
    store.create_table("t2", {"variant": "two-player"})
    store.set_secret("t1", 1, "ab" * 32)
    store.set_secret("t1", 1, "cd" * 32)
    store.mark_seen("t1", 1000.0)
    store.mark_seen("t1", 2000.0)
    store.close()
    again = SQLiteStore(tmp_path / "games.sqlite")
    t1, t2 = again.load_all()
    assert t1.secrets == {1: "cd" * 32} and t1.seen == 2000.0
    assert t2.secrets == {} and time.time() - t2.seen < 60  # never seen: since its creation
    again.close()
