"""The server's store in PostgreSQL: the same log, a server rebuilt from it, and several
servers (workers) on one database: a client on each sees the other's moves, a killed
worker's table goes on at another, and ``spades serve --workers 2`` shares one port.

.ci/run installs and starts PostgreSQL and sets SPADES_TEST_POSTGRES; elsewhere the
tests look for the same database on localhost and are skipped without it (never in CI).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import secrets
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from spades import Game, rules_for
from spades.chance import Chance
from spades.record import game_record
from spades.server.events import apply_event
from spades.server.store import LogConflict, PostgresStore
from tests.test_server import create, drive, join, new_client
from tests.test_server_restart import SPADES, free_port, next_state, play

URL = os.environ.get("SPADES_TEST_POSTGRES",
                     "postgresql://spades:spades@127.0.0.1:5432/spades_test")


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A URL whose tables live in a new schema, dropped afterwards."""
    psycopg = pytest.importorskip("psycopg")
    try:
        admin = psycopg.connect(URL, autocommit=True, connect_timeout=3)
    except psycopg.Error as error:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"no PostgreSQL at {URL}: {error}")
    schema = f"test_{secrets.token_hex(4)}"
    admin.execute(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in URL else "?"
    try:
        yield f"{URL}{sep}options=-csearch_path%3D{schema}"
    finally:
        admin.execute(f"DROP SCHEMA {schema} CASCADE")
        admin.close()


def test_postgres_store_keeps_tables_claims_and_events_in_order(pg_url):
    store = PostgresStore(pg_url)
    store.create_table("t1", {"variant": "partnership"})
    for seq in range(3):
        store.append("t1", seq, {"kind": "action", "seat": seq, "action": f"bid {seq + 1}"})
    store.claim_seat("t1", 0, "Ann", "ab" * 32)
    store.claim_seat("t1", 0, "Ann B", "cd" * 32)
    for taken_or_gap in (2, 4):
        with pytest.raises(LogConflict, match="another worker got there first"):
            store.append("t1", taken_or_gap, {"kind": "action", "seat": 0, "action": "bid 1"})
    store.close()
    again = PostgresStore(pg_url)
    [table] = again.load_all()
    assert [e["action"] for e in table.events] == ["bid 1", "bid 2", "bid 3"]
    assert table.claims == {0: ("Ann B", "cd" * 32)}
    again.close()


def test_a_server_on_postgres_rebuilds_its_games_from_the_log(pg_url):
    with new_client(pg_url) as client, contextlib.ExitStack() as stack:
        table_id, tokens = create(client, "two-player", "pc")
        ann = join(client, table_id, tokens[0], stack)
        drive([ann], random.Random(7), stop=lambda s: s["seq"] > 30)
        table = client.app.state.server.tables[table_id]
    before = game_record(table.game)  # the server has stopped: nobody acts any more
    with new_client(pg_url) as client:
        assert game_record(client.app.state.server.tables[table_id].game) == before


def test_two_workers_racing_on_one_table_never_store_two_events_with_one_number(pg_url):
    """Two connections append the same next number at the same moment, round after round:
    one is stored, the other is told another worker got there first."""
    setup = PostgresStore(pg_url)
    setup.create_table("t1", {"variant": "partnership"})
    workers = [PostgresStore(pg_url), PostgresStore(pg_url)]
    rounds = 25
    start = threading.Barrier(len(workers))
    won: dict[int, list[int]] = {seq: [] for seq in range(rounds)}

    def work(number: int) -> None:
        for seq in range(rounds):
            start.wait(timeout=10)
            try:
                workers[number].append("t1", seq, {"kind": "chat", "worker": number})
            except LogConflict:
                continue
            won[seq].append(number)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(len(workers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert [len(won[seq]) for seq in range(rounds)] == [1] * rounds
    [table] = setup.load_all()
    assert [e["worker"] for e in table.events] == [won[seq][0] for seq in range(rounds)]
    for store in (setup, *workers):
        store.close()


def test_a_number_committed_by_another_worker_during_the_insert_is_a_conflict(pg_url):
    """The unique key decides when both saw the same next number: the insert that waited
    on the other's uncommitted row fails once that row is committed."""
    psycopg = pytest.importorskip("psycopg")
    store = PostgresStore(pg_url)
    store.create_table("t1", {"variant": "partnership"})
    store.append("t1", 0, {"kind": "chat"})
    other = psycopg.connect(pg_url)  # not autocommit: the insert waits for its commit
    other.execute("INSERT INTO spades_events (table_id, seq, event) VALUES ('t1', 1, '{}')")
    outcome: list[BaseException | None] = []

    def append() -> None:
        try:
            store.append("t1", 1, {"kind": "chat"})
            outcome.append(None)
        except LogConflict as error:
            outcome.append(error)

    racer = threading.Thread(target=append)
    racer.start()
    time.sleep(0.3)  # the racer now waits on the uncommitted row
    other.commit()
    racer.join(timeout=10)
    other.close()
    assert len(outcome) == 1 and isinstance(outcome[0], LogConflict)
    [table] = store.load_all()
    assert table.events == [{"kind": "chat"}, {}]
    store.close()


# ---------------------------------------------------------------- several workers


@dataclass
class Worker:
    """A `spades serve` on a free port of 127.0.0.1."""

    process: subprocess.Popen[bytes]
    port: int

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws(self, table: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{table}"

    @property
    def pid(self) -> str:
        return str(self.process.pid)


def serve(url: str, tmp: Path, *args: str) -> Worker:
    port = free_port()
    log = (tmp / f"worker-{port}.log").open("wb")
    process = subprocess.Popen([SPADES, "serve", "--host", "127.0.0.1", "--port", str(port),
                                "--db", url, *args], stdout=log, stderr=log)
    return Worker(process, port)


def ready(*workers: Worker) -> None:
    for worker in workers:
        for _ in range(300):
            try:
                httpx.get(worker.base + "/api/options", timeout=1)
                break
            except httpx.TransportError:
                assert worker.process.poll() is None, "spades serve ended"
                time.sleep(0.05)
        else:
            raise AssertionError("spades serve did not start")


def stop(worker: Worker) -> None:
    worker.process.terminate()  # uvicorn's supervisor stops its workers
    try:
        worker.process.wait(15)
    except subprocess.TimeoutExpired:
        worker.process.kill()
        worker.process.wait(10)


@pytest.fixture
def workers(pg_url: str, tmp_path: Path) -> Iterator[list[Worker]]:
    """Two servers on one database, as on two machines; a person gone 1.5 s is away."""
    started = [serve(pg_url, tmp_path, "--computer-delay", "0.3", "--away", str(AWAY))
               for _ in range(2)]
    try:
        ready(*started)
        yield started
    finally:
        for worker in started:
            if worker.process.poll() is None:
                stop(worker)


def sit(stack: contextlib.ExitStack, url: str,
        token: str | None) -> tuple[Any, dict[str, Any]]:
    """A websocket at the table (a seat's token, or None to watch) and its first state."""
    ws = stack.enter_context(connect(url))
    ws.send(json.dumps({"type": "hello", **({} if token is None else {"token": token})}))
    assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
    return ws, next_state(ws)


def owner(url: str, table: str) -> str:
    """The pid of the worker that owns ``table`` (its id is host:pid:random)."""
    import psycopg

    with psycopg.connect(url) as db:
        row = db.execute("SELECT worker FROM spades_owners WHERE table_id = %s",
                         (table,)).fetchone()
    return row[0].split(":")[1] if row else ""


def take_turns(sockets: dict[int, Any], states: dict[int, dict[str, Any]], until: int) -> None:
    """Each seat's first legal action on its turn until the first client's state reaches
    ``until``; every client sees every action, and all show the same tricks and deal."""
    while states[0]["seq"] < until:
        top = max(s["seq"] for s in states.values())
        for seat, ws in sockets.items():
            while states[seat]["seq"] < top:
                states[seat] = next_state(ws)
        assert states[0]["view"]["tricks"] == states[1]["view"]["tricks"]
        assert states[0]["commit"] == states[1]["commit"]
        mover = states[0]["view"]["to_move"]
        sockets[mover].send(json.dumps(
            {"type": "action", "action": states[mover]["view"]["legal"][0]}))
        for seat, ws in sockets.items():
            while states[seat]["seq"] <= top:
                states[seat] = next_state(ws)


AWAY = 1.5
QUICK_TWO = {"variant": "two-player-300", "rules": {"target": 10, "lose_threshold": -10}}


def test_two_workers_serve_one_table_and_each_client_sees_the_others_moves(workers):
    a, b = workers
    stack = contextlib.ExitStack()
    made = httpx.post(a.base + "/api/tables", json={
        **QUICK_TWO, "seats": [{"kind": "person"}] * 2, "name": "Ann", "listed": True}).json()
    joined = httpx.post(f"{b.base}/api/tables/{made['table']}/join", json={
        "seat": 1, "name": "Bob", "secret": made["invites"]["1"]}).json()
    assert [t["table"] for t in httpx.get(b.base + "/api/tables").json()] == [made["table"]]
    ann, state = sit(stack, a.ws(made["table"]), made["token"])
    bob, _ = sit(stack, b.ws(made["table"]), joined["token"])
    sockets, states = {0: ann, 1: bob}, {0: state, 1: state}
    take_turns(sockets, states, 40)
    assert states[0]["seats"][1]["connected"] and states[1]["seats"][0]["connected"]
    time.sleep(AWAY + 1)  # the owner knows Bob is connected to the other worker: not away
    for ws in sockets.values():
        with contextlib.suppress(TimeoutError):
            while True:
                message = json.loads(ws.recv(timeout=0.2))
                assert not any(seat["away"] for seat in message.get("seats", [])), message
    stack.close()


def test_a_worker_whose_listening_connection_is_cut_listens_again(workers, pg_url):
    """PostgreSQL ends the connection on which worker B hears the table's moves: B
    connects again, listens again and catches up, so its client still sees every move."""
    import psycopg

    a, b = workers
    stack = contextlib.ExitStack()
    made = httpx.post(a.base + "/api/tables", json={
        **QUICK_TWO, "seats": [{"kind": "person"}] * 2, "name": "Ann"}).json()
    joined = httpx.post(f"{b.base}/api/tables/{made['table']}/join", json={
        "seat": 1, "name": "Bob", "secret": made["invites"]["1"]}).json()
    ann, state = sit(stack, a.ws(made["table"]), made["token"])
    bob, _ = sit(stack, b.ws(made["table"]), joined["token"])
    sockets, states = {0: ann, 1: bob}, {0: state, 1: state}
    take_turns(sockets, states, states[0]["seq"] + 4)
    with psycopg.connect(pg_url, autocommit=True) as db:
        cut = db.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name"
            " LIKE %s AND query LIKE 'LISTEN%%'", (f"spades %:{b.pid}:%",)).fetchall()
    assert cut == [(True,)]
    take_turns(sockets, states, states[0]["seq"] + 6)
    stack.close()


def test_a_killed_owner_is_replaced_within_5_s_and_the_log_has_each_action_once(
        workers, pg_url):
    a, b = workers
    made = httpx.post(a.base + "/api/tables", json={
        **QUICK_TWO, "seats": [{"kind": "person"}, {"kind": "computer", "level": "easy"}]}).json()
    table, stack = made["table"], contextlib.ExitStack()
    watcher, watched = sit(stack, b.ws(table), None)  # a spectator on the other worker
    ann, state = sit(stack, a.ws(table), made["token"])
    assert owner(pg_url, table) == a.pid  # its maker owns it
    mine: list[str] = []

    def move(ws: Any, state: dict[str, Any]) -> dict[str, Any]:
        """Ann's next action, once she is to move; the state that shows it."""
        while state["view"]["to_move"] != 0:
            state = next_state(ws)
        mine.append(state["view"]["legal"][0])
        ws.send(json.dumps({"type": "action", "action": mine[-1]}))
        seq = state["seq"]
        while state["seq"] <= seq:
            state = next_state(ws)
        return state

    while len(mine) < 6 or state["view"]["to_move"] != 1:  # killed while the computer waits
        state = move(ann, state)
    a.process.kill()
    killed, seq = time.monotonic(), state["seq"]
    ann, state = sit(stack, b.ws(table), made["token"])  # she reconnects to the survivor
    while owner(pg_url, table) != b.pid:
        assert time.monotonic() - killed < 5, "the other worker did not take the table"
        time.sleep(0.1)
    while watched["seq"] <= seq:  # the computer's turn, played by its new owner
        watched = next_state(watcher)
    for _ in range(6):
        state = move(ann, state)
    store = PostgresStore(pg_url)
    [stored] = store.load_all()
    store.close()
    assert [e["action"] for e in stored.events if e.get("seat") == 0] == mine
    game, draws = Game(rules_for("two-player-300", target=10, lose_threshold=-10)), Chance(None)
    for event in stored.events:  # every action once, in order: the whole log replays
        apply_event(game, event, draws)
    assert len(stored.events) >= state["seq"]
    stack.close()


def test_spades_serve_workers_2_runs_two_workers_on_one_port(pg_url, tmp_path):
    import psycopg

    server = serve(pg_url, tmp_path, "--workers", "2", "--computer-delay", "0")
    try:
        ready(server)
        made = httpx.post(server.base + "/api/tables", json={
            **QUICK_TWO, "seats": [{"kind": "person"}, {"kind": "computer", "level": "random"}]
        }).json()
        with connect(server.ws(made["table"])) as ws:
            ws.send(json.dumps({"type": "hello", "token": made["token"]}))
            assert play(ws, 0, 10, next_state(ws))["seq"] > 10
        with psycopg.connect(pg_url) as db:
            live = db.execute("SELECT id FROM spades_workers WHERE expires > now()").fetchall()
        assert len({row[0].split(":")[1] for row in live}) == 2
    finally:
        stop(server)


def test_one_seat_acting_on_two_workers_at_once_stores_each_action_once(workers, pg_url):
    """Ann's two tabs, one on each worker, send the same action at the same moment, turn
    after turn: one is stored, the other refused in one line (out of turn, once the other
    worker's event is read)."""
    a, b = workers
    made = httpx.post(a.base + "/api/tables", json={
        **QUICK_TWO, "seats": [{"kind": "person"}] * 2, "name": "Ann"}).json()
    bob_token = httpx.post(f"{a.base}/api/tables/{made['table']}/join", json={
        "seat": 1, "secret": made["invites"]["1"]}).json()["token"]
    stack = contextlib.ExitStack()
    tabs = [sit(stack, w.ws(made["table"]), made["token"])[0] for w in (a, b)]
    bob, state = sit(stack, a.ws(made["table"]), bob_token)
    refusals: list[str] = []
    last: dict[int, dict[str, Any]] = {}

    def read(tab: int, timeout: float) -> None:
        message = json.loads(tabs[tab].recv(timeout=timeout))
        if message["type"] == "error":
            refusals.append(message["message"])
        elif message["type"] == "state":
            last[tab] = message

    for turn in range(1, 13):
        while state["view"]["to_move"] != 0:  # Bob plays his turns
            bob.send(json.dumps({"type": "action", "action": state["view"]["legal"][0]}))
            seq = state["seq"]
            while state["seq"] <= seq:
                state = next_state(bob)
        seq = state["seq"]
        while last.get(0, {"seq": -1})["seq"] < seq:
            read(0, 10)
        for tab in tabs:
            tab.send(json.dumps({"type": "action", "action": last[0]["view"]["legal"][0]}))
        deadline = time.monotonic() + 10
        while len(refusals) < turn or any(last.get(t, {"seq": -1})["seq"] <= seq for t in (0, 1)):
            assert time.monotonic() < deadline, refusals
            for tab in (0, 1):
                with contextlib.suppress(TimeoutError):
                    read(tab, 0.02)
        while state["seq"] <= seq:
            state = next_state(bob)
    assert len(refusals) == 12 and all("\n" not in r for r in refusals)  # one tab of two
    store = PostgresStore(pg_url)
    [stored] = store.load_all()
    store.close()
    assert len([e for e in stored.events if e.get("seat") == 0]) == 12
    stack.close()
