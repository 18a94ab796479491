"""`spades play` in a real terminal: tmux runs it, sends keys and reads the screen.

Each test runs its own tmux server on a socket in its temporary directory (``-S``), so
no running tmux server is ever used, and passes the environment into the session
itself: HOME and the XDG directories point into the temporary directory. A test fails
if the game wrote to the real user's spades directories.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from platformdirs import user_config_dir, user_data_dir

TMUX = shutil.which("tmux")
SPADES = str(Path(sys.executable).with_name("spades"))
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (.ci/run installs it)")
SESSION = "spades"


def tree_digest(directory: Path) -> str:
    """Every file's path and content under ``directory``, hashed (missing: empty)."""
    digest = hashlib.sha256()
    if directory.is_dir():
        for path in sorted(directory.rglob("*")):
            digest.update(str(path).encode())
            if path.is_file():
                digest.update(path.read_bytes())
    return digest.hexdigest()


@dataclass
class Terminal:
    """A private tmux server and the environment of the game it runs."""

    socket: Path
    env: dict[str, str]
    games: Path  # the folder of saved games, a file each

    def tmux(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([TMUX or "tmux", "-S", str(self.socket), *args],
                              capture_output=True, text=True, timeout=10, env=self.env)

    def start(self, *args: str, size: tuple[int, int] = (80, 24)) -> None:
        """Run ``spades play ARGS`` in a new session (the last one ended or is killed)."""
        self.tmux("kill-session", "-t", SESSION)
        options = [f"-e{key}={value}" for key, value in self.env.items()
                   if key in ("HOME", "TMPDIR", "PYTHONPATH") or key.startswith("XDG_")]
        done = self.tmux("-f", str(self.socket.with_name("tmux.conf")), "new-session", "-d",
                         "-s", SESSION, "-x", str(size[0]), "-y", str(size[1]), *options,
                         " ".join([SPADES, "play", *args]))
        assert done.returncode == 0, done.stderr

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", SESSION, *keys)

    def screen(self) -> str:
        """The pane's text and the lines just above it, lines the terminal wrapped joined."""
        return self.tmux("capture-pane", "-p", "-J", "-S", "-20", "-t", SESSION).stdout

    def wait_for(self, text: str, seconds: float = 60) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            shown = self.screen()
            if text in shown:
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; the screen:\n{self.screen()}")

    def wait_for_exit(self, seconds: float = 20) -> str:
        """Wait until the game has left; its last words stay on the (dead) pane."""
        deadline = time.monotonic() + seconds
        while self.tmux("display", "-p", "-t", SESSION, "#{pane_dead}").stdout.strip() != "1":
            assert time.monotonic() < deadline, f"spades play did not quit:\n{self.screen()}"
            time.sleep(0.1)
        return self.screen()

    def quit(self) -> str:
        """Quit through the confirmation; the line said on leaving."""
        self.keys("x")
        self.wait_for("Quit?")
        self.keys("y")
        return self.wait_for_exit()

    def resize(self, columns: int, rows: int) -> None:
        self.tmux("resize-window", "-t", SESSION, "-x", str(columns), "-y", str(rows))

    def saves(self) -> list[Path]:
        """The saved games' files, newest first."""
        files = [path for path in self.games.glob("*.json") if path.stat().st_size]
        return sorted(files, key=lambda path: path.stat().st_mtime, reverse=True)

    def actions(self, path: Path | None = None) -> list[list[object]]:
        """The actions saved in ``path`` (default: the newest saved game), each [seat, text]."""
        events = json.loads((path or self.saves()[0]).read_text())["events"]
        return [[event["seat"], event["action"]] for event in events]


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    """A private tmux server whose game keeps its files in ``tmp_path``; afterwards the
    real user's spades directories must be as they were."""
    real = [Path(user_config_dir("spades")), Path(user_data_dir("spades"))]
    before = [tree_digest(d) for d in real]
    socket = tmp_path / "tmux.sock"
    assert len(str(socket)) < 100, "a unix socket path must be short"
    # the server stays up between games: a new session never meets a server shutting down
    (tmp_path / "tmux.conf").write_text("set -g remain-on-exit on\nset -s exit-empty off\n")
    (tmp_path / "tmp").mkdir()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color",
           "LANG": "C.UTF-8", "HOME": str(tmp_path), "TMPDIR": str(tmp_path / "tmp"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_CACHE_HOME": str(tmp_path / "cache"), "XDG_STATE_HOME": str(tmp_path / "state"),
           "XDG_RUNTIME_DIR": str(tmp_path / "tmp")}
    if "PYTHONPATH" in os.environ:  # the game under test, when not the installed one
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    term = Terminal(socket, env, tmp_path / "data" / "spades" / "games")
    try:
        yield term
    finally:
        term.tmux("kill-server")
    assert [tree_digest(d) for d in real] == before, "the game wrote to the real home"


def test_save_quit_the_resume_offer_and_resume_in_a_real_terminal(terminal: Terminal) -> None:
    terminal.start("--variant", "two-player-300", "--seed", "7")
    shown = terminal.wait_for("Keep (k)")
    assert "Draft" in shown and "to 300" in shown
    assert all(len(line) <= 80 for line in shown.splitlines())
    terminal.keys("k")
    terminal.wait_for("You kept")
    shown = terminal.wait_for("Keep (k)")  # the computer drew, and it is our turn again
    stock = next(line.split("▏")[0].strip() for line in shown.splitlines()
                 if "cards left" in line)
    said = terminal.quit()
    [save] = terminal.saves()
    assert (f"Your game is saved in {save}; `spades play --variant two-player-300 --resume` "
            "continues it.") in said.replace("\n", "")
    actions = terminal.actions()
    assert actions[0] == [0, "keep"] and len(actions) >= 2

    terminal.start("--seed", "5")  # a new game: the saved one is offered first
    terminal.wait_for("Saved games")
    terminal.keys("n")
    shown = terminal.wait_for("Keep (k)")
    assert stock not in shown
    said = terminal.quit()
    assert "your saved game is kept" in said and terminal.actions() == actions

    terminal.start()
    assert "two-player-300 · You against the medium computer, to 300" in terminal.wait_for(
        "Saved games")
    terminal.keys("Enter")  # no variant asked for: the newest game
    assert stock in terminal.wait_for("Keep (k)")  # the same place in the same draft
    terminal.quit()
    assert terminal.saves() == [save] and terminal.actions() == actions

    terminal.start("--resume")
    assert stock in terminal.wait_for("Keep (k)")
    terminal.quit()
    assert terminal.actions() == actions


def test_the_issues_play_through_in_a_real_terminal(terminal: Terminal) -> None:
    """Enter at every prompt declares nothing; undo after the computer's bid is refused;
    at 70x20 typed cards wait; a partnership game asked for beside a saved two-player
    game is a new one, and each resumes."""
    prefs = Path(terminal.env["XDG_CONFIG_HOME"]) / "spades" / "preferences.json"
    prefs.parent.mkdir(parents=True)
    prefs.write_text(json.dumps({"speed": "instant", "trick_pause": "until a key"}))
    terminal.start("--variant", "two-player", "--seed", "3")
    terminal.wait_for("No blind nil: see my cards")
    terminal.keys("Enter")
    pressed, deadline = "", time.monotonic() + 60
    while "Your bid" not in (shown := terminal.screen()):  # Enter keeps every card offered
        assert time.monotonic() < deadline, shown
        stock = next((line for line in shown.splitlines() if "cards left" in line), "")
        if "Keep (k)" in shown and stock != pressed:
            terminal.keys("Enter")
            pressed = stock
        time.sleep(0.1)
    assert terminal.actions()[0] == [0, "no blind nil"]
    terminal.keys("4", "Enter")
    shown = terminal.wait_for("or type a card")  # the computer bid (and may have led)
    terminal.keys("u")
    terminal.wait_for("You cannot undo: Computer has")  # bid, or played a card
    assert [0, "bid 4"] in terminal.actions()
    count = len(terminal.actions())
    card = hand_on_screen(shown)[0]
    rank, suit = card[:-1], "cdhs"["♣♦♥♠".index(card[-1])]
    terminal.resize(70, 20)
    terminal.wait_for("keys do nothing until then")
    terminal.keys(*([*rank] if rank == "10" else [rank.lower()]), suit, "Enter")
    time.sleep(0.5)
    assert len(terminal.actions()) == count
    terminal.resize(80, 24)
    terminal.wait_for("or type a card")
    assert len(terminal.actions()) == count
    terminal.quit()
    two = terminal.saves()

    terminal.start("--variant", "partnership")
    assert "Start a new partnership game" in terminal.wait_for("Saved games")
    terminal.keys("Enter")  # never the two-player game
    terminal.wait_for("No blind nil: see my cards")
    terminal.keys("Enter")
    terminal.wait_for("Your bid")
    terminal.quit()
    assert len(terminal.saves()) == 2 and terminal.saves()[1:] == two
    assert terminal.actions()[0] == [0, "no blind nil"]

    terminal.start("--variant", "two-player", "--resume")
    terminal.wait_for("Resumed your two-player game saved")
    terminal.quit()
    terminal.start("--variant", "partnership", "--resume")
    terminal.wait_for("Resumed your partnership game saved")
    terminal.quit()


def hand_on_screen(shown: str) -> list[str]:
    """The labels of the cards of the hand row (``K♠``, ``10♦``)."""
    row = next(line for line in reversed(shown.splitlines()) if line.count("│") >= 4)
    return [part.strip(" │┃") for part in row.replace("┃", "│").split("││")
            if part.strip(" │┃")]


def test_typed_cards_and_bids_in_a_real_terminal(terminal: Terminal) -> None:
    prefs = Path(terminal.env["XDG_CONFIG_HOME"]) / "spades" / "preferences.json"
    prefs.parent.mkdir(parents=True)
    prefs.write_text(json.dumps({"speed": "instant"}))
    terminal.start("--variant", "two-player-300", "--seed", "7")
    pressed, deadline = "", time.monotonic() + 60
    while "Your bid" not in (shown := terminal.screen()):  # keep every card offered
        assert time.monotonic() < deadline, shown
        stock = next((line for line in shown.splitlines() if "cards left" in line), "")
        if "Keep (k)" in shown and stock != pressed:
            terminal.keys("k")
            pressed = stock
        time.sleep(0.1)
    terminal.keys("1", "4")
    terminal.wait_for("No bid 14: bids go from nil (0) to 13.")
    terminal.keys("Enter")
    time.sleep(0.3)
    assert "Your bid" in terminal.screen() and len(terminal.actions()) == 26
    terminal.keys("3", "Enter")
    shown = terminal.wait_for("Your lead")
    hand = hand_on_screen(shown)
    assert len(hand) == 13, shown
    card = next((c for c in hand if c[-1] != "♠"), hand[0])  # spades are not broken
    rank, suit = card[:-1], "CDHS"["♣♦♥♠".index(card[-1])]
    terminal.keys("q", "Q")  # a queen's rank, never a quit
    time.sleep(0.3)
    assert "Your lead" in terminal.screen()
    missing = next(f"{r}{s}" for r in "AKQJ" for s in "♣♦♥" if f"{r}{s}" not in hand)
    terminal.keys(missing[0].lower(), "CDHS"["♣♦♥♠".index(missing[1])])
    terminal.wait_for(f"You do not hold {missing}.")
    terminal.keys("Enter")  # after a refused card, Enter plays nothing
    time.sleep(0.3)
    assert "Your lead" in terminal.screen()
    terminal.keys(*([*rank] if rank == "10" else [rank.upper()]), suit, "Enter")
    deadline = time.monotonic() + 10
    while [0, f"play {'T' if rank == '10' else rank}{suit}"] not in terminal.actions():
        assert time.monotonic() < deadline, terminal.screen()
        time.sleep(0.1)
    assert [0, "bid 3"] in terminal.actions()
    terminal.quit()
