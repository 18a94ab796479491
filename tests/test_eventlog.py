"""The one event log (spades.eventlog): its events, its replay and undo, and the old
formats it replaces still loading as the same game. tests/data holds files written by the
code before the one log (commit 5d697c5): the terminal's save of version 2 (each action's
text, a give step by step; ``PlaySession.to_json``) and the same game as version 1 kept it
(a give whole), a server table's whole game as its log with codes (``Event.to_json``,
``server-log-v2``) and the same log as stored before codes (``server-log-v1``), each with
the game's record as that code wrote it."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from spades import Game, rules_for
from spades.actions import END_GIVE, Action
from spades.errors import SpadesError
from spades.eventlog import (
    Act,
    Deal,
    EventError,
    Give,
    Replay,
    read_event,
    read_text,
    replay,
)
from spades.record import game_record
from spades.server import events as server_events
from spades.server.compute import Computer
from spades.server.config import table_config
from spades.server.settings import Settings
from spades.server.table import Table
from spades.tui.session import SAVE_VERSION, PlaySession

DATA = Path(__file__).parent / "data"


def fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("name", ["tui-save-v1.json", "tui-save-v2.json"])
def test_an_old_terminal_save_resumes_the_same_game(name: str, tmp_path: Path) -> None:
    old = fixture(name)
    session = PlaySession.load(DATA / name)
    assert session.to_json()["record"] == old["record"]
    # version 1 kept a give whole; resumed, it is the steps version 2 kept
    assert session.actions == [(seat, text) for seat, text in fixture("tui-save-v2.json")
                               ["actions"]]
    assert session.game.phase == "play" and not session.game.over
    # saved again it is the event log, and resumes the same game once more
    session.path = tmp_path / "game.json"
    session.save(tmp_path)
    saved = json.loads(session.path.read_text())
    assert saved["version"] == SAVE_VERSION and "actions" not in saved
    assert saved["events"][0] == {"kind": "action", "seat": 0, "action": "blind nil",
                                  "code": int(Action.parse("blind nil"))}
    again = PlaySession.load(session.path)
    assert again.to_json() == session.to_json()
    assert again.computer_action(again.observation()) == session.computer_action(
        session.observation())


@pytest.mark.parametrize("name", ["server-log-v1.json", "server-log-v2.json"])
def test_an_old_server_log_replays_the_same_game(name: str) -> None:
    log = fixture(name)
    rules = rules_for(log["variant"], **log["rules"])
    replayed = server_events.replay(rules, log["events"])
    assert replayed.game.over and game_record(replayed.game) == log["record"]
    assert replayed.events == log["events"] and replayed.moves == len(
        [e for e in log["events"] if e["kind"] != "seat"])
    assert replayed.seeds == [e["seed"] for e in log["events"] if e["kind"] == "deal"]
    config = table_config({"variant": log["variant"], "rules": log["rules"],
                           "seats": [{"kind": "person"}, {"kind": "computer"}]})
    table = Table("t1", config, None, Settings(), Computer(0))  # type: ignore[arg-type]
    table.replay(log["events"])
    assert game_record(table.game) == log["record"] and table.events == log["events"]


def test_the_log_before_codes_reads_as_the_log_with_them_less_times_and_takers() -> None:
    now, before = fixture("server-log-v2.json"), fixture("server-log-v1.json")
    for new, old in zip(now["events"], before["events"], strict=True):
        read_new, read_old = server_events.read_event(new), server_events.read_event(old)
        assert read_new.to_json() == new
        bare = replace(read_new, at=None)
        assert read_old == (replace(bare, by=None) if isinstance(bare, Act | Give) else bare)


def test_a_terminal_game_and_a_table_keep_one_format_and_one_replay() -> None:
    """The terminal's log replays through the same replay as a table's, onto a game
    dealt by the session's seed, and the server reads its events as its own."""
    session = PlaySession.load(DATA / "tui-save-v2.json")
    kept = session.to_json()["events"]
    game = Game(session.rules, seed=session.seed)
    assert game_record(replay(game, kept).game) == game_record(session.game)
    assert [server_events.read_event(e) for e in kept] == [read_event(e) for e in kept]
    assert all(isinstance(read_event(e), Act) for e in kept)


@pytest.mark.parametrize("whole_gives", [True, False])
def test_an_action_kept_as_its_text_reads_as_it_was_meant(whole_gives: bool) -> None:
    assert read_text(0, "bid 4", whole_gives) == Act(0, Action.parse("bid 4"))
    assert read_text(1, "give 2C QH", whole_gives) == Give(1, (0, 36))
    one = read_text(0, "give 2C", whole_gives)
    assert one == (Give(0, (0,)) if whole_gives else Act(0, Action.parse("give 2C")))
    assert read_text(0, "give", whole_gives) == (Give(0, ()) if whole_gives else
                                                 Act(0, END_GIVE))


def test_undo_takes_back_actions_only() -> None:
    log = Replay(Game(rules_for("two-player"), undoable=True))
    log.apply(Deal("ab" * 32))
    with pytest.raises(SpadesError, match="only actions"):
        log.undo(1)
    before = log.game.copy()
    for text_only in (False, True):  # kept as stored now, and as an older log kept it
        seat, action = log.game.to_move, log.game.legal_actions()[-1]
        assert seat is not None
        kept = {"kind": "action", "seat": seat, "action": str(action)} if text_only else None
        log.apply(Act(seat, action), kept)
    assert log.events[-1] == kept
    log.undo(2)
    assert log.game.observation(0) == before.observation(0) and log.game.phase == before.phase
    assert log.moves == 1 and len(log.events) == 1
    with pytest.raises(SpadesError, match="kept only as stored"):
        log.apply(object())


def test_a_save_whose_log_deals_is_refused(tmp_path: Path) -> None:
    data = fixture("tui-save-v2.json")
    session = PlaySession.from_json(data)
    saved = session.to_json()
    saved["events"].insert(0, Deal("ab" * 32).to_json())
    with pytest.raises(EventError, match="actions and gives"):
        PlaySession.from_json(saved)
    saved["events"][0] = ["no", "event"]
    with pytest.raises(EventError, match="not an event"):
        PlaySession.from_json(saved)
