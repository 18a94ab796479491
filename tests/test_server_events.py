"""The table's event log without a server: typed events, how each is stored, and the
replay of logs stored now and before (text alone, gives as a give's text, no times)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spades import Game, Phase, card_text, rules_for
from spades.actions import Action
from spades.chance import Chance
from spades.record import game_record
from spades.server.compute import Computer
from spades.server.config import table_config
from spades.server.events import (
    Act,
    Deal,
    End,
    Event,
    EventError,
    Give,
    SeatEvent,
    apply_event,
    read_event,
    replay,
)
from spades.server.settings import Settings
from spades.server.table import Table

QUICK = {"target": 100, "lose_threshold": -100}


def a_game(seed: int, variant: str = "two-player") -> list[Event]:
    """The events of a whole game of random moves, seat 0 declaring blind nil when asked
    (so that hands have exchanges), each give its first cards."""
    rules, rng = rules_for(variant, **QUICK), random.Random(seed)
    game, draws, events = Game(rules), Chance(None), list[Event]()
    while not game.over:
        seat = game.to_move
        event: Event
        if game.phase is Phase.DEAL:
            event = Deal(f"{rng.getrandbits(256):064x}")
        elif game.phase is Phase.EXCHANGE:
            assert seat is not None
            event = Give(seat, tuple(game.hand_of(seat)[:rules.give_sizes[-1]]))
        else:
            assert seat is not None
            legal = game.legal_actions()
            declare = Action.parse("blind nil")
            event = Act(seat, declare if seat == 0 and declare in legal else rng.choice(legal))
        apply_event(game, event, draws)
        events.append(event)
    return events


def older(event: Event) -> dict[str, Any]:
    """``event`` as logs stored it before codes and times: an action's text alone, a give
    as a give's text."""
    if isinstance(event, Act):
        return {"kind": "action", "seat": event.seat, "action": str(event.action)}
    if isinstance(event, Give):
        return {"kind": "action", "seat": event.seat,
                "action": " ".join(["give", *(card_text(c) for c in event.cards)])}
    stored = event.to_json()
    stored.pop("at", None)
    return stored


@pytest.mark.parametrize("event", [
    Deal("ab" * 32, 1.5), Act(1, Action.parse("bid 4"), "clock", 2.0),
    Act(0, Action.parse("play QH")), Give(0, (0, 51), "computer"), Give(1, ()),
    SeatEvent(2, True, False, 3.25), End("idle")])
def test_every_event_reads_back_as_stored(event: Event) -> None:
    assert read_event(event.to_json()) == event


def test_an_action_is_stored_as_its_code_with_its_text_and_read_by_its_code() -> None:
    stored = Act(1, Action.parse("nil"), "auto", 7.0).to_json()
    assert stored == {"kind": "action", "seat": 1, "action": "nil", "code": 52, "by": "auto",
                      "at": 7.0}
    # the code decides; the text is for reading
    assert read_event({**stored, "action": "bid 13"}).action == Action.parse("nil")


@pytest.mark.parametrize("variant", ["two-player", "partnership"])
def test_a_log_stored_before_codes_replays_the_same_game(variant: str) -> None:
    events = a_game(2026, variant)
    assert any(isinstance(e, Give) for e in events)
    now = replay(rules_for(variant, **QUICK), [e.to_json() for e in events])
    before = replay(rules_for(variant, **QUICK), [older(e) for e in events])
    assert now.game.over and game_record(now.game) == game_record(before.game)
    assert now.seeds == before.seeds == [e.seed for e in events if isinstance(e, Deal)]
    assert now.moves == before.moves == len(events)


@pytest.mark.parametrize("stored", [
    {"kind": "chat"}, {"seat": 0, "action": "bid 4"}, {"kind": "action", "seat": 0},
    {"kind": "action", "seat": 0, "action": "fly"}, {"kind": "action", "seat": 0, "code": 999},
    {"kind": "give", "seat": 0, "cards": ["ZZ"]}])
def test_what_is_not_an_event_is_refused_in_a_line(stored: dict[str, Any]) -> None:
    with pytest.raises(EventError, match="not an event"):
        read_event(stored)


def test_a_table_rebuilt_from_an_old_log_has_its_game_seats_and_end() -> None:
    """A table's log as stored before codes (and before times): a person's seat left to
    the computer, a clock's move for her, the end; rebuilt, the table is where it was."""
    events = a_game(7)[:12]
    log = [older(e) for e in events[:5]]
    log.append({"kind": "seat", "seat": 0, "away": True, "left": True})
    log.extend(older(e) for e in events[5:])
    log.append({"kind": "end", "reason": "idle"})
    config = table_config({"variant": "two-player", "rules": QUICK,
                           "seats": [{"kind": "person"}, {"kind": "computer"}]})
    table = Table("t1", config, None, Settings(), Computer(0))  # type: ignore[arg-type]
    table.replay(log)
    game = replay(table.rules, [e.to_json() for e in events]).game
    assert game_record(table.game) == game_record(game) and table.events == log
    assert table.moves == len(events) and table.ended == "idle" and not table.running
    mine = [e for e in events[5:] if isinstance(e, Act | Give) and e.seat == 0]
    # her own move after the seat event takes her seat back
    assert table.seats[0].left is not bool(mine)
