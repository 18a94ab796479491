"""Following the play and keeping it moving: the last completed trick in every state, the
engine's refusals in a player's words, the turn clock (a person out of time is played for,
then marked away), leaving a seat to the computer and taking it back, and the chat."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from typing import Any

from tests.test_server import QUICK, Player, drive, join, new_client


def table_of(client: Any, kinds: str = "pp", **body: Any) -> tuple[str, dict[int, str]]:
    """A two-player-300 table with seats of ``kinds`` and ``body``'s settings; the tokens."""
    seats = [{"kind": "person" if k == "p" else "computer", "level": "random"} for k in kinds]
    made = client.post("/api/tables", json={"variant": "two-player-300", "rules": QUICK,
                                            "seats": seats, "seat": 0, "name": "Ann",
                                            **body})
    assert made.status_code == 200, made.json()
    made = made.json()
    tokens = {0: made["token"]}
    for seat in range(1, len(kinds)):
        if kinds[seat] == "p":
            tokens[seat] = client.post(f"/api/tables/{made['table']}/join", json={
                "seat": seat, "name": "Bob", "secret": made["invites"][str(seat)]}).json()["token"]
    return made["table"], tokens


def read_until(player: Player, test: Any, seconds: float = 10) -> dict[str, Any]:
    """Read ``player``'s messages until a state passes ``test``."""
    deadline = time.monotonic() + seconds
    while player.state is None or not test(player.state):
        assert time.monotonic() < deadline, player.state
        player.read()
    return player.state


def test_every_state_carries_the_last_completed_trick_even_after_the_hand():
    with new_client() as client, contextlib.ExitStack() as stack:
        table_id, tokens = table_of(client, rules={"target": 500})
        ann, bob = (join(client, table_id, tokens[s], stack) for s in (0, 1))
        watcher = join(client, table_id, None, stack)
        rng = random.Random(3)
        state = drive([ann, bob, watcher], rng, stop=lambda s: len(s["view"]["tricks"]) == 1)
        trick = state["view"]["tricks"][0]
        assert state["view"]["trick"]["cards"] == []  # the state's trick is empty already
        assert state["last_trick"] == {"hand": 1, "number": 1, **trick}
        assert watcher.read_state(state["seq"])["last_trick"] == state["last_trick"]
        # the thirteenth trick, kept into the next hand: the one of the hand's record
        state = drive([ann, bob, watcher], rng, stop=lambda s: s["view"]["hand_number"] == 2)
        over = next(m for m in ann.messages if m["type"] == "hand_over")
        assert state["view"]["tricks"] == [] and state["last_trick"] == {
            "hand": 1, "number": 13, **over["tricks"][-1]}
        seats = state["last_trick"].pop("seats")  # the record's trick, and who played what
        assert state["last_trick"] == {"hand": 1, "number": 13, **over["record"]["tricks"][-1]}
        assert seats[0] == over["record"]["tricks"][-1]["leader"] and sorted(seats) == [0, 1]


def test_a_refusal_is_said_in_the_players_words_with_card_symbols():
    with new_client() as client, contextlib.ExitStack() as stack:
        table_id, tokens = table_of(client)
        ann, bob = (join(client, table_id, tokens[s], stack) for s in (0, 1))
        state = drive([ann, bob], random.Random(1), stop=lambda s: s["view"]["phase"] == "play")
        mover, other = (ann, bob) if state["view"]["to_move"] == 0 else (bob, ann)
        mover.read_state(state["seq"])
        other.read_state(state["seq"])
        card = other.state["view"]["hand"][0]
        said = other.error({"type": "action", "action": f"play {card}"})
        name = "Ann" if mover is ann else "Bob"
        symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[1]]
        assert said == f"You cannot play {card[0].replace('T', '10')}{symbol} now: it is " \
                       f"{name}'s turn."
        held = set(mover.state["view"]["hand"])
        missing = next(c for c in other.state["view"]["hand"] if c not in held)
        assert "you do not hold" in mover.error({"type": "action", "action": f"play {missing}"})


def test_a_person_out_of_time_is_played_for_then_marked_away_until_she_acts():
    with new_client() as client, contextlib.ExitStack() as stack:
        table_id, tokens = table_of(client, turn_seconds=0.3)
        ann, bob = (join(client, table_id, tokens[s], stack) for s in (0, 1))
        table = client.app.state.server.tables[table_id]
        state = ann.read_state()
        assert state["clock"]["seat"] == 0 and 0.1 < state["clock"]["seconds"] <= 0.3
        assert state["clock"]["of"] == 0.3
        # nobody moves: each decision is the computer's once her time is out, three in a row
        state = read_until(ann, lambda s: s["seats"][0]["timeouts"] >= 1)
        assert state["seq"] == 2 and not state["seats"][0]["away"]
        start = time.monotonic()
        state = read_until(ann, lambda s: s["seats"][0]["away"])
        assert state["seats"][0]["timeouts"] == 3 and time.monotonic() - start < 3
        # away: her level plays on without waiting for the clock, for both seats' clocks
        away_at = state["seq"]
        state = read_until(ann, lambda s: s["view"]["to_move"] == 1 and s["clock"])
        assert table.seats[0].away and state["clock"]["seat"] == 1
        bob.read_state(state["seq"])
        bob.send({"type": "action", "action": bob.state["view"]["legal"][0]})
        read_until(ann, lambda s: s["seq"] > state["seq"] + 1)
        assert table.seats[0].away and ann.state["seq"] > away_at
        # she takes her seat back: her clock again
        ann.send({"type": "seat", "away": False})
        state = read_until(ann, lambda s: not s["seats"][0]["away"])
        assert state["seats"][0]["timeouts"] == 0


def test_a_table_without_a_turn_time_waits_and_the_time_is_bounded():
    with new_client() as client, contextlib.ExitStack() as stack:
        table_id, tokens = table_of(client, turn_seconds=0)
        ann = join(client, table_id, tokens[0], stack)
        assert ann.read_state()["clock"] is None
        for bad in ("-1", "601", "NaN", '"60"', "true"):
            refused = client.post("/api/tables", content='{"variant": "two-player", '
                                                         f'"turn_seconds": {bad}}}')
            assert refused.status_code == 400 and "'turn_seconds'" in refused.json()["error"]


def test_a_person_leaves_her_seat_to_the_computer_and_takes_it_back():
    with new_client() as client, contextlib.ExitStack() as stack:
        table_id, tokens = table_of(client, "pc")
        ann = join(client, table_id, tokens[0], stack)
        watcher = join(client, table_id, None, stack)
        ann.read_state()
        ann.send({"type": "seat", "away": True})
        state = read_until(ann, lambda s: s["seats"][0]["left"])
        assert state["seats"][0]["away"] and state["clock"] is None
        # the computer plays both seats; a reload does not take the seat back
        read_until(ann, lambda s: s["seq"] > state["seq"] + 3)
        again = join(client, table_id, tokens[0], stack)
        assert again.read_state()["seats"][0]["left"]
        assert "only a seated person" in watcher.error({"type": "seat", "away": True})
        assert "'away' must be" in ann.error({"type": "seat", "away": "yes"})
        ann.send({"type": "seat", "away": False})
        state = read_until(ann, lambda s: not s["seats"][0]["away"])
        assert not state["seats"][0]["left"]


def test_chat_is_for_the_players_plain_bounded_rate_limited_and_kept(tmp_path):
    db = tmp_path / "chat.sqlite"
    with new_client(db, chat_burst=3) as client, contextlib.ExitStack() as stack:
        table_id, tokens = table_of(client)
        ann = join(client, table_id, tokens[0], stack)
        watcher = join(client, table_id, None, stack)
        assert watcher.messages[0]["may_chat"] is False
        ann.send({"type": "chat", "text": "  <b>hi</b>\n\tall  "})
        line = next(m for m in iter(watcher.read, None) if m["type"] == "chat")["line"]
        assert (line["seat"], line["name"], line["text"]) == (0, "Ann", "<b>hi</b> all")
        cases = [(watcher, "hello", "spectators read the chat"),
                 (ann, "x" * 201, "at most 200 characters, not 201"),
                 (ann, " \n ", "empty"), (ann, 5, "'text' must be")]
        for player, text, expected in cases:
            assert expected in player.error({"type": "chat", "text": text}), text
        ann.send({"type": "chat", "text": "two"})
        ann.send({"type": "chat", "text": "three"})
        assert "wait a few seconds" in ann.error({"type": "chat", "text": "four"})
        # a table whose creator lets spectators write
        open_id, _ = table_of(client, spectator_chat=True)
        other = join(client, open_id, None, stack)
        assert other.messages[0]["may_chat"] is True
        other.send({"type": "chat", "text": "from the rail"})
        assert next(m for m in iter(other.read, None) if m["type"] == "chat")["line"][
            "name"] == "Spectator 1"
    with new_client(db) as client, contextlib.ExitStack() as stack:
        back = join(client, table_id, tokens[0], stack)
        assert [line["text"] for line in back.messages[0]["chat"]] == [
            "<b>hi</b> all", "two", "three"]


def test_a_person_back_while_the_computer_thinks_for_her_keeps_her_turn():
    with new_client(computer_workers=0) as client, contextlib.ExitStack() as stack:
        table_id, tokens = table_of(client, "pc")
        table = client.app.state.server.tables[table_id]
        ann = join(client, table_id, tokens[0], stack)
        state = ann.read_state()
        assert state["view"]["to_move"] == 0
        decide, decided = table._decide, []

        async def slowly(seat: int) -> Any:
            await asyncio.sleep(0.3)  # she takes the seat back meanwhile
            decided.append(await decide(seat))
            return decided[-1]

        table._decide = slowly
        ann.send({"type": "seat", "away": True})
        read_until(ann, lambda s: s["seats"][0]["left"])
        ann.send({"type": "seat", "away": False})
        read_until(ann, lambda s: not s["seats"][0]["left"])
        deadline = time.monotonic() + 20
        while not decided:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(0.2)
        # her two seat events are in the log, and no action of the computer's
        assert [e["kind"] for e in table.events[state["seq"]:]] == ["seat", "seat"]
        assert table.game.to_move == 0


def test_a_seat_left_to_the_computer_and_the_turn_clock_outlast_a_restart(tmp_path):
    db = tmp_path / "games.sqlite"
    with new_client(db, computer_delay=3600) as client, contextlib.ExitStack() as stack:
        table_id, tokens = table_of(client, turn_seconds=30)
        mover = join(client, table_id, tokens[0], stack).read_state()["view"]["to_move"]
        other = 1 - mover  # she leaves her seat; the clock runs for the one to move
        player = join(client, table_id, tokens[other], stack)
        player.send({"type": "seat", "away": True})
        left = read_until(player, lambda s: s["seats"][other]["left"])["clock"]["seconds"]
    time.sleep(1.2)  # the server is down: the clock does not run
    with new_client(db, computer_delay=3600) as client, contextlib.ExitStack() as stack:
        back = join(client, table_id, tokens[other], stack)  # connecting is not acting
        state = back.read_state()
        assert state["seats"][other]["left"] and state["seats"][other]["away"]
        assert state["clock"]["seat"] == mover and left - 0.5 <= state["clock"]["seconds"] <= left
        back.send({"type": "seat", "away": False})
        assert not read_until(back, lambda s: not s["seats"][other]["away"])["seats"][other][
            "left"]


def test_each_spectator_has_a_name_in_the_chat_numbered_or_her_own(tmp_path):
    db = tmp_path / "chat.sqlite"
    with new_client(db) as client, contextlib.ExitStack() as stack:
        table_id, tokens = table_of(client, spectator_chat=True)
        ann = join(client, table_id, tokens[0], stack)
        first, second = (join(client, table_id, None, stack) for _ in range(2))
        assert [p.messages[0]["name"] for p in (ann, first, second)] == [
            "Ann", "Spectator 1", "Spectator 2"]
        first.send({"type": "chat", "text": "hello"})
        second.send({"type": "chat", "text": "hi", "name": " <i>Zoe</i>\n"})
        second.send({"type": "chat", "text": "again"})  # her name stays hers
        assert "'name' must be" in second.error({"type": "chat", "text": "x", "name": 7})
        lines: list[dict[str, Any]] = []
        while len(lines) < 3:
            message = ann.read()
            lines += [message["line"]] if message["type"] == "chat" else []
        assert [(line["seat"], line["name"], line["text"]) for line in lines] == [
            (None, "Spectator 1", "hello"), (None, "<i>Zoe</i>", "hi"),
            (None, "<i>Zoe</i>", "again")]
    with new_client(db) as client, contextlib.ExitStack() as stack:  # numbered on
        assert join(client, table_id, None, stack).messages[0]["name"] == "Spectator 2"


def test_the_servers_turn_time_is_a_new_tables_default():
    with new_client(turn_seconds=15) as client, contextlib.ExitStack() as stack:
        assert client.get("/api/options").json()["turn_seconds_default"] == 15
        table_id, tokens = table_of(client)  # no turn time asked: the server's
        state = join(client, table_id, tokens[0], stack).read_state()
        assert state["clock"]["of"] == 15
        chosen, _ = table_of(client, turn_seconds=40)
        assert client.app.state.server.tables[chosen].turn_seconds == 40
