"""The blind nil policy of a computer player: always, only when trailing by N, never;
honoured by every built-in level, said in the hint, and given to every computer seat at
a person's table in the terminal game and on the web."""

from __future__ import annotations

from dataclasses import replace

import pytest
from starlette.testclient import TestClient

from spades import Game, Observation, SpadesError, rules_for
from spades.bots import BOTS, make_bot
from spades.bots.policy import AT_A_PERSONS_TABLE, BlindNilPolicy
from spades.server.app import create_app
from spades.server.config import table_config
from spades.server.settings import Settings
from spades.tui.prefs import Preferences, load_preferences, save_preferences
from spades.tui.session import HUMAN, PlaySession

QUICK_HARD = "hard:bids=8"


def declaration(scores: tuple[int, int] = (0, 0), seed: int = 2) -> Observation:
    """The first blind nil declaration of a partnership hand, at ``scores`` (by side)."""
    game = Game(rules_for("partnership"), seed=seed)
    return replace(game.observation(game.to_move), scores=scores)


def trailing_scores(obs: Observation, by: int) -> tuple[int, int]:
    """Scores (by side) at which the seat of ``obs`` trails by ``by`` points."""
    side = obs.rules.side_of(obs.seat)
    return (0, by) if side == 0 else (by, 0)


@pytest.mark.parametrize(("text", "written"), [
    ("always", "always"), ("never", "never"), ("trailing-100", "trailing-100"),
    ("Trailing 250", "trailing-250"), ("trailing_0", "trailing-0"),
])
def test_a_policy_is_read_in_its_written_forms(text: str, written: str) -> None:
    assert str(BlindNilPolicy.parse(text)) == written


@pytest.mark.parametrize("text", ["sometimes", "trailing", "trailing-x", "trailing--5", 100, ""])
def test_an_unreadable_policy_is_refused_with_the_choices(text: object) -> None:
    with pytest.raises(SpadesError, match="always, never, trailing-N"):
        BlindNilPolicy.parse(text)


def test_trailing_allows_blind_nil_only_from_that_deficit() -> None:
    policy = BlindNilPolicy.parse("trailing-100")
    obs = declaration()
    assert not policy.allows(obs)
    assert not policy.allows(replace(obs, scores=trailing_scores(obs, 99)))
    assert policy.allows(replace(obs, scores=trailing_scores(obs, 100)))
    ahead = tuple(reversed(trailing_scores(obs, 300)))
    assert not policy.allows(replace(obs, scores=ahead))


def test_hard_declares_at_love_all_only_when_its_policy_lets_it() -> None:
    """hard's search declares blind nil in this hand at 0-0 (it pays); ``never`` and
    ``trailing-100`` hold it back and say why; trailing by 100 the search decides again."""
    obs = declaration()
    action, _ = make_bot(QUICK_HARD, 1).explain(obs)
    assert str(action) == "blind nil"
    for policy, words in (("never", "never declares"), ("trailing-100", "trails by 100")):
        action, reason = make_bot(f"{QUICK_HARD}:blind_nil={policy}", 1).explain(obs)
        assert str(action) == "no blind nil" and words in reason, reason
    behind = replace(obs, scores=trailing_scores(obs, 150))
    action, reason = make_bot(f"{QUICK_HARD}:blind_nil=trailing-100", 1).explain(behind)
    assert str(action) == "blind nil", reason
    assert "more on average declaring" in reason and "trails by 100" in reason


def test_medium_far_behind_declares_unless_its_policy_is_never() -> None:
    obs = declaration()
    far_behind = replace(obs, scores=trailing_scores(obs, 300))
    assert str(make_bot("medium", 1).act(far_behind)) == "blind nil"
    assert str(make_bot("medium", 1, blind_nil="trailing-100").act(far_behind)) == "blind nil"
    assert str(make_bot("medium", 1, blind_nil="trailing-400").act(far_behind)) == "no blind nil"
    assert str(make_bot("medium", 1, blind_nil="never").act(far_behind)) == "no blind nil"


@pytest.mark.parametrize("level", list(BOTS))
def test_every_level_takes_a_policy_and_never_means_never(level: str) -> None:
    for seed in range(20):
        obs = declaration((0, 400) if seed % 2 else (400, 0), seed)
        action = make_bot(level, seed, blind_nil="never").act(obs)
        assert str(action) == "no blind nil"


def test_a_bad_policy_in_a_bot_name_is_one_line() -> None:
    with pytest.raises(SpadesError, match="unknown blind nil policy 'often'"):
        make_bot("hard:blind_nil=often", 1)


def test_every_computer_of_the_terminal_game_follows_the_preference() -> None:
    """At 0-0 hard declares blind nil in this hand; every computer seat of the terminal
    game, partner (seat 2) and opponents alike, waits until its side trails by 100, by
    default, and declares with ``always``."""
    session = PlaySession.new("partnership", "hard", seed="policy")
    while session.game.to_move != HUMAN:
        session.apply("no blind nil", session.game.to_move)
    session.apply("no blind nil", HUMAN)
    assert session.computer_blind_nil == AT_A_PERSONS_TABLE
    while session.game.phase == "blind nil":
        obs = session.game.observation(session.game.to_move)
        session.computer_blind_nil = AT_A_PERSONS_TABLE
        assert str(session.computer_action(obs)) == "no blind nil"
        session.computer_blind_nil = BlindNilPolicy.parse("always")
        assert str(session.computer_action(obs)) == "blind nil"
        session.apply("no blind nil", obs.seat)


def test_the_preference_is_kept_and_a_bad_one_falls_back_to_the_default(tmp_path) -> None:
    assert Preferences().computer_blind_nil == "trailing-100"
    save_preferences(Preferences(computer_blind_nil="never"), tmp_path)
    assert load_preferences(tmp_path).computer_blind_nil == "never"
    (tmp_path / "preferences.json").write_text('{"computer_blind_nil": "often"}')
    assert load_preferences(tmp_path).computer_blind_nil == "trailing-100"
    (tmp_path / "preferences.json").write_text('{"partner_blind_nil": "always"}')  # earlier
    assert load_preferences(tmp_path).computer_blind_nil == "always"


def test_a_web_table_keeps_its_computer_policy_and_refuses_a_bad_one() -> None:
    seats = [{"kind": "person"}, {"kind": "computer"}, {"kind": "computer"},
             {"kind": "computer"}]
    body = {"variant": "partnership", "seats": seats}
    assert table_config(body)["computer_blind_nil"] == "trailing-100"
    assert table_config({**body, "computer_blind_nil": "never"})["computer_blind_nil"] == "never"
    client = TestClient(create_app(":memory:", Settings(computer_delay=0)))
    answer = client.post("/api/tables", json={**body, "computer_blind_nil": "often"})
    assert answer.status_code == 400 and "'computer_blind_nil' must be one of" in answer.json()[
        "error"]
    options = client.get("/api/options").json()
    assert options["computer_blind_nil_default"] == "trailing-100"
    assert [value for _, value in options["computer_blind_nil"]] == [
        "trailing-100", "always", "never"]


def test_a_web_tables_policy_goes_to_every_computer_at_a_persons_table() -> None:
    client = TestClient(create_app(":memory:", Settings(computer_delay=3600)))
    seats = [{"kind": "person"}, {"kind": "computer"}, {"kind": "computer"},
             {"kind": "computer"}]
    made = client.post("/api/tables", json={"variant": "partnership", "seats": seats,
                                            "computer_blind_nil": "never"}).json()
    table = client.app.state.server.tables[made["table"]]
    assert all(table.blind_nil_policy(seat) == BlindNilPolicy("never") for seat in (1, 2, 3))
