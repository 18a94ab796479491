"""The arena: its statistics against known values, duplicate boards, reports and the CLI."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from spades import arena as arena_module
from spades import rules_for
from spades.arena import (
    Board,
    BotStats,
    bag_charge,
    bags_charged,
    mean_ci95,
    percentile,
    play_board,
    run_arena,
    summarize,
    t975,
)
from spades.cli import main
from spades.record import replay

VARIANTS = ("two-player", "two-player-300", "partnership")
TIMES_FREE = ("seconds",)


# ------------------------------------------------------------------ statistics


def test_mean_ci95_by_hand() -> None:
    # mean 3, sample variance 10 / 4 = 2.5, half width t(0.975, 4) * sqrt(2.5 / 5)
    mean, low, high = mean_ci95([1, 2, 3, 4, 5])
    half = 2.7764 * math.sqrt(0.5)
    assert mean == 3
    assert low == pytest.approx(3 - half) and high == pytest.approx(3 + half)
    assert (round(low, 4), round(high, 4)) == (1.0368, 4.9632)
    # mean 5, variance 32 / 7, t(0.975, 7)
    mean, low, high = mean_ci95([2, 4, 4, 4, 5, 5, 7, 9])
    assert mean == 5
    assert high - mean == pytest.approx(2.3646 * math.sqrt(32 / 7 / 8))
    assert mean - low == pytest.approx(high - mean)
    assert mean_ci95([7, 7, 7]) == (7, 7, 7)
    assert mean_ci95([-4.5]) == (-4.5, -4.5, -4.5)


def test_t975_against_known_quantiles() -> None:
    """Student's t 97.5% points (scipy.stats.t.ppf): the table, the expansion beyond it,
    and the normal 1.96 in the limit."""
    known = {1: 12.7062, 2: 4.3027, 4: 2.7764, 10: 2.2281, 29: 2.0452, 30: 2.0423,
             40: 2.0211, 60: 2.0003, 100: 1.9840, 399: 1.9659, 1000: 1.9623}
    for df, value in known.items():
        assert t975(df) == pytest.approx(value, abs=5e-5), df
    assert t975(10**6) == pytest.approx(1.959966, abs=1e-5)
    quantiles = [t975(df) for df in range(1, 200)]
    assert quantiles == sorted(quantiles, reverse=True)
    with pytest.raises(ValueError, match="degree of freedom"):
        t975(0)


def test_t975_against_scipy() -> None:
    """Where scipy is installed (it is no dependency of the arena), every quantile of the
    table and of the expansion agrees with ``scipy.stats.t.ppf`` to the table's decimals."""
    stats = pytest.importorskip("scipy.stats")
    for df in range(1, 3000):
        assert t975(df) == pytest.approx(stats.t.ppf(0.975, df), abs=5e-5), df


def test_percentile_nearest_rank() -> None:
    values = [10, 20, 30, 40, 50]
    assert percentile(values, 50) == 30  # rank ceil(2.5) = 3
    assert percentile(values, 20) == 10  # rank 1 exactly
    assert percentile(values, 21) == 20
    assert percentile(values, 95) == 50
    assert percentile(values, 99) == 50
    assert percentile(values, 0) == 10
    assert percentile(values, 100) == 50
    assert percentile([3.5], 50) == 3.5
    assert percentile([1, 2], 50) == 1
    assert percentile([1, 2], 51) == 2
    hundred = list(range(1, 101))
    assert [percentile(hundred, q) for q in (50, 95, 99)] == [50, 95, 99]
    assert percentile([0.12345678], 50) == 0.123457  # rounded to the microsecond
    assert percentile([], 50) is None


def test_percentile_rank_is_exact() -> None:
    hundred = list(range(1, 101))
    assert [percentile(hundred, q) for q in range(1, 101)] == hundred


def test_bot_stats_summary_rates() -> None:
    stats = BotStats(hands=10, contracts=8, sets=2, nil_bids=3, nils_made=1, blind_nil_bids=2,
                     blind_nils_made=2, bags=15, decision_seconds=[0.5, 0.1, 0.3, 0.2])
    summary = stats.summary()
    assert summary == {
        "hands": 10,
        "set_rate": 0.25,
        "nil_bids": 3,
        "nil_success": 0.3333,
        "blind_nil_bids": 2,
        "blind_nil_success": 1.0,
        "bags_per_hand": 1.5,
        "decisions": 4,
        "decision_seconds": {"p50": 0.2, "p95": 0.5, "p99": 0.5},
        "problems": 0,
        "first_problems": [],
    }
    empty = BotStats().summary()
    assert empty["set_rate"] is empty["nil_success"] is empty["blind_nil_success"] is None
    assert empty["bags_per_hand"] is None and empty["decisions"] == 0
    assert empty["decision_seconds"] == {"p50": None, "p95": None, "p99": None}


def test_bot_stats_add() -> None:
    total = BotStats(hands=1, sets=1, contracts=1, bags=2, decision_seconds=[0.1])
    total.add(BotStats(hands=2, nil_bids=1, nils_made=1, bags=3, decision_seconds=[0.2, 0.3],
                       problems=["seat 0: decision 1: answer is not JSON"]))
    assert total == BotStats(hands=3, contracts=1, sets=1, nil_bids=1, nils_made=1, bags=5,
                             decision_seconds=[0.1, 0.2, 0.3],
                             problems=["seat 0: decision 1: answer is not JSON"])
    assert total.summary()["set_rate"] == 1.0
    assert total.summary()["nil_success"] == 1.0


# ------------------------------------------------------------------ boards from records


def _role_seats(doc: dict[str, Any], spec: str) -> list[int]:
    return [seat for seat, name in enumerate(doc["players"]) if name == spec]


def _stats_from_record(doc: dict[str, Any], seats: list[int]) -> Counter:
    """The counts ``hand_stats`` should find, read from a record for one side's seats."""
    out: Counter = Counter()
    side = seats[0] % 2
    for hand in doc["hands"]:
        if "result" not in hand:
            continue
        result = hand["result"]
        out["hands"] += 1
        out["bags"] += result["bags"][side]
        out["penalties"] += result["penalties"][side]
        bids = {b["seat"]: b["bid"] for b in hand["bids"]}
        contract = toward = 0
        for seat in seats:
            won = result["tricks"][seat]
            if seat in hand["blind_nil"]:
                out["blind_nil_bids"] += 1
                out["blind_nils_made"] += won == 0
            elif bids[seat] == 0:
                out["nil_bids"] += 1
                out["nils_made"] += won == 0
            else:
                contract += bids[seat]
                toward += won
        if contract:
            out["contracts"] += 1
            out["sets"] += toward < contract
    return out


def _decisions_from_record(doc: dict[str, Any], seats: list[int]) -> int:
    """How many actions the seats took: declarations, draft, exchanges, bids and cards."""
    n = len(doc["players"])
    count = 0
    for hand in doc["hands"]:
        count += sum(s in seats for s in hand["blind_nil"] + hand["blind_nil_declined"])
        count += sum(d["seat"] in seats for d in hand["draft"])
        # an exchange is a decision a card, and one to end it unless the last card did
        most = doc["rules"]["exchange_cards"]
        count += sum(len(e["gave"]) + (len(e["gave"]) < most)
                     for e in hand["exchanges"] if e["seat"] in seats)
        count += sum(b["seat"] in seats for b in hand["bids"])
        for trick in hand["tricks"]:
            count += sum((trick["leader"] + i) % n in seats for i in range(len(trick["cards"])))
    return count


def _board_numbers(board) -> tuple:
    """A board without its times."""
    stats = {role: {k: v for k, v in vars(s).items() if k != "decision_seconds"}
             for role, s in board.stats.items()}
    counts = {role: len(s.decision_seconds) for role, s in board.stats.items()}
    return board.index, board.points_per_hand, board.a_wins, stats, counts, board.records


@pytest.mark.parametrize("variant", VARIANTS)
def test_play_board_is_deterministic(variant: str) -> None:
    rules = rules_for(variant)
    specs = {"a": "easy", "b": "random"}
    first = play_board(rules, specs, 3, 1, False, True)
    assert _board_numbers(play_board(rules, specs, 3, 1, False, True)) == _board_numbers(first)
    other = play_board(rules, specs, 4, 1, False, True)
    assert other.records[0]["hands"][0]["deck"] != first.records[0]["hands"][0]["deck"]
    other = play_board(rules, specs, 3, 2, False, True)
    assert other.records[0]["hands"][0]["deck"] != first.records[0]["hands"][0]["deck"]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("specs", [("random", "random"), ("medium", "random")])
def test_duplicate_board_swaps_sides_on_the_same_cards(variant: str,
                                                       specs: tuple[str, str]) -> None:
    rules = rules_for(variant)
    a, b = specs
    board = play_board(rules, {"a": a, "b": b}, 9, 0, False, True)
    first, second = board.records
    n = rules.players
    assert first["players"] == [a if s % 2 == 0 else b for s in range(n)]
    assert second["players"] == [b if s % 2 == 0 else a for s in range(n)]
    assert len(first["hands"]) == len(second["hands"]) == 1
    assert first["hands"][0]["deck"] == second["hands"][0]["deck"]
    # both plays are complete, legal games
    for doc in board.records:
        assert "result" in doc["hands"][0]
        assert replay(doc).hands[0].result is not None
    # the board's numbers are the records' numbers, from A's point of view
    diff = ((first["scores"][0] - first["scores"][1])
            + (second["scores"][1] - second["scores"][0]))
    assert board.points_per_hand == diff / 2
    tie = (first["scores"][0] == first["scores"][1]) + (second["scores"][0] == second["scores"][1])
    wins = ((first["scores"][0] > first["scores"][1]) + (second["scores"][1] > second["scores"][0])
            + tie / 2)
    assert board.a_wins == wins / 2


@pytest.mark.parametrize("variant", VARIANTS)
def test_board_stats_match_the_records(variant: str) -> None:
    rules = rules_for(variant)
    specs = {"a": "medium", "b": "random"}
    for index in range(3):
        board = play_board(rules, specs, 21, index, False, True)
        expected = {role: Counter() for role in specs}
        decisions = dict.fromkeys(specs, 0)
        for a_side, doc in enumerate(board.records):
            for role, spec in specs.items():
                seats = _role_seats(doc, spec)
                assert {s % 2 for s in seats} == {a_side if role == "a" else 1 - a_side}
                expected[role] += _stats_from_record(doc, seats)
                decisions[role] += _decisions_from_record(doc, seats)
        for role in specs:
            stats = board.stats[role]
            for key in ("hands", "contracts", "sets", "nil_bids", "nils_made",
                        "blind_nil_bids", "blind_nils_made", "bags", "penalties"):
                assert getattr(stats, key) == expected[role][key], (role, key)
            assert len(stats.decision_seconds) == decisions[role]
            assert all(t >= 0 for t in stats.decision_seconds)


def test_match_board_that_runs_out_of_decks_is_a_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena_module, "MAX_MATCH_HANDS", 2)
    rules = rules_for("partnership", target=5000)
    board = play_board(rules, {"a": "medium", "b": "random"}, 1, 0, True, True)
    assert board.a_wins == 0.5
    for doc in board.records:
        assert doc["winner"] is None and len(doc["hands"]) == 2
    first, second = board.records
    diff = ((first["scores"][0] - first["scores"][1])
            + (second["scores"][1] - second["scores"][0]))
    assert board.points_per_hand == diff / 4


# ------------------------------------------------------------------ bags charged


def _board(index: int, points: float, a: tuple[int, int], b: tuple[int, int]) -> Board:
    """A constructed hand-mode board: A's points a hand, and (bags, penalties) by role."""
    stats = {role: BotStats(hands=2, bags=bags, penalties=penalty)
             for role, (bags, penalty) in (("a", a), ("b", b))}
    return Board(index, points, 0.5, stats, [])


def test_bag_charge_comes_from_the_rules() -> None:
    assert bag_charge(rules_for("two-player")) == 10
    assert bag_charge(rules_for("partnership", bag_limit=4, bag_penalty=60)) == 15
    assert bag_charge(rules_for("partnership", bag_limit=0)) == 0


def test_bags_charged_on_constructed_boards() -> None:
    rules = rules_for("two-player")
    boards = [_board(0, 10, (4, 0), (2, 0)),    # A took 2 bags more over two hands: -10
              _board(1, -5, (0, 0), (6, 0)),    # B took 6 more: +30
              _board(2, 3, (12, 100), (1, 0))]  # A's penalty given back, its 11 bags charged
    assert [bags_charged(b, rules) for b in boards] == [0, 25, -2]
    # with the penalty off a bag is worth its point and nothing more
    assert [bags_charged(b, rules_for("two-player", bag_limit=0)) for b in boards] == [
        10, -5, 53]
    assert bags_charged(boards[0], rules_for("two-player", bag_limit=4, bag_penalty=60)) == -5
    report = summarize(rules, {"a": "x", "b": "y"}, boards, False, 1.0)
    # mean 23 / 3; squared deviations (23² + 52² + 29²) / 9 = 4074 / 9; t(0.975, 2) = 4.3027
    half = 4.3027 * math.sqrt(4074 / 9 / 2 / 3)
    mean = 23 / 3
    assert report["points_per_hand_bags_charged"] == {
        "mean": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)]}
    assert report["points_per_hand"]["mean"] == round(8 / 3, 3)
    assert report["bag_charge"] == 10
    assert "points_per_hand_bags_charged" not in summarize(rules, {"a": "x", "b": "y"},
                                                             boards, True, 1.0)


# ------------------------------------------------------------------ run_arena


def _without_times(report: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in report.items() if k != "seconds"}
    out["bots"] = {role: {k: v for k, v in s.items() if k != "decision_seconds"}
                   for role, s in report["bots"].items()}
    return out


def _check_report_shape(report: dict[str, Any], variant: str, mode: str, boards: int) -> None:
    by_mode = ({"matches"} if mode == "matches"
               else {"points_per_hand_bags_charged", "bag_charge"})
    assert set(report) == {"variant", "mode", "boards", "a", "b", "points_per_hand",
                           "win_rate", "bots", "seconds", *by_mode}
    assert (report["variant"], report["mode"], report["boards"]) == (variant, mode, boards)
    for key in ("points_per_hand", "points_per_hand_bags_charged"):
        if key in report:
            points = report[key]
            assert set(points) == {"mean", "ci95"}
            assert points["ci95"][0] <= points["mean"] <= points["ci95"][1]
    if mode == "matches":
        played = report["matches"]
        assert set(played) == {"played", "a_won", "b_won"}
        assert played["played"] == 2 * boards >= played["a_won"] + played["b_won"]
    wins = report["win_rate"]
    assert set(wins) == {"value", "ci95"}
    assert 0 <= wins["ci95"][0] <= wins["value"] <= wins["ci95"][1] <= 1
    assert set(report["bots"]) == {"a", "b"}
    for stats in report["bots"].values():
        assert set(stats) == {"hands", "set_rate", "nil_bids", "nil_success", "blind_nil_bids",
                              "blind_nil_success", "bags_per_hand", "decisions",
                              "decision_seconds", "problems", "first_problems"}
        for key in ("set_rate", "nil_success", "blind_nil_success"):
            assert stats[key] is None or 0 <= stats[key] <= 1
        assert (stats["nil_success"] is None) == (stats["nil_bids"] == 0)
        assert (stats["blind_nil_success"] is None) == (stats["blind_nil_bids"] == 0)
        assert stats["decisions"] > 0 and stats["bags_per_hand"] >= 0
        times = stats["decision_seconds"]
        assert set(times) == {"p50", "p95", "p99"}
        assert 0 <= times["p50"] <= times["p95"] <= times["p99"]
    json.dumps(report)


def _records(directory: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted(directory.glob("*.json"))]


@pytest.mark.parametrize("variant", ["partnership", "two-player"])
def test_medium_beats_random(variant: str, tmp_path: Path) -> None:
    rules = rules_for(variant)
    report = run_arena(rules, "medium", "random", 30, 5, records_dir=str(tmp_path),
                       progress=None)
    _check_report_shape(report, variant, "hands", 30)
    assert (report["a"], report["b"]) == ("medium", "random")
    assert report["points_per_hand"]["mean"] > 0
    assert report["points_per_hand"]["ci95"][0] > 0
    assert report["win_rate"]["value"] > 0.5
    # every play is written, and the report's counts are the records' counts
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted(f"board-{i}-a-side-{s}.json" for i in range(1, 31) for s in (0, 1))
    docs = _records(tmp_path)
    for role, spec in (("a", "medium"), ("b", "random")):
        counts: Counter = Counter()
        decisions = 0
        for doc in docs:
            seats = _role_seats(doc, spec)
            counts += _stats_from_record(doc, seats)
            decisions += _decisions_from_record(doc, seats)
        stats = report["bots"][role]
        assert stats["hands"] == counts["hands"] == 60
        assert stats["decisions"] == decisions
        assert stats["nil_bids"] == counts["nil_bids"]
        assert stats["blind_nil_bids"] == counts["blind_nil_bids"]
        assert stats["set_rate"] == round(counts["sets"] / counts["contracts"], 4)
        assert stats["bags_per_hand"] == round(counts["bags"] / 60, 4)
        if counts["blind_nil_bids"]:
            assert stats["blind_nil_success"] == round(
                counts["blind_nils_made"] / counts["blind_nil_bids"], 4)
    # the mean is the mean of the boards' paired differences; charged, each bag costs a
    # tenth of the 100-point penalty and a penalty that fell is given back
    diffs, charged = [], []
    for i in range(1, 31):
        first, second = (json.loads((tmp_path / f"board-{i}-a-side-{s}.json").read_text())
                         for s in (0, 1))
        diffs.append(((first["scores"][0] - first["scores"][1])
                      + (second["scores"][1] - second["scores"][0])) / 2)
        extra = 0
        for a_side, doc in enumerate((first, second)):
            result = doc["hands"][0]["result"]
            for side, sign in ((a_side, 1), (1 - a_side, -1)):
                extra += sign * (result["penalties"][side] - 10 * result["bags"][side])
        charged.append(diffs[-1] + extra / 2)
    assert report["points_per_hand"]["mean"] == round(sum(diffs) / 30, 3)
    low, high = report["points_per_hand"]["ci95"]
    assert (low, high) == tuple(round(x, 3) for x in mean_ci95(diffs)[1:])
    assert report["bag_charge"] == 10
    assert report["points_per_hand_bags_charged"] == {
        "mean": round(sum(charged) / 30, 3),
        "ci95": [round(x, 3) for x in mean_ci95(charged)[1:]]}
    assert charged != diffs


def test_swapping_a_and_b_negates_the_mean() -> None:
    rules = rules_for("partnership")
    ab = run_arena(rules, "medium", "random", 30, 5, progress=None)
    ba = run_arena(rules, "random", "medium", 30, 5, progress=None)
    mean_ab, mean_ba = ab["points_per_hand"]["mean"], ba["points_per_hand"]["mean"]
    assert mean_ba < 0 < mean_ab
    # the two means estimate opposite numbers: their sum is within its own 95% interval
    half_ab = (ab["points_per_hand"]["ci95"][1] - ab["points_per_hand"]["ci95"][0]) / 2
    half_ba = (ba["points_per_hand"]["ci95"][1] - ba["points_per_hand"]["ci95"][0]) / 2
    assert abs(mean_ab + mean_ba) <= math.hypot(half_ab, half_ba)
    assert ab["win_rate"]["value"] + ba["win_rate"]["value"] == pytest.approx(1, abs=0.1)
    # a bot that ignores its seed against itself: both plays of a board are one game
    mm = run_arena(rules, "medium", "medium", 4, 5, progress=None)
    assert mm["points_per_hand"]["mean"] == 0 and mm["win_rate"]["value"] == 0.5


def test_swapping_a_and_b_negates_the_mean_exactly() -> None:
    rules = rules_for("partnership")
    ab = run_arena(rules, "medium", "random", 10, 5, progress=None)
    ba = run_arena(rules, "random", "medium", 10, 5, progress=None)
    assert ba["points_per_hand"]["mean"] == -ab["points_per_hand"]["mean"]


@pytest.mark.parametrize("variant", ["partnership", "two-player"])
def test_matches_end(variant: str, tmp_path: Path) -> None:
    rules = rules_for(variant, target=100)
    report = run_arena(rules, "medium", "random", 3, 2, matches=True, records_dir=str(tmp_path),
                       progress=None)
    _check_report_shape(report, variant, "matches", 3)
    docs = _records(tmp_path)
    assert len(docs) == 6
    wins = 0.0
    for name, doc in zip(sorted(p.name for p in tmp_path.iterdir()), docs, strict=True):
        assert doc["winner"] is not None, name
        assert max(doc["scores"]) >= 100 and len(doc["hands"]) < arena_module.MAX_MATCH_HANDS
        a_side = 0 if name.endswith("a-side-0.json") else 1
        assert doc["players"][a_side] == "medium"
        wins += doc["winner"] == a_side
    assert report["win_rate"]["value"] == round(wins / 6, 4)
    assert report["matches"] == {"played": 6, "a_won": wins, "b_won": 6 - wins}
    for first, second in zip(docs[0::2], docs[1::2], strict=True):  # one board's two plays
        assert first["players"] == second["players"][1:] + second["players"][:1]
        common = min(len(first["hands"]), len(second["hands"]))
        assert [h["deck"] for h in first["hands"][:common]] == [
            h["deck"] for h in second["hands"][:common]]
    assert report["bots"]["a"]["hands"] == sum(len(d["hands"]) for d in docs)
    assert report["points_per_hand"]["mean"] > 0


def test_workers_give_the_same_numbers() -> None:
    rules = rules_for("two-player")
    one = run_arena(rules, "easy", "random", 6, 8, workers=1, progress=None)
    two = run_arena(rules, "easy", "random", 6, 8, workers=2, progress=None)
    assert _without_times(two) == _without_times(one)
    matches_one = run_arena(rules_for("partnership", target=100), "medium", "easy", 3, 8,
                            matches=True, workers=1, progress=None)
    matches_two = run_arena(rules_for("partnership", target=100), "medium", "easy", 3, 8,
                            matches=True, workers=2, progress=None)
    assert _without_times(matches_two) == _without_times(matches_one)


def test_progress_is_reported() -> None:
    calls: list[tuple[int, int]] = []
    run_arena(rules_for("partnership"), "random", "random", 3, 0,
              progress=lambda done, total, _started: calls.append((done, total)))
    assert calls == [(1, 3), (2, 3), (3, 3)]


# ------------------------------------------------------------------ the command


def test_cli_arena_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["arena", "--variant", "two-player", "--a", "medium", "--b", "random",
                 "--hands", "4", "--seed", "3", "--json", "--records", str(tmp_path / "out")])
    assert code == 0
    out = capsys.readouterr().out
    report = json.loads(out)  # stdout holds the JSON alone (progress goes to stderr)
    _check_report_shape(report, "two-player", "hands", 4)
    direct = run_arena(rules_for("two-player"), "medium", "random", 4, 3, progress=None)
    assert _without_times(report) == _without_times(direct)
    assert len(list((tmp_path / "out").glob("*.json"))) == 8


def test_cli_arena_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--a", "medium", "--b", "random", "--hands", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("partnership: A = medium, B = random, 2 duplicate hands")
    assert "points per hand A-B" in out and "A medium" in out and "B random" in out
    report = run_arena(rules_for("partnership"), "medium", "random", 2, 0, progress=None)
    charged, bots = report["points_per_hand_bags_charged"], report["bots"]
    assert (f"the same, each bag charged 10 of its later penalty: {charged['mean']:+.2f}  "
            f"(95% CI {charged['ci95'][0]:+.2f} .. {charged['ci95'][1]:+.2f}); bags a hand "
            f"A {bots['a']['bags_per_hand']:.2f}, B {bots['b']['bags_per_hand']:.2f}") in out
    assert "matches won" not in out


def test_cli_arena_matches_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--variant", "two-player", "--a", "medium", "--b", "random",
                 "--matches", "2", "--rule", "target=150"]) == 0
    out = capsys.readouterr().out
    report = run_arena(rules_for("two-player", target=150), "medium", "random", 2, 0,
                       matches=True, progress=None)
    played = report["matches"]
    assert f"matches won: A {played['a_won']}, B {played['b_won']} of 4" in out
    assert "A's match win rate" in out and "bag charged" not in out


def test_cli_arena_matches(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--variant", "two-player-300", "--a", "medium", "--b", "random",
                 "--matches", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["mode"] == "matches" and report["boards"] == 1
    assert report["matches"]["played"] == 2
    assert "points_per_hand_bags_charged" not in report


def test_cli_arena_json_charges_the_house_rules_bags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--variant", "two-player", "--a", "medium", "--b", "random",
                 "--hands", "3", "--json", "--rule", "bag_limit=5",
                 "--rule", "bag_penalty=200"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["bag_charge"] == 40
    house = rules_for("two-player", bag_limit=5, bag_penalty=200)
    direct = run_arena(house, "medium", "random", 3, 0, progress=None)
    assert report["points_per_hand_bags_charged"] == direct["points_per_hand_bags_charged"]


def test_cli_arena_plays_under_house_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """The boards match a direct run under the same house rules, and differ from a run
    under the preset's."""
    assert main(["arena", "--a", "medium", "--b", "medium", "--hands", "3", "--json",
                 "--rule", "blind_nil_deficit=100", "--rule", "lead_spades_anytime=true"]) == 0
    report = json.loads(capsys.readouterr().out)
    house = rules_for("partnership", blind_nil_deficit=100, lead_spades_anytime=True)
    direct = run_arena(house, "medium", "medium", 3, 0, progress=None)
    assert _without_times(report) == _without_times(direct)
    assert _without_times(report) != _without_times(
        run_arena(rules_for("partnership"), "medium", "medium", 3, 0, progress=None))


@pytest.mark.parametrize("args, message", [
    (["--a", "medium", "--b", "random", "--hands", "2", "--rule", "nil"], "expected NAME=VALUE"),
    (["--a", "medium", "--b", "random", "--hands", "2", "--rule", "nil=maybe"],
     "whole number, true, false or none"),
    (["--a", "medium", "--b", "random", "--hands", "2", "--rule", "colour=1"],
     "unknown rule option"),
    (["--a", "medium", "--b", "random", "--hands", "2", "--rule", "bag_limit=-1"],
     "bag_limit must be from 0"),
    (["--a", "medium", "--b", "random", "--hands", "2", "--rule", "bag_penalty=-100"],
     "bag_penalty must be from 0"),
    (["--a", "medium", "--b", "random", "--hands", "0"], "at least 1"),
    (["--a", "medium", "--b", "random", "--matches", "0"], "at least 1"),
    (["--a", "medium", "--b", "random", "--hands", "2", "--workers", "0"], "at least 1"),
    (["--a", "nobody", "--b", "random", "--hands", "2"], "unknown bot"),
    (["--a", "medium", "--b", "hard:samples", "--hands", "2"], "bad bot parameter"),
    (["--a", "medium", "--b", "random:depth=3", "--hands", "2"], "bad parameters"),
])
def test_cli_arena_bad_values_exit_2(args: list[str], message: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


@pytest.mark.parametrize("args", [
    ["--b", "random", "--hands", "2"],
    ["--a", "medium", "--hands", "2"],
    ["--a", "medium", "--b", "random"],
    ["--a", "medium", "--b", "random", "--hands", "2", "--matches", "2"],
    ["--a", "medium", "--b", "random", "--hands", "two"],
    ["--a", "medium", "--b", "random", "--hands", "2", "--variant", "bridge"],
])
def test_cli_arena_bad_arguments_exit_2(args: list[str],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["arena", *args])
    assert exit_info.value.code == 2
    assert "spades arena: " in capsys.readouterr().err
