"""The server's store in PostgreSQL: the same log, and a server rebuilt from it.

.ci/run installs and starts PostgreSQL and sets SPADES_TEST_POSTGRES; elsewhere the
tests look for the same database on localhost and are skipped without it (never in CI).
"""

from __future__ import annotations

import contextlib
import os
import random
import secrets
import threading
import time
from collections.abc import Iterator

import pytest

from spades.server.store import LogConflict, PostgresStore
from tests.test_server import create, drive, join, new_client

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
    before = table.game.record()  # the server has stopped: nobody acts any more
    with new_client(pg_url) as client:
        assert client.app.state.server.tables[table_id].game.record() == before


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
