"""Nothing of weight decided for a person (issue 45): her clock and the computer standing in
for her declare no nil nor blind nil and leave her own exchange to her; Auto Play One never
takes a seat back; the hand summary holds her clock; computers at a person's table play
blind nil by the table's policy; deep JSON and hints from many connections are refused."""

from __future__ import annotations

import contextlib
import dataclasses
import random
import sqlite3
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from spades import Game, Phase, rules_for
from spades.actions import Action
from spades.bots import NIL_BIDS, make_bot, without_nil
from spades.server import turns as turns_module
from tests.test_server import Player, join, new_client
from tests.test_server_turns import read_until, table_of

Choose = Callable[[dict[str, Any]], str]
DEEP = "[" * 2000 + "]" * 2000  # under the 4 KB frame limit, deeper than the parser's stack


def play(players: list[Player], choose: Choose, stop: Callable[[dict[str, Any]], bool]
         ) -> dict[str, Any]:
    """The people act by ``choose`` (a view: an action's text) until a state passes
    ``stop``; the state that did."""
    seq = 0
    while True:
        top = max(p.read_state(seq)["seq"] for p in players)
        states = [p.read_state(top) for p in players]
        if stop(states[0]):
            return states[0]
        mover = next((p for p in players if p.seat == states[0]["view"]["to_move"]), None)
        if mover is not None:
            mover.send({"type": "action", "action": choose(mover.state["view"])})
        seq = top + 1


def refusal(player: Player, seq: int) -> str | None:
    """The error ``player`` gets next, or None if a state after ``seq`` comes first."""
    while True:
        message = player.read()
        if message["type"] == "error":
            return str(message["message"])
        if message["type"] == "state" and message["seq"] > seq:
            return None


def first_legal(view: dict[str, Any]) -> str:
    """The safe answer to the blind nil question, else the first legal action (a whole
    give of the fewest cards allowed in an exchange)."""
    if "no blind nil" in view["legal"]:
        return "no blind nil"
    if view["phase"] == "exchange":
        return " ".join(["give", *view["hand"][:min(view["rules"]["give_sizes"])]])
    return view["legal"][0]


def people(client: Any, variant: str, kinds: str, level: str = "easy", **body: Any
           ) -> tuple[str, dict[int, str]]:
    """A table of ``variant`` with seats of ``kinds`` (``p``: a person, ``c``: a computer)
    of ``level`` and ``body``'s settings; every person's token."""
    seats = [{"kind": "person" if k == "p" else "computer", "level": level} for k in kinds]
    made = client.post("/api/tables", json={"variant": variant, "seats": seats, "seat": 0,
                                            "name": "Ann", **body})
    assert made.status_code == 200, made.json()
    made = made.json()
    tokens = {0: made["token"]}
    for seat, kind in enumerate(kinds):
        if kind == "p" and seat:
            tokens[seat] = client.post(f"/api/tables/{made['table']}/join", json={
                "seat": seat, "secret": made["invites"][str(seat)]}).json()["token"]
    return made["table"], tokens


# ---------------------------------------------------------------- the clock and the stand-in


@pytest.mark.parametrize(("level", "deals"), [("random", 40), ("easy", 40), ("medium", 40),
                                             ("hard", 1)])
def test_a_bot_standing_in_for_a_person_declines_blind_nil_and_bids_no_nil(level, deals):
    """Given a position without nil and blind nil among the legal actions, every level
    declines blind nil and bids another of its legal bids, where on its own it declared
    one (easy never declares blind nil, and bids nil only with no card above a ten). The
    rule-based levels bid what they would in a game without nil."""
    rules = rules_for("partnership")
    nil_on_its_own = 0
    for seed in range(deals):
        game = Game(rules, seed)
        while game.phase is not Phase.PLAY:
            view = game.observation(game.to_move)
            stand_in = without_nil(view)
            action = make_bot(level, seed, blind_nil="always").act(stand_in)
            assert action in stand_in.legal and action not in NIL_BIDS
            own = make_bot(level, seed, blind_nil="always").act(view)
            nil_on_its_own += own in NIL_BIDS
            if own == Action.bid(0) and level != "hard":
                no_nil = dataclasses.replace(stand_in, rules=dataclasses.replace(rules, nil=False))
                assert action == make_bot(level, seed, blind_nil="always").act(no_nil)
            game.apply(action)
    assert nil_on_its_own or level == "easy"  # the test bites


def test_a_clock_timeout_at_the_blind_nil_question_records_no_blind_nil():
    """As in the issue: her side 250 behind, her time runs out at the blind nil question;
    her level (medium, who would declare it so far behind) declines for her, and at her
    bid bids something other than nil."""
    with new_client(summary_hold_seconds=0) as client, contextlib.ExitStack() as stack:
        table_id, tokens = people(client, "partnership", "pppp", "medium", turn_seconds=2)
        players = [join(client, table_id, tokens[s], stack) for s in range(4)]
        table = client.app.state.server.tables[table_id]

        def set_on_purpose(view: dict[str, Any]) -> str:  # North and South bid 26 together
            if view["phase"] == "bidding":
                return "bid 13" if view["seat"] in (0, 2) else "bid 1"
            return first_legal(view)

        state = play(players, set_on_purpose, lambda s: s["view"]["hand_number"] == 2)
        scores = state["view"]["scores"]
        assert scores[1] - scores[0] >= 200  # far behind: medium would declare blind nil
        state = play(players, first_legal, lambda s: s["view"]["to_move"] == 0)
        assert state["view"]["phase"] == "blind nil" and state["clock"]["seat"] == 0
        state = read_until(players[1], lambda s: s["seats"][0]["timeouts"] == 1)
        decided = next(e for e in table.events if e.get("by") == "clock")
        assert decided == {**decided, "seat": 0, "action": "no blind nil"}
        assert 0 not in state["view"]["blind_nil"]
        # and at her bid, the clock bids something other than nil
        play(players, first_legal, lambda s: s["view"]["phase"] == "bidding"
             and s["view"]["to_move"] == 0)
        read_until(players[1], lambda s: s["seats"][0]["timeouts"] == 2)
        bid = [e for e in table.events if e.get("by") == "clock"][1]
        assert bid["seat"] == 0 and bid["action"].startswith("bid ")  # "nil" is nil's text


@pytest.fixture
def offered(monkeypatch: pytest.MonkeyPatch) -> list[set[str]]:
    """The legal actions seat 0's level is shown at each of its decisions, as they come."""
    shown: list[set[str]] = []
    real = turns_module.decide

    def decide(level: str, seed: str, blind_nil: Any, view: Any) -> Action:
        if view.seat == 0:
            shown.append({str(a) for a in view.legal})
        return real(level, seed, blind_nil, view)

    monkeypatch.setattr(turns_module, "decide", decide)
    return shown


def test_a_seat_away_after_three_timeouts_is_offered_no_nil_either(offered):
    """Once her clock ran out three times in a row, her level plays on for her, and is
    never offered nil or blind nil (at a table whose computers declare blind nil always)."""
    with new_client(computer_workers=0) as client, contextlib.ExitStack() as stack:
        table_id, tokens = people(client, "partnership", "pccc", turn_seconds=0.1,
                                  computer_blind_nil="always")
        ann = join(client, table_id, tokens[0], stack)  # connected, she never acts
        read_until(ann, lambda s: s["view"]["hand_number"] == 2
                   and s["view"]["phase"] == "bidding", seconds=60)
        table = client.app.state.server.tables[table_id]
        assert table.seats[0].away and not table.seats[0].left
        hers = [e for e in table.events if e.get("seat") == 0 and e.get("by") == "computer"]
        assert {"kind": "action", "seat": 0, "action": "no blind nil",
                "code": Action.parse("no blind nil"), "by": "computer"} in [
            {k: v for k, v in e.items() if k != "at"} for e in hers]
        assert any("no blind nil" in legal for legal in offered)  # at the question
        assert not any({"blind nil", "nil"} & legal for legal in offered)


def test_a_seat_she_left_to_the_computer_is_offered_no_nil_either(offered):
    """She chose "let the computer play for me": her level plays her seat, and is still
    never offered nil or blind nil (at a table whose computers declare blind nil always)."""
    with new_client(computer_workers=0) as client, contextlib.ExitStack() as stack:
        table_id, tokens = people(client, "partnership", "pccc", turn_seconds=0,
                                  computer_blind_nil="always")
        ann = join(client, table_id, tokens[0], stack)
        ann.send({"type": "seat", "away": True})
        read_until(ann, lambda s: s["view"]["hand_number"] == 2
                   and s["view"]["phase"] == "bidding", seconds=60)
        table = client.app.state.server.tables[table_id]
        assert table.seats[0].left
        assert any("no blind nil" in legal for legal in offered)  # at the question
        assert not any({"blind nil", "nil"} & legal for legal in offered)


def test_a_clock_timeout_in_her_own_two_player_exchange_gives_nothing():
    with new_client() as client, contextlib.ExitStack() as stack:
        table_id, tokens = people(client, "two-player", "pp", turn_seconds=1.5)
        players = [join(client, table_id, tokens[s], stack) for s in range(2)]

        def ann_declares(view: dict[str, Any]) -> str:
            return "blind nil" if view["seat"] == 0 and "blind nil" in view["legal"] \
                else first_legal(view)

        state = play(players, ann_declares, lambda s: s["view"]["phase"] == "exchange"
                     and s["view"]["to_move"] == 0)
        hand = players[0].read_state(state["seq"])["view"]["hand"]
        state = read_until(players[0], lambda s: s["seats"][0]["timeouts"] == 1)
        event = client.app.state.server.tables[table_id].events[state["seq"] - 1]
        assert event == {**event, "kind": "give", "seat": 0, "cards": [], "by": "clock"}
        assert state["view"]["hand"] == hand  # her cards stay hers


def test_no_clock_runs_and_no_computer_chooses_her_own_partnership_exchange():
    """Four players give exactly three cards: which, after her own blind nil, is hers
    alone to choose, even once she is away for being gone."""
    with new_client(away_seconds=0.3) as client, contextlib.ExitStack() as stack:
        table_id, tokens = people(client, "partnership", "pccc", turn_seconds=0.5,
                                  computer_blind_nil="never")
        table = client.app.state.server.tables[table_id]

        def declares(view: dict[str, Any]) -> str:
            return "blind nil" if "blind nil" in view["legal"] else first_legal(view)

        watcher = join(client, table_id, None, stack)
        with contextlib.ExitStack() as connection:
            ann = join(client, table_id, tokens[0], connection)
            state = play([ann], declares, lambda s: s["view"]["phase"] == "exchange"
                         and s["view"]["to_move"] == 0)
            assert state["clock"] is None
        seq = state["seq"]
        assert read_until(watcher, lambda s: s["seats"][0]["away"])["clock"] is None
        time.sleep(1.0)  # twice her turn time
        assert table.game.to_move == 0 and table.game.phase is Phase.EXCHANGE
        assert [e["kind"] for e in table.events[seq:]] == ["seat"]  # away, nothing chosen
        ann = join(client, table_id, tokens[0], stack)  # back, she gives them herself
        ann.send({"type": "action", "action": first_legal(ann.read_state()["view"])})
        assert read_until(ann, lambda s: s["view"]["phase"] != "exchange"
                          or s["view"]["to_move"] != 0)["view"]["gave"]


# ---------------------------------------------------------------- Auto Play One


def test_an_away_seat_stays_away_after_an_automatic_forced_card():
    with new_client(computer_delay=3600) as client, contextlib.ExitStack() as stack:
        table_id, tokens = table_of(client, "pp", turn_seconds=0)
        table = client.app.state.server.tables[table_id]
        watcher = join(client, table_id, None, stack)
        seat = watcher.read_state()["view"]["to_move"]
        with contextlib.ExitStack() as connection:
            her = join(client, table_id, tokens[seat], connection)
            her.send({"type": "seat", "away": True})
            state = read_until(her, lambda s: s["seats"][seat]["left"])
            seq = state["seq"]
            her.send({"type": "action", "action": state["view"]["legal"][0], "auto": True})
            assert refusal(her, seq) == ("Auto Play One does not play while your seat is left "
                                         "to the computer: take your seat back to play")
            assert len(table.events) == seq
            assert table.seats[seat].away and table.seats[seat].left
        # gone and back: a reconnect does not take it back either
        again = join(client, table_id, tokens[seat], stack)
        assert again.read_state()["seats"][seat]["left"]
        assert table.seats[seat].away
        # her own card (or bid) does
        again.send({"type": "action", "action": again.state["view"]["legal"][0]})
        state = read_until(again, lambda s: s["seq"] > seq)
        assert not state["seats"][seat]["away"] and not state["seats"][seat]["left"]


def test_auto_play_one_for_a_seat_she_plays_is_her_page_s_not_her_return():
    with new_client(computer_delay=3600) as client, contextlib.ExitStack() as stack:
        table_id, tokens = table_of(client, "pp", turn_seconds=0)
        ann, bob = (join(client, table_id, tokens[s], stack) for s in (0, 1))
        table = client.app.state.server.tables[table_id]
        mover = ann if ann.read_state()["view"]["to_move"] == 0 else bob
        assert "'auto' must be" in mover.error({"type": "action", "action": "keep",
                                                "auto": "yes"})
        mover.send({"type": "action", "action": mover.state["view"]["legal"][0],
                    "auto": True})
        read_until(mover, lambda s: s["seq"] > 1)
        assert table.events[-1]["by"] == "auto"


# ---------------------------------------------------------------- the hand summary


def to_next_hand(client: Any, **body: Any
                 ) -> tuple[Any, list[Player], dict[str, Any], contextlib.ExitStack]:
    """Two people play a hand of a 500-point two-player-300 game to its end; the table,
    the players, the first state of the second hand and the players' connections."""
    table_id, tokens = table_of(client, "pp", rules={"target": 500}, **body)
    stack = contextlib.ExitStack()
    players = [join(client, table_id, tokens[s], stack) for s in (0, 1)]
    rng = random.Random(4)
    state = play(players, lambda v: rng.choice(v["legal"]),
                 lambda s: s["view"]["hand_number"] == 2)
    return client.app.state.server.tables[table_id], players, state, stack


def test_the_hand_summary_holds_her_clock_until_she_closes_it():
    with new_client(summary_hold_seconds=3600) as client:
        table, players, state, stack = to_next_hand(client, turn_seconds=1)
        with stack:
            mover = players[state["view"]["to_move"]]
            other = players[1 - mover.seat]
            assert state["clock"] is None  # held: no clock runs, nothing is decided
            seq = state["seq"]
            other.send({"type": "summary_closed"})  # the other's summary holds her none
            time.sleep(1.5)
            assert len(table.events) == seq and table.game.to_move == mover.seat
            mover.send({"type": "summary_closed"})
            state = read_until(other, lambda s: s["clock"] is not None)
            assert state["clock"]["seat"] == mover.seat and state["seq"] == seq
            assert state["clock"]["seconds"] > 0.5  # her whole turn, from now
            state = read_until(other, lambda s: s["seq"] > seq)  # then it runs out
            assert table.events[seq].get("by") == "clock"


def test_the_hand_summary_holds_her_clock_for_the_set_time_at_most():
    with new_client(summary_hold_seconds=1) as client:
        _, players, state, stack = to_next_hand(client, turn_seconds=30)
        with stack:
            mover = players[state["view"]["to_move"]]
            assert state["clock"] is None
            state = read_until(mover, lambda s: s["clock"] is not None)
            assert state["clock"]["seat"] == mover.seat and state["clock"]["seconds"] > 29


# ---------------------------------------------------------------- computers' blind nil


@pytest.fixture
def policies(monkeypatch: pytest.MonkeyPatch) -> dict[int, str | None]:
    """The blind nil policy each computer seat was given, by seat (bots in a thread)."""
    given: dict[int, str | None] = {}
    real = turns_module.decide

    def decide(level: str, seed: str, blind_nil: Any, view: Any) -> Action:
        given[view.seat] = None if blind_nil is None else str(blind_nil)
        return real(level, seed, blind_nil, view)

    monkeypatch.setattr(turns_module, "decide", decide)
    return given


def test_every_computer_at_a_persons_table_trails_100_before_a_blind_nil(policies):
    with new_client(computer_workers=0) as client, contextlib.ExitStack() as stack:
        table_id, tokens = people(client, "partnership", "pccc", turn_seconds=0)
        ann = join(client, table_id, tokens[0], stack)
        play([ann], first_legal, lambda s: s["view"]["phase"] == "play")
        assert policies == {1: "trailing-100", 2: "trailing-100", 3: "trailing-100"}
        policies.clear()
        table_id, tokens = people(client, "partnership", "pccc", turn_seconds=0,
                                  computer_blind_nil="always")
        play([join(client, table_id, tokens[0], stack)], first_legal,
             lambda s: s["view"]["phase"] == "play")
        assert policies == {1: "always", 2: "always", 3: "always"}
        policies.clear()
        made = client.post("/api/tables", json={
            "variant": "partnership", "seat": None,
            "seats": [{"kind": "computer", "level": "easy"}] * 4}).json()
        read_until(join(client, made["table"], None, stack),
                   lambda s: s["view"]["phase"] == "play")
        assert set(policies.values()) == {None}  # computers only: the bots' own


def test_a_bad_computer_blind_nil_policy_is_refused_in_one_line():
    with new_client() as client:
        for bad in ("sometimes", "trailing-37", 100, None, ["always"]):
            made = client.post("/api/tables", json={"variant": "partnership",
                                                    "computer_blind_nil": bad})
            assert made.status_code == 400
            assert made.json()["error"].startswith(
                "'computer_blind_nil' must be one of trailing-100, always, never")
        options = client.get("/api/options").json()
        assert options["computer_blind_nil_default"] == "trailing-100"
        assert [value for _, value in options["computer_blind_nil"]] == [
            "trailing-100", "always", "never"]


def test_a_table_stored_with_the_old_partner_policy_still_loads(tmp_path, policies):
    db = tmp_path / "old.sqlite"
    with new_client(db, computer_delay=3600) as client:
        table_id, tokens = people(client, "partnership", "pccc", turn_seconds=0,
                                  computer_blind_nil="always")
    with contextlib.closing(sqlite3.connect(db)) as connection, connection:
        (text,) = connection.execute("SELECT config FROM spades_tables WHERE id = ?",
                                     (table_id,)).fetchone()
        old = text.replace('"computer_blind_nil": "always"', '"partner_blind_nil": "never"')
        assert "partner_blind_nil" in old and "computer_blind_nil" not in old
        connection.execute("UPDATE spades_tables SET config = ? WHERE id = ?",
                           (old, table_id))
    with new_client(db, computer_workers=0) as client, contextlib.ExitStack() as stack:
        assert client.get(f"/api/tables/{table_id}").status_code == 200
        play([join(client, table_id, tokens[0], stack)], first_legal,
             lambda s: s["view"]["phase"] == "play")
        assert set(policies.values()) == {"never"}


# ---------------------------------------------------------------- bad input


def test_deeply_nested_json_gets_a_clear_error_everywhere():
    with new_client() as client, contextlib.ExitStack() as stack:
        made = client.post("/api/tables", content=DEEP)
        assert made.status_code == 400
        assert made.json()["error"] == ("the request body nests arrays and objects 2000 deep; "
                                        "the limit is 16")
        nested = '{"variant": "partnership", "rules": {"x": ' + DEEP + "}}"
        assert client.post("/api/tables", content=nested).status_code == 400
        table_id, tokens = table_of(client, "pc")
        joined = client.post(f"/api/tables/{table_id}/join", content=DEEP)
        assert joined.status_code == 400 and "nests arrays" in joined.json()["error"]
        # in a message: an error, and the connection goes on
        ann = join(client, table_id, tokens[0], stack)
        assert "nests arrays and objects 2000 deep" in ann.error(DEEP)
        assert "nests arrays" in ann.error('{"type": "action", "action": ' + DEEP + "}")
        assert "must be an action's text" in ann.error({"type": "action", "action": [[[[1]]]]})
        brackets = '{"type": "chat", "text": "' + "[" * 150 + '"}'  # text, not nesting
        ann.send(brackets)
        while (message := ann.read())["type"] != "chat":
            assert message["type"] != "error", message
        # before the hello too
        watcher = stack.enter_context(client.websocket_connect(f"/ws/{table_id}"))
        watcher.send_text(DEEP)
        assert "nests arrays" in watcher.receive_json()["message"]


def test_hints_are_worked_out_one_at_a_time_per_seat_and_per_address(monkeypatch):
    """A seated client opening several connections cannot queue more than one hint, nor
    can one address across tables; once it is answered, the next may be asked."""
    entered, release = threading.Event(), threading.Event()
    real = turns_module.explain

    def slow(seed: str, view: Any) -> tuple[Action, str]:
        entered.set()
        release.wait(10)
        return real(seed, view)

    monkeypatch.setattr(turns_module, "explain", slow)
    with new_client(computer_workers=0, computer_delay=3600) as client, \
            contextlib.ExitStack() as stack:
        table_id, tokens = table_of(client, "pp", turn_seconds=0)
        first = join(client, table_id, tokens[0], stack)
        mover = first.read_state()["view"]["to_move"]
        tabs = [join(client, table_id, tokens[mover], stack) for _ in range(3)]
        other_id, other_tokens = table_of(client, "pp", turn_seconds=0)
        elsewhere = [join(client, other_id, other_tokens[s], stack) for s in (0, 1)]
        to_move = elsewhere[0].read_state()["view"]["to_move"]
        tabs[0].send({"type": "hint"})
        assert entered.wait(10)
        for tab in tabs[1:]:
            assert tab.error({"type": "hint"}) == ("a hint or an analysis is already being "
                                                   "worked out for your seat: wait for it")
        assert elsewhere[to_move].error({"type": "hint"}) == (
            "a hint or an analysis asked from your network is already being worked out: "
            "wait for it")
        release.set()
        while (message := tabs[0].read())["type"] != "hint":
            assert message["type"] != "error", message
        elsewhere[to_move].send({"type": "hint"})
        while (message := elsewhere[to_move].read())["type"] != "hint":
            assert message["type"] != "error", message
