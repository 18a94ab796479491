"""`spades play` in a real terminal: tmux runs it, sends keys and reads the screen."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
SPADES = str(Path(sys.executable).with_name("spades"))
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (.ci/run installs it)")


def tmux(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([TMUX or "tmux", *args], capture_output=True, text=True, timeout=10)


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[tuple[str, dict[str, str], Path]]:
    """A tmux session name, an environment whose user directories are in ``tmp_path``."""
    name = f"spades-test-{os.getpid()}"
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "TERM": "xterm-256color"}
    yield name, env, tmp_path / "data" / "spades" / "saved-game.json"
    tmux("kill-session", "-t", name)


def start(name: str, env: dict[str, str], *args: str) -> None:
    command = " ".join([SPADES, "play", *args])
    subprocess.run([TMUX or "tmux", "new-session", "-d", "-s", name, "-x", "80", "-y", "24",
                    command], env=env, check=True, timeout=10)


def screen(name: str) -> str:
    return tmux("capture-pane", "-p", "-t", name).stdout


def wait_for_text(name: str, text: str, seconds: float = 60) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        shown = screen(name)
        if text in shown:
            return shown
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never appeared; the screen:\n{screen(name)}")


def wait_for_exit(name: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while tmux("has-session", "-t", name).returncode == 0:
        assert time.monotonic() < deadline, f"spades play did not quit:\n{screen(name)}"
        time.sleep(0.2)


def test_play_draft_quit_and_resume_in_a_real_terminal(terminal) -> None:
    name, env, save = terminal
    start(name, env, "--variant", "two-player-300", "--seed", "7")
    shown = wait_for_text(name, "Keep (k)")
    assert "Draft" in shown and "to 300" in shown
    assert all(len(line) <= 80 for line in shown.splitlines())
    tmux("send-keys", "-t", name, "k")
    wait_for_text(name, "You kept")
    shown = wait_for_text(name, "Keep (k)")  # the computer drew, and it is our turn again
    stock = next(line.strip() for line in shown.splitlines() if "cards left" in line)
    tmux("send-keys", "-t", name, "q")
    wait_for_exit(name)
    actions = json.loads(save.read_text())["actions"]
    assert actions[0] == [0, "keep"] and len(actions) >= 2

    start(name, env, "--resume")
    shown = wait_for_text(name, "Keep (k)")
    assert stock in shown  # the same place in the same draft
    tmux("send-keys", "-t", name, "q")
    wait_for_exit(name)
    assert json.loads(save.read_text())["actions"] == actions
