"""The server's store in PostgreSQL: the same log, and a server rebuilt from it.

.ci/run installs and starts PostgreSQL and sets SPADES_TEST_POSTGRES; elsewhere the
tests look for the same database on localhost and are skipped without it (never in CI).
"""

from __future__ import annotations

import contextlib
import os
import random
import secrets
from collections.abc import Iterator

import pytest

from spades.server.store import PostgresStore
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
    with pytest.raises(Exception, match="duplicate key"):
        store.append("t1", 2, {"kind": "action", "seat": 0, "action": "bid 1"})
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
