"""The arena on Ray (``spades arena --ray``): a Ray head on 127.0.0.1 plays the same report
as ``--workers 1``, outside programs included; without Ray, one line says what to install."""

from __future__ import annotations

import importlib.util
import json
import os
import shlex
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spades.arena import run_arena
from spades.cli import main
from spades.cluster import RAY_NEEDED
from spades.rules import rules_for
from tests.test_arena import _without_times

ROOT = Path(__file__).resolve().parent.parent
HAS_RAY = importlib.util.find_spec("ray") is not None
needs_ray = pytest.mark.skipif(not HAS_RAY, reason="ray is not installed (extra cluster)")
BOARDS = ["--variant", "two-player", "--hands", "4", "--seed", "5"]


def test_without_ray_one_line_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    assert main(["arena", "--a", "medium", "--b", "easy", *BOARDS, "--ray", "local"]) == 2
    err = capsys.readouterr().err
    assert err == f"spades arena: {RAY_NEEDED}\n"


def test_ray_and_workers_go_apart(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["arena", "--a", "medium", "--b", "easy", *BOARDS, "--ray", "local",
              "--workers", "2"])
    assert exit_info.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def _ray_env(temp: Path) -> dict[str, str]:
    """Ray on the loopback only, its files (and any temporary file) in ``temp``, no usage
    report, no token file."""
    return {**os.environ, "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_TMPDIR": str(temp),
            "TMPDIR": str(temp),
            "RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "disabled"}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def ray_head(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A Ray head on 127.0.0.1 (2 CPUs, no dashboard, a small object store), started from
    a directory of its own; its address and the temporary directory it writes in."""
    temp = tmp_path_factory.mktemp("r")  # a short path: Ray's sockets are below it
    (temp / "head").mkdir()
    port = _free_port()
    ray_command = shutil.which("ray", path=str(Path(sys.executable).parent)) or "ray"
    log = (temp / "head.log").open("w")
    head = subprocess.Popen(
        [ray_command, "start", "--head", "--block", "--node-ip-address=127.0.0.1",
         f"--port={port}", "--include-dashboard=false", f"--temp-dir={temp}",
         "--object-store-memory=80000000", "--num-cpus=2", "--disable-usage-stats"],
        cwd=temp / "head", env=_ray_env(temp), stdout=log, stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not (temp / "ray_current_cluster").exists():
            assert head.poll() is None, (temp / "head.log").read_text()
            assert time.monotonic() < deadline, "the Ray head did not start in 60 s"
            time.sleep(0.2)
        yield f"127.0.0.1:{port}", temp
    finally:
        head.terminate()  # ray start --block stops the processes it started
        try:
            head.wait(30)
        except subprocess.TimeoutExpired:
            head.kill()
            head.wait()
        log.close()


def _arena(args: list[str], cwd: Path, temp: Path) -> tuple[dict[str, Any], str]:
    """``spades arena ARGS --json`` in a process of its own: the report and stderr."""
    done = subprocess.run([sys.executable, "-m", "spades.cli", "arena", *args, "--json"],
                          cwd=cwd, env=_ray_env(temp), capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout), done.stderr


@needs_ray
def test_a_ray_cluster_plays_the_report_of_one_worker(
        ray_head: tuple[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An outside program named by a path relative to the arena's directory, which the
    head's workers do not start in, plays on the cluster as it does here."""
    address, temp = ray_head
    shutil.copy(ROOT / "examples" / "first_legal_bot.py", tmp_path / "bot.py")
    program = f"cmd:{shlex.quote(sys.executable)} bot.py"
    report, _ = _arena(["--a", "medium", "--b", program, *BOARDS, "--ray", address],
                       tmp_path, temp)
    monkeypatch.chdir(tmp_path)
    local = run_arena(rules_for("two-player"), "medium", program, 4, 5, workers=1)
    assert _without_times(report) == _without_times(local)
    assert report["bots"]["b"]["problems"] == 0 and report["bots"]["b"]["decisions"] > 0


@needs_ray
def test_a_local_ray_runtime_plays_the_report_of_one_worker(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    temp = tmp_path_factory.mktemp("r")  # a short path: Ray's sockets are below it
    report, err = _arena(["--a", "medium", "--b", "easy", *BOARDS, "--ray", "local"],
                         temp, temp)
    local = run_arena(rules_for("two-player"), "medium", "easy", 4, 5, workers=1)
    assert _without_times(report) == _without_times(local)
    assert " 4/4 " in err  # the progress bar
    assert any(temp.iterdir())  # the runtime's files went to its temporary directory


@needs_ray
def test_an_address_where_no_cluster_answers_is_one_line_at_once(
        capsys: pytest.CaptureFixture[str]) -> None:
    address = f"127.0.0.1:{_free_port()}"  # closed again: nothing listens there
    assert main(["arena", "--a", "medium", "--b", "easy", *BOARDS, "--ray", address]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"spades arena: no Ray cluster answers at {address}: ")
    assert err.count("\n") == 1
