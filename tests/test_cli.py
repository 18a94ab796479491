"""The ``spades`` command: simulate, replay, bench; and its errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from spades import RecordError
from spades import record as rec
from spades.cli import main

SUMMARY_KEYS = {"variant", "games", "hands", "wins", "mean_scores", "seconds"}
VARIANTS = ("two-player", "two-player-300", "partnership")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command; its exit code (returned or raised by argparse), stdout and stderr."""
    try:
        code = main(list(argv))
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def summary(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, "simulate", "--json", *argv)
    assert code == 0, err
    assert err == ""
    assert out.count("\n") == 1
    return json.loads(out)


def one_line_error(err: str) -> str:
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("spades")
    return err.strip()


# ------------------------------------------------------------------ simulate


@pytest.mark.parametrize("variant", VARIANTS)
def test_simulate_json_has_the_documented_keys(
        capsys: pytest.CaptureFixture[str], variant: str) -> None:
    data = summary(capsys, "--variant", variant, "--games", "3", "--max-hands", "4",
                   "--seed", "5")
    assert set(data) == SUMMARY_KEYS
    assert data["variant"] == variant
    assert data["games"] == 3
    assert isinstance(data["hands"], int) and 3 <= data["hands"] <= 12
    assert len(data["wins"]) == 2 and sum(data["wins"]) <= 3
    assert all(isinstance(w, int) and w >= 0 for w in data["wins"])
    assert len(data["mean_scores"]) == 2
    assert all(isinstance(s, int | float) for s in data["mean_scores"])
    assert isinstance(data["seconds"], int | float) and data["seconds"] >= 0


def test_simulate_is_repeatable(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = ("--variant", "partnership", "--games", "3", "--max-hands", "5", "--seed", "11")
    first = summary(capsys, *args, "--records", str(tmp_path / "a"))
    second = summary(capsys, *args, "--records", str(tmp_path / "b"))
    first.pop("seconds"), second.pop("seconds")
    assert first == second
    for n in (1, 2, 3):
        a = (tmp_path / "a" / f"game-{n}.json").read_text()
        assert a == (tmp_path / "b" / f"game-{n}.json").read_text()
    other = summary(capsys, "--variant", "partnership", "--games", "3", "--max-hands", "5",
                    "--seed", "12", "--records", str(tmp_path / "c"))
    assert (tmp_path / "c" / "game-1.json").read_text() != (
        tmp_path / "a" / "game-1.json").read_text()
    assert other["games"] == 3


def test_simulate_text_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--variant", "two-player", "--games", "2",
                         "--max-hands", "2", "--seed", "1")
    assert code == 0 and err == ""
    assert out.startswith("two-player: 2 games, ")
    assert "seat 0:" in out and "seat 1:" in out


def _hand_blocks(text: str) -> list[list[str]]:
    blocks: list[list[str]] = []
    for line in text.splitlines():
        if re.match(r"^Hand \d+ \(", line):
            blocks.append([line])
        elif blocks:
            blocks[-1].append(line)
    return blocks


def check_replay_output(out: str, document: dict[str, Any]) -> None:
    """The replay prints each hand's holdings, bids and tricks as the record has them."""
    names = [f"{seat}:{name}" for seat, name in enumerate(document["players"])]
    blocks = _hand_blocks(out)
    assert len(blocks) == len(document["hands"])
    for block, hand in zip(blocks, document["hands"], strict=True):
        assert block[0].startswith(f"Hand {hand['number']} (")
        for seat, held in enumerate(hand["holdings"]):
            line = next(ln for ln in block if ln.strip().startswith(f"{names[seat]}: "))
            assert set(line.split(": ", 1)[1].split()) == set(held)
        if hand["bids"]:
            bids = ", ".join(f"{names[b['seat']]} {'nil' if b['bid'] == 0 else b['bid']}"
                             for b in hand["bids"])
            assert f"  bids: {bids}" in block
        tricks = [ln for ln in block if re.match(r"^  trick +\d+: ", ln)]
        assert len(tricks) == len(hand["tricks"])
        for line, trick in zip(tricks, hand["tricks"], strict=True):
            taker = "…" if trick["winner"] is None else names[trick["winner"]]
            assert line.endswith(
                f"{names[trick['leader']]} leads {' '.join(trick['cards'])} → {taker}")


@pytest.mark.parametrize("variant", VARIANTS)
def test_records_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                        variant: str) -> None:
    bots = "random,random" if variant != "partnership" else "random,random,random,random"
    data = summary(capsys, "--variant", variant, "--bots", bots, "--games", "2",
                   "--max-hands", "3", "--seed", "2", "--records", str(tmp_path))
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["game-1.json", "game-2.json"]
    hands = 0
    for name in files:
        path = tmp_path / name
        document = json.loads(path.read_text())
        assert document["format"] == "spades-record" and document["variant"] == variant
        assert document["players"] == bots.split(",")
        hands += sum("result" in h for h in document["hands"])
        code, out, err = run(capsys, "replay", str(path))
        assert code == 0, err
        assert err == ""
        assert out.startswith(f"{variant}: 0:random, 1:random")
        check_replay_output(out, document)
        assert ("Winner:" in out) == (document["winner"] is not None)
        game = rec.loads(path.read_text())
        assert game.scores == document["scores"]
    assert hands == data["hands"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_max_hands_one_gives_unfinished_records(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path, variant: str) -> None:
    data = summary(capsys, "--variant", variant, "--games", "3", "--max-hands", "1",
                   "--seed", "4", "--records", str(tmp_path))
    assert data["hands"] == 3 and data["wins"] == [0, 0]
    for n in (1, 2, 3):
        path = tmp_path / f"game-{n}.json"
        document = json.loads(path.read_text())
        assert document["winner"] is None
        assert "result" in document["hands"][0]
        assert all("result" not in h for h in document["hands"][1:])
        assert document["scores"] == document["hands"][0]["result"]["scores"]
        code, out, err = run(capsys, "replay", str(path))
        assert code == 0 and err == ""
        assert f"Unfinished; scores {document['scores']}" in out
        check_replay_output(out, document)


def test_verbose_prints_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--variant", "two-player-300", "--games", "2",
                         "--max-hands", "2", "--seed", "3", "--verbose")
    assert code == 0 and err == ""
    assert out.count("two-player-300: 0:random, 1:random") == 2
    assert len(_hand_blocks(out)) >= 4


# ------------------------------------------------------------------ replay errors


def _tampered(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """A good record from the command, to spoil."""
    summary(capsys, "--variant", "partnership", "--games", "1", "--max-hands", "2",
            "--seed", "8", "--records", str(tmp_path))
    return json.loads((tmp_path / "game-1.json").read_text())


def test_replay_of_a_tampered_record_exits_1(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    document = _tampered(tmp_path, capsys)
    trick = document["hands"][0]["tricks"][4]
    real = trick["winner"]
    trick["winner"] = (real + 1) % 4
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document))
    code, out, err = run(capsys, "replay", str(bad))
    assert code == 1
    assert out == ""
    assert "Traceback" not in err and err.count("\n") == 1
    assert err == (f"{bad}: hand 1, trick 5: the winner is {real}, "
                   f"the record says {(real + 1) % 4}\n")
    with pytest.raises(RecordError):
        rec.loads(bad.read_text())


def test_replay_of_a_wrong_score_and_of_non_json(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    document = _tampered(tmp_path, capsys)
    document["scores"] = [999, 0]
    bad = tmp_path / "score.json"
    bad.write_text(json.dumps(document))
    code, out, err = run(capsys, "replay", str(bad))
    assert code == 1 and out == ""
    assert err.startswith(f"{bad}: the scores are ") and "[999, 0]" in err
    junk = tmp_path / "junk.json"
    junk.write_text("this is not a record")
    code, out, err = run(capsys, "replay", str(junk))
    assert code == 1 and out == ""
    assert err.startswith(f"{junk}: not JSON")


@pytest.mark.parametrize(("content", "message"), [
    (bytes(range(256)), "not UTF-8 text: byte 0x80 at offset 128"),
    ("utf-16", "not UTF-8 text: byte 0xff at offset 0"),
    (b"[" * 100_000 + b"]" * 100_000, "not a record: JSON nested too deeply"),
    (b'{"format": "spades-record", "version": ' + b"9" * 5000 + b"}",
     "not a record: a number of 5000 digits"),
    ("holdings", "hand 1: 'holdings' must be a list, got 1"),
    ("variant", "unknown variant {'a': 1}; valid: two-player, two-player-300, partnership"),
])
@pytest.mark.parametrize("command", ["replay", "analyze"])
def test_a_file_that_is_not_a_record_exits_1_with_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str,
        content: bytes | str, message: str) -> None:
    if isinstance(content, str):
        document = _tampered(tmp_path, capsys)
        if content == "holdings":
            document["hands"][0]["holdings"] = 1
        elif content == "variant":
            document["variant"] = {"a": 1}
        text = json.dumps(document)
        content = text.encode("utf-16") if content == "utf-16" else text.encode()
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    code, out, err = run(capsys, command, str(bad))
    assert (code, out) == (1, "")
    assert err == f"{bad}: {message}\n"


def test_analyze_of_a_hand_the_record_lacks_exits_2(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    document = _tampered(tmp_path, capsys)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document))
    count = len(document["hands"])
    for hand, message in (("999", f"no hand 999: the record has {count} hands"),
                          ("0", "no hand 0: hands are numbered from 1")):
        code, out, err = run(capsys, "analyze", str(path), "--hand", hand)
        assert (code, out) == (2, "")
        assert one_line_error(err) == f"spades analyze: {message}"
    code, _, err = run(capsys, "analyze", str(path), "--tricks-left", "14")
    assert code == 2 and "tricks left must be 0..13, not 14" in one_line_error(err)


@pytest.mark.parametrize("command", [["simulate"], ["arena", "--a", "random", "--b", "random",
                                                    "--hands", "1"]])
def test_records_into_a_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                     command: list[str]) -> None:
    existing = tmp_path / "taken"
    existing.write_text("not a directory")
    code, out, err = run(capsys, *command, "--records", str(existing))
    assert (code, out) == (2, "")
    assert one_line_error(err).endswith(f"cannot make the directory {existing}: File exists")
    assert existing.read_text() == "not a directory"


def test_bench_refuses_a_measurement_that_never_ends() -> None:
    from spades import SpadesError, bench

    for seconds in (float("nan"), float("inf"), 0, -1.0, 1e9, 10**400, True, "3"):
        with pytest.raises(SpadesError, match="must be above 0 and at most 3600"):
            bench.run(seconds, 0)  # type: ignore[arg-type]
    for rounds in (0, -1, 1001, 2.5, True, None):
        with pytest.raises(SpadesError, match="rounds must be a whole number from 1 to 1000"):
            bench.run(1.0, 0, rounds)  # type: ignore[arg-type]


# ------------------------------------------------------------------ bad arguments


@pytest.mark.parametrize(("argv", "words"), [
    (["simulate", "--bots", "genius"], "unknown bot 'genius'"),
    (["simulate", "--variant", "three-player"], "invalid choice: 'three-player'"),
    (["simulate", "--variant", "two-player", "--bots", "random,random,random"],
     "--bots needs one name or 2 names, got 3"),
    (["simulate", "--bots", "random,random"], "--bots needs one name or 4 names, got 2"),
    (["simulate", "--games", "x"], "invalid int value: 'x'"),
    (["simulate", "--seed", "1.5"], "invalid int value: '1.5'"),
    (["simulate", "--max-hands", "many"], "invalid int value: 'many'"),
    (["simulate", "--games", "0"], "at least 1"),
    (["simulate", "--frobnicate"], "unrecognized arguments: --frobnicate"),
    (["replay", "/nonexistent/game-1.json"], "cannot read /nonexistent/game-1.json"),
    (["replay"], "required: file"),
    (["bench", "--seconds", "soon"], "not a number of seconds: 'soon'"),
    (["bench", "--seconds", "nan"], "seconds must be finite and at least 0, not 'nan'"),
    (["bench", "--seconds", "inf"], "seconds must be finite and at least 0, not 'inf'"),
    (["bench", "--seconds", "0"], "must be above 0 and at most 3600, not 0.0"),
    (["bench", "--seconds", "-0.5"], "seconds must be finite and at least 0, not '-0.5'"),
    (["bench", "--seconds", "1e9"], "must be above 0 and at most 3600, not 1000000000.0"),
    (["bench", "--seconds", "9" * 400], "seconds must be finite and at least 0, not '999"),
    (["bench", "--rounds", "0"], "the rounds must be a whole number from 1 to 1000, not 0"),
    (["bench", "--rounds", "-3"], "the rounds must be a whole number from 1 to 1000, not -3"),
    (["bench", "--rounds", "9" * 30], "the rounds must be a whole number from 1 to 1000"),
    (["bench", "--rounds", "nan"], "invalid int value: 'nan'"),
    (["bench", "--rounds", "2.5"], "invalid int value: '2.5'"),
    (["serve", "--port", "99999"], "port 99999 is not in 0..65535"),
    (["serve", "--port", "http"], "not a port number: 'http'"),
    (["serve", "--away", "-1"], "seconds must be finite and at least 0, not '-1'"),
    (["serve", "--workers", "2"], "--workers 2 needs a PostgreSQL store (--db postgresql://"),
    (["serve", "--workers", "3", "--db", "games.sqlite"], "a SQLite store serves one process"),
    (["serve", "--workers", "0"], "--workers must be at least 1"),
    (["serve", "--idle-seconds", "5"], "--idle-seconds: must be from 60 to 31,622,400, not 5"),
    (["serve", "--turn-seconds", "nan"], "--turn-seconds: must be from 0 to 600, not nan"),
    (["serve", "--create-every", "0"], "--create-every: must be from 0.01 to 3,600, not 0"),
    (["serve", "--create-burst", "2.5"], "--create-burst: not a whole number: '2.5'"),
    (["serve", "--computer-tables", "-1"], "--computer-tables: must be from 0 to 1,000, not -1"),
    (["serve", "--unwatched-seconds", "soon"], "--unwatched-seconds: not a number: 'soon'"),
    (["serve", "--workers", "2", "--db", "postgresql://spades@127.0.0.1:1/spades"],
     "cannot connect to PostgreSQL"),
    (["simulate", "--rule", "nil_points=-5"], "nil_points must be from 0 to 1000000, not -5"),
    (["simulate", "--rule", "variant=1"], "unknown rule option 'variant'"),
    (["simulate", "--variant", "two-player", "--rule", "first_drawer_bids_first=true"],
     "first_drawer_bids_first is False in 'two-player', not True"),
    (["fly"], "invalid choice: 'fly'"),
    ([], "required: command"),
])
def test_bad_arguments_exit_2_with_one_line(capsys: pytest.CaptureFixture[str],
                                            argv: list[str], words: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert words in one_line_error(err)


def test_serve_flags_reach_the_server_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    import spades.server.serve

    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(spades.server.serve, "serve", lambda *args: calls.append(args))
    assert main(["serve", "--turn-seconds", "15", "--create-burst", "2",
                 "--idle-seconds", "3600"]) == 0
    limits = calls[0][-1]
    assert limits == {**limits, "turn_seconds": 15.0, "create_burst": 2, "idle_seconds": 3600.0,
                      "unwatched_seconds": 30.0, "computer_tables": 2}
    assert type(limits["create_burst"]) is int


# ------------------------------------------------------------------ bench and the program


BENCH_VARIANTS = (*VARIANTS, "partnership-no-blind-nil")
PEER_KEYS = {"openspiel_hands_per_s", "openspiel_shuffled_hands_per_s", "ratio",
             "ratio_quartiles", "ratio_range", "shuffled_ratio", "shuffled_ratio_quartiles",
             "shuffled_ratio_range"}


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "bench", "--seconds", "0.3", "--rounds", "3", "--json")
    assert code == 0 and err == ""
    report = json.loads(out)
    assert set(report) == set(BENCH_VARIANTS)
    for variant in BENCH_VARIANTS:
        figures = report[variant]
        assert isinstance(figures["hands_per_s"], int | float)
        assert figures["hands_per_s"] > 0
        assert figures["rounds"] == 3
        assert (set(figures) >= PEER_KEYS) == variant.startswith("partnership")
    for variant in ("partnership", "partnership-no-blind-nil"):
        peer = report[variant]
        try:
            import pyspiel  # noqa: F401
        except ImportError:
            assert all(peer[key] is None for key in PEER_KEYS)
            continue
        assert peer["openspiel_hands_per_s"] > 0 and peer["openspiel_shuffled_hands_per_s"] > 0
        for key in ("ratio", "shuffled_ratio"):
            low, high = peer[f"{key}_range"]
            q1, q3 = peer[f"{key}_quartiles"]
            assert 0 < low <= q1 <= peer[key] <= q3 <= high


def test_bench_text_has_a_line_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "bench", "--seconds", "0.1", "--rounds", "1")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert [line.split(":")[0].strip() for line in lines[:-1]] == list(BENCH_VARIANTS)
    assert lines[-1].startswith("(medians of 1 alternating rounds")
    for line in lines[:2]:
        assert "OpenSpiel" not in line
    for line in lines[2:4]:
        assert "OpenSpiel" in line


def test_bench_alternates_the_loops_and_pairs_the_ratios(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Rounds run every loop once, in turn, every other round backwards; a ratio is the
    median of the rounds' own ratios (no clock: the measurements are made up)."""
    from spades import bench

    ran: list[str] = []
    rates = {"partnership": [1.0, 4.0, 2.0, 8.0], "openspiel": [2.0, 2.0, 8.0, 2.0],
             "openspiel shuffled": [4.0, 4.0, 4.0, 4.0]}

    def loop(name: str) -> bench.Loop:
        def play() -> int:
            ran.append(name)
            return 1
        return play

    def engine_loop(rules: Any, seed: int) -> bench.Loop:
        twin = rules.variant == "partnership" and not rules.blind_nil
        return loop("partnership-no-blind-nil" if twin else rules.variant)

    def openspiel_loop(seed: int, shuffled: bool = False) -> bench.Loop:
        return loop("openspiel shuffled" if shuffled else "openspiel")

    def per_second(play: bench.Loop, seconds: float) -> float:
        play()
        assert seconds == pytest.approx(0.5)
        name = ran[-1]
        return rates.get(name, [1.0] * 4)[sum(n == name for n in ran) - 2]

    monkeypatch.setattr(bench, "engine_loop", engine_loop)
    monkeypatch.setattr(bench, "openspiel_loop", openspiel_loop)
    monkeypatch.setattr(bench, "_per_second", per_second)
    report = bench.run(2.0, 0, rounds=4)
    order = ["partnership", "openspiel", "openspiel shuffled", "partnership-no-blind-nil",
             "two-player", "two-player-300"]
    warm_up = sorted(ran[:6])
    assert warm_up == sorted(order)
    assert ran[6:] == order + order[::-1] + order + order[::-1]
    ours = report["partnership"]
    assert ours["hands_per_s"] == 3.0  # the median of 1, 4, 2, 8
    assert ours["openspiel_hands_per_s"] == 2.0
    assert ours["ratio"] == 1.25  # the median of 0.5, 2, 0.25, 4 (not 3 / 2)
    assert ours["ratio_range"] == [0.25, 4.0]
    assert ours["shuffled_ratio"] == 0.75  # the median of 0.25, 1, 0.5, 2
    assert report["two-player"] == {"hands_per_s": 1.0, "rounds": 4}


def test_the_program_runs_as_a_module() -> None:
    done = subprocess.run([sys.executable, "-m", "spades.cli", "--help"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    for command in ("simulate", "replay", "bench"):
        assert command in done.stdout
    bad = subprocess.run([sys.executable, "-m", "spades.cli", "simulate", "--bots", "nobody"],
                         capture_output=True, text=True, timeout=60, check=False)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and "unknown bot 'nobody'" in bad.stderr


def test_play_passes_its_house_rules_to_the_terminal_game(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import spades.tui

    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    monkeypatch.setattr(spades.tui, "play", lambda *args, **kwargs: calls.append((args, kwargs)))
    code, _, err = run(capsys, "play", "--variant", "partnership", "--blind-nil-deficit", "100")
    assert code == 0, err
    assert calls[0][1] == {"blind_nil_deficit": 100}
    code, _, err = run(capsys, "play", "--target", "300")
    assert code == 0 and calls[1][1] == {"target": 300}


def test_simulate_under_house_rules(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "records"
    summary(capsys, "--variant", "partnership", "--bots", "medium", "--rule", "target=120",
            "--records", str(out))
    doc = json.loads((out / "game-1.json").read_text())
    assert doc["rules"]["target"] == 120
    code, _, err = run(capsys, "simulate", "--rule", "target=high")
    assert code == 2 and "bad --rule 'target=high'" in err


def test_python_dash_m_spades_is_the_spades_command(tmp_path: Path) -> None:
    """``python -m spades`` runs the same command as ``spades``, exit code included."""
    root = Path(__file__).resolve().parent.parent
    run = subprocess.run([sys.executable, "-m", "spades", "simulate", "--games", "1",
                          "--seed", "3", "--json"], capture_output=True, text=True,
                         cwd=tmp_path, env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert "games" in json.loads(run.stdout)
    wrong = subprocess.run([sys.executable, "-m", "spades", "simulate", "--games", "x"],
                           capture_output=True, text=True, cwd=tmp_path,
                           env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"}, timeout=120)
    assert wrong.returncode == 2 and "--games" in wrong.stderr


def test_train_writes_data_and_weights_and_refuses_bad_input(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data, weights = tmp_path / "data.npz", tmp_path / "weights.npz"
    code, out, _ = run(capsys, "train", "data", "--games", "2", "--rate", "0.5", "--seed", "3",
                       "--out", str(data))
    assert code == 0 and json.loads(out)["bytes"] == data.stat().st_size
    code, out, _ = run(capsys, "train", "fit", str(data), "--out", str(weights), "--epochs", "1",
                       "--hidden", "2")
    assert code == 0 and weights.exists() and "uniform_loss" in json.loads(out)["2"]
    for argv, message in (
            (("data", "--games", "0", "--out", str(data)), "--games must be at least 1"),
            (("data", "--bots", "psychic", "--out", str(data)), "unknown bot 'psychic'"),
            (("data", "--out", str(tmp_path / "no" / "x.npz")), "cannot write"),
            (("fit", str(tmp_path / "missing.npz")), "No such file")):
        code, _, err = run(capsys, "train", *argv)
        assert code == 2 and message in one_line_error(err), argv
