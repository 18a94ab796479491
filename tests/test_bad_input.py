"""Input that never crashes: the record reader and ``spades replay`` fed arbitrary bytes,
arbitrary JSON and valid records with one field changed answer with RecordError (the
API) or one line and exit 1 or 2 (the command), never another exception."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import Game, Phase, RecordError, rules_for
from spades import record as rec
from spades.cli import main

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FIELDS = ["format", "version", "variant", "rules", "players", "hands", "winner", "scores",
          "number", "deck", "dealer", "first_drawer", "blind_nil", "draft", "exchanges",
          "holdings", "bids", "tricks", "result", "seat", "bid", "leader", "cards", "gave",
          "received", "offered", "kept", "discarded", "target", "nil", "spades-record", "AS"]

scalars = (st.none() | st.booleans() | st.integers() | st.integers(-5, 60)
           | st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from(FIELDS)
           | st.text(max_size=12))
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=6), inner, max_size=5),
    max_leaves=12)


def _record_of(variant: str, seed: int, hands: int) -> dict[str, Any]:
    """A record of random play, blind nil often declared, cut inside hand ``hands``."""
    rng = random.Random(seed)
    game = Game(rules_for(variant, target=150), seed=seed)
    while not game.over and game.hand_number <= hands and rng.random() > 0.002:
        if game.phase is Phase.BLIND_NIL:
            game.apply("blind nil" if rng.random() < 0.4 else "no blind nil")
        else:
            game.apply(rng.choice(game.legal_actions()))
    return rec.game_record(game, ["Ann", "Bo", "Cy", "Di"][:game.rules.players])


BASES = [_record_of(variant, seed, 2) for variant in ("two-player", "partnership")
         for seed in (1, 2)]


def _slots(value: Any, shape: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any, Any]]:
    """Every field of a document as (its path with list indices left out, container, key)."""
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, child in list(items):
        where = (*shape, key if isinstance(key, str) else "[]")
        yield where, value, key
        if isinstance(child, dict | list):
            yield from _slots(child, where)


@st.composite
def mutated_records(draw: st.DrawFn) -> dict[str, Any]:
    """A valid record with one to three fields replaced by arbitrary JSON or deleted; the
    field is drawn by its kind first (a hand's 'holdings' as often as a card of a deck)."""
    doc = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 3))):
        kinds: dict[tuple[str, ...], list[tuple[Any, Any]]] = {}
        for shape, container, key in _slots(doc):
            kinds.setdefault(shape, []).append((container, key))
        container, key = draw(st.sampled_from(kinds[draw(st.sampled_from(sorted(kinds)))]))
        if draw(st.booleans()):
            container[key] = draw(scalars | json_values)  # scalars half the time
        elif isinstance(container, dict):
            del container[key]
        else:
            container.pop(key)
    return doc


def _reads_or_refuses(data: str | bytes | dict[str, Any]) -> None:
    """Reading ``data`` gives a game or a RecordError; any other exception fails the test."""
    with contextlib.suppress(RecordError):
        rec.replay(data)


def _replay_command(data: bytes) -> None:
    """``spades replay`` on a file holding ``data``: exit 0, or one line and exit 1 or 2."""
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory, "game.json")
        path.write_bytes(data)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["replay", str(path)])
    if code == 0:
        assert err.getvalue() == ""
    else:
        assert code in (1, 2) and out.getvalue() == ""
        message = err.getvalue()
        assert message.startswith(f"{path}: ") and message.count("\n") == 1, message
        assert len(message) < 500, message


def test_the_bases_are_valid_records() -> None:
    for doc in BASES:
        rec.replay(copy.deepcopy(doc))
    assert any(h["exchanges"] for doc in BASES for h in doc["hands"])


@SETTINGS
@given(st.binary(max_size=300))
def test_arbitrary_bytes(data: bytes) -> None:
    _reads_or_refuses(data)
    _replay_command(data)


@SETTINGS
@given(json_values)
def test_arbitrary_json(value: Any) -> None:
    text = json.dumps(value)
    _reads_or_refuses(text)
    _reads_or_refuses(value)
    _replay_command(text.encode())


@SETTINGS
@given(mutated_records())
def test_records_with_fields_changed(doc: dict[str, Any]) -> None:
    _reads_or_refuses(copy.deepcopy(doc))
    _replay_command(json.dumps(doc).encode())


@pytest.mark.parametrize("data", [
    b"\x00\xff" * 100,
    json.dumps(BASES[0]).encode("utf-16"),
    b"[" * 50_000,
    b'{"format": "spades-record", "version": ' + b"7" * 5000 + b"}",
])
def test_the_cases_of_the_issue(data: bytes) -> None:
    _reads_or_refuses(data)
    _replay_command(data)


NESTED = ["[" * 2000 + "]" * 2000, '{"a": ' * 2000 + "1" + "}" * 2000,
          '{"format": "spades-record", "version": 1, "players": ' + "[" * 5000 + "]" * 5000 + "}"]


@pytest.mark.parametrize("text", NESTED)
def test_deeply_nested_json_is_refused_in_one_line(text: str, tmp_path: Path) -> None:
    """JSON nested deeper than the parser goes (a RecursionError inside ``json``) is a
    RecordError of the loader, and one line and exit 1 from ``spades replay``."""
    for read in (rec.loads, lambda t: rec.loads(t.encode()), rec.replay,
                 lambda t: rec.load(io.StringIO(t))):
        with pytest.raises(RecordError, match=r"^not a record: JSON nested too deeply$"):
            read(text)
    path = tmp_path / "deep.json"
    path.write_text(text)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["replay", str(path)])
    assert (code, out.getvalue()) == (1, "")
    assert err.getvalue() == f"{path}: not a record: JSON nested too deeply\n"


def test_display_name_escapes_what_does_not_print_and_cuts_long_names() -> None:
    assert rec.display_name("Ann") == "Ann"
    assert rec.display_name("Zoë 李") == "Zoë 李"
    assert rec.display_name("\x1b[2J\x1b[31mEve") == "\\x1b[2J\\x1b[31mEve"
    assert rec.display_name("a\nb\tc\x7f\u202ed") == "a\\nb\\tc\\x7f\\u202ed"
    assert rec.display_name("x" * 40) == "x" * 40
    assert rec.display_name("x" * 41) == "x" * 39 + "…"
    assert rec.display_name("x" * 5_000_000) == "x" * 39 + "…"
    # an escape is kept whole or left out, never cut in two
    assert rec.display_name("x" * 36 + "\x1b" + "y") == "x" * 36 + "…"
    assert rec.display_name("\x00" * 50) == "\\x00" * 9 + "…"


def test_replay_shows_names_from_the_file_as_data(tmp_path: Path) -> None:
    """Names are data: a name that would clear the screen is shown escaped, and a 5 MB
    name is cut, in every line that names the seat."""
    doc = copy.deepcopy(BASES[0])
    doc["players"] = ["\x1b[2J\x1b[31mEve\r\n", "B" * 5_000_000]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["replay", str(path)])
    assert (code, err.getvalue()) == (0, "")
    text = out.getvalue()
    assert not any(char in text for char in "\x1b\r")
    assert text.splitlines()[0] == f"two-player: 0:\\x1b[2J\\x1b[31mEve\\r\\n, 1:{'B' * 39}…"
    assert "0:\\x1b[2J\\x1b[31mEve\\r\\n bids" in text
    assert len(text) < 20_000
