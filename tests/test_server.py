"""The web game's protocol, through Starlette's test client: bad messages, people and
computer players at a table, reconnecting, rebuilding from the event log, and a leak test."""

from __future__ import annotations

import contextlib
import json
import random
import re
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from spades import Game, card_text, rules_for
from spades.actions import Action, parse_give
from spades.cards import in_symbols
from spades.chance import Chance
from spades.cli import build_parser
from spades.record import game_record, replay
from spades.server import turns as turns_module
from spades.server.app import create_app
from spades.server.events import apply_event
from spades.server.fair import commitment, deck_from_seed
from spades.server.settings import Settings
from tests.helpers import tricks_so_far, visible

CARD = re.compile(r"\b[2-9TJQKA][SHDC]\b")
QUICK = {"target": 100, "lose_threshold": -100}  # whole games in a few hands


def new_client(db: Any = ":memory:", **settings: Any) -> TestClient:
    """A test client of a new server; no rate limits unless asked (tests play fast)."""
    settings = {"computer_delay": 0, "rate_burst": 10**6, "create_burst": 10**6, **settings}
    return TestClient(create_app(db, Settings(**settings)))


def create(client: TestClient, variant: str, kinds: str, level: str = "random",
           rules: dict[str, Any] | None = None) -> tuple[str, dict[int, str]]:
    """A table with seats of ``kinds`` ('p' a person, 'c' a computer); every person's token."""
    seats = [{"kind": "person" if k == "p" else "computer", "level": level} for k in kinds]
    body = {"variant": variant, "rules": QUICK if rules is None else rules, "seats": seats,
            "seat": kinds.index("p"), "name": "Ann"}
    made = client.post("/api/tables", json=body).json()
    tokens = {made["seat"]: made["token"]}
    for seat, kind in enumerate(kinds):
        if kind == "p" and seat not in tokens:
            joined = client.post(f"/api/tables/{made['table']}/join", json={
                "seat": seat, "name": f"P{seat}", "secret": made["invites"][str(seat)]}).json()
            tokens[seat] = joined["token"]
    return made["table"], tokens


class Player:
    """One websocket at a table, keeping every message it receives."""

    def __init__(self, ws: Any, seat: int | None) -> None:
        self.ws, self.seat = ws, seat
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None

    def read(self) -> dict[str, Any]:
        message = self.ws.receive_json()
        self.messages.append(message)
        if message["type"] == "state":
            self.state = message
        return message

    def read_state(self, seq: int = 0) -> dict[str, Any]:
        while self.state is None or self.state["seq"] < seq:
            assert self.read()["type"] != "error", self.messages[-1]
        return self.state

    def send(self, message: Any) -> None:
        if isinstance(message, str):
            self.ws.send_text(message)
        else:
            self.ws.send_json(message)

    def error(self, message: Any) -> str:
        """Send a bad ``message``, return the error's text."""
        self.send(message)
        return self.error_reply()

    def error_reply(self) -> str:
        while True:
            reply = self.read()
            if reply["type"] == "error":
                return reply["message"]


def join(client: TestClient, table: str, token: str | None, stack: Any) -> Player:
    ws = stack.enter_context(client.websocket_connect(f"/ws/{table}"))
    ws.send_json({"type": "hello", **({} if token is None else {"token": token})})
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome"
    player = Player(ws, welcome["seat"])
    player.messages.append(welcome)
    return player


def drive(players: list[Player], rng: random.Random, stop: Any = None) -> dict[str, Any]:
    """Play random legal actions for the people until the game is over (or ``stop``)."""
    seq = 0
    while True:
        top = max(p.read_state(seq)["seq"] for p in players)
        states = [p.read_state(top) for p in players]
        view = states[0]["view"]
        if view["winner"] is not None or (stop and stop(states[0])):
            return states[0]
        mover = next((p for p in players if p.seat == view["to_move"]), None)
        if mover is not None:
            mine = mover.state["view"]
            action = rng.choice(mine["legal"])
            if mine["phase"] == "exchange":  # a client sends its whole give
                most = mine["rules"]["exchange_cards"]
                size = rng.randint(0, most) if "give" in mine["legal"] else most
                action = " ".join(["give", *rng.sample(mine["hand"], size)])
            mover.send({"type": "action", "action": action})
        seq = top + 1


def replayed(rules: Any, events: list[dict[str, Any]]) -> list[Game]:
    """The game after each number of events (index k: after the first k)."""
    games = []
    for k in range(len(events) + 1):
        game, draws = Game(rules), Chance(None)
        for event in events[:k]:
            apply_event(game, event, draws)
        games.append(game)
    return games


def cards_in(message: Any, skip: tuple[str, ...] = ("seed", "sha256")) -> set[str]:
    if isinstance(message, dict):
        return {c for k, v in message.items() if k not in skip for c in cards_in(v)}
    if isinstance(message, list):
        return {c for v in message for c in cards_in(v)}
    return set(CARD.findall(message)) if isinstance(message, str) else set()


# ---------------------------------------------------------------- bad messages


def test_every_kind_of_bad_message_gets_an_error_and_changes_nothing():
    with new_client(rate_burst=30) as client, contextlib.ExitStack() as stack:
        table_id, tokens = create(client, "two-player", "pp")
        table = client.app.state.server.tables[table_id]
        ann = join(client, table_id, tokens[0], stack)
        bob = join(client, table_id, tokens[1], stack)
        watcher = join(client, table_id, None, stack)
        for p in (ann, bob, watcher):
            p.read_state()
        before = (len(table.events), game_record(table.game))
        assert ann.state["view"]["to_move"] == 0 and ann.state["view"]["phase"] == "blind nil"
        cases = [
            (ann, "{not json", "not JSON"),
            (ann, "[1, 2]", "must be a JSON object"),
            (ann, {"type": "cheat"}, "unknown message type 'cheat'"),
            (ann, {"type": "action", "action": "x" * 5000}, "message too large"),
            (ann, {"type": "action", "action": 4}, "must be an action's text"),
            (ann, {"type": "action"}, "must be an action's text"),
            (ann, {"type": "action", "action": "play ZZ"}, "ZZ"),
            (ann, {"type": "action", "action": "bid 4"}, "expected 'blind nil' or 'no blind nil'"),
            (bob, {"type": "action", "action": "no blind nil"},
             "You cannot decline blind nil now: it is Ann's turn."),
            (ann, {"type": "hello", "token": tokens[0]}, "already joined"),
            (watcher, {"type": "action", "action": "no blind nil"}, "spectators cannot act"),
            (bob, {"type": "hint"}, "a hint is for your turn"),
            (ann, {"type": "rematch"}, "when the game is over"),
        ]
        for player, message, expected in cases:
            assert expected in player.error(message), message
        ann.ws.send_bytes(b"\x00\x01")
        assert "not binary" in ann.error_reply()
        assert (len(table.events), game_record(table.game)) == before
        # the rate limit: a burst past it is refused, one message at a time
        for _ in range(40):
            bob.send({"type": "cheat"})
        replies = [bob.read()["message"] for _ in range(40)]
        assert any("too many messages" in r for r in replies)
        assert (len(table.events), game_record(table.game)) == before


def test_hello_with_a_bad_token_is_refused_and_may_be_retried():
    with new_client() as client:
        table_id, tokens = create(client, "two-player-300", "pc")
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            ws.send_json({"type": "action", "action": "keep"})
            assert "first message must be" in ws.receive_json()["message"]
            ws.send_json({"type": "hello", "token": "not-a-token"})
            assert "holds no seat" in ws.receive_json()["message"]
            ws.send_json({"type": "hello", "token": tokens[0]})
            assert ws.receive_json() == {"type": "welcome", "table": table_id, "seat": 0,
                                         "variant": "two-player-300", "players": 2,
                                         "reveals": [], "turn_seconds": 60, "chat": [],
                                         "may_chat": True, "name": "Ann"}
        with client.websocket_connect("/ws/nothing") as ws:
            assert ws.receive_json()["message"] == "no such table"


def test_a_page_of_another_origin_cannot_open_the_websocket():
    with new_client() as client:
        table_id, _ = create(client, "two-player-300", "pc")
        with pytest.raises(WebSocketDisconnect), client.websocket_connect(
                f"/ws/{table_id}", headers={"origin": "http://evil.example"}):
            pass
        with client.websocket_connect(f"/ws/{table_id}",
                                      headers={"origin": "http://testserver"}) as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["type"] == "welcome"


def test_an_allowed_origin_behind_a_proxy_may_open_the_websocket():
    with new_client(allowed_origins=("https://spades.example.org",)) as client:
        table_id, _ = create(client, "two-player-300", "pc")
        with client.websocket_connect(f"/ws/{table_id}",
                                      headers={"origin": "https://spades.example.org"}) as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["type"] == "welcome"
        with pytest.raises(WebSocketDisconnect), client.websocket_connect(
                f"/ws/{table_id}", headers={"origin": "https://other.example.org"}):
            pass
    args = build_parser().parse_args(["serve", "--origin", "https://a.example",
                                      "--origin", "https://b.example"])
    assert args.origin == ["https://a.example", "https://b.example"]


def test_bad_requests_to_the_lobby():
    with new_client() as client:
        bad = [
            ({"variant": "bridge"}, "unknown variant"),
            ({"variant": "partnership", "rules": {"target": -5}}, "target must be above 0"),
            ({"variant": "partnership", "rules": {"jokers": True}}, "unknown rule option"),
            ({"variant": "two-player", "seats": [{"kind": "person"}]}, "must list 2 seats"),
            ({"variant": "two-player", "seats": [{"kind": "person"}, {"kind": "dog"}]},
             "seat 1 must be"),
            ({"variant": "two-player", "seats": [{"kind": "person"},
                                                 {"kind": "computer", "level": "god"}]},
             "unknown level"),
            ({"variant": "two-player", "seat": 1}, "not a person's seat"),
            ({"variant": "two-player", "seat": True}, "'seat' must be"),
        ]
        for body, expected in bad:
            response = client.post("/api/tables", json=body)
            assert response.status_code == 400 and expected in response.json()["error"], body
        assert "must be JSON" in client.post("/api/tables", content=b"{").json()["error"]
        assert client.post("/api/tables", content=b" " * 9000).status_code == 400
        table_id, _ = create(client, "two-player", "pp")
        taken = client.post(f"/api/tables/{table_id}/join", json={"seat": 0})
        assert "taken" in taken.json()["error"]
        for seat in (True, "1", None, 7):
            refused = client.post(f"/api/tables/{table_id}/join", json={"seat": seat})
            assert refused.status_code == 400, seat
        assert "computer" in client.post(f"/api/tables/{create(client, 'two-player', 'pc')[0]}"
                                         "/join", json={"seat": 1}).json()["error"]
        assert client.get("/api/tables/nothing").status_code == 404
        assert client.get(f"/api/tables/{table_id}/record").status_code == 409
        assert all("token" not in json.dumps(t) for t in client.get("/api/tables").json())


# ---------------------------------------------------------------- whole games


def test_a_person_and_three_computer_players_finish_a_partnership_game():
    with new_client() as client, contextlib.ExitStack() as stack:
        table_id, tokens = create(client, "partnership", "pccc", level="easy")
        ann = join(client, table_id, tokens[0], stack)
        final = drive([ann], random.Random(1))
        assert final["view"]["winner"] is not None and final["commit"] is None
        record = client.get(f"/api/tables/{table_id}/record")
        assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
        game = replay(record.json())
        assert game.over and game.scores == final["view"]["scores"]
        assert record.json()["players"] == ["Ann", "West", "North", "East"]


def test_a_bot_that_answers_an_illegal_action_does_not_stall_the_table(monkeypatch):
    """A computer seat whose bot returns an action it may not take plays a legal one
    instead, in the exchange too, and the game goes on to its end."""
    def illegal(level: str, seed: str, blind_nil: Any, view: Any) -> Action:
        return next(a for a in map(Action, range(100)) if a not in view.legal)

    monkeypatch.setattr(turns_module, "decide", illegal)
    with new_client(computer_workers=0) as client, contextlib.ExitStack() as stack:
        table_id, tokens = create(client, "partnership", "pccc")
        ann = join(client, table_id, tokens[0], stack)
        final = drive([ann], random.Random(2))
        assert final["view"]["winner"] is not None


def test_two_people_at_one_table_and_the_seeds_revealed_match_their_commitments():
    with new_client() as client, contextlib.ExitStack() as stack:
        table_id, tokens = create(client, "two-player", "pp")
        players = [join(client, table_id, tokens[s], stack) for s in (0, 1)]
        drive(players, random.Random(2))
        commits = {m["commit"]["hand"]: m["commit"]["sha256"]
                   for m in players[1].messages if m["type"] == "state" and m["commit"]}
        reveals = [m for m in players[1].messages if m["type"] == "hand_over"]
        assert reveals and len(reveals) == len(commits)
        for reveal in reveals:
            assert commitment(reveal["seed"]) == commits[reveal["hand"]] == reveal["sha256"]
            assert reveal["record"]["deck"] == [
                card_text(c) for c in deck_from_seed(reveal["seed"])]


def test_a_reconnecting_seat_gets_its_own_view_and_the_log_rebuilds_the_same_game(tmp_path):
    db = tmp_path / "games.sqlite"
    stack = contextlib.ExitStack()
    with new_client(db) as client, stack:
        table_id, tokens = create(client, "partnership", "pcpc", level="random")
        ann, bob = (join(client, table_id, tokens[s], stack) for s in (0, 2))
        rng = random.Random(3)
        drive([ann, bob], rng, stop=lambda s: s["view"]["phase"] == "play" and len(
            s["view"]["tricks"]) == 3)
        table = client.app.state.server.tables[table_id]
        with client.websocket_connect(f"/ws/{table_id}") as again:
            again.send_json({"type": "hello", "token": tokens[2]})
            assert again.receive_json()["seat"] == 2
            state = again.receive_json()
            # the computer seats play on meanwhile: compare with the game at the snapshot
            at_snapshot = replayed(table.game.rules, table.events[:state["seq"]])[-1]
            assert state["view"] == at_snapshot.observation(2).to_json()
    before, events = game_record(table.game), list(table.events)  # the server has stopped
    with new_client(db) as client:
        rebuilt = client.app.state.server.tables[table_id]
        assert game_record(rebuilt.game) == before and rebuilt.events == events
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            ws.send_json({"type": "hello", "token": tokens[0]})
            ws.receive_json()
            state = ws.receive_json()
            at_snapshot = replayed(rebuilt.game.rules, rebuilt.events[:state["seq"]])[-1]
            assert state["view"] == at_snapshot.observation(0).to_json()


def test_a_person_away_is_played_by_the_computer_and_takes_the_seat_back():
    with new_client(away_seconds=0.05) as client, contextlib.ExitStack() as stack:
        table_id, tokens = create(client, "two-player-300", "pp", rules={"target": 300})
        ann = join(client, table_id, tokens[0], stack)
        table = client.app.state.server.tables[table_id]
        with client.websocket_connect(f"/ws/{table_id}") as ws:  # Bob comes and goes
            ws.send_json({"type": "hello", "token": tokens[1]})
            ws.receive_json()
        ann.read_state()
        # Ann keeps playing; Bob's seat is played by his level once he is away
        drive([ann], random.Random(4), stop=lambda s: s["seq"] > 20)
        assert table.seats[1].away
        bob = join(client, table_id, tokens[1], stack)
        assert not bob.read_state()["seats"][1]["away"]
        assert not table.seats[1].away


def at_the_exchange(client: TestClient, stack: Any) -> tuple[Any, list[Player],
                                                                list[tuple[int, str]]]:
    """A two-player table of two people where Ann (seat 0) bid blind nil, both drafted,
    and Ann is to give: the table, the players, and the actions taken."""
    table_id, tokens = create(client, "two-player", "pp")
    table = client.app.state.server.tables[table_id]
    players = [join(client, table_id, tokens[s], stack) for s in range(2)]
    actions = [(0, "blind nil"), (1, "no blind nil"), *[(k % 2, "keep") for k in range(26)]]
    for seat, action in actions:
        players[seat].send({"type": "action", "action": action})
    view = players[0].read_state(len(actions) + 1)["view"]
    assert view["phase"] == "exchange" and view["to_move"] == 0
    return table, players, actions


def test_a_two_player_exchange_draws_what_the_deals_seed_fixes():
    """The server deals each hand from its seed and the engine waits for the exchange's
    draw: it comes from the generator seeded by the deck (docs/fair-deals.md), the same
    cards as a game given that deck draws by itself, and the same on a replay of the events."""
    with new_client() as client, contextlib.ExitStack() as stack:
        table, players, actions = at_the_exchange(client, stack)
        view = players[0].state["view"]
        give = f"give {' '.join(view['hand'][:3])}"
        players[0].send({"type": "action", "action": give})
        after = players[0].read_state(len(actions) + 2)["view"]
        events = list(table.events)
    assert after["phase"] == "bidding" and len(after["received"]) == 3
    alone = Game(rules_for("two-player", **QUICK), decks=[deck_from_seed(events[0]["seed"])])
    for seat, action in [*actions, (0, give)]:
        alone.apply(action, seat)
    assert [card_text(c) for c in alone.hands[-1].exchanges[0][2]] == after["received"]
    assert replayed(alone.rules, events)[-1].hands[-1].exchanges == alone.hands[-1].exchanges


def test_a_give_is_taken_whole_and_a_hostile_one_is_refused_in_a_line_changing_nothing():
    """A client sends its whole give: ``give KD`` gives one card in two-player (it is not
    one step of several), stored as one event; bad gives change nothing."""
    with new_client(rate_burst=30) as client, contextlib.ExitStack() as stack:
        table, players, actions = at_the_exchange(client, stack)
        view = players[0].state["view"]
        assert view["giving"] == []
        held = view["hand"]
        missing = next(c for c in (card_text(c) for c in range(52)) if c not in held)
        before = (len(table.events), game_record(table.game))
        for player, text, expected in [
            (players[0], f"give {held[0]} {held[0]}", "a card given twice"),
            (players[0], "give XX", "XX"),
            (players[0], f"give {held[0]} {missing}", f"you do not hold {in_symbols(missing)}"),
            (players[0], f"give {' '.join(held[:4])}", "you must give at most 3 cards"),
            (players[1], f"give {held[0]}", "it is Ann's turn"),
        ]:
            reply = player.error({"type": "action", "action": text})
            assert expected in reply and "\n" not in reply, (text, reply)
        assert (len(table.events), game_record(table.game)) == before
        assert table.game.observation(0).giving == ()
        players[0].send({"type": "action", "action": f"give {held[1]}"})
        after = players[0].read_state(len(actions) + 2)["view"]
        assert after["phase"] == "bidding" and len(after["received"]) == 1
        assert table.events[-1]["kind"] == "give" and table.events[-1]["cards"] == [held[1]]
        rebuilt = replayed(table.game.rules, list(table.events))[-1]
        assert game_record(rebuilt) == game_record(table.game)


# ---------------------------------------------------------------- the leak test


@pytest.mark.parametrize("variant", ["two-player", "two-player-300", "partnership"])
def test_no_message_carries_a_card_its_seat_may_not_know(variant):
    rules = rules_for(variant, **QUICK)
    kinds = "p" * rules.players
    with new_client() as client, contextlib.ExitStack() as stack:
        table_id, tokens = create(client, variant, kinds)
        watcher = join(client, table_id, None, stack)
        players = [join(client, table_id, tokens[s], stack) for s in range(rules.players)]
        drive([*players, watcher], random.Random(variant))
        events = client.app.state.server.tables[table_id].events
    games = replayed(rules, events)
    checked = 0
    for player in [*players, watcher]:
        for message in player.messages:
            game = games[message.get("seq", 0)]
            if message["type"] == "hand_over":
                assert game.hands[message["hand"] - 1].result is not None
                continue
            if not game.hands:
                allowed = set()
            elif player.seat is None:
                allowed = {c for t in tricks_so_far(game) for c in t.cards}
            else:
                allowed = visible(game, player.seat)
            if len(game.hands) > 1:  # the last trick of the hand before, revealed with it
                allowed |= set(game.hands[-2].tricks[-1].cards)
            allowed_text = {card_text(c) for c in allowed}
            assert cards_in(message) <= allowed_text, (player.seat, message)
            checked += 1
    assert checked > 100
    spectator_views = [m["view"] for m in watcher.messages if m["type"] == "state"]
    assert all(not v["hand"] and not v["discards"] and v["offered"] is None
               for v in spectator_views)


def test_a_hint_for_the_seat_to_move_names_a_legal_action():
    with new_client() as client, contextlib.ExitStack() as stack:
        table_id, tokens = create(client, "two-player-300", "pp")
        ann = join(client, table_id, tokens[0], stack)
        view = ann.read_state()["view"]
        assert view["to_move"] == 0
        ann.send({"type": "hint"})
        while (reply := ann.read())["type"] != "hint":
            assert reply["type"] != "error", reply
        assert reply["action"] in view["legal"] and reply["reason"]


def test_a_hint_in_a_blind_nil_exchange_names_the_whole_give():
    """The hint names every card to give, as the client sends it, not the first step."""
    with new_client() as client, contextlib.ExitStack() as stack:
        table_id, tokens = create(client, "partnership", "pccc", level="easy")
        ann = join(client, table_id, tokens[0], stack)
        assert ann.read_state()["view"]["phase"] == "blind nil"
        ann.send({"type": "action", "action": "blind nil"})
        view = ann.read_state()["view"]
        while (view["phase"], view["to_move"]) != ("exchange", 0):
            view = ann.read_state(ann.state["seq"] + 1)["view"]
        ann.send({"type": "hint"})
        while (reply := ann.read())["type"] != "hint":
            assert reply["type"] != "error", reply
        words, *cards = reply["action"].split()
        assert words == "give" and len(set(cards)) == 3 and set(cards) <= set(view["hand"])
        assert reply["reason"]
        game = client.app.state.server.tables[table_id].game
        game.verify_give(parse_give(reply["action"]), 0)


def test_the_plays_of_a_finished_hand_that_cost_points():
    with new_client() as client, contextlib.ExitStack() as stack:
        table_id, tokens = create(client, "two-player-300", "pc", level="easy")
        ann = join(client, table_id, tokens[0], stack)
        drive([ann], random.Random(8), stop=lambda s: s["view"]["results"])
        assert "finished hand" in ann.error({"type": "costly", "hand": 2})
        ann.send({"type": "costly", "hand": 1})
        while (reply := ann.read())["type"] != "costly":
            assert reply["type"] != "error", reply
        game = client.app.state.server.tables[table_id].game
        mine = {card_text(c) for t in game.hands[0].tricks for i, c in enumerate(t.cards)
                if (t.leader + i) % 2 == 0}
        assert all(p["seat"] == 0 and p["cost"] > 0 and p["card"] in mine
                   for p in reply["plays"])


def test_a_claimed_seat_never_connected_is_played_for_after_the_timeout():
    with new_client(away_seconds=0.05) as client, contextlib.ExitStack() as stack:
        table_id, _ = create(client, "two-player-300", "pp", rules={"target": 300})
        watcher = join(client, table_id, None, stack)
        # neither person ever connects: both seats are played by their level
        drive([watcher], random.Random(9), stop=lambda s: s["seq"] > 10)
        assert all(seat["away"] for seat in watcher.state["seats"])


def test_a_log_stored_before_gives_were_steps_replays_the_same_game() -> None:
    """Older logs kept a give as an action's text, whole: in two-player ``give 2C`` gave
    that card alone. Replayed now, it is still that whole give, not one step of it."""
    rules = rules_for("two-player")
    events: list[dict[str, Any]] = [{"kind": "deal", "seed": "ab" * 32}]
    game, draws = Game(rules), Chance(None)
    apply_event(game, events[0], draws)
    while game.phase != "exchange":
        seat = game.to_move
        action = ("blind nil" if seat == 0 else "no blind nil") if game.phase == "blind nil" \
            else "keep"
        events.append({"kind": "action", "seat": seat, "action": action})
        apply_event(game, events[-1], draws)
    card = card_text(game.hand_of(0)[0])
    stored = {"kind": "give", "seat": 0, "cards": [card]}
    older = {"kind": "action", "seat": 0, "action": f"give {card}"}
    now, before = (replayed(rules, [*events, e])[-1] for e in (stored, older))
    assert now.phase == before.phase == "bidding"
    assert game_record(now) == game_record(before)
