"""The server's store (SQLite, WAL) and the commit-reveal deal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from spades.cards import card_text
from spades.server.fair import commitment, deck_from_seed, new_seed
from spades.server.store import LogConflict, SQLiteStore


def test_sqlite_store_keeps_tables_claims_and_events_in_order(tmp_path):
    path = tmp_path / "games.sqlite"
    store = SQLiteStore(path)
    store.create_table("t1", {"variant": "partnership"})
    store.create_table("t2", {"variant": "two-player"})
    for seq in range(3):
        store.append("t1", seq, {"kind": "action", "seat": seq, "action": f"bid {seq + 1}"})
    store.claim_seat("t1", 0, "Ann", "ab" * 32)
    store.claim_seat("t1", 0, "Ann B", "cd" * 32)
    for taken_or_gap in (2, 4):
        with pytest.raises(LogConflict, match="another worker got there first"):
            store.append("t1", taken_or_gap, {"kind": "action", "seat": 0, "action": "bid 1"})
    store.close()

    again = SQLiteStore(path)
    tables = again.load_all()
    assert [t.table_id for t in tables] == ["t1", "t2"]
    assert [e["action"] for e in tables[0].events] == ["bid 1", "bid 2", "bid 3"]
    assert tables[0].claims == {0: ("Ann B", "cd" * 32)}
    assert tables[1].events == []
    mode = again._db.execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"
    again.close()


def test_deck_from_seed_is_a_fixed_permutation_and_the_commitment_is_sha256():
    seed = new_seed()
    assert len(seed) == 64 and seed != new_seed()
    deck = deck_from_seed(seed)
    assert sorted(deck) == list(range(52))
    assert deck == deck_from_seed(seed)
    assert deck != deck_from_seed(new_seed())
    # the published example of docs/fair-deals.md
    assert commitment("abc") == (
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")


def test_the_check_in_docs_fair_deals_gives_the_servers_deck(tmp_path):
    doc = (Path(__file__).parent.parent / "docs" / "fair-deals.md").read_text()
    script = tmp_path / "check.py"
    script.write_text(doc.split("```python\n")[1].split("```")[0])
    seed = new_seed()
    out = subprocess.run([sys.executable, str(script), seed], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out[0] == f"sha256: {commitment(seed)}"
    assert out[1].split()[1:] == [card_text(c) for c in deck_from_seed(seed)]


def test_spades_serve_with_a_database_it_cannot_open_says_so_in_one_line(tmp_path, capsys):
    from spades.cli import main

    assert main(["serve", "--db", str(tmp_path / "no" / "such" / "dir.sqlite")]) == 2
    assert capsys.readouterr().err.startswith("spades serve: cannot open the SQLite database")
